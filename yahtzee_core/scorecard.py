"""One player's scorecard: the boxes, the bonuses and what the dice may fill now.

>>> from yahtzee_core import ruleset
>>> card = Scorecard(ruleset('yahtzee'))
>>> card.fill('yahtzee', (4, 4, 4, 4, 4))
50
>>> card.options((4, 4, 4, 4, 4))   # forced Joker: the Fours box, and only it
{'fours': 20}
>>> card.fill('fours', (4, 4, 4, 4, 4)), card.yahtzee_bonus, card.total
(120, 100, 170)
"""

from .dice import roll_index
from .rules import OPEN, IllegalMove


class Scorecard:
    """The boxes are one bytearray (OPEN = 255 marks an unfilled box) plus the count of
    Yahtzee bonuses; every total is derived from them, so a card cannot disagree with
    itself."""

    def __init__(self, rules):
        self.rules = rules
        self.scores = bytearray(b'\xff' * rules.n_boxes)
        self.bonus_count = 0

    @property
    def upper_total(self):
        return self._sum(0, self.rules.n_upper)

    @property
    def upper_par(self):
        """Points above (+) or below (-) three of each filled upper face: "6 up"."""
        par = 0
        for b in range(self.rules.n_upper):
            if self.scores[b] != OPEN:
                par += self.scores[b] - 3 * (b + 1)
        return par

    @property
    def upper_bonus(self):
        r = self.rules
        return r.upper_bonus if self.upper_total >= r.upper_bonus_at else 0

    @property
    def yahtzee_bonus(self):
        return self.bonus_count * self.rules.five_alike_bonus

    @property
    def total(self):
        return self._sum(0, len(self.scores)) + self.upper_bonus + self.yahtzee_bonus

    def _sum(self, start, end):
        t = 0
        for b in range(start, end):
            if self.scores[b] != OPEN:
                t += self.scores[b]
        return t

    @property
    def filled_mask(self):
        """Bit b set when box b is filled."""
        m = 0
        for b in range(len(self.scores)):
            if self.scores[b] != OPEN:
                m |= 1 << b
        return m

    @property
    def filled(self):
        """{box name: score} of the filled boxes."""
        out = {}
        for b in range(len(self.scores)):
            if self.scores[b] != OPEN:
                out[self.rules.categories[b]] = self.scores[b]
        return out

    @property
    def yahtzee_box_score(self):
        """Score in the five-alike box: 50, 0, OPEN (255), or -1 if there is no such box."""
        fab = self.rules.five_alike_box
        return self.scores[fab] if fab >= 0 else -1

    @property
    def zeros(self):
        n = 0
        for v in self.scores:
            n += v == 0
        return n

    def points_into(self, dice, out):
        """Write into bytearray `out` the points each box would score now (OPEN where the
        box may not be filled). Allocates nothing: for screens redrawn often."""
        roll = roll_index(dice)
        for b in range(len(self.scores)):
            p = self.rules.points(self.scores, roll, b)
            out[b] = OPEN if p < 0 else p

    def options(self, dice):
        """{box name: points now} for every box the dice may legally fill."""
        roll = _checked_roll(dice)
        out = {}
        for b in range(len(self.scores)):
            p = self.rules.points(self.scores, roll, b)
            if p >= 0:
                out[self.rules.categories[b]] = p
        return out

    def fill(self, box, dice):
        """Fill `box` (name or index) with `dice`; returns the points gained, bonuses
        included. Raises IllegalMove, changing nothing, if the box may not be filled."""
        return self.fill_roll(self.rules.box_index(box), _checked_roll(dice))

    def fill_roll(self, b, roll):
        """fill() with a box index and a roll index."""
        r = self.rules
        p = r.points(self.scores, roll, b)
        if p < 0:
            why = "is filled" if self.scores[b] != OPEN else "is closed to this Joker"
            raise IllegalMove("box %s %s" % (r.categories[b], why))
        bonus = r.bonus_due(self.scores, roll)
        before = self.upper_bonus
        self.scores[b] = p
        if bonus:
            self.bonus_count += 1
        return p + bonus + self.upper_bonus - before


def _checked_roll(dice):
    """Roll index of five valid dice, else IllegalMove."""
    if len(dice) != 5:
        raise IllegalMove("five dice are needed")
    for d in dice:
        if not (isinstance(d, int) and 1 <= d <= 6):
            raise IllegalMove("a die shows 1 to 6, not %r" % (d,))
    return roll_index(dice)
