"""The box half of a turn's planning (planner.TurnPlanner adds the holds): the values
of the states a turn can end in, read once per state from any source of turn-start
values, and the best box for a roll, in hundredths of a point: points now (the upper
bonus and five-alike bonuses included, every rule asked of the ruleset) plus the next
state's value. Its own module because a board running plain .py compiles each module
in RAM, at about 2.5 times its text: two halves need far less room than one whole.
"""

from array import array

from . import dice as _dice
from .variants import ruleset as _ruleset


class BoxPlanner:
    """The best box of a roll against ``values.value(mask, u, y)``, the expected
    remaining score (hundredths) of a turn-start state."""

    # Class attributes, set on an instance only where they differ (an instance's
    # attributes cost a board RAM, these do not):
    served = 0            # 1: a box scores more on the turn's first roll (Generala)
    by_column = 0         # 1: a five-alike's bonus depends on the box (Triple Yahtzee)
    offset = 0            # hundredths the values are kept below (Triple Yahtzee)
    bonus_at = None       # upper bonus by subtotal where it is not one threshold
    next_values = 1       # 0: _prepare and _box_value are the subclass's own, no nv
    #                       (Yamb's, Balut's: 1152 and 672 bytes a board keeps free)

    def __init__(self, rules, values):
        if isinstance(rules, str):
            rules = _ruleset(rules)
        self.rules = rules
        self.values = values
        self.n_boxes = rules.n_boxes
        # the next states' values, made as planner.py makes x (no block of zeros beside)
        self.nv = None
        if self.next_values:
            nv = self.nv = array('i', range(6 * rules.n_boxes))
            for i in range(6 * rules.n_boxes):
                nv[i] = 0
        self.open = bytearray(rules.n_boxes)    # the open boxes, n_open of them
        self.n_open = 0
        self.five = bytearray(6)          # roll index of each five-alike
        for f in range(1, 7):
            self.five[f - 1] = _dice.roll_index((f, f, f, f, f))
        self._key = -1
        self._stage = 0                   # 3: TurnPlanner.e holds the last-roll values
        # The upper subtotal is tracked up to cap: one threshold needs no table;
        # bonus_at[u], the bonus at u, for tiers (Kismet) and columns (Triple), placed
        # after the large arrays (small transient bytes first would split the heap).
        self.ubonus = rules.upper_bonus
        if rules.upper_tiers is None and rules.columns == 1:
            self.cap = rules.upper_bonus_at if rules.upper_bonus else 0
        else:
            # bonus_at[u]: the bonus of a card whose upper boxes total u, up to the top
            # tier's total (Triple Yahtzee: one column's, before its multiplier)
            tiers = rules.upper_tiers or ((rules.upper_bonus_at, rules.upper_bonus),)
            self.cap = cap = tiers[-1][0]
            self.bonus_at = bonus_at = bytearray(cap + 1)
            for at, points in tiers:
                for u in range(at, cap + 1):
                    bonus_at[u] = points
        self.fab = rules.five_alike_box
        self.unit = rules.five_alike_bonus      # points of one five-alike bonus
        # y: the five-alike box holds points, where that matters (as the solver keeps
        # it): a five-alike bonus, or a box scoring by it (Double Generala)
        self.has_y = self.fab >= 0 and (self.unit > 0 or rules.double_box >= 0)
        if rules.served is not None:
            self.served = 1

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
            y = 1 if (s != 255 and s > 0) else 0  # 255: rules.OPEN (no name kept)
        return mask, u, y

    def expected_remaining(self, card):
        mask, u, y = self.state(card)
        if mask == (1 << self.n_boxes) - 1:
            return 0
        return self.values.value(mask, u, y)

    def _prepare(self, card):
        """Read the next-state values of the turn (cached for this state)."""
        mask, u, y = self.state(card)
        key = (mask << 8 | u) << 1 | y
        if key == self._key:
            return
        nv = self.nv
        k = 0
        for b in range(self.n_boxes):
            if not mask >> b & 1:
                self.open[k] = b
                k += 1
        self.n_open = k
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
        if self.bonus_at is None:
            return self.ubonus if u < self.cap <= u + p else 0
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
            # six of the face (Maxi Yatzy), or not a count of it (no ruleset does
            # this): ask the values
            u = self._u + pts
            nu = u if u < self.cap else self.cap
            return 100 * (pts + self._crossing(self._u, pts)) + \
                self.values.value(self._mask | (1 << b), nu, self._key & 1) - self.offset
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
        paid = self.unit and rules._five_alike(roll)
        bonus = -1                        # not asked yet
        ob = self.open
        best = -1
        best_b = -1
        for i in range(self.n_open):
            b = ob[i]
            pts = points(scores, roll, b, first)
            if pts >= 0:
                v = self._box_value(b, pts)
                if paid:
                    # one column: every box a five-alike may take pays the same bonus
                    # (the solver assumes it too); Triple Yahtzee's pays by column
                    if bonus < 0 or self.by_column:
                        bonus = 100 * self.unit * rules.bonus(scores, roll, b, pts)
                    v += bonus
                if v > best:
                    best, best_b = v, b
        return best, best_b

    def _five_alike(self, card, face):
        """(best value, best box) of a five-alike of `face`, its bonus included."""
        return self._best_box(card, self.five[face - 1])

    def best_box_index(self, card, dice, first=0):
        """(box index, value hundredths): the lowest box index among equal values;
        first=1 on the turn's first roll (served points). Allocation-light: no options
        dict, no lists (ranking.box_options ranks all)."""
        self._prepare(card)
        best, best_b = self._best_box(card, _dice.roll_index(dice), first)
        return best_b, best + self.offset
