"""Yahtzee, official rules (the default): forced Joker, +35 upper bonus, +100 for each
further Yahtzee while the Yahtzee box holds 50. See docs/RULES.md."""

from ..rules import Ruleset


class Yahtzee(Ruleset):
    """A further Yahtzee must take its matching upper box, else any open lower box (as a
    Joker: 25/30/40 for full house and straights), else any open upper box for 0."""

    name = 'yahtzee'
    categories = ('aces', 'twos', 'threes', 'fours', 'fives', 'sixes', 'three_of_a_kind',
                  'four_of_a_kind', 'full_house', 'small_straight', 'large_straight',
                  'yahtzee', 'chance')
    labels = ('Aces|Twos|Threes|Fours|Fives|Sixes|3 of a kind|4 of a kind|Full house|'
              'Sm straight|Lg straight|Yahtzee|Chance')
    kinds = b'uuuuuukkfslyc'  # box kinds, letters explained in _build.py
    # params: 1, 2, 3, 4, 5, 6, 3, 4, 25, 30, 40, 50, 0
    params = b'\x01\x02\x03\x04\x05\x06\x03\x04\x19\x1e\x28\x32\x00'
    upper_bonus = 35
    five_alike_box = 11
    five_alike_bonus = 100
    # joker_points: 0, 0, 0, 0, 0, 0, 0, 0, 25, 30, 40, 0, 0
    joker_points = b'\x00\x00\x00\x00\x00\x00\x00\x00\x19\x1e\x28\x00\x00'
    forced_upper = True   # a further Yahtzee must take its upper box while open,
    lower_first = True    # else an open lower box (as a Joker), else an upper box for 0


RULES = Yahtzee
