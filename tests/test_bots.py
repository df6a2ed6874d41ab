"""Computer opponents: API, fallbacks, legal full games, and that `good` is exactly
worse than `perfect` (exact policy values on the last turns, no sampling)."""
import os
import random

import numpy as np
import pytest

import yahtzee_core as yc
from yahtzee_core.bots import HeuristicValues, beginner_keep, held_flags, make_bot, KINDS, CASUAL_QUARTERS
from yahtzee_core.ranking import Hints
from tools import strategy_table as st
from tools.solver import PolicyEvaluator, RulesModel, Solver, beginner_hold_table
from mpy_util import REPO_ROOT

TABLES = os.path.join(str(REPO_ROOT), 'tables')


@pytest.fixture(scope='module')
def table():
    return st.ensure_tables('yahtzee', TABLES)['plain']


def test_beginner_keeps_its_most_common_face():
    assert beginner_keep((2, 5, 5, 1, 3)) == (5, 5)
    assert beginner_keep((2, 2, 6, 6, 1)) == (6, 6)
    assert beginner_keep((1, 2, 3, 4, 5)) == (5,)
    assert beginner_keep((4, 4, 4, 4, 4)) == (4, 4, 4, 4, 4)


def test_held_flags_map_kept_dice_to_positions():
    assert held_flags((3, 1, 3, 6, 3), (3, 3)) == [1, 0, 1, 0, 0]
    assert held_flags((3, 1, 3, 6, 3), ()) == [0, 0, 0, 0, 0]


def test_perfect_without_table_falls_back_to_good_and_says_so(tmp_path):
    bot = make_bot('perfect', 'yahtzee', table_path=str(tmp_path / 'missing.yzt'))
    assert bot.fallback and 'good' in bot.note
    assert make_bot('perfect', 'yahtzee').fallback
    hints = Hints('yahtzee')
    assert hints.fallback and hints.note
    with pytest.raises(ValueError):
        make_bot('genius', 'yahtzee')


def test_perfect_with_table_is_not_a_fallback(table):
    bot = make_bot('perfect', 'yahtzee', table_path=table)
    assert not bot.fallback and bot.note == ''
    assert not Hints('yahtzee', table).fallback


@pytest.mark.parametrize('kind', KINDS)
@pytest.mark.parametrize('name', ['yahtzee', 'yatzy', 'yacht'])
def test_bots_play_legal_full_games(kind, name, table):
    rng = random.Random(kind + name)
    game = yc.Game(name, 1, lambda: rng.randint(1, 6))
    bot = make_bot(kind, name, table_path=table if name == 'yahtzee' else None)
    while not game.over:
        game.roll()
        while game.rolls_left:
            flags = bot.choose_hold(game.card, tuple(game.dice), game.rolls_left)
            assert len(flags) == 5 and set(flags) <= {0, 1}
            if all(flags):
                break
            for i in range(5):
                if flags[i]:
                    game.hold(i)
                else:
                    game.release(i)
            game.roll()
        box = bot.choose_box(game.card, tuple(game.dice))
        game.fill(box)           # IllegalMove would fail the test
    assert game.cards[0].total > 0


def test_heuristic_values_are_plausible():
    hv = HeuristicValues(yc.ruleset('yahtzee'))
    start = hv.value(0, 0, 0)
    assert 20000 < start < 27000          # optimal: 25459 (a rough fit over all states)
    assert hv.value(1 << 12, 0, 0) < start


def _guide(model, fn):
    g = np.zeros(model.n_masks * 128, dtype=np.int64)
    for mask in range(model.n_masks - 1):
        y, u = model.states_of_mask(mask)
        for yy, uu in zip(y.tolist(), u.tolist()):
            g[model.vidx(mask, yy, uu)] = fn(mask, uu, yy)
    return g


def test_heuristic_quarters_scale_the_estimate():
    rules = yc.ruleset('yahtzee')
    full, quarter = HeuristicValues(rules), HeuristicValues(rules, CASUAL_QUARTERS)
    for mask, u, y in ((0, 0, 0), (0b1000000000111, 9, 0), (1 << 12, 40, 1)):
        assert quarter.value(mask, u, y) == full.value(mask, u, y) * CASUAL_QUARTERS // 4
    assert make_bot('casual', 'yahtzee').planner.values.quarters == CASUAL_QUARTERS


def test_levels_are_exactly_ordered_on_the_last_turns():
    m = RulesModel('yahtzee')
    down = 10                                   # the last three turns
    opt = Solver(m, dtype=np.float64, workers=1).solve(down_to=down)
    good = PolicyEvaluator(m, guide=_guide(m, HeuristicValues(m.rules).value)).run(down)
    casual = PolicyEvaluator(
        m, guide=_guide(m, HeuristicValues(m.rules, CASUAL_QUARTERS).value)).run(down)
    beg = PolicyEvaluator(m, hold_table=beginner_hold_table()).run(down)
    idx = np.concatenate([((mk << 1 | y) << 6 | u) for mk, y, u in
                          (m.states_of_masks(m.masks_of_layer(pc)) for pc in range(down, 13))])
    assert np.all(good.W[idx] <= opt.V[idx] + 1e-9)
    assert np.all(beg.W[idx] <= good.W[idx] + 60)
    assert (opt.V[idx] - good.W[idx]).mean() > 0.01
    assert (good.W[idx] - beg.W[idx]).mean() > 1.0
    # casual: below good, above beginner on average over these states
    assert (good.W[idx] - casual.W[idx]).mean() > 0.1
    assert (casual.W[idx] - beg.W[idx]).mean() > 0.5
