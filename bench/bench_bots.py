"""perfect against good (and beginner) over seeded games, plus exact expected scores.

Each seed's game is played by every bot with its own dice stream seeded alike (the
first roll of every game is the same for all). Prints each bot's mean score and the
mean difference perfect - good with its standard error. With --exact, also the
exact expected score of each level (tools.solver.PolicyEvaluator: no sampling).

    .venv/bin/python bench/bench_bots.py [--games 300] [--exact]
"""
import argparse
import math
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import yahtzee_core as yc  # noqa: E402
from yahtzee_core.bots import make_bot, HeuristicValues  # noqa: E402


def play(bot, name, seed):
    rng = random.Random(seed)
    game = yc.Game(name, 1, lambda: rng.randint(1, 6))
    while not game.over:
        game.roll()
        while game.rolls_left:
            flags = bot.choose_hold(game.card, tuple(game.dice), game.rolls_left)
            if all(flags):
                break
            for i in range(5):
                (game.hold if flags[i] else game.release)(i)
            game.roll()
        game.fill(bot.choose_box(game.card, tuple(game.dice)))
    return game.cards[0].total


def exact_scores(name):
    import numpy as np
    from tools.solver import PolicyEvaluator, RulesModel, Solver, beginner_hold_table
    m = RulesModel(name)
    out = {'perfect (optimal)': Solver(m, dtype=np.float64).solve().expected_score}
    hv = HeuristicValues(m.rules)
    g = np.zeros(m.n_masks * 128, dtype=np.int64)
    for mask in range(m.n_masks - 1):
        y, u = m.states_of_mask(mask)
        for yy, uu in zip(y.tolist(), u.tolist()):
            g[m.vidx(mask, yy, uu)] = hv.value(mask, uu, yy)
    out['good'] = PolicyEvaluator(m, guide=g).run().expected_score
    out['beginner'] = PolicyEvaluator(m, hold_table=beginner_hold_table()).run().expected_score
    return out


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument('--rules', default='yahtzee')
    ap.add_argument('--games', type=int, default=300)
    ap.add_argument('--seed', type=int, default=2024)
    ap.add_argument('--exact', action='store_true')
    args = ap.parse_args(argv)
    from tools.strategy_table import ensure_tables
    table = ensure_tables(args.rules, os.path.join(ROOT, 'tables'))['plain']
    bots = {k: make_bot(k, args.rules, table_path=table) for k in ('perfect', 'good', 'beginner')}
    scores = {k: [] for k in bots}
    t = time.perf_counter()
    for g in range(args.games):
        for k, bot in bots.items():
            scores[k].append(play(bot, args.rules, args.seed * 100003 + g))
    dt = time.perf_counter() - t
    n = args.games
    for k, s in scores.items():
        mean = sum(s) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in s) / (n - 1))
        print('%-9s mean %.2f  sd %.2f  (%d games)' % (k, mean, sd, n))
    diff = [a - b for a, b in zip(scores['perfect'], scores['good'])]
    md = sum(diff) / n
    se = math.sqrt(sum((x - md) ** 2 for x in diff) / (n - 1) / n)
    print('perfect - good: mean difference %.2f, standard error %.2f (%d seeded games, %.0f s)'
          % (md, se, n, dt))
    if args.exact:
        for k, v in exact_scores(args.rules).items():
            print('exact expected score %-18s %.4f' % (k, v))
    return 0


if __name__ == '__main__':
    sys.exit(main())
