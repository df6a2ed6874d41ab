"""Kismet (1964): Yacht's family with coloured pips (1 and 6 black, 2 and 5 red, 3 and 4
green): 15 boxes, colour hands, and an upper bonus in three tiers. No Joker and no bonus
for a further Kismet. See docs/RULES.md."""

from ..rules import Ruleset, OPEN


class Kismet(Ruleset):
    name = 'kismet'
    categories = ('aces', 'deuces', 'treys', 'fours', 'fives', 'sixes',
                  'two_pair_same_colour', 'three_of_a_kind', 'straight', 'flush',
                  'full_house', 'full_house_same_colour', 'four_of_a_kind', 'yarborough',
                  'kismet')
    labels = ('Aces|Deuces|Treys|Fours|Fives|Sixes|2 pair colour|3 of a kind|Straight|'
              'Flush|Full house|Full colour|4 of a kind|Yarborough|Kismet')
    kinds = b'uuuuuuqklhgjmcz'  # box kinds, letters explained in _build.py
    # params: 1, 2, 3, 4, 5, 6, 0, 3, 30, 35, 15, 20, 25, 0, 50
    params = b'\x01\x02\x03\x04\x05\x06\x00\x03\x1e\x23\x0f\x14\x19\x00\x32'
    upper_bonus = 75           # the top tier; upper_bonus_of() pays 35, 55 or 75
    upper_bonus_at = 78        # where the top tier starts (the solver tracks up to it)
    five_alike_box = 14
    top_score = 80

    def upper_bonus_of(self, scores):
        t = 0
        for b in range(6):
            if scores[b] != OPEN:
                t += scores[b]
        return 75 if t >= 78 else 55 if t >= 71 else 35 if t >= 63 else 0


RULES = Kismet
