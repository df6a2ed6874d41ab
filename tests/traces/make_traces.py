"""Write the accelerometer traces the shake tests replay (desktop only, seeded).

Real recordings cannot be made here, so each trace comes from a small physical model
of the handheld and its sensor. Rerunning this script rewrites the same files
byte for byte (fixed seeds); the CSVs are committed so tests never depend on it.

Sensor model (LIS3DH as the game configures it):
- 100 Hz sampling, as the game loop polls it, with +-2 ms timing jitter;
- +-4 g range: every axis saturates at +-4000 mg;
- 12-bit high-resolution output, 2 mg per step at +-4 g (values are rounded to 2 mg);
- 8 mg RMS white noise per axis (datasheet-level noise plus hand tremor).

Motion model: gravity is a fixed world vector (1 g down). The handheld is held tilted
(pitch and roll a few tens of degrees), which sets where gravity falls on the three
sensor axes. Motions are world-frame accelerations added to gravity and rotated
into the sensor frame:
- rest: nothing, or a slight 9 Hz hand tremor of 15 mg;
- walking: vertical bobbing at the 2 Hz step rate, peak 0.3 g in total, and 0.1 g
  lateral sway at the 1 Hz stride rate;
- brisk walking: as walking plus a 30 ms heel-strike jolt of +0.7 g at every step;
- tap on the table: the handheld lies flat; a knock is a 3 g spike ringing down
  within a few ms (150 Hz, 3 ms decay), placed on a sample instant so the trace
  really contains the 3 g reading;
- shake: a sinusoid at 4..6 Hz with 1.5..2.5 g amplitude along a direction given per
  trace, with a 30% component along a second axis, 80 ms raised-cosine ramps at both
  ends and a slight frequency drift; the hand also rocks the handheld by a few
  degrees, which moves gravity between the axes.

Each CSV starts with comment lines the tests read:
    # kind: <name>
    # shake: <start_ms> <stop_ms>      (one line per shake; stop = motion over)
    # expect_rolls: <n>
followed by the header ``t_ms,x_mg,y_mg,z_mg`` and one row per sample.
"""
import math
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
SAMPLE_MS = 10
NOISE_MG = 8
RANGE_MG = 4000
STEP_MG = 2


def _rotation(pitch_deg, roll_deg):
    """World-to-sensor rotation for a handheld tilted by pitch (about x) and roll (about y)."""
    p = math.radians(pitch_deg)
    r = math.radians(roll_deg)
    cp, sp, cr, sr = math.cos(p), math.sin(p), math.cos(r), math.sin(r)
    # R = Ry(roll) @ Rx(pitch), rows are the sensor axes in world coordinates.
    return (
        (cr, sr * sp, sr * cp),
        (0.0, cp, -sp),
        (-sr, cr * sp, cr * cp),
    )


def _apply(rot, v):
    return tuple(rot[i][0] * v[0] + rot[i][1] * v[1] + rot[i][2] * v[2] for i in range(3))


def _unit(v):
    n = math.sqrt(sum(c * c for c in v))
    return tuple(c / n for c in v)


class Trace:
    """Sample times plus a world-frame motion function; renders sensor readings."""

    def __init__(self, name, seconds, seed, pitch=30.0, roll=10.0, flat=False):
        self.name = name
        self.rng = random.Random(seed)
        self.duration_ms = int(seconds * 1000)
        self.pitch = 0.0 if flat else pitch
        self.roll = 0.0 if flat else roll
        self.motions = []       # functions t_ms -> (world accel in g, extra rotation deg)
        self.shakes = []        # (start_ms, stop_ms)
        self.expect_rolls = 0
        self.times = []
        t = 0
        while t < self.duration_ms:
            self.times.append(t)
            t += SAMPLE_MS + self.rng.randint(-2, 2)

    def sample_near(self, ms):
        """The sample instant closest to ms (a knock starts exactly on one)."""
        return min(self.times, key=lambda t: abs(t - ms))

    def add(self, motion):
        self.motions.append(motion)

    def reading(self, t):
        acc = [0.0, 0.0, 1.0]   # gravity as the sensor sees it at rest: +1 g "up"
        d_pitch = d_roll = 0.0
        for motion in self.motions:
            a, (dp, dr) = motion(t)
            acc[0] += a[0]
            acc[1] += a[1]
            acc[2] += a[2]
            d_pitch += dp
            d_roll += dr
        rot = _rotation(self.pitch + d_pitch, self.roll + d_roll)
        sensed = _apply(rot, acc)
        out = []
        for c in sensed:
            mg = c * 1000.0 + self.rng.gauss(0.0, NOISE_MG)
            mg = max(-RANGE_MG, min(RANGE_MG - STEP_MG, mg))
            out.append(int(round(mg / STEP_MG)) * STEP_MG)
        return out

    def write(self):
        lines = ["# kind: %s" % self.name]
        for start, stop in self.shakes:
            lines.append("# shake: %d %d" % (start, stop))
        lines.append("# expect_rolls: %d" % self.expect_rolls)
        lines.append("t_ms,x_mg,y_mg,z_mg")
        for t in self.times:
            x, y, z = self.reading(t)
            lines.append("%d,%d,%d,%d" % (t, x, y, z))
        path = HERE / (self.name + ".csv")
        path.write_text("\n".join(lines) + "\n")
        return path


def tremor(amp_g=0.015, hz=9.0, phase=0.0):
    def motion(t):
        s = amp_g * math.sin(2 * math.pi * hz * t / 1000.0 + phase)
        return (s * 0.6, s * 0.8, 0.0), (0.0, 0.0)
    return motion


def walking(step_hz=2.0, bob_g=0.25, harmonic_g=0.05, sway_g=0.1):
    def motion(t):
        w = 2 * math.pi * step_hz * t / 1000.0
        vertical = bob_g * math.sin(w) + harmonic_g * math.sin(2 * w + 0.7)
        lateral = sway_g * math.sin(w / 2)
        # A little rocking of the hands in step with the stride.
        return (lateral, 0.0, vertical), (2.0 * math.sin(w), 1.0 * math.sin(w / 2))
    return motion


def heel_strikes(step_hz=2.0, jolt_g=0.7, width_ms=30.0, offset_ms=120.0):
    period = 1000.0 / step_hz

    def motion(t):
        phase = (t - offset_ms) % period
        if phase < width_ms:
            a = jolt_g * math.sin(math.pi * phase / width_ms)
            return (0.0, 0.0, a), (0.0, 0.0)
        return (0.0, 0.0, 0.0), (0.0, 0.0)
    return motion


def knock(at_ms, peak_g=3.0, ring_hz=150.0, decay_ms=3.0):
    def motion(t):
        dt = t - at_ms
        if dt < 0 or dt > 40:
            return (0.0, 0.0, 0.0), (0.0, 0.0)
        a = peak_g * math.exp(-dt / decay_ms) * math.cos(2 * math.pi * ring_hz * dt / 1000.0)
        return (0.1 * a, 0.0, a), (0.0, 0.0)
    return motion


def shake(start_ms, stop_ms, hz, amp_g, direction, rng, ramp_ms=80.0):
    main = _unit(direction)
    # A second axis perpendicular-ish to the main one, for the 30% wobble.
    side = _unit((main[1] + 0.3, main[2] - 0.2, main[0] + 0.1))
    drift = rng.uniform(-0.08, 0.08)
    phase = rng.uniform(0, 2 * math.pi)
    rock = rng.uniform(3.0, 8.0)

    def motion(t):
        if t < start_ms or t > stop_ms:
            return (0.0, 0.0, 0.0), (0.0, 0.0)
        into = t - start_ms
        left = stop_ms - t
        env = 1.0
        if into < ramp_ms:
            env = 0.5 - 0.5 * math.cos(math.pi * into / ramp_ms)
        elif left < ramp_ms:
            env = 0.5 - 0.5 * math.cos(math.pi * left / ramp_ms)
        f = hz * (1.0 + drift * into / 1000.0)
        w = 2 * math.pi * f * into / 1000.0 + phase
        a = env * amp_g * math.sin(w)
        b = env * amp_g * 0.3 * math.sin(2 * w + 1.1)
        acc = tuple(a * m + b * s for m, s in zip(main, side))
        return acc, (env * rock * math.sin(w + 0.5), env * rock * 0.5 * math.cos(w))
    return motion


def build_all():
    traces = []

    t = Trace("rest_table", 5, seed=11, flat=True)
    traces.append(t)

    t = Trace("rest_hand", 6, seed=12, pitch=35, roll=-8)
    t.add(tremor())
    traces.append(t)

    t = Trace("walking", 8, seed=13, pitch=40, roll=5)
    t.add(walking())
    traces.append(t)

    t = Trace("walking_brisk", 8, seed=14, pitch=30, roll=12)
    t.add(walking(step_hz=2.2, bob_g=0.3))
    t.add(heel_strikes(step_hz=2.2))
    traces.append(t)

    t = Trace("taps", 6, seed=15, flat=True)
    knocks = (500, 1300, 2100, 2900,    # single knocks
              3700, 3820,               # a double knock 120 ms apart
              4700, 4850, 5000)         # a triple knock, 150 ms apart
    for at in knocks:
        t.add(knock(t.sample_near(at)))
    traces.append(t)

    # Single shakes covering the brief's range: 4-6 Hz, 1.5-2.5 g, 0.6-1.5 s.
    singles = (
        # name, hz, amp, seconds, direction (sensor-ish world frame), pitch, roll
        ("shake_slow_vertical", 4.0, 1.5, 0.6, (0.0, 0.0, 1.0), 20, 0),
        ("shake_side", 5.0, 2.0, 1.0, (1.0, 0.0, 0.0), 30, 10),
        ("shake_hard_diagonal", 6.0, 2.5, 1.5, (0.6, 0.5, 0.6), 45, -15),
        ("shake_fore_aft", 4.5, 1.8, 0.8, (0.0, 1.0, 0.2), 35, 5),
    )
    for i, (name, hz, amp, seconds, direction, pitch, roll) in enumerate(singles):
        t = Trace(name, seconds + 3.0, seed=20 + i, pitch=pitch, roll=roll)
        t.add(tremor(phase=i))
        start = 1000
        stop = start + int(seconds * 1000)
        t.add(shake(start, stop, hz, amp, direction, t.rng))
        t.shakes.append((start, stop))
        t.expect_rolls = 1
        traces.append(t)

    t = Trace("shake_long", 7, seed=30, pitch=30, roll=0)
    t.add(tremor())
    t.add(shake(1000, 5000, 5.0, 2.0, (1.0, 0.2, 0.3), t.rng))
    t.shakes.append((1000, 5000))
    t.expect_rolls = 1
    traces.append(t)

    # Two quick shakes 0.5 s apart: the pause is longer than quiet_ms, so two rolls.
    t = Trace("shake_twice", 5, seed=31, pitch=30, roll=5)
    t.add(tremor())
    t.add(shake(800, 1700, 5.0, 2.0, (1.0, 0.0, 0.2), t.rng))
    t.add(shake(2200, 3100, 5.0, 2.0, (1.0, 0.1, 0.0), t.rng))
    t.shakes += [(800, 1700), (2200, 3100)]
    t.expect_rolls = 2
    traces.append(t)

    # Two shakes with only a 0.1 s hesitation between them: one shake, one roll.
    t = Trace("shake_hesitate", 5, seed=32, pitch=30, roll=5)
    t.add(tremor())
    t.add(shake(800, 1600, 5.0, 2.0, (1.0, 0.0, 0.2), t.rng))
    t.add(shake(1700, 2600, 5.0, 2.0, (1.0, 0.1, 0.0), t.rng))
    t.shakes += [(800, 2600)]
    t.expect_rolls = 1
    traces.append(t)

    # A shake while walking: one roll, and the walking around it adds none.
    t = Trace("walking_then_shake", 8, seed=33, pitch=40, roll=5)
    t.add(walking())
    t.add(shake(3000, 4000, 5.0, 2.0, (0.8, 0.2, 0.5), t.rng))
    t.shakes.append((3000, 4000))
    t.expect_rolls = 1
    traces.append(t)

    return traces


def main():
    for trace in build_all():
        path = trace.write()
        print("wrote", path.relative_to(HERE.parent.parent))


if __name__ == "__main__":
    main()
