"""Yatzy, the Scandinavian game: 15 boxes, +50 upper bonus, no Joker, no Yatzy bonus.
Pairs and kinds score only the matching dice; the straights are exactly 1-5 (15) and
2-6 (20); a full house scores the sum of its dice."""

from ..rules import Ruleset


class Yatzy(Ruleset):
    name = 'yatzy'
    categories = ('ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'one_pair',
                  'two_pairs', 'three_of_a_kind', 'four_of_a_kind', 'small_straight',
                  'large_straight', 'full_house', 'chance', 'yatzy')
    labels = ('Ones|Twos|Threes|Fours|Fives|Sixes|One pair|Two pairs|3 of a kind|'
              '4 of a kind|Sm straight|Lg straight|Full house|Chance|Yatzy')
    kinds = b'uuuuuunpnnabfcy'  # box kinds, letters explained in _build.py
    # params: 1, 2, 3, 4, 5, 6, 2, 0, 3, 4, 15, 20, 0, 0, 50
    params = b'\x01\x02\x03\x04\x05\x06\x02\x00\x03\x04\x0f\x14\x00\x00\x32'
    upper_bonus = 50
    five_alike_box = 14


RULES = Yatzy
