"""How long the app's whole Odds screen takes to appear, as a player opens it.

    .venv/bin/python bench/bench_odds_screen.py [--repeat N] [--pystone PATH] [--rules NAME]

"Whole screen" is `app.go(ODDS)` in the real App from plain .py sources, as a board
runs them: compiling ui/scenes/odds.py and yahtzee_core/odds.py (both dropped again
when the screen closes, so every opening pays it), building the odds tables, one
odds.chase per open box and the row texts. Measured at three moments of a Yahtzee
turn (before the first roll, 2 rolls left, 1 roll left; every box open); --rules
maxi-yatzy times Maxi Yatzy's (six dice: yahtzee_core/odds_six.py, 20 boxes):

(a) milliseconds on the MicroPython unix port (64-bit) and, when ../shared/circuitpython
    is there, the CircuitPython 10.2.1 unix port (32-bit), each opening timed alone;
    and the heap (after a collection) with the screen open and after it closes;
(b) x86 instructions per opening on MicroPython (valgrind), the screen minus a run that
    stops just before opening it, from plain sources and from .mpy files (a bundle built
    with tools/build_bundle.py --mpy: no compiling at the opening); with --pystone PATH,
    the same board estimate as bench/bench_odds.py (d): instructions x cycles per
    instruction of a board running 1000-1500 pystones/s at 125 MHz.

The machine is shared and loaded: times are noisy, instruction counts are not.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "tests")]

from bench_odds import (BOARD_HZ, BOARD_PYSTONES, CIRCUITPY, MICROPYTHON,  # noqa: E402
                        cycles_per_instruction, instructions, run_circuitpython)
from mpy_util import compile_packages  # noqa: E402

# argv: repeat (0: build the app and stop before the first opening), moment index,
# "appear" to stop once the screen shows (its first rows), else every row is worked out
# (App.tick does one a frame after the first screenful).
SCRIPT = """
import gc
import sys
try:
    from time import ticks_ms, ticks_diff
except ImportError:
    from time import monotonic_ns
    def ticks_ms():
        return monotonic_ns() // 1000000
    def ticks_diff(a, b):
        return a - b
from events import actions as A
from ui import app as ui_app

seed = [12345]
def dice():
    seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return seed[0] % 6 + 1

repeat = int(sys.argv[1])
only = int(sys.argv[2]) if len(sys.argv) > 2 else -1
whole = len(sys.argv) <= 3 or sys.argv[3] != "appear"
app = ui_app.App(storage=bytearray(b"\\xff" * 1024), rng=dice, now_ms=0)
app.handle(A.OK, 0)                      # New game
if len(sys.argv) > 4:                    # a ruleset by name (else the first)
    app.settings.setup_rules = app.yc.RULESETS.index(sys.argv[4])
while app.view.items[app.view.cursor] != "Start game":
    app.handle(A.DOWN, 0)
app.handle(A.OK, 0)
names = ("before the first roll", "2 rolls left", "1 roll left")
for moment in range(3):
    if moment:
        app.handle(A.OK, 0)               # roll
    if only >= 0 and moment != only:
        continue
    worst = total = shown = 0
    gc.collect()
    base = gc.mem_alloc()
    for _ in range(repeat):
        app.returns[ui_app.ODDS] = ui_app.PLAY     # where BACK goes (App.open sets it)
        t0 = ticks_ms()
        app.go(ui_app.ODDS, 0)
        shown += ticks_diff(ticks_ms(), t0)
        while whole and "..." in app.view.values:
            app.tick(0)
        t = ticks_diff(ticks_ms(), t0)
        total += t
        worst = t if t > worst else worst
        gc.collect()
        heap_open = gc.mem_alloc() - base
        app.handle(A.BACK, 0)             # back: the odds scene and odds leave RAM
        gc.collect()
        heap_closed = gc.mem_alloc() - base
    if repeat:
        print("odds screen ms", moment, total // repeat, worst, shown // repeat,
              names[moment], len(app.view.items))
        print("odds screen heap", moment, heap_open, heap_closed)
print("done")
"""


def timings(label, out):
    heaps = dict((m.group(1), m.group(2, 3)) for m in re.finditer(
        r"^odds screen heap (\d) (-?\d+) (-?\d+)$", out, re.M))
    for m in re.finditer(r"^odds screen ms (\d) (\d+) (\d+) (\d+) (.+) (\d+)$", out, re.M):
        print("  %-27s %-22s shows in %3s ms, all %s boxes in %3s ms (worst %s)"
              % (label, m.group(5), m.group(4), m.group(6), m.group(2), m.group(3)))
        if m.group(1) in heaps:
            print("  %-27s %-22s heap (after garbage collection) +%s B with the screen"
                  " open, +%s B after it closes" % (("",) + (m.group(5),) + heaps[m.group(1)]))


def main():
    from tools.cli_checks import Parser, bad_count, bad_in_file, unknown_rules
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=10, help="openings timed per figure")
    parser.add_argument("--pystone", type=Path, help="a pystone.py to calibrate (b)")
    parser.add_argument("--rules", default="yahtzee", help="the ruleset played")
    args = parser.parse_args()
    parser.refuse(bad_count(args.repeat, '--repeat', what='openings'),
                  args.pystone and bad_in_file(args.pystone, '--pystone'),
                  unknown_rules(args.rules))
    rules = [-1, "whole", args.rules]
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "odds_screen_app.py"
        script.write_text(SCRIPT)
        print("(a) whole Odds screen in the app, plain sources, %d openings each" % args.repeat)
        env = dict(os.environ, MICROPYPATH=str(ROOT))
        # 64-bit objects are twice the board's: a roomier heap, so that compiling the
        # two modules again at every opening does not run into fragmentation here
        done = subprocess.run([str(MICROPYTHON), "-X", "heapsize=256K", str(script),
                               str(args.repeat)] + [str(a) for a in rules], capture_output=True, text=True, env=env,
                              cwd=str(ROOT), timeout=600)
        if "done" not in done.stdout:
            raise RuntimeError(done.stdout + done.stderr)
        timings("MicroPython unix 64-bit", done.stdout)
        if CIRCUITPY.exists():
            done = run_circuitpython(script, [args.repeat] + rules, heap="160K")
            if "done" not in done.stdout:
                raise RuntimeError(done.stdout + done.stderr)
            timings("CircuitPython unix 32-bit", done.stdout)
        if not shutil.which("valgrind"):
            print("(b) skipped: valgrind not installed")
            return
        print("(b) x86 instructions per opening (valgrind), MicroPython")
        screens = []
        for form, path in (("plain .py", ROOT), (".mpy", compile_packages(("yahtzee_core", "ui")))):
            base = instructions(MICROPYTHON, script, 0, -1, "whole", args.rules, path=path)
            for moment, name in enumerate(("before the first roll", "2 rolls left",
                                           "1 roll left")):
                for part in ("appear", "whole"):
                    n = instructions(MICROPYTHON, script, 1, moment, part, args.rules,
                                     path=path) - base
                    label = "%s, %s, %s" % (form, name, "shows" if part == "appear" else "all rows")
                    screens.append((label, n))
                    print("  %-44s %6.1f M instructions" % (label, n / 1e6))
        if not args.pystone:
            print("  board estimate skipped: give --pystone PATH")
            return
        per_pystone, cpi = cycles_per_instruction(args.pystone)
        print("  %.0f instructions per pystone; at %d..%d pystones/s a board spends %.1f..%.1f"
              " cycles per instruction" % (per_pystone, BOARD_PYSTONES[0], BOARD_PYSTONES[1],
                                          cpi[0], cpi[1]))
        for name, n in screens:
            print("  RP2040 125 MHz, %-44s %.1f..%.1f s"
                  % (name, n * cpi[0] / BOARD_HZ, n * cpi[1] / BOARD_HZ))


if __name__ == "__main__":
    main()
