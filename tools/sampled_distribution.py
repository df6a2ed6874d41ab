"""A ruleset's score distribution from sampled solitaire games of one computer level
(desktop only): where no solver plays a ruleset perfectly (Yamb), the device's
percentile table is this level's, and says so (its JSON's "play", the table's byte 5:
yahtzee_core/percentiles.py). Same JSON shape as tools/distribution.py's, sampled,
not exact:

    python -m tools.sampled_distribution --rules yamb --level good --games 400 \\
        --workers 2 --json docs/distribution/yamb.json

Game g's dice come from random.Random(seed * 1000003 + g), so any game can be
replayed alone. Slow: Yamb's level good takes about 1.4 s a game on a desktop.
"""
import json
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import yahtzee_core as yc  # noqa: E402
from yahtzee_core.bots import make_bot  # noqa: E402


def play(rules, bot, dice):
    """Final score of one solitaire game of `bot`, announcing where the ruleset has
    an announce (Yamb: after the turn's first roll, as the device's computer does):
    the score its players are ranked by, the total, or where the game is won on
    points (Balut: rules.goals) the card's points."""
    game = yc.Game(rules, 1, dice)
    first = rules.turn_rolls - 1
    while not game.over:
        game.roll()
        if rules.column_orders and game.rolls_left == first:
            b = bot.choose_announce(game.card, game.dice)
            if b >= 0:
                game.rules.announce(game, b)
        while game.rolls_left:
            flags = bot.choose_hold(game.card, tuple(game.dice), game.rolls_left)
            if all(flags):
                break
            for i in range(len(game.dice)):
                game.hold(i, flags[i])
            game.roll()
        game.fill(bot.choose_box(game.card, tuple(game.dice)))
    card = game.cards[0]
    return card.total if rules.goals is None else rules.game_points(card.scores)


def game_score(job):
    """Game g's score (a worker's job: (ruleset, level, seed, g))."""
    name, level, seed, g = job
    rules = yc.ruleset(name)
    rng = random.Random(seed * 1000003 + g)
    return play(rules, make_bot(level, rules), lambda: rng.randint(1, 6))


def summary(name, level, scores, seed):
    """The distribution's JSON dict: mean, median, mode and percentile k (1..99) = the
    smallest s with P(score <= s) >= k/100 among the sampled games."""
    scores = sorted(scores)
    n = len(scores)
    counts = {}
    for s in scores:
        counts[s] = counts.get(s, 0) + 1
    mode = max(sorted(counts), key=lambda s: counts[s])
    percentiles = {}
    for k in range(1, 100):
        need = (k * n + 99) // 100          # at least k/100 of the games at or below
        percentiles[str(k)] = scores[need - 1]
    points = yc.ruleset(name).goals is not None
    return {'rules': name, 'play': level, 'games': n, 'seed': seed,
            'score': 'points' if points else 'total',
            'note': "level %s's sampled games, not perfect play%s"
                    % (level, "; the game's points, not its total" if points else ''),
            'mean': sum(scores) / n, 'median': scores[(n - 1) // 2], 'mode': mode,
            'mode_probability': counts[mode] / n, 'percentiles': percentiles}


def main(argv=None):
    from tools.cli_checks import (Parser, bad_count, bad_out_file, bad_workers, unknown_rules,
                                  write_text)
    ap = Parser(description=__doc__.split('\n')[0])
    ap.add_argument('--rules', required=True, help='ruleset name')
    # the computer levels that need no strategy table (perfect plays by one)
    ap.add_argument('--level', default='good', choices=[k for k in yc.KINDS
                                                        if k not in ('human', 'perfect')])
    ap.add_argument('--games', type=int, default=600)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--json', help='write the distribution here')
    ap.add_argument('--workers', type=int, default=1, help='processes playing games')
    args = ap.parse_args(argv)
    ap.refuse(unknown_rules(args.rules), bad_count(args.games, '--games'),
              bad_workers(args.workers), args.json and bad_out_file(args.json, '--json'))
    jobs = [(args.rules, args.level, args.seed, g) for g in range(args.games)]
    if args.workers > 1:
        from multiprocessing import Pool
        with Pool(args.workers) as pool:
            scores = pool.map(game_score, jobs)
    else:
        scores = [game_score(job) for job in jobs]
    out = summary(args.rules, args.level, scores, args.seed)
    text = json.dumps(out, indent=1) + '\n'
    if args.json:
        write_text(ap, args.json, '--json', text)
    print('%s, level %s, %d games: mean %.2f, median %d, percentiles 1/10/50/90/99 at %s'
          % (args.rules, args.level, out['games'], out['mean'], out['median'],
             '/'.join(str(out['percentiles'][str(k)]) for k in (1, 10, 50, 90, 99))))
    return 0


if __name__ == '__main__':
    sys.exit(main())
