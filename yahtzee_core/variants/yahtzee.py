"""Yahtzee, official rules (the default): forced Joker, +35 upper bonus, +100 for each
further Yahtzee while the Yahtzee box holds 50. See RULES.md."""

from ..rules import Ruleset, OPEN
from .._build import (UPPER, SUM_IF_KIND, FULL_HOUSE, RUN_OF_4, RUN_OF_5, FIVE_ALIKE,
                      CHANCE)


class Yahtzee(Ruleset):
    """A further Yahtzee must take its matching upper box, else any open lower box (as a
    Joker: 25/30/40 for full house and straights), else any open upper box for 0."""

    name = 'yahtzee'
    categories = ('aces', 'twos', 'threes', 'fours', 'fives', 'sixes', 'three_of_a_kind',
                  'four_of_a_kind', 'full_house', 'small_straight', 'large_straight',
                  'yahtzee', 'chance')
    labels = ('Aces', 'Twos', 'Threes', 'Fours', 'Fives', 'Sixes', '3 of a kind',
              '4 of a kind', 'Full house', 'Sm straight', 'Lg straight', 'Yahtzee', 'Chance')
    kinds = bytes((UPPER, UPPER, UPPER, UPPER, UPPER, UPPER, SUM_IF_KIND, SUM_IF_KIND,
                   FULL_HOUSE, RUN_OF_4, RUN_OF_5, FIVE_ALIKE, CHANCE))
    params = bytes((1, 2, 3, 4, 5, 6, 3, 4, 25, 30, 40, 50, 0))
    upper_bonus = 35
    five_alike_box = 11
    five_alike_bonus = 100
    joker_points = bytes((0, 0, 0, 0, 0, 0, 0, 0, 25, 30, 40, 0, 0))

    def _joker(self, scores, roll, face, box):
        if scores[face - 1] == OPEN:
            return self.score_roll(roll, box) if box == face - 1 else -1
        if self._lower_open(scores):
            return -1 if box < 6 else self._as_joker(roll, box)
        return 0  # only upper boxes are open, none of them the matching one
