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
on the common scale 6**5 = 7776 by multiplying by 6**k (the sweep of planner.py); the
best hold within a roll is pushed up through the holds. Each roll thus multiplies the
denominator by 7776, never divides; only the final figures are divided (rounded).

Small ints only, for 32-bit boards (CircuitPython's small ints stop at 2**30, and a long
int allocates at every step): points are first divided by the gcd of the box's scores
(Yahtzee 50 -> 1); before the first roll, where the quotients can exceed 17 (sums:
Chance, 3 of a kind, ..) the expected points are kept as two base-7776 digits, value = 7776 * hi + lo with
lo < 7776, each swept on its own (the sweep is linear) and carried after each roll. The
chance needs no split inside the turn (at most 7776**2); the first of three rolls, a
sum over its 252 outcomes, is carried into a third digit. Where the quotients stay at
16 or below, the last roll's chance and points share one int (one sweep, one compare).
With dice showing, quotients up to 100 keep one plain int each (sums below 2**30) and
only the dice's holds are put into digits for the last comparison.

With dice showing only the dice's own holds are compared after the last roll, so
the last sweep leaves the other holds unscaled; an Odds screen asks every box about
the same dice, so their sub-holds are worked out once (_holds). The upper boxes with
2 rolls left skip their first sweep: each is the Ones box with two faces swapped,
whose figures are worked out once.

Working memory, on the first call: the planners' child table (planner.five_children:
a byte per hold and face; the holds of four dice read theirs, the rolls, through views
at 210), each hold's largest die and parent (462 B + 924 B) and the ways table (252
B), all read in place from flash on our firmware (odds_tables.py), else worked out
from the child table; the Ones box's figures (252 int32) when an upper box needs
them (not where a level good planner lends its array: _tables); two int32 arrays of 462 (3.6 KB) reused by every call, a turn planner's where
one is lent (lend), and a third for the points' high digits where they read the
tables from flash only when a box needs it (before the first roll). A box's last roll
is written a point group at a time (planner_room's groups: roll_groups.py) where those
are read from flash. All of it goes with the module (``rules.forget('odds')``) when
the Odds screen closes.
"""

from array import array
from sys import modules

from .dice import N_ROLLS, N_HOLDS, HOLD_START, IllegalMove, hold_dice, rank_counts, \
    pack_counts, roll_index

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_N_SMALL = const(210)    # holds of 0..4 dice: the ones with children
_FOUR = const(84)        # the first hold of four dice: its children are rolls
_BASE5 = const(210)      # hold index of five kept dice = 210 + roll index
_SCALE = const(7776)     # 6 ** 5
_POW6 = (1, 6, 36, 216, 1296, 7776)
_FIVE_ALIKE = (0, 5, 20, 55, 125, 251)  # the rolls of five alike (rules.Ruleset._five_alike)

_work = None
_lent = None      # lend()
_flash = [None]   # flash.tables_in_flash(), for _last_roll
_fresh = {}   # (ruleset, box, aim) -> figures before the first roll: the same every turn
_subs = [-1, bytearray(32), bytearray(32), 0]   # dice (packed counts), their holds: _holds


def _holds(dice):
    """(ranks, sizes, n): every sub-multiset of the dice (n, at most 32), largest
    first: its rank among holds of its size and its size (hold index HOLD_START[size] +
    rank); kept for the next call (an Odds screen asks every box about the same dice)."""
    packed = pack_counts(dice)
    ranks = _subs[1]
    sizes = _subs[2]
    if _subs[0] != packed:
        _subs[0] = -1
        n = 0
        sub = packed
        while True:
            k = 0
            t = sub
            while t:
                k += t & 7
                t >>= 3
            ranks[n] = rank_counts(sub)
            sizes[n] = k
            n += 1
            if not sub:
                break
            # next smaller sub-multiset: count down the face counts, fields <= packed's
            f = 0
            while (sub >> (3 * f)) & 7 == 0:
                sub |= ((packed >> (3 * f)) & 7) << (3 * f)
                f += 1
            sub -= 1 << (3 * f)
        _subs[0] = packed
        _subs[3] = n
    return ranks, sizes, _subs[3]


def lend(planner=None):
    """The hint planner's arrays for the next _tables() to work in, in place of its
    own (1.8 KB each on a board): a table's planner (planner_room's RoomyPlanner.lend)
    lends two int arrays of 462, level good's (a TurnPlanner) its x, whose values are
    then forgotten, worked out again when next asked for; lend() gives them back: the
    tables go, made again at the next call."""
    global _work, _lent
    if planner is None:
        _lent = None
    elif hasattr(planner, 'x2'):
        _lent = planner.lend()
    else:
        planner._stage = 0
        _lent = (planner.x, None)
    _work = None


def _tables():
    """(children, ways, made, hi, lo, upper), built once: children[f - 1][h] is
    hold h with one more die showing f (planner.five_children's layout: a roll's
    index for a hold of four dice); ways[r] the orderings of roll r (5! / prod(c!));
    made, hi, lo: a value per hold (scratch), the chance and the points' two digits
    (hi None till a box needs it, where the tables are read from flash). The five-dice
    holds 210 + r double as the values of the rolls r. upper: [the Ones box's rolls
    with one roll to come, aim 'make', packed (None until an upper box needs them),
    each hold's largest die, the hold without it]."""
    global _work
    if _work is None:
        from .flash import tables_in_flash
        if tables_in_flash():   # generated: odds_tables.py (in flash on our firmware)
            from .odds_tables import FIVE_CHILDREN, TOP, PARENT, WAYS
            made = lo = None
            upper = [None, TOP, PARENT]
            if _lent is not None:
                made, lo = _lent
                if lo is None:
                    # a planner of level good lent its one array: where the heap is
                    # tightest (Triple Yahtzee, Yamb, Balut), each upper box is worked
                    # out in full, no Ones figures kept (1 KB)
                    upper = None
            if made is None:
                made = array('i', bytes(4 * N_HOLDS))
            if lo is None:
                lo = array('i', bytes(4 * N_HOLDS))
            _work = (FIVE_CHILDREN, WAYS, made, None, lo, upper)
    if _work is None:
        # the planners' child table where one is built, else built for this (its
        # builder loaded for it, then let go)
        planner = modules.get('yahtzee_core.planner')
        ch = planner.children if planner is not None else None
        if ch is None:
            from .child_tables import five_children
            from .rules import forget
            ch = five_children()
            forget('child_tables')
        # each hold's largest die and parent (the hold without it), from the children:
        # hold h with a die f no smaller than its own is that hold's parent
        top = bytearray(N_HOLDS)
        parent = bytearray(2 * N_HOLDS)     # two bytes a hold, low first (as
        paths = array('i', bytes(4 * N_HOLDS))  # odds_tables.PARENT: read so in place)
        paths[0] = 1
        for h in range(_N_SMALL):
            up = _BASE5 if h >= _FOUR else 0
            a = paths[h]
            for f in range(6):
                c = up + ch[f][h]
                paths[c] += a       # orderings: paths from the empty hold, a die at a time
                if f + 1 >= top[h]:
                    top[c] = f + 1
                    parent[2 * c] = h & 255
                    parent[2 * c + 1] = h >> 8
        ways = bytearray(N_ROLLS)
        for r in range(N_ROLLS):
            ways[r] = paths[_BASE5 + r]
        zero = bytes(4 * N_HOLDS)
        _work = (ch, ways, paths, array('i', zero), array('i', zero), [None, top, parent])
    return _work


def _sweep(mx, hx, lx, ch, split, scale=True, low=0):
    """Roll values (in the five-dice holds) -> every hold's value on the 7776 scale
    when the dice not kept are rolled: the sum over the hold's ordered outcomes, times
    6**k for k dice kept. With `split` the points are two digits (hx, lx): the low one
    is carried into the high one; else hx is not used. Without `scale` the sums are
    left unscaled (the last sweep: only the holds of the dice showing are compared,
    chase scales just those). Holds below `low` are left alone."""
    # the holds of four dice read their children, the rolls, through views at 210
    _sums(mx, hx, lx, memoryview(mx)[_BASE5:], memoryview(hx)[_BASE5:] if split else None,
          memoryview(lx)[_BASE5:], ch, split, _FOUR, _N_SMALL)
    _sums(mx, hx, lx, mx, hx, lx, ch, split, low, _FOUR)
    if not scale:
        return
    mult = 1
    for k in range(6):
        end = HOLD_START[k + 1] if k < 5 else N_HOLDS
        if split:
            for h in range(HOLD_START[k], end):
                t = lx[h] * mult
                q = t // _SCALE
                lx[h] = t - q * _SCALE
                hx[h] = hx[h] * mult + q
                mx[h] *= mult
        elif k:
            for h in range(HOLD_START[k], end):
                lx[h] *= mult
                mx[h] *= mult
        mult *= 6


def _sums(mx, hx, lx, mu, hu, lu, ch, split, first, end):
    """_sweep's sums for the holds end - 1 down to first, their children read in mu,
    hu, lu (the arrays, or for the holds of four dice their rolls' views)."""
    ch0, ch1, ch2, ch3, ch4, ch5 = ch
    for h in range(end - 1, first - 1, -1):
        c0 = ch0[h]
        c1 = ch1[h]
        c2 = ch2[h]
        c3 = ch3[h]
        c4 = ch4[h]
        c5 = ch5[h]
        mx[h] = mu[c0] + mu[c1] + mu[c2] + mu[c3] + mu[c4] + mu[c5]
        lx[h] = lu[c0] + lu[c1] + lu[c2] + lu[c3] + lu[c4] + lu[c5]
        if split:
            hx[h] = hu[c0] + hu[c1] + hu[c2] + hu[c3] + hu[c4] + hu[c5]


def _sweep_packed(x, ch, scale=True):
    """_sweep of one array of packed values (no carry: the fields never overflow):
    the planners' sums (planner.sweep_range)."""
    from .planner import sweep_range
    sweep_range(x, memoryview(x)[_BASE5:], ch, _FOUR, _N_SMALL)
    sweep_range(x, x, ch, 0, _FOUR)
    if not scale:
        return
    mult = 6
    for k in range(1, 6):
        for h in range(HOLD_START[k], HOLD_START[k + 1] if k < 5 else N_HOLDS):
            x[h] *= mult
        mult *= 6


def _push_packed(x, ch):
    """_push_best of one array of packed values: one comparison per child, parents
    before their children (planner.push_range)."""
    from .planner import push_range
    push_range(x, x, ch, 0, _FOUR)
    push_range(x, memoryview(x)[_BASE5:], ch, _FOUR, _N_SMALL)


def _push_best(k1, k2, k3, ch):
    """Each hold takes the best value of the holds inside it, compared as (k1, k2, k3)
    in that order (k3 k1 again: as (k1, k2) only); then the five-dice holds are the
    rolls' values with a roll to come."""
    _raise_best(k1, k2, k3, k1, k2, k3, ch, 0, _FOUR)
    _raise_best(k1, k2, k3, memoryview(k1)[_BASE5:], memoryview(k2)[_BASE5:],
                memoryview(k3)[_BASE5:], ch, _FOUR, _N_SMALL)


def _raise_best(k1, k2, k3, u1, u2, u3, ch, first, end):
    for h in range(first, end):
        a1 = k1[h]
        a2 = k2[h]
        a3 = k3[h]
        for cs in ch:
            c = cs[h]
            b1 = u1[c]
            if a1 > b1 or (a1 == b1 and (a2 > u2[c] or (a2 == u2[c] and a3 > u3[c]))):
                u1[c] = a1
                u2[c] = a2
                u3[c] = a3


def _rounded(d0, d1, d2, n, unit):
    """(d2 * 7776**2 + d1 * 7776 + d0) / 7776**n in units of 1/unit, rounded half up,
    by long division in base 7776 (d0 < 7776; d1 < 7776 unless d2 is 0)."""
    v = d0 * unit
    c = v // _SCALE
    r0 = v - c * _SCALE
    v = d1 * unit + c
    c = v // _SCALE
    r1 = v - c * _SCALE
    top = d2 * unit + c          # value * unit * 7776**n = top * 7776**2 + r1 * 7776 + r0
    if n == 1:
        return top * _SCALE + r1 + (r0 >= _SCALE // 2)
    if n == 2:
        return top + (r1 >= _SCALE // 2)
    return top // _SCALE + (top % _SCALE >= _SCALE // 2)


def _last_roll(rules, b, made, lo):
    """Box b's value of every roll after the last roll, in the five-dice holds: made
    (0/1) and points divided by g, a common divisor of the box's scores (Yahtzee 50
    -> 1, Sixes 6, 12, .. -> 1..5): a box whose largest quotient is at most 17 never
    needs the points' second digit (17 * 7776**2 < 2**30). Returns (g, top): top at
    least the largest score. The box's rolls grouped by points (planner_room's
    groups, generated in roll_groups.py) where they are read from flash: a value a
    group, not a score a roll."""
    joker = rules.joker_points[b] if rules.joker_points else 0
    par = 3 * (b + 1) if b < rules.n_upper else 1
    if _flash[0] is None:   # asked once (mem_free walks the heap's table)
        from .flash import tables_in_flash
        _flash[0] = tables_in_flash()
    gt = None
    if _flash[0]:
        from .roll_groups import odds_last_roll
        gt = odds_last_roll(rules.name, b, joker, par, made, lo, _BASE5)
    if gt is None:
        score = rules.score_roll  # the upper boxes are not a plain table: rules.py
        g = top = joker
        for r in range(N_ROLLS):
            pts = score(r, b)
            lo[_BASE5 + r] = pts
            if pts > top:
                top = pts
            if pts and g != 1:
                a = g
                while a:
                    a, pts = pts % a, a
                g = pts
        g = g or 1
        for r in range(_BASE5, N_HOLDS):
            pts = lo[r]
            made[r] = 1 if pts >= par else 0
            lo[r] = pts // g
    else:
        g, top = gt
    if joker:   # five of a kind scores the Joker's points (g divides them)
        for r in _FIVE_ALIKE:
            made[_BASE5 + r] = 1 if joker >= par else 0
            lo[_BASE5 + r] = joker // g
    return g, top


def _one_roll_packed(made, lo, ch, aim):
    """The last roll's values (made, lo) -> each roll's value with one roll to come, in
    one int per hold: the chance and the points packed so that one comparison ranks
    (made, points) or (points, made), as made << 17 | points or points << 13 | made;
    for boxes whose points (as _last_roll divides them) are at most 16: no hold's
    value (chance <= 7776, points <= 16 * 7776 < 2**17) then overflows its field."""
    _pack(made, lo, aim)
    _sweep_packed(made, ch)
    _push_packed(made, ch)


def _pack(made, lo, aim):
    """Each roll's (made, points) in made, one int: see _one_roll_packed."""
    if aim == 'make':
        for r in range(_BASE5, N_HOLDS):
            made[r] = made[r] << 17 | lo[r]
    else:
        for r in range(_BASE5, N_HOLDS):
            made[r] = lo[r] << 13 | made[r]


def chase(rules, box, dice=None, rolls_left=3, aim='make'):
    """(chance in 1/10,000, expected points in hundredths, dice to keep or None) of
    chasing one box (name or index) for the rest of this turn; see the module doc.
    A ruleset of several columns (Triple Yahtzee: box = column * 13 + b, scored x1,
    x2, x3) has one column in its table: box b's chances, its points times the
    column's (Yamb's columns score alike); Balut's cells, their category's.
    Generala's served bonus (the first roll's) is not counted. Five dice only:
    ValueError for Crag's three."""
    if rules.n_dice != 5:
        raise ValueError("the odds are for five dice")
    b = rules.box_index(box)
    cols = rules.columns
    if cols > 1:
        per = rules.n_boxes // cols
        m = 1 if rules.column_orders else b // per + 1   # Yamb's columns score alike
        chance, pts, keep = _chase(rules, b % per, dice, rolls_left, aim)
        return chance, pts * m, keep
    if rules.cells > 1:     # Balut: a category's cells score alike (its first cell's)
        b %= rules.n_boxes // rules.cells
    return _chase(rules, b, dice, rolls_left, aim)


def _chase(rules, b, dice, rolls_left, aim):
    global _work
    if aim not in ('make', 'points'):
        raise ValueError("aim is 'make' or 'points', not %r" % (aim,))
    if dice is None:
        if rolls_left != 3:
            raise ValueError("before the first roll all 3 rolls are to come")
        roll = -1
    else:
        roll = roll_index(dice)   # IllegalMove unless five dice 1..6
        if not (isinstance(rolls_left, int) and 0 <= rolls_left <= 2):
            raise IllegalMove("with dice showing, 0 to 2 rolls are left, not %r" % (rolls_left,))
    key = (rules.name, b, aim)
    if roll < 0 and key in _fresh:
        return _fresh[key]
    ch, ways, made, hi, lo, upper = _tables()
    upper = upper if (roll >= 0 and rolls_left == 2 and aim == 'make' and
                         b < rules.n_upper) else None
    if upper:
        # An upper box's rolls, with one roll to come, are the Ones box's (worked out
        # once, as _one_roll_packed leaves them) with face b + 1 and 1 swapped: scores
        # b + 1 times a count, made with three. Divided by g = b + 1 as below.
        if upper[0] is None:
            _last_roll(rules, 0, made, lo)
            _one_roll_packed(made, lo, ch, 'make')
            upper[0] = array('i', made[_BASE5:])
        ones = upper[0]
        # scratch: each hold's index with faces 1 and b + 1 swapped (lo: a roll's swap
        # is read before the roll's own points are written over it)
        swap = lo
        g = b + 1
        if b:
            high = upper[1]
            parent = upper[2]           # two bytes a hold, low first: read in place
            face = bytearray(b'\x00\x00\x01\x02\x03\x04\x05')   # die -> children array
            face[1] = b
            face[g] = 0
            swap[0] = 0
            for c in range(1, N_HOLDS):
                p = swap[parent[2 * c] | parent[2 * c + 1] << 8]
                swap[c] = ch[face[high[c]]][p] + (_BASE5 if p >= _FOUR else 0)
        for r in range(_BASE5, N_HOLDS):
            v = ones[(swap[r] if b else r) - _BASE5]
            made[r] = v >> 17
            lo[r] = v & 0x1FFFF
        top = 5 * g
    else:
        g, top = _last_roll(rules, b, made, lo)
    # split: the points in two digits throughout (before the first roll, or scores too
    # large for what follows). With dice showing, one roll's sums stay below
    # 7776 * 100 and, but for the empty hold's, two rolls' below 1296 * 7776 * 100 <
    # 2**30: `wide` boxes (points over 16 after the gcd) keep two plain arrays, and
    # only the dice's holds are turned into digits for the last comparison.
    split = top // g > (17 if roll < 0 else 100)
    wide = not split and top // g > 16 and roll >= 0
    if split:
        if hi is None:      # the points' high digits: only the boxes that need them
            hi = array('i', bytes(4 * N_HOLDS))
            _work = _work[:3] + (hi,) + _work[4:]
        for r in range(_BASE5, N_HOLDS):
            hi[r] = 0
    if roll >= 0 and rolls_left == 0:
        return (10000 * made[_BASE5 + roll], 100 * g * lo[_BASE5 + roll],
                hold_dice(_BASE5 + roll))
    if aim == 'make':
        keys = (made, hi, lo) if split else (made, lo, made)
    else:
        keys = (hi, lo, made) if split else (lo, made, made)
    digits = split or (wide and rolls_left == 2)     # the last comparison's form
    sweeps = 2 if roll < 0 else rolls_left
    stage = 0
    # With dice showing, the last sweep is left unscaled (see _sweep) and, when the
    # points fit, packed as below: its one roll's chance and points are at most 7776
    # and 16 * 7776.
    one_int = roll >= 0 and rolls_left == 1 and not split and not wide
    if one_int:
        _pack(made, lo, aim)
        _sweep_packed(made, ch, False)
        keys = (made, made, made)
        stage = 1
    elif upper:
        stage = 1
    elif sweeps == 2 and not split and not wide:
        # The last roll in one int per hold (see _one_roll_packed)
        _one_roll_packed(made, lo, ch, aim)
        if aim == 'make':
            for r in range(_BASE5, N_HOLDS):
                v = made[r]
                made[r] = v >> 17
                lo[r] = v & 0x1FFFF
        else:
            for r in range(_BASE5, N_HOLDS):
                v = made[r]
                made[r] = v & 0x1FFF
                lo[r] = v >> 13
        stage = 1
    while stage < sweeps:
        last = stage == sweeps - 1 and roll >= 0
        # a wide box's empty hold after two rolls is summed in digits below
        _sweep(made, hi, lo, ch, split, not last, 1 if last and digits and not split else 0)
        if last:
            pass
        elif wide:
            _push_best(keys[0], keys[1], keys[0], ch)
        else:
            _push_best(keys[0], keys[1], keys[2], ch)
        stage += 1
    e_m = e_hi = e_lo = 0
    if digits and not split:
        # the empty hold: the six one-die holds' sums (still unscaled), in digits
        q = t = 0
        for c in range(1, 7):
            v = lo[c]
            d = v // _SCALE
            q += d
            t += v - d * _SCALE
            e_m += made[c]
        c = t // _SCALE
        e_hi = q + c
        e_lo = t - c * _SCALE
    if roll < 0:
        # The first roll: each of its 252 outcomes times its orderings, in three
        # base-7776 digits (the sums reach 50 * 7776**3).
        m0 = m1 = p0 = p1 = p2 = 0
        for r in range(_BASE5, N_HOLDS):
            w = ways[r - _BASE5]
            m = made[r]
            q = m // _SCALE
            m1 += w * q
            m0 += w * (m - q * _SCALE)
            if split:
                q = hi[r]
                m = lo[r]
            else:
                m = lo[r]
                q = m // _SCALE
                m -= q * _SCALE
            p0 += w * m
            p1 += w * q
            q = p1 // _SCALE
            p2 += q
            p1 -= q * _SCALE
        q = m0 // _SCALE
        m0 -= q * _SCALE
        m1 += q
        q = m1 // _SCALE
        m1 -= q * _SCALE
        q2 = p0 // _SCALE
        p0 -= q2 * _SCALE
        p1 += q2
        q2 = p1 // _SCALE
        p1 -= q2 * _SCALE
        p2 += q2
        out = _fresh[key] = (_rounded(m0, m1, q, 3, 10000),
                             _rounded(p0, p1, p2, 3, 100 * g), None)
        return out
    # each of the dice's holds: (chance, points' high digit, low digit) on the 7776
    # scale, as the last sweep left them; one int packed (one_int: the chance and the
    # points in m); compared as aim says, in place (no array for the high digits)
    best = -1
    a1 = a2 = a3 = -1
    bm = bh = bl = 0
    make = aim == 'make'
    ranks, sizes, n = _holds(dice)
    for i in range(n):
        k = sizes[i]
        h = HOLD_START[k] + ranks[i]
        mult = _POW6[k]
        m = made[h]
        ph = 0
        pl = lo[h]
        if one_int:
            m *= mult
            pl = 0
        elif digits and not split:
            if k:
                t = pl
                q = t // _SCALE
                t = (t - q * _SCALE) * mult
                c = t // _SCALE
                pl = t - c * _SCALE
                ph = q * mult + c
                m *= mult
            else:
                m = e_m
                ph = e_hi
                pl = e_lo
        elif split:     # (the empty hold too: the last sweep left its sums uncarried)
            t = pl * mult
            q = t // _SCALE
            pl = t - q * _SCALE
            ph = hi[h] * mult + q
            m *= mult
        else:
            m *= mult
            pl *= mult
        if make:
            b1 = m
            b2 = ph
            b3 = pl
        else:
            b1 = ph
            b2 = pl
            b3 = m
        if b1 > a1 or (b1 == a1 and (b2 > a2 or (b2 == a2 and (b3 > a3 or (
                b3 == a3 and h < best))))):
            a1, a2, a3, best = b1, b2, b3, h
            bm = m
            bh = ph
            bl = pl
    m = bm
    p = bl
    if one_int:
        if make:
            p = m & 0x1FFFF
            m >>= 17
        else:
            p = m >> 13
            m &= 0x1FFF
    q = m // _SCALE
    if digits:
        p1 = bh
    else:
        p1 = p // _SCALE
        p -= p1 * _SCALE
    return (_rounded(m - q * _SCALE, q, 0, rolls_left, 10000),
            _rounded(p, p1, 0, rolls_left, 100 * g), hold_dice(best))
