"""tools.distribution: the exact final-score distribution of optimal play."""
import json
import math

import numpy as np
import pytest

from tools import distribution as dist
from tools.solver import RulesModel

# Probability of five of a kind within three rolls when playing for it (a published
# figure: 2,783,176 / 6**10).
YAHTZEE_IN_THREE_ROLLS = 2783176 / 6 ** 10


@pytest.fixture(scope='module')
def yacht_json(tmp_path_factory):
    path = tmp_path_factory.mktemp('dist') / 'yacht.json'
    assert dist.main(['--rules', 'yacht', '--json', str(path), '--workers', '1']) == 0
    with open(path) as f:
        return json.load(f)


def test_json_has_every_field_of_the_spec(yacht_json):
    d = yacht_json
    assert d['rules'] == 'yacht'
    assert sorted(d['percentiles'], key=int) == [str(k) for k in range(1, 100)]
    assert sorted(d['at_least'], key=int) == [str(s) for s in range(50, 1551, 50)]
    assert list(d['boxes']) == list(RulesModel('yacht').rules.categories)
    for v in d['boxes'].values():
        assert set(v) == {'mean', 'zero'} and 0 <= v['zero'] <= 1
    # yacht has neither bonus: both keys are left out
    assert 'upper_bonus' not in d and 'yahtzee_bonus' not in d
    assert isinstance(d['median'], int) and isinstance(d['mode'], int)
    assert 0 < d['mode_probability'] < 1


def test_mean_is_the_solvers_expected_score_and_adds_up_by_box(yacht_json):
    from tools.solver import Solver
    exact = Solver('yacht', dtype=np.float64, workers=1).solve().expected_score
    assert abs(yacht_json['mean'] - exact) < 1e-9
    parts = math.fsum(v['mean'] for v in yacht_json['boxes'].values())
    assert abs(parts - exact) < 1e-9


def test_percentiles_and_tails_are_consistent(yacht_json):
    pct = [yacht_json['percentiles'][str(k)] for k in range(1, 100)]
    assert pct == sorted(pct) and pct[49] == yacht_json['median']
    tails = [yacht_json['at_least'][str(s)] for s in range(50, 1551, 50)]
    assert all(a >= b for a, b in zip(tails, tails[1:]))
    assert tails[0] > 0.99 and tails[-1] == 0.0      # yacht's maximum is far below 1550
    # the median splits the mass: P(score <= median) >= 1/2 <= P(score >= median)
    model = RulesModel('yacht')
    d = dist.propagate(model, dist.solve_values(model, workers=1))
    med = yacht_json['median']
    assert d.probs[:med + 1].sum() >= 0.5 and d.at_least(med) >= 0.5
    assert abs(math.fsum(d.probs.tolist()) - 1) < 1e-12
    assert d.at_least(0) == pytest.approx(1, abs=1e-12)


def test_last_turn_for_a_yahtzee_has_the_published_odds():
    m = RulesModel('yahtzee')
    V = dist.solve_values(m, workers=1, down_to=m.n_boxes - 1)
    only_yahtzee = (1 << m.n_boxes) - 1 & ~(1 << m.fab)
    d = dist.propagate(m, V, start=(only_yahtzee, 0, m.cap))
    assert np.flatnonzero(d.probs).tolist() == [0, 50]
    assert abs(d.probs[50] - YAHTZEE_IN_THREE_ROLLS) < 1e-15
    assert d.boxes['yahtzee'][1] == pytest.approx(1 - YAHTZEE_IN_THREE_ROLLS, abs=1e-15)


def test_last_turns_with_both_bonuses_match_the_solver():
    # three turns left, the Yahtzee box holds 50 and the upper bonus is 6 points away
    m = RulesModel('yahtzee')
    V = dist.solve_values(m, workers=1, down_to=m.n_boxes - 3)
    box = {name: b for b, name in enumerate(m.rules.categories)}
    open_ = (box['sixes'], box['four_of_a_kind'], box['chance'])
    mask = (1 << m.n_boxes) - 1
    for b in open_:
        mask &= ~(1 << b)
    start = (mask, 1, m.cap - 6)
    d = dist.propagate(m, V, start=start)
    assert abs(d.mean - V[m.vidx(*start)]) < 1e-9
    assert abs(math.fsum(d.probs.tolist()) - 1) < 1e-12
    parts = math.fsum([v[0] for v in d.boxes.values()] + [d.upper[0], d.yahtzee[0]])
    assert abs(parts - d.mean) < 1e-9
    # Yahtzee bonuses: at most three (one a turn), each 100
    assert 0 < d.yahtzee[0] < 300 and 0 < 1 - d.yahtzee[1] < 0.5
    assert 0 < d.upper[0] < 35 and 0 < d.upper[1] < 1
    for b in open_:
        assert d.boxes[m.rules.categories[b]][0] > 0
    assert d.at_least(300) > 0            # three Yahtzee bonuses are possible


def test_committed_yacht_distribution_is_current(yacht_json):
    """docs/distribution/*.json feed the device's percentile tables: the fast one is
    recomputed here (the others by bench/bench_distribution.py --json-dir)."""
    import os
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        'docs', 'distribution', 'yacht.json')
    with open(path) as f:
        committed = json.load(f)
    assert committed['percentiles'] == yacht_json['percentiles']
    assert committed['median'] == yacht_json['median'] and committed['mode'] == yacht_json['mode']
    assert committed['mean'] == pytest.approx(yacht_json['mean'], abs=1e-9)
    for s, p in yacht_json['at_least'].items():
        assert committed['at_least'][s] == pytest.approx(p, rel=1e-9, abs=1e-300)


def test_crags_distribution_is_the_solvers_and_the_committed_one():
    """Three dice, two rolls (tools.distribution.small_distribution on solve_small): the
    mean is the solver's 149.8476, the probabilities sum to 1 and the boxes' means add
    up to it; the scores stop at the card's most (244); docs/distribution/crag.json is
    what it computes."""
    import os
    d = dist.compute('crag')
    assert abs(d.mean - d.solver_value) < 1e-9 and round(d.mean, 4) == 149.8476
    assert abs(math.fsum(d.probs.tolist()) - 1) < 1e-12
    assert abs(math.fsum(v[0] for v in d.boxes.values()) - d.mean) < 1e-9
    assert len(d.probs) == 245 and d.probs[244] > 0 and d.upper is None
    assert 0 < d.boxes['crag'][1] < 1 and d.boxes['crag'][0] == pytest.approx(
        50 * (1 - d.boxes['crag'][1]))
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        'docs', 'distribution', 'crag.json')
    with open(path) as f:
        committed = json.load(f)
    fresh = d.as_json()
    assert committed['percentiles'] == fresh['percentiles']
    assert committed['mean'] == pytest.approx(fresh['mean'], abs=1e-9)
