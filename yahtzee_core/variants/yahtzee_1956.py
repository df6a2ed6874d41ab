"""Yahtzee as first published in 1956: further Yahtzees are Jokers in the lower section.
Read here as: a further Yahtzee must fill an open lower box (as a Joker); only when none
is open may it fill an upper box, and then it scores 0, its matching face included."""

from .yahtzee import Yahtzee


class Yahtzee1956(Yahtzee):
    name = 'yahtzee-1956'
    forced_upper = False


RULES = Yahtzee1956
