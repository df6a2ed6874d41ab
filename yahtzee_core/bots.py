"""Computer opponents: `perfect`, `good`, `casual` and `beginner`, one small API.

    bot = make_bot('perfect', rules, table_path='tables/yahtzee.yzt')
    held = bot.choose_hold(card, dice, rolls_left)   # 5 ints, 1 = keep that die
    box = bot.choose_box(card, dice)                 # box index (first=1: served)
    box = bot.choose_announce(card, dice)            # Yamb, after the first roll: box or -1

Keeping all five dice with two rolls left means standing on the first roll; in
Generala that scores a straight, full or poker served (+5), and choose_box then
scores it so unless told otherwise (first=0/1).

- perfect: the optimal policy, from the strategy table (see advisor.py). Without a
  usable table it plays `good` instead and says so (``bot.fallback`` is True and
  ``bot.note`` explains; the UI can show it): always for Triple Yahtzee, Balut
  and Maxi Yatzy, which no solver can solve, and where no table is shipped. table_planner() is that rule,
  for the hints too (ranking.Hints).
- good: the same turn planning as the advisor, but the value of the state a turn ends
  in is a compact estimate (estimate.py) instead of the table: a fixed worth per open box, a share of
  the upper bonus (of each tier: Kismet) that grows with how far the card is ahead of
  "three of each", the Yahtzee bonus chances while the Yahtzee box holds 50, and
  Generala's Double Generala by what the Generala box holds. The weights (hundredths
  of a point) are least-squares fits to the solver's exact values (python -m
  tools.fit_weights), a dozen integers per ruleset: no table, so it suits boards
  without room for one. Triple Yahtzee (no solve exists) sums Yahtzee's estimate per
  column, times the column's multiplier (estimate.triple_values).
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
from .variants import ruleset as _ruleset

KINDS = ('perfect', 'good', 'casual', 'beginner')

CASUAL_QUARTERS = 1   # casual values the open boxes at 1/4 of good's estimate


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
    """Which of the dice (in their order) to hold to keep the multiset `kept`."""
    need = [0] * 7
    for d in kept:
        need[d] += 1
    flags = [0] * len(dice)
    for i in range(len(dice)):
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
        self.stood = 0      # 1: the last hold kept all five dice of a first roll

    def choose_hold(self, card, dice, rolls_left):
        if self.planner is None:
            kept = beginner_keep(dice)
        else:
            h, _ = self.planner.best_hold_index(card, dice, rolls_left)
            kept = _dice.hold_dice(h)
        self.stood = 1 if rolls_left == self.rules.turn_rolls - 1 and \
            len(kept) == len(dice) else 0
        return held_flags(dice, kept)

    def choose_box(self, card, dice, first=None):
        """The box to fill. first: 1 if the dice are the turn's first roll (served
        points); None: 1 when this bot's last hold stood on a first roll (what a
        caller that passes no roll number, the UI's computer turn, does next)."""
        if first is None:
            first = self.stood
        self.stood = 0
        if self.planner is not None:
            return self.planner.best_box_index(card, dice, first)[0]
        opts = card.options(dice, first)
        cats = self.rules.categories
        best = -1
        best_b = -1
        for b in range(len(cats)):
            p = opts.get(cats[b], -1)
            if p > best:
                best, best_b = p, b
        return best_b

    def choose_announce(self, card, dice):
        """Yamb, after the turn's first roll: the box to announce, or -1 (the rule is
        yamb_planner's, loaded only for Yamb)."""
        from .yamb_planner import choose_announce
        return choose_announce(self, card, dice)

    def close(self):
        """The bot is done: its strategy table's file closes now, and its planner's
        arrays go (planner.TurnPlanner.release)."""
        planner = self.planner
        if planner is not None:
            if hasattr(planner.values, 'close'):
                planner.values.close()
            planner.release()


def good_planner(rules, quarters=4):
    """The `good` planner (quarters=CASUAL_QUARTERS: `casual`); Triple Yahtzee's plans
    by column (triple_planner.TriplePlanner), Balut's by its goals
    (goal_planner.GoalPlanner)."""
    if rules.hands:  # Poker Dice: to win the round (quarters 0: perfect)
        from .poker_planner import planner
        return planner(rules, quarters)
    if rules.column_orders:  # Yamb: its columns' orders and the announce
        from .yamb_planner import YambPlanner
        return YambPlanner(rules, quarters)
    if rules.columns > 1:
        from .triple_planner import TriplePlanner
        from .estimate import triple_values
        return TriplePlanner(rules, triple_values(rules, quarters))
    if rules.goals is not None:   # won on points (Balut): values from the card's goals
        from .goal_planner import GoalPlanner
        return GoalPlanner(rules, quarters)
    from .estimate import HeuristicValues
    if rules.n_dice != 5:   # Crag's three dice, Maxi Yatzy's six: their hold tables
        from .small_planner import SmallPlanner
        return SmallPlanner(rules, HeuristicValues(rules, quarters))
    return TurnPlanner(rules, HeuristicValues(rules, quarters))


def table_planner(rules, table_path):
    """Perfect play's planner, from the strategy table at table_path, else level
    good's: (planner, why), `why` '' for the table's, else the reason it is good's.
    The bots' level perfect and the hints (ranking.Hints) both play by it."""
    if rules.hands:  # Poker Dice: solved by its planner, no table
        return good_planner(rules, 0), ''
    if not rules.solved:
        why = 'no strategy table exists for %s (too large to solve)' % rules.name
    elif table_path is None:
        why = 'no strategy table'
    else:
        from .advisor import Advisor, TableError  # the table reader, only with a table
        try:
            return Advisor(rules, table_path).planner, ''
        except (TableError, OSError) as exc:
            why = 'strategy table unusable (%s)' % exc
    return good_planner(rules), why


def casual_planner(rules):
    return good_planner(rules, CASUAL_QUARTERS)


def make_bot(kind, rules, table_path=None):
    """A bot of `kind` (one of KINDS) for `rules` (name or Ruleset)."""
    if isinstance(rules, str):
        rules = _ruleset(rules)
    if kind == 'perfect':
        planner, why = table_planner(rules, table_path)
        return Bot('perfect', rules, planner, bool(why),
                   why + ': playing at level good' if why else '')
    if kind == 'good':
        return Bot('good', rules, good_planner(rules))
    if kind == 'casual':
        return Bot('casual', rules, casual_planner(rules))
    if kind == 'beginner':
        return Bot('beginner', rules)
    raise ValueError('unknown bot kind %r; choose one of: %s' % (kind, ', '.join(KINDS)))
