"""hardware.battery and hardware.sleep on MicroPython and CircuitPython (.mpy and
.py): the gauge's frame-loop path allocates nothing and gives CPython's integers;
the deep-sleep record survives a (stand-in) sleep and wake the same way."""
import subprocess
import sys

import pytest

from mpy_util import MICROPYTHON, REPO_ROOT, ports, run_micropython

SCRIPT = REPO_ROOT / "tests" / "mpy" / "check_power.py"
PACKAGES = ("hardware.__init__", "hardware.interface", "hardware.battery", "hardware.sleep",
            "events.ticks")


def lines(stdout):
    return {line.split()[0] + (" " + line.split()[1] if line.startswith("PERCENT") else ""):
            line for line in stdout.splitlines() if line.strip()}


@pytest.fixture(scope="module")
def cpython():
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True,
                          cwd=str(REPO_ROOT), env={"PYTHONPATH": str(REPO_ROOT)})
    assert done.returncode == 0, done.stderr
    return lines(done.stdout)


@pytest.fixture(scope="module", params=ports(forms=(True, False)))
def device(request):
    port, compiled = request.param
    if not MICROPYTHON.exists():
        pytest.skip("micropython not installed in the venv")
    done = run_micropython(SCRIPT, heapsize="64K", packages=PACKAGES, port=port,
                           compiled=compiled)
    assert done.returncode == 0, done.stdout + done.stderr
    return lines(done.stdout)


def test_the_meter_sees_allocation(device):
    assert int(device["PROBE"].split()[2]) > 0


def test_gauge_updates_allocate_nothing(device):
    words = device["GAUGE"].split()
    assert words[1] == "ALLOC" and words[2] == "0"
    assert int(words[-1]) == 24                   # one reading per 5 s over 2 minutes


def test_device_and_cpython_give_the_same_integers(device, cpython):
    for key in cpython:
        if key in ("PROBE",):
            continue
        got = device[key].split()
        want = cpython[key].split()
        if key == "GAUGE":
            got, want = got[3:], want[3:]         # ALLOC differs (-1 on CPython)
        assert got == want, key


def test_the_fall_ends_low_and_saving(device):
    assert device["FLAGS"].split()[1:] == ["1", "1", "0"]


def test_sleep_and_wake_through_the_record(device):
    # not woken at first, 2 alarms, woken with its note and drive flag, a reset is no wake
    assert device["SLEEP"].split()[1:] == ["0", "2", "1", "05a0", "0", "1"]
