"""Computer opponents: `perfect`, `good`, `casual` and `beginner`, one small API.

    bot = make_bot('perfect', rules, table_path='tables/yahtzee.yzt')
    held = bot.choose_hold(card, dice, rolls_left)   # 5 ints, 1 = keep that die
    box = bot.choose_box(card, dice)                 # box index

- perfect: the optimal policy, from the strategy table (see advisor.py). Without a
  usable table it plays `good` instead and says so (``bot.fallback`` is True and
  ``bot.note`` explains; the UI can show it).
- good: the same turn planning as the advisor, but the value of the state a turn ends
  in is a compact estimate instead of the table: a fixed worth per open box, a share of
  the upper bonus that grows with how far the card is ahead of "three of each", and the
  Yahtzee bonus chances while the Yahtzee box holds 50. The weights (hundredths of a
  point) are least-squares fits to the solver's exact values (tools/solver.py), a
  dozen integers per ruleset: no table, so it suits boards without room for one.
- casual: plays like a casual human: it plans each turn as `good` does but gives the
  boxes still open only a quarter of their worth, so it takes points now (a 25 in
  full house early, a poor chance as a dump) rather than keep good boxes for later.
  Same planner and cost as `good`; its exact expected score is between good's and
  beginner's (docs/STRATEGY.md).
- beginner: keeps the dice of its most common face (the higher face on a tie) and
  fills the box that scores most right now. Deterministic, so its expected score is
  computed exactly (tools.solver.PolicyEvaluator), not simulated.
"""

from . import dice as _dice
from .planner import TurnPlanner
from .rules import ruleset as _ruleset

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

KINDS = ('perfect', 'good', 'casual', 'beginner')

# Per ruleset: (worth of each open box in card order, upper-bonus share at full
# slack, Yahtzee-bonus worth per open box while the Yahtzee box holds 50).
_WEIGHTS = {
    'yahtzee': ((560, 704, 875, 1081, 1285, 1506, 2239, 1332, 1768, 2881, 2261, 1038,
                 2704), 3212, 273),
    'yahtzee-free-joker': ((560, 704, 875, 1081, 1285, 1506, 2239, 1333, 1767, 2881,
                            2261, 1038, 2704), 3211, 273),
    'yahtzee-1956': ((553, 692, 856, 1055, 1251, 1461, 2236, 1343, 1778, 2880, 2305,
                      1057, 2696), 3203, 271),
    'yatzy': ((410, 598, 835, 1123, 1393, 1673, 1450, 1897, 1575, 1118, 607, 791, 1558,
               2609, 871), 4997, 0),
    'yacht': ((529, 705, 915, 1160, 1413, 1657, 1391, 967, 1145, 1162, 2579, 796), 0, 0),
}
_SLACK = const(10)   # the bonus share ramps from 0 to full over +-10 points of upper slack
CASUAL_QUARTERS = 1   # casual values the open boxes at 1/4 of good's estimate


class HeuristicValues:
    """Estimated expected remaining score (hundredths) of a turn-start state, scaled
    by quarters/4 (4: level good's estimate; fewer: a player who undervalues later
    turns)."""

    def __init__(self, rules, quarters=4):
        w = _WEIGHTS[rules.name]
        self.box = w[0]
        self.bonus_share = w[1]
        self.per_open_y = w[2]
        self.cap = rules.upper_bonus_at if rules.upper_bonus else 0
        self.n_boxes = rules.n_boxes
        self.quarters = quarters
        self.reads = 0

    def value(self, mask, u, y):
        v = 0
        n_open = 0
        par = 0
        for b in range(self.n_boxes):
            if not mask >> b & 1:
                v += self.box[b]
                n_open += 1
                if b < 6:
                    par += 3 * (b + 1)
        if self.cap and u < self.cap:
            s = u + par - self.cap + _SLACK
            if s > 2 * _SLACK:
                s = 2 * _SLACK
            if s > 0:
                v += self.bonus_share * s // (2 * _SLACK)
        if y:
            v += self.per_open_y * n_open
        if self.quarters != 4:
            v = v * self.quarters // 4
        return v


def beginner_keep(dice):
    """The dice a beginner keeps: all of its most common face (higher face on ties)."""
    counts = [0] * 7
    for d in dice:
        counts[d] += 1
    face = 6
    for f in range(6, 0, -1):
        if counts[f] > counts[face]:
            face = f
    return (face,) * counts[face]


def held_flags(dice, kept):
    """Which of the five dice (in their order) to hold to keep the multiset `kept`."""
    need = [0] * 7
    for d in kept:
        need[d] += 1
    flags = [0, 0, 0, 0, 0]
    for i in range(5):
        d = dice[i]
        if need[d]:
            need[d] -= 1
            flags[i] = 1
    return flags


class Bot:
    """A computer player. ``fallback`` is True when it plays below the level asked
    for (no strategy table); ``note`` says why."""

    def __init__(self, kind, rules, planner=None, fallback=False, note=''):
        self.kind = kind
        self.rules = rules
        self.planner = planner
        self.fallback = fallback
        self.note = note

    def choose_hold(self, card, dice, rolls_left):
        if self.planner is None:
            kept = beginner_keep(dice)
        else:
            h, _ = self.planner.best_hold_index(card, dice, rolls_left)
            kept = _dice.hold_dice(h)
        return held_flags(dice, kept)

    def choose_box(self, card, dice):
        if self.planner is not None:
            return self.planner.best_box_index(card, dice)[0]
        opts = card.options(dice)
        cats = self.rules.categories
        best = -1
        best_b = -1
        for b in range(len(cats)):
            p = opts.get(cats[b], -1)
            if p > best:
                best, best_b = p, b
        return best_b

    def close(self):
        if self.planner is not None and hasattr(self.planner.values, 'close'):
            self.planner.values.close()


def good_planner(rules):
    return TurnPlanner(rules, HeuristicValues(rules))


def casual_planner(rules):
    return TurnPlanner(rules, HeuristicValues(rules, CASUAL_QUARTERS))


def make_bot(kind, rules, table_path=None):
    """A bot of `kind` (one of KINDS) for `rules` (name or Ruleset)."""
    if isinstance(rules, str):
        rules = _ruleset(rules)
    if kind == 'perfect':
        if table_path is None:
            return Bot('perfect', rules, good_planner(rules), True,
                       'no strategy table: playing at level good')
        from .advisor import Advisor, TableError  # the table reader, only with a table
        try:
            adv = Advisor(rules, table_path)
        except (TableError, OSError) as exc:
            return Bot('perfect', rules, good_planner(rules), True,
                       'strategy table unusable (%s): playing at level good' % exc)
        return Bot('perfect', rules, adv.planner)
    if kind == 'good':
        return Bot('good', rules, good_planner(rules))
    if kind == 'casual':
        return Bot('casual', rules, casual_planner(rules))
    if kind == 'beginner':
        return Bot('beginner', rules)
    raise ValueError('unknown bot kind %r; choose one of: %s' % (kind, ', '.join(KINDS)))
