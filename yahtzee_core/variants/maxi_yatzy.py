"""Maxi Yatzy, the Scandinavian six-dice Yatzy: 20 boxes, +100 when the upper section
totals 84 or more, no Joker, no bonus for a further Maxi Yatzy. As in Yatzy, pairs and
kinds score only their dice (the highest such); the straights show 1-2-3-4-5 (15) and
2-3-4-5-6 (20) with the sixth die any, the full straight 1 to 6 (21); a full house is
a three and a pair of other faces (the sum of those five dice), a villa two threes, a
tower four and two, each the sum of all six; Maxi Yatzy, six alike, 100. Three rolls a
turn: the saved-rolls rule some editions have is not played (see docs/RULES.md)."""

from ..rules import Ruleset


class MaxiYatzy(Ruleset):
    name = 'maxi-yatzy'
    solved = False
    categories = ('ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'one_pair',
                  'two_pairs', 'three_pairs', 'three_of_a_kind', 'four_of_a_kind',
                  'five_of_a_kind', 'small_straight', 'large_straight', 'full_straight',
                  'full_house', 'villa', 'tower', 'chance', 'maxi_yatzy')
    labels = ('Ones|Twos|Threes|Fours|Fives|Sixes|One pair|Two pairs|Three pairs|'
              '3 of a kind|4 of a kind|5 of a kind|Sm straight|Lg straight|'
              'Full straight|Full house|Villa|Tower|Chance|Maxi Yatzy')
    kinds = b'uuuuuunpdnnnablfiwcy'  # box kinds, letters explained in _build.py
    # params: 1, 2, 3, 4, 5, 6, 2, 0, 0, 3, 4, 5, 15, 20, 21, 0, 0, 0, 0, 100
    params = b'\x01\x02\x03\x04\x05\x06\x02\x00\x00\x03\x04\x05\x0f\x14\x15\x00\x00\x00\x00\x64'
    n_dice = 6
    upper_bonus = 100
    upper_bonus_at = 84
    five_alike_box = 19       # all the dice alike: Maxi Yatzy (no bonus, no Joker)

    def _five_alike(self, roll):
        """The face of six alike (the game's "five-alike": all its dice alike), else
        0: rolls 0, 6, 27, 83, 209 and 461, C(face + 5, 6) - 1 in colex order."""
        return (0, 6, 27, 83, 209, 461).index(roll) + 1 \
            if roll in (0, 6, 27, 83, 209, 461) else 0


RULES = MaxiYatzy
