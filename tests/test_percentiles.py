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
                good[:8] + b'\xff\x7f' + good[10:]):      # percentile 1 above 2
        with pytest.raises(PercentileError):
            PerfectScores(bad)
    with pytest.raises(PercentileError):
        PerfectScores.load(str(tmp_path / 'missing.pct'))
    with pytest.raises(PercentileError):
        pack(2546, [1] * 98)


# what each committed table holds (byte 5): perfect play's exact totals, level good's
# sampled totals where no solver plays the ruleset, Balut's points (level good's),
# Poker Dice's turn-final hands (perfect play's, exact)
KINDS = {'yamb': 1, 'maxi-yatzy': 1, 'balut': 2, 'poker-dice': 3}


@pytest.mark.parametrize('name', ['yahtzee', 'yahtzee-free-joker', 'yahtzee-1956',
                                  'yatzy', 'yacht', 'crag', 'kniffel', 'yamb', 'maxi-yatzy',
                                  'balut', 'poker-dice'])
def test_committed_distributions_make_valid_tables(name):
    from tools.percentile_table import table_for
    with open(os.path.join(DIST, name + '.json')) as f:
        d = json.load(f)
    t = PerfectScores(table_for(name))
    assert t.mean_tenths == round(d['mean'] * 10)
    assert t.better_than(d['median']) < 50 <= t.better_than(d['median'] + 1)
    assert t.play == KINDS.get(name, 0)
    assert d.get('play', 'perfect') == ('good' if t.play in (1, 2) else 'perfect')
    assert d.get('score', 'total') == ('points' if t.play == 2 else 'hand' if t.play == 3
                                       else 'total')


def test_the_bundle_builders_tables_give_back_the_distributions():
    """tools/build_bundle.py's percentiles/NAME.pct, read back on the device's side:
    every percentile and the mean of its docs/distribution/NAME.json, and byte 5."""
    from tools import build_bundle as bb

    class Bundle:
        left_out = []
    files = {}
    added = bb._add_percentiles(Bundle(), files.__setitem__, ROOT)
    assert sorted(added) == sorted(files)
    for name in ('balut', 'poker-dice', 'yamb', 'yahtzee'):
        with open(os.path.join(DIST, name + '.json')) as f:
            d = json.load(f)
        t = PerfectScores(files['%s/%s.pct' % (bb.PERCENTILES_DIR, name)])
        assert [t.percentile(k) for k in range(1, 100)] == \
            [d['percentiles'][str(k)] for k in range(1, 100)]
        assert t.mean_tenths == round(d['mean'] * 10) and t.play == KINDS.get(name, 0)


def test_values_below_zero_round_trip():
    """Balut's points go below zero (-2: a total under 300 and no goal): the values
    are signed 16-bit, which every total table already was (all below 32768)."""
    pct = [-2] * 3 + [-1] * 10 + list(range(86))
    t = PerfectScores(pack(-5, pct, 2))
    assert t.mean_tenths == -5 and [t.percentile(k) for k in range(1, 100)] == pct
    assert (t.better_than(-2), t.better_than(-1), t.better_than(0)) == (0, 3, 13)
    assert PerfectScores(pack(32767, [32767] * 99)).percentile(99) == 32767
    for bad in (-32769, 32768):
        with pytest.raises(PercentileError):
            pack(0, [bad] * 99)


def test_a_table_says_whose_play_it_is():
    """Byte 5: perfect play's (0, the exact distributions) or level good's (1,
    sampled games: Yamb), level good's points (2: Balut) or perfect play's hands (3:
    Poker Dice); a distribution's "play" and "score" pick it, anything else is
    refused."""
    from yahtzee_core.percentiles import PERFECT, GOOD, GOOD_POINTS, PERFECT_HANDS
    from tools.percentile_table import table_bytes
    pct = list(range(100, 199))
    assert PerfectScores(pack(2546, pct)).play == PERFECT
    good = pack(8000, pct, GOOD)
    assert good[5] == 1 and PerfectScores(good).play == GOOD
    with pytest.raises(PercentileError):
        PerfectScores(good[:5] + b'\x04' + good[6:])
    d = {'mean': 800.04, 'percentiles': {str(k): 600 + k for k in range(1, 100)}}
    assert PerfectScores(table_bytes(d)).play == PERFECT      # tools.distribution's JSON
    d['play'] = 'good'
    t = PerfectScores(table_bytes(d))
    assert t.play == GOOD and t.mean_tenths == 8000 and t.percentile(1) == 601
    d['score'] = 'points'           # Balut's: level good's points
    assert PerfectScores(table_bytes(d)).play == GOOD_POINTS
    d['play'], d['score'] = 'perfect', 'hand'     # Poker Dice's: perfect play's hands
    assert PerfectScores(table_bytes(d)).play == PERFECT_HANDS
    for play, score in (('casual', 'total'), ('good', 'hand'), ('perfect', 'points')):
        d['play'], d['score'] = play, score
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


def test_balut_games_are_scored_by_their_points():
    """tools.sampled_distribution scores a game by what its players are ranked by:
    Balut's points (-2 to 29), not its total; its JSON says so."""
    from tools import sampled_distribution as sd
    scores = [sd.game_score(('balut', 'good', 1, g)) for g in range(3)]
    assert all(-2 <= s <= 29 for s in scores) and scores == \
        [sd.game_score(('balut', 'good', 1, g)) for g in range(3)]
    d = sd.summary('balut', 'good', scores, 1)
    assert d['score'] == 'points' and "points" in d['note']
    assert sd.summary('yamb', 'good', [800], 1)['score'] == 'total'
