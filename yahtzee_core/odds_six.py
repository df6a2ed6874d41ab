"""The odds of one box this turn for six dice (Maxi Yatzy): odds.py's chase, with
odds.py's aims and rounding and its meaning of "made" (an upper box: its share of
the upper bonus, four of its face where the bonus needs 84), exact, in small ints.
Its own module, which the Odds screen loads instead of odds.py for six dice, so the
five-dice Odds screen carries none of it.

As in odds_small.py, after the last roll a roll's value is (made 0/1, points); a hold
of k dice is the sum over its 6**(6 - k) ordered completions, put on the scale of one
roll, 6**6 = 46656, by multiplying by 6**k; with a roll to come each roll takes the
best of its sub-holds (odds.py's aim; ties to the lowest hold index). Every roll
multiplies the scale by 46656, and two rolls to come already pass a board's small
ints (46656**2 > 2**31), so each figure is kept as digits in base 46656, lowest
first. With two rolls to come (a board's most) the first sweep keeps one digit (the
top's arrays) and the second two: the lower under 46656 (a uint16), the top at most
46656 times the box's best score (points: an int32; made: at most 46656, a uint16). Sums and
products carry from digit to digit; nothing ever exceeds 46656 * 7776 + a carry (<
2**29). Only the final figure is divided (long division by 46656**s, rounded half
up): the same figures as exact fractions give (tests/test_scoring_odds.py checks
them by brute force).

A fresh turn (three rolls) is worked out digit by digit, a digit more each roll (the
desktop's case: the Odds screen reads those figures from ui/odds_fresh.py, which
tools/odds_fresh.py writes).

Working memory, made on the first call and dropped with the module: the digits of
made and points for all 924 holds (with two rolls to come 3 uint16 arrays and one
int32: 7.4 KB), and the holds' children: small_planner's tables (a byte each, 2.8
KB), read in flash on our firmware (odds_tables.SIX_CHILDREN). A turn planner lends
its values' int32 array as the points' top digit (lend: the Odds screen's level good,
whose values are worked out again after), so 5.5 KB are the odds' own.
"""

from array import array

from .dice import N_HOLDS, HOLD_START, hold_dice, rank_counts
from .odds_small import arguments

_B = 46656      # 6**6: the ordered outcomes of one roll of six dice, the digits' base
_ALL = 924      # holds of 0..6 dice; the rolls are 462..923
_work = {}      # 'ch': children; digits -> (made digits, points digits); 'x': lent
_fresh = {}     # (ruleset, box, aim) -> figures before the first roll


def lend(planner=None):
    """A six-dice turn planner's values (small_planner's x, an array('i') of the 924
    holds) for the points' top digit, and its child tables, in place of the odds'
    own: its values are forgotten, worked out again when next asked for (the
    children are only read); lend() gives them back: the digits go, made again at
    the next call."""
    _work.clear()
    if planner is not None:
        planner._stage = 0
        _work['x'] = planner.x
        _work['ch'] = planner.children


def _children():
    """ch[k][6 * (h - HOLD_START[k]) + f - 1]: hold h of k dice with a die f more is
    hold h + (the holds of k dice) + that byte (small_planner's tables): lent, else
    in flash on our firmware, else built once."""
    ch = _work.get('ch')
    if ch is None:
        from .flash import tables_in_flash
        if tables_in_flash():
            from .odds_tables import SIX_CHILDREN as ch
        else:
            from .child_tables import level_children
            from .rules import forget
            ch = level_children(6)
            forget('child_tables')
        _work['ch'] = ch
    return ch


def _digits(n):
    """Two lists of n digit arrays (made, points), lowest first, the rolls' digits
    above the first zeroed (the holds of fewer dice are written before they are
    read). Two digits: uint16 below the top, the points' top an int32 (lent where a
    planner lends one); one: made a uint16, points an int32; three (a fresh turn,
    the old flow's unnormalised lower digits): int32."""
    work = _work.get(n)
    if work is None:
        for key in (1, 2, 3):
            _work.pop(key, None)        # one set at a time
        if n == 2:
            top = _work.get('x') or array('i', bytes(4 * _ALL))
            work = ([array('H', bytes(2 * _ALL)), array('H', bytes(2 * _ALL))],
                    [array('H', bytes(2 * _ALL)), top])
        elif n == 1:
            work = ([array('H', bytes(2 * _ALL))], [_work.get('x') or array('i', bytes(4 * _ALL))])
        else:
            work = ([array('i', bytes(4 * _ALL)) for _ in range(n)],
                    [array('i', bytes(4 * _ALL)) for _ in range(n)])
        _work[n] = work
    for d in range(1, n):
        for x in (work[0][d], work[1][d]):
            for h in range(N_HOLDS, _ALL):
                x[h] = 0
    return work


def _sweep(made, pts, ch, n):
    """The rolls' values (the six-dice holds, in n digits; a fresh turn: n - 1) ->
    every hold's expectation on a scale 46656 times larger, in n digits; then the
    rolls' on that scale too (a digit up, the top taking the one below: keeping all
    six is one of the holds compared).
    One and two digits (a board's cases) are written out; more (a fresh turn's
    three, on the desktop) go digit by digit."""
    m0 = made[0]
    p0 = pts[0]
    m1 = made[1] if n > 1 else None
    p1 = pts[1] if n > 1 else None
    both = (made, pts)
    for k in range(5, -1, -1):              # the sums: children first (more dice)
        chk = ch[k]
        first = HOLD_START[k]
        past = (HOLD_START[k + 1] if k < 5 else N_HOLDS) - first
        for h in range(first, first + past):
            at = 6 * (h - first)
            u = h + past
            c0 = u + chk[at]
            c1 = u + chk[at + 1]
            c2 = u + chk[at + 2]
            c3 = u + chk[at + 3]
            c4 = u + chk[at + 4]
            c5 = u + chk[at + 5]
            if n == 1:
                m0[h] = m0[c0] + m0[c1] + m0[c2] + m0[c3] + m0[c4] + m0[c5]
                p0[h] = p0[c0] + p0[c1] + p0[c2] + p0[c3] + p0[c4] + p0[c5]
            elif n == 2:
                t = m0[c0] + m0[c1] + m0[c2] + m0[c3] + m0[c4] + m0[c5]
                q = t // _B
                m0[h] = t - q * _B
                m1[h] = m1[c0] + m1[c1] + m1[c2] + m1[c3] + m1[c4] + m1[c5] + q
                t = p0[c0] + p0[c1] + p0[c2] + p0[c3] + p0[c4] + p0[c5]
                q = t // _B
                p0[h] = t - q * _B
                p1[h] = p1[c0] + p1[c1] + p1[c2] + p1[c3] + p1[c4] + p1[c5] + q
            else:
                for x in both:
                    carry = 0
                    for d in range(n):
                        v = x[d]
                        t = v[c0] + v[c1] + v[c2] + v[c3] + v[c4] + v[c5] + carry
                        if d < n - 1:
                            carry = t // _B
                            t -= carry * _B
                        v[h] = t
    mult = 1
    for k in range(1, 6):                   # k dice kept: times 6**k
        mult *= 6
        for h in range(HOLD_START[k], HOLD_START[k + 1] if k < 5 else N_HOLDS):
            if n == 1:
                m0[h] *= mult
                p0[h] *= mult
            elif n == 2:
                t = m0[h] * mult
                q = t // _B
                m0[h] = t - q * _B
                m1[h] = m1[h] * mult + q
                t = p0[h] * mult
                q = t // _B
                p0[h] = t - q * _B
                p1[h] = p1[h] * mult + q
            else:
                for x in both:
                    carry = 0
                    for d in range(n):
                        v = x[d]
                        t = v[h] * mult + carry
                        if d < n - 1:
                            carry = t // _B
                            t -= carry * _B
                        v[h] = t
    for x in both:                          # all six kept: times 46656, a digit up
        if n == 1:
            v = x[0]
            for h in range(N_HOLDS, _ALL):
                v[h] *= _B
            continue
        v = x[n - 1]                        # the top takes the digit below it
        w = x[n - 2]
        for h in range(N_HOLDS, _ALL):
            v[h] = v[h] * _B + w[h]
        for d in range(n - 2, 0, -1):
            v = x[d]
            w = x[d - 1]
            for h in range(N_HOLDS, _ALL):
                v[h] = w[h]
        v = x[0]
        for h in range(N_HOLDS, _ALL):
            v[h] = 0


def _cmp(a, b, h, c, n):
    """Hold h against hold c, keys a then b (n digits each, the top one first): > 0
    when h is better, 0 when tied."""
    for d in range(n - 1, -1, -1):
        v = a[d]
        if v[h] != v[c]:
            return v[h] - v[c]
    for d in range(n - 1, -1, -1):
        v = b[d]
        if v[h] != v[c]:
            return v[h] - v[c]
    return 0


def _push(a, b, ch, n):
    """Each hold passes its value up to the holds that contain it when better: then
    each roll holds the value of its best sub-hold (a roll with a roll to come). One
    digit (a board's case) compares plain ints, written out; more (a fresh turn's,
    on the desktop) go by _cmp."""
    a0 = a[0]
    b0 = b[0]
    for k in range(6):                      # fewer dice first: a best goes on up
        chk = ch[k]
        first = HOLD_START[k]
        past = (HOLD_START[k + 1] if k < 5 else N_HOLDS) - first
        for h in range(first, first + past):
            u = h + past
            at = 6 * (h - first)
            if n == 1:                      # written out: a board's every Odds row
                x = a0[h]
                y = b0[h]
                c = u + chk[at]
                if x > a0[c] or (x == a0[c] and y > b0[c]):
                    a0[c] = x
                    b0[c] = y
                c = u + chk[at + 1]
                if x > a0[c] or (x == a0[c] and y > b0[c]):
                    a0[c] = x
                    b0[c] = y
                c = u + chk[at + 2]
                if x > a0[c] or (x == a0[c] and y > b0[c]):
                    a0[c] = x
                    b0[c] = y
                c = u + chk[at + 3]
                if x > a0[c] or (x == a0[c] and y > b0[c]):
                    a0[c] = x
                    b0[c] = y
                c = u + chk[at + 4]
                if x > a0[c] or (x == a0[c] and y > b0[c]):
                    a0[c] = x
                    b0[c] = y
                c = u + chk[at + 5]
                if x > a0[c] or (x == a0[c] and y > b0[c]):
                    a0[c] = x
                    b0[c] = y
            else:
                for j in range(at, at + 6):
                    c = u + chk[j]
                    if _cmp(a, b, h, c, n) > 0:
                        for d in range(n):
                            a[d][c] = a[d][h]
                            b[d][c] = b[d][h]


def _round(x, h, n, unit):
    """Figure x at hold h, n digits on the scale 46656**n, in units of 1/unit, rounded
    half up: long division, the top digit split in two first (times unit it would
    pass a small int)."""
    carry = 0
    below = 0
    top = x[n - 1][h]
    for d in range(n):                  # the digits below the scale, times unit
        v = top % _B if d == n - 1 else x[d][h]
        t = v * unit + carry
        carry = t // _B
        below = t - carry * _B
    # what is left of the lower digits is below 46656**n: half of it or more when
    # the highest of them is half the base or more
    return top // _B * unit + carry + (1 if below >= _B // 2 else 0)


def chase(rules, box, dice=None, rolls_left=None, aim='make'):
    """odds.chase for six dice, box a name or index: (chance in 1/10,000, expected
    points in hundredths, dice to keep or None); rolls_left None: a whole turn."""
    if rules.n_dice != 6:
        raise ValueError("these odds are for six dice")
    b, rolls_left, roll = arguments(rules, box, dice, rolls_left, aim)
    turn = rules.turn_rolls
    key = (rules.name, b, aim)
    if roll < 0 and key in _fresh:
        return _fresh[key]
    joker = rules.joker_points[b] if rules.joker_points else 0
    par = rules.upper_bonus_at // 21 * (b + 1) if b < rules.n_upper else 1
    if roll >= 0 and rolls_left == 0:
        p = rules.score_roll(roll, b)
        if joker and rules._five_alike(roll):
            p = joker
        return 10000 if p >= par else 0, 100 * p, hold_dice(N_HOLDS + roll)
    sweeps = rolls_left if roll >= 0 else turn
    ch = _children()
    made, pts = _digits(sweeps)
    # two rolls to come: the first sweep in the top digits alone (one digit, on the
    # scale 46656: made a uint16, points an int32), then split in two for the second
    top = 1 if sweeps == 2 else 0
    m0 = made[top]
    p0 = pts[top]
    for r in range(_ALL - N_HOLDS):
        p = rules.score_roll(r, b)
        if joker and rules._five_alike(r):
            p = joker
        m0[N_HOLDS + r] = 1 if p >= par else 0
        p0[N_HOLDS + r] = p
    first, second = (made, pts) if aim == 'make' else (pts, made)
    if sweeps == 2:
        _sweep(made[1:], pts[1:], ch, 1)
        _push(first[1:], second[1:], ch, 1)
        for x in (made, pts):               # each roll's best: two digits
            hi = x[1]
            lo = x[0]
            for h in range(N_HOLDS, _ALL):
                v = hi[h]
                q = v // _B
                hi[h] = q
                lo[h] = v - q * _B
        _sweep(made, pts, ch, 2)
    else:                                   # one sweep; a fresh turn: a digit a sweep
        for s in range(1, sweeps + 1):
            _sweep(made, pts, ch, s)
            if s < sweeps:
                _push(first, second, ch, s)
    if roll < 0:    # the empty hold: the first roll, every roll at its best hold
        out = _fresh[key] = (_round(made, 0, sweeps, 10000), _round(pts, 0, sweeps, 100),
                             None)
        return out
    best = -1
    for mask in range(64):      # the dice's own holds (ties: the lowest hold index)
        packed = k = 0          # the kept dice's face counts (dice.pack_counts)
        for i in range(6):
            if mask >> i & 1:
                packed += 1 << (3 * dice[i] - 3)
                k += 1
        h = (N_HOLDS if k == 6 else HOLD_START[k]) + rank_counts(packed)
        if best < 0:
            best = h
            continue
        c = _cmp(first, second, h, best, sweeps)
        if c > 0 or (c == 0 and h < best):
            best = h
    return (_round(made, best, sweeps, 10000), _round(pts, best, sweeps, 100),
            hold_dice(best))
