"""The odds of one box this turn for fewer than five dice (Crag's three): odds.py's
chase, with odds.py's definitions of "made", its aims and its rounding, worked out
plainly. Its own module, which the Odds screen loads instead of odds.py for such a
ruleset (odds.py is for five dice), so the five-dice Odds screen carries none of it.

After the last roll a roll's value is (made 0/1, points). A hold of k of the n dice
is the sum of its six children (the hold with one more die), so it carries the sum
over its 6**(n - k) ordered completions; times 6**k it is on the scale 6**n. With a
roll to come, each roll takes the best of its sub-holds (compared as odds.py's aim
says, ties to the lowest hold index). Each roll multiplies the scale by 6**n; only
the final figures are divided (rounded half up). Three dice, two rolls: at most
50 * 216**2, small ints on a 32-bit board.

Working memory: each hold's children (6 bytes a hold: 84 holds for three dice) and
two int arrays, made on the first call and dropped with the module.
"""

from array import array

from .dice import HOLD_START, IllegalMove, hold_dice, hold_index, roll_index

_work = {}      # n -> (children, made, points)
_fresh = {}     # (ruleset, box, aim) -> figures before the first roll


def _tables(n):
    """(children, made, points) for n dice: children[6 * h + f - 1] is hold h with a
    die f more (h of fewer than n dice); made and points: a value per hold."""
    if n not in _work:
        small = HOLD_START[n]
        holds = small + _n_rolls(n)
        ch = bytearray(6 * small)
        for h in range(small):
            kept = hold_dice(h)
            for f in range(1, 7):
                ch[6 * h + f - 1] = hold_index(tuple(sorted(kept + (f,))))
        _work[n] = (ch, array('i', bytes(4 * holds)), array('i', bytes(4 * holds)))
    return _work[n]


def _n_rolls(n):
    """C(n + 5, 5): the rolls of n dice (56 for three)."""
    r = 1
    for k in range(1, 6):
        r = r * (n + k) // k
    return r


def _sweep(n, ch, made, pts):
    """The rolls' values (the holds of n dice) -> every hold's sum over its ordered
    completions, put on the scale 6**n."""
    for h in range(HOLD_START[n] - 1, -1, -1):
        at = 6 * h
        m = p = 0
        for f in range(6):
            c = ch[at + f]
            m += made[c]
            p += pts[c]
        made[h] = m
        pts[h] = p
    mult = 1
    for k in range(1, n + 1):   # k dice kept: times 6**k (all n: the roll kept)
        mult *= 6
        for h in range(HOLD_START[k], HOLD_START[k + 1] if k < n else len(made)):
            made[h] *= mult
            pts[h] *= mult


def _better(aim, m, p, bm, bp):
    if aim == 'make':
        return m > bm or (m == bm and p > bp)
    return p > bp or (p == bp and m > bm)


def _best_hold(n, dice, aim, made, pts):
    """The best hold inside the roll `dice` (ties: the lowest hold index)."""
    best = -1
    bm = bp = 0
    for mask in range(1 << n):
        kept = []
        for i in range(n):
            if mask >> i & 1:
                kept.append(dice[i])
        kept.sort()
        h = hold_index(kept)
        m = made[h]
        p = pts[h]
        if best < 0 or _better(aim, m, p, bm, bp) or (m == bm and p == bp and h < best):
            best, bm, bp = h, m, p
    return best


def _round(v, scale, unit):
    return (2 * v * unit + scale) // (2 * scale)


def arguments(rules, box, dice, rolls_left, aim):
    """chase's arguments checked (odds_six.py's too): (box index, rolls left, roll
    index of the dice or -1 before the first roll); ValueError or IllegalMove."""
    b = rules.box_index(box)
    turn = rules.turn_rolls
    if rolls_left is None:
        rolls_left = turn
    if aim not in ('make', 'points'):
        raise ValueError("aim is 'make' or 'points', not %r" % (aim,))
    if dice is None:
        if rolls_left != turn:
            raise ValueError("before the first roll all %d rolls are to come" % turn)
        return b, rolls_left, -1
    roll = roll_index(dice, rules.n_dice)  # IllegalMove unless n dice 1..6
    if not (isinstance(rolls_left, int) and 0 <= rolls_left < turn):
        raise IllegalMove("with dice showing, 0 to %d rolls are left, not %r"
                          % (turn - 1, rolls_left))
    return b, rolls_left, roll


def chase(rules, box, dice=None, rolls_left=None, aim='make'):
    """odds.chase for rules.n_dice < 5, box a name or index: (chance in 1/10,000,
    expected points in hundredths, dice to keep or None); rolls_left None: the
    ruleset's whole turn."""
    n = rules.n_dice
    if n > 5:
        raise ValueError("the odds are for five dice or fewer")
    b, rolls_left, roll = arguments(rules, box, dice, rolls_left, aim)
    turn = rules.turn_rolls
    key = (rules.name, b, aim)
    if roll < 0 and key in _fresh:
        return _fresh[key]
    ch, made, pts = _tables(n)
    start = HOLD_START[n]
    joker = rules.joker_points[b] if rules.joker_points else 0
    par = 3 * (b + 1) if b < rules.n_upper else 1
    nr = _n_rolls(n)
    for r in range(nr):
        p = rules.score_roll(r, b)
        if joker and rules._five_alike(r):
            p = joker
        made[start + r] = 1 if p >= par else 0
        pts[start + r] = p
    if roll >= 0 and rolls_left == 0:
        return 10000 * made[start + roll], 100 * pts[start + roll], hold_dice(start + roll)
    scale = 1
    sweeps = turn - 1 if roll < 0 else rolls_left
    rolls = [hold_dice(start + r) for r in range(nr)] if sweeps > 1 else None
    for s in range(sweeps):
        _sweep(n, ch, made, pts)
        scale *= 6 ** n
        if s < sweeps - 1:      # each roll's value with a roll to come: its best hold
            vm = [0] * nr
            vp = [0] * nr
            for r in range(nr):
                h = _best_hold(n, rolls[r], aim, made, pts)
                vm[r] = made[h]
                vp[r] = pts[h]
            for r in range(nr):
                made[start + r] = vm[r]
                pts[start + r] = vp[r]
    if roll < 0:
        # the first roll: each roll's best hold, weighted by its orderings
        m = p = 0
        for r in range(nr):
            d = hold_dice(start + r)
            h = _best_hold(n, d, aim, made, pts)
            w = _orderings(d)
            m += w * made[h]
            p += w * pts[h]
        scale *= 6 ** n
        out = _fresh[key] = (_round(m, scale, 10000), _round(p, scale, 100), None)
        return out
    h = _best_hold(n, tuple(dice), aim, made, pts)
    return _round(made[h], scale, 10000), _round(pts[h], scale, 100), hold_dice(h)


def _orderings(d):
    """How many ordered rolls show the sorted dice d: n! / prod(count!)."""
    w = 1
    run = 1
    for i in range(1, len(d)):
        w *= i + 1
        if d[i] == d[i - 1]:
            run += 1
            w //= run
        else:
            run = 1
    return w
