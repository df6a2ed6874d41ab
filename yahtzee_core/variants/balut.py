"""Balut (Soren Milholt's 1979 rules with points): five dice, three rolls a turn,
seven categories each scored four times (28 turns). Fours, Fives and Sixes score
their face's dice; Straight 1-2-3-4-5 (15) or 2-3-4-5-6 (20); House, three of one
face and two of another, the sum; Choice the sum; Balut, five alike, 20 plus the sum.
The game is won on points: a category's four cells reaching its goal (Fours 52,
Fives 65, Sixes 78, Choice 100: 2 each; four straights 4; four houses 3; 2 a balut),
plus -2 to 6 for the total score; equal points rank by total. See docs/RULES.md.

Box = cell * 7 + category (cell 0..3): the score table and the labels are one
cell's, as Triple Yahtzee's are one column's. Category c is the table's box c + 3
(Fours to Sixes are its faces 4 to 6); the Straight adds the table's last box, the
high straight, to its box, the low one (two fixed scores: no kind of its own)."""

from ..rules import Ruleset, OPEN

class Balut(Ruleset):
    name = 'balut'
    solved = False
    # the seven categories with the cell's number (fours_1 .. balut_4): literals, which
    # a frozen module keeps in flash (tests/test_scoring_rulesets.py derives them)
    categories = ('fours_1', 'fives_1', 'sixes_1', 'straight_1', 'house_1', 'choice_1',
                  'balut_1', 'fours_2', 'fives_2', 'sixes_2', 'straight_2', 'house_2',
                  'choice_2', 'balut_2', 'fours_3', 'fives_3', 'sixes_3', 'straight_3',
                  'house_3', 'choice_3', 'balut_3', 'fours_4', 'fives_4', 'sixes_4',
                  'straight_4', 'house_4', 'choice_4', 'balut_4')
    labels = 'Fours|Fives|Sixes|Straight|House|Choice|Balut'
    # The table's boxes: the six faces (Fours to Sixes are its boxes 3 to 5), then
    # 1-2-3-4-5 (15), House (the sum), Choice, Balut (sum + 20), 2-3-4-5-6 (20).
    kinds = b'uuuuuuafczb'  # box kinds, letters explained in _build.py
    params = b'\x01\x02\x03\x04\x05\x06\x0f\x00\x00\x14\x14'
    n_upper = 0               # Fours to Sixes are categories of their own: no upper bonus
    five_alike_box = 6        # the first Balut cell (6, 13, 20, 27)
    cells = 4
    ui = 'families.cells'   # ui/families/cells/
    # the categories' goals (Fours 52+: 2, ..., 2 a balut), then the total's bands
    goals = (((52, 2), (65, 2), (78, 2), (0, 4), (0, 3), (100, 2), (-1, 2)),
             ((0, -2), (300, -1), (350, 0), (400, 1), (450, 2), (500, 3), (550, 4),
              (600, 5), (650, 6)))

    def score_roll(self, roll, box):
        b = box % 7 + 3
        v = Ruleset.score_roll(self, roll, b)
        return v + Ruleset.score_roll(self, roll, 10) if b == 6 else v

    def category_points(self, scores, c):
        """The points category c's cells earn as they stand (a total goal once
        reached; every cell scoring once all four do)."""
        at, points = self.goals[0][c]
        t = n = 0
        for b in range(c, 28, 7):
            v = scores[b]
            if v != OPEN:
                t += v
                n += v != 0
        if at > 0:
            return points if t >= at else 0
        if at < 0:
            return points * n
        return points if n == 4 else 0

    def game_points(self, scores):
        """The card's points: its categories' and its total's."""
        t = p = 0
        for b in range(28):
            if scores[b] != OPEN:
                t += scores[b]
        for c in range(7):
            p += self.category_points(scores, c)
        for at, points in self.goals[1]:
            if t >= at:
                q = points
        return p + q


RULES = Balut
