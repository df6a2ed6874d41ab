"""Rulesets: boxes, score tables, bonuses and the Joker policy.

A ruleset is data (its boxes, each a scoring kind and a parameter, see _build.py)
plus one small hook, the Joker rule. Box scores are computed once per ruleset into one
table of ``n_boxes * 252`` bytes, so scoring a roll is one lookup. Each ruleset family
lives in its own module under ``variants/`` and is imported only when asked for, so
the tables of rulesets not in play never reach RAM.

>>> rules = ruleset('yahtzee')
>>> rules.score((2, 2, 3, 3, 3), 'full_house'), rules.score((2, 2, 3, 3, 3), 'threes')
(25, 9)
>>> ruleset('yatzy').score((5, 5, 4, 4, 1), 'two_pairs')
18
"""

import sys
from .dice import N_ROLLS, roll_index

RULESETS = ('yahtzee', 'yahtzee-free-joker', 'yahtzee-1956', 'yatzy', 'yacht')
# Where each ruleset lives: module under variants/ and class name, same order.
_CLASSES = (('yahtzee', 'Yahtzee'), ('yahtzee_free_joker', 'FreeJokerYahtzee'),
            ('yahtzee_1956', 'Yahtzee1956'), ('yatzy', 'Yatzy'), ('yacht', 'Yacht'))

OPEN = 255  # an unfilled box in a card's scores


class IllegalMove(ValueError):
    """An action the rules do not allow; nothing was changed."""


class Ruleset:
    """Base of every ruleset; a subclass sets the class attributes below.

    Box b is named ``categories[b]``, shown as ``labels[b]`` and scored by kind
    ``kinds[b]`` with parameter ``params[b]`` (see _build.py). The first six boxes are
    the upper section, faces 1 to 6 in order.
    """

    name = ''
    categories = labels = ()
    kinds = params = b''
    n_upper = 6
    upper_bonus = 0           # points once the upper section totals upper_bonus_at
    upper_bonus_at = 63
    five_alike_box = -1       # index of the Yahtzee / Yatzy / Yacht box
    five_alike_bonus = 0      # points for each further five-alike (the Yahtzee bonus)
    joker_points = None       # per box: fixed score when a five-alike is a Joker, 0 = plain

    def __init__(self):
        self.n_boxes = self.rounds = len(self.categories)
        self.id = RULESETS.index(self.name)
        # The table builder is needed once: load it, build, and let it go again.
        from . import _build
        self._table, self._five_alike = _build.tables(self.kinds, self.params)
        forget('_build')

    def box_index(self, box):
        """Index of a box given by name or index; IllegalMove if there is none."""
        if isinstance(box, int):
            if 0 <= box < self.n_boxes:
                return box
        elif box in self.categories:
            return self.categories.index(box)
        raise IllegalMove("no box %r in %s" % (box, self.name))

    def score_roll(self, roll, box):
        """Plain score of box index `box` for roll index `roll`: one table lookup."""
        return self._table[box * N_ROLLS + roll]

    def score(self, dice, box):
        """Plain score of five dice in a box (name or index), without card context."""
        return self._table[self.box_index(box) * N_ROLLS + roll_index(dice)]

    def table(self, box):
        """The 252 plain scores of one box in roll-index order."""
        b = self.box_index(box)
        return self._table[b * N_ROLLS:(b + 1) * N_ROLLS]

    def points(self, scores, roll, box):
        """Points box index `box` would score now on a card with these scores, or -1
        when this roll may not fill it (the box is filled, or a Joker rule forbids)."""
        if scores[box] != OPEN:
            return -1
        face = self._five_alike[roll]
        if face and self.joker_points and scores[self.five_alike_box] != OPEN:
            return self._joker(scores, roll, face, box)
        return self._table[box * N_ROLLS + roll]

    def bonus_due(self, scores, roll):
        """Bonus a five-alike roll earns on this card: the Yahtzee bonus, or 0."""
        fab = self.five_alike_box
        if self.five_alike_bonus and self._five_alike[roll] and scores[fab] != OPEN and scores[fab]:
            return self.five_alike_bonus
        return 0

    def _joker(self, scores, roll, face, box):
        """Hook: points (or -1) for open box `box` when a five-alike of `face` is rolled
        after the five-alike box is filled. Rulesets with a Joker rule override it."""
        return self._table[box * N_ROLLS + roll]

    def _lower_open(self, scores):
        for b in range(self.n_upper, self.n_boxes):
            if scores[b] == OPEN:
                return True
        return False

    def _as_joker(self, roll, box):
        """A lower box's score for a five-alike played as a Joker."""
        return self.joker_points[box] or self._table[box * N_ROLLS + roll]


def forget(module):
    """Drop a one-time submodule (table builder, save reader) so its code leaves RAM."""
    sys.modules.pop('yahtzee_core.' + module, None)
    sys.modules['yahtzee_core'].__dict__.pop(module, None)


_loaded = {}


def ruleset(name):
    """The ruleset called `name` (one of RULESETS); built once, then shared."""
    r = _loaded.get(name)
    if r is None:
        if name not in RULESETS:
            raise ValueError("unknown ruleset %r; choose one of: %s" % (name, ', '.join(RULESETS)))
        module, cls = _CLASSES[RULESETS.index(name)]
        mod = __import__('yahtzee_core.variants.' + module, None, None, (cls,))
        r = _loaded[name] = getattr(mod, cls)()
    return r
