"""Yahtzee, official rules (the default): forced Joker, +35 upper bonus, +100 for each
further Yahtzee while the Yahtzee box holds 50. See docs/RULES.md."""

from ..rules import Ruleset, OPEN


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

    def _joker(self, scores, roll, face, box):
        """Points (or -1 = not allowed) for open box `box` when a five-alike of `face`
        is rolled after the five-alike box is filled, by the family's two choices
        (forced_upper, lower_first): Ruleset.points calls it where there are
        joker_points (the rulesets without a Joker carry none of its code)."""
        plain = self.score_roll(roll, box)
        upper_open = scores[face - 1] == OPEN
        if self.forced_upper and upper_open:
            return plain if box == face - 1 else -1
        if self.lower_first:
            for b in range(6, self.n_boxes):
                if scores[b] == OPEN:
                    return -1 if box < 6 else self.joker_points[box] or plain
            return 0
        # Free choice: full house and straights are Jokers once the upper box is filled.
        if box >= 6 and not upper_open:
            return self.joker_points[box] or plain
        return plain

    def joker_score(self, box):
        """The fixed points box index `box` scores as a Joker, 0 when it has none. Only
        rulesets with joker_points have it: one method fewer on Ruleset keeps every
        ruleset's class dict a size smaller (80 bytes of heap on CircuitPython, 160 on
        MicroPython)."""
        return self.joker_points[box]


RULES = Yahtzee
