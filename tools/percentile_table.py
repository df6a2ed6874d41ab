"""The device's percentile table of a ruleset (yahtzee_core.percentiles) from the exact
distribution of perfect play that ``python -m tools.distribution --json`` wrote, or
for a ruleset no solver plays perfectly (Yamb) level good's sampled games
(``python -m tools.sampled_distribution``; Balut's of its points), or for Poker Dice
the exact distribution of a turn's final hand (``python -m tools.poker_table
--json``); the committed ones are docs/distribution/NAME.json. Desktop only, no numpy: the bundle
builder and the simulator use it.
"""

import json
import os

from yahtzee_core.percentiles import pack, PERFECT, GOOD, GOOD_POINTS, PERFECT_HANDS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DISTRIBUTION_DIR = os.path.join('docs', 'distribution')


def distribution_path(name, repo=ROOT):
    return os.path.join(str(repo), DISTRIBUTION_DIR, name + '.json')


# (its JSON's "play", "score") -> the table's byte 5: whose play, and of what
KINDS = {('perfect', 'total'): PERFECT, ('good', 'total'): GOOD,
         ('good', 'points'): GOOD_POINTS, ('perfect', 'hand'): PERFECT_HANDS}


def table_bytes(distribution):
    """Bytes of the table from a distribution dict (tools.distribution's JSON, or
    tools.sampled_distribution's, whose "play" names the level: level good's; its
    "score", where not the total, what was counted: Balut's "points", Poker Dice's
    "hand", tools.poker_table's)."""
    kind = (distribution.get('play', 'perfect'), distribution.get('score', 'total'))
    if kind not in KINDS:
        raise ValueError('no percentile table of %s play\'s %s' % kind)
    return pack(int(round(distribution['mean'] * 10)),
                [int(distribution['percentiles'][str(k)]) for k in range(1, 100)],
                KINDS[kind])


def table_for(name, repo=ROOT):
    """Bytes of the table of ruleset `name`, or None without its distribution file."""
    path = distribution_path(name, repo)
    if not os.path.isfile(path):
        return None
    with open(path, encoding='utf-8') as f:
        return table_bytes(json.load(f))
