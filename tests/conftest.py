"""Shared pytest setup: make the repo root and tests/ importable however pytest is started."""
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
for _path in (str(REPO_ROOT), str(REPO_ROOT / "tests")):
    if _path not in sys.path:
        sys.path.insert(0, _path)


def pytest_report_header(config):
    # One line saying whether the CircuitPython checks run or why they skip.
    from mpy_util import CIRCUITPYTHON_DIR, CIRCUITPYTHON_MISSING, circuitpython_available
    if circuitpython_available():
        return "circuitpython: 10.2.1 unix32 + mpy-cross from %s" % CIRCUITPYTHON_DIR
    return "circuitpython: checks skipped: " + CIRCUITPYTHON_MISSING


def pytest_collection_modifyitems(items):
    # The games on the emulated Pico (minutes each) run first: with test.sh's two
    # work-stealing workers the other worker takes the many short tests meanwhile,
    # and no long game is left to run alone at the end.
    items.sort(key=lambda item: 0 if item.nodeid.startswith("tests/test_pico_emu.py") else 1)
