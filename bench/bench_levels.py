"""Mean scores of the computer levels by simulation: good, casual and beginner for a
ruleset with no exact solve to measure them by (Maxi Yatzy; printed, never asserted),
and level perfect, from the ruleset's strategy table, against the solver's expected
score (Crag: the known answer that its table and the three-dice planner play
optimally on the device).

    .venv/bin/python bench/bench_levels.py [--rules maxi-yatzy] [--games 100] [--seed 1000]
    .venv/bin/python bench/bench_levels.py --rules crag --kinds perfect --games 4000

Each level plays the same seeded solitaire games (game g: dice from random.Random(seed
+ g)); prints each level's mean, standard deviation, standard error and CPU time a
game. For perfect it also prints the solver's expected score and whether the mean is
within the tolerance: three standard errors of the mean (a correct player misses it
in about 1 run in 370).
"""
import math
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import yahtzee_core as yc  # noqa: E402
from yahtzee_core.bots import make_bot  # noqa: E402
from tools.fit_weights import solitaire  # noqa: E402

TOLERANCE_SE = 3        # perfect's mean within this many standard errors of the optimum


def optimum(name):
    """The solver's expected score of the ruleset (fewer dice: solve_small's)."""
    from tools.solver import Solver, solve_small
    if yc.ruleset(name).n_dice != 5:
        return solve_small(name).expected_score
    return Solver(name).solve().expected_score


def main(argv=None):
    from tools.cli_checks import Parser, bad_count, unknown_rules
    ap = Parser()
    ap.add_argument('--rules', default='maxi-yatzy')
    ap.add_argument('--games', type=int, default=100)
    ap.add_argument('--seed', type=int, default=1000)
    ap.add_argument('--kinds', nargs='+', default=['good', 'casual', 'beginner'],
                    choices=['perfect', 'good', 'casual', 'beginner'])
    args = ap.parse_args(argv)
    ap.refuse(unknown_rules(args.rules), bad_count(args.games, '--games'))
    rules = yc.ruleset(args.rules)
    for kind in args.kinds:
        table = None
        if kind == 'perfect':
            from tools.strategy_table import ensure_tables
            table = ensure_tables(args.rules, os.path.join(str(ROOT), 'tables'))['plain']
        bot = make_bot(kind, args.rules, table_path=table)
        if bot.fallback:
            print('%s %s: %s' % (args.rules, kind, bot.note))
        t = time.process_time()
        totals = [solitaire(rules, bot, args.seed + g).total for g in range(args.games)]
        cpu = (time.process_time() - t) / args.games
        bot.close()
        mean = statistics.mean(totals)
        sd = statistics.stdev(totals)
        se = sd / math.sqrt(args.games)
        print('%s %-8s mean %.2f  sd %.1f  se %.2f  (%d games, seeds %d..)  CPU %.3f s a game'
              % (args.rules, kind, mean, sd, se, args.games, args.seed, cpu), flush=True)
        if kind == 'perfect' and not bot.fallback:
            best = optimum(args.rules)
            ok = abs(mean - best) <= TOLERANCE_SE * se
            print('%s perfect: solver expected %.4f, mean - expected %+.2f = %+.1f se: %s '
                  '(tolerance %d se)' % (args.rules, best, mean - best, (mean - best) / se,
                                         'within' if ok else 'OUTSIDE', TOLERANCE_SE))
    return 0


if __name__ == '__main__':
    sys.exit(main())
