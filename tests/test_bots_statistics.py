"""perfect against good over seeded games on paired dice: the sampled difference must
agree with the exact one (bench/bench_bots.py prints the same figures for 300 games).

Two estimates per game, both paired (every bot plays game g on the same dice table):
the plain score, and score - luck, where luck is the dice's doing as measured by the
strategy table's values (a martingale control variate, mean exactly 0 for any bot).
The second has a standard error near 0.3 points at 150 games, so a bot that loses a
point of expected score fails the check."""
import os

import pytest

import yahtzee_core as yc
from bench.bench_bots import (EXACT_YAHTZEE, LuckMeter, mean_and_se, paired_dice,
                              paired_scores, play)
from tools import strategy_table as st
from yahtzee_core.bots import make_bot
from mpy_util import REPO_ROOT

TABLES = os.path.join(str(REPO_ROOT), 'tables')
GAMES = 150
SEED = 2024
EXACT_DIFF = EXACT_YAHTZEE['perfect'] - EXACT_YAHTZEE['good']   # +3.4743, PolicyEvaluator


@pytest.fixture(scope='module')
def table():
    return st.ensure_tables('yahtzee', TABLES)['plain']


@pytest.fixture(scope='module')
def sample(table):
    bots = {k: make_bot(k, 'yahtzee', table_path=table) for k in ('perfect', 'good')}
    return paired_scores(bots, 'yahtzee', GAMES, SEED, LuckMeter('yahtzee', table))


class OneFaceBot:
    """Keeps the dice showing `face` once, then stands; fills the first legal box.
    Records the dice it sees, a list per turn."""

    def __init__(self, face, rules):
        self.face = face
        self.rules = rules
        self.seen = []

    def choose_hold(self, card, dice, rolls_left):
        if rolls_left == 2:
            self.seen.append([dice])
        else:
            self.seen[-1].append(dice)
        if rolls_left == 1:
            return [1, 1, 1, 1, 1]
        return [1 if d == self.face else 0 for d in dice]

    def choose_box(self, card, dice):
        self.seen[-1].append(dice)
        opts = card.options(dice)
        return next(b for b, name in enumerate(self.rules.categories) if name in opts)


def test_paired_dice_are_seeded_per_game_and_fair_enough():
    a = paired_dice(SEED, 7, 13)
    assert a == paired_dice(SEED, 7, 13) and len(a) == 13 * 3 * 5
    assert a != paired_dice(SEED, 8, 13) and a != paired_dice(SEED + 1, 7, 13)
    big = b''.join(paired_dice(SEED, g, 13) for g in range(40))    # 7800 dice
    for f in range(1, 7):
        assert abs(big.count(f) - 1300) < 150                      # ~4 sd


def test_bots_rerolling_alike_see_the_same_new_dice():
    """Every turn starts with the same roll for all bots; a reroll of n dice gets the
    next n values of that roll's row, whichever dice were kept and wherever they sit."""
    rules = yc.ruleset('yahtzee')
    table = paired_dice(SEED, 3, 13)
    rerolled = {}
    for face in (2, 5):
        bot = OneFaceBot(face, rules)
        play(bot, rules, table)
        assert len(bot.seen) == 13
        rerolled[face] = []
        for turn in range(13):
            first, second = bot.seen[turn][0], bot.seen[turn][1]
            assert first == tuple(table[turn * 15:turn * 15 + 5])
            new = [second[i] for i in range(5) if first[i] != face]
            assert new == list(table[turn * 15 + 5:turn * 15 + 5 + len(new)])
            rerolled[face].append(new)
    # the two bots keep different dice, and share the values whenever they reroll
    # as many: some turn must show it (the table has 13 turns to find one)
    shared = [t for t in range(13) if len(rerolled[2][t]) == len(rerolled[5][t])]
    assert shared and all(rerolled[2][t] == rerolled[5][t] for t in shared)


def test_luck_cancels_exactly_for_the_optimal_bot(sample, table):
    """perfect plays the table's own values, so score - luck is its expected score from
    the start in every game (up to the planner's rounding): a wrong expectation
    anywhere in the luck meter would leave dice noise here."""
    scores, adjusted = sample
    start = yc.Advisor('yahtzee', table).expected_final(yc.Scorecard(yc.ruleset('yahtzee')))
    for s in adjusted['perfect']:
        assert abs(s - start / 100) < 0.1
    assert len(set(scores['perfect'])) > GAMES // 4                 # the dice did vary


def test_luck_meter_has_mean_zero_for_a_bot_that_ignores_it(table):
    """The beginner never reads the table, yet its luck still averages out: score -
    luck is within a few standard errors of its exact expected score."""
    bot = make_bot('beginner', 'yahtzee')
    meter = LuckMeter('yahtzee', table)
    adj = []
    for g in range(60):
        s = play(bot, 'yahtzee', paired_dice(SEED, g, 13), meter)
        adj.append(s - meter.points())
    m, se = mean_and_se(adj)
    assert se < 5.0                       # plain scores: about 9.5 at 60 games
    assert abs(m - EXACT_YAHTZEE['beginner']) < 4 * se


def test_perfect_beats_good_by_the_exact_margin(sample):
    scores, adjusted = sample
    diff = [a - b for a, b in zip(adjusted['perfect'], adjusted['good'])]
    md, se = mean_and_se(diff)
    print('perfect - good over %d paired games: score - luck %+.2f (se %.2f), exact %+.4f'
          % (GAMES, md, se, EXACT_DIFF))
    assert se < 0.6                       # sharp enough to catch a 2-point regression
    assert md > 4 * se
    assert abs(md - EXACT_DIFF) < 4 * se
    # the plain paired scores agree too, with far more noise
    raw = [a - b for a, b in zip(scores['perfect'], scores['good'])]
    mr, ser = mean_and_se(raw)
    assert abs(mr - EXACT_DIFF) < 4 * ser
