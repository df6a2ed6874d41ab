"""Triple Yahtzee (Milton Bradley, 1972): three Yahtzee columns played at once, scored
x1, x2 and x3. Box = column * 13 + b over Yahtzee's 13 boxes; a box holds its points
already multiplied. Each column earns its own upper bonus (35 x its multiplier). A
further Yahtzee is a Joker (25/30/40) only once all three Yahtzee boxes and all three
of its face's upper boxes are filled, and earns 100 x the column it goes into once all
three Yahtzee boxes hold points. See docs/RULES.md."""

from ..rules import Ruleset, OPEN
from .yahtzee import Yahtzee

class TripleYahtzee(Ruleset):
    name = 'triple-yahtzee'
    ui = 'families.triple'   # ui/families/triple/
    solved = False
    # Yahtzee's boxes with the column's number (aces_1 .. chance_3): literals, which a
    # frozen module keeps in flash (tests/test_scoring_rulesets.py derives them)
    categories = ('aces_1', 'twos_1', 'threes_1', 'fours_1', 'fives_1', 'sixes_1',
                  'three_of_a_kind_1', 'four_of_a_kind_1', 'full_house_1',
                  'small_straight_1', 'large_straight_1', 'yahtzee_1', 'chance_1',
                  'aces_2', 'twos_2', 'threes_2', 'fours_2', 'fives_2', 'sixes_2',
                  'three_of_a_kind_2', 'four_of_a_kind_2', 'full_house_2',
                  'small_straight_2', 'large_straight_2', 'yahtzee_2', 'chance_2',
                  'aces_3', 'twos_3', 'threes_3', 'fours_3', 'fives_3', 'sixes_3',
                  'three_of_a_kind_3', 'four_of_a_kind_3', 'full_house_3',
                  'small_straight_3', 'large_straight_3', 'yahtzee_3', 'chance_3')
    labels = Yahtzee.labels          # one column's labels: box b % 13
    kinds = Yahtzee.kinds            # the table holds one column, unmultiplied
    params = Yahtzee.params
    upper_bonus = 35                 # per column, times its multiplier
    five_alike_box = 11              # the first column's; all three: 11, 24, 37
    five_alike_bonus = 100
    joker_points = Yahtzee.joker_points
    columns = 3
    column_ruleset = 'yahtzee'

    def score_roll(self, roll, box):
        return Ruleset.score_roll(self, roll, box % 13) * (box // 13 + 1)

    def points(self, scores, roll, box, first=0):
        if scores[box] != OPEN:
            return -1
        b = box % 13
        m = box // 13 + 1
        face = self._five_alike(roll) if 7 < b < 11 else 0
        if face:  # the Joker: all three Yahtzee boxes and the face's upper boxes filled
            for c in range(0, 39, 13):  # (a loop, not a tuple: no garbage per call)
                if scores[c + 11] == OPEN or scores[c + face - 1] == OPEN:
                    face = 0
            if face:
                return self.joker_points[b] * m
        return Ruleset.score_roll(self, roll, b) * m

    def joker_score(self, box):
        return self.joker_points[box % 13] * (box // 13 + 1)

    def bonus(self, scores, roll, box, pts):
        ok = self._five_alike(roll) and pts
        for y in range(11, 39, 13):
            ok = ok and scores[y] != 0 and scores[y] != OPEN
        return box // 13 + 1 if ok else 0

    def upper_bonus_of(self, scores):
        bonus = 0
        for c in range(3):
            t = 0
            for b in range(13 * c, 13 * c + 6):
                if scores[b] != OPEN:
                    t += scores[b]
            if t >= 63 * (c + 1):  # the column's boxes hold (c + 1) x the dice
                bonus += 35 * (c + 1)
        return bonus


RULES = TripleYahtzee
