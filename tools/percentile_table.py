"""The device's percentile table of a ruleset (yahtzee_core.percentiles) from the exact
distribution of perfect play that ``python -m tools.distribution --json`` wrote; the
committed ones are docs/distribution/NAME.json. Desktop only, no numpy: the bundle
builder and the simulator use it.

A ruleset no solver solves (Maxi Yatzy) gets level good's distribution instead, by
simulation (its JSON says "play": "good" and how many games; the table is marked so
and game over says "of good-bot games", not "of perfect games"):

    python -m tools.percentile_table --good maxi-yatzy --games 4000 \
        --json docs/distribution/maxi-yatzy.json
"""

import argparse
import json
import os
import sys

from yahtzee_core.percentiles import pack

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DISTRIBUTION_DIR = os.path.join('docs', 'distribution')


def distribution_path(name, repo=ROOT):
    return os.path.join(str(repo), DISTRIBUTION_DIR, name + '.json')


def table_bytes(distribution):
    """Bytes of the table from a distribution dict (tools.distribution's JSON)."""
    return pack(int(round(distribution['mean'] * 10)),
                [int(distribution['percentiles'][str(k)]) for k in range(1, 100)],
                distribution.get('play') == 'good')


def table_for(name, repo=ROOT):
    """Bytes of the table of ruleset `name`, or None without its distribution file."""
    path = distribution_path(name, repo)
    if not os.path.isfile(path):
        return None
    with open(path, encoding='utf-8') as f:
        return table_bytes(json.load(f))


def simulate_good(name, games, seed=0):
    """Level good's score distribution of ruleset `name` over `games` seeded solitaire
    games (game g: dice from random.Random(seed + g)), as tools.distribution's JSON
    has it, with "play": "good" and the games and seeds played: an estimate (each
    percentile within a few points for some thousands of games), not an exact one."""
    import yahtzee_core as yc
    from yahtzee_core.bots import make_bot
    from tools.fit_weights import solitaire
    rules = yc.ruleset(name)
    totals = sorted(solitaire(rules, make_bot('good', rules), seed + g).total
                    for g in range(games))
    counts = {}
    for t in totals:
        counts[t] = counts.get(t, 0) + 1
    mode = max(sorted(counts), key=lambda s: counts[s])

    def percentile(k):     # smallest s with #(score <= s) >= k/100 of the games
        return totals[(k * games + 99) // 100 - 1]
    return {'rules': name, 'play': 'good', 'games': games, 'seeds': [seed, seed + games - 1],
            'mean': sum(totals) / games, 'median': percentile(50), 'mode': mode,
            'mode_probability': counts[mode] / games,
            'percentiles': {str(k): percentile(k) for k in range(1, 100)}}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--good', metavar='RULES', required=True,
                    help="simulate level good's games of this ruleset")
    ap.add_argument('--games', type=int, default=4000)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--json', metavar='PATH', help='write the JSON here (else print it)')
    args = ap.parse_args(argv)
    dist = simulate_good(args.good, args.games, args.seed)
    text = json.dumps(dist, indent=1) + '\n'
    if args.json:
        with open(args.json, 'w', encoding='utf-8') as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    print('%s, level good, %d games: mean %.2f, percentiles 1/10/50/90/99: %s' % (
        args.good, args.games, dist['mean'], ' '.join(
            str(dist['percentiles'][str(k)]) for k in (1, 10, 50, 90, 99))),
        file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main())
