"""Figures for yahtzee_core.odds.chase (printed, never asserted).

    .venv/bin/python bench/bench_odds.py [--repeat N] [--pystone PATH]

(a) CPython: milliseconds per box, and per Odds screen (every box of the ruleset, aim
    'make') for the three moments of a turn: before the first roll (3 rolls to come),
    dice showing with 2 and with 1 roll left;
(b) MicroPython unix port (64-bit, .mpy compiled) and CircuitPython 10.2.1 unix port
    (32-bit, from the shared/circuitpython folder beside the repo, when present): ms per screen, heap kept by the
    odds tables, and garbage per call (tests/mpy/check_odds.py);
(c) x86 instructions per box counted by valgrind (callgrind's Ir: a run of one
    screen minus a run of none) on the MicroPython unix port (release build) and on
    the 32-bit CircuitPython (a debug build with assertions: higher counts);
(d) an estimate for an RP2040 board at 125 MHz from (c): instructions x cycles per
    instruction. The cycles per instruction come from pystone: give --pystone PATH (a
    pystone.py, e.g. CPython 3.6's Lib/test/pystone.py; not shipped here) and the bench
    counts this MicroPython's instructions per pystone; a board running 1000 to 1500
    pystones/s (CircuitPython on a 120 MHz Cortex-M4 was published at 1521; an RP2040
    is assumed no faster) spends 125e6 / rate cycles per pystone.

The machine is shared and loaded: times are noisy, instruction counts are not.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import yahtzee_core as yc  # noqa: E402
from mpy_util import run_micropython  # noqa: E402
from yahtzee_core import odds  # noqa: E402
from yahtzee_core.odds import chase  # noqa: E402

CHECK_ODDS = ROOT / "tests" / "mpy" / "check_odds.py"
CIRCUITPY = ROOT.parent / "shared" / "circuitpython" / "circuitpython-10.2.1-unix32"
MOMENTS = ((None, 3, "before the first roll"), ((1, 2, 3, 3, 5), 2, "dice, 2 rolls left"),
           ((1, 2, 3, 3, 5), 1, "dice, 1 roll left"))
BOARD_HZ = 125_000_000
BOARD_PYSTONES = (1500, 1000)   # per second at 125 MHz: an assumption, see (d)
MICROPYTHON = Path(sys.executable).parent / "micropython"

# One Odds screen (or none), for counting instructions: tables built first, then
# MOMENT's chase for every box, COUNT times.
SCREEN_SCRIPT = """
import sys
import yahtzee_core as yc
from yahtzee_core.odds import chase
rules = yc.ruleset(sys.argv[1])
moment = int(sys.argv[2])
count = int(sys.argv[3])
chase(rules, 0, (1, 2, 3, 4, 5), 1)
dice = None if moment == 3 else (1, 2, 3, 3, 5)
for _ in range(count):
    for box in range(rules.n_boxes):
        chase(rules, box, dice, moment)
"""


def cpython_figures(repeat):
    print("(a) CPython %s" % sys.version.split()[0])
    for name in yc.RULESETS:
        rules = yc.ruleset(name)
        chase(rules, 0)
        parts = []
        for dice, rolls_left, label in MOMENTS:
            t0 = time.perf_counter()
            for _ in range(repeat):
                odds._fresh.clear()   # time the work, not the cache
                for box in range(rules.n_boxes):
                    chase(rules, box, dice, rolls_left)
            screen = (time.perf_counter() - t0) * 1000 / repeat
            parts.append("%s %.1f ms (%.2f/box)" % (label, screen, screen / rules.n_boxes))
        print("  %-20s screen: %s" % (name, "; ".join(parts)))


def interpreter_figures(label, out):
    screens = re.findall(r"^screen ms (\d) (\d+)$", out, re.M)
    kept = re.search(r"^mem kept after first chase (\d+)$", out, re.M)
    garbage = [int(g) for g in re.findall(r"^mem garbage per chase \S+ \d (\d+)$", out, re.M)]
    print("  %s: screen ms %s; tables kept %s B; garbage per call <= %s B"
          % (label, ", ".join("%s rolls to come %s" % s for s in screens),
             kept.group(1) if kept else "?", max(garbage) if garbage else "?"))


def run_circuitpython(script, args, heap="64K"):
    env = dict(os.environ, MICROPYPATH=str(ROOT))
    return subprocess.run([str(CIRCUITPY), "-X", "heapsize=%s" % heap, str(script)] +
                          [str(a) for a in args], capture_output=True, text=True,
                          env=env, cwd=str(ROOT), timeout=600)


def instructions(interpreter, script, *args, path=ROOT):
    """valgrind's count of instructions for one run (MICROPYPATH = path: the repo)."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         str(interpreter), "-X", "heapsize=256K", str(script)] + [str(a) for a in args],
        capture_output=True, text=True, env=dict(os.environ, MICROPYPATH=str(path)),
        cwd=str(path), timeout=900)
    m = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or not m:
        raise RuntimeError(done.stderr[-2000:])
    return int(m.group(1))


def cycles_per_instruction(pystone):
    """(MicroPython x86 instructions per pystone, [board cycles per such instruction at
    each rate of BOARD_PYSTONES])."""
    per_pystone = (instructions(MICROPYTHON, pystone, 2000) -
                   instructions(MICROPYTHON, pystone, 0)) / 2000
    return per_pystone, [BOARD_HZ / rate / per_pystone for rate in BOARD_PYSTONES]


def main():
    from tools.cli_checks import Parser, bad_count, bad_in_file
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=20, help="screens timed per figure")
    parser.add_argument("--pystone", type=Path, help="a pystone.py to calibrate (d)")
    args = parser.parse_args()
    parser.refuse(bad_count(args.repeat, '--repeat', what='screens'),
                  args.pystone and bad_in_file(args.pystone, '--pystone'))
    cpython_figures(args.repeat)
    print("(b) real interpreters, %d screens each" % args.repeat)
    for name in ("yahtzee", "yatzy"):
        done = run_micropython(CHECK_ODDS, heapsize="64K", args=[name, "0", args.repeat])
        interpreter_figures("MicroPython unix 64-bit %-8s" % name, done.stdout)
        if CIRCUITPY.exists():
            done = run_circuitpython(CHECK_ODDS, [name, "0", args.repeat])
            interpreter_figures("CircuitPython unix 32-bit %-8s" % name, done.stdout)
    if not shutil.which("valgrind"):
        print("(c) skipped: valgrind not installed")
        return
    print("(c) x86 instructions per box (valgrind Ir), aim 'make'")
    interpreters = [("MicroPython", MICROPYTHON)]
    if CIRCUITPY.exists():
        interpreters.append(("CircuitPython-32", CIRCUITPY))
    screens = {}
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "odds_screen.py"
        script.write_text(SCREEN_SCRIPT)
        for label, interpreter in interpreters:
            for name in ("yahtzee", "yatzy"):
                n_boxes = yc.ruleset(name).n_boxes
                base = instructions(interpreter, script, name, 3, 0)
                for dice, rolls_left, moment in MOMENTS:
                    screen = instructions(interpreter, script, name, rolls_left, 1) - base
                    screens[label, name, moment] = screen
                    print("  %-16s %-8s %-22s %5.2f M/box, %6.1f M per screen of %d boxes"
                          % (label, name, moment, screen / n_boxes / 1e6, screen / 1e6,
                             n_boxes))
    if not args.pystone:
        print("(d) skipped: give --pystone PATH to calibrate the board estimate")
        return
    per_pystone, cpi = cycles_per_instruction(args.pystone)
    print("(d) MicroPython: %.0f instructions per pystone; a board at 1500..1000 pystones/s"
          " spends %.1f..%.1f cycles per such instruction" % (per_pystone, cpi[0], cpi[1]))
    for (label, name, moment), screen in screens.items():
        if label == "MicroPython":
            print("  RP2040 125 MHz, %-8s %-22s whole Odds screen %.1f..%.1f s"
                  % (name, moment, screen * cpi[0] / BOARD_HZ, screen * cpi[1] / BOARD_HZ))


if __name__ == "__main__":
    main()
