"""Yahtzee with a free-choice Joker: a further Yahtzee may fill any open box."""

from ..rules import OPEN
from .yahtzee import Yahtzee


class FreeJokerYahtzee(Yahtzee):
    """Full house and straights take the 25/30/40 Joker only once the matching upper
    box is filled too; otherwise they score by their requirement (so 0)."""

    name = 'yahtzee-free-joker'

    def _joker(self, scores, roll, face, box):
        if box >= 6 and scores[face - 1] != OPEN:
            return self._as_joker(roll, box)
        return self.score_roll(roll, box)
