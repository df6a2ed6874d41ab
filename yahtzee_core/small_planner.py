"""Turn planning for rulesets of other than five dice (Crag's three, Maxi Yatzy's six):
planner.py's TurnPlanner with its hold tables built for the ruleset's dice count. Its
own module, loaded only for such a ruleset, so the five-dice players carry none of it.

The method is TurnPlanner's: after the last roll each roll takes its best box; a hold
of k of the n dice is the sum of its six children (the hold with one more die), so it
carries its expectation times 6**(n - k), and multiplying by 6**k puts every hold on
the scale 6**n; the best hold within a roll is its best sub-hold. A roll of n dice is
the hold of all n (dice.py: the same colex order), so the rolls' values sit at the end
of the holds' array.

A hold's children are bytes: hold h of k dice with a die more is hold h + (the count
of holds of k dice) + its byte, at most 210 (five dice's among the 462 of six), one
table a level (child_tables.py). Six dice: 924 holds (x: 3.7 KB), the child tables
2.8 KB, the largest 1.5 KB (as one uint16 table of places, 5.5 KB, they found no
block that large in a board's split heap at a computer's turn), read in flash on our
firmware (odds_tables.SIX_CHILDREN, which odds_six.py reads too), the scale 6**6 =
46656. The Odds screen borrows x and the child tables (odds_six.lend). An absolute value (a
Maxi Yatzy card is worth about 350 points at the start) times 46656 would pass 2**31,
an array('i') entry's limit; so, as Triple Yahtzee's planner does, the next-state
values are kept relative to the least of the turn (self.offset, hundredths). A value
is then at most 100 x (a box's points plus the bonus it crosses: 36 + 100) plus the
next states' spread (up to 12,000 in good's games): about 25,600 x 46656 = 1.2e9 <
2**31. The largest seen in good's games is 9.1e8, below 2**30 where CircuitPython's
small ints end (past it a value is still exact, a long int).
"""

from array import array

from . import dice as _dice
from .box_planner import BoxPlanner
from .planner import TurnPlanner
from .rules import forget


class SmallPlanner(TurnPlanner):
    """TurnPlanner for n != 5 dice: hold indexes 0 .. hold_index((6,) * n)."""

    def __init__(self, rules, values):
        n = self.n_dice = rules.n_dice
        self.n_rolls = _dice.hold_index((6,) * n) - _dice.hold_index((1,) * n) + 1
        # (C(n + 5, 5): Crag's 56, Maxi Yatzy's 462)
        self.scale = 6 ** n
        holds = _dice.hold_index((1,) * n) + self.n_rolls
        # the large array first, while the heap is least split, made from a range (of
        # known length: one block) and zeroed, as array('i', bytes(...)) would need a
        # block of zeros as large besides (and an array times an int is not in every
        # MicroPython); TurnPlanner's own __init__ is skipped: its arrays are five dice's
        x = self.x = array('i', range(holds))
        for h in range(holds):
            x[h] = 0
        BoxPlanner.__init__(self, rules, values)
        self._tables(holds)

    def _tables(self, holds):
        """The level starts, the children of every hold of fewer than n dice, the
        rolls' view of x and each five-alike's roll, for n dice."""
        n = self.n_dice
        lv = self.level = array('H', [_dice.hold_index((1,) * k) for k in range(n + 1)] +
                                [holds])
        small = lv[n]
        if n > 5:
            self.five = array('H', bytes(12))   # six alike: roll indexes up to 461
        # the children (level_children): six dice's read in flash where this code is
        # frozen (our firmware: no file; the Odds screen reads them too), else built,
        # all before the tuples below
        try:
            open(__file__).close()
            ch = None
        except OSError:
            from .odds_tables import SIX_CHILDREN as ch
        if ch is None or n != 6:        # the builder: loaded for this, then let go
            from .child_tables import level_children
            ch = level_children(n)
            forget('child_tables')
        self.children = ch
        self.base5 = small                      # keep-all of roll 0
        self.e = memoryview(self.x)[small:]
        for f in range(1, 7):
            self.five[f - 1] = _dice.roll_index((f,) * n, n)

    def _prepare(self, card):
        """TurnPlanner's, then (six dice) the next-state values made relative to the
        least of them (self.offset), as the module doc says why."""
        key = self._key
        TurnPlanner._prepare(self, card)
        if self.n_dice < 6 or self._key == key:   # (the same turn: done already)
            return
        nv = self.nv
        ob = self.open
        low = -1
        for i in range(self.n_open):
            b = ob[i]
            for j in range(b * 6, b * 6 + (6 if b < 6 else 2 if b == self.fab else 1)):
                if low < 0 or nv[j] < low:
                    low = nv[j]
        if low <= 0:
            low = 0
        for i in range(self.n_open):
            b = ob[i]
            for j in range(b * 6, b * 6 + (6 if b < 6 else 2 if b == self.fab else 1)):
                nv[j] -= low
        self.offset = low

    def _last_roll_values(self, card):
        self._prepare(card)
        if self._stage == 3:
            return
        e = self.e
        score = self.rules.score_roll
        ob = self.open
        box_value = self._box_value
        for r in range(self.n_rolls):
            best = -1
            for i in range(self.n_open):
                b = ob[i]
                v = box_value(b, score(r, b))
                if v > best:
                    best = v
            e[r] = best
        for f in range(1, 7):
            e[self.five[f - 1]] = self._five_alike(card, f)[0]
        self._stage = 3

    def _sweep(self):
        x = self.x
        lv = self.level
        n = self.n_dice
        for k in range(n - 1, -1, -1):
            ch = self.children[k]
            first = lv[k]
            past = lv[k + 1] - first
            for h in range(first, lv[k + 1]):
                i = (h - first) * 6
                u = h + past
                x[h] = x[u + ch[i]] + x[u + ch[i + 1]] + x[u + ch[i + 2]] + \
                    x[u + ch[i + 3]] + x[u + ch[i + 4]] + x[u + ch[i + 5]]
        mult = 1
        for k in range(n + 1):
            for h in range(lv[k], lv[k + 1]):
                x[h] *= mult
            mult *= 6
        self._stage = 0

    def _push_best(self):
        x = self.x
        lv = self.level
        for k in range(self.n_dice):
            ch = self.children[k]
            first = lv[k]
            past = lv[k + 1] - first
            for h in range(first, lv[k + 1]):
                v = x[h]
                u = h + past
                i = (h - first) * 6
                for j in range(i, i + 6):
                    c = u + ch[j]
                    if v > x[c]:
                        x[c] = v
        e = self.e
        s = self.scale
        for r in range(self.n_rolls):
            e[r] = (e[r] + s // 2) // s

    def _hold_values(self, card, rolls_left, dice=None):
        """Every hold's value on the 6**n scale with `rolls_left` (no served hands:
        no ruleset of fewer dice has them)."""
        self._last_roll_values(card)
        self._sweep()
        for _ in range(rolls_left - 1):
            self._push_best()
            self._sweep()

    def best_box_index(self, card, dice, first=0):
        self._prepare(card)
        best, best_b = self._best_box(card, _dice.roll_index(dice, self.n_dice), first)
        return best_b, best + self.offset
