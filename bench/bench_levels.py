"""Mean scores of the computer levels good, casual and beginner by simulation, for a
ruleset with no exact solve to measure them by (Maxi Yatzy; printed, never asserted).

    .venv/bin/python bench/bench_levels.py [--rules maxi-yatzy] [--games 100] [--seed 1000]

Each level plays the same seeded solitaire games (game g: dice from random.Random(seed
+ g)); prints each level's mean, standard deviation and CPU time a game.
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import yahtzee_core as yc  # noqa: E402
from yahtzee_core.bots import make_bot  # noqa: E402
from tools.fit_weights import solitaire  # noqa: E402


def play(name, kind, seed):
    return solitaire(yc.ruleset(name), make_bot(kind, name), seed).total


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument('--rules', default='maxi-yatzy')
    ap.add_argument('--games', type=int, default=100)
    ap.add_argument('--seed', type=int, default=1000)
    args = ap.parse_args(argv)
    for kind in ('good', 'casual', 'beginner'):
        t = time.process_time()
        totals = [play(args.rules, kind, args.seed + g) for g in range(args.games)]
        print('%s %-8s mean %.1f  sd %.1f  (%d games, seeds %d..)  CPU %.2f s a game' % (
            args.rules, kind, statistics.mean(totals), statistics.stdev(totals), args.games,
            args.seed, (time.process_time() - t) / args.games), flush=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
