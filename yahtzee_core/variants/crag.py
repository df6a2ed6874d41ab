"""Crag (Wood and Goddard, 1940): three dice, two rolls a turn, 13 boxes, no bonus of
any kind. Crag is a pair in dice totalling 13 (6-6-1, 5-5-3, 4-4-5): 50; Thirteen,
any dice totalling 13 (a crag too): 26; three of a kind 25; the four straights
1-2-3, 4-5-6, 1-3-5 and 2-4-6: 20 each. See docs/RULES.md."""

from ..rules import Ruleset


class Crag(Ruleset):
    name = 'crag'
    categories = ('ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'odd_straight',
                  'even_straight', 'low_straight', 'high_straight', 'three_of_a_kind',
                  'thirteen', 'crag')
    labels = ('Ones|Twos|Threes|Fours|Fives|Sixes|Odd straight|Even straight|'
              'Low straight|High straight|3 of a kind|Thirteen|Crag')
    kinds = b'uuuuuuovabytr'  # box kinds, letters explained in _build.py
    # params: 1, 2, 3, 4, 5, 6, 20, 20, 20, 20, 25, 26, 50
    params = b'\x01\x02\x03\x04\x05\x06\x14\x14\x14\x14\x19\x1a\x32'
    n_dice = 3
    turn_rolls = 2
    five_alike_box = 10       # all the dice alike: three of a kind (no bonus, no Joker)

    def _five_alike(self, roll):
        """The face of three alike (the game's "five-alike": all its dice alike), else
        0: rolls 0, 3, 9, 19, 34 and 55, C(face + 2, 3) - 1 in colex order."""
        return (0, 3, 9, 19, 34, 55).index(roll) + 1 if roll in (0, 3, 9, 19, 34, 55) \
            else 0


RULES = Crag
