"""The hardware edge: one Hardware object holding every part the app talks to.

    import hardware
    hw = hardware.build()          # profile from settings.toml (YAHTZEE_PROFILE)
    hw.display                     # .root_group .refresh() .width .height
                                   # .set_brightness(0..255) .sleep() .wake(); or None
    hw.input.poll(now_ms)          # -> ui.actions code or 0; never blocks or allocates
    hw.storage                     # microcontroller.nvm, or a bytearray stand-in
    hw.sound                       # .tone(freq_hz, ms) .update(now_ms) .off()
    hw.ticks_ms(), hw.sleep_ms(ms) # the clock; compare with ui.ticks.ticks_diff
    hw.messages                    # strings describing missing or failing parts
    hw.has_shake                   # False: no working shake sensor, OK rolls instead
    hw.hold_buttons                # True: a button under each die (else a cursor)
    hw.battery                     # .update(now_ms) .millivolts .percent .low
                                   # .save_now .external; None: no supply reading
    hw.sleep                       # deep sleep: .may_sleep() .after_ms .sleep(note)
                                   # .woke .note .available .why_not
    hw.dice                        # callable -> 1..6 (None: the app's own choice)

Nothing here touches a pin at import time: build() imports the board code lazily,
so this package also imports on desktop Python and under plain MicroPython.
"""


class Hardware:
    def __init__(self, display=None, input=None, storage=None, sound=None,
                 ticks_ms=None, sleep_ms=None, messages=None, profile="",
                 fs_writable=False, config=None, i2c_devices=None,
                 hold_buttons=True, battery=None, sleep=None, dice=None):
        self.display = display
        self.input = input
        self.storage = storage
        self.sound = sound
        self.ticks_ms = ticks_ms
        self.sleep_ms = sleep_ms
        self.messages = messages if messages is not None else []
        self.profile = profile
        # True when boot.py let the program write the CIRCUITPY drive (CSV export).
        self.fs_writable = fs_writable
        self.hold_buttons = hold_buttons
        self.config = config              # the resolved profile (dict), for diagnostics
        self.i2c_devices = i2c_devices    # addresses that answered the I2C scan
        self.battery = battery            # hardware/battery.py Battery, or None
        if sleep is None:
            from hardware.sleep import DeepSleep
            sleep = DeepSleep(why_not="this build has no deep sleep")
        self.sleep = sleep                # hardware/sleep.py DeepSleep
        self.dice = dice                  # settings.toml's seeded dice, else None

    @property
    def has_shake(self):
        return bool(getattr(self.input, "has_shake", False))


def build(profile_name=None):
    """Build the Hardware of this board (CircuitPython): see hardware/board_io.py."""
    from hardware.board_io import build_board
    return build_board(profile_name)
