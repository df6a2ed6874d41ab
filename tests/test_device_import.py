"""The app must import on a device from plain .py sources (CircuitPython compiles each
.py in RAM at import, and the compile peak grows with the module's size).

Measured by hand on the MicroPython unix port (64-bit) with
`MICROPYPATH=. micropython -X heapsize=NK -c "import ui.app"` (run outside the repo):
the single 1440-line ui/app.py needed 206K; split into mixin modules, 78K; as today
(ui/app.py, ui/codes.py, ui/app_saves.py, ui/hints.py and one module per scene group,
ui/scene_*.py, the biggest imported first) every heap from 73K up works; on
CircuitPython 10 (32-bit) from 48K. The test allows ~15% above that, so a module growing
back towards the old size fails here first.
"""
import pytest

from mpy_util import MICROPYTHON, REPO_ROOT, ports, run_micropython

IMPORT_HEAP = {"micropython": "128K", "circuitpython": "63K"}
# CircuitPython 32-bit (the board's interpreter) is the budget that matters: every heap
# from 59K up imports the app from .py (scanned 50-69K in 1K steps after issue 16);
# from 61K after issue 13's nine rulesets and Duplicate play (scanned 58-67K); from 62K
# (scanned 56-69K) since checks from sources run as modules found through relative paths
# (tests/mpy_util.py), so that the figure no longer depends on where the repo is cloned.
# The 64-bit MicroPython floor is not monotonic since issue 16 (passes at 83-84K, fails
# at 85K, 88-89K, 95-101K and 116-120K: where app.py's own compile leaves the heap
# fragmented), so its run sits mid-way in the 121-139K stretch that all passed.
@pytest.mark.skipif(not MICROPYTHON.exists(), reason="micropython not installed")
@pytest.mark.parametrize("port", ports())
def test_app_imports_from_plain_sources_under_a_fixed_heap(port):
    done = run_micropython("tests/mpy/check_import_app.py", heapsize=IMPORT_HEAP[port],
                           compiled=False, port=port)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "imported App" in done.stdout
    # plain sources, not bytecode: nothing compiled may shadow them
    assert not list((REPO_ROOT / "ui").glob("*.mpy"))
