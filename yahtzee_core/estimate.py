"""Level good's estimate of the rest of a game (and casual's, scaled down): the
expected remaining score of a turn-start state from a dozen fitted weights per
ruleset (weights.py; python -m tools.fit_weights fits them to the solver's exact
values). The turn planner (planner.TurnPlanner, small_planner.SmallPlanner,
triple_planner.TriplePlanner) asks it for the value of each state a turn can end in.
Its own module, loaded only by bots.good_planner for the rulesets planned that way:
Yamb's, Balut's and Poker Dice's computers never load it (a board's heap).
"""

from .rules import forget

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_SLACK = const(10)   # weights.SLACK: the bonus share ramps over +-10 points of slack


class HeuristicValues:
    """Estimated expected remaining score (hundredths) of a turn-start state, scaled
    by quarters/4 (4: level good's estimate; fewer: a player who undervalues later
    turns). weights: a weights.WEIGHTS entry (default: the ruleset's); layout: a
    weights.feature_layout() (default: the ruleset's)."""

    par_each = 3    # "on par": this many of each open upper face (Maxi Yatzy: 4, its
    #                 84 is four of each), where the first bonus tier is not 63

    def __init__(self, rules, quarters=4, weights=None, layout=None):
        if weights is None or layout is None:
            # the data module is read for this ruleset and let go: the other
            # rulesets' weights and the probes never stay in RAM
            from . import weights as _w
            weights = weights or _w.WEIGHTS[rules.name]
            layout = layout or _w.feature_layout(rules)
            forget('weights')
        w = weights
        self.box = w[0]
        share = w[1]
        self.shares = share if isinstance(share, tuple) else (share,)
        self.per_open_y = w[2]
        self.y_extra = w[3] if len(w) > 3 else 0
        self.dead_extra = w[4] if len(w) > 4 else 0
        self.tiers, _, _, self.y_box = layout
        if self.tiers and self.tiers[0] // 21 != 3:
            self.par_each = self.tiers[0] // 21
        self.fab = rules.five_alike_box
        self.n_boxes = len(self.box)
        self.quarters = quarters
        self.reads = 0

    def value(self, mask, u, y):
        v = 0
        n_open = 0
        par = 0
        box = self.box
        for b in range(self.n_boxes):
            if not mask >> b & 1:
                v += box[b]
                n_open += 1
                if b < 6:
                    par += self.par_each * (b + 1)
        tiers = self.tiers
        for i in range(len(tiers)):
            if u < tiers[i]:
                s = u + par - tiers[i] + _SLACK
                if s > 2 * _SLACK:
                    s = 2 * _SLACK
                if s > 0:
                    v += self.shares[i] * s // (2 * _SLACK)
        if y:
            v += self.per_open_y * n_open
        yb = self.y_box
        if yb >= 0 and not mask >> yb & 1:
            if y:
                v += self.y_extra
            elif mask >> self.fab & 1:
                v += self.dead_extra
        if self.quarters != 4:
            v = v * self.quarters // 4
        return v


def triple_values(rules, quarters=4):
    """Triple Yahtzee's column estimate (triple_planner.TriplePlanner sums it per
    column times the multiplier): the fitted weights of the ruleset a column is a card
    of (column_ruleset: Yahtzee's) on the column's 13 boxes, its own upper bonus at
    63, and the Yahtzee-bonus worth while all three Yahtzee boxes hold
    points (a bonus pays 100 x the column: the multiplier scales it as it does the
    boxes). No solver value exists to fit Triple to (39 boxes: tools.solver.Unsolvable),
    and a column is a Yahtzee card but for the shared turns. (rules: Triple's; its
    five-alike box, 11, is also a column's own.)"""
    from . import weights
    w = weights.WEIGHTS[rules.column_ruleset]
    forget('weights')
    return HeuristicValues(rules, quarters, w, ((rules.upper_bonus_at,), weights.SLACK, 1, -1))
