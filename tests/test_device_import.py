"""The app must import on a device from plain .py sources (CircuitPython compiles each
.py in RAM at import, and the compile peak grows with the module's size).

A single 1440-line ui/app.py needed 206K on the MicroPython unix port (64-bit); as
App, the scene table and the scene modules a game always uses (the others load when
their scenes open: ui/app.py MODULES), the biggest imported first, it needs a fraction
of that, so a module growing back towards one big compile fails here first.
"""
import pytest

from mpy_util import MICROPYTHON, REPO_ROOT, ports, run_micropython

IMPORT_HEAP = {"micropython": "128K", "circuitpython": "76K"}
# CircuitPython 32-bit (the board's interpreter) is the budget that matters: every heap
# from 76K up imports the app from .py (scanned in 1K steps; the packages ui/scenes/,
# ui/saves/ and ui/views/ are a module object each, App's View and Settings classes
# a class each), wherever the repo is
# cloned (checks from sources run as modules found through relative paths:
# tests/mpy_util.py). The 64-bit MicroPython floor is not monotonic (where app.py's own
# compile leaves the heap fragmented), so its run sits well above it.
@pytest.mark.skipif(not MICROPYTHON.exists(), reason="micropython not installed")
@pytest.mark.parametrize("port", ports())
def test_app_imports_from_plain_sources_under_a_fixed_heap(port):
    done = run_micropython("tests/mpy/check_import_app.py", heapsize=IMPORT_HEAP[port],
                           compiled=False, port=port)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "imported App" in done.stdout
    # plain sources, not bytecode: nothing compiled may shadow them
    assert not list((REPO_ROOT / "ui").glob("*.mpy"))
