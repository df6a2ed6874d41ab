"""Controls: keypad buttons and the shake sensor merged into one poll() of action codes.

poll(now_ms) is called every frame. It never blocks and allocates nothing: keypad
events are copied into one Event made at start-up (events.get_into), key numbers
become actions through bytes tables, and the accelerometer is read into buffers
made once. One action comes back per call; queued events wait for the next call.

Long presses: a key with a long action in ``long_actions`` reports its short
action when released early, or its long action once held for ``long_ms`` (the
release after that is ignored). Other keys report on press, which feels quickest.
The hold is timed from the keypad's own timestamp of the press (its scan), not from
the frame that polled it, and ``long_at`` says when the long press falls due, so the
loop can wake then rather than at its next frame.
"""

from events.ticks import TICKS_MASK, ticks_diff
from events.actions import SHAKE_END

# After this many failed sensor reads in a row the sensor is given up on.
MAX_SENSOR_FAILURES = 25


def open_keys(pins):
    """keypad.Keys on these pins, pressed = pulled to GND by the button."""
    import keypad
    return keypad.Keys(tuple(pins), value_when_pressed=False, pull=True)


class Controls:
    def __init__(self, keys=None, event=None, short_actions=b"", long_actions=b"",
                 switch_key=-1, switch_detector=None, accel=None, detector=None,
                 sample_ms=10, long_ms=600, messages=None):
        self._keys = keys
        self._event = event
        self._short = short_actions
        self._long = long_actions if long_actions else bytes(len(short_actions))
        self._switch_key = switch_key
        self._switch = switch_detector
        self._accel = accel
        self._detector = detector
        self.sample_ms = sample_ms
        self.long_ms = long_ms
        self.messages = messages if messages is not None else []
        self._held = -1           # key waiting to become a short or a long press
        self.long_at = -1         # ticks when the held key's long press falls due; -1 none
        self._edges = 0           # switch changes not yet given to its detector
        # -1: no sample yet. Not 0: CircuitPython's supervisor.ticks_ms() starts
        # 65 s before it wraps, so ticks_diff(now, 0) is negative for that long and
        # the sensor would go unread for the first minute after power-on.
        self._last_sample = -1
        self._failures = 0
        self.sensor_failures = 0  # total failed reads (tests; a console can print it)
        self.hold_buttons = False # set by the builder: all five HOLD keys exist
        self.key_pins = ()        # set by the builder: the pins of the key numbers

    @property
    def has_shake(self):
        """True while a shake sensor works; otherwise OK is the roll button."""
        return self._switch is not None or (self._accel is not None
                                            and self._detector is not None)

    @property
    def shaking(self):
        if self._switch is not None:
            return self._switch.shaking
        if self._detector is not None and self._accel is not None:
            return self._detector.shaking
        return False

    def poll(self, now_ms):
        keys = self._keys
        if keys is not None:
            event = self._event
            while keys.events.get_into(event):
                key = event.key_number
                if key == self._switch_key:
                    self._edges += 1
                elif event.pressed:
                    if self._long[key]:
                        self._held = key
                        self.long_at = (event.timestamp + self.long_ms) & TICKS_MASK
                    else:
                        action = self._short[key]
                        if action:
                            return action
                elif key == self._held:
                    # Released before long_ms: it was a short press.
                    self._held = -1
                    self.long_at = -1
                    action = self._short[key]
                    if action:
                        return action
            if self._held >= 0 and ticks_diff(now_ms, self.long_at) >= 0:
                key = self._held
                self._held = -1
                self.long_at = -1
                return self._long[key]

        if self._switch is not None:
            edges = self._edges
            self._edges = 0
            return self._switch.update(now_ms, edges)

        accel = self._accel
        if accel is None or self._detector is None:
            return 0
        last = self._last_sample
        if last >= 0 and ticks_diff(now_ms, last) < self.sample_ms:
            return 0
        self._last_sample = now_ms
        try:
            fresh = accel.read()
        except OSError:
            return self._sensor_failed()
        if not fresh:
            return 0
        self._failures = 0
        return self._detector.update(now_ms, accel.x, accel.y, accel.z)

    @property
    def button_pins(self):
        """The buttons' pins (not a shake switch's): what wakes the board."""
        return tuple(pin for key, pin in enumerate(self.key_pins) if key != self._switch_key)

    def release(self):
        """Let go of the key pins (deep sleep arms them as alarms); poll() then sees
        no keys until reopen()."""
        keys = self._keys
        self._keys = None
        self._held = -1
        self.long_at = -1
        if keys is not None:
            keys.deinit()

    def reopen(self):
        """Take the key pins back after release() (a deep sleep that did not happen)."""
        if self._keys is None and self.key_pins:
            self._keys = open_keys(self.key_pins)

    def _sensor_failed(self):
        self._failures += 1
        self.sensor_failures += 1
        if self._failures < MAX_SENSOR_FAILURES:
            return 0
        self._accel = None
        self.messages.append("shake sensor stopped answering: press OK to roll")
        print("yahtzee:", self.messages[-1])
        if self._detector.shaking:
            # Finish the shake in progress so the app is not left waiting for it.
            self._detector.reset()
            return SHAKE_END
        return 0
