"""Power on the desktop: stand-ins for CircuitPython's `alarm` and a board's supply
(desktop only; the simulator and the tests).

The device code (hardware/sleep.py, hardware/battery.py) runs unchanged against
them: DeepSleep arms StandInAlarm's pin alarms and "sleeps" by raising
DeepSleepRequest, a BaseException like CircuitPython's, so it passes every
`except Exception` in the app as the real one ends the program. A test then calls
wake() (a button press) and builds the hardware and the app again with the same
StandInAlarm and storage: sleep_memory and nvm kept, as on the board. A
ScriptedSupply is the battery's ADC, set in millivolts.
"""


class DeepSleepRequest(BaseException):
    """The program ends for a deep sleep (CircuitPython: alarm.DeepSleepRequest)."""


class StandInPinAlarm:
    """alarm.pin.PinAlarm: the pin (a desktop pin name) and when it triggers."""

    def __init__(self, pin, value, edge=False, pull=False):
        self.pin = pin
        self.value = value
        self.edge = edge
        self.pull = pull


class StandInAlarm:
    """The `alarm` module of a board, on the desktop.

    sleep_memory  256 bytes kept across wake(), like the RP2040's; power_cut() clears them
    wake_alarm    None after a power-on; after wake(), a pin alarm whose pin is None
                  (what the RP2040 port reports after a true deep sleep)
    sleeps        the alarms of every deep sleep asked for, in order
    asleep        True between a deep sleep and wake()
    level_only    True: refuse edge alarms for deep sleep, as Espressif ports do
    """

    SLEEP_MEMORY_SIZE = 256

    class pin:
        PinAlarm = StandInPinAlarm

    def __init__(self, level_only=False):
        self.sleep_memory = bytearray(self.SLEEP_MEMORY_SIZE)
        self.wake_alarm = None
        self.sleeps = []
        self.asleep = False
        self.level_only = level_only

    def exit_and_deep_sleep_until_alarms(self, *alarms, preserve_dios=()):
        for alarm in alarms:
            if not isinstance(alarm, StandInPinAlarm):
                raise TypeError("Expected a kind of Alarm")
            if self.level_only and alarm.edge:
                raise ValueError("Cannot wake on pin edge. Only level.")
        if not alarms:
            raise ValueError("no alarm: the board would sleep until reset")
        self.sleeps.append(alarms)
        self.asleep = True
        raise DeepSleepRequest()

    def wake(self):
        """A button press ends the deep sleep: the board restarts (build the hardware
        and the app again with this stand-in)."""
        if not self.asleep:
            raise RuntimeError("wake() without a deep sleep before it")
        self.asleep = False
        self.wake_alarm = StandInPinAlarm(None, False)

    def power_cut(self):
        """Cells out and back: sleep memory is lost, the next start is a power-on."""
        self.sleep_memory[:] = bytes(self.SLEEP_MEMORY_SIZE)
        self.wake_alarm = None
        self.asleep = False


class StandInRuntime:
    """supervisor.runtime: usb_connected is True while a computer has the board."""

    def __init__(self, usb_connected=False):
        self.usb_connected = usb_connected


class ScriptedSupply:
    """An analogio.AnalogIn on the supply's divider: set `millivolts`, read `value`
    as CircuitPython's 16-bit stretch of the RP2040's 12-bit conversion."""

    def __init__(self, millivolts, divider, ref_mv=3300):
        self.millivolts = millivolts
        self.divider = divider
        self.ref_mv = ref_mv

    @property
    def value(self):
        raw = max(0, min(4095, self.millivolts * 4095 // (self.divider * self.ref_mv)))
        return (raw << 4) | (raw >> 8)
