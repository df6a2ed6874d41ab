"""Box kinds, and the one-time builder of a ruleset's score tables.

Rulesets describe each box as (name, label, kind, param). The builder turns that into
one table of plain scores; afterwards the ruleset unloads this module (``unload()``),
so its code does not stay in RAM.
"""

import sys
from .dice import N_ROLLS, pack_counts, rank_counts

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

UPPER = const(0)          # sum of the dice showing face `param`
SUM_IF_KIND = const(1)    # sum of all dice if at least `param` alike, else 0
SUM_OF_KIND = const(2)    # sum of `param` matching dice (the highest such face), else 0
FIXED_KIND = const(3)     # `param` points if all five dice are alike
FULL_HOUSE = const(4)     # three of one face, two of another: `param` points, or the sum if 0
RUN = const(5)            # any `param & 7` consecutive faces: `param >> 3` points
EXACT_RUN = const(6)      # exactly one of each face from `param & 7` up: `param >> 3` points
CHANCE = const(7)         # sum of all dice
TWO_PAIRS = const(8)      # pairs of two different faces: sum of those four dice


def box_score(kind, param, counts, total):
    """Plain score of one box; `counts[f]` dice show face f (index 0 unused)."""
    if kind == UPPER:
        return param * counts[param]
    if kind == CHANCE:
        return total
    if kind == SUM_IF_KIND:
        return total if max(counts) >= param else 0
    if kind == FIXED_KIND:
        return param if max(counts) == 5 else 0
    if kind == SUM_OF_KIND:
        for face in range(6, 0, -1):
            if counts[face] >= param:
                return face * param
        return 0
    if kind == FULL_HOUSE:
        threes = twos = 0
        for c in counts:
            threes += c == 3
            twos += c == 2
        return (param or total) if threes and twos else 0
    if kind == RUN:
        run = 0
        for face in range(1, 7):
            run = run + 1 if counts[face] else 0
            if run >= param & 7:
                return param >> 3
        return 0
    if kind == EXACT_RUN:
        low = param & 7
        for face in range(1, 7):
            if counts[face] != (1 if low <= face < low + 5 else 0):
                return 0
        return param >> 3
    if kind == TWO_PAIRS:
        pairs = [face for face in range(1, 7) if counts[face] >= 2]
        return 2 * (pairs[0] + pairs[1]) if len(pairs) == 2 else 0
    raise ValueError("unknown box kind")


def tables(boxes):
    """(scores, five_alike): scores[b * 252 + roll] is box b's plain score for a roll
    index; five_alike[roll] is the face of a five-alike roll, else 0."""
    nb = len(boxes)
    table = bytearray(nb * N_ROLLS)
    five_alike = bytearray(N_ROLLS)
    counts = bytearray(7)
    roll = bytearray(5)
    # Every sorted roll d0 <= d1 <= ... <= d4, as five nested ranges.
    for d0 in range(1, 7):
        for d1 in range(d0, 7):
            for d2 in range(d1, 7):
                for d3 in range(d2, 7):
                    for d4 in range(d3, 7):
                        roll[0], roll[1], roll[2], roll[3], roll[4] = d0, d1, d2, d3, d4
                        i = rank_counts(pack_counts(roll))
                        for f in range(7):
                            counts[f] = 0
                        for d in roll:
                            counts[d] += 1
                        if d0 == d4:
                            five_alike[i] = d0
                        total = d0 + d1 + d2 + d3 + d4
                        for b in range(nb):
                            table[b * N_ROLLS + i] = box_score(boxes[b][2], boxes[b][3], counts, total)
    return bytes(table), bytes(five_alike)


def unload():
    """Drop this module from RAM once the tables are built."""
    sys.modules.pop(__name__, None)
    pkg = sys.modules.get('yahtzee_core')
    if pkg is not None and '_build' in dir(pkg):
        delattr(pkg, '_build')
