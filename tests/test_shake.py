"""Shake detector: modelled traces (tests/traces/*.csv) and synthetic motion."""
import ast
import math
from pathlib import Path

import pytest

from hardware import shake as shake_mod
from hardware.shake import ShakeDetector, SwitchShakeDetector
from events.ticks import ticks_diff, ticks_add
from events.actions import SHAKE_START, SHAKE_END

TRACES = Path(__file__).resolve().parent / "traces"
# The roll (SHAKE_END) must come after the hand stops, and soon: quiet_ms (300) plus
# up to one half-cycle of a slow shake whose last strong peak came early.
MAX_END_DELAY_MS = 450


def load_trace(path):
    meta = {"shakes": [], "expect_rolls": 0, "kind": path.stem}
    rows = []
    for line in path.read_text().splitlines():
        if line.startswith("#"):
            key, _, value = line[1:].partition(":")
            key = key.strip()
            if key == "shake":
                start, stop = value.split()
                meta["shakes"].append((int(start), int(stop)))
            elif key == "expect_rolls":
                meta["expect_rolls"] = int(value)
            continue
        if line.startswith("t_ms") or not line.strip():
            continue
        rows.append(tuple(int(v) for v in line.split(",")))
    return meta, rows


ALL_TRACES = sorted(TRACES.glob("*.csv"))


def run(rows, detector=None, every=1, offset=0):
    detector = detector or ShakeDetector()
    events = []
    for i, (t, x, y, z) in enumerate(rows):
        if i % every:
            continue
        now = ticks_add(t, offset)
        code = detector.update(now, x, y, z)
        if code:
            events.append((code, t))
    return events


def test_traces_exist_and_cover_the_brief():
    names = {p.stem for p in ALL_TRACES}
    for needed in ("rest_table", "rest_hand", "walking", "taps", "shake_long",
                   "shake_twice", "shake_hesitate"):
        assert needed in names
    assert sum(1 for n in names if n.startswith("shake_")) >= 6


def test_trace_files_are_what_the_generator_writes(tmp_path, monkeypatch):
    """The committed CSVs are reproducible from the seeded generator."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_traces", TRACES / "make_traces.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    monkeypatch.setattr(gen, "HERE", tmp_path)
    for trace in gen.build_all()[:3] + gen.build_all()[-2:]:
        written = trace.write()
        assert written.read_text() == (TRACES / written.name).read_text()


@pytest.mark.parametrize("path", ALL_TRACES, ids=lambda p: p.stem)
@pytest.mark.parametrize("every", [1, 2, 3, 4, 5], ids=["100Hz", "50Hz", "33Hz", "25Hz", "20Hz"])
def test_trace_gives_exactly_the_expected_rolls(path, every):
    meta, rows = load_trace(path)
    events = run(rows, every=every)
    codes = [c for c, _ in events]
    # Events alternate START, END, START, END ...
    assert codes == [SHAKE_START, SHAKE_END] * meta["expect_rolls"], events
    ends = [t for c, t in events if c == SHAKE_END]
    starts = [t for c, t in events if c == SHAKE_START]
    for (start, stop), began, end in zip(meta["shakes"], starts, ends):
        assert start <= began <= stop, (began, start, stop)
        assert stop <= end <= stop + MAX_END_DELAY_MS, (end, stop)


@pytest.mark.parametrize("path", ALL_TRACES, ids=lambda p: p.stem)
def test_same_result_across_the_ticks_wrap(path):
    meta, rows = load_trace(path)
    plain = run(rows)
    # Start 1.5 s before supervisor.ticks_ms wraps at 2**29.
    wrapped = run(rows, offset=(1 << 29) - 1500)
    assert wrapped == plain


def test_quiet_traces_never_even_start():
    for name in ("rest_table", "rest_hand", "walking", "walking_brisk", "taps"):
        meta, rows = load_trace(TRACES / (name + ".csv"))
        detector = ShakeDetector()
        assert run(rows, detector) == []
        assert detector.shakes == 0


def test_taps_are_seen_but_rejected():
    """The tap trace really contains 3 g spikes: the detector sees them and says no."""
    meta, rows = load_trace(TRACES / "taps.csv")
    detector = ShakeDetector()
    candidates = 0
    for t, x, y, z in rows:
        assert detector.update(t, x, y, z) == 0
        if detector.state == 1 and detector.since == t:
            candidates += 1
    assert candidates >= 4


# --- synthetic motion -------------------------------------------------------

def sine_shake(t0, ms, hz, amp_mg, axis=0, step=10, gravity_axis=2):
    """Samples of a pure sinusoidal shake on one axis with gravity on another."""
    out = []
    t = 0
    while t <= ms:
        v = [0, 0, 0]
        v[gravity_axis] = 1000
        v[axis] += int(amp_mg * math.sin(2 * math.pi * hz * t / 1000))
        out.append((t0 + t, v[0], v[1], v[2]))
        t += step
    return out


def still(t0, ms, step=10):
    return [(t0 + t, 0, 0, 1000) for t in range(0, ms + 1, step)]


def events_of(samples, detector=None):
    detector = detector or ShakeDetector()
    return [(code, t) for t, x, y, z in samples
            for code in [detector.update(t, x, y, z)] if code]


def test_pure_shake_one_roll_after_it_stops():
    samples = still(0, 500) + sine_shake(510, 800, 5, 2000) + still(1320, 1000)
    ev = events_of(samples)
    assert [c for c, _ in ev] == [SHAKE_START, SHAKE_END]
    assert 510 < ev[0][1] < 510 + 500
    assert 1310 <= ev[1][1] <= 1310 + 350


def test_single_spike_and_short_burst_do_not_roll():
    spike = still(0, 500) + [(510, 0, 0, 3000)] + still(520, 1000)
    assert events_of(spike) == []
    # 80 ms of hard shaking: strong, but shorter than min_ms of motion.
    burst = still(0, 500) + sine_shake(510, 80, 6, 2500) + still(600, 1000)
    assert events_of(burst) == []


def test_hysteresis_keeps_a_weakening_shake_going():
    # 0.5 s at 2 g then 1 s at an amplitude between the stop and start thresholds.
    weak = int(math.sqrt(1500 ** 2 - 1000 ** 2))  # magnitude peaks at 1.5 g on a side axis
    samples = (still(0, 200) + sine_shake(210, 500, 5, 2000)
               + sine_shake(720, 1000, 5, weak) + still(1730, 1000))
    ev = events_of(samples)
    assert [c for c, _ in ev] == [SHAKE_START, SHAKE_END]
    assert ev[1][1] >= 1720           # the weak part did not end it
    # The same weak motion alone never starts a shake.
    assert events_of(still(0, 200) + sine_shake(210, 2000, 5, weak)) == []


@pytest.mark.parametrize("pause_ms,rolls", [(0, 1), (100, 1), (200, 1), (500, 2), (900, 2)])
def test_two_quick_shakes(pause_ms, rolls):
    """Pauses shorter than quiet_ms (300) belong to one shake; longer ones give two rolls
    once the refractory time after the first END has passed."""
    first = sine_shake(100, 800, 5, 2000)
    t2 = 900 + pause_ms
    samples = first + still(910, pause_ms - 10) if pause_ms > 10 else list(first)
    samples += sine_shake(t2 + 10, 800, 5, 2000) + still(t2 + 820, 1500)
    samples.sort()
    ev = events_of(samples)
    assert [c for c, _ in ev] == [SHAKE_START, SHAKE_END] * rolls


def test_refractory_blocks_a_new_start():
    d = ShakeDetector(refractory_ms=1000)
    samples = (sine_shake(0, 800, 5, 2000) + still(810, 390)
               + sine_shake(1210, 600, 5, 2000) + still(1820, 1500))
    ev = events_of(samples, d)
    # The second shake falls entirely inside the 1 s refractory time after END.
    assert [c for c, _ in ev] == [SHAKE_START, SHAKE_END]


def test_never_ending_shake_never_rolls_until_it_stops():
    d = ShakeDetector()
    ev = events_of(sine_shake(0, 10000, 5, 2000), d)
    assert [c for c, _ in ev] == [SHAKE_START]
    assert d.shaking


def test_axis_clamp_keeps_squares_small():
    d = ShakeDetector()
    d.update(0, 10 ** 9, -10 ** 9, 10 ** 9)
    assert d.energy < (1 << 30)


def test_state_stays_integer():
    d = ShakeDetector()
    events_of(still(0, 100) + sine_shake(110, 900, 5, 2000) + still(1020, 600), d)
    for name, value in vars(d).items():
        assert isinstance(value, (int, bool)), name


def test_bad_thresholds_rejected():
    with pytest.raises(ValueError):
        ShakeDetector(start_mg=1300, stop_mg=1500)


def test_ticks_helpers():
    top = (1 << 29) - 5
    assert ticks_diff(ticks_add(top, 10), top) == 10
    assert ticks_diff(top, ticks_add(top, 10)) == -10
    assert ticks_add(top, 10) == 5


def test_detector_source_is_integer_only():
    """No float literal, true division, math or sqrt anywhere in hardware/shake.py."""
    tree = ast.parse(Path(shake_mod.__file__).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant):
            assert not isinstance(node.value, float), node.lineno
        assert not isinstance(node, (ast.Div,)), getattr(node, "lineno", "?")
        if isinstance(node, ast.Name):
            assert node.id not in ("float", "sqrt", "math"), node.lineno
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            mods = [a.name for a in node.names] + [getattr(node, "module", "") or ""]
            assert not any(m in ("math", "time", "random") for m in mods)


# --- vibration / tilt switch ------------------------------------------------

def switch_run(edge_times, until, step=10, detector=None):
    """Poll every `step` ms; edges are counted per poll like keypad events."""
    detector = detector or SwitchShakeDetector()
    edges = sorted(edge_times)
    i = 0
    out = []
    for now in range(0, until + 1, step):
        n = 0
        while i < len(edges) and edges[i] <= now:
            n += 1
            i += 1
        code = detector.update(now, n)
        if code:
            out.append((code, now))
    return out


def switch_shake_edges(start, ms, hz=5, bounces=2):
    """A spring switch closes near each acceleration peak (twice a cycle) and bounces."""
    out = []
    half = 1000 // (2 * hz)
    t = start
    while t < start + ms:
        for b in range(bounces):
            out.append(t + 25 * b)        # keypad debounce keeps edges >= 20 ms apart
            out.append(t + 25 * b + 20)
        t += half
    return out


def test_switch_shake_rolls_once():
    ev = switch_run(switch_shake_edges(500, 800), 3000)
    assert [c for c, _ in ev] == [SHAKE_START, SHAKE_END]
    assert 1300 <= ev[1][1] <= 1300 + 400


def test_switch_tilt_and_single_knocks_do_not_roll():
    # Turning the box over flips a tilt switch once; a knock rattles it twice.
    assert switch_run([400, 1500, 1520, 3000], 4000) == []


def test_switch_two_shakes_far_apart_roll_twice():
    edges = switch_shake_edges(200, 700) + switch_shake_edges(1800, 700)
    ev = switch_run(edges, 4000)
    assert [c for c, _ in ev] == [SHAKE_START, SHAKE_END] * 2
