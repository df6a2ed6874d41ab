"""Shared pytest setup: make the repo root and tests/ importable however pytest is started,
and keep the simulator's default save out of the real user's data folder."""
import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

# ./play.sh keeps its game in the user's data folder (sim.data_folder, which honours
# XDG_DATA_HOME): the tests, and the simulators they start, keep theirs in a folder of
# their own (removed at the end), a new one for each test (no_user_data).
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="pocket-yahtzee-tests-")
atexit.register(shutil.rmtree, os.environ["XDG_DATA_HOME"], True)


@pytest.fixture(autouse=True)
def no_user_data(monkeypatch, tmp_path_factory):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("user-data")))


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


def pytest_collection_modifyitems(config, items):
    # The games on the emulated Pico (minutes each) run first, shared out: test.sh's
    # work-stealing workers each start on one contiguous part of the list, so each
    # part begins with its share of the games, and the many short tests fill in
    # around them (all the games in one part left a worker alone at the end).
    games = [i for i in items if i.nodeid.startswith("tests/test_pico_emu.py")]
    rest = [i for i in items if not i.nodeid.startswith("tests/test_pico_emu.py")]
    workers = getattr(config, "workerinput", {}).get("workercount", 1)
    part = len(items) // workers
    ordered = []
    for w in range(workers):
        mine = games[w::workers]
        take = part - len(mine) if w < workers - 1 else len(rest)
        ordered += mine + rest[:take]
        rest = rest[take:]
    items[:] = ordered
