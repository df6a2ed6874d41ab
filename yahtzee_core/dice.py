"""Unordered dice as small integers: every roll and every hold has an index.

A roll of five dice ignoring order is one of 252 multisets; a hold (the dice kept
between rolls, 0 to 5 of them) is one of 462. Both are ranked in colexicographic
order of their sorted faces with a 77-byte binomial table, so turning dice into an
index allocates nothing. A multiset's colex rank does not depend on how many dice
the game has: a ruleset of n dice (Crag: 3, Maxi Yatzy: 6) uses the holds of 0..n
dice, the first C(n + 6, 6) indexes, and its C(n + 5, 5) rolls are the holds of n
dice. Six dice add 462 holds after the 462 of 0..5 dice, 924 in all: HOLD_START stays
five dice's bytes (the six-dice holds start at N_HOLDS), and no name is added to this
module (the five-dice rulesets carry nothing for six).

>>> roll_index((1, 1, 1, 1, 1)), roll_index((6, 6, 6, 6, 6))
(0, 251)
>>> roll_index((3, 1, 2, 5, 4)) == roll_index((1, 2, 3, 4, 5))
True
>>> roll_dice(roll_index((6, 2, 2, 4, 2)))
(2, 2, 2, 4, 6)
>>> hold_index(()), hold_index((6, 6, 6, 6, 6)), N_HOLDS
(0, 461, 462)
>>> roll_index((6, 6, 6), 3), hold_dice(55 + HOLD_START[3])
(55, (6, 6, 6))
>>> hold_index((1,) * 6), hold_index((6,) * 6), hold_dice(923)
(462, 923, (6, 6, 6, 6, 6, 6))
"""

N_ROLLS = 252   # C(10, 5): multisets of five dice
N_HOLDS = 462   # 1 + 6 + 21 + 56 + 126 + 252: multisets of 0..5 dice
# First hold index of each hold size 0..5 (odds.py walks the holds by size too).
HOLD_START = b'\x00\x01\x07\x1c\x54\xd2'

# C(n, k) at n * 7 + k for n <= 10, k <= 6 (enough to rank six-dice rolls); a literal,
# so no builder code or loop names reach RAM (tests check it against Pascal's rule).
_BINOM = (b'\x01\x00\x00\x00\x00\x00\x00\x01\x01\x00\x00\x00\x00\x00\x01\x02\x01\x00\x00'
          b'\x00\x00\x01\x03\x03\x01\x00\x00\x00\x01\x04\x06\x04\x01\x00\x00\x01\x05\n'
          b'\n\x05\x01\x00\x01\x06\x0f\x14\x0f\x06\x01\x01\x07\x15##\x15\x07\x01\x08\x1c8'
          b'F8\x1c\x01\t$T~~T\x01\n-x\xd2\xfc\xd2')


class IllegalMove(ValueError):
    """An action the rules do not allow; nothing was changed."""


def pack_counts(dice):
    """Counts of each face packed three bits a face (face 1 lowest): a small int."""
    packed = 0
    for d in dice:
        if type(d) is not int or not 0 < d < 7:  # a bool is no die
            raise IllegalMove("a die shows 1 to 6, not %r" % (d,))
        packed += 1 << (3 * d - 3)
    return packed


def rank_counts(packed):
    """Colex rank of the multiset whose face counts are packed as by pack_counts():
    the sorted dice a_0 <= a_1 <= ... give the combination c_i = a_i - 1 + i, whose
    rank is the sum of C(c_i, i + 1)."""
    rank = i = face = 0
    while packed:
        c = packed & 7
        while c:
            rank += _BINOM[(face + i) * 7 + i + 1]
            i += 1
            c -= 1
        packed >>= 3
        face += 1
    return rank


def roll_index(dice, n=5):
    """Index 0..251 of five dice in any order (of n dice: 0..C(n + 5, 5) - 1);
    IllegalMove unless n dice of 1..6."""
    try:
        ok = len(dice) == n
    except TypeError:
        ok = False
    if not ok:
        raise IllegalMove("%d dice are needed, not %r" % (n, dice))
    return rank_counts(pack_counts(dice))


def hold_index(dice):
    """Index 0..461 of the dice kept (0 to 5 of them, any order); 462..923 for six."""
    k = len(dice)
    return (N_HOLDS if k == 6 else HOLD_START[k]) + rank_counts(pack_counts(dice))


def hold_dice(index):
    """The sorted kept dice of a hold index (allocates a tuple); greedy colex
    unranking, largest die first."""
    if not 0 <= index < 924:  # holds of 0..6 dice
        raise ValueError("hold index out of range")
    if index >= N_HOLDS:
        k = 6
        rank = index - N_HOLDS
    else:
        k = 5
        while HOLD_START[k] > index:
            k -= 1
        rank = index - HOLD_START[k]
    faces = [0] * k
    for i in range(k, 0, -1):
        c = i - 1
        # (c stops at 10: the table ends there, and C(11, 6) = 462 passes any rank)
        while c < 10 and _BINOM[(c + 1) * 7 + i] <= rank:
            c += 1
        rank -= _BINOM[c * 7 + i]
        faces[i - 1] = c - i + 2
    return tuple(faces)


def roll_dice(index):
    """The sorted five dice of a roll index (allocates a tuple); fewer dice: hold_dice
    of index + HOLD_START[n]."""
    if not 0 <= index < N_ROLLS:
        raise ValueError("roll index out of range")
    return hold_dice(index + 210)
