"""Computer opponents: API, fallbacks, legal full games, and that `good` is exactly
worse than `perfect` (exact policy values on the last turns, no sampling); for every
ruleset, legal play in many seeded games, good well above beginner on paired dice,
the planner's values against what the core pays (served hands, Kismet's tiers,
Triple Yahtzee's columns and bonuses), and the weights as the fitting tool makes
them."""

import os
import random

import numpy as np
import pytest

import yahtzee_core as yc
from yahtzee_core.bots import beginner_keep, held_flags, make_bot, KINDS, CASUAL_QUARTERS
from yahtzee_core.estimate import HeuristicValues
from yahtzee_core.ranking import Hints
from tools import strategy_table as st
from tools.solver import PolicyEvaluator, RulesModel, Solver, beginner_hold_table
from mpy_util import REPO_ROOT
from bench.bench_bots import mean_and_se, paired_scores
from yahtzee_core import dice as D
from yahtzee_core.weights import WEIGHTS
from yahtzee_core.planner import _SCALE as SCALE  # private there: no name on a board


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


# -- every ruleset's bots: legal play, levels, the core's rules valued -------------------

FAMILY = ('kniffel', 'generala', 'kismet', 'triple-yahtzee')
LEVELS = ('perfect', 'good', 'casual', 'beginner')


def card_with(rules, filled, rng=None):
    """A card with the boxes in `filled` ({box: points}) filled, the rest open."""
    card = yc.Scorecard(rules)
    for b, p in filled.items():
        card.scores[b] = p
    return card


def play_game(game, bots):
    """Play `game` to its end, each seat by its bot, checking each decision is legal
    before the game itself refuses it; returns the number of fills."""
    fills = 0
    while not game.over:
        bot = bots[game.current]
        game.roll()
        while game.rolls_left and not game.over:
            flags = bot.choose_hold(game.card, game.dice, game.rolls_left)
            assert len(flags) == 5 and set(flags) <= {0, 1}
            for i in range(5):
                game.hold(i, flags[i])
            if all(flags):
                break
            game.roll()
        if game.over:               # Generala served: won at once, no box filled
            assert game.winner >= 0 and game.rolls_left == 2
            break
        box = bot.choose_box(game.card, game.dice)
        assert game.rules.categories[box] in game.options()
        game.fill(box)              # IllegalMove would fail the test
        fills += 1
    return fills


@pytest.mark.parametrize('name', FAMILY)
@pytest.mark.parametrize('kind', LEVELS)
def test_bots_never_make_an_illegal_move(name, kind):
    """Many seeded games, four seats of the level (each with its own card), plain and
    Duplicate dice; every hold is five flags and every box one the rules allow."""
    rules = yc.ruleset(name)
    games = 3 if name == 'triple-yahtzee' else 12
    totals = []
    for g in range(games):
        rng = random.Random('%s %s %d' % (name, kind, g))
        game = yc.Game(rules, (kind,) * 4, lambda: rng.randint(1, 6),
                       duplicate=bool(g & 1))
        bots = [make_bot(kind, rules) for _ in range(4)]
        fills = play_game(game, bots)
        assert fills == 4 * rules.n_boxes or game.winner >= 0
        for card in game.cards:
            totals.append(card.total)
    assert len(set(totals)) > games          # the games differed


@pytest.mark.parametrize('name', FAMILY)
def test_perfect_falls_back_to_good_where_there_is_no_table(name, tmp_path):
    bot = make_bot('perfect', name, table_path=str(tmp_path / 'none.yzt'))
    assert bot.fallback and 'good' in bot.note


@pytest.mark.parametrize('name,games', [('kniffel', 60), ('generala', 60), ('kismet', 60),
                                        ('triple-yahtzee', 16)])
def test_good_beats_beginner_on_paired_dice(name, games):
    """Paired dice (every bot plays game g on the same dice table): good's mean lead
    is many standard errors above zero and above a floor well under the measured lead
    (bench_bots, 2000 games: docs/STRATEGY.md)."""
    floor = {'kniffel': 40, 'generala': 15, 'kismet': 50, 'triple-yahtzee': 250}[name]
    bots = {k: make_bot(k, name) for k in ('good', 'beginner')}
    scores, _ = paired_scores(bots, name, games, 77)
    diff = [a - b for a, b in zip(scores['good'], scores['beginner'])]
    md, se = mean_and_se(diff)
    print('%s: good - beginner %+.1f, standard error %.1f' % (name, md, se))
    assert md > 5 * se
    assert md > floor


def test_generala_good_takes_a_served_straight():
    """A straight on the first roll with the straight box open: good stands and fills
    it served (25); the planner valued standing at exactly that box's served worth."""
    rules = yc.ruleset('generala')
    dice = (3, 1, 5, 2, 4)
    game = yc.Game(rules, ('good',), iter(dice).__next__)
    game.roll()
    bot = make_bot('good', rules)
    flags = bot.choose_hold(game.card, game.dice, 2)
    assert flags == [1, 1, 1, 1, 1]
    h, v = bot.planner.best_hold_index(game.card, game.dice, 2)
    b, served = bot.planner.best_box_index(game.card, game.dice, 1)
    assert rules.categories[b] == 'straight'
    assert v == served * SCALE
    box = bot.choose_box(game.card, game.dice)          # knows it stood on a first roll
    assert box == b
    assert game.fill(box) == 25


def test_generala_served_points_change_the_decision():
    """Served points are what make standing right in some states: the same first roll
    is rerolled when the planner is told nothing is served (found among sampled
    states: standing on a served full house or poker is not always taken without
    the +5)."""
    rules = yc.ruleset('generala')
    rng = random.Random(5)
    bot = make_bot('good', rules)
    plain = make_bot('good', rules)
    plain.planner.served = 0
    differ = 0
    for _ in range(300):
        card = yc.Scorecard(rules)
        for b in rng.sample(range(rules.n_boxes), rng.randrange(0, 8)):
            card.scores[b] = 0
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        a = bot.planner.best_hold_index(card, dice, 2)[0]
        c = plain.planner.best_hold_index(card, dice, 2)[0]
        if a != c:
            differ += 1
            assert len(D.hold_dice(a)) == 5            # only ever: stand to be served
    assert differ > 0


def test_double_generala_waits_for_a_generala():
    """A five-alike goes to Generala first (Double Generala would score 0); with 50 in
    Generala it goes to Double Generala for 100."""
    rules = yc.ruleset('generala')
    bot = make_bot('good', rules)
    five = (4, 4, 4, 4, 4)
    card = yc.Scorecard(rules)
    assert rules.categories[bot.choose_box(card, five, 0)] == 'generala'
    card = card_with(rules, {9: 50})
    assert rules.categories[bot.choose_box(card, five, 0)] == 'double_generala'


def completes(rules, card, dice, first=0):
    """Points a fill gains per legal box (the core's Scorecard.fill, bonuses included)."""
    out = {}
    for b in range(rules.n_boxes):
        if rules.points(card.scores, D.roll_index(dice), b, first) >= 0:
            probe = yc.Scorecard(rules)
            probe.scores[:] = card.scores
            probe.bonus_count = card.bonus_count
            out[b] = probe.fill(b, dice, first)
    return out


def kismet_tier(total):
    """Kismet's upper bonus as docs/RULES.md states it."""
    return 75 if total >= 78 else 55 if total >= 71 else 35 if total >= 63 else 0


# other upper boxes (aces twos threes fives sixes) holding 60, 62, 70 and 80
KISMET_UPPER = {60: {0: 5, 1: 0, 2: 0, 4: 25, 5: 30}, 62: {0: 5, 1: 2, 2: 0, 4: 25, 5: 30},
                70: {0: 0, 1: 0, 2: 15, 4: 25, 5: 30}, 80: {0: 0, 1: 10, 2: 15, 4: 25, 5: 30}}


@pytest.mark.parametrize('subtotal,fours', [(60, 0), (60, 2), (60, 3), (62, 4), (70, 2),
                                            (60, 5), (70, 1), (80, 1)])
def test_kismet_tier_crossing_is_valued_as_the_core_pays(subtotal, fours):
    """On a card whose last open box is Fours, the planner's value of filling it is
    exactly 100 x what the core pays: the points plus every upper tier crossed (one,
    or two at once: 60 + 20 passes 63, 71 and 78)."""
    rules = yc.ruleset('kismet')
    bot = make_bot('good', rules)
    filled = {b: 0 for b in range(6, rules.n_boxes)}
    filled.update(KISMET_UPPER[subtotal])
    card = card_with(rules, filled)
    assert card.upper_total == subtotal
    roll = (4,) * fours + (1,) * (5 - fours)
    b, v = bot.planner.best_box_index(card, roll, 0)
    assert b == 3
    crossed = kismet_tier(subtotal + 4 * fours) - kismet_tier(subtotal)
    assert completes(rules, card, roll)[3] == 4 * fours + crossed
    assert v == 100 * (4 * fours + crossed)


def test_kismet_good_takes_the_top_tier():
    """Fours and Yarborough open, upper total 70 (35 paid): two fours reach 78 and the
    top tier (+40 more); good puts them in Fours, not the 12 of Yarborough."""
    rules = yc.ruleset('kismet')
    filled = {b: 0 for b in range(rules.n_boxes) if b not in (3, 13)}
    filled.update({5: 30, 4: 25, 2: 15})
    card = card_with(rules, filled)
    assert card.upper_total == 70 and card.upper_bonus == 35
    bot = make_bot('good', rules)
    assert rules.categories[bot.choose_box(card, (4, 4, 1, 1, 2), 0)] == 'fours'


@pytest.mark.parametrize('name', FAMILY)
def test_last_box_values_are_what_the_core_pays(name):
    """With one box open the planner's value of a roll's fill is 100 x the core's gain
    (points, upper bonus or tiers, five-alike bonuses, multipliers; served on a first
    roll), for sampled cards and rolls, five-alikes included."""
    rules = yc.ruleset(name)
    bot = make_bot('good', rules)
    rng = random.Random(name)
    fab = rules.five_alike_box
    checked = 0
    while checked < 40:
        last = rng.randrange(rules.n_boxes)
        card = yc.Scorecard(rules)
        for b in range(rules.n_boxes):
            if b != last:
                face = b % 13 + 1 if b % 13 < 6 else 0
                card.scores[b] = rng.choice((0, 3 * face * (b // 13 + 1))) if face else \
                    rng.choice((0, rules.score_roll(D.roll_index((6,) * 5), b)))
        if fab >= 0 and rng.randrange(2):
            card.bonus_count = 1
        dice = (rng.randint(1, 6),) * 5 if rng.randrange(3) == 0 else \
            tuple(rng.randint(1, 6) for _ in range(5))
        first = rng.randrange(2)
        gains = completes(rules, card, dice, first)
        if not gains:
            continue
        b, v = bot.planner.best_box_index(card, dice, first)
        assert b == last
        assert v == 100 * gains[last], (card.scores, dice, first)
        checked += 1


def test_triple_bonus_goes_to_the_third_column():
    """All three Yahtzee boxes scored: a further Yahtzee earns 100 x its column, so
    good enters it in column 3 (30 + 300) rather than column 1 (10 + 100)."""
    rules = yc.ruleset('triple-yahtzee')
    filled = {b: 0 for b in range(rules.n_boxes)}
    for c in range(3):
        filled[13 * c + 11] = 50 * (c + 1)
    del filled[12], filled[38]                       # chance_1 and chance_3 open
    card = card_with(rules, filled)
    bot = make_bot('good', rules)
    box = bot.choose_box(card, (2, 2, 2, 2, 2), 0)
    assert rules.categories[box] == 'chance_3'
    assert completes(rules, card, (2, 2, 2, 2, 2))[box] == 30 + 300


def test_triple_hold_values_stay_small_ints():
    """Every hold value of a Triple Yahtzee game (relative to the turn's offset)
    stays below 2**30: a CircuitPython small int."""
    rules = yc.ruleset('triple-yahtzee')
    rng = random.Random(3)
    game = yc.Game(rules, 1, lambda: rng.randint(1, 6))
    bot = make_bot('good', rules)
    largest = 0
    while not game.over:
        game.roll()
        while game.rolls_left:
            flags = bot.choose_hold(game.card, game.dice, game.rolls_left)
            largest = max(largest, max(bot.planner.x), max(bot.planner.nv))
            assert min(bot.planner.x) >= 0
            for i in range(5):
                game.hold(i, flags[i])
            if all(flags):
                break
            game.roll()
        game.fill(bot.choose_box(game.card, game.dice))
    assert 0 < largest < 1 << 30
    assert game.cards[0].total > 500


def test_generala_weights_are_the_fitting_tools():
    """WEIGHTS are data made by tools/fit_weights.py: refitting Generala (a small
    solve) reproduces them exactly."""
    from tools.fit_weights import fit
    entry, rms, n = fit('generala')
    assert entry == WEIGHTS['generala']
    assert rms < 10 and n > 3000


class SolverValues:
    """The solver's exact values (hundredths) as a planner's turn-start values."""

    def __init__(self, name):
        import numpy as np
        from tools.solver import RulesModel, Solver
        self.model = RulesModel(name)
        self.solver = Solver(self.model, dtype=np.float64).solve()
        self.v = np.rint(self.solver.V * 100).astype(np.int64)

    def value(self, mask, u, y):
        return int(self.v[self.model.vidx(mask, y, u)])


def test_planner_on_the_solvers_values_plays_kismet_optimally():
    """Kismet's tiers in the planner agree with the solver's: planning on the solver's
    own values, every game's score less its luck (measured on the same values) is the
    optimum, so no turn's expectation differs from the solver's."""
    from bench.bench_bots import LuckMeter
    from yahtzee_core.bots import Bot
    from yahtzee_core.planner import TurnPlanner
    rules = yc.ruleset('kismet')
    values = SolverValues('kismet')
    bot = Bot('solver', rules, TurnPlanner(rules, values))
    meter = LuckMeter('kismet', planner=TurnPlanner(rules, values))
    scores, adjusted = paired_scores({'solver': bot}, 'kismet', 12, 2024, meter)
    optimum = values.solver.expected_score
    assert len(set(scores['solver'])) > 6
    for a in adjusted['solver']:
        assert abs(a - optimum) < 0.05


def test_generala_turn_values_match_the_solvers():
    """Served stands and Double Generala in the planner agree with the solver: from
    sampled states, the planner's expectation of a whole turn (each first roll worth
    the best of standing served and its best hold) on the solver's values is the
    solver's value of the state, to rounding."""
    from yahtzee_core.planner import TurnPlanner
    rules = yc.ruleset('generala')
    values = SolverValues('generala')
    planner = TurnPlanner(rules, values)
    counts = [0] * 252
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                for d in range(1, 7):
                    for e in range(1, 7):
                        counts[D.roll_index((a, b, c, d, e))] += 1
    rng = random.Random(11)
    states = [{b: 0 for b in range(9)}, {b: 0 for b in range(6)}, {}]
    states += [{b: rng.choice((0, 50)) if b == 9 else 0
                for b in rng.sample(range(11), rng.randrange(1, 10))} for _ in range(3)]
    for filled in states:
        card = card_with(rules, filled)
        total = 0
        for r in range(252):
            planner._hold_values(card, 2, D.roll_dice(r))
            planner._push_best()
            total += planner.e[r] * counts[r]
        mask, u, y = planner.state(card)
        assert abs(total / 7776 - values.value(mask, u, y)) < 1.5, filled


# ----------------------------------------------------------- Crag: three dice, two rolls
class _SolvedValues:
    """Exact turn-start values (hundredths) from tools.solver.solve_small."""

    def __init__(self, V):
        self.V = V

    def value(self, mask, u, y):
        return int(round(100 * self.V[mask]))


def test_crag_planner_with_the_solvers_values_reproduces_them():
    """The three-dice planner (small_planner.SmallPlanner) against solve_small: with
    the exact next-state values, its best hold of every first roll, weighted by the
    roll's chance, gives the state's exact value (to the hundredths it rounds)."""
    from itertools import product
    from tools.solver import solve_small
    from yahtzee_core.small_planner import SmallPlanner
    rules = yc.ruleset('crag')
    V = solve_small(rules).V
    planner = SmallPlanner(rules, _SolvedValues(V))
    rng = random.Random(8)
    for mask in [0] + [rng.randrange(1, 1 << 13) for _ in range(8)]:
        card = yc.Scorecard(rules)
        for b in range(13):
            if mask >> b & 1:
                card.scores[b] = 0
        total = 0
        for dice in product(range(1, 7), repeat=3):
            h, value = planner.best_hold_index(card, dice, 1)
            kept = D.hold_dice(h)
            assert all(kept.count(f) <= dice.count(f) for f in kept)
            total += value
        # every hold value is on the 6**3 = 216 scale, in hundredths
        assert total / 216 / 216 / 100 == pytest.approx(V[mask], abs=0.02), mask


def _solitaire_means(name, kinds, games):
    """Each kind's mean total over seeded solitaire games (the bots' own loop: hold,
    reroll, fill), checking the hold flags cover the ruleset's dice and that only
    perfect falls back (given no table)."""
    means = {}
    n = yc.ruleset(name).n_dice
    for kind in kinds:
        total = 0
        for seed in range(games):
            rng = random.Random(seed)
            game = yc.Game(name, 1, lambda: rng.randint(1, 6))
            bot = make_bot(kind, name)
            while not game.over:
                game.roll()
                while game.rolls_left:
                    flags = bot.choose_hold(game.card, game.dice, game.rolls_left)
                    assert len(flags) == n
                    if all(flags):
                        break
                    for i, f in enumerate(flags):
                        game.hold(i, f)
                    game.roll()
                game.fill(bot.choose_box(game.card, game.dice))
            total += game.cards[0].total
        means[kind] = total / games
        assert bot.fallback == (kind == 'perfect')
    return means


def test_crag_bots_play_whole_games():
    """good and casual plan with the three-dice planner, beginner keeps its most common
    face; perfect, given no table, plays good and says so (with Crag's table:
    test_advisor.py, bench/bench_levels.py). good, fitted to the solver's
    values, is close to the optimum (149.85) and ahead of beginner."""
    means = _solitaire_means('crag', ('good', 'casual', 'beginner', 'perfect'), 12)
    assert means['perfect'] == means['good']
    assert means['good'] > means['beginner'] + 20 and means['good'] > 130


class _MaskValues:
    """Next-state values that depend on the filled boxes alone: any fixed numbers
    will do to check the turn's arithmetic (hundredths)."""

    def value(self, mask, u, y):
        return 1000 + (mask * 7919) % 4001


def test_six_dice_planner_matches_a_numpy_turn():
    """SmallPlanner on six dice (924 holds, byte children, values kept relative to
    the turn's least, self.offset) against the turn worked out by numpy from
    tools.solver.small_turn_tables(6): each roll's best hold with one roll left. The
    card's upper subtotal cannot reach 84 this turn, so no bonus enters."""
    import numpy as np
    from tools.solver import small_turn_tables
    from yahtzee_core.small_planner import SmallPlanner
    rules = yc.ruleset('maxi-yatzy')
    rolls, prob, holds, P, subholds = small_turn_tables(6)
    assert len(rolls) == 462 and len(holds) == 924
    values = _MaskValues()
    planner = SmallPlanner(rules, values)
    card = yc.Scorecard(rules)
    for b in (0, 1, 2, 6, 9, 12, 15, 16, 19):
        card.scores[b] = 0
    mask = card.filled_mask
    last = np.array([max(100 * rules.score_roll(r, b) + values.value(mask | 1 << b, 0, 0)
                         for b in range(20) if not mask >> b & 1) for r in range(462)])
    E = P @ last                                   # every hold's expected value
    rng = random.Random(26)
    for r in rng.sample(range(462), 40):
        dice = rolls[r]
        h, value = planner.best_hold_index(card, dice, 1)
        kept = D.hold_dice(h)
        assert all(kept.count(f) <= dice.count(f) for f in kept)
        best = max(E[s] for s in subholds[r])
        assert (value / 6 ** 6 + planner.offset) == pytest.approx(best, abs=0.01)
        assert E[h] == pytest.approx(best, abs=0.01)


def test_maxi_yatzy_bots_play_whole_games():
    """good and casual plan with the six-dice planner, beginner keeps its most common
    face; perfect has no table and says so. good is well ahead of beginner."""
    means = _solitaire_means('maxi-yatzy', ('good', 'casual', 'beginner', 'perfect'), 3)
    assert means['perfect'] == means['good']
    assert means['good'] > means['beginner'] + 40
# ------------------------------------------------- Balut: 28 turns, won on its goals
def _balut_game(kind, seed):
    """One solitaire Balut game by `kind`: (points, total, the bot)."""
    rng = random.Random(seed)
    game = yc.Game('balut', 1, lambda: rng.randint(1, 6))
    bot = make_bot(kind, 'balut')
    while not game.over:
        game.roll()
        while game.rolls_left:
            flags = bot.choose_hold(game.card, game.dice, game.rolls_left)
            if all(flags):
                break
            for i, f in enumerate(flags):
                game.hold(i, f)
            game.roll()
        box = bot.choose_box(game.card, game.dice)
        assert game.rules.categories[box] in game.options()
        game.fill(box)
    return game.cards[0].rules.game_points(game.cards[0].scores), game.cards[0].total, bot


def test_balut_bots_play_whole_games_and_good_earns_more_points():
    """good and casual plan with goal_planner.GoalPlanner (its estimate of the goals:
    no solve exists), beginner keeps its most common face and takes the most points
    now; perfect has no table and plays good, saying so. Over the same seeded dice
    good and casual earn clearly more points than beginner (bench/bench_bots.py
    prints the figures over many games)."""
    points = {}
    for kind in ('good', 'casual', 'beginner', 'perfect'):
        got = [_balut_game(kind, seed) for seed in range(10)]
        points[kind] = sum(p for p, _, _ in got) / 10
        bot = got[0][2]
        assert bot.fallback == (kind == 'perfect')
        if kind == 'perfect':
            assert 'no strategy table exists for balut' in bot.note
    assert points['perfect'] == points['good']
    assert points['good'] > points['beginner'] + 2
    assert points['casual'] > points['beginner'] + 2


def test_balut_planner_keeps_a_straight_for_its_goal_and_dumps_a_poor_roll_on_balut():
    """A first-turn straight goes into a Straight cell (its goal wants all four), and a
    poor last roll with nothing to aim at is a zero in a Balut cell, not a Straight or
    a House (a zero there loses their goals)."""
    bot = make_bot('good', 'balut')
    card = yc.Scorecard(yc.ruleset('balut'))
    box = bot.choose_box(card, (2, 3, 4, 5, 6))
    assert card.rules.categories[box].startswith('straight')
    for name, dice in (('choice_1', (6, 6, 6, 5, 5)), ('choice_2', (6, 6, 5, 5, 5)),
                       ('choice_3', (6, 6, 6, 6, 5)), ('choice_4', (6, 6, 6, 6, 4)),
                       ('fours_1', (4, 4, 4, 4, 1)), ('fives_1', (5, 5, 5, 5, 1)),
                       ('sixes_1', (6, 6, 6, 6, 1))):
        card.fill(name, dice)
    box = bot.choose_box(card, (1, 1, 2, 3, 3))
    assert card.rules.categories[box].startswith('balut')


@pytest.mark.parametrize('name', yc.RULESETS)
def test_a_ruleset_is_solved_exactly_where_the_solver_or_its_planner_solves_it(name):
    """rules.solved, what the app offers level perfect and exact hints by, is the
    solver's verdict (Poker Dice: its planner solves each turn exactly), and a perfect
    bot falls back to good exactly where it is False."""
    from tools.solver import unsolvable
    rules = yc.ruleset(name)
    assert rules.solved == (rules.hands or unsolvable(rules) is None)
    bot = make_bot('perfect', rules, None)
    assert bot.fallback == (not rules.hands)        # no table given: good's, said so
    if not rules.solved:
        assert 'no strategy table exists' in bot.note
