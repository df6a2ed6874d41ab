"""Turn planning where the game is won on points (Balut's goals): planner.py's
TurnPlanner with the value of a fill estimated from the card's categories instead of
a strategy table (no exact solve exists: docs/STRATEGY.md). Its own module, loaded
only for such a ruleset.

A fill of box b (category c) with p points is worth, in hundredths of a point of
total score:

    100 * p  +  (goal estimate of c after the fill - before)  -  worth of the cell used

- a game point is valued at POINT = 50 points of total score (the total's bands are
  50 apart, so 50 more total is about one point more);
- a total goal (Fours 52, Choice 100, ...): its points once reached; before that a
  share that ramps with the slack (the total plus `par` per open cell, less the goal)
  over +-(4 + 4 x open cells) points: the more cells left, the less sure either way;
- an every-cell goal (four straights, four houses): 0 once a cell scored 0, else its
  points times the chance of making it in each open cell (`chance`, per mille, per
  cell: about the chance of a straight or a house when playing for it);
- each balut: its points.

The worths, pars and chances are set by hand from the dice (what a category's cell
yields when a player fills it with a good roll), not fitted to a solver's values:
there are none. level casual values the future (the cell used, the goals) at a
quarter, as it does elsewhere.
"""

from array import array

from .planner import TurnPlanner

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_POINT = const(5000)      # hundredths of total score one game point is worth
_BASE = const(40000)      # added to every fill's value: the planner's values stay >= 0
_MOST = const(51)         # box scores 0..50 (a Balut of sixes: 50)

# Per category, Balut's order (Fours, Fives, Sixes, Straight, House, Choice, Balut):
# worth of an open cell (points of score), par of a cell toward a total goal, and
# the chance (per mille) of filling a cell with a score toward an every-cell goal.
_WORTH = (12, 15, 18, 12, 14, 23, 8)
_PAR = (12, 15, 18, 0, 0, 23, 0)
_CHANCE = (0, 0, 0, 600, 550, 0, 0)


class GoalPlanner(TurnPlanner):
    """TurnPlanner for rulesets won on goals (rules.goals): values from the card."""

    offset = -_BASE
    next_values = 0   # its own _prepare and _box_value (gain): no nv

    def __init__(self, rules, quarters=4):
        TurnPlanner.__init__(self, rules, None)
        self.quarters = quarters
        self.n_cat = rules.n_boxes // rules.cells
        # gain[c * 51 + p]: the value of filling a cell of category c with p points
        self.gain = array('i', bytes(4 * self.n_cat * _MOST))
        self.seen = bytearray(b'\xfe' * rules.n_boxes)   # the card the gains are for

    def _goal(self, c, total, left, ok, scored):
        """Hundredths a category's goal is worth: `total` in its filled cells,
        `left` cells open, `ok` none of them 0, `scored` of them not 0."""
        at, points = self.rules.goals[0][c]
        full = points * _POINT
        if at < 0:
            return full * scored
        if at == 0:
            if not ok:
                return 0
            for _ in range(left):
                full = full * _CHANCE[c] // 1000
            return full
        if total >= at:
            return full
        if not left:
            return 0
        reach = 4 + 4 * left
        s = total + left * _PAR[c] - at + reach
        if s <= 0:
            return 0
        if s >= 2 * reach:
            return full
        return full * s // (2 * reach)

    def _prepare(self, card):
        scores = card.scores
        if self.seen == scores:
            return
        self.seen[:] = scores
        rules = self.rules
        n = self.n_cat
        k = 0
        for b in range(rules.n_boxes):
            if scores[b] == 255:
                self.open[k] = b
                k += 1
        self.n_open = k
        q = self.quarters
        gain = self.gain
        for c in range(n):
            total = left = scored = 0
            ok = 1
            for b in range(c, rules.n_boxes, n):
                v = scores[b]
                if v == 255:
                    left += 1
                else:
                    total += v
                    scored += v > 0
                    ok = ok and v > 0
            if not left:
                continue
            before = self._goal(c, total, left, ok, scored)
            for p in range(_MOST):
                after = self._goal(c, total + p, left - 1, ok and p > 0, scored + (p > 0))
                gain[c * _MOST + p] = _BASE + 100 * p + \
                    (after - before - 100 * _WORTH[c]) * q // 4
        self._stage = 0

    def _box_value(self, b, pts):
        return self.gain[b % self.n_cat * _MOST + pts]

    def expected_remaining(self, card):
        """No estimate of the rest of the game (the values are a turn's gains)."""
        return 0
