"""Turn planning: the best hold or box of one turn against any source of turn-start
values (the strategy table for the Advisor and the `perfect` bot, a heuristic for the
`good` bot and table-less hints). Its own module so that a `good` bot loads no table
reader; ranking every option (hints, analysis) is ranking.py's.

A decision needs only the values of the states the turn can end in (at most 44: six
upper-subtotal outcomes for each open upper box, one per other box, two for the
Yahtzee box); everything inside the turn is computed here, in integers:

- after the last roll, each roll takes its best box: 100 * points (bonuses included)
  plus the next state's value;
- a hold's value is the sum over the six faces of the hold with one more die, so a
  hold of k dice carries its expectation times 6**(5 - k); multiplying by 6**k puts
  every hold on the common scale 6**5 = 7776 (at most about 7776 * 46000 < 2**30, so
  CircuitPython never needs a big integer);
- the best hold within a roll is the best "sub-hold", pushed up from each hold to the
  holds with one more die; its value divided by 7776 (rounded) gives the roll's value
  with one roll left, and the same sweep again gives the first roll's choice.

Rules beyond Yahtzee's, all asked of the ruleset (no ruleset names here):
- the upper bonus by subtotal (``bonus_at``: Kismet's three tiers, crossed one by
  one), the subtotal tracked up to where it stops mattering (63, Kismet 78);
- the five-alike flag y (the five-alike box holds points) wherever it matters: a
  five-alike bonus, or a box whose points depend on it (Generala's Double Generala);
- five-alike bonuses asked per box (``Ruleset.bonus``: Kniffel pays only in the
  matching upper box, Triple Yahtzee by column);
- served hands (Generala): with two rolls left, keeping all five dice means scoring
  them now at their first-roll points (``points(..., first=1)``), so that hold is
  worth the better of its plain value and the best served box;
- Triple Yahtzee (39 boxes): triple_planner.TriplePlanner, with per-column states
  (its own module: the other rulesets never load it).

Working memory: one array of 462 32-bit ints (the 252 rolls are its last holds, e
its view of them) and the child table (1260 bytes, a table a face: five_children),
read in place from flash on our firmware: 1.9 KB. The box half (the next
states' values and the best box of a roll) is box_planner.BoxPlanner, this class's base.
"""

from array import array

from . import dice as _dice
from .box_planner import BoxPlanner
from .rules import forget

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_SCALE = const(7776)          # 6 ** 5: the common scale of hold values (analysis.py too)
_HALF = const(3888)
_N_ROLLS = const(252)
_N_HOLDS = const(462)
_FOUR = const(84)             # the first hold of four dice: its children are rolls
_N_SMALL = const(210)         # the holds of 0..4 dice: the ones with children
children = None      # five_children(), shared by every planner (and odds.py)


def five_children():
    """children[f - 1][h]: the hold h (of fewer than five dice) with one more die
    showing f, a byte: that hold's index, or for a hold of four dice (h >= 84) the
    roll's, read through the rolls' view (e: x[210:]), so that a sweep adds nothing to
    a child (child_tables.five_children); 1260 bytes, not uint16's 2.5 KB. The same
    for every planner and the odds: read in place from flash where this code is frozen
    into our firmware (no file: the generated odds_tables.FIVE_CHILDREN), else built
    once and kept."""
    global children
    if children is None:
        try:
            open(__file__).close()
        except OSError:
            from .odds_tables import FIVE_CHILDREN
            children = FIVE_CHILDREN
            forget('odds_tables')   # (its module: the bytes stay, in flash)
        if children is None:
            from .child_tables import five_children as build
            children = build()
            forget('child_tables')
    return children


def sweep_range(x, up, ch, first, end):
    """x[h] = the sum of h's six children, for h from end - 1 down to first: read in
    up (x itself, or for holds of four dice its rolls' view)."""
    c0, c1, c2, c3, c4, c5 = ch
    for h in range(end - 1, first - 1, -1):
        x[h] = up[c0[h]] + up[c1[h]] + up[c2[h]] + up[c3[h]] + up[c4[h]] + up[c5[h]]


def push_range(x, up, ch, first, end):
    """Each hold h in first..end - 1 (upwards: parents before their children) raises
    its six children in up (as sweep_range) to its own value; written out, as a loop
    over six costs more than they do."""
    c0, c1, c2, c3, c4, c5 = ch
    for h in range(first, end):
        v = x[h]
        i = c0[h]
        if v > up[i]:
            up[i] = v
        i = c1[h]
        if v > up[i]:
            up[i] = v
        i = c2[h]
        if v > up[i]:
            up[i] = v
        i = c3[h]
        if v > up[i]:
            up[i] = v
        i = c4[h]
        if v > up[i]:
            up[i] = v
        i = c5[h]
        if v > up[i]:
            up[i] = v


class TurnPlanner(BoxPlanner):
    """Best play within one turn against any source of turn-start values: the
    strategy table (Advisor, `perfect` bot) or a heuristic (`good` bot).

    ``values.value(mask, u, y)`` must return the expected remaining score in
    hundredths of a point."""

    def __init__(self, rules, values):
        # the large array first, while the heap is least split: made from a range (of
        # known length: one block), zeroed: array('i', bytes(...)) needs as large a
        # block of zeros beside it
        x = self.x = array('i', range(_N_HOLDS))
        for h in range(_N_HOLDS):
            x[h] = 0
        BoxPlanner.__init__(self, rules, values)
        # level[k]: the first hold of k dice (and the end)
        self.level = array('H', [_dice.hold_index((1,) * k) for k in range(6)] + [_N_HOLDS])
        self.children = five_children()
        self.base5 = _dice.hold_index((1, 1, 1, 1, 1))    # keep-all of roll 0
        # e[r]: the value of roll r, kept where the sweep reads it: in x, as the hold of
        # all five dice (a view, no second array)
        self.e = memoryview(self.x)[self.base5:]

    def release(self):
        """This planner is done (its computer player goes: bots.Bot.close): its hold
        values go now, not when the last reference to the planner does."""
        self.x = self.e = None

    def _last_roll_values(self, card):
        """self.e[r] = value (hundredths) of roll r after the last roll."""
        self._prepare(card)
        if self._stage == 3:
            return
        e = self.e
        score = self.rules.score_roll
        ob = self.open
        n = self.n_open
        box_value = self._box_value
        for r in range(_N_ROLLS):
            best = -1
            for i in range(n):
                b = ob[i]
                v = box_value(b, score(r, b))
                if v > best:
                    best = v
            e[r] = best
        for f in range(1, 7):
            e[self.five[f - 1]] = self._five_alike(card, f)[0]
        self._stage = 3

    def _sweep(self):
        """From self.e (values of the 252 rolls, the tail of self.x) fill self.x with
        every hold's expectation on the 7776 scale (self.e scaled too)."""
        x = self.x
        ch = self.children
        sweep_range(x, self.e, ch, _FOUR, _N_SMALL)     # (the holds of four: rolls)
        sweep_range(x, x, ch, 0, _FOUR)
        lv = self.level
        mult = 1
        for k in range(6):
            for h in range(lv[k], lv[k + 1]):
                x[h] *= mult
            mult *= 6
        self._stage = 0

    def _push_best(self):
        """x[h] = best value over the holds inside h; then self.e = each roll's value
        with one roll left (hundredths)."""
        x = self.x
        e = self.e
        push_range(x, x, self.children, 0, _FOUR)       # parents before their children
        push_range(x, e, self.children, _FOUR, _N_SMALL)
        for r in range(_N_ROLLS):
            e[r] = (e[r] + _HALF) // _SCALE

    def _hold_values(self, card, rolls_left, dice=None):
        """Leave in self.x the value of every hold (7776 scale, less self.offset
        hundredths) with `rolls_left`. Given the dice, with two rolls left in a served
        ruleset, keeping all five is scoring them now, served, where that is worth more."""
        self._last_roll_values(card)
        self._sweep()
        if rolls_left == 2:
            self._push_best()
            self._sweep()
            if self.served and dice is not None:
                r = _dice.roll_index(dice)
                v = self._best_box(card, r, 1)[0] * _SCALE
                if v > self.x[self.base5 + r]:
                    self.x[self.base5 + r] = v

    # -- decisions (every option ranked: ranking.py) ------------------------------
    def best_hold_index(self, card, dice, rolls_left):
        """(hold index, value on the 7776 scale less self.offset hundredths) of the
        best hold: the smallest hold index among equal values. Keeping all five dice
        means standing (with two rolls left: scoring them served, where that counts).
        Allocation-light (for bots)."""
        self._hold_values(card, rolls_left, dice)
        x = self.x
        c = [0, 0, 0, 0, 0, 0, 0]
        for v in dice:
            c[v] += 1
        best_h = -1
        best = -1
        # every sub-multiset of the dice, by counts
        for c1 in range(c[1] + 1):
            for c2 in range(c[2] + 1):
                for c3 in range(c[3] + 1):
                    for c4 in range(c[4] + 1):
                        for c5 in range(c[5] + 1):
                            for c6 in range(c[6] + 1):
                                packed = c1 | c2 << 3 | c3 << 6 | c4 << 9 | c5 << 12 | c6 << 15
                                k = c1 + c2 + c3 + c4 + c5 + c6
                                h = self.level[k] + _dice.rank_counts(packed)
                                v = x[h]
                                if v > best or (v == best and h < best_h):
                                    best, best_h = v, h
        return best_h, best
