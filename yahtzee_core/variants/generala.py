"""Generala, the Latin-American game: 11 boxes, no bonus, no Joker. A straight, full or
poker made on the turn's first roll ("servida") scores 5 more; a Generala on the first
roll wins the game at once. Double Generala scores 100 only once Generala holds 50."""

from ..rules import Ruleset, OPEN


class Generala(Ruleset):
    name = 'generala'
    categories = ('ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'straight',
                  'full_house', 'four_of_a_kind', 'generala', 'double_generala')
    labels = 'Ones|Twos|Threes|Fours|Fives|Sixes|Straight|Full|Poker|Generala|Dbl Generala'
    kinds = b'uuuuuuefxyy'  # box kinds, letters explained in _build.py
    # params: 1, 2, 3, 4, 5, 6, 20, 30, 40, 50, 100
    params = b'\x01\x02\x03\x04\x05\x06\x14\x1e\x28\x32\x64'
    five_alike_box = 9
    # served: 0, 0, 0, 0, 0, 0, 5, 5, 5, 0, 0
    served = b'\x00\x00\x00\x00\x00\x00\x05\x05\x05\x00\x00'
    instant_win = True
    double_box = 10

    def points(self, scores, roll, box, first=0):
        if scores[box] != OPEN:
            return -1
        v = self.score_roll(roll, box)
        if box == self.double_box and scores[self.five_alike_box] != 50:
            return 0                    # a double needs a Generala before it
        return v + self.served[box] if v and first == 1 else v


RULES = Generala
