"""The device's percentile table of a ruleset (yahtzee_core.percentiles) from the exact
distribution of perfect play that ``python -m tools.distribution --json`` wrote, or
for a ruleset no solver plays perfectly (Yamb) level good's sampled games
(``python -m tools.sampled_distribution``); the committed ones are
docs/distribution/NAME.json. Desktop only, no numpy: the bundle
builder and the simulator use it.
"""

import json
import os

from yahtzee_core.percentiles import pack, PERFECT, GOOD

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DISTRIBUTION_DIR = os.path.join('docs', 'distribution')


def distribution_path(name, repo=ROOT):
    return os.path.join(str(repo), DISTRIBUTION_DIR, name + '.json')


def table_bytes(distribution):
    """Bytes of the table from a distribution dict (tools.distribution's JSON, or
    tools.sampled_distribution's, whose "play" names the level: level good's)."""
    play = distribution.get('play', 'perfect')
    if play not in ('perfect', 'good'):
        raise ValueError('a percentile table is perfect play\'s or level good\'s, not %r'
                         % play)
    return pack(int(round(distribution['mean'] * 10)),
                [int(distribution['percentiles'][str(k)]) for k in range(1, 100)],
                PERFECT if play == 'perfect' else GOOD)


def table_for(name, repo=ROOT):
    """Bytes of the table of ruleset `name`, or None without its distribution file."""
    path = distribution_path(name, repo)
    if not os.path.isfile(path):
        return None
    with open(path, encoding='utf-8') as f:
        return table_bytes(json.load(f))
