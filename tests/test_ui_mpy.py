"""The app logic (ui.app, ui.loop.Runner, yahtzee_core) under the real MicroPython,
compiled to .mpy, with the views replaced by a recording stand-in."""
import pytest

from mpy_util import MICROPYTHON, run_micropython


@pytest.mark.skipif(not MICROPYTHON.exists(), reason="micropython not installed")
def test_scripted_game_runs_under_micropython_without_allocating_per_frame():
    done = run_micropython("tests/mpy/check_app.py", heapsize="128K",
                           packages=("yahtzee_core", "ui"))
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "app checks passed" in out
    # steady state: idle and tumbling frames allocate nothing on the heap
    for line in out.splitlines():
        if line.startswith("alloc "):
            assert " 0 bytes" in line, line
