"""The desktop solver: exact on reduced games, the published figures, and per-state
agreement with an independent implementation (yatzy-solver); the rulesets it does not
play (Kniffel's bonus, Generala's served hands and Double Generala, Kismet's tiered upper
bonus) against a brute force over the core's own Scorecard, and kernel against numpy."""
from fractions import Fraction
import itertools
import os
import random

import numpy as np
import pytest

import yahtzee_core as yc
from yahtzee_core import dice as D
from tools.solver import Solver, RulesModel, turn_graph

RULES = ('yahtzee', 'yahtzee-free-joker', 'yahtzee-1956', 'yatzy', 'yacht', 'kniffel',
         'generala', 'kismet')


# ---------------------------------------------------------------- brute force (exact)
def _outcomes():
    """For each number of dice rerolled: {sorted outcome: count} over 6**n orders."""
    out = []
    for n in range(6):
        c = {}
        for t in itertools.product(range(1, 7), repeat=n):
            k = tuple(sorted(t))
            c[k] = c.get(k, 0) + 1
        out.append(c)
    return out


OUTCOMES = _outcomes()
ROLLS = [D.roll_dice(r) for r in range(D.N_ROLLS)]


def _subholds(d):
    return sorted(set(tuple(d[i] for i in range(5) if s >> i & 1) for s in range(32)))


SUBHOLDS = [_subholds(d) for d in ROLLS]
ALL_HOLDS = sorted(set(h for s in SUBHOLDS for h in s))


class BruteForce:
    """Expected remaining score by plain recursion over cards, in exact fractions.
    Points and bonuses come from Scorecard.fill on copies; nothing is shared with
    tools.solver. With served hands (Generala) the first roll may be scored at once,
    with Scorecard.options/fill(first=1)."""

    def __init__(self, rules):
        self.rules = rules
        self.memo = {}

    def copy(self, card):
        c = yc.Scorecard(self.rules)
        c.scores[:] = card.scores
        c.bonus_count = card.bonus_count
        return c

    def key(self, card):
        return bytes(card.scores), card.bonus_count > 0

    def value(self, card):
        if all(s != 255 for s in card.scores):
            return Fraction(0)
        k = self.key(card)
        if k in self.memo:
            return self.memo[k]
        stage = {d: self.best_fill(card, d, 0) for d in ROLLS}
        for _ in range(2):
            hold_val = {}
            for h in ALL_HOLDS:
                n = 5 - len(h)
                tot = Fraction(0)
                for o, cnt in OUTCOMES[n].items():
                    tot += cnt * stage[tuple(sorted(h + o))]
                hold_val[h] = tot / 6 ** n
            stage = {d: max(hold_val[h] for h in SUBHOLDS[i]) for i, d in enumerate(ROLLS)}
        if self.rules.served is not None:
            stage = {d: max(v, self.best_fill(card, d, 1)) for d, v in stage.items()}
        v = sum(Fraction(cnt, 7776) * stage[o] for o, cnt in OUTCOMES[5].items())
        self.memo[k] = v
        return v

    def best_fill(self, card, d, first):
        best = None
        for name in card.options(d, first):
            c = self.copy(card)
            gained = c.fill(name, d, first)
            v = gained + self.value(c)
            if best is None or v > best:
                best = v
        return best


def _reduced_cards(rules, rng, n_open, count):
    """Cards with exactly n_open boxes open, filled with legal plain scores."""
    cards = []
    nb = rules.n_boxes
    fab = rules.five_alike_box
    while len(cards) < count:
        open_boxes = set(rng.sample(range(nb), n_open))
        card = yc.Scorecard(rules)
        # the five-alike box first (50 or 0), so Joker rules apply to later fills
        order = sorted(set(range(nb)) - open_boxes, key=lambda b: b != fab)
        for b in order:
            d = rng.choice(ROLLS)
            if b == fab and rng.random() < 0.5:
                d = (rng.randint(1, 6),) * 5
            opts = card.options(d)
            if rules.categories[b] in opts:
                card.fill(b, d)
            else:
                card.scores[b] = 0
        cards.append(card)
    return cards


def _special_cards(rules, rng):
    """Cards where those rulesets' own rules bite: Kismet's upper total just below or inside a
    bonus tier with an upper box still open; Generala with Generala holding 50 (Double
    Generala live) or 0; Kniffel with the Kniffel box filled and a matching upper box
    open (the +50)."""
    nb = rules.n_boxes
    cards = []
    if rules.name == 'kismet':
        for total_goal, open_upper in ((60, 2), (66, 3), (70, 0), (75, 1), (73, 5)):
            card = yc.Scorecard(rules)
            for b in range(6):
                if b != open_upper:
                    card.scores[b] = 0
            # reach the goal with legal counts (0..5 of the face) of the filled faces
            left = total_goal
            for b in sorted(range(6), reverse=True):
                if b == open_upper:
                    continue
                c = min(5, left // (b + 1))
                card.scores[b] = c * (b + 1)
                left -= c * (b + 1)
            lower_open = rng.randrange(6, nb)
            for b in range(6, nb):
                if b != lower_open:
                    card.scores[b] = 0
            cards.append(card)
    elif rules.name in ('generala', 'kniffel'):
        # the five-alike box holding 50 or 0, and these boxes open: Generala's Double
        # Generala, a hand and an upper box; Kniffel's upper box and a lower box
        for held in (50, 0):
            card = yc.Scorecard(rules)
            for b in range(nb):
                card.scores[b] = 0
            card.scores[rules.five_alike_box] = held
            opened = (10, rng.choice((6, 7, 8)), rng.randrange(6)) if rules.name == 'generala' \
                else (rng.randrange(6), rng.randrange(6, 11))
            for b in opened:
                card.scores[b] = 255
            cards.append(card)
    return cards


@pytest.fixture(scope='module')
def solved_tail():
    """Float64 solutions of every state with at most three boxes open."""
    return {name: Solver(name, dtype=np.float64, workers=1).solve(
        down_to=yc.ruleset(name).n_boxes - 3) for name in RULES}


def _state(rules, card):
    """The solver's (mask, y, u) of a card, from the card itself: u its upper total
    capped where the model's upper bonus settles, y whether the five-alike box holds
    points (where the model keeps y)."""
    model = RulesModel(rules)
    m = card.filled_mask
    u = min(card.upper_total, model.cap)
    fab = rules.five_alike_box
    y = int(model.has_y and card.scores[fab] not in (0, 255))
    return m, y, u


@pytest.mark.parametrize('name', RULES)
def test_reduced_games_match_exact_brute_force(name, solved_tail):
    rules = yc.ruleset(name)
    rng = random.Random(name)
    bf = BruteForce(rules)
    sol = solved_tail[name]
    cards = _reduced_cards(rules, rng, 2, 6) + _reduced_cards(rules, rng, 1, 4)
    cards += _special_cards(rules, rng)
    if name == 'yahtzee':
        cards += _reduced_cards(rules, rng, 3, 1)
    for card in cards:
        exact = bf.value(card)
        m, y, u = _state(rules, card)
        assert sol.value(m, y, u) == pytest.approx(float(exact), abs=1e-9), card.filled


def test_joker_states_are_covered_by_the_brute_force():
    """The reduced games above include Joker situations (Yahtzee box filled, five-alike
    rolled): check the brute force really distinguishes the Joker rulesets."""
    vals = {}
    for name in ('yahtzee', 'yahtzee-free-joker', 'yahtzee-1956'):
        rules = yc.ruleset(name)
        card = yc.Scorecard(rules)
        card.fill('yahtzee', (3, 3, 3, 3, 3))
        for b in range(rules.n_boxes):
            if rules.categories[b] not in ('threes', 'chance', 'yahtzee'):
                card.scores[b] = 0
        vals[name] = BruteForce(rules).value(card)
        m, y, u = _state(rules, card)
        s = Solver(name, dtype=np.float64, workers=1).solve(down_to=11)
        assert s.value(m, y, u) == pytest.approx(float(vals[name]), abs=1e-9)
    assert len(set(vals.values())) == 3


# ------------------------------------------------------------------- full solutions
@pytest.fixture(scope='module')
def full():
    return {name: Solver(name).solve() for name in ('yahtzee-free-joker', 'yahtzee', 'yatzy')}


@pytest.mark.parametrize('name,figure', [('yahtzee-free-joker', '254.5896'),
                                         ('yahtzee', '254.5877'), ('yatzy', '248.4400')])
def test_published_figures(name, figure, full):
    assert '%.4f' % full[name].expected_score == figure


def test_reachable_state_count():
    assert RulesModel('yahtzee').n_states() == 536448


def test_turn_graph_probabilities():
    g = turn_graph()
    assert g.roll_counts.sum() == 6 ** 5
    assert abs(g.row_prob.sum() - 1) < 1e-12


def _their_state_values(solver_theirs, model, masks, ys, us, name_map):
    filled = np.zeros(len(masks), dtype=np.uint32)
    for ours, theirs in name_map.items():
        filled |= (((masks >> ours) & 1) << theirs).astype(np.uint32)
    return solver_theirs.state_values(filled, us.astype(np.uint16), ys.astype(bool))


@pytest.mark.parametrize('ours,theirs', [('yahtzee-free-joker', 'american'),
                                         ('yatzy', 'yatzy-scandinavian')])
def test_per_state_agreement_with_yatzy_solver(ours, theirs, full):
    ys = pytest.importorskip('yatzy_solver')
    v = ys.Variant(theirs)
    their = ys.Solver.build(v)
    sol = full[ours]
    m = sol.model
    rules = m.rules
    alias = {'aces': 'ones', 'yahtzee': 'five_of_a_kind'}
    name_map = {b: v.categories.index(alias.get(n, n)) for b, n in enumerate(rules.categories)}
    rng = np.random.default_rng(7)
    masks = rng.integers(0, m.n_masks - 1, size=4000)
    us = np.array([rng.choice(m.upper_sets[x & 63]) for x in masks])
    ys_ = np.array([rng.integers(0, 2) if m.has_y and x >> m.fab & 1 else 0 for x in masks])
    mine = sol.V[((masks << 1) | ys_) << 6 | us]
    theirs_v = _their_state_values(their, m, masks, ys_, us, name_map)
    assert np.abs(mine - theirs_v).max() < 2e-4


# ------------------------------------------------------------- compiled kernel
def _reachable_index(m, masks):
    """Flat value indices of every reachable state with these masks."""
    mask, y, u = m.states_of_masks(masks)
    return m.vidx(mask, y, u)


@pytest.mark.parametrize('name', RULES)
def test_compiled_kernel_matches_numpy_solver(name):
    """The C kernel (double inside a turn) and the numpy sweeps agree on the last four
    layers, every reachable state; and the kernel's float mode stays within float
    rounding of them."""
    m = RulesModel(name)
    down = m.n_boxes - 4
    c64 = Solver(m, dtype=np.float64, workers=1, compiled=True).solve(down_to=down)
    n64 = Solver(m, dtype=np.float64, workers=1, compiled=False).solve(down_to=down)
    c32 = Solver(m, dtype=np.float32, workers=1, compiled=True).solve(down_to=down)
    masks = [x for x in range(m.n_masks) if bin(x).count('1') >= down]
    idx = _reachable_index(m, masks)
    assert np.abs(c64.V[idx] - n64.V[idx]).max() < 1e-9
    assert np.abs(c32.V[idx] - n64.V[idx]).max() < 1e-4
    assert c64.V[idx].max() > 0


def test_compiled_threads_give_the_same_values_as_one():
    m = RulesModel('yahtzee')
    one = Solver(m, workers=1, compiled=True).solve(down_to=8)
    two = Solver(m, workers=2, compiled=True).solve(down_to=8)
    assert np.array_equal(one.V, two.V)


def test_without_a_compiler_the_solver_falls_back_to_numpy(monkeypatch):
    from tools import cbuild
    import tools.solver as solver_module
    monkeypatch.setenv('CC', 'no-such-compiler-here')
    assert solver_module.compiled_kernel() is None
    assert 'no-such-compiler-here' in cbuild.last_error
    with pytest.raises(RuntimeError, match='no compiled solver kernel'):
        Solver('yacht', compiled=True)
    s = Solver('yacht', dtype=np.float64, workers=1).solve(down_to=10)
    assert s.kernel is None and s.value((1 << 12) - 1 - 1, 0, 0) > 0


def test_compiled_libraries_are_cached_between_loads(tmp_path, monkeypatch):
    """A fresh cache directory builds a library once; a second load (as in a new
    process) finds the file instead of compiling; a changed source builds anew."""
    from tools import cbuild
    src = tmp_path / 'answer.c'
    src.write_text('int answer(void) { return 42; }\n')
    cache = tmp_path / 'cache'
    monkeypatch.setattr(cbuild, 'CACHE_DIR', str(cache))
    monkeypatch.setattr(cbuild, '_loaded', {})
    assert cbuild.load(str(src)).answer() == 42
    built = sorted(os.listdir(cache))
    assert len(built) == 1 and built[0].startswith('answer-')
    real_compile, compiled = cbuild._compile, []
    monkeypatch.setattr(cbuild, '_loaded', {})
    monkeypatch.setattr(cbuild, '_compile', lambda *a: compiled.append(a) or real_compile(*a))
    assert cbuild.load(str(src)).answer() == 42
    assert compiled == [] and sorted(os.listdir(cache)) == built
    src.write_text('int answer(void) { return 43; }\n')
    monkeypatch.setattr(cbuild, '_loaded', {})
    assert cbuild.load(str(src)).answer() == 43
    assert len(compiled) == 1 and len(os.listdir(cache)) == 2


def _probed_joker_row(m, mask, y, fi, first=0):
    """What Scorecard.options() and Scorecard.fill() say about five-alike fi in state
    (mask, y): points per box (-1 = not allowed) and the bonus beyond the points, the
    same whichever legal box takes it (asserted)."""
    card = m.probe_card(mask, y)
    dice = D.roll_dice(m.five_rolls[fi])
    opts = card.options(dice, first)
    row = [opts.get(name, -1) for name in m.rules.categories]
    bonuses = set()
    for name, pts in opts.items():
        probe = yc.Scorecard(m.rules)
        probe.scores[:] = card.scores
        bonuses.add(probe.fill(name, dice, first) - pts)
    assert len(bonuses) <= 1, (mask, y, fi, bonuses)
    return row, bonuses.pop() if bonuses else 0


@pytest.mark.parametrize('name', RULES)
def test_joker_table_matches_full_scorecard_probes(name):
    """joker_masks() asks the core only where a Joker can apply; a full probe of
    sampled masks of every kind (five-alike box open or filled, empty and full
    cards) gives the same table."""
    m = RulesModel(name)
    rng = random.Random(name)
    masks = sorted(set([0, m.n_masks - 1, m.n_masks - 2] +
                       [rng.randrange(m.n_masks) for _ in range(300)]))
    m.joker_masks(masks)
    checked = 0
    for mask in masks:
        for y in m.y_values(mask):
            for fi in range(len(m.five_rolls)):
                row, bonus = _probed_joker_row(m, mask, y, fi)
                assert list(m.joker_pts[mask, y, fi]) == row, (mask, y, fi)
                assert m.joker_bonus[mask, y, fi] == bonus, (mask, y, fi)
                if m.served:
                    row, _ = _probed_joker_row(m, mask, y, fi, first=1)
                    assert list(m.joker_first_pts[mask, y, fi]) == row, (mask, y, fi)
                checked += 1
        if not m.has_y and m.fab >= 0 and mask >> m.fab & 1:
            # y is left out: the five-alike box's content must not matter here
            for fi in range(len(m.five_rolls)):
                assert _probed_joker_row(m, mask, 0, fi) == _probed_joker_row(m, mask, 1, fi)
    assert checked >= 6 * len(masks)


@pytest.mark.parametrize('name', RULES)
def test_plain_points_hold_on_sampled_cards(name):
    """The solver scores every roll but the five-alikes plainly (RulesModel.scores, and
    first_scores on a first roll) in every state: the core's Scorecard.options() on
    sampled cards says the same for every open box."""
    m = RulesModel(name)
    rng = random.Random(name)
    five = set(m.five_rolls)
    for _ in range(40):
        mask = rng.randrange(m.n_masks)
        card = m.probe_card(mask, rng.randrange(2) if m.fab >= 0 and mask >> m.fab & 1 else 0)
        for r in rng.sample([r for r in range(252) if r not in five], 20):
            for first, table in ((0, m.scores), (1, m.first_scores)):
                opts = card.options(D.roll_dice(r), first if m.served else 0)
                want = {m.rules.categories[b]: int(table[b][r]) for b in range(m.n_boxes)
                        if not mask >> b & 1}
                assert opts == want, (mask, r, first)


def test_turn_holds_explain_the_state_values():
    """turn_holds(): the expectation of each hold is the mean over the next die, a
    roll's value is its best sub-hold, and the probability-weighted best holds with
    two rolls left give the solved value of the state."""
    from tools.solver import core_holds, ROLL_BASE
    m = RulesModel('yahtzee')
    s = Solver(m, dtype=np.float64, workers=1, compiled=True).solve(down_to=9)
    mask = (1 << 13) - 1 - (1 << 2) - (1 << 11) - (1 << 8) - (1 << 12)   # 4 boxes open
    values, holds = s.turn_holds(mask, 0)
    ch = core_holds()
    us = m.upper_sets[mask & 63]
    for stage in (0, 1):
        H = holds[stage][:, us]
        assert np.allclose(H[:ROLL_BASE], H[ch.children].mean(axis=1), atol=1e-9)
    best = np.empty((252, len(us)))
    for rows, sub in ch.sub_groups:
        best[rows] = holds[1][sub][:, :, us].max(axis=1)
    assert np.allclose(ch.roll_prob @ best, values[us], atol=1e-9)
    assert np.allclose(values[us], s.V[((mask << 1) << 6) + us], atol=1e-12)
    one_left = np.empty((252, len(us)))
    for rows, sub in ch.sub_groups:
        one_left[rows] = holds[0][sub][:, :, us].max(axis=1)
    assert np.allclose(holds[1][ROLL_BASE:][:, us], one_left, atol=1e-9)


@pytest.mark.parametrize('compiled', [True, False])
def test_progress_reports_each_layer_as_it_is_done(compiled):
    layers = []
    s = Solver('yacht', workers=2, compiled=compiled)
    s.solve(down_to=9, progress=lambda pc: layers.append((pc, s.value((1 << 12) - 1 - 7))))
    assert [pc for pc, _ in layers] == [11, 10, 9]
    assert layers[-1][1] > 0          # the 9-filled state is solved when its layer reports


# ---------------------------------------------- Kniffel, Generala, Kismet (no yatzy-solver)
NEW_RULES = ('kniffel', 'generala', 'kismet')


def _documented_figure(name):
    """The expected score docs/STRATEGY.md's figures table gives for `name`."""
    import re
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        'docs', 'STRATEGY.md')
    with open(path) as f:
        for line in f:
            if line.startswith('| %s ' % name):
                return re.search(r'\| (\d+\.\d{4})', line).group(1)
    raise AssertionError('no figures row for %s in docs/STRATEGY.md' % name)


@pytest.mark.parametrize('name', NEW_RULES)
def test_new_rulesets_solve_the_same_two_ways(name, capsys):
    """The whole game, C kernel against numpy sweeps (float64 both): the same optimum,
    which `python -m tools.solver` prints and docs/STRATEGY.md quotes."""
    from tools.solver import main
    c64 = Solver(name, dtype=np.float64, workers=2, compiled=True).solve()
    n64 = Solver(name, dtype=np.float64, workers=2, compiled=False).solve()
    assert abs(c64.expected_score - n64.expected_score) < 1e-9
    idx = _reachable_index(c64.model, range(c64.model.n_masks))
    assert np.abs(c64.V[idx] - n64.V[idx]).max() < 1e-9
    assert main(['--rules', name]) == 0
    printed = capsys.readouterr().out
    figure = '%.4f' % n64.expected_score
    assert 'expected score: %s' % figure in printed
    assert _documented_figure(name) == figure


def test_what_the_new_rulesets_keep_in_a_state():
    """Kismet tracks its upper total up to the top tier (78: 128 lanes) with the three
    tiers the core pays; Generala keeps whether Generala holds 50 (Double Generala);
    Kniffel keeps y as the advisor's planner does, though its bonus does not need it."""
    k = RulesModel('kismet')
    assert (k.cap, k.lanes, k.has_y, k.served) == (78, 128, False, False)
    card = yc.Scorecard(k.rules)
    for u in range(0, 106, 7):
        card.scores[0] = u
        assert k.upper_bonus_by_u[min(u, 78)] == card.upper_bonus
    assert sorted(set(k.upper_bonus_by_u.tolist())) == [0, 35, 55, 75]
    g = RulesModel('generala')
    assert (g.track_u, g.has_y, g.served, g.n_states()) == (False, True, True, 3072)
    assert RulesModel('kniffel').has_y and RulesModel('kniffel').n_states() == 536448


def test_triple_yahtzee_is_refused_with_the_reason(capsys):
    from tools.solver import Unsolvable, main
    with pytest.raises(Unsolvable, match='cannot be solved exactly'):
        RulesModel('triple-yahtzee')
    with pytest.raises(SystemExit) as refused:     # a bad command line: exit 2
        main(['--rules', 'triple-yahtzee'])
    assert refused.value.code == 2
    out, err = capsys.readouterr()
    assert out == '' and len(err.strip().splitlines()) == 1
    assert 'triple-yahtzee cannot be solved exactly: 39 boxes' in err


def test_balut_is_refused_with_its_state_count(capsys):
    """Balut's goals make a turn-start state its categories' progress and the total:
    the count is the product of each category's (cells filled, progress) pairs, which
    for Fours (cells of 0, 4, .. 20, the total kept up to 52) is counted here by hand:
    1 empty, 6 after one cell, 11 after two (0..40 by 4s), 14 after three and after
    four (0..52 by 4s, 52 standing for every total from 52)."""
    from tools.solver import Unsolvable, goal_states, main
    per, product = goal_states(yc.ruleset('balut'))
    assert per[0] == 1 + 6 + 11 + 14 + 14
    assert per[3] == 1 + 2 + 2 + 2 + 2      # Straight: still all scoring, or not
    assert per[6] == 1 + 2 + 3 + 4 + 5      # Balut: how many cells scored
    assert product == per[0] ** 3 * per[3] * per[4] * per[5] * per[6]
    with pytest.raises(Unsolvable, match='balut cannot be solved exactly'):
        RulesModel('balut')
    with pytest.raises(SystemExit) as refused:     # a bad command line: exit 2
        main(['--rules', 'balut'])
    assert refused.value.code == 2
    out, err = capsys.readouterr()
    assert out == '' and len(err.strip().splitlines()) == 1
    assert '{:,}'.format(product) in err and '651 totals' in err


def test_generalas_served_bonus_is_worth_points_and_turn_holds_refuses_it():
    """Scoring a served hand at once is worth something (the brute force above checks
    how much on short games); turn_holds, which shows holds only, refuses served rules
    rather than give an incomplete picture."""
    plain = RulesModel('generala')
    plain.served = False
    without = Solver(plain, dtype=np.float64, workers=1).solve().expected_score
    served = Solver('generala', dtype=np.float64, workers=1).solve()
    assert served.expected_score > without + 1
    with pytest.raises(NotImplementedError, match='served'):
        served.turn_holds(0)


# ----------------------------------------------------------- Crag: three dice, two rolls
def _crag_brute_force(rules, mask, memo):
    """Expected remaining score of a Crag card with these boxes filled, by plain
    enumeration of ordered dice (216 first rolls, every keep of dice positions, every
    reroll): nothing of the solver's hold tables or sub-hold sweeps."""
    from itertools import product
    full = (1 << rules.n_boxes) - 1
    if mask == full:
        return 0.0
    if mask in memo:
        return memo[mask]

    def best_box(dice):
        return max(rules.score(dice, b) + _crag_brute_force(rules, mask | 1 << b, memo)
                   for b in range(rules.n_boxes) if not mask >> b & 1)

    total = 0.0
    for first in product(range(1, 7), repeat=3):
        best = best_box(first)                       # stand on the first roll
        for keep in product((0, 1), repeat=3):
            if all(keep):
                continue
            rolled = [i for i in range(3) if not keep[i]]
            v = 0.0
            for faces in product(range(1, 7), repeat=len(rolled)):
                dice = list(first)
                for i, f in zip(rolled, faces):
                    dice[i] = f
                v += best_box(dice)
            best = max(best, v / 6 ** len(rolled))
        total += best
    memo[mask] = total / 216
    return memo[mask]


def test_crag_end_games_match_a_brute_force():
    from tools.solver import solve_small
    rules = yc.ruleset('crag')
    sol = solve_small(rules)
    rng = random.Random(26)
    full = (1 << rules.n_boxes) - 1
    memo = {}
    masks = [full & ~(1 << b) for b in range(rules.n_boxes)]          # one box open
    masks += [full & ~(1 << a) & ~(1 << b)                            # two open
              for a, b in (sorted(rng.sample(range(rules.n_boxes), 2)) for _ in range(6))]
    for mask in masks:
        assert sol.V[mask] == pytest.approx(_crag_brute_force(rules, mask, memo), abs=1e-9)


def test_the_small_solver_gives_the_full_solvers_yacht():
    """Yacht (no bonus, no Joker) solved both ways: solve_small's generic numpy sweeps
    over any dice count against the five-dice kernel."""
    from tools.solver import solve_small
    small = solve_small('yacht')
    big = Solver('yacht', dtype=np.float64, workers=1).solve()
    assert abs(small.expected_score - big.expected_score) < 1e-9
    for mask in range(0, 4096, 97):
        assert small.V[mask] == pytest.approx(big.value(mask, 0, 0), abs=1e-9)


def test_crag_solves_and_prints_its_documented_figure(capsys):
    from tools.solver import Unsolvable, main, solve_small
    assert main(['--rules', 'crag']) == 0
    printed = capsys.readouterr().out
    sol = solve_small('crag')
    figure = '%.4f' % sol.expected_score
    assert 'expected score: %s' % figure in printed and 'states: 8192' in printed
    assert _documented_figure('crag') == figure
    with pytest.raises(Unsolvable, match='plain box scores only'):
        solve_small('yahtzee')                   # bonuses and a Joker: the full solver's


def test_maxi_yatzy_is_not_solved_and_says_its_size(capsys):
    """Six dice: tools.solver exits 2 with the state count it would need, counted from
    the reachable upper (mask, subtotal) pairs (docs/STRATEGY.md quotes it)."""
    from tools.solver import main, upper_pairs
    rules = yc.ruleset('maxi-yatzy')
    pairs = upper_pairs(rules)
    # the pairs by brute force over every upper fill (a face's count 0..6, or open)
    brute = set()
    for fill in itertools.product(range(-1, 7), repeat=6):
        mask = sum(1 << f for f in range(6) if fill[f] >= 0)
        brute.add((mask, min(84, sum((f + 1) * c for f, c in enumerate(fill) if c > 0))))
    assert pairs == len(brute) == 3510
    with pytest.raises(SystemExit) as refused:     # a bad command line: exit 2
        main(['--rules', 'maxi-yatzy'])
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert '57,507,840' in err and 'STRATEGY.md' in err
    doc = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                       'docs', 'STRATEGY.md')
    with open(doc) as f:
        assert '57,507,840' in f.read()
