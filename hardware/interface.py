"""The Hardware object: every part the app talks to (see hardware/__init__.py for
what each part does). hardware/board_io.py builds one for a CircuitPython board,
hardware/desktop.py one for the simulator."""


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
