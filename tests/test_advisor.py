"""The on-device advisor: table format, exactness of its integer turn planning, the
exact value of its policy, and a full advised game under MicroPython."""
import os
import random
import re

import pytest

import yahtzee_core as yc
from yahtzee_core import dice as D
from yahtzee_core.advisor import Advisor, TableError, TableValues
from yahtzee_core.analysis import probe_card
from tools import strategy_table as st
from tools.solver import PolicyEvaluator, RulesModel, guide_from_table
from mpy_util import (CIRCUITPYTHON_MISSING, REPO_ROOT, circuitpython_available, ports,
                      run_micropython)

TABLES = os.path.join(str(REPO_ROOT), 'tables')
# Heap budgets for the compiled core + advisor game (fail if the code grows); the
# CircuitPython one is the 32-bit board target. bench/bench_advisor.py prints the floors.
# Measured floors (every table format): CircuitPython 30-31K; MicroPython 41-45K
# (Generala 41K, yahtzee 42K, Kismet 45K: the advisor's choice of the roomy planner
# costs its names even where the heap is too small to take it).
ADVISOR_HEAP = {'micropython': '45K', 'circuitpython': '32K'}
# Crag (three dice) measured 45K / 32K: SmallPlanner still builds the five-dice
# planner's arrays beside its own (a 1.2 KB table Crag never reads)
ADVISOR_HEAP_CRAG = {'micropython': '46K', 'circuitpython': '33K'}


@pytest.fixture(scope='module')
def tables():
    return {name: st.ensure_tables(name, TABLES) for name in ('yahtzee', 'yacht')}


@pytest.fixture(scope='module')
def model():
    return RulesModel('yahtzee')


def _random_state(m, rng):
    mask = rng.randrange(m.n_masks - 1)
    u = int(rng.choice(list(m.upper_sets[mask & 63])))
    y = rng.randrange(2) if m.has_y and mask >> m.fab & 1 else 0
    return mask, u, y


def _card(rules, mask, u, y):
    fab = rules.five_alike_box
    return probe_card(rules, mask, u, 50 if y else (0 if mask >> fab & 1 else 255))


def test_table_sizes_and_header(tables, model):
    head, q = st.read_plain(tables['yahtzee']['plain'])
    assert head['n_states'] == 536448 == len(q)
    assert os.path.getsize(tables['yahtzee']['plain']) == st.HEADER + 2 * 536448
    assert head['name'] == 'yahtzee' and head['unit'] == 100
    packed = st.read_header(open(tables['yahtzee']['packed'], 'rb').read())
    # the bonus settles u in a third of the states; the rest keep 12-bit residuals
    assert packed['n_states'] == 359616 - 192 * 64 == 347328
    assert packed['bits'] == 12 and packed['step'] == 1 and packed['groups'] == 192 * 64
    assert os.path.getsize(tables['yahtzee']['packed']) < 560 * 1024


def test_index_arithmetic_matches_writer(tables, model):
    tv = TableValues(yc.ruleset('yahtzee'), tables['yahtzee']['plain'])
    rng = random.Random(3)
    for _ in range(500):
        mask, u, y = _random_state(model, rng)
        assert tv.index(mask, u, y) == st.table_index(model, mask, u, y)
    tv.close()


def test_every_format_reads_what_the_writer_stored(tables, model):
    """The device reader (TableValues) and the desktop decoder (read_table, which the
    policy bench evaluates) agree state by state; the exact formats equal the plain
    table, the lossy ones stay within half a step of it."""
    rules = yc.ruleset('yahtzee')
    _, plain = st.read_plain(tables['yahtzee']['plain'])
    assert set(tables['yahtzee']) == set(st.FORMATS)
    rng = random.Random(4)
    states = [_random_state(model, rng) for _ in range(400)]
    for kind, path in tables['yahtzee'].items():
        head, decoded = st.read_table(path, model)
        tv = TableValues(rules, path)
        for mask, u, y in states:
            k = st.table_index(model, mask, u, y)
            assert tv.value(mask, u, y) == decoded[k], (kind, mask, u, y)
        tv.close()
        err = abs(decoded.astype(int) - plain.astype(int)).max()
        if head['step'] <= 1:
            assert err == 0, kind
        else:
            assert 0 < err <= head['step'] // 2, kind


def test_settled_states_share_their_value(tables, model):
    """What makes the packed format exact: once the upper bonus is secured or out of
    reach, the solver's values no longer depend on the upper subtotal."""
    _, plain = st.read_plain(tables['yahtzee']['plain'])
    base, residual = st.split_packed(model, plain)     # raises if they differed
    assert len(residual) == 359616 - 192 * 64
    assert residual.max() <= 3500                       # never more than the bonus


@pytest.mark.parametrize('name', yc.RULESETS)
def test_every_rulesets_table_opens_and_starts_at_the_optimum(name):
    """Through the public Advisor API, every format of every ruleset's table: the
    empty card's expected final score is the solver's optimum (in hundredths; the
    lossy formats within half their step). yahtzee-free-joker's 18-byte name once
    made its table refused; Generala (served hands) and Kismet (tiers, subtotals to
    78) had none until the planner and the header knew them."""
    from tools.solver import Solver, Unsolvable, unsolvable
    if unsolvable(yc.ruleset(name)):
        # (Poker Dice: no table, its turns are solved as they come)
        with pytest.raises(Unsolvable, match='cannot be solved exactly|has no strategy table'):
            st.ensure_tables(name, TABLES)
        return
    assert st.no_table_reason(name) is None
    paths = st.ensure_tables(name, TABLES)
    if yc.ruleset(name).n_dice != 5:    # Crag: three dice, solve_small's
        from tools.solver import solve_small
        optimum = solve_small(name).expected_score
    else:
        optimum = Solver(name).solve().expected_score
    for kind, path in paths.items():
        adv = Advisor(name, path)
        start = adv.expected_final(yc.Scorecard(adv.rules))
        step = adv.table.step if adv.table.packed else 1
        assert abs(start - 100 * optimum) <= step / 2 + 0.5, (kind, start, optimum)
        adv.close()
    for other in yc.RULESETS:
        if other != name:
            with pytest.raises(TableError, match='table is for %s' % name):
                Advisor(other, paths['plain'])
    from yahtzee_core.bots import make_bot
    bot = make_bot('perfect', name, table_path=paths['plain'])
    assert not bot.fallback, bot.note          # plays perfect, not quietly good


def test_old_or_overlong_tables_are_refused(tmp_path, model):
    data = bytearray(open(st.ensure_tables('yacht', TABLES)['plain'], 'rb').read())
    data[4] = 1                                         # version 1: 16-byte names
    old = tmp_path / 'old.yzt'
    old.write_bytes(bytes(data))
    with pytest.raises(TableError, match='version 2'):
        Advisor('yacht', str(old))

    data[4] = 2
    assert data[1201] == 0        # AT_U_WIDER: no subtotals past 63, no extra bytes
    packed = open(st.ensure_tables('yahtzee', TABLES)['packed8'], 'rb').read()
    for name, whole in (('yacht', data), ('yahtzee', packed)):
        short = tmp_path / 'short'
        short.write_bytes(bytes(whole[:-1]))              # a copy cut short
        with pytest.raises(TableError, match='damaged'):
            Advisor(name, str(short))
    m = RulesModel('yacht')
    m.name = 'y' * 33
    with pytest.raises(ValueError, match='longer than'):
        st.header_bytes(m, 4096)


# (header offset, bytes written there) of each damage: every field the reader uses
HEADER_DAMAGE = {
    'flags': (5, b'\x0f'), 'five-alike box': (7, b'\x02'), 'unit': (44, b'\x0a\x00'),
    'bits': (1200, b'\x11'), 'step': (1202, b'\x00\x00'), 'huge step': (1202, b'\xff\xff'),
    'groups': (1204, b'\x01\x00\x00\x00'), 'states': (40, b'\x01\x00\x00\x00'),
    'per slot': (46, b'\x01\x00'), 'offsets': (48 + 2 * 9, b'\x07\x00'),
    'bitmaps': (176 + 8 * 9, b'\x00'), 'ranks': (688 + 8 * 9 + 3, b'\x63'),
    'wider': (1201, b'\x03'), 'name': (8, b'\xff\xfe'), 'dice count': (39, b'\x03'),
}


@pytest.mark.parametrize('field', sorted(HEADER_DAMAGE))
@pytest.mark.parametrize('kind', ['plain', 'packed'])
def test_a_damaged_header_field_is_refused_at_open_and_play_falls_back(tmp_path, field,
                                                                        kind):
    """Every header field is checked when the table opens (a five-alike box byte of 2
    made the first perfect turn shift by a negative count; a huge step overflowed):
    a damaged one is a TableError, and the computer and the hints play level good and
    say why."""
    from yahtzee_core.bots import make_bot
    from yahtzee_core.ranking import Hints
    data = bytearray(open(st.ensure_tables('yahtzee', TABLES)[kind], 'rb').read())
    at, value = HEADER_DAMAGE[field]
    if field == 'step' and kind == 'plain':
        value = b'\x05\x00'                # a plain table has none
    assert data[at:at + len(value)] != value
    data[at:at + len(value)] = value
    bad = tmp_path / 'bad.yzt'
    bad.write_bytes(bytes(data))
    with pytest.raises(TableError, match='damaged strategy table|table is for'):
        TableValues(yc.ruleset('yahtzee'), str(bad))
    bot = make_bot('perfect', 'yahtzee', table_path=str(bad))
    assert bot.fallback and 'level good' in bot.note and 'unusable' in bot.note
    hints = Hints('yahtzee', str(bad))
    assert hints.fallback and 'level good' in hints.note
    card = yc.Scorecard(yc.ruleset('yahtzee'))
    bot.choose_hold(card, (1, 2, 3, 4, 5), 2)       # plays on
    assert hints.hold_options(card, (6, 6, 6, 1, 2), 2)


# SHA-256 (first 16 hex digits) of each five-dice ruleset's header as the writer made
# it before the header said how many dice (AT_N_DICE, byte 39, which then ended the
# name field): a plain table's, and a packed one's (the live layout, 8 bits, step 3).
# Boards hold tables written then, so five-dice tables stay byte for byte as they were.
FIVE_DICE_HEADERS = {
    'yahtzee': ('f522393aca0ce001', 'd9b480f4bd762a9b'),
    'yahtzee-free-joker': ('0e20fc21e07ca2cf', '25d3a9adf5591071'),
    'yahtzee-1956': ('f6cd194f6be773c7', '941632bfa19c3e35'),
    'yatzy': ('4898588761b74e4f', 'fcc02e032bb1c92d'),
    'yacht': ('2291c36ed9274f82', '9f4474de85a28efc'),
    'kniffel': ('4069bad6c0bed8ec', '999c10fe2a5c0647'),
    'generala': ('0a7360a5a685afdb', 'e3b8e39af6c3d0cb'),
    'kismet': ('32ef5ef1e71181b1', '915848d4ef6039e5'),
}


def test_five_dice_headers_are_what_they_were_before_the_dice_count():
    import hashlib
    five = [n for n in yc.RULESETS if yc.ruleset(n).n_dice == 5 and not st.no_table_reason(n)]
    assert sorted(five) == sorted(FIVE_DICE_HEADERS)
    for name, (plain, packed) in FIVE_DICE_HEADERS.items():
        m = RulesModel(name)
        live = st.lower_slot_count(m) * st.u_layout(m, True)[1]
        heads = (st.header_bytes(m, m.n_states()),
                 st.header_bytes(m, live, live=True, bits=8, step=3, groups=5))
        assert heads[0][39] == 0 and st.read_header(heads[0])['n_dice'] == 5
        assert [hashlib.sha256(h).hexdigest()[:16] for h in heads] == [plain, packed], name


@pytest.fixture(scope='module')
def crag():
    return st.ensure_tables('crag', TABLES)['plain']


def _crag_card(*open_boxes):
    """A Crag card with every box filled (0 points) but `open_boxes`."""
    rules = yc.ruleset('crag')
    mask = (1 << rules.n_boxes) - 1
    for box in open_boxes:
        mask ^= 1 << rules.box_index(box)
    return probe_card(rules, mask, 0, 0 if mask >> rules.five_alike_box & 1 else 255)


def test_crag_table_holds_solve_small_value_of_every_filled_mask(crag):
    """Three dice in the table format: the header says 3, one state per filled-box mask
    (no upper bonus: one subtotal per upper mask), in mask order, each solve_small's
    value in hundredths; no packed variant (nothing settles: it would be no smaller)."""
    import numpy as np
    from tools.solver import solve_small
    assert set(st.ensure_tables('crag', TABLES)) == {'plain'}
    head, q = st.read_table(crag)
    assert head['n_dice'] == 3 and head['n_states'] == 1 << 13 == len(q)
    assert os.path.getsize(crag) == st.HEADER + 2 * 8192
    V = solve_small('crag').V
    assert (q == np.rint(100 * V)).all()
    m = st.table_model('crag')
    tv = TableValues(yc.ruleset('crag'), crag)
    for mask in random.Random(5).sample(range(8191), 300):
        assert tv.index(mask, 0, 0) == mask == st.table_index(m, mask, 0, 0)
        assert tv.value(mask, 0, 0) == q[mask]
    tv.close()
    with pytest.raises(TableError, match='table is for crag'):
        Advisor('yacht', crag)
    with pytest.raises(TableError, match='table is for yacht'):
        Advisor('crag', st.ensure_tables('yacht', TABLES)['plain'])


def test_crag_positions_checked_by_hand(crag):
    """Positions worked out by hand, through the advisor, the perfect bot, the hints
    and the points-lost analysis.
    - Only Crag open, 6 6 2, one roll left: keep 6 6 (a 1 makes the crag, 1/6 of 50:
      8.33); one 6 needs 6 and 1 (2/36 of 50: 2.78); none any crag (9/216: 2.08).
    - Only Sixes open, 6 6 2, one roll left: keep 6 6: 12 + 6/6 = 13.00.
    - Only Three of a kind open, at the turn's start: 25 x (1/36 at once, 90/216 a pair
      kept for 1/6, 120/216 all different and a fresh 1/36) = 25 x 876/7776 = 2.82.
    - Only Thirteen open, 6 6 1: stand (26 points now), the bot keeps all three."""
    from yahtzee_core.analysis import DecisionLog, analyze
    from yahtzee_core.bots import make_bot
    from yahtzee_core.ranking import Hints
    adv = Advisor('crag', crag)
    bot = make_bot('perfect', 'crag', table_path=crag)
    hints = Hints('crag', crag)
    assert not bot.fallback and not hints.fallback
    card = _crag_card('crag')
    assert adv.best_hold(card, (6, 2, 6), 1) == ((6, 6), 833)
    assert bot.choose_hold(card, [6, 2, 6], 1) == [1, 0, 1]
    ranked = hints.hold_options(card, (6, 2, 6), 1)
    assert ranked[0] == (833, (6, 6)) and (208, ()) in ranked and (278, (6,)) in ranked
    log = DecisionLog()
    log.hold(card, (6, 2, 6), 1, (0, 0, 0))          # rerolled all: 8.33 - 2.08
    log.hold(card, (6, 2, 6), 1, (1, 0, 1))          # the best: nothing lost
    assert analyze(adv, log).losses == [(0, 1, 625), (1, 1, 0)]
    assert adv.best_hold(_crag_card('sixes'), (6, 6, 2), 1) == ((6, 6), 1300)
    assert adv.expected_final(_crag_card('three_of_a_kind')) == 282
    card = _crag_card('thirteen')
    assert bot.choose_hold(card, [6, 6, 1], 1) == [1, 1, 1]
    assert bot.choose_box(card, [6, 6, 1]) == adv.rules.box_index('thirteen')
    assert hints.box_options(card, (6, 6, 1)) == [(2600, adv.rules.box_index('thirteen'))]
    for x in (adv, bot, hints):
        x.close()


def test_expected_final_is_the_table_value(tables):
    adv = Advisor('yahtzee', tables['yahtzee']['plain'])
    card = yc.Scorecard(adv.rules)
    assert adv.expected_final(card) == 25459
    card.fill('chance', (6, 6, 5, 5, 4))
    assert adv.expected_final(card) > 100 * 26


def test_foreign_or_missing_table_is_refused(tables):
    with pytest.raises(TableError):
        Advisor('yatzy', tables['yahtzee']['plain'])
    with pytest.raises(TableError):
        Advisor('yahtzee', os.path.join(TABLES, 'no-such-table.yzt'))


def test_at_most_44_table_reads_per_turn(tables):
    adv = Advisor('yahtzee', tables['yahtzee']['plain'])
    card = yc.Scorecard(adv.rules)
    before = adv.table.reads
    adv.best_hold(card, (1, 2, 3, 4, 6), 2)
    adv.best_hold(card, (1, 2, 3, 4, 4), 1)
    adv.best_box(card, (2, 2, 3, 4, 4))
    assert adv.table.reads - before == 44


def test_advice_agrees_with_yatzy_solver(tables):
    ys = pytest.importorskip('yatzy_solver')
    their = ys.Solver.build(ys.Variant('american+forced-joker'))
    adv = Advisor('yahtzee', tables['yahtzee']['plain'])
    rules = adv.rules
    rng = random.Random(5)
    alias = {'aces': 'ones', 'yahtzee': 'five_of_a_kind'}
    names = [alias.get(n, n) for n in rules.categories]
    m = RulesModel('yahtzee')
    checked = 0
    while checked < 40:
        mask, u, y = _random_state(m, rng)
        card = _card(rules, mask, u, y)
        dice = D.roll_dice(rng.randrange(252))
        rolls = rng.randrange(3)
        filled = ','.join(names[b] for b in range(13) if mask >> b & 1) or '-'
        yfield = (' | five_of_a_kind %d' % (50 if y else 0)) if mask >> 11 & 1 else ''
        sit = 'dice %s | rolls %d | upper %d | filled %s%s' % (
            ' '.join(map(str, dice)), rolls, u, filled, yfield)
        best = max(v for a, v in their.option_values(sit))
        if rolls:
            _, mine = adv.best_hold(card, dice, rolls)
        else:
            _, mine = adv.best_box(card, dice)
        mine -= 100 * card.total
        assert abs(mine / 100 - best) < 0.02, (sit, mine, best)
        checked += 1


@pytest.fixture(scope='module')
def advisor_policy(tables, model):
    _, q = st.read_plain(tables['yahtzee']['plain'])
    ev = PolicyEvaluator(model, guide=guide_from_table(model, q)).run()
    return ev


def test_advisor_policy_scores_within_a_thousandth_of_optimal(advisor_policy):
    # exact expected score of the advisor's own integer decisions (not a simulation)
    assert abs(advisor_policy.expected_score - 254.5877) < 0.001
    assert advisor_policy.expected_score <= 254.58773
    # every intermediate of the integer turn planning stays a small int
    assert 0 < advisor_policy.max_int < 2 ** 30


def test_coarsest_packed_table_plays_within_a_hundredth_of_optimal(tables, model):
    """The 7-bit table (the smallest the bundle ships: 330 KB for Yahtzee): the exact
    expected score of the advisor's decisions from the values the device reads."""
    _, q = st.read_table(tables['yahtzee']['packed7'], model)
    ev = PolicyEvaluator(model, guide=guide_from_table(model, q)).run()
    assert 254.5877 - 0.01 < ev.expected_score < 254.5877 - 0.001   # lossy, measurably


def assert_same_choices(planner, card, dice, box, hold1, hold2):
    """The device planner picks the evaluator's box, and its holds with 1 and 2 rolls
    left, for these dice."""
    assert planner.best_box_index(card, dice)[0] == box
    assert planner.best_hold_index(card, dice, 1)[0] == hold1
    assert planner.best_hold_index(card, dice, 2)[0] == hold2


def test_evaluator_replays_the_advisors_decisions(tables, model, advisor_policy):
    """The evaluator's replica of the integer arithmetic makes the same choices as
    yahtzee_core.advisor, roll by roll, in sampled states."""
    adv = Advisor('yahtzee', tables['yahtzee']['plain'])
    rules = adv.rules
    rng = random.Random(6)
    for _ in range(5):
        mask, u, y = _random_state(model, rng)
        boxes, h1, h2 = advisor_policy.decisions(mask, y, u)
        card = _card(rules, mask, u, y)
        for r in rng.sample(range(252), 60):
            dice = D.roll_dice(r)
            assert_same_choices(adv.planner, card, dice, boxes[r], h1[r], h2[r])


def test_kniffel_advice_is_what_the_evaluator_replays():
    """Kniffel's +50 (a further Kniffel into its own open upper box) as the device sees
    it: the advisor's planner takes the bonus from Scorecard.fill, the evaluator from
    the solver's Joker table (Ruleset.bonus); in late states with the Kniffel box
    filled they choose the same boxes and holds for every five-alike and sampled rolls."""
    m = RulesModel('kniffel')
    path = st.ensure_tables('kniffel', TABLES)['plain']
    _, q = st.read_plain(path)
    ev = PolicyEvaluator(m, guide=guide_from_table(m, q)).run(down_to=m.n_boxes - 3)
    adv = Advisor('kniffel', path)
    rules = adv.rules
    rng = random.Random(13)
    checked = 0
    while checked < 6:
        mask = rng.randrange(m.n_masks - 1) | 1 << m.fab
        if bin(mask).count('1') < m.n_boxes - 3 or mask & 63 == 63:
            continue                      # the +50 needs an open upper box
        u = int(rng.choice(list(m.upper_sets[mask & 63])))
        y = rng.randrange(2)
        boxes, h1, h2 = ev.decisions(mask, y, u)
        card = _card(rules, mask, u, y)
        for r in m.five_rolls + rng.sample(range(252), 30):
            dice = D.roll_dice(r)
            assert_same_choices(adv.planner, card, dice, boxes[r], h1[r], h2[r])
        checked += 1
    adv.close()


@pytest.mark.parametrize('port_form', ports(forms=(True, False)))
@pytest.mark.parametrize('kind', ['plain', 'packed', 'packed8'])
def test_full_advised_game_under_micropython(tables, kind, port_form):
    port, compiled = port_form
    done = run_micropython(REPO_ROOT / 'tests' / 'mpy' / 'check_advisor.py',
                           heapsize=ADVISOR_HEAP[port] if compiled else '256K',
                           compiled=compiled, port=port,
                           args=[os.path.abspath(tables['yahtzee'][kind])])
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert out.rstrip().endswith('advisor checks passed')
    fig = dict(re.findall(r'^(.+?) (-?\d+)$', out, re.M))
    assert int(fig['decisions']) == 39
    assert int(fig['table reads per turn max']) <= 44
    # plain: one seek a value; packed: a base per group, then one per live subtotal
    assert int(fig['table seeks per turn max']) <= (44 if kind == 'plain' else 2 * 44)
    assert int(fig['expected at start']) == 25459
    # the same game on CPython gives the same final score
    import subprocess
    import sys
    cp = subprocess.run([sys.executable, str(REPO_ROOT / 'tests' / 'mpy' / 'check_advisor.py'),
                         os.path.abspath(tables['yahtzee'][kind])],
                        capture_output=True, text=True, cwd=str(REPO_ROOT),
                        env=dict(os.environ, PYTHONPATH=str(REPO_ROOT)))
    if cp.returncode == 0:   # CPython has no gc.mem_alloc: only compare when it ran
        assert re.search(r'^final score (\d+)$', cp.stdout, re.M).group(1) == fig['final score']


@pytest.mark.skipif(not circuitpython_available(), reason=CIRCUITPYTHON_MISSING)
def test_packed_table_game_on_32bit_circuitpython(tables):
    """What the Pico runs: plain .py sources on 32-bit CircuitPython (small ints below
    2**30) reading the 8-bit packed table; the same game as on MicroPython."""
    path = os.path.abspath(tables['yahtzee']['packed8'])
    done = run_micropython(REPO_ROOT / 'tests' / 'mpy' / 'check_advisor.py', heapsize='128K',
                           compiled=False, port='circuitpython', args=[path], timeout=300)
    assert done.returncode == 0 and 'advisor checks passed' in done.stdout, \
        done.stdout + done.stderr
    ref = run_micropython(REPO_ROOT / 'tests' / 'mpy' / 'check_advisor.py',
                          heapsize=ADVISOR_HEAP['micropython'], compiled=True, args=[path])
    final = re.compile(r'^final score (\d+)$', re.M)
    assert final.search(done.stdout).group(1) == final.search(ref.stdout).group(1)
    assert int(re.search(r'^table seeks per turn max (\d+)$', done.stdout, re.M).group(1)) <= 88


def _sampled_states(m, rng, n, filled_at_least=0):
    out = []
    while len(out) < n:
        mask, u, y = _random_state(m, rng)
        if bin(mask).count('1') >= filled_at_least:
            out.append((mask, u, y))
    return out


def test_kismet_tables_keep_subtotals_to_78():
    """Kismet's tiered bonus (35/55/75 at 63/71/78) makes subtotals to 78 matter: the
    header's 64-subtotal bitmaps are continued after it (AT_U_WIDER), and every
    format reads, state by state, what the writer stored (subtotals past 63 and
    states settled past a tier included)."""
    from yahtzee_core import advisor as fmt
    m = RulesModel('kismet')
    paths = st.ensure_tables('kismet', TABLES)
    assert set(paths) == set(st.FORMATS)
    rules = yc.ruleset('kismet')
    _, plain = st.read_plain(paths['plain'])
    assert len(plain) == m.n_states() == 1543680
    assert os.path.getsize(paths['plain']) == st.HEADER + 256 + 2 * len(plain)
    rng = random.Random(27)
    states = _sampled_states(m, rng, 600)
    states += [(mask, u, 0) for mask, u, _ in states if mask & 63 != 63
               for u in m.upper_sets[mask & 63] if u >= 60][:400]
    assert max(u for _, u, _ in states) == 78
    for kind, path in paths.items():
        data = open(path, 'rb').read(st.HEADER)
        assert data[fmt._AT_U_WIDER] == 2            # subtotals 64..79: 2 more bytes
        head, decoded = st.read_table(path, m)
        tv = TableValues(rules, path)
        for mask, u, y in states:
            k = st.table_index(m, mask, u, y)
            if kind == 'plain':
                assert tv.index(mask, u, y) == k
            assert tv.value(mask, u, y) == decoded[k], (kind, mask, u, y)
        tv.close()
        err = abs(decoded.astype(int) - plain.astype(int)).max()
        assert err <= head['step'] // 2, kind
    # with tiers a subtotal is settled only once no further tier is reachable: with
    # only the aces open (at most 5 more), 58, 66 and 73 can still reach 63, 71 and 78;
    # 57, 63 (paid 35, 71 out of reach), 65 and 78 cannot
    um = 63 ^ 1
    live = dict(zip(m.upper_sets[um].tolist(), st.live_upper(m, um).tolist()))
    assert live[58] and not live[57] and live[66] and not live[65] and live[73]
    assert not live[63] and not live[78]


def test_generala_table_plays_the_served_stand_optimally():
    """Generala's table played by the advisor's planner, which values standing on the
    first roll (score served, +5) against every hold: the exact expected score of
    those decisions (PolicyEvaluator replays them, stands included) is the solver's
    optimum, and the evaluator stands and scores exactly where the planner and the
    perfect bot do."""
    from yahtzee_core.bots import make_bot
    from tools.solver import Solver
    m = RulesModel('generala')
    path = st.ensure_tables('generala', TABLES)['plain']
    _, q = st.read_plain(path)
    ev = PolicyEvaluator(m, guide=guide_from_table(m, q)).run()
    optimum = Solver(m).solve().expected_score
    assert abs(ev.expected_score - 162.4695) < 0.0001
    assert optimum - 0.0001 < ev.expected_score <= optimum + 1e-6
    adv = Advisor('generala', path)
    bot = make_bot('perfect', 'generala', table_path=path)
    assert not bot.fallback
    rules = adv.rules
    rng = random.Random(31)
    stands = 0
    for mask, u, y in _sampled_states(m, rng, 8):
        boxes, h1, h2 = ev.decisions(mask, y, u)
        served = ev.served_boxes[:, 0]
        card = _card(rules, mask, u, y)
        for r in rng.sample(range(252), 60):
            dice = D.roll_dice(r)
            assert_same_choices(adv.planner, card, dice, boxes[r], h1[r], h2[r])
            if h2[r] == adv.planner.base5 + r:           # it stands on the first roll
                stands += 1
                assert all(bot.choose_hold(card, dice, 2))
                assert bot.choose_box(card, dice) == served[r]
    assert stands > 20
    adv.close()
    bot.close()


def test_kismet_advice_is_what_the_evaluator_replays():
    """Kismet's tiers as the device plays them from its table: in late states (any
    subtotal, tiers open or crossed) the advisor and the evaluator (which scores
    Kismet's table at 315.02401, optimum 315.02403: docs/STRATEGY.md) choose the same
    holds and boxes, and the policy's values there are within 0.01 of the solver's."""
    from tools.solver import Solver
    m = RulesModel('kismet')
    path = st.ensure_tables('kismet', TABLES)['plain']
    _, q = st.read_plain(path)
    ev = PolicyEvaluator(m, guide=guide_from_table(m, q)).run(down_to=m.n_boxes - 3)
    solver = Solver(m).solve(down_to=m.n_boxes - 3)
    adv = Advisor('kismet', path)
    rules = adv.rules
    rng = random.Random(37)
    for mask, u, y in _sampled_states(m, rng, 8, filled_at_least=m.n_boxes - 3):
        assert abs(ev.W[m.vidx(mask, y, u)] - solver.value(mask, y, u)) < 0.01
        boxes, h1, h2 = ev.decisions(mask, y, u)
        card = _card(rules, mask, u, y)
        for r in rng.sample(range(252), 40):
            dice = D.roll_dice(r)
            assert_same_choices(adv.planner, card, dice, boxes[r], h1[r], h2[r])
    adv.close()


@pytest.mark.parametrize('port', ports())
@pytest.mark.parametrize('name,kind', [('generala', 'plain'), ('kismet', 'packed8'),
                                       ('crag', 'plain')])
def test_new_rulesets_advised_game_on_the_interpreters(name, kind, port):
    """Generala's table, Kismet's (subtotals past 63 read from the header's wider
    bitmaps) and Crag's (three dice, small_planner) on the board interpreters,
    compiled, within the advisor's heap budget: the same game as on CPython, from the
    solver's optimum."""
    import subprocess
    import sys
    path = os.path.abspath(st.ensure_tables(name, TABLES)[kind])
    script = REPO_ROOT / 'tests' / 'mpy' / 'check_advisor.py'
    heap = (ADVISOR_HEAP_CRAG if name == 'crag' else ADVISOR_HEAP)[port]
    done = run_micropython(script, heapsize=heap, compiled=True, port=port,
                           args=[path, name])
    assert done.returncode == 0, done.stdout + done.stderr
    fig = dict(re.findall(r'^(.+?) (-?\d+)$', done.stdout, re.M))
    if name == 'crag':
        from tools.solver import solve_small
        assert int(fig['expected at start']) == round(100 * solve_small(name).expected_score)
        assert int(fig['table reads per turn max']) <= 44
    else:
        assert int(fig['expected at start']) == {'generala': 16247, 'kismet': 31502}[name]
    rules = yc.ruleset(name)
    assert int(fig['decisions']) == rules.turn_rolls * rules.rounds
    cp = subprocess.run([sys.executable, str(script), path, name], capture_output=True,
                        text=True, cwd=str(REPO_ROOT),
                        env=dict(os.environ, PYTHONPATH=str(REPO_ROOT)))
    final = re.search(r'^final score (\d+)$', cp.stdout, re.M)
    if final:   # CPython has no gc.mem_alloc: only compare when it ran
        assert final.group(1) == fig['final score']


@pytest.mark.parametrize('name', [n for n in yc.RULESETS if not yc.ruleset(n).hands])
def test_the_hints_rank_exactly_the_boxes_the_card_lets_the_dice_fill(name):
    """A hint never proposes a box the game refuses: at every roll of random games
    (Yamb announced or not, Jokers, Balut's cells, Triple Yahtzee's columns) the
    boxes ranked are the game's options, and the best one fills without IllegalMove.
    (Poker Dice's hint is its round's box: ui/families/poker/card.py.)"""
    from save_fuzz import dice_source, random_step
    from yahtzee_core.ranking import Hints
    rng = random.Random(name)
    hints = Hints(name, None)
    checked = 0
    for players in (1, 2):
        game = yc.Game(name, players, dice_source(rng, 0.6))
        while not game.over:
            if game.rolled:
                first = game.rules.turn_rolls - game.rolls_left
                ranked = hints.box_options(game.card, game.dice, first)
                names = set(game.rules.categories[b] for _, b in ranked)
                assert names == set(game.options()), (game.round, list(game.card.scores))
                checked += 1
                if ranked and rng.random() < 0.3:
                    game.fill(ranked[0][1])
                    continue
            random_step(game, rng)
    assert checked >= 10
