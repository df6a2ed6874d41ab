"""Box kinds, and the one-time builder of a ruleset's score tables.

A ruleset describes box b by ``kinds[b]``, a letter, and ``params[b]`` (two bytes
objects). The builder turns them into one table of plain scores; the ruleset then
forgets this module (``rules.forget``) so its code does not stay in RAM. Letters, not
named constants: a variant needs no import of this module, and no name of a kind stays
interned in RAM after the build.

    u  sum of the dice showing face `param` (upper section)
    k  sum of all dice if at least `param` are alike, else 0
    n  sum of `param` alike dice (the highest such face), else 0
    y  `param` points if all five dice are alike
    f  three of one face and two of another: `param` points, 0 = the sum
    s  four consecutive faces: `param` points
    l  five consecutive faces: `param` points
    a  exactly 1-2-3-4-5: `param` points
    b  exactly 2-3-4-5-6: `param` points
    c  sum of all dice
    p  pairs of two different faces: the sum of those four dice
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from .dice import N_ROLLS, pack_counts, rank_counts

# The letters' byte values: private consts compile to plain numbers (no names in RAM).
_UPPER = const(0x75)        # u
_SUM_IF_KIND = const(0x6B)  # k
_SUM_OF_KIND = const(0x6E)  # n
_FIVE_ALIKE = const(0x79)   # y
_FULL_HOUSE = const(0x66)   # f
_RUN_OF_4 = const(0x73)     # s
_RUN_OF_5 = const(0x6C)     # l
_LOW_RUN = const(0x61)      # a
_HIGH_RUN = const(0x62)     # b
_CHANCE = const(0x63)       # c
_TWO_PAIRS = const(0x70)    # p


def box_score(kind, param, counts, total):
    """Plain score of one box of kind `kind` (a letter's byte value); counts[f] dice
    show face f (counts[0] unused)."""
    if kind == _UPPER:
        return param * counts[param]
    if kind == _CHANCE:
        return total
    if kind == _SUM_IF_KIND:
        return total if max(counts) >= param else 0
    if kind == _FIVE_ALIKE:
        return param if max(counts) == 5 else 0
    if kind == _SUM_OF_KIND:
        for face in range(6, 0, -1):
            if counts[face] >= param:
                return face * param
        return 0
    if kind == _FULL_HOUSE:
        threes = twos = 0
        for c in counts:
            threes += c == 3
            twos += c == 2
        return (param or total) if threes and twos else 0
    if kind == _TWO_PAIRS:
        pairs = [face for face in range(1, 7) if counts[face] >= 2]
        return 2 * (pairs[0] + pairs[1]) if len(pairs) == 2 else 0
    # Straights: the longest run of consecutive faces present.
    run = longest = 0
    for face in range(1, 7):
        run = run + 1 if counts[face] else 0
        longest = max(longest, run)
    if kind == _RUN_OF_4:
        return param if longest >= 4 else 0
    if kind == _RUN_OF_5:
        return param if longest == 5 else 0
    if kind == _LOW_RUN:
        return param if longest == 5 and counts[1] else 0
    if kind == _HIGH_RUN:
        return param if longest == 5 and counts[6] else 0
    raise ValueError("unknown box kind %r" % chr(kind))


def tables(kinds, params):
    """(scores, five_alike): scores[b * 252 + roll] is box b's plain score for a roll
    index; five_alike[roll] is the face of a five-alike roll, else 0."""
    nb = len(kinds)
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
                            table[b * N_ROLLS + i] = box_score(kinds[b], params[b], counts, total)
    return table, five_alike  # bytearrays: a bytes copy would need the RAM twice

