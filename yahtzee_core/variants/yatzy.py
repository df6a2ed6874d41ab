"""Yatzy, the Scandinavian game: 15 boxes, +50 upper bonus, no Joker, no Yatzy bonus."""

from ..rules import Ruleset
from .._build import UPPER, SUM_OF_KIND, TWO_PAIRS, FULL_HOUSE, EXACT_RUN, FIXED_KIND, CHANCE


class Yatzy(Ruleset):
    name = 'yatzy'
    boxes = (
        ('ones', 'Ones', UPPER, 1),
        ('twos', 'Twos', UPPER, 2),
        ('threes', 'Threes', UPPER, 3),
        ('fours', 'Fours', UPPER, 4),
        ('fives', 'Fives', UPPER, 5),
        ('sixes', 'Sixes', UPPER, 6),
        ('one_pair', 'One pair', SUM_OF_KIND, 2),
        ('two_pairs', 'Two pairs', TWO_PAIRS, 0),
        ('three_of_a_kind', '3 of a kind', SUM_OF_KIND, 3),
        ('four_of_a_kind', '4 of a kind', SUM_OF_KIND, 4),
        ('small_straight', 'Sm straight', EXACT_RUN, 1 | (15 << 3)),
        ('large_straight', 'Lg straight', EXACT_RUN, 2 | (20 << 3)),
        ('full_house', 'Full house', FULL_HOUSE, 0),
        ('chance', 'Chance', CHANCE, 0),
        ('yatzy', 'Yatzy', FIXED_KIND, 50),
    )
    upper_bonus = 50
    five_alike_box = 14
