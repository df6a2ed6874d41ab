"""The hardware edge: one Hardware object holding every part the app talks to.

    import hardware
    hw = hardware.build()          # profile from settings.toml (YAHTZEE_PROFILE)
    hw.display                     # .root_group .refresh() .width .height
                                   # .set_brightness(0..255) .sleep() .wake(); or None
    hw.input.poll(now_ms)          # -> events.actions code or 0; never blocks or allocates
    hw.storage                     # microcontroller.nvm, or a bytearray stand-in
    hw.sound                       # .tone(freq_hz, ms) .update(now_ms) .off()
    hw.ticks_ms(), hw.sleep_ms(ms) # the clock; compare with events.ticks.ticks_diff
    hw.messages                    # strings describing missing or failing parts
    hw.has_shake                   # False: no working shake sensor, OK rolls instead
    hw.hold_buttons                # True: a button under each die (else a cursor)
    hw.battery                     # .update(now_ms) .millivolts .percent .low
                                   # .save_now .external; None: no supply reading
    hw.sleep                       # deep sleep: .may_sleep() .after_ms .sleep(note)
                                   # .woke .note .available .why_not
    hw.dice                        # callable -> 1..6 (None: the app's own choice)

Nothing here touches a pin at import time: build() imports the board code lazily,
so this package also imports on desktop Python and under plain MicroPython. The
Hardware object is hardware/interface.py's; a board's (board_io.py) and the desktop's
(desktop.py) build one.
"""


from hardware.interface import Hardware  # noqa: F401 (the package's public name)


# Used only while build() runs: the builders, the settings.toml parser and the
# profile table. Their code leaves RAM once the parts are made (about 17 KB on a Pico
# running the plain .py bundle); boot.py imports them again on its own.
_BUILD_ONLY = ('board_io', 'settings', 'profiles')


def build(profile_name=None):
    """Build the Hardware of this board (CircuitPython): see hardware/board_io.py."""
    from hardware.board_io import build_board
    hw = build_board(profile_name)
    import sys
    for name in _BUILD_ONLY:
        sys.modules.pop('hardware.' + name, None)
        globals().pop(name, None)
    return hw
