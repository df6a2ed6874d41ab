"""Yahtzee: the official rules (forced Joker) and two Joker variants. See RULES.md."""

from ..rules import Ruleset, OPEN
from .._build import UPPER, SUM_IF_KIND, FIXED_KIND, FULL_HOUSE, RUN, CHANCE

_BOXES = (
    ('aces', 'Aces', UPPER, 1),
    ('twos', 'Twos', UPPER, 2),
    ('threes', 'Threes', UPPER, 3),
    ('fours', 'Fours', UPPER, 4),
    ('fives', 'Fives', UPPER, 5),
    ('sixes', 'Sixes', UPPER, 6),
    ('three_of_a_kind', '3 of a kind', SUM_IF_KIND, 3),
    ('four_of_a_kind', '4 of a kind', SUM_IF_KIND, 4),
    ('full_house', 'Full house', FULL_HOUSE, 25),
    ('small_straight', 'Sm straight', RUN, 4 | (30 << 3)),
    ('large_straight', 'Lg straight', RUN, 5 | (40 << 3)),
    ('yahtzee', 'Yahtzee', FIXED_KIND, 50),
    ('chance', 'Chance', CHANCE, 0),
)

# Full house, small and large straight score 25/30/40 when a Yahtzee is used as a Joker.
_JOKER_POINTS = bytes((0, 0, 0, 0, 0, 0, 0, 0, 25, 30, 40, 0, 0))


class OfficialYahtzee(Ruleset):
    """Official rules: a further Yahtzee must take its upper box, else any lower box
    (as a Joker), else any upper box for 0; +100 while the Yahtzee box holds 50."""

    name = 'yahtzee'
    boxes = _BOXES
    upper_bonus = 35
    five_alike_box = 11
    five_alike_bonus = 100
    joker_points = _JOKER_POINTS

    def _joker(self, scores, roll, face, box):
        upper = face - 1
        if scores[upper] == OPEN:
            return self.score_roll(roll, box) if box == upper else -1
        if self._lower_open(scores):
            return -1 if box < self.n_upper else self._as_joker(roll, box)
        return 0  # only upper boxes are open, none of them the matching one


class FreeJokerYahtzee(OfficialYahtzee):
    """Free choice: any open box; the 25/30/40 Joker only once the matching upper box
    is filled too, otherwise full house and straights score by their requirement (0)."""

    name = 'yahtzee-free-joker'

    def _joker(self, scores, roll, face, box):
        if box >= self.n_upper and scores[face - 1] != OPEN:
            return self._as_joker(roll, box)
        return self.score_roll(roll, box)


class Yahtzee1956(OfficialYahtzee):
    """1956 rules as this project reads them: a further Yahtzee must fill an open lower
    box (as a Joker); only when none is open may it fill an upper box, scoring 0."""

    name = 'yahtzee-1956'

    def _joker(self, scores, roll, face, box):
        if self._lower_open(scores):
            return -1 if box < self.n_upper else self._as_joker(roll, box)
        return 0
