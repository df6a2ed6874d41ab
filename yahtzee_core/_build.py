"""Box kinds, and the one-time builder of a ruleset's score tables.

A ruleset describes box b by ``kinds[b]``, a letter, and ``params[b]`` (two bytes
objects). The builder turns them into one table: each roll's face counts, from which
an upper box's score (face times count) and the sum of the dice follow, then a column
per box below the upper section (see table()); the ruleset then forgets this module (``rules.forget``) so
its code does not stay in RAM. Letters, not named constants: a variant needs no import
of this module, and no name of a kind stays interned in RAM after the build.

    u  sum of the dice showing face `param` (upper section)
    k  sum of all dice if at least `param` are alike, else 0
    n  sum of `param` alike dice (the highest such face), else 0
    y  `param` points if all the dice are alike
    f  three of one face and two of another: `param` points, 0 = the sum
    s  four consecutive faces: `param` points
    l  five consecutive faces: `param` points
    a  exactly 1-2-3-4-5 (three dice: 1-2-3): `param` points
    b  exactly 2-3-4-5-6 (three dice: 4-5-6): `param` points
    c  sum of all dice
    p  pairs of two different faces: the sum of those four dice
    e  five different faces, missing a 1, 2 or 6 (1-5, 2-6, 3-4-5-6-1): `param` points
    x  at least four alike: `param` points
    m  at least four alike: the sum plus `param`
    z  all five alike: the sum plus `param`
    g  three of one face and two of another: the sum plus `param`
    j  such a full house in one colour: the sum plus `param`
    h  all five dice one colour: `param` points
    q  two pairs (four alike counts) whose four dice are one colour: the sum
    o  all dice different and odd (three dice: 1-3-5): `param` points
    v  all dice different and even (three dice: 2-4-6): `param` points
    t  the dice total 13: `param` points
    r  at least two alike and the dice total 13 (Crag's crag): `param` points

Colours are Kismet's: 1 and 6 black, 2 and 5 red, 3 and 4 green, so two faces share a
colour exactly when they add up to 7.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from .dice import hold_dice, HOLD_START

# The letters' byte values: private consts compile to plain numbers (no names in RAM).
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
_WRAP_RUN = const(0x65)     # e
_FOUR_FIXED = const(0x78)   # x
_FOUR_PLUS = const(0x6D)    # m
_FIVE_PLUS = const(0x7A)    # z
_FULL_PLUS = const(0x67)    # g
_FULL_COLOUR = const(0x6A)  # j
_FLUSH = const(0x68)        # h
_PAIRS_COLOUR = const(0x71) # q


def table(rules):
    """(scores, at), the tables Ruleset.score_roll reads, from the ruleset's kinds and
    params, over the rolls of its n_dice.

    scores[3 * roll + (f - 1) // 2] holds the count of face f in a roll index, in its
    low nibble for an odd face, its high nibble for an even one: 756 bytes (where the
    six upper boxes' scores took 1,512) from which an upper box's score and the sum of
    the dice follow. Box b >= 6 then has a column: 252 bytes from offset at[b] >= 0,
    its plain score for each roll (pairs and n-alike boxes, whose scores vary); or,
    when at[b] < 0, 32 bytes from offset ~at[b] & 4095, one bit per roll, set where
    the box scores: a = ~at[b] >> 12 points if a < 128, else the sum of the dice plus
    a - 128. One function with no helpers: every function and argument name would stay
    interned in RAM."""
    kinds = rules.kinds
    params = rules.params
    n_dice = rules.n_dice
    nb = len(kinds)
    n = (0, 6, 21, 56, 126, 252)[n_dice]  # rolls: C(n_dice + 5, 5) of six-faced dice
    if kinds[:6] != b'uuuuuu' or params[:6] != b'\x01\x02\x03\x04\x05\x06' or \
            b'u' in kinds[6:]:
        raise ValueError("the first six boxes, and only they, are the upper section, "
                         "faces 1 to 6")
    at = [0] * nb
    size = 3 * n
    for b in range(6, nb):
        kind = chr(kinds[b])
        if kind in 'np':
            at[b] = size
            size += n
            continue
        if kind in 'yslabexhovtr' or params[b] and kind == 'f':
            add = params[b]          # a fixed score
        else:
            add = 128 + (params[b] if kind in 'mzgj' else 0)  # the sum (plus)
        at[b] = ~(size | add << 12)
        size += n // 8 + 1  # 32 bytes: 252 bits (five dice)
    table = bytearray(size)
    counts = bytearray(7)
    for i in range(n):
        dice = hold_dice(i + HOLD_START[n_dice])
        for f in range(7):
            counts[f] = 0
        for d in dice:
            counts[d] += 1
        for f in range(1, 7):
            table[3 * i + (f - 1) // 2] |= counts[f] << (4 - 4 * (f & 1))
        total = sum(dice)
        most = max(counts)
        # Runs of consecutive faces, exact threes and twos, pairs of different faces,
        # the face missing from five different ones, and the colour facts (f, 7 - f).
        run = longest = threes = twos = n_pairs = pair_sum = missing = 0
        colour_pairs = one_colour = 0
        for face in range(1, 7):
            c = counts[face]
            run = run + 1 if c else 0
            longest = max(longest, run)
            threes += c == 3
            twos += c == 2
            if c >= 2:
                n_pairs += 1
                pair_sum += 2 * face
            if not c:
                missing = face
            if face < 4:
                mate = counts[7 - face]
                colour_pairs = max(colour_pairs, c // 2 + mate // 2)
                one_colour = one_colour or c + mate == 5
        full = threes and twos
        for b in range(6, nb):
            kind = kinds[b]
            param = params[b]
            if kind == _CHANCE:
                v = total
            elif kind == _SUM_IF_KIND:
                v = total if most >= param else 0
            elif kind == _FIVE_ALIKE:
                v = param if most == n_dice else 0
            elif kind == _SUM_OF_KIND:
                v = 0
                for face in range(6, 0, -1):
                    if counts[face] >= param:
                        v = face * param
                        break
            elif kind == _FULL_HOUSE:
                v = (param or total) if full else 0
            elif kind == _WRAP_RUN:
                v = param if most == 1 and missing in (1, 2, 6) else 0
            elif kind == _FOUR_FIXED:
                v = param if most >= 4 else 0
            elif kind == _FOUR_PLUS:
                v = total + param if most >= 4 else 0
            elif kind == _FIVE_PLUS:
                v = total + param if most == n_dice else 0
            elif kind == _FULL_PLUS:
                v = total + param if full else 0
            elif kind == _FULL_COLOUR:
                v = total + param if full and one_colour else 0
            elif kind == _FLUSH:
                v = param if one_colour else 0
            elif kind == _PAIRS_COLOUR:
                v = total if colour_pairs >= 2 else 0
            elif kind == _TWO_PAIRS:
                v = pair_sum if n_pairs == 2 else 0
            elif kind == _RUN_OF_4:
                v = param if longest >= 4 else 0
            elif kind == _RUN_OF_5:
                v = param if longest == n_dice else 0
            elif kind == _LOW_RUN:
                v = param if longest == n_dice and counts[1] else 0
            elif kind == _HIGH_RUN:
                v = param if longest == n_dice and counts[6] else 0
            elif kind == 0x6F:  # o (Crag's kinds: literal, no names in RAM)
                v = param if most == 1 and not (counts[2] or counts[4] or counts[6]) else 0
            elif kind == 0x76:  # v
                v = param if most == 1 and not (counts[1] or counts[3] or counts[5]) else 0
            elif kind == 0x74:  # t
                v = param if total == 13 else 0
            elif kind == 0x72:  # r
                v = param if total == 13 and most >= 2 else 0
            else:
                raise ValueError("unknown box kind %r" % chr(kind))
            o = at[b]
            if o >= 0:
                table[o + i] = v
            elif v:
                add = ~o >> 12
                if v != (add if add < 128 else total + add - 128):
                    raise ValueError("box %d does not score one amount or the sum" % b)
                table[(~o & 4095) + (i >> 3)] |= 1 << (i & 7)
    return table, tuple(at)  # a bytearray: a bytes copy would need the RAM twice
