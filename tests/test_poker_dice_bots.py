"""Poker Dice's computer players (yahtzee_core/poker_planner.py): the later seats'
table against a fresh solve, the last seat's holds against a brute-force count, and
whole games at every level."""
import itertools
import random
from fractions import Fraction

import pytest

import yahtzee_core as yc
from yahtzee_core import dice as yd
from yahtzee_core.bots import make_bot
from yahtzee_core.poker_planner import LATER, PokerPlanner, PERFECT, GOOD
from yahtzee_core.variants.poker_dice import KIND_AT
from tools import poker_table

NAME = 'poker-dice'


@pytest.fixture(scope="module")
def reach():
    return poker_table.reach_chances()


def test_the_later_seats_table_is_the_solvers(reach):
    assert poker_table.later_table(reach) == LATER
    # nothing beats five aces; a later seat always beats the worst hand
    assert LATER[-2:] == b'\xff\xff' and LATER[:2] == b'\x00\x00'


def test_five_of_a_kind_in_a_turn_played_for_it_is_the_published_chance(reach):
    # 2,783,176 / 60,466,176 = 4.60%, the chance of a Yahtzee when playing for it
    assert reach[KIND_AT[8]] == pytest.approx(2783176 / 60466176, abs=1e-12)
    assert reach[0] == pytest.approx(1.0)


def exact_chance(kept, beat, rank):
    """The chance that keeping `kept` and rolling the rest once ends at `beat` or above."""
    n = 5 - len(kept)
    hits = sum(rank[yd.roll_index(tuple(kept) + f)] >= beat
               for f in itertools.product(range(1, 7), repeat=n))
    return Fraction(hits, 6 ** n)


@pytest.mark.parametrize("seed", range(12))
def test_the_last_seat_keeps_the_dice_with_the_best_chance_to_beat_the_hand(seed):
    """With one roll left and nobody after, level perfect's hold has the best exact
    chance of reaching the hand to beat (equal hands win the round too)."""
    rnd = random.Random(seed)
    game = yc.Game(NAME, ['good', 'human'], lambda: rnd.randint(1, 6))
    game.roll()
    game.fill(0)            # seat 0's hand is the one to beat
    game.roll()
    game.roll()
    rank = game.rules.rank
    beat = game.card.beat
    planner = PokerPlanner(game.rules, PERFECT)
    h, _ = planner.best_hold_index(game.card, game.dice, 1)
    chosen = exact_chance(yd.hold_dice(h), beat, rank)
    best = max(exact_chance(k, beat, rank) for size in range(6)
               for k in itertools.combinations(sorted(game.dice), size))
    assert chosen == best


def test_a_seat_that_has_beaten_the_hand_alone_stands():
    dice = iter((1, 1, 2, 3, 4) + (6, 6, 6, 6, 5))   # 9-9-10-J-Q, then four aces
    game = yc.Game(NAME, ['human', 'perfect'], lambda: next(dice))
    game.roll()
    game.fill(0)
    game.roll()
    bot = make_bot('perfect', game.rules)
    assert not bot.fallback
    assert bot.choose_hold(game.card, game.dice, game.rolls_left) == [1, 1, 1, 1, 1]
    assert bot.choose_box(game.card, game.dice) == 0


def play(kinds, seed):
    rnd = random.Random(seed)
    game = yc.Game(NAME, kinds, lambda: rnd.randint(1, 6))
    bots = [make_bot(k, game.rules) for k in kinds]
    while not game.over:
        bot = bots[game.current]
        game.roll()
        while game.rolls_left:
            flags = bot.choose_hold(game.card, game.dice, game.rolls_left)
            if all(flags):
                break
            for i in range(5):
                game.hold(i, flags[i])
            game.roll()
        game.fill(bot.choose_box(game.card, game.dice))
    return game


def test_every_level_plays_whole_games_and_the_last_seat_planning_to_win_beats_a_beginner():
    won = [0, 0]
    for seed in range(200):     # 1000 rounds: the second seat wins about 57% of them
        game = play(('beginner', 'perfect'), seed)
        for p in (0, 1):
            won[p] += game.cards[p].total
    assert won[1] > won[0] + 50
    for seed in range(5):
        game = play(('good', 'casual', 'perfect'), seed)
        assert game.over and sum(c.total for c in game.cards) >= 5


def test_good_plays_for_the_hand_to_beat_and_perfect_for_the_seats_after_too():
    """First to play of three, with a pair of aces after two rolls: good (no hand to
    beat) plays for the best hand, perfect weighs its chance against two seats."""
    dice = iter((6, 6, 1, 2, 4))
    game = yc.Game(NAME, 3, lambda: next(dice))
    game.roll()
    for level in (PERFECT, GOOD):
        planner = PokerPlanner(game.rules, level)
        h, value = planner.best_hold_index(game.card, game.dice, 2)
        assert yd.hold_dice(h) == (6, 6)     # both keep the aces
    assert game.card.after == 2 and game.card.beat == -1


def test_the_solver_prints_the_first_of_two_perfect_seats_expected_rounds(capsys):
    from tools import solver
    assert solver.main(['--rules', NAME]) == 0
    out = capsys.readouterr().out
    first, second = [float(x) for x in
                     out.split('first seat ')[1].split(' (')[0].split(', second seat ')]
    # the second seat sees the hand to beat: it wins more rounds; both win a tie
    assert 0.40 < first < second < 0.60 and 0 < first + second - 1 < 0.05
    expected = float(out.split('expected score: ')[1])
    assert abs(expected - 5 * first) < 1e-3 and ('expected score: %.4f' % expected) in out


def first_seat_turn_by_the_bot():
    """{rank: chance} of the hand a turn ends on, the computer's level perfect playing
    it as the first of two seats, counted over every roll the dice can make with the
    bot's own holds (bots.py, integer sums): exact, no numpy."""
    game = yc.Game(NAME, ['perfect', 'perfect'], lambda: 1)
    card = game.cards[0]
    assert card.beat == -1 and card.after == 1     # nothing to beat, one seat after
    bot = make_bot('perfect', game.rules)
    rank = game.rules.rank
    chance = {}                                    # roll (sorted dice) -> chance
    for faces in itertools.product(range(1, 7), repeat=5):
        d = tuple(sorted(faces))
        chance[d] = chance.get(d, 0) + Fraction(1, 6 ** 5)
    for rolls_left in (2, 1):
        after = {}
        for d, p in chance.items():
            flags = bot.choose_hold(card, d, rolls_left)
            kept = tuple(d[i] for i in range(5) if flags[i])
            n = 5 - len(kept)
            for faces in itertools.product(range(1, 7), repeat=n):
                e = tuple(sorted(kept + faces))
                after[e] = after.get(e, 0) + p / 6 ** n
        chance = after
    by_rank = {}
    for d, p in chance.items():
        r = rank[yd.roll_index(d)]
        by_rank[r] = by_rank.get(r, 0) + p
    return by_rank


def test_the_hand_distribution_is_the_perfect_bots_first_seat_turn():
    """Poker Dice's percentile table (docs/distribution/poker-dice.json, from
    tools.poker_table's numpy sums) against the computer's own play, counted roll by
    roll: every rank's chance, five of a kind's, and the committed JSON is fresh."""
    import json
    import os
    from yahtzee_core.percentiles import PerfectScores, PERFECT_HANDS
    from tools.percentile_table import table_for
    exact = first_seat_turn_by_the_bot()
    assert sum(exact.values()) == 1
    by_rank = poker_table.first_seat_hands()
    for r in range(yd.N_ROLLS):
        assert by_rank[r] == pytest.approx(float(exact.get(r, 0)), abs=1e-12)
    five = sum(p for r, p in exact.items() if r >= KIND_AT[8])
    fresh = poker_table.hand_summary(by_rank)
    assert fresh['kinds']['Five of a kind'] == pytest.approx(float(five), abs=1e-12)
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        'docs', 'distribution', NAME + '.json')
    with open(path) as f:
        committed = json.load(f)
    assert committed['percentiles'] == fresh['percentiles']
    assert committed['mean'] == pytest.approx(fresh['mean'], abs=1e-9)
    # the table: percentile k is the lowest rank whose exact cumulative chance
    # reaches k/100; it says it holds perfect play's hands
    table = PerfectScores(table_for(NAME))
    assert table.play == PERFECT_HANDS
    cum = 0
    ranks = sorted(exact)
    for k in range(1, 100):
        cum = 0
        for r in ranks:
            cum += exact[r]
            if cum >= Fraction(k, 100):
                break
        assert table.percentile(k) == r
