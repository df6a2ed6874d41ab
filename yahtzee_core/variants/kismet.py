"""Kismet (1964): Yacht's family with coloured pips (1 and 6 black, 2 and 5 red, 3 and 4
green): 15 boxes, colour hands, and an upper bonus in three tiers. No Joker and no bonus
for a further Kismet. See docs/RULES.md."""

from ..rules import Ruleset


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
    upper_bonus = 75           # the top tier: 78 and up
    upper_bonus_at = 78
    upper_tiers = ((63, 35), (71, 55), (78, 75))
    five_alike_box = 14
    colours = 'BRGGRB'         # (_build.py's colour kinds: faces adding to 7 share one)


RULES = Kismet
