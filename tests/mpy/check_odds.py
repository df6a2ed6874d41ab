# yahtzee_core.odds on a real MicroPython / CircuitPython: no pytest, plain prints.
# Usage: micropython check_odds.py RULESET [STEP] [REPEAT]
# Prints one line per case, "odds BOX AIM DICE ROLLS_LEFT -> CHANCE POINTS KEEP" (DICE and
# KEEP as digits, '-' for none), for every box, both aims, from scratch and for every
# STEP-th roll (default 50; 0 = from scratch only) with 2, 1 and 0 rolls left; the pytest
# side compares them with its brute force. REPEAT > 0 instead times REPEAT whole Odds
# screens (every box of the ruleset, aim 'make') and prints "screen ms", and the ns per
# iteration of a plain loop ("loop ns", to scale the figures to a board). Ends with
# "odds checks passed"; heap figures on lines "mem ...".
import gc
import sys

import yahtzee_core as yc
from yahtzee_core import dice as yd
from yahtzee_core import odds
from yahtzee_core.odds import chase

NAME = sys.argv[1] if len(sys.argv) > 1 else "yahtzee"
STEP = int(sys.argv[2]) if len(sys.argv) > 2 else 50
REPEAT = int(sys.argv[3]) if len(sys.argv) > 3 else 0
rules = yc.ruleset(NAME)


def digits(d):
    return "-" if d is None else "".join(str(x) for x in d) or "."


def report(box, aim, dice, rolls_left):
    c, p, k = chase(rules, box, dice, rolls_left, aim)
    print("odds", rules.categories[box], aim, digits(dice), rolls_left, "->", c, p, digits(k))


gc.collect()
before = gc.mem_alloc()
chase(rules, 0)
gc.collect()
print("mem kept after first chase", gc.mem_alloc() - before)
# Garbage of one call (gc off so nothing is freed meanwhile): long ints on 32-bit
# builds, the keep tuple, the result tuple.
for aim in ("make", "points"):
    for dice, rolls_left in ((None, 3), ((1, 2, 3, 3, 5), 2), ((1, 2, 3, 3, 5), 1)):
        odds._fresh.clear()
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        chase(rules, rules.n_boxes - 1, dice, rolls_left, aim)
        used = gc.mem_alloc() - before
        gc.enable()
        print("mem garbage per chase", aim, rolls_left, used)

if REPEAT:
    try:
        from time import ticks_ms, ticks_diff
    except ImportError:  # CircuitPython
        from time import monotonic_ns

        def ticks_ms():
            return monotonic_ns() // 1000000

        def ticks_diff(a, b):
            return a - b
    for dice, rolls_left in ((None, 3), ((1, 2, 3, 3, 5), 2), ((1, 2, 3, 3, 5), 1)):
        t0 = ticks_ms()
        for _ in range(REPEAT):
            odds._fresh.clear()   # time the work, not the cache of fresh-turn figures
            for box in range(rules.n_boxes):
                chase(rules, box, dice, rolls_left)
        print("screen ms", rolls_left, ticks_diff(ticks_ms(), t0) // REPEAT)

    def loop(n):
        x = 0
        for i in range(n):
            x ^= i
        return x
    # Calibration in the same run: ns per iteration of a plain integer loop.
    t0 = ticks_ms()
    loop(REPEAT * 100000)
    print("loop ns", ticks_diff(ticks_ms(), t0) * 10 // REPEAT)
else:
    for box in range(rules.n_boxes):
        for aim in ("make", "points"):
            report(box, aim, None, 3)
            if STEP:
                for r in range(0, yd.N_ROLLS, STEP):
                    d = yd.roll_dice(r)
                    d = d[3:] + d[:3]
                    for rolls_left in (2, 1, 0):
                        report(box, aim, d, rolls_left)
print("odds checks passed")
