"""Figures for yahtzee_core.odds.chase (printed, never asserted).

    .venv/bin/python bench/bench_odds.py [--repeat N]

(a) CPython: milliseconds per box, and per Odds screen (every box of the ruleset, aim
    'make') for the three moments of a turn: before the first roll (3 rolls to come),
    dice showing with 2 and with 1 roll left;
(b) MicroPython unix port (64-bit, .mpy compiled) and CircuitPython 10.2.1 unix port
    (32-bit, ../shared/circuitpython when present): ms per screen, heap kept by the
    odds tables, and garbage per call (tests/mpy/check_odds.py);
(c) instructions per box on the 32-bit CircuitPython interpreter, counted by valgrind
    (callgrind's Ir: a run of one screen minus a run of none), and from them an
    estimate for an RP2040 board at 125 MHz.

The board estimate assumes 1.5 to 3 Cortex-M0+ cycles per x86 instruction counted here
(Thumb-1 needs more instructions than x86 for the same VM step, and code runs from
flash through the XIP cache); the interpreter measured is a debug build with
assertions on, so its count is on the high side. The machine is shared and loaded:
compare figures from the same run.
"""
import argparse
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
from yahtzee_core.odds import chase  # noqa: E402

CHECK_ODDS = ROOT / "tests" / "mpy" / "check_odds.py"
CIRCUITPY = ROOT.parent / "shared" / "circuitpython" / "circuitpython-10.2.1-unix32"
MOMENTS = ((None, 3, "before the first roll"), ((1, 2, 3, 3, 5), 2, "dice, 2 rolls left"),
           ((1, 2, 3, 3, 5), 1, "dice, 1 roll left"))
BOARD_HZ = 125_000_000
CYCLES_PER_INSTRUCTION = (1.5, 3.0)

# One Odds screen (or none), for counting instructions: tables built first, then
# MOMENT's chase for every box, COUNT times.
SCREEN_SCRIPT = """
import sys
import yahtzee_core as yc
from yahtzee_core.odds import chase
rules = yc.ruleset(sys.argv[1])
moment = int(sys.argv[2])
count = int(sys.argv[3])
chase(rules, 0)
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


def instructions(script, name, moment, count):
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         str(CIRCUITPY), "-X", "heapsize=64K", str(script), name, str(moment), str(count)],
        capture_output=True, text=True, env=dict(os.environ, MICROPYPATH=str(ROOT)),
        cwd=str(ROOT), timeout=900)
    m = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or not m:
        raise RuntimeError(done.stderr[-2000:])
    return int(m.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=20, help="screens timed per figure")
    args = parser.parse_args()
    cpython_figures(args.repeat)
    print("(b) real interpreters, %d screens each" % args.repeat)
    for name in ("yahtzee", "yatzy"):
        done = run_micropython(CHECK_ODDS, heapsize="64K", args=[name, "0", args.repeat])
        interpreter_figures("MicroPython unix 64-bit %-8s" % name, done.stdout)
        if CIRCUITPY.exists():
            done = run_circuitpython(CHECK_ODDS, [name, "0", args.repeat])
            interpreter_figures("CircuitPython unix 32-bit %-8s" % name, done.stdout)
    if not CIRCUITPY.exists():
        print("  (no CircuitPython interpreter at ../shared/circuitpython: skipped)")
        return
    if not shutil.which("valgrind"):
        print("(c) skipped: valgrind not installed")
        return
    print("(c) instructions on CircuitPython unix 32-bit (valgrind Ir), board estimate")
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "odds_screen.py"
        script.write_text(SCREEN_SCRIPT)
        for name in ("yahtzee", "yatzy"):
            n_boxes = yc.ruleset(name).n_boxes
            base = {m: instructions(script, name, m, 0) for m in (3,)}[3]
            for dice, rolls_left, label in MOMENTS:
                screen = instructions(script, name, rolls_left, 1) - base
                lo, hi = (screen * c / BOARD_HZ for c in CYCLES_PER_INSTRUCTION)
                print("  %-8s %-22s %6.2f M instructions/box, %6.1f M/screen of %d boxes;"
                      " RP2040 125 MHz estimate %.2f-%.2f s"
                      % (name, label, screen / n_boxes / 1e6, screen / 1e6, n_boxes, lo, hi))


if __name__ == "__main__":
    main()
