"""Yacht (1938): 12 boxes, no bonus of any kind, no Joker."""

from ..rules import Ruleset
from .._build import UPPER, FULL_HOUSE, SUM_OF_KIND, EXACT_RUN, CHANCE, FIXED_KIND


class Yacht(Ruleset):
    name = 'yacht'
    boxes = (
        ('ones', 'Ones', UPPER, 1),
        ('twos', 'Twos', UPPER, 2),
        ('threes', 'Threes', UPPER, 3),
        ('fours', 'Fours', UPPER, 4),
        ('fives', 'Fives', UPPER, 5),
        ('sixes', 'Sixes', UPPER, 6),
        ('full_house', 'Full house', FULL_HOUSE, 0),
        ('four_of_a_kind', '4 of a kind', SUM_OF_KIND, 4),
        ('little_straight', 'Little str', EXACT_RUN, 1 | (30 << 3)),
        ('big_straight', 'Big str', EXACT_RUN, 2 | (30 << 3)),
        ('choice', 'Choice', CHANCE, 0),
        ('yacht', 'Yacht', FIXED_KIND, 50),
    )
    five_alike_box = 11
