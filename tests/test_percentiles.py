"""yahtzee_core.percentiles: the device's table of perfect play's score percentiles."""
import json
import os

import pytest

from yahtzee_core.percentiles import PercentileError, PerfectScores, SIZE, pack

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIST = os.path.join(ROOT, 'docs', 'distribution')


def test_better_than_counts_the_percentiles_below_the_score():
    pct = [150] * 10 + [200] * 40 + [250] * 49          # k = 1..10, 11..50, 51..99
    t = PerfectScores(pack(2546, pct))
    assert t.mean_tenths == 2546
    assert [t.better_than(s) for s in (0, 150, 151, 200, 201, 250, 251)] == \
        [0, 0, 10, 10, 50, 50, 99]


def test_bad_tables_are_refused(tmp_path):
    good = pack(2546, list(range(100, 199)))
    assert len(good) == SIZE
    for bad in (good[:-1], b'XXXX' + good[4:], good[:4] + b'\x02' + good[5:],
                good[:8] + b'\xff\xff' + good[10:]):      # percentile 1 above 2
        with pytest.raises(PercentileError):
            PerfectScores(bad)
    with pytest.raises(PercentileError):
        PerfectScores.load(str(tmp_path / 'missing.pct'))
    with pytest.raises(PercentileError):
        pack(2546, [1] * 98)


@pytest.mark.parametrize('name', ['yahtzee', 'yahtzee-free-joker', 'yahtzee-1956',
                                  'yatzy', 'yacht', 'crag'])
def test_committed_distributions_make_valid_tables(name):
    from tools.percentile_table import table_for
    with open(os.path.join(DIST, name + '.json')) as f:
        d = json.load(f)
    t = PerfectScores(table_for(name))
    assert t.mean_tenths == round(d['mean'] * 10)
    assert t.better_than(d['median']) < 50 <= t.better_than(d['median'] + 1)


def test_a_table_of_level_goods_games_says_so():
    """A ruleset no solver solves (Maxi Yatzy): level good's simulated games, marked in
    byte 5; a perfect table is not, and no other mark is read."""
    pct = list(range(100, 199))
    assert PerfectScores(pack(3561, pct, good=True)).good
    assert not PerfectScores(pack(2546, pct)).good
    with pytest.raises(PercentileError):
        PerfectScores(pack(2546, pct)[:5] + b'\x02' + pack(2546, pct)[6:])


def test_maxi_yatzys_table_is_level_goods_simulated_games():
    from tools.percentile_table import table_for
    with open(os.path.join(DIST, 'maxi-yatzy.json')) as f:
        d = json.load(f)
    assert d['play'] == 'good' and d['games'] >= 4000
    t = PerfectScores(table_for('maxi-yatzy'))
    assert t.good and t.mean_tenths == round(d['mean'] * 10)
    assert t.better_than(d['median']) < 50 <= t.better_than(d['median'] + 1)
