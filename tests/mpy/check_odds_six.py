# yahtzee_core.odds_six (six dice: Maxi Yatzy) on a real MicroPython / CircuitPython:
# no pytest, plain prints. Usage: micropython check_odds_six.py [STEP]
# Prints one line per case, "odds BOX AIM DICE ROLLS_LEFT -> CHANCE POINTS KEEP" (DICE
# and KEEP as digits), for every box, aim 'make' (and 'points' for a few), for every
# STEP-th roll of six dice (default 77) with 2, 1 and 0 rolls left; the pytest side
# compares them with its brute force. "mem garbage per chase N": the heap a call leaves
# behind (a long int would leave a block at every step of its sums). Ends with
# "odds six checks passed".
import gc
import sys

import yahtzee_core as yc
from yahtzee_core import dice as yd
from yahtzee_core.odds_six import chase

STEP = int(sys.argv[1]) if len(sys.argv) > 1 else 77
rules = yc.ruleset("maxi-yatzy")


def digits(d):
    return "".join(str(x) for x in d) or "."


def main():
    worst = 0
    for box in range(rules.n_boxes):
        for aim in ("make", "points") if box % 7 == 0 else ("make",):
            for r in range(0, 462, STEP):
                d = yd.hold_dice(yd.N_HOLDS + r)
                d = d[4:] + d[:4]
                for rolls_left in (2, 1, 0):
                    chase(rules, box, d, rolls_left, aim)     # tables made, then measured
                    gc.collect()
                    before = gc.mem_alloc()
                    c, p, k = chase(rules, box, d, rolls_left, aim)
                    used = gc.mem_alloc() - before
                    if used > worst:
                        worst = used
                    print("odds", rules.categories[box], aim, digits(d), rolls_left, "->",
                          c, p, digits(k))
    print("mem garbage per chase", worst)


main()
print("odds six checks passed")
