"""Every hold or box of a turn ranked by value, from a planner.TurnPlanner: what hints
show and the points-lost analysis judges against. Apart from planner.py because a
computer player only needs the best choice (TurnPlanner.best_hold_index and
best_box_index) and so never loads this.

    hints = Hints('yahtzee', 'tables/yahtzee.yzt')   # level `good` without a table
    hints.hold_options(card, dice, rolls_left)[0]    # (expected final, dice to keep)
"""

from . import dice as _dice
from .variants import ruleset as _ruleset


def hold_options(planner, card, dice, rolls_left, best=False):
    """[(value hundredths of the rest of the turn and game, kept sorted tuple)] for
    every distinct choice of dice to keep, best first (ties: fewer dice first).
    Keeping all five with two rolls left scores them served where that counts. Any
    number of dice (Crag's three). best: only the first of them, found without a
    tuple a choice (the hint's: its few KB would bring a board's collection)."""
    if rolls_left not in (1, 2):
        raise ValueError('holding needs 1 or 2 rolls left')
    planner._hold_values(card, rolls_left, dice)
    x = planner.x
    base = planner.offset
    d = sorted(dice)
    n = len(d)
    scale = 6 ** n      # the planner's scale: 7776 for five dice, 216 or 46656 else
    half = scale // 2
    # each distinct hold once: of equal dice, the ones kept are the first of them
    # (die i kept, equal to die i - 1, which is not: another subset keeps the same)
    same = 0
    for i in range(1, n):
        if d[i] == d[i - 1]:
            same |= 1 << i
    if best:
        # the same order without the list: value, then fewer dice, then hold index
        best = None
        for sub in range(1 << n):
            if sub & same & ~(sub << 1):
                continue
            packed = k = 0
            for i in range(n):
                if sub >> i & 1:
                    packed += 1 << (3 * d[i] - 3)
                    k += 1
            h = (_dice.N_HOLDS if k == 6 else _dice.HOLD_START[k]) + _dice.rank_counts(packed)
            v = base + (x[h] + half) // scale
            if best is None or v > best or v == best and (k < size or k == size and h < best_h):
                best, size, best_h, kept = v, k, h, sub
        return [(best, tuple([d[i] for i in range(n) if kept >> i & 1]))]
    out = []
    for sub in range(1 << n):
        if sub & same & ~(sub << 1):
            continue
        kept = tuple([d[i] for i in range(n) if sub >> i & 1])
        h = _dice.hold_index(kept)
        # ranked best first, then fewer dice, then by hold index (each hold's own)
        out.append((-(base + (x[h] + half) // scale), len(kept), h, kept))
    out.sort()
    return [(-v, kept) for v, k, h, kept in out]


def box_options(planner, card, dice, first=0):
    """[(value hundredths of the rest of the game, box index)] for every box the card
    lets these dice fill (Scorecard.points_into: the card decides, as Game.fill asks
    it; Yamb's card closes every box but an announced one, and the Announce column
    to an unannounced turn), best first. first: the turn's roll the dice come from, as
    Game.fill passes it (1: served points; Yamb's straight by its roll)."""
    planner._prepare(card)
    rules = planner.rules
    roll = _dice.roll_index(dice, len(dice))
    paid = planner.unit and rules._five_alike(roll)
    scores = bytearray(planner.n_boxes)
    card.points_into(dice, scores, first)
    out = []
    for b in range(planner.n_boxes):
        pts = scores[b]
        if pts != 255:      # rules.OPEN: the card refuses the box
            v = planner._box_value(b, pts) + planner.offset
            if paid:
                v += 100 * planner.unit * rules.bonus(card.scores, roll, b, pts)
            out.append((v, b))
    out.sort(key=lambda item: (-item[0], item[1]))
    return out


class Hints:
    """Every hold or box ranked by expected final score (hundredths of a point), for
    the UI's hints and the analysis: perfect play's from the strategy table when it is
    usable, else level good's (then ``fallback`` is True and ``note`` says why;
    bots.table_planner decides, as for the computer players)."""

    def __init__(self, rules, table_path=None):
        if isinstance(rules, str):
            rules = _ruleset(rules)
        self.rules = rules
        self.planner = None
        if table_path is not None and not rules.hands:
            # the table's reader alone, without the bots' code: the analysis at a
            # game's end has only the heap the game left (its header names the ruleset)
            from .advisor import Advisor, TableError
            try:
                self.planner = Advisor(rules, table_path).planner
            except (TableError, OSError):
                pass
        why = ''
        if self.planner is None:    # level good's (bots.table_planner says why)
            from .bots import table_planner
            self.planner, why = table_planner(rules, table_path)
        self.fallback = bool(why)
        self.note = why + ': hints from level good' if why else ''

    def hold_options(self, card, dice, rolls_left, best=False):
        """[(expected final hundredths, kept sorted tuple)] best first (best: the
        first alone)."""
        t = 100 * card.total
        return [(t + v, kept) for v, kept in
                hold_options(self.planner, card, dice, rolls_left, best)]

    def box_options(self, card, dice, first=0):
        """[(expected final hundredths, box index)] best first, only boxes the card
        lets the dice fill; first: the turn's roll they come from (Game.fill's)."""
        t = 100 * card.total
        return [(t + v, b) for v, b in box_options(self.planner, card, dice, first)]

    def close(self):
        """Close the strategy table's file, if the hints read one."""
        if hasattr(self.planner.values, 'close'):
            self.planner.values.close()
