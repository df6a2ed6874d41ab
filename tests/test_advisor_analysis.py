"""Post-game analysis: points lost per decision against optimal play."""
import os
import random

import pytest

import yahtzee_core as yc
from yahtzee_core.advisor import Advisor
from yahtzee_core.analysis import DecisionLog, analyze
from yahtzee_core.bots import make_bot
from tools import strategy_table as st
from mpy_util import REPO_ROOT


@pytest.fixture(scope='module')
def advisor():
    return Advisor('yahtzee', st.ensure_tables('yahtzee', os.path.join(str(REPO_ROOT), 'tables'))['plain'])


def _logged_game(kind, seed, table):
    rng = random.Random(seed)
    game = yc.Game('yahtzee', 1, lambda: rng.randint(1, 6))
    bot = make_bot(kind, 'yahtzee', table_path=table)
    log = DecisionLog()
    while not game.over:
        game.roll()
        while game.rolls_left:
            dice = tuple(game.dice)
            flags = bot.choose_hold(game.card, dice, game.rolls_left)
            log.hold(game.card, dice, game.rolls_left, flags)
            for i in range(5):
                (game.hold if flags[i] else game.release)(i)
            game.roll()
        dice = tuple(game.dice)
        box = bot.choose_box(game.card, dice)
        log.box(game.card, dice, box)
        game.fill(box)
    return log


def test_optimal_play_loses_nothing(advisor):
    log = _logged_game('perfect', 1, advisor.table.f.name)
    assert len(log) == 39 and len(log.data) == 39 * 8
    rep = analyze(advisor, log)
    assert rep.total == 0 and all(loss == 0 for _, _, loss in rep.losses)


def test_beginner_losses_are_positive_and_add_up(advisor):
    log = _logged_game('beginner', 2, None)
    rep = analyze(advisor, log)
    assert len(rep.losses) == 39
    assert all(loss >= 0 for _, _, loss in rep.losses)
    assert rep.total > 1000                       # beginners lose tens of points a game
    assert abs(rep.total - sum(l for _, _, l in rep.losses)) <= len(rep.losses)
    assert rep.worst(1)[0][2] == max(l for _, _, l in rep.losses)


def test_log_survives_bytes_round_trip(advisor):
    log = _logged_game('good', 3, None)
    again = DecisionLog(bytes(log.data))
    assert analyze(advisor, again).total == analyze(advisor, log).total
