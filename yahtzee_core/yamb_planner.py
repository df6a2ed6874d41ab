"""Yamb's computer players (levels good and casual; its own module, loaded only for a
ruleset with column orders): planner.TurnPlanner's exact turn planning over holds, with
the boxes the column orders and the announce allow, and a hand-set estimate of what
filling a box is worth to the rest of the game in place of solved values. Yamb is not
solved (48 boxes: docs/STRATEGY.md), so no table exists to fit weights to.

What a box is worth when filled with `pts` (hundredths):
- its points, less what the box would be worth kept open (WORTH below, the points a
  box of that row scores on average when aimed at later; casual counts a quarter of
  it, so it takes points now);
- an upper box: half a point for each point above three of its face (the bonus comes
  at 60, under the 63 that par makes), and the 30 when this fill reaches 60;
- Ones also multiply the middle section: each one is worth Max - Min (as filled, or
  the estimates 25 and 10 while open); Max and Min count only through the middle:
  (pts - 25) x Ones and (10 - pts) x Ones (two ones while Ones is open).
The announce (choose_announce): every open Announce box is tried as the turn's bound
box, and the turn is announced when one is worth more than playing it unbound, or
when the Announce column is all that is left.
"""

from .planner import TurnPlanner
from .rules import OPEN
from .dice import roll_index

# WORTH[row]: points a box of that row scores on average when aimed at later (hand
# set, rounded from what level good makes of them in play; docs/STRATEGY.md)
WORTH = (2, 5, 8, 11, 14, 17, 0, 0, 40, 40, 35, 25)
_MAX_GUESS = 25
_MIN_GUESS = 10
_ONES_GUESS = 2


class YambPlanner(TurnPlanner):
    served = 1        # standing on the first roll scores it as the first roll's
    offset = -100000  # the hints' values without the sweep's +100000 (_box_value)
    next_values = 0   # its own _prepare and _box_value: no nv

    def __init__(self, rules, quarters=4):
        TurnPlanner.__init__(self, rules, None)
        self.quarters = quarters
        self.card = None

    def _prepare(self, card):
        """The boxes this turn may fill: the bound box; else the ones the column
        orders allow, the Announce column's excluded (it needs an announce)."""
        key = card.filled_mask << 6 | card.announced + 1
        if key == self._key and card is self.card:
            return
        k = 0
        a = card.announced
        points = self.rules.points
        for b in range(self.n_boxes):
            if card.scores[b] == OPEN and (b == a if a >= 0 else
                                           b < 36 and points(card.scores, 0, b) >= 0):
                self.open[k] = b
                k += 1
        self.n_open = k
        self.card = card
        self._key = key
        self._stage = 0

    def _box_value(self, b, pts):
        scores = self.card.scores
        row = b % 12
        c = b - row
        v = 100 * pts - 100 * WORTH[row] * self.quarters // 4
        if row < 6:
            face = row + 1
            u = 0
            for i in range(c, c + 6):
                if scores[i] != OPEN:
                    u += scores[i]
            v += 50 * (pts - 3 * face)
            if u < 60 <= u + pts:
                v += 3000
            if row == 0:
                hi = scores[c + 6] if scores[c + 6] != OPEN else _MAX_GUESS
                lo = scores[c + 7] if scores[c + 7] != OPEN else _MIN_GUESS
                v += 100 * pts * (hi - lo)
        elif row < 8:
            ones = scores[c] if scores[c] != OPEN else _ONES_GUESS
            v -= 100 * pts        # not in the total itself: through the middle only
            v += 100 * ones * ((pts - _MAX_GUESS) if row == 6 else (_MIN_GUESS - pts))
        return v + 100000         # kept positive: the sweep takes -1 for "none"

    def expected_remaining(self, card):
        """Hundredths: a rough estimate of the rest of the game (the hint before a
        roll; there are no solved values): each open box's WORTH, and each column's
        middle section at the guesses while its Max, Min or Ones is open."""
        s = card.scores
        t = 0
        for b in range(len(s)):
            if s[b] == OPEN:
                t += WORTH[b % 12]
        for c in range(0, len(s), 12):
            if s[c] == OPEN or s[c + 6] == OPEN or s[c + 7] == OPEN:
                t += (_MAX_GUESS - _MIN_GUESS) * _ONES_GUESS
        return 100 * t

    def best_announce(self, card, dice):
        """The Announce box to bind this turn to (after its first roll), or -1."""
        if card.announced >= 0:
            return -1
        unbound = -1
        self._key = -1
        if self._has_free(card):
            unbound = self.best_hold_index(card, dice, 2)[1]
        best = unbound
        best_b = -1
        for b in range(36, 48):
            if card.scores[b] == OPEN:
                card.announced = b
                self._key = -1
                v = self.best_hold_index(card, dice, 2)[1]
                card.announced = -1
                if v > best:
                    best, best_b = v, b
        self._key = -1
        return best_b

    def _has_free(self, card):
        for b in range(36):
            if card.scores[b] == OPEN:
                return True
        return False


def choose_announce(bot, card, dice):
    """A bot's announce after the turn's first roll: the box, or -1. good and casual
    announce where their planner finds the bound turn worth more; beginner only when
    nothing else is open, the box that scores most with these dice."""
    if bot.planner is not None:
        return bot.planner.best_announce(card, dice)
    for b in range(36):
        if card.scores[b] == 255:
            return -1
    roll = roll_index(dice)
    best = best_b = -1
    for b in range(36, len(card.scores)):
        if card.scores[b] == 255 and bot.rules.score_roll(roll, b) > best:
            best, best_b = bot.rules.score_roll(roll, b), b
    return best_b
