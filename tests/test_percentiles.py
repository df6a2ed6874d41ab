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
                                  'yatzy', 'yacht', 'crag', 'yamb'])
def test_committed_distributions_make_valid_tables(name):
    from tools.percentile_table import table_for
    with open(os.path.join(DIST, name + '.json')) as f:
        d = json.load(f)
    t = PerfectScores(table_for(name))
    assert t.mean_tenths == round(d['mean'] * 10)
    assert t.better_than(d['median']) < 50 <= t.better_than(d['median'] + 1)
    # whose play: Yamb's is level good's sampled games (no solver plays it perfectly)
    # whose play: Yamb's and Maxi Yatzy's are level good's sampled games
    sampled = name in ('yamb', 'maxi-yatzy')
    assert t.play == (1 if sampled else 0) and d.get('play', 'perfect') == \
        ('good' if sampled else 'perfect')


def test_a_table_says_whose_play_it_is():
    """Byte 5: perfect play's (0, the exact distributions) or level good's (1,
    sampled games: Yamb); a distribution's "play" picks it, anything else is refused."""
    from yahtzee_core.percentiles import PERFECT, GOOD
    from tools.percentile_table import table_bytes
    pct = list(range(100, 199))
    assert PerfectScores(pack(2546, pct)).play == PERFECT
    good = pack(8000, pct, GOOD)
    assert good[5] == 1 and PerfectScores(good).play == GOOD
    with pytest.raises(PercentileError):
        PerfectScores(good[:5] + b'\x02' + good[6:])
    d = {'mean': 800.04, 'percentiles': {str(k): 600 + k for k in range(1, 100)}}
    assert PerfectScores(table_bytes(d)).play == PERFECT      # tools.distribution's JSON
    d['play'] = 'good'
    t = PerfectScores(table_bytes(d))
    assert t.play == GOOD and t.mean_tenths == 8000 and t.percentile(1) == 601
    d['play'] = 'casual'
    with pytest.raises(ValueError):
        table_bytes(d)


def test_sampled_distribution_percentiles_and_a_game_with_announces():
    """tools.sampled_distribution: percentile k is the smallest score with at least
    k/100 of the games at or below it (as tools.distribution's); a game of Yamb's
    level good fills every box, its Announce column through announces."""
    from tools import sampled_distribution as sd
    d = sd.summary('yamb', 'good', list(range(200, 0, -2)), 1)     # 2, 4, .. 200
    assert [d['percentiles'][str(k)] for k in (1, 2, 50, 99)] == [2, 4, 100, 198]
    assert d['median'] == 100 and d['mean'] == 101 and d['games'] == 100
    assert d['play'] == 'good' and 'not perfect play' in d['note']
    import yahtzee_core as yc
    rules = yc.ruleset('yamb')
    total = sd.game_score(('yamb', 'good', 1, 0))
    assert total == sd.game_score(('yamb', 'good', 1, 0)) > 0      # seeded: the same
    announced = []
    bot = sd.make_bot('good', rules)
    choose = bot.choose_announce
    bot.choose_announce = lambda card, dice: announced.append(choose(card, dice)) or \
        announced[-1]
    import random
    rng = random.Random(5)
    sd.play(rules, bot, lambda: rng.randint(1, 6))
    assert len([b for b in announced if b >= 0]) == 12                # the column, all


def test_maxi_yatzys_table_is_level_goods_simulated_games():
    from tools.percentile_table import table_for
    with open(os.path.join(DIST, 'maxi-yatzy.json')) as f:
        d = json.load(f)
    assert d['play'] == 'good' and d['games'] >= 4000
    t = PerfectScores(table_for('maxi-yatzy'))
    assert t.play and t.mean_tenths == round(d['mean'] * 10)
    assert t.better_than(d['median']) < 50 <= t.better_than(d['median'] + 1)
