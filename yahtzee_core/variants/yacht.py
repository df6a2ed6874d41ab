"""Yacht (1938): 12 boxes, no bonus of any kind, no Joker. Full house scores the sum of
its dice; four of a kind the four matching dice; both straights 30."""

from ..rules import Ruleset


class Yacht(Ruleset):
    name = 'yacht'
    categories = ('ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'full_house',
                  'four_of_a_kind', 'little_straight', 'big_straight', 'choice', 'yacht')
    labels = ('Ones|Twos|Threes|Fours|Fives|Sixes|Full house|4 of a kind|Little str|'
              'Big str|Choice|Yacht')
    kinds = b'uuuuuufnabcy'  # box kinds, letters explained in _build.py
    # params: 1, 2, 3, 4, 5, 6, 0, 4, 30, 30, 0, 50
    params = b'\x01\x02\x03\x04\x05\x06\x00\x04\x1e\x1e\x00\x32'
    five_alike_box = 11


RULES = Yacht
