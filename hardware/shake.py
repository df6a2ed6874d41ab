"""Shake detection: accelerometer samples (or a vibration switch) in, roll events out.

Integer-only, non-blocking and allocation-free, so it can run every frame on a
microcontroller. Feed it one sample per call with the current time; it answers
0, SHAKE_START (a shake has clearly begun: start the tumbling animation) or
SHAKE_END (the shake stopped: roll the dice now).

Accelerometer model. Samples are milli-g per axis. At rest the magnitude is 1 g
whatever the orientation, so the detector looks at how far the squared magnitude
is from 1 g squared: ``e = |x*x + y*y + z*z - 1000*1000|`` (no square root).

- A sample is *strong* when e reaches the start threshold (magnitude >= start_mg)
  and *moving* when e reaches the lower stop threshold (magnitude >= stop_mg, or
  close to free fall). Two thresholds give hysteresis: once a shake runs, it keeps
  running on weaker motion.
- A candidate shake begins at a strong sample. It is confirmed (SHAKE_START) once
  it has at least ``min_peaks`` separate strong peaks and ``min_ms`` of moving
  samples; a candidate with no moving sample for ``gap_ms`` is dropped. A tap on
  the table (one short spike) or a double knock never gets that far.
- A confirmed shake ends (SHAKE_END) after ``quiet_ms`` without a moving sample.
  Pauses shorter than that are part of the same shake.
- For ``refractory_ms`` after SHAKE_END nothing new can start (the jolt of a hand
  stopping is not a second shake). Motion that continues after that is a new
  shake and gives a second roll.

All times are wrap-safe with the 2**29 ms period of ``supervisor.ticks_ms``.
"""

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

from events.ticks import ticks_diff
from events.actions import SHAKE_START, SHAKE_END

_ONE_G_SQ = const(1000000)      # (1000 mg) squared
_AXIS_LIMIT = const(16000)      # clamp so x*x+y*y+z*z stays a small int on 32-bit ports
_DT_CAP = const(50)             # a late sample counts for at most this many ms of motion

_IDLE = const(0)
_CANDIDATE = const(1)
_SHAKING = const(2)
_REFRACTORY = const(3)


def _energy_threshold(mg):
    """|mg^2 - 1 g^2|: the e value a sample of magnitude mg produces."""
    d = mg * mg - _ONE_G_SQ
    return d if d >= 0 else -d


class _Detector:
    """What both detectors share: the states idle -> candidate -> shaking ->
    refractory, the count of shakes, and how a confirmed shake ends."""

    def __init__(self, min_ms, gap_ms, quiet_ms, refractory_ms):
        self.min_ms = min_ms
        self.gap_ms = gap_ms
        self.quiet_ms = quiet_ms
        self.refractory_ms = refractory_ms
        # Every attribute exists from the start so updates never grow the instance.
        self.state = _IDLE
        self.since = 0          # candidate start, or the END time while refractory
        self.last_move = 0      # time of the latest motion (moving sample, switch edge)
        self.shakes = 0         # confirmed shakes since power-on

    @property
    def shaking(self):
        return self.state == _SHAKING

    def _state(self, now_ms):
        """The state now: a refractory time that has run out returns to idle."""
        if self.state == _REFRACTORY and ticks_diff(now_ms, self.since) >= self.refractory_ms:
            self.state = _IDLE
        return self.state

    def _begin(self, now_ms):
        self.state = _CANDIDATE
        self.since = self.last_move = now_ms

    def _confirm(self):
        self.state = _SHAKING
        self.shakes += 1
        return SHAKE_START

    def _drop_if_still(self, now_ms):
        # A candidate with no motion for gap_ms was not a shake.
        if ticks_diff(now_ms, self.last_move) > self.gap_ms:
            self.state = _IDLE

    def _while_shaking(self, now_ms, moving):
        """Motion keeps a confirmed shake going; quiet_ms without motion ends it."""
        if moving:
            self.last_move = now_ms
        elif ticks_diff(now_ms, self.last_move) >= self.quiet_ms:
            self.state = _REFRACTORY
            self.since = now_ms
            return SHAKE_END
        return 0


class ShakeDetector(_Detector):
    """Accelerometer shake detector. ``update(now_ms, x, y, z)`` with milli-g ints."""

    def __init__(self, start_mg=1600, stop_mg=1400, min_ms=120, min_peaks=2,
                 gap_ms=200, quiet_ms=300, refractory_ms=300):
        if stop_mg > start_mg:
            raise ValueError("stop_mg must not exceed start_mg")
        super().__init__(min_ms, gap_ms, quiet_ms, refractory_ms)
        self.start_e = _energy_threshold(start_mg)
        self.stop_e = _energy_threshold(stop_mg)
        self.min_peaks = min_peaks
        self.last_sample = 0
        self.active_ms = 0      # ms of moving samples in the candidate
        self.peaks = 0          # separate strong peaks in the candidate
        self.above = False      # previous sample was strong (peak edge detection)
        self.energy = 0         # e of the latest sample, for debugging screens

    def reset(self):
        self.state = _IDLE
        self.above = False
        self.peaks = 0
        self.active_ms = 0

    def update(self, now_ms, x, y, z):
        # Clamp each axis: a wild reading must not overflow a 31-bit small int.
        if x > _AXIS_LIMIT:
            x = _AXIS_LIMIT
        elif x < -_AXIS_LIMIT:
            x = -_AXIS_LIMIT
        if y > _AXIS_LIMIT:
            y = _AXIS_LIMIT
        elif y < -_AXIS_LIMIT:
            y = -_AXIS_LIMIT
        if z > _AXIS_LIMIT:
            z = _AXIS_LIMIT
        elif z < -_AXIS_LIMIT:
            z = -_AXIS_LIMIT
        e = x * x + y * y + z * z - _ONE_G_SQ
        if e < 0:
            e = -e
        self.energy = e
        dt = ticks_diff(now_ms, self.last_sample)
        if dt > _DT_CAP or dt < 0:
            dt = _DT_CAP
        self.last_sample = now_ms
        strong = e >= self.start_e
        moving = e >= self.stop_e
        rising = strong and not self.above
        self.above = strong
        state = self._state(now_ms)

        if state == _REFRACTORY:
            return 0

        if state == _IDLE:
            if rising:
                self._begin(now_ms)
                self.peaks = 1
                # The first sample only marks the start; motion time is counted
                # from here on, so a single spike never adds up to min_ms.
                self.active_ms = 0
            return 0

        if state == _CANDIDATE:
            if moving:
                self.last_move = now_ms
                self.active_ms += dt
                if rising:
                    self.peaks += 1
                if self.peaks >= self.min_peaks and self.active_ms >= self.min_ms:
                    return self._confirm()
            else:
                self._drop_if_still(now_ms)
            return 0

        return self._while_shaking(now_ms, moving)


class SwitchShakeDetector(_Detector):
    """Shake detector for a plain vibration or tilt switch on a pin.

    ``update(now_ms, edges)`` takes how many times the switch changed state since
    the previous call (0 when nothing happened; the caller counts keypad press and
    release events). A shake is ``min_edges`` changes, each within ``gap_ms`` of
    the previous one, spread over at least ``min_ms``; it ends after ``quiet_ms``
    without a change. A tilt switch that flips once when the box is turned over
    gives one or two edges, which is not a shake.
    """

    def __init__(self, min_edges=6, min_ms=150, gap_ms=250, quiet_ms=300,
                 refractory_ms=300):
        super().__init__(min_ms, gap_ms, quiet_ms, refractory_ms)
        self.min_edges = min_edges
        self.edges = 0

    def reset(self):
        self.state = _IDLE
        self.edges = 0

    def update(self, now_ms, edges):
        state = self._state(now_ms)
        if state == _REFRACTORY:
            return 0

        if state == _IDLE:
            if edges > 0:
                self._begin(now_ms)
                self.edges = edges
            return 0

        if state == _CANDIDATE:
            if edges > 0:
                self.last_move = now_ms
                self.edges += edges
                if (self.edges >= self.min_edges
                        and ticks_diff(now_ms, self.since) >= self.min_ms):
                    return self._confirm()
            else:
                self._drop_if_still(now_ms)
            return 0

        return self._while_shaking(now_ms, edges > 0)
