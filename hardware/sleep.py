"""Deep sleep: the board all but off until a button is pressed; a few bytes kept.

Wraps CircuitPython's `alarm` module (CircuitPython 10; its RP2040 port is
ports/raspberrypi/common-hal/alarm):

- exit_and_deep_sleep_until_alarms(*alarms) ends the program. With pin alarms only,
  an RP2040 goes DORMANT (crystal and clocks stopped, RAM kept); a pin alarm wakes
  it, the board resets and runs boot.py and code.py from the top.
- Every button gets PinAlarm(pin, value=False, edge=True, pull=True): pressed
  pulls the pin to GND, the pull-up holds it high meanwhile. The RP2040 port arms
  one GPIO interrupt per alarm, for deep sleep too: any number of pins, edge or
  level. The edge, so a button held down (squeezed in a bag) while the board goes
  to sleep does not wake it again at once, over and over. A port that refuses
  edges for deep sleep (Espressif: "only level") gets level alarms instead.
- A PinAlarm needs a free pin: keypad lets go of the buttons first
  (Controls.release), and takes them back if the sleep fails (Controls.reopen).
- CircuitPython releases displays before sleeping but the OLED keeps its picture
  lit, the LIS3DH keeps sampling: `quiet` sends each part to sleep first.
- alarm.sleep_memory (256 bytes on the RP2040) survives deep sleep and resets, not
  a power cut. Our record in it says that we went to sleep, whether boot.py had
  let the game write the drive, and the app's few bytes (`note`). It, not
  alarm.wake_alarm, tells a wake from a power-on: after a true deep sleep the
  RP2040 port gives a PinAlarm whose pin is None (it cannot tell which button),
  and some releases gave None (CircuitPython issue 5794).
- With a computer connected over USB, CircuitPython does not really sleep: it keeps
  the drive and console and only "pretends", restarting code.py on the alarm. So
  a board on USB data stays awake with the screen off (may_sleep() is False while
  supervisor.runtime.usb_connected): no restart for nothing, and no surprise for
  someone editing files. A USB charger or power bank is not a connection: it sleeps.

Boards without `alarm` get a DeepSleep that is not available (why_not says why)
and the app keeps today's screen-off.
"""

# sleep_memory record: b"YZ", flags, note length, note, checksum
_MAGIC0 = 0x59
_MAGIC1 = 0x5A
ASLEEP = 0x01           # written just before sleeping; the next start clears it
FS_WRITABLE = 0x02      # boot.py had let the game write CIRCUITPY (restored on wake)
NOTE_MAX = 32           # bytes of the app's own state the record carries
RECORD_SIZE = 5 + NOTE_MAX


class SleepFailed(Exception):
    """Deep sleep was asked for and did not happen; the buttons work again, the
    display was sent to sleep (wake it), and `available` is now False."""


def _checksum(memory, end):
    total = 0
    for i in range(2, end):
        total += memory[i]
    return (total + 0x5A) & 0xFF


def read_record(memory):
    """(flags, note bytes) of the record in sleep memory, or (0, b"") when there is
    none or it is damaged (a power cut leaves RAM random or zero)."""
    if memory is None or len(memory) < RECORD_SIZE:
        return 0, b""
    if memory[0] != _MAGIC0 or memory[1] != _MAGIC1:
        return 0, b""
    n = memory[3]
    if n > NOTE_MAX or memory[4 + n] != _checksum(memory, 4 + n):
        return 0, b""
    return memory[2], bytes(memory[4:4 + n])


def write_record(memory, flags, note=b""):
    n = len(note)
    if n > NOTE_MAX:
        raise ValueError("a sleep note holds at most %d bytes, not %d" % (NOTE_MAX, n))
    memory[0] = _MAGIC0
    memory[1] = _MAGIC1
    memory[2] = flags
    memory[3] = n
    memory[4:4 + n] = note
    memory[4 + n] = _checksum(memory, 4 + n)


class DeepSleep:
    """hw.sleep: whether the board can deep-sleep, how this start began, sleep().

    available  True when sleep() can work (alarm, buttons, a nonzero idle time)
    why_not    why not, in words for the console ("" when available)
    after_ms   idle time before the app should sleep (0: never; settings.toml)
    woke       this start is a wake from our deep sleep (else a power-on or reset)
    note       the bytes the app gave sleep() before it (b"" after a power-on)
    was_fs_writable  boot.py had let the game write the drive before the sleep
    """

    def __init__(self, alarm=None, runtime=None, pins=(), quiet=(), release=None,
                 reopen=None, after_s=0, why_not=""):
        self._alarm = alarm
        self._runtime = runtime
        self._pins = tuple(pins)
        self._quiet = tuple(quiet)
        self._release = release
        self._reopen = reopen
        self.after_ms = after_s * 1000
        memory = getattr(alarm, "sleep_memory", None) if alarm is not None else None
        if memory is not None and len(memory) < RECORD_SIZE:
            memory = None
        self.memory = memory
        if not why_not:
            if alarm is None:
                why_not = "no alarm module on this board: the screen turns off instead"
            elif memory is None:
                why_not = "no sleep memory on this board: the screen turns off instead"
            elif not self._pins:
                why_not = "no buttons to wake the board: the screen turns off instead"
            elif not after_s:
                why_not = "deep sleep is off (YAHTZEE_SLEEP_AFTER_S = 0)"
        self.why_not = why_not
        flags, note = read_record(memory)
        self.woke = bool(flags & ASLEEP)
        self.note = note if self.woke else b""
        self.was_fs_writable = bool(flags & FS_WRITABLE) and self.woke
        if self.woke:
            # Only the first start after the sleep is its wake: a later reset is not.
            memory[2] = flags & ~ASLEEP
            memory[4 + memory[3]] = _checksum(memory, 4 + memory[3])

    @property
    def available(self):
        return not self.why_not

    def usb_connected(self):
        """True while a computer has the board enumerated over USB (not a charger)."""
        return bool(getattr(self._runtime, "usb_connected", False))

    def may_sleep(self):
        """True when the app should deep-sleep once idle for after_ms."""
        return self.available and not self.usb_connected()

    def sleep(self, note=b"", fs_writable=False):
        """Deep-sleep until a button is pressed. On a board this does not return: the
        program ends (alarm raises its own BaseException, which no `except Exception`
        stops) and a press starts code.py again, where `woke` and `note` tell it.
        SleepFailed when the board would not sleep; ValueError for a note too long."""
        if not self.available:
            raise SleepFailed(self.why_not)
        write_record(self.memory, ASLEEP | (FS_WRITABLE if fs_writable else 0), note)
        for part in self._quiet:
            try:
                part()
            except Exception:       # a part that fails to quiet costs power, not sleep
                pass
        if self._release is not None:
            self._release()
        error = None
        for edge in (True, False):
            try:
                make = self._alarm.pin.PinAlarm
                alarms = [make(pin, value=False, edge=edge, pull=True) for pin in self._pins]
                self._alarm.exit_and_deep_sleep_until_alarms(*alarms)
            except (ValueError, NotImplementedError, RuntimeError, TypeError,
                    AttributeError) as failure:
                error = failure
        # Still here: neither edge nor level alarms were taken.
        write_record(self.memory, 0)
        if self._reopen is not None:
            self._reopen()
        self.why_not = "deep sleep failed (%s): the screen turns off instead" % (error,)
        raise SleepFailed(self.why_not)
