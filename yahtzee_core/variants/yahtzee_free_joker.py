"""Yahtzee with a free-choice Joker: a further Yahtzee may fill any open box. Full
house and straights take the 25/30/40 Joker only once the matching upper box is filled
too; otherwise they score by their requirement (so 0)."""

from .yahtzee import Yahtzee


class FreeJokerYahtzee(Yahtzee):
    name = 'yahtzee-free-joker'
    forced_upper = lower_first = False


RULES = FreeJokerYahtzee
