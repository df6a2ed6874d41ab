"""perfect against good (and casual, beginner) over seeded games with paired dice,
plus exact expected scores.

Common random numbers: every game g has one fixed table of dice, a value for each
(turn, roll of the turn, k-th die rolled), and every bot plays game g on that table.
So each turn's first roll is the same for all bots, and whenever two bots reroll the
same number of dice at the same roll of a turn they get the same new values, whichever
dice they kept and wherever those sit. The paired difference perfect - good then
measures the decisions rather than the dice.

Pairing alone leaves most of the noise (the bots' cards soon differ, and a Yahtzee
bonus is 100 points), so each game's score is also shown less its dice luck, measured
with the strategy table's values (LuckMeter): unbiased for any bot, and for `perfect`
it removes the noise entirely.

Prints games, each bot's mean score (plain and score - luck), the mean difference
perfect - good with its standard error (both ways), and the exact difference for
reference (from docs/STRATEGY.md; with --exact recomputed by
tools.solver.PolicyEvaluator, no sampling). --dice independent plays each bot on its
own dice stream instead (only the games' first rolls agree), to show what the pairing
buys.

Balut's figures are its game points (its result; no luck meter: the planner's values
are a turn's gains, not a score to come).

Triple Yahtzee (no solve exists, so no strategy table) plays `perfect` as its
fallback, level good (the note is printed), and measures luck with good's own values
(still mean 0 for any bot, since each roll's expectation is the mean of the values it
can land in; it cancels less). --exact needs the solver's PolicyEvaluator: not for
triple-yahtzee (unsolvable); the reason is printed. Generala's served hands: the
luck meter values a first roll at the better of its holds and standing on it (scored
served), as the planner does, and the evaluator replays the stands.

--heap runs tests/mpy/check_bots.py (a whole game between two `good` bots) for each
ruleset given on MicroPython and CircuitPython (compiled .mpy) and prints the
smallest heap that completes it and the figures the check prints.

    .venv/bin/python bench/bench_bots.py [--rules NAME ...] [--games 300] [--seed 2024]
        [--exact] [--dice paired|independent] [--no-luck] [--no-beginner] [--heap]
"""
import math
import os
import random
import sys
import time
from array import array

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import yahtzee_core as yc  # noqa: E402
from yahtzee_core import dice as _dice  # noqa: E402
from yahtzee_core.advisor import Advisor  # noqa: E402
from yahtzee_core.bots import make_bot, CASUAL_QUARTERS  # noqa: E402
from yahtzee_core.estimate import HeuristicValues  # noqa: E402

ROLLS = 3
SCALE = 7776         # 6 ** 5: the planner's scale for hold expectations
# Exact expected scores, ruleset `yahtzee` (docs/STRATEGY.md, PolicyEvaluator).
EXACT_YAHTZEE = {'perfect': 254.5877, 'good': 251.1134, 'casual': 228.3384,
                 'beginner': 162.2469}


def paired_dice(seed, game, turns):
    """Game `game`'s dice table: value of the k-th die rolled at roll r of turn t is
    table[(t * 3 + r) * 5 + k]. Seeded per (seed, game), so any subset of games can be
    replayed alone."""
    rng = random.Random(seed * 1000003 + game)
    return bytes(rng.randint(1, 6) for _ in range(turns * ROLLS * 5))


class TableDice:
    """Dice source for yc.Game reading a paired table; the player loop calls start()
    before each roll so that the k-th die rolled reads entry k of that roll's row."""

    def __init__(self, table):
        self.table = table
        self.pos = 0

    def start(self, turn, roll):
        self.pos = (turn * ROLLS + roll) * 5

    def __call__(self):
        v = self.table[self.pos]
        self.pos += 1
        return v


class LuckMeter:
    """Dice luck of a game, measured with the optimal values (a martingale control
    variate): each roll adds (value of the state it lands in) - (expected value of
    that state before rolling), both by the strategy table's own turn planning. The
    expected luck of every roll is exactly 0 for fair dice, whatever the bot does,
    so `score - luck` is an unbiased estimate of a bot's expected score, and most of
    the dice noise (Yahtzee bonuses, the upper bonus) cancels out of it.

    Values are in hundredths on the planner's 7776 scale (exact integers): e_k[r] is
    the value of roll r with k rolls left, x_k[h] the expectation of hold h before a
    roll that leaves k rolls (the planner's rounded values, so each x is exactly the
    mean of the e it is swept from)."""

    def __init__(self, rules, table_path=None, planner=None):
        self.planner = planner if planner is not None else Advisor(rules, table_path).planner
        self.luck = 0

    def start_turn(self, card):
        # Uses planner internals (desktop bench only): the same sweeps best_hold_index
        # runs, one stage further back, to reach the first roll's expectation.
        p = self.planner
        p._last_roll_values(card)
        e0 = array('i', p.e)
        p._sweep()
        x0 = array('i', p.x)             # holds before the last roll
        p._push_best()
        e1 = array('i', p.e)
        p._sweep()
        x1 = array('i', p.x)             # holds before the second roll
        p._push_best()
        if p.served:
            # a first roll may be scored at once, served (+5): worth the better
            for r in range(len(p.e)):
                stand = p._best_box(card, r, 1)[0]
                if stand > p.e[r]:
                    p.e[r] = stand
        e2 = array('i', p.e)
        p._sweep()
        first = p.x[0]                   # the empty hold: a fresh roll of five
        p._stage = 0                     # e and x were overwritten: drop the cache
        self.after = (e2, e1, e0)        # by roll number 0, 1, 2 of the turn
        self.before = (None, x1, x0)
        self.first = first

    def rolled(self, roll, kept, dice):
        before = self.first if roll == 0 else self.before[roll][_dice.hold_index(kept)]
        self.luck += SCALE * self.after[roll][_dice.roll_index(dice)] - before

    def points(self):
        """The luck so far, in points."""
        return self.luck / (100 * SCALE)


def play(bot, rules, dice, meter=None):
    """Final score of one solitaire game of `bot`. `dice` is a paired table (bytes) or
    a callable dice source. With a LuckMeter, its luck is reset and measured."""
    table = dice if isinstance(dice, (bytes, bytearray)) else None
    source = TableDice(table) if table is not None else dice
    game = yc.Game(rules, 1, source)
    if meter is not None:
        meter.luck = 0
    turn = 0
    while not game.over:
        if meter is not None:
            meter.start_turn(game.card)
        roll = 0
        kept = ()
        if table is not None:
            source.start(turn, roll)
        game.roll()
        while True:
            if meter is not None:
                meter.rolled(roll, kept, game.dice)
            if not game.rolls_left or game.over:    # over: Generala served wins at once
                break
            flags = bot.choose_hold(game.card, tuple(game.dice), game.rolls_left)
            if all(flags):
                break
            for i in range(5):
                (game.hold if flags[i] else game.release)(i)
            kept = tuple(game.dice[i] for i in range(5) if flags[i])
            roll += 1
            if table is not None:
                source.start(turn, roll)
            game.roll()
        if game.over:
            break
        game.fill(bot.choose_box(game.card, tuple(game.dice)))   # a Bot knows if it stood
        turn += 1
    card = game.cards[0]
    return card.total if card.rules.goals is None else card.rules.game_points(card.scores)   # Balut: points


def paired_scores(bots, rules, games, seed, meter=None, first_game=0):
    """({kind: [score of game g]}, {kind: [score - luck of game g]} or None) with every
    bot on game g's paired dice table; luck from `meter` (a LuckMeter) if given."""
    turns = yc.ruleset(rules).rounds if isinstance(rules, str) else rules.rounds
    scores = {k: [] for k in bots}
    adjusted = {k: [] for k in bots} if meter is not None else None
    for g in range(first_game, first_game + games):
        table = paired_dice(seed, g, turns)
        for k, bot in bots.items():
            s = play(bot, rules, table, meter)
            scores[k].append(s)
            if meter is not None:
                adjusted[k].append(s - meter.points())
    return scores, adjusted


def independent_scores(bots, rules, games, seed):
    """The unpaired design: each bot gets its own stream seeded alike per game."""
    scores = {k: [] for k in bots}
    for g in range(games):
        for k, bot in bots.items():
            rng = random.Random(seed * 100003 + g)
            scores[k].append(play(bot, rules, lambda: rng.randint(1, 6)))
    return scores


def mean_and_se(xs):
    """Sample mean and its standard error."""
    n = len(xs)
    m = sum(xs) / n
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)


def heuristic_guide(model, values):
    """PolicyEvaluator's guide (flat state index -> hundredths) from a HeuristicValues."""
    import numpy as np
    g = np.zeros(model.n_masks * 2 * model.lanes, dtype=np.int64)
    for mask in range(model.n_masks - 1):
        y, u = model.states_of_mask(mask)
        for yy, uu in zip(y.tolist(), u.tolist()):
            g[model.vidx(mask, yy, uu)] = values.value(mask, uu, yy)
    return g


def no_exact(name):
    """Why PolicyEvaluator cannot give this ruleset's exact scores, or None."""
    rules = yc.ruleset(name)
    if rules.columns > 1:
        return '%s cannot be solved (tools.solver.Unsolvable)' % name
    return None


def exact_scores(name, table=None):
    """Exact expected score of each level (PolicyEvaluator); perfect's is that of the
    advisor's decisions from `table` (its plain strategy table), or without one the
    optimum (the solver's value, float64). 'optimum' is the solver's value."""
    import numpy as np
    from tools.solver import (PolicyEvaluator, RulesModel, Solver, beginner_hold_table,
                              guide_from_table)
    m = RulesModel(name)
    out = {'optimum': Solver(m, dtype=np.float64).solve().expected_score}
    out['perfect'] = out['optimum']
    if table:
        from tools.strategy_table import read_table
        q = read_table(table, m)[1]
        out['perfect'] = PolicyEvaluator(m, guide=guide_from_table(m, q)).run().expected_score
    for kind, quarters in (('good', 4), ('casual', CASUAL_QUARTERS)):
        g = heuristic_guide(m, HeuristicValues(m.rules, quarters))
        out[kind] = PolicyEvaluator(m, guide=g).run().expected_score
    out['beginner'] = PolicyEvaluator(m, hold_table=beginner_hold_table()).run().expected_score
    return out


def report_difference(label, a, b):
    """Print and return (mean, standard error) of the paired difference a - b."""
    diff = [x - y for x, y in zip(a, b)]
    md, se = mean_and_se(diff)
    print('%s: mean difference %+.2f, standard error %.2f (%.1f standard errors from 0)'
          % (label, md, se, md / se if se else 0.0))
    return md, se


def table_for(name):
    """The plain strategy table of ruleset `name`, or (None, why) when it has none."""
    from tools.strategy_table import ensure_tables
    try:
        return ensure_tables(name, os.path.join(ROOT, 'tables'))['plain'], ''
    except ValueError as exc:     # TableUnsupported, Unsolvable: both ValueErrors
        return None, str(exc)


def bench_ruleset(name, args):
    table, why = table_for(name)
    kinds = ('perfect', 'good') if args.no_beginner else ('perfect', 'good', 'casual',
                                                          'beginner')
    bots = {k: make_bot(k, name, table_path=table) for k in kinds}
    fallback = bots['perfect'].fallback
    if fallback:
        # it plays exactly as good: its games are good's, not played twice
        print('%s: perfect plays its fallback: %s (%s)' % (name, bots['perfect'].note, why))
        del bots['perfect']
    t = time.perf_counter()
    adjusted = None
    if args.dice == 'paired':
        meter = None
        if not args.no_luck and yc.ruleset(name).goals is None:   # (Balut: no luck in points)
            meter = LuckMeter(name, table) if table else \
                LuckMeter(name, planner=make_bot('good', name).planner)
        scores, adjusted = paired_scores(bots, name, args.games, args.seed, meter)
    else:
        scores = independent_scores(bots, name, args.games, args.seed)
    dt = time.perf_counter() - t
    if fallback:
        scores['perfect'] = scores['good']
        if adjusted is not None:
            adjusted['perfect'] = adjusted['good']
    n = args.games
    print('%d games, ruleset %s, %s dice, seed %d (%.0f s)%s'
          % (n, name, args.dice, args.seed, dt,
             '' if yc.ruleset(name).goals is None else ': the game\'s points'))
    for k in kinds:
        m, se = mean_and_se(scores[k])
        line = '%-9s mean %7.2f  standard error %.2f' % (k, m, se)
        if adjusted is not None:
            ma, sea = mean_and_se(adjusted[k])
            line += '   score - luck: mean %7.2f  standard error %.2f' % (ma, sea)
        print(line)
    if not fallback:
        same = sum(1 for a, b in zip(scores['perfect'], scores['good']) if a == b)
        print('%d of %d games scored alike by perfect and good' % (same, n))
        md, se = report_difference('perfect - good', scores['perfect'], scores['good'])
        if adjusted is not None:
            mda, sea = report_difference('perfect - good, score - luck',
                                         adjusted['perfect'], adjusted['good'])
    if not args.no_beginner:
        report_difference('good - beginner', scores['good'], scores['beginner'])
    exact = None
    if args.exact:
        reason = no_exact(name)
        if reason:
            print('exact expected scores: not available: %s' % reason)
        else:
            exact = exact_scores(name, table)
            src = 'PolicyEvaluator'
    elif name == 'yahtzee':
        exact, src = EXACT_YAHTZEE, 'docs/STRATEGY.md'
    if exact:
        for k in kinds:
            print('exact expected score %-9s %.4f' % (k, exact[k]))
        if 'optimum' in exact:
            print('optimum (solver)                %.4f' % exact['optimum'])
        if fallback:
            print('(the perfect bot played level good here: compare it with good)')
            return
        ex = exact['perfect'] - exact['good']
        line = 'exact difference perfect - good %+.4f (%s); the sample is %+.1f standard ' \
               'errors from it' % (ex, src, (md - ex) / se if se else 0.0)
        if adjusted is not None:
            line += ', score - luck %+.1f' % ((mda - ex) / sea if sea else 0.0)
        print(line)


def bench_heap(names):
    """Smallest heap (KiB) in which two `good` bots play a whole game, per ruleset and
    interpreter (compiled .mpy), with the check's own figures at a roomy heap."""
    sys.path.insert(0, os.path.join(ROOT, 'tests'))
    from mpy_util import (CIRCUITPYTHON_MISSING, circuitpython_available, heap_floor,
                          run_micropython)
    script = os.path.join(ROOT, 'tests', 'mpy', 'check_bots.py')
    for port in ('micropython', 'circuitpython'):
        if port == 'circuitpython' and not circuitpython_available():
            print('circuitpython: skipped: %s' % CIRCUITPYTHON_MISSING)
            continue
        for name in names:
            def completes(k, name=name, port=port):
                done = run_micropython(script, heapsize='%dK' % k, compiled=True,
                                       args=[name], port=port, timeout=600)
                return done.returncode == 0 and 'bot checks passed' in done.stdout
            lowest, reliable = heap_floor(completes, lo=8, hi=256, above=6)
            done = run_micropython(script, heapsize='256K', compiled=True, args=[name],
                                   port=port, timeout=600)
            fig = dict(line.rsplit(' ', 1) for line in done.stdout.splitlines()
                       if line[-1:].isdigit() and ' ' in line)
            print('%-13s %-15s smallest heap %sK (every heap from %sK)  core %s B, two '
                  'good bots %s B, most allocated in a turn %s B, final totals %s'
                  % (port, name, lowest, reliable, fig.get('core resident bytes'),
                     fig.get('bots resident bytes'), fig.get('turn allocation bytes max'),
                     ' '.join(line.split()[-1] for line in done.stdout.splitlines()
                              if line.startswith('final total'))))


def main(argv=None):
    from tools.cli_checks import Parser, bad_count, unknown_rules
    ap = Parser()
    ap.add_argument('--rules', nargs='+', default=['yahtzee'])
    ap.add_argument('--games', type=int, default=300)
    ap.add_argument('--seed', type=int, default=2024)
    ap.add_argument('--dice', choices=('paired', 'independent'), default='paired')
    ap.add_argument('--no-luck', action='store_true',
                    help='skip the luck-corrected estimate (about halves the run time)')
    ap.add_argument('--no-beginner', action='store_true', help='play perfect and good only')
    ap.add_argument('--exact', action='store_true',
                    help='recompute the exact expected scores (PolicyEvaluator)')
    ap.add_argument('--heap', action='store_true',
                    help='only the MicroPython/CircuitPython heap of a game of good bots')
    args = ap.parse_args(argv)
    ap.refuse(*[unknown_rules(r) for r in args.rules] + [bad_count(args.games, '--games')])
    if args.heap:
        bench_heap(args.rules)
        return 0
    for name in args.rules:
        bench_ruleset(name, args)
    return 0


if __name__ == '__main__':
    sys.exit(main())
