"""Piezo beeps that never block: tone() starts a note, update() ends it on time."""

from events.ticks import ticks_add, ticks_diff

_HALF_DUTY = 0x8000   # a square wave: loudest on a passive piezo


class SilentSound:
    """Stand-in when there is no piezo (or sound is turned off in settings)."""

    present = False
    playing = False

    def __init__(self):
        self.enabled = False

    def tone(self, freq_hz, ms):
        pass

    def update(self, now_ms):
        pass

    def off(self):
        pass


class PiezoSound:
    """A passive piezo on a PWM pin. ``enabled`` mutes it without losing the pin."""

    present = True

    def __init__(self, pwm, ticks_ms):
        self._pwm = pwm
        self._ticks_ms = ticks_ms
        self._until = 0
        self._on = False
        self.enabled = True

    def tone(self, freq_hz, ms):
        if not self.enabled or freq_hz <= 0 or ms <= 0:
            self.off()
            return
        try:
            self._pwm.frequency = freq_hz
        except ValueError:
            return           # a frequency this PWM cannot make: stay silent
        self._pwm.duty_cycle = _HALF_DUTY
        self._until = ticks_add(self._ticks_ms(), ms)
        self._on = True

    def update(self, now_ms):
        if self._on and ticks_diff(now_ms, self._until) >= 0:
            self.off()

    def off(self):
        if self._on:
            self._pwm.duty_cycle = 0
            self._on = False

    @property
    def playing(self):
        return self._on
