"""hardware.shake and hardware.buttons under real MicroPython (.mpy): 0 bytes per update.

tests/mpy/check_shake.py replays every trace under MicroPython and under CPython;
the events must agree and the MicroPython replay loops must not allocate.
"""
import subprocess
import sys

import pytest

from mpy_util import MICROPYTHON, REPO_ROOT, ports, run_micropython

SCRIPT = REPO_ROOT / "tests" / "mpy" / "check_shake.py"
TRACES = sorted(str(p) for p in (REPO_ROOT / "tests" / "traces").glob("*.csv"))
# Every device module of the hardware edge (hardware/desktop.py is desktop only).
PACKAGES = ("hardware.__init__", "hardware.interface", "hardware.shake", "hardware.buttons",
            "hardware.accel", "hardware.board_io", "hardware.settings", "hardware.profiles",
            "hardware.clock", "hardware.sound", "hardware.display", "hardware.battery",
            "hardware.sleep", "events.actions", "events.ticks", "code", "boot")


def parse(stdout):
    lines = {}
    for line in stdout.splitlines():
        words = line.split()
        if words and words[0] in ("BUILD", "POLL"):
            lines[words[0]] = words[1:]
            continue
        if "ALLOC" not in words:
            continue
        at = words.index("ALLOC")
        label = " ".join(words[:at])
        events = words[words.index("EVENTS") + 1:] if "EVENTS" in words else []
        lines[label] = (int(words[at + 1]), events)
    return lines


@pytest.fixture(scope="module", params=ports(forms=(True, False)))
def mpy_result(request):
    port, compiled = request.param
    if not MICROPYTHON.exists():
        pytest.skip("micropython not installed in the venv")
    # The traces are loaded into arrays first, hence the larger heap; the replay
    # loops themselves are what is measured.
    done = run_micropython(SCRIPT, heapsize="512K", packages=PACKAGES, args=TRACES,
                           port=port, compiled=compiled)
    assert done.returncode == 0, done.stderr
    return parse(done.stdout)


@pytest.fixture(scope="module")
def cpython_result():
    done = subprocess.run([sys.executable, str(SCRIPT)] + TRACES, capture_output=True,
                          text=True, cwd=str(REPO_ROOT), env={"PYTHONPATH": str(REPO_ROOT)})
    assert done.returncode == 0, done.stderr
    return parse(done.stdout)


def test_the_meter_sees_allocation(mpy_result):
    assert mpy_result["PROBE"][0] > 0


def test_every_replay_allocates_nothing(mpy_result):
    labels = [k for k in mpy_result if k not in ("PROBE", "BUILD", "POLL")]
    assert len(labels) == len(TRACES) + 2          # traces, SWITCH, CONTROLS
    for label in labels:
        assert mpy_result[label][0] == 0, label


def test_micropython_and_cpython_agree(mpy_result, cpython_result):
    assert set(mpy_result) == set(cpython_result)
    for label, result in mpy_result.items():
        if label in ("BUILD", "POLL"):
            continue
        assert result[1] == cpython_result[label][1], label


def test_builder_falls_back_under_micropython(mpy_result):
    """Without board modules every part is missing, reported, and nothing crashes."""
    build = mpy_result["BUILD"]
    fields = dict(zip(build[1::2], build[2::2]))
    assert build[0] == "three-button"
    assert fields["SHAKE"] == "0" and fields["DISPLAY"] == "0"
    assert fields["NVM"] == "4096" and int(fields["MESSAGES"]) >= 2
    assert mpy_result["POLL"] == ["0"]


def test_controls_replay_reports_buttons_and_one_roll(mpy_result):
    _, events = mpy_result["CONTROLS"]
    pairs = [tuple(int(v) for v in e.split("@")) for e in events]
    codes = [c for c, _ in pairs]
    # HOLD_1, OK (short, on release), HINT (OK held), shake START, HOLD_1 pressed
    # while shaking, shake END.
    assert codes == [1, 6, 14, 12, 1, 13]
    times = dict(zip(codes, (t for _, t in pairs)))
    assert 450 <= times[6] < 470            # reported at the release, not the press
    assert 1400 <= times[14] < 1420         # 600 ms after the press at 800
    assert 3000 <= times[12] <= 4000 <= times[13] <= 4000 + 450
