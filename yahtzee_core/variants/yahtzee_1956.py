"""Yahtzee as first published in 1956: further Yahtzees are Jokers in the lower section."""

from .yahtzee import Yahtzee


class Yahtzee1956(Yahtzee):
    """Read here as: a further Yahtzee must fill an open lower box (as a Joker); only
    when none is open may it fill an upper box, and then it scores 0."""

    name = 'yahtzee-1956'

    def _joker(self, scores, roll, face, box):
        if self._lower_open(scores):
            return -1 if box < 6 else self._as_joker(roll, box)
        return 0
