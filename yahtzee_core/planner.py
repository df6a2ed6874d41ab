"""Turn planning: the best hold or box of one turn against any source of turn-start
values (the strategy table for the Advisor and the `perfect` bot, a heuristic for the
`good` bot and table-less hints). Its own module so that a `good` bot loads no table
reader; ranking every option (hints, analysis) is ranking.py's.

A decision needs only the values of the states the turn can end in (at most 44: six
upper-subtotal outcomes for each open upper box, one per other box, two for the
Yahtzee box); everything inside the turn is computed here, in integers:

- after the last roll, each roll takes its best box: 100 * points (bonuses included)
  plus the next state's value;
- a hold's value is the sum over the six faces of the hold with one more die, so a
  hold of k dice carries its expectation times 6**(5 - k); multiplying by 6**k puts
  every hold on the common scale 6**5 = 7776 (at most about 7776 * 46000 < 2**30, so
  CircuitPython never needs a big integer);
- the best hold within a roll is the best "sub-hold", pushed up from each hold to the
  holds with one more die; its value divided by 7776 (rounded) gives the roll's value
  with one roll left, and the same sweep again gives the first roll's choice.

Rules beyond Yahtzee's, all asked of the ruleset (no ruleset names here):
- the upper bonus by subtotal (``upper_steps``: Kismet's three tiers, crossed one by
  one), the subtotal tracked up to where it stops mattering (63, Kismet 78);
- the five-alike flag y (the five-alike box holds points) wherever it matters: a
  five-alike bonus, or a box whose points depend on it (Generala's Double Generala);
- five-alike bonuses asked per box (``Ruleset.bonus``: Kniffel pays only in the
  matching upper box, Triple Yahtzee by column);
- served hands (Generala): with two rolls left, keeping all five dice means scoring
  them now at their first-roll points (``points(..., first=1)``), so that hold is
  worth the better of its plain value and the best served box;
- Triple Yahtzee (39 boxes): TriplePlanner, below, with per-column states.

Working memory: one array of 462 32-bit ints (the 252 rolls are its last holds) and
the 1260-byte child table: about 3.2 KB.
"""

from array import array

from . import dice as _dice
from .rules import OPEN, ruleset as _ruleset

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

SCALE = const(7776)           # 6 ** 5: the common scale of hold values (analysis.py too)
_SCALE = const(SCALE)
_HALF = const(3888)
_N_ROLLS = const(252)
_N_HOLDS = const(462)
_N_SMALL = const(210)         # holds of 0..4 dice (the ones with children)



def upper_steps(rules):
    """(cap, bonus_at) of a ruleset's upper bonus: bonus_at[u] is the bonus of a card
    whose upper boxes total u (Ruleset.upper_bonus_of: Kismet's tiers too) for u up to
    cap, the least total from which it no longer changes (cap 0: no upper bonus).
    Triple Yahtzee: its first column's (a column pays it times its multiplier)."""
    scores = bytearray(b'\xff' * rules.n_boxes)
    last = -1
    cap = 0
    for u in range(106):          # six upper boxes hold at most 5 * 21 = 105
        scores[0] = u
        v = rules.upper_bonus_of(scores)
        if v != last:
            cap = u
            last = v
    bonus_at = bytearray(cap + 1)
    for u in range(cap + 1):
        scores[0] = u
        bonus_at[u] = rules.upper_bonus_of(scores)
    return cap, bonus_at


def five_alike_traits(rules):
    """(y_box, unscratched) of a one-column ruleset: the box other than the five-alike
    box whose points for a five-alike depend on what the five-alike box holds
    (Generala's Double Generala) or -1; and 1 when a further five-alike earns its
    bonus with the five-alike box scratched (Kniffel), else 0. Asked of the core with
    a probe card, once."""
    fab = rules.five_alike_box
    if fab < 0 or getattr(rules, 'columns', 1) > 1:
        return -1, 0
    scores = bytearray(b'\xff' * rules.n_boxes)
    sixes = _dice.roll_index((6, 6, 6, 6, 6))
    held = rules.score_roll(sixes, fab)
    y_box = -1
    for b in range(rules.n_boxes):
        if b != fab:
            scores[fab] = 0
            p = rules.points(scores, sixes, b)
            scores[fab] = held
            if rules.points(scores, sixes, b) != p:
                y_box = b
                break
    scores[fab] = 0
    ones = _dice.roll_index((1, 1, 1, 1, 1))
    p = rules.points(scores, ones, 0)
    return y_box, 1 if p >= 0 and rules.bonus(scores, ones, 0, p) else 0


class TurnPlanner:
    """Best play within one turn against any source of turn-start values: the
    strategy table (Advisor, `perfect` bot) or a heuristic (`good` bot).

    ``values.value(mask, u, y)`` must return the expected remaining score in
    hundredths of a point."""

    def __init__(self, rules, values):
        if isinstance(rules, str):
            rules = _ruleset(rules)
        self.rules = rules
        self.values = values
        self.n_boxes = rules.n_boxes
        # the upper subtotal is tracked up to cap; bonus_at[u]: the bonus at u
        self.cap, self.bonus_at = upper_steps(rules)
        self.fab = rules.five_alike_box
        self.unit = rules.five_alike_bonus      # points of one five-alike bonus
        self.y_box = five_alike_traits(rules)[0]
        # y: the five-alike box holds points, where that matters (as the solver keeps it)
        self.has_y = self.fab >= 0 and (self.unit > 0 or self.y_box >= 0)
        self.served = getattr(rules, 'served', None) is not None
        self.offset = 0                   # hundredths the values are kept below (Triple)
        # level[k]: the first hold of k dice (and the end)
        self.level = array('H', [_dice.hold_index((1,) * k) for k in range(6)] + [_N_HOLDS])
        # children[h * 6 + f - 1]: the hold h of k dice with one more die showing f, as
        # its place among the holds of k + 1 dice (fewer than 256): a byte, not a uint16
        ch = bytearray(_N_SMALL * 6)
        for h in range(_N_SMALL):
            kept = _dice.hold_dice(h)
            up = self.level[len(kept) + 1]
            for f in range(1, 7):
                ch[h * 6 + f - 1] = _dice.hold_index(kept + (f,)) - up
        self.children = ch
        self.base5 = _dice.hold_index((1, 1, 1, 1, 1))    # keep-all of roll 0
        self.x = array('i', bytes(4 * _N_HOLDS))
        # e[r]: the value of roll r, kept where the sweep reads it: in x, as the hold of
        # all five dice (a view, no second array)
        self.e = memoryview(self.x)[self.base5:]
        self.nv = array('i', bytes(4 * 6 * rules.n_boxes))
        self.open = bytearray(rules.n_boxes)    # the open boxes, n_open of them
        self.n_open = 0
        self.five = bytearray(6)          # roll index of each five-alike
        for f in range(1, 7):
            self.five[f - 1] = _dice.roll_index((f, f, f, f, f))
        self._key = -1
        self._stage = 0                   # 3: self.e holds the last-roll values

    # -- state ----------------------------------------------------------------------
    def state(self, card):
        mask = card.filled_mask
        u = 0
        if self.cap:
            u = card.upper_total
            if u > self.cap:
                u = self.cap
        y = 0
        if self.has_y:
            s = card.scores[card.rules.five_alike_box]
            y = 1 if (s != OPEN and s > 0) else 0
        return mask, u, y

    def expected_remaining(self, card):
        mask, u, y = self.state(card)
        if mask == (1 << self.n_boxes) - 1:
            return 0
        return self.values.value(mask, u, y)

    def _list_open(self, scores):
        k = 0
        for b in range(self.n_boxes):
            if scores[b] == OPEN:
                self.open[k] = b
                k += 1
        self.n_open = k

    def _prepare(self, card):
        """Read the next-state values of the turn (cached for this state)."""
        mask, u, y = self.state(card)
        key = (mask << 8 | u) << 1 | y
        if key == self._key:
            return
        self._list_open(card.scores)
        nv = self.nv
        val = self.values.value
        cap = self.cap
        full = (1 << self.n_boxes) - 1
        for b in range(self.n_boxes):
            if mask >> b & 1:
                continue
            nmask = mask | (1 << b)
            if nmask == full:
                for c in range(6):
                    nv[b * 6 + c] = 0
                if b < 6:
                    for c in range(6):
                        p = c * (b + 1)
                        nv[b * 6 + c] = 100 * self._crossing(u, p)
                continue
            if b < 6:
                for c in range(6):
                    p = c * (b + 1)
                    nu = u + p if cap else 0
                    if nu > cap:
                        nu = cap
                    nv[b * 6 + c] = val(nmask, nu, y) + 100 * self._crossing(u, p)
            elif b == self.fab:
                nv[b * 6] = val(nmask, u, 0)
                nv[b * 6 + 1] = val(nmask, u, 1) if self.has_y else nv[b * 6]
            else:
                nv[b * 6] = val(nmask, u, y)
        self._key = key
        self._stage = 0
        self._mask = mask
        self._u = u

    def _crossing(self, u, p):
        """Upper-bonus points paid when p more points join subtotal u (tiers crossed
        one after another: Kismet)."""
        if not self.cap:
            return 0
        nu = u + p
        if nu > self.cap:
            nu = self.cap
        return self.bonus_at[nu] - self.bonus_at[u]

    def _box_value(self, b, pts):
        """Hundredths: points now (with the upper bonus) plus the next state's value."""
        nv = self.nv
        if b < 6:
            f = b + 1
            c = pts // f
            if c * f == pts and c <= 5:
                return 100 * pts + nv[b * 6 + c]
            # not a plain count of the face (no ruleset does this): ask the table
            u = self._u + pts
            nu = u if u < self.cap else self.cap
            return 100 * (pts + self._crossing(self._u, pts)) + \
                self.values.value(self._mask | (1 << b), nu, self._key & 1)
        if b == self.fab:
            return 100 * pts + nv[b * 6 + (1 if pts > 0 else 0)]
        return 100 * pts + nv[b * 6]

    def _best_box(self, card, roll, first=0):
        """(best value, best box) of roll index `roll`, five-alike bonuses included
        (asked per box: Kniffel pays in one box only, Triple Yahtzee by column); the
        lowest box among equal values. first=1: the turn's first roll (served points).
        Joker rules asked of the rules: no options dict, no allocation."""
        rules = self.rules
        points = rules.points
        scores = card.scores
        paid = self.unit and rules._five_alike[roll]
        ob = self.open
        best = -1
        best_b = -1
        for i in range(self.n_open):
            b = ob[i]
            pts = points(scores, roll, b, first)
            if pts >= 0:
                v = self._box_value(b, pts)
                if paid:
                    v += 100 * self.unit * rules.bonus(scores, roll, b, pts)
                if v > best:
                    best, best_b = v, b
        return best, best_b

    def _five_alike(self, card, face):
        """(best value, best box) of a five-alike of `face`, its bonus included."""
        return self._best_box(card, self.five[face - 1])

    def _last_roll_values(self, card):
        """self.e[r] = value (hundredths) of roll r after the last roll."""
        self._prepare(card)
        if self._stage == 3:
            return
        e = self.e
        score = self.rules.score_roll
        ob = self.open
        n = self.n_open
        box_value = self._box_value
        for r in range(_N_ROLLS):
            best = -1
            for i in range(n):
                b = ob[i]
                v = box_value(b, score(r, b))
                if v > best:
                    best = v
            e[r] = best
        for f in range(1, 7):
            e[self.five[f - 1]] = self._five_alike(card, f)[0]
        self._stage = 3
    def _sweep(self):
        """From self.e (values of the 252 rolls, the tail of self.x) fill self.x with
        every hold's expectation on the 7776 scale (self.e scaled too)."""
        x = self.x
        ch = self.children
        lv = self.level
        for k in range(4, -1, -1):        # the holds of k + 1 dice are complete
            up = lv[k + 1]
            for h in range(lv[k], up):
                i = h * 6
                x[h] = x[up + ch[i]] + x[up + ch[i + 1]] + x[up + ch[i + 2]] + \
                    x[up + ch[i + 3]] + x[up + ch[i + 4]] + x[up + ch[i + 5]]
        mult = 1
        for k in range(6):
            for h in range(lv[k], lv[k + 1]):
                x[h] *= mult
            mult *= 6
        self._stage = 0

    def _push_best(self):
        """x[h] = best value over the holds inside h; then self.e = each roll's value
        with one roll left (hundredths)."""
        x = self.x
        ch = self.children
        lv = self.level
        for k in range(5):                # parents before their children
            up = lv[k + 1]
            for h in range(lv[k], up):
                v = x[h]
                i = h * 6
                for j in range(i, i + 6):
                    c = up + ch[j]
                    if v > x[c]:
                        x[c] = v
        e = self.e
        for r in range(_N_ROLLS):
            e[r] = (e[r] + _HALF) // _SCALE

    def _hold_values(self, card, rolls_left):
        """Leave in self.x the value of every hold (7776 scale) with `rolls_left`."""
        self._last_roll_values(card)
        self._sweep()
        if rolls_left == 2:
            self._push_best()
            self._sweep()

    def hold_values(self, card, dice, rolls_left):
        """Leave in self.x the value of every hold of these dice (7776 scale, less
        self.offset hundredths): with two rolls left in a served ruleset, keeping all
        five dice is scoring them now, served, when that is worth more."""
        self._hold_values(card, rolls_left)
        if rolls_left == 2 and self.served:
            r = _dice.roll_index(dice)
            v = self._best_box(card, r, 1)[0] * _SCALE
            h = self.base5 + r
            if v > self.x[h]:
                self.x[h] = v

    # -- decisions (every option ranked: ranking.py) ------------------------------
    def best_hold_index(self, card, dice, rolls_left):
        """(hold index, value on the 7776 scale less self.offset hundredths) of the
        best hold: the smallest hold index among equal values. Keeping all five dice
        means standing (with two rolls left: scoring them served, where that counts).
        Allocation-light (for bots)."""
        self.hold_values(card, dice, rolls_left)
        x = self.x
        c = [0, 0, 0, 0, 0, 0, 0]
        for v in dice:
            c[v] += 1
        best_h = -1
        best = -1
        # every sub-multiset of the dice, by counts
        for c1 in range(c[1] + 1):
            for c2 in range(c[2] + 1):
                for c3 in range(c[3] + 1):
                    for c4 in range(c[4] + 1):
                        for c5 in range(c[5] + 1):
                            for c6 in range(c[6] + 1):
                                packed = c1 | c2 << 3 | c3 << 6 | c4 << 9 | c5 << 12 | c6 << 15
                                k = c1 + c2 + c3 + c4 + c5 + c6
                                h = self.level[k] + _dice.rank_counts(packed)
                                v = x[h]
                                if v > best or (v == best and h < best_h):
                                    best, best_h = v, h
        return best_h, best

    def best_box_index(self, card, dice, first=0):
        """(box index, value hundredths): the lowest box index among equal values;
        first=1 on the turn's first roll (served points). Allocation-light: no options
        dict, no lists (ranking.box_options ranks all)."""
        self._prepare(card)
        best, best_b = self._best_box(card, _dice.roll_index(dice), first)
        return best_b, best + self.offset


class TriplePlanner(TurnPlanner):
    """Triple Yahtzee's turn planning. 39 boxes are too many for one state: a 39-bit
    mask is a heap-allocated long int on CircuitPython (above 2**30), and no table
    holds 2**39 masks. So the value of a turn-start state is the sum over the three
    columns of the column's multiplier times an estimate of that column alone,
    ``values.value(mask, u, y)`` with the column's 13-bit mask, its upper subtotal
    before multiplying (capped at 63) and y = all three Yahtzee boxes hold points
    (the Yahtzee bonus is live). A fill changes one column (and maybe y), so a turn's
    next-state values take at most 6 + 39 * 6 column estimates, every one a small int.

    Values are kept relative to self.offset (the least next-state value of the turn,
    in hundredths): an absolute Triple value (about 1500 points) times 7776 would pass
    2**30; relative ones stay below about 100,000 hundredths."""

    def __init__(self, rules, values):
        TurnPlanner.__init__(self, rules, values)
        self.has_y = True
        n = rules.n_boxes
        self.inner = bytearray(n)         # box b is box inner[b] of column b // 13
        for b in range(n):
            self.inner[b] = b % 13
        self.seen = bytearray(n)          # the scores the turn was prepared for
        self.cmask = [0, 0, 0]            # per column: 13-bit filled mask
        self.cu = [0, 0, 0]               # per column: upper subtotal / multiplier, capped
        self.cv = [0, 0, 0, 0, 0, 0]      # column c's estimate with y = 0 at 2c, 1 at 2c + 1
        self.total = 0                    # the state's own value (hundredths)

    def _column(self, mask, u, y):
        return 0 if mask == 0x1FFF else self.values.value(mask, u, y)

    def _rest(self, c, y):
        """Value of the columns other than c (hundredths), with flag y."""
        t = 0
        for d in range(3):
            if d != c:
                t += (d + 1) * self.cv[2 * d + y]
        return t

    def expected_remaining(self, card):
        self._prepare(card)
        return self.total

    def _prepare(self, card):
        scores = card.scores
        if self._key == 0 and self.seen == scores:
            return
        self._list_open(scores)
        cap = self.cap
        y = 1
        for c in range(3):
            m = 0
            t = 0
            for i in range(13):
                s = scores[13 * c + i]
                if s != OPEN:
                    m |= 1 << i
                    if i < 6:
                        t += s
            t //= c + 1
            self.cmask[c] = m
            self.cu[c] = t if t < cap else cap
            s = scores[13 * c + 11]
            if s == OPEN or s == 0:
                y = 0
        for c in range(3):
            for yy in range(2):
                self.cv[2 * c + yy] = self._column(self.cmask[c], self.cu[c], yy)
        self.total = self._rest(-1, y)
        nv = self.nv
        low = -1
        ob = self.open
        for k in range(self.n_open):
            b = ob[k]
            c = b // 13
            i = b - 13 * c
            m = c + 1
            nm = self.cmask[c] | 1 << i
            u = self.cu[c]
            if i < 6:
                for n in range(6):
                    p = n * (i + 1)
                    nu = u + p
                    if nu > cap:
                        nu = cap
                    nv[b * 6 + n] = self._rest(c, y) + m * self._column(nm, nu, y) + \
                        100 * m * (self.bonus_at[nu] - self.bonus_at[u])
                top = 6
            elif i == 11:
                # scratched: y stays 0; with points, y once the other two hold points
                nv[b * 6] = self._rest(c, 0) + m * self._column(nm, u, 0)
                y2 = 1
                for d in range(3):
                    s = scores[13 * d + 11]
                    if d != c and (s == OPEN or s == 0):
                        y2 = 0
                nv[b * 6 + 1] = self._rest(c, y2) + m * self._column(nm, u, y2)
                top = 2
            else:
                nv[b * 6] = self._rest(c, y) + m * self._column(nm, u, y)
                top = 1
            for j in range(b * 6, b * 6 + top):
                if low < 0 or nv[j] < low:
                    low = nv[j]
        if low < 0:
            low = 0
        for k in range(self.n_open):
            b = ob[k]
            i = self.inner[b]
            for j in range(b * 6, b * 6 + (6 if i < 6 else 2 if i == 11 else 1)):
                nv[j] -= low
        self.offset = low
        self.seen[:] = scores
        self._key = 0
        self._stage = 0

    def _box_value(self, b, pts):
        nv = self.nv
        i = self.inner[b]
        if i < 6:
            # upper boxes score a count of their face times the column: never else
            return 100 * pts + nv[b * 6 + pts // ((i + 1) * (b // 13 + 1))]
        if i == 11:
            return 100 * pts + nv[b * 6 + (1 if pts > 0 else 0)]
        return 100 * pts + nv[b * 6]
