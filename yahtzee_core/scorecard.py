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

from .dice import IllegalMove, roll_index
from .rules import OPEN


class Scorecard:
    """One player's card: the boxes are one bytearray (OPEN = 255 marks an unfilled
    box) plus the count of Yahtzee bonuses; every total is derived from them, so a card
    cannot disagree with itself."""

    # Yahtzee bonuses earned: a class-level 0 until a card earns one (a card with two
    # attributes, not three, takes 16 bytes less on a board).
    bonus_count = 0

    def __init__(self, rules):
        self.rules = rules
        self.scores = bytearray(b'\xff' * rules.n_boxes)

    def _sum(self, end, par=0):
        # Filled boxes below `end`, less `par` times each box's face (3: "6 up").
        t = 0
        for b in range(end):
            if self.scores[b] != OPEN:
                t += self.scores[b] - par * (b + 1)
        return t

    @property
    def upper_total(self):
        return self._sum(self.rules.n_upper)

    @property
    def upper_par(self):
        """Points above (+) or below (-) three of each filled upper face: "6 up" (four
        of each where the bonus needs 84: Maxi Yatzy's six dice)."""
        return self._sum(self.rules.n_upper, self.rules.upper_bonus_at // 21)

    @property
    def upper_bonus(self):
        return self.rules.upper_bonus_of(self.scores)

    @property
    def yahtzee_bonus(self):
        return self.bonus_count * self.rules.five_alike_bonus

    @property
    def total(self):
        return self._sum(len(self.scores)) + self.upper_bonus + self.yahtzee_bonus

    @property
    def filled_mask(self):
        """Bit b set when box b is filled."""
        m = 0
        for b in range(len(self.scores)):
            m |= (self.scores[b] != OPEN) << b
        return m

    @property
    def filled(self):
        """{box name: score} of the filled boxes."""
        out = {}
        for b in range(len(self.scores)):
            if self.scores[b] != OPEN:
                out[self.rules.categories[b]] = self.scores[b]
        return out

    def points_into(self, dice, out, first=0):
        """Write into bytearray `out` the points each box would score now (OPEN where the
        box may not be filled). Allocates nothing: for screens redrawn often. first:
        the turn's roll the dice come from, 1 to 3 (1: Generala's served bonus; Yamb's
        straight by its roll), 0 if not said."""
        roll = roll_index(dice, self.rules.n_dice)
        for b in range(len(self.scores)):
            p = self.rules.points(self.scores, roll, b, first)
            out[b] = OPEN if p < 0 else p

    def options(self, dice, first=0):
        """{box name: points now} for every box the dice may legally fill."""
        roll = roll_index(dice, self.rules.n_dice)
        out = {}
        for b in range(len(self.scores)):
            p = self.rules.points(self.scores, roll, b, first)
            if p >= 0:
                out[self.rules.categories[b]] = p
        return out

    def fill(self, box, dice, first=0):
        """Fill `box` (name or index) with `dice`; returns the points gained, bonuses
        included. Raises IllegalMove, changing nothing, if the box may not be filled."""
        r = self.rules
        b = r.box_index(box)
        roll = roll_index(dice, r.n_dice)
        p = r.points(self.scores, roll, b, first)
        if p < 0:
            raise IllegalMove("box %s is %s" % (r.categories[b], "closed to this Joker"
                                                if self.scores[b] == OPEN else "filled"))
        units = r.bonus(self.scores, roll, b, p)
        before = self.upper_bonus
        self.scores[b] = p
        if units:  # else the card keeps the class-level 0 (no attribute of its own)
            self.bonus_count += units
        return p + units * r.five_alike_bonus + self.upper_bonus - before
