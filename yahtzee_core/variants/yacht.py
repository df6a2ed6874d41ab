"""Yacht (1938): 12 boxes, no bonus of any kind, no Joker. Full house scores the sum of
its dice; four of a kind the four matching dice; both straights 30."""

from ..rules import Ruleset
from .._build import UPPER, FULL_HOUSE, SUM_OF_KIND, LOW_RUN, HIGH_RUN, CHANCE, FIVE_ALIKE


class Yacht(Ruleset):
    name = 'yacht'
    categories = ('ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'full_house',
                  'four_of_a_kind', 'little_straight', 'big_straight', 'choice', 'yacht')
    labels = ('Ones|Twos|Threes|Fours|Fives|Sixes|Full house|4 of a kind|Little str|'
              'Big str|Choice|Yacht')
    kinds = bytes((UPPER, UPPER, UPPER, UPPER, UPPER, UPPER, FULL_HOUSE, SUM_OF_KIND,
                   LOW_RUN, HIGH_RUN, CHANCE, FIVE_ALIKE))
    params = bytes((1, 2, 3, 4, 5, 6, 0, 4, 30, 30, 0, 50))
    five_alike_box = 11


RULES = Yacht
