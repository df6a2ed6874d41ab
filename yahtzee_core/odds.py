"""The odds of one box this turn: exact chance and expected points, integers only.

    from yahtzee_core.odds import chase
    chance, points, keep = chase(rules, box, dice=None, rolls_left=3, aim='make')

`chance` is the chance (units of 1/10,000, rounded half up) that the box is made by
the end of the turn, `points` the expected points in the box (hundredths, rounded half
up), both under the policy `aim` picks; `keep` the dice to keep now (a sorted tuple;
None before the first roll). What "made" means for each box:

- a box with a requirement (kinds, pairs, full house, straights, the five-alike box)
  is made when its requirement is met: its plain score is above 0; where the ruleset
  has a Joker, five of a kind also makes full house and the straights and scores
  their Joker points (25/30/40), as the Joker would let it;
- an upper box (no requirement of its own) is made with three or more of its face:
  its share of the 63 points the upper bonus needs;
- Chance is always made.

aim='make' maximises the chance (ties: more expected points); aim='points' maximises
the expected points (ties: the higher chance). Holds still tied go to the lowest hold
index (so the fewest dice kept).

Exact: after the last roll a roll's value is an integer; a hold's value is the sum of
its completions' values, over all 6**(5 - k) ordered outcomes of the k dice rolled, put
on the common scale 6**5 = 7776 by multiplying by 6**k (the sweep of advisor.py); the
best hold within a roll is pushed up through the holds. Each roll thus multiplies the
denominator by 7776, never divides. Only the final figures are divided (rounded).
On a 32-bit CircuitPython the values of the first of three rolls exceed the small-int
range (2**30) and become long ints for that stage: see bench/bench_odds.py.

Working memory: the child table (1260 uint16) and ways table (252 B), built on the
first call and kept; four lists (462 + 462 + 252 + 252 ints) reused by every call.
"""

from array import array

from .dice import N_ROLLS, N_HOLDS, IllegalMove, hold_dice, hold_index, rank_counts, \
    pack_counts, roll_index

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_N_SMALL = const(210)    # holds of 0..4 dice: the ones with children
_BASE5 = const(210)      # hold index of five kept dice = 210 + roll index
_SCALE = const(7776)     # 6 ** 5
_LEVEL = b'\x00\x01\x07\x1c\x54\xd2'   # first hold index of each hold size 0..5

_work = None


def _tables():
    """(children, ways, x, y, e, g), built once: children[h * 6 + f - 1] is hold h
    with one more die showing f; ways[r] the orderings of roll r (5! / prod(c!));
    x, y hold values and e, g roll values of the two objectives (scratch)."""
    global _work
    if _work is None:
        ch = array('H', bytes(2 * 6 * _N_SMALL))
        for h in range(_N_SMALL):
            kept = hold_dice(h)
            for f in range(1, 7):
                ch[h * 6 + f - 1] = hold_index(kept + (f,))
        ways = bytearray(N_ROLLS)
        for r in range(N_ROLLS):
            w = 120
            d = hold_dice(_BASE5 + r)
            run = 1
            for i in range(1, 5):
                run = run + 1 if d[i] == d[i - 1] else 1
                w //= run
            ways[r] = w
        _work = (ch, ways, [0] * N_HOLDS, [0] * N_HOLDS, [0] * N_ROLLS, [0] * N_ROLLS)
    return _work


def _sweep(x, e, ch):
    """x[h] = value of hold h on the 7776 scale when the dice not kept are rolled and
    the roll is worth e[r]: the sum over the hold's ordered outcomes times 6**k."""
    for r in range(N_ROLLS):
        x[_BASE5 + r] = e[r]
    for h in range(_N_SMALL - 1, -1, -1):
        i = h * 6
        x[h] = x[ch[i]] + x[ch[i + 1]] + x[ch[i + 2]] + x[ch[i + 3]] + x[ch[i + 4]] + x[ch[i + 5]]
    mult = 6
    for k in range(1, 6):
        for h in range(_LEVEL[k], _LEVEL[k + 1] if k < 5 else N_HOLDS):
            x[h] *= mult
        mult *= 6


def _push_best(x, y, ch):
    """Each hold takes the best (x, y) of the holds inside it (x first, then y); then
    the five-dice holds are the rolls' values with one more roll to come."""
    for h in range(_N_SMALL):
        a = x[h]
        b = y[h]
        for j in range(h * 6, h * 6 + 6):
            c = ch[j]
            if a > x[c] or (a == x[c] and b > y[c]):
                x[c] = a
                y[c] = b


def _rounded(num, den, unit):
    """num / den in units of 1/unit, rounded half up."""
    return (num * unit + den // 2) // den


def chase(rules, box, dice=None, rolls_left=3, aim='make'):
    """(chance in 1/10,000, expected points in hundredths, dice to keep or None) of
    chasing one box (name or index) for the rest of this turn; see the module doc."""
    b = rules.box_index(box)
    if aim == 'make':
        make_first = True
    elif aim == 'points':
        make_first = False
    else:
        raise ValueError("aim is 'make' or 'points', not %r" % (aim,))
    if dice is None:
        if rolls_left != 3:
            raise ValueError("before the first roll all 3 rolls are to come")
        roll = -1
    else:
        roll = roll_index(dice)   # IllegalMove unless five dice 1..6
        if not (isinstance(rolls_left, int) and 0 <= rolls_left <= 2):
            raise IllegalMove("with dice showing, 0 to 2 rolls are left, not %r" % (rolls_left,))
    ch, ways, x, y, e, g = _tables()
    # Value of every roll after the last roll: made (0/1) and points.
    table = rules._table
    five = rules._five_alike
    joker = rules.joker_points[b] if rules.joker_points else 0
    off = b * N_ROLLS
    par = 3 * (b + 1) if b < rules.n_upper else 1
    for r in range(N_ROLLS):
        pts = table[off + r]
        if joker and five[r]:
            pts = joker
        made = 1 if pts >= par else 0
        if make_first:
            e[r] = made
            g[r] = pts
        else:
            e[r] = pts
            g[r] = made
    den = 1
    keep = None
    if roll < 0:
        # Two rolls of choices, then the first roll's expectation over its 7776 outcomes.
        for stage in range(2):
            _sweep(x, e, ch)
            _sweep(y, g, ch)
            _push_best(x, y, ch)
            for r in range(N_ROLLS):
                e[r] = x[_BASE5 + r]
                g[r] = y[_BASE5 + r]
            den *= _SCALE
        p = q = 0
        for r in range(N_ROLLS):
            p += ways[r] * e[r]
            q += ways[r] * g[r]
        den *= _SCALE
    elif rolls_left == 0:
        p, q = e[roll], g[roll]
        keep = hold_dice(_BASE5 + roll)
    else:
        for stage in range(rolls_left):
            _sweep(x, e, ch)
            _sweep(y, g, ch)
            den *= _SCALE
            if stage < rolls_left - 1:
                _push_best(x, y, ch)
                for r in range(N_ROLLS):
                    e[r] = x[_BASE5 + r]
                    g[r] = y[_BASE5 + r]
        best = -1
        p = q = -1
        # Every sub-multiset of the dice showing, by face counts (no tuples).
        packed = pack_counts(dice)
        sub = packed
        while True:
            k = 0
            t = sub
            while t:
                k += t & 7
                t >>= 3
            h = _LEVEL[k] + rank_counts(sub)
            a = x[h]
            c = y[h]
            if a > p or (a == p and (c > q or (c == q and h < best))):
                p, q, best = a, c, h
            if not sub:
                break
            # next smaller sub-multiset: decrement the count vector, fields <= packed's
            f = 0
            while (sub >> (3 * f)) & 7 == 0:
                sub |= ((packed >> (3 * f)) & 7) << (3 * f)
                f += 1
            sub -= 1 << (3 * f)
        keep = hold_dice(best)
    if not make_first:
        p, q = q, p
    return _rounded(p, den, 10000), _rounded(q, den, 100), keep
