"""yahtzee_core.odds.chase against a brute force written here, plus properties; Crag's
odds_small and Maxi Yatzy's odds_six (six dice, also on MicroPython and 32-bit
CircuitPython) against brute forces of their own.

The brute force walks every ordered outcome of the dice rolled (7776 for a full roll)
at each stage, with the box outcomes taken from reference_scoring (independent of the
core's tables) and exact values kept as integers over 7776**stage; nothing of the
core's sweep, child table or hold arithmetic is used (only dice.hold_index, to name
the tie rule "lowest hold index").
"""
import os
import subprocess
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference_scoring as ref
import yahtzee_core as yc
from mpy_util import REPO_ROOT, run_micropython
from yahtzee_core.dice import hold_index
from yahtzee_core.odds import chase

ROLLS = list(combinations_with_replacement(range(1, 7), 5))
SETTINGS = settings(max_examples=60, deadline=None, derandomize=True)


def outcome(name, box, dice):
    """(made, points) of one final roll, by the words of the rules: the requirement met
    (an upper box: three or more of its face; Chance: always), and the points, with five
    of a kind a Joker for full house and straights where the ruleset has a Joker."""
    points = ref.plain_score(name, dice, box)
    five = len(set(dice)) == 1
    if ref.JOKER_POLICY[name] != "none" and five and box in ref.JOKER_FIXED:
        return 1, ref.JOKER_FIXED[box]
    face = ref.upper_face(name, box)
    if face is not None:
        return int(list(dice).count(face) >= 3), points
    if box in ("chance", "choice"):
        return 1, points
    return int(points > 0), points


class Brute:
    """Exact values of one box and aim: stage[s][roll] = (made, points) numerators over
    7776**s with s rolls still to come, the roll's best hold taken."""

    def __init__(self, name, box, aim):
        self.first = 0 if aim == "make" else 1   # which figure the policy maximises
        final = {roll: outcome(name, box, roll) for roll in ROLLS}
        self.stage = [final]
        for _ in range(2):
            self.stage.append({roll: self.best(roll, len(self.stage))[0] for roll in ROLLS})

    def key(self, value):
        return (value[self.first], value[1 - self.first])

    @lru_cache(maxsize=None)
    def hold_value(self, kept, rolls_left):
        """Sum over every ordered outcome of the dice not kept, times 6**len(kept):
        the hold's expectation over 7776**rolls_left."""
        values = self.stage[rolls_left - 1]
        made = points = 0
        for rolled in product(range(1, 7), repeat=5 - len(kept)):
            m, p = values[tuple(sorted(kept + rolled))]
            made += m
            points += p
        scale = 6 ** len(kept)
        return made * scale, points * scale

    def best(self, roll, rolls_left):
        """(value, kept): the best hold of a roll; ties to the lowest hold index."""
        holds = {tuple(sorted(c)) for k in range(6) for c in combinations(roll, k)}
        return max(((self.hold_value(h, rolls_left), h) for h in holds),
                   key=lambda vh: (self.key(vh[0]), -hold_index(vh[1])))

    def fresh(self):
        """Before the first roll: every one of the 7776 ordered first rolls."""
        made = points = 0
        for roll in product(range(1, 7), repeat=5):
            m, p = self.stage[2][tuple(sorted(roll))]
            made += m
            points += p
        return made, points


def rounded(num, den):
    """Half up, by integers."""
    return (2 * num + den) // (2 * den)


@lru_cache(maxsize=None)
def brute(name, box, aim):
    return Brute(name, box, aim)


def expected(name, box, aim, dice=None, rolls_left=3):
    b = brute(name, box, aim)
    if dice is None:
        (made, points), keep, den = b.fresh(), None, 7776 ** 3
    elif rolls_left == 0:
        (made, points), keep, den = b.stage[0][tuple(sorted(dice))], tuple(sorted(dice)), 1
    else:
        (made, points), keep = b.best(tuple(sorted(dice)), rolls_left)
        den = 7776 ** rolls_left
    return rounded(10000 * made, den), rounded(100 * points, den), keep


CASES = [(name, box) for name in ("yahtzee", "yatzy", "yacht")
         for box in yc.ruleset(name).categories]


@pytest.mark.parametrize("aim", ["make", "points"])
@pytest.mark.parametrize("name, box", CASES)
def test_matches_brute_force_from_scratch_and_with_dice(name, box, aim):
    rules = yc.ruleset(name)
    assert chase(rules, box, aim=aim) == expected(name, box, aim)
    # a spread of rolls at each stage (every 7th roll: all kinds of shapes)
    for dice in ROLLS[::7]:
        shuffled = dice[2:] + dice[:2]   # order of the dice showing must not matter
        for rolls_left in (0, 1, 2):
            assert chase(rules, box, shuffled, rolls_left, aim) == \
                expected(name, box, aim, dice, rolls_left), (dice, rolls_left)


def test_published_figures():
    """Yahtzee in three rolls, playing for it: 2,783,176 / 60,466,176 = 4.60%
    (the figure quoted for the optimal chase, e.g. Verhoeff's Yahtzee pages); one
    face's expected count from scratch 5 * (1 - (5/6)**3) = 2.106; Chance 23.33."""
    rules = yc.ruleset("yahtzee")
    assert chase(rules, "yahtzee")[0] == rounded(10000 * 2783176, 60466176) == 460
    assert chase(rules, "aces")[1] == rounded(100 * 5 * (6 ** 3 - 5 ** 3), 6 ** 3) == 211
    assert chase(rules, "chance", aim="points")[1] == 2333


def test_joker_rulesets_share_the_odds_and_only_they_count_five_alike():
    base = yc.ruleset("yahtzee")
    for name in ("yahtzee-free-joker", "yahtzee-1956"):
        rules = yc.ruleset(name)
        for box in rules.categories:
            assert chase(rules, box) == chase(base, box)
    # five sixes with no roll left: a Joker full house in Yahtzee, nothing in Yatzy
    assert chase(base, "full_house", (6, 6, 6, 6, 6), 0) == (10000, 2500, (6,) * 5)
    assert chase(base, "large_straight", (2, 2, 2, 2, 2), 0) == (10000, 4000, (2,) * 5)
    assert chase(yc.ruleset("yatzy"), "full_house", (6, 6, 6, 6, 6), 0)[:2] == (0, 0)


dice5 = st.lists(st.integers(1, 6), min_size=5, max_size=5)
FIVE_DICE = tuple(n for n in ref.CARD_RULESETS if n not in ref.DICE)   # the odds' rulesets


@SETTINGS
@given(name=st.sampled_from(FIVE_DICE), box=st.integers(0, 14), dice=dice5,
       rolls_left=st.integers(0, 2))
def test_properties(name, box, dice, rolls_left):
    rules = yc.ruleset(name)
    box %= rules.n_boxes
    make = chase(rules, box, dice, rolls_left, "make")
    points = chase(rules, box, dice, rolls_left, "points")
    assert 0 <= points[0] <= make[0] <= 10000       # 'make' has the best chance
    top = max(rules.score_roll(r, box) for r in range(252))   # the most the box scores
    assert 0 <= make[1] <= points[1] <= 100 * top   # 'points' has the best expectation
    for keep in (make[2], points[2]):
        rest = list(dice)
        for d in keep:
            rest.remove(d)                           # keep is taken from the dice showing
        assert list(keep) == sorted(keep)
    # one more roll never hurts the aim (the hold of all five dice is always there)
    if rolls_left < 2:
        assert chase(rules, box, dice, rolls_left + 1, "make")[0] >= make[0]
        assert chase(rules, box, dice, rolls_left + 1, "points")[1] >= points[1]
    # the game's own dice (a bytearray) in any order give the same answer
    assert chase(rules, box, bytearray(reversed(dice)), rolls_left, "make") == make
    if rolls_left == 0:
        made_points = rules.score(dice, box)
        assert make[1] == points[1] >= 100 * made_points
        assert make[2] == tuple(sorted(dice))


def test_bad_arguments_raise_clear_errors():
    rules = yc.ruleset("yahtzee")
    with pytest.raises(yc.IllegalMove):
        chase(rules, "no_such_box")
    with pytest.raises(ValueError, match="aim"):
        chase(rules, "chance", aim="win")
    with pytest.raises(ValueError, match="3 rolls"):
        chase(rules, "chance", None, 2)
    with pytest.raises(yc.IllegalMove):
        chase(rules, "chance", (1, 2, 3, 4, 7), 1)
    with pytest.raises(yc.IllegalMove):
        chase(rules, "chance", (1, 2, 3, 4, 5), 3)


# -- on real interpreters: tests/mpy/check_odds.py prints cases, the brute force judges --
CHECK_ODDS = REPO_ROOT / "tests" / "mpy" / "check_odds.py"
# CircuitPython's 32-bit interpreter, when the machine has it (a user's clone has not).
CIRCUITPY = REPO_ROOT.parent / "shared" / "circuitpython" / "circuitpython-10.2.1-unix32"


def check_output(out, name):
    """Every 'odds' line against the brute force; returns the 'mem' figures."""
    assert out.rstrip().endswith("odds checks passed"), out[-2000:]
    cases = 0
    for line in out.splitlines():
        if not line.startswith("odds ") or "->" not in line:
            continue
        _, box, aim, dice, rolls_left, _, chance, points, keep = line.split()
        dice = None if dice == "-" else tuple(int(c) for c in dice)
        keep = None if keep == "-" else tuple(int(c) for c in keep.strip("."))
        assert (int(chance), int(points), keep) == \
            expected(name, box, aim, dice, int(rolls_left)), line
        cases += 1
    boxes = len(yc.ruleset(name).categories)
    assert cases == boxes * 2 * (1 + 6 * 3)   # every 50th of the 252 rolls, 2/1/0 left
    return {tuple(line.split()[:-1]): int(line.split()[-1])
            for line in out.splitlines() if line.startswith("mem ")}


@pytest.mark.parametrize("name", ["yahtzee", "yatzy", "yacht"])
def test_micropython_agrees_with_the_brute_force(name):
    done = run_micropython(CHECK_ODDS, heapsize="64K", args=[name, "50"])
    assert done.returncode == 0, done.stdout[-1000:] + done.stderr
    check_output(done.stdout, name)


@pytest.mark.skipif(not CIRCUITPY.exists(),
                    reason="no CircuitPython 32-bit interpreter at ../shared/circuitpython")
@pytest.mark.parametrize("name", ["yahtzee", "yatzy"])
def test_circuitpython_32bit_agrees_and_stays_in_small_ints(name):
    env = dict(os.environ, MICROPYPATH=str(REPO_ROOT))
    done = subprocess.run([str(CIRCUITPY), "-X", "heapsize=64K", str(CHECK_ODDS), name, "50"],
                          capture_output=True, text=True, env=env, cwd=str(REPO_ROOT),
                          timeout=120)
    assert done.returncode == 0, done.stdout[-1000:] + done.stderr
    mem = check_output(done.stdout, name)
    # A long int would leave tens of KB of garbage per call (one allocation per step);
    # what remains is the result and keep tuples.
    garbage = [v for k, v in mem.items() if k[:4] == ("mem", "garbage", "per", "chase")]
    assert len(garbage) == 6 and max(garbage) < 1024, mem


def test_the_hold_tables_match_holds_listed_here():
    """odds._tables() (generated by index arithmetic) against holds built here from
    sorted tuples in colex order, not from dice.py's ranking: children, parents, ways."""
    from itertools import combinations_with_replacement
    from yahtzee_core import odds
    odds._work = None
    ch, ways, made, hi, lo, upper = odds._tables()
    holds = [()]
    for k in range(1, 6):
        holds += sorted(combinations_with_replacement(range(1, 7), k),
                        key=lambda d: d[::-1])   # colex within a size
    index = dict((d, i) for i, d in enumerate(holds))
    assert [hold_index(d) for d in holds] == list(range(462))
    for h, d in enumerate(holds[:210]):
        for f in range(1, 7):   # a byte: a hold of four's child is its roll (210 less)
            assert ch[f - 1][h] + (210 if len(d) == 4 else 0) == index[tuple(sorted(d + (f,)))]
    parent = upper[2]
    if len(parent) > 462:   # odds_tables.PARENT as it is in flash: two bytes a hold
        from array import array
        parent = array('H', parent)
    for h, d in enumerate(holds[1:], 1):
        assert upper[1][h] == d[-1] and parent[h] == index[d[:-1]]
    for r, d in enumerate(holds[210:]):
        w = 120
        for f in set(d):
            for k in range(2, d.count(f) + 1):
                w //= k
        assert ways[r] == w, d


def test_upper_boxes_read_from_the_ones_box_agree_with_their_own_sweep():
    """With 2 rolls left an upper box takes the Ones box's figures, faces swapped:
    true in every ruleset since each upper box scores its
    face times its count with no Joker; and for every roll the same answer as the
    general sweep gives (the shortcut switched off)."""
    from yahtzee_core import odds
    for name in FIVE_DICE:
        rules = yc.ruleset(name)
        if not rules.n_upper:       # Balut: Fours to Sixes have goals, no upper section
            continue
        assert rules.n_upper == 6
        for b in range(6):
            assert not (rules.joker_points and rules.joker_points[b]), name
            for dice in ROLLS:
                assert rules.score(dice, b) == (b + 1) * dice.count(b + 1), (name, b, dice)
    rules = yc.ruleset("yahtzee")
    # odds.chase, not this module's chase: another test may have unloaded the module
    # (rules.forget), and its tables are the ones looked at here
    odds.chase(rules, 0, (1, 1, 1, 1, 1), 2)
    with_table = [odds.chase(rules, b, d[::-1], 2) for b in range(6) for d in ROLLS]
    work = odds._work
    assert work[5][0] is not None     # the Ones figures were in use
    try:
        odds._work = work[:5] + (None,)
        plain = [odds.chase(rules, b, d[::-1], 2) for b in range(6) for d in ROLLS]
    finally:
        odds._work = work
    assert with_table == plain


def test_odds_in_a_level_good_planners_array_keep_no_ones_figures_and_agree():
    """Level good's planner lends its one array (odds.lend): the upper boxes are then
    worked out in full (no Ones figures kept), with the same figures."""
    from yahtzee_core import odds, bots
    rules = yc.ruleset("triple-yahtzee")
    cases = [(b, d, left) for b in (0, 3, 5, 6, 12, 18, 38)
             for d, left in (((1, 1, 3, 4, 6), 2), ((2, 5, 5, 5, 6), 2), ((6, 6, 2, 3, 3), 1))]
    odds.lend()
    own = [odds.chase(rules, b, d, left) for b, d, left in cases]
    assert odds._work[5][0] is not None
    planner = bots.make_bot('good', rules).planner
    odds.lend(planner)
    try:
        lent = [odds.chase(rules, b, d, left) for b, d, left in cases]
        assert odds._work[2] is planner.x and odds._work[5] is None
    finally:
        odds.lend()
    assert lent == own


# -- Kismet's and Generala's own boxes, Triple Yahtzee's columns ----------------------
def core_outcome(rules, b, dice):
    """(made, points) of one final roll from the core's own plain scores (these
    rulesets have no Joker): an upper box made with three of its face, Yarborough
    always, any other box when it scores."""
    points = rules.score(dice, b)
    if b < rules.n_upper:
        return int(list(dice).count(b + 1) >= 3), points
    if rules.categories[b] == "yarborough":
        return 1, points
    return int(points > 0), points


class CoreBrute(Brute):
    """The brute force above over the core's plain scores: it checks chase's sweeps and
    its handling of scores beyond Yahtzee's (Kismet's sums + 50, Generala's 100)."""

    def __init__(self, rules, b, aim):
        self.first = 0 if aim == "make" else 1
        self.stage = [{roll: core_outcome(rules, b, roll) for roll in ROLLS}]
        for _ in range(2):
            self.stage.append({roll: self.best(roll, len(self.stage))[0] for roll in ROLLS})


def core_expected(brute_, dice=None, rolls_left=3):
    if dice is None:
        (made, points), keep, den = brute_.fresh(), None, 7776 ** 3
    elif rolls_left == 0:
        (made, points), keep, den = brute_.stage[0][tuple(sorted(dice))], tuple(sorted(dice)), 1
    else:
        (made, points), keep = brute_.best(tuple(sorted(dice)), rolls_left)
        den = 7776 ** rolls_left
    return rounded(10000 * made, den), rounded(100 * points, den), keep


@pytest.mark.parametrize("name, box", [
    ("kismet", "kismet"), ("kismet", "full_house_same_colour"), ("kismet", "flush"),
    ("kismet", "two_pair_same_colour"), ("kismet", "four_of_a_kind"), ("kismet", "treys"),
    ("generala", "double_generala"), ("generala", "straight"), ("generala", "four_of_a_kind"),
])
def test_new_rulesets_boxes_match_the_brute_force(name, box):
    rules = yc.ruleset(name)
    b = rules.box_index(box)
    for aim in ("make", "points"):
        brute_ = CoreBrute(rules, b, aim)
        assert chase(rules, b, aim=aim) == core_expected(brute_)
        for dice in ROLLS[::23]:
            for rolls_left in (0, 1, 2):
                assert chase(rules, b, dice, rolls_left, aim) == \
                    core_expected(brute_, dice, rolls_left), (dice, rolls_left, aim)


def test_kniffel_and_triple_yahtzee_have_yahtzees_odds_and_columns_multiply_the_points():
    base = yc.ruleset("yahtzee")
    kniffel = yc.ruleset("kniffel")
    triple = yc.ruleset("triple-yahtzee")
    for b in range(13):
        assert chase(kniffel, b) == chase(base, b)
        plain = chase(base, b)
        for column in range(3):
            assert chase(triple, 13 * column + b) == (plain[0], (column + 1) * plain[1], None)
        for dice in ((6, 6, 6, 6, 6), (1, 2, 3, 4, 6), (2, 2, 5, 5, 5)):
            for rolls_left in (0, 1, 2):
                one = chase(base, b, dice, rolls_left, "points")
                assert chase(triple, 26 + b, dice, rolls_left, "points") == \
                    (one[0], 3 * one[1], one[2])
    # by name too, and with no roll left the points are the box's multiplied score
    assert chase(triple, "full_house_3", (2, 2, 3, 3, 3), 0) == (10000, 7500, (2, 2, 3, 3, 3))
    with pytest.raises(yc.IllegalMove):
        chase(triple, 39)


# --------------------------------------------------- Crag: three dice, two rolls a turn
# (odds.py is for five dice; the Odds screen takes fewer dice to odds_small.py)
from yahtzee_core.odds_small import chase as small_chase  # noqa: E402
def crag_outcome(box, dice):
    """(made, points) of a final roll of three dice, from reference_scoring's words:
    an upper box is made with three of its face, any other when it scores."""
    points = ref.plain_score("crag", dice, box)
    face = ref.upper_face("crag", box)
    if face is not None:
        return int(list(dice).count(face) >= 3), points
    return int(points > 0), points


def crag_brute(box, aim, dice, rolls_left):
    """(chance, points) as exact Fractions and the sorted dice kept, by brute force over
    ordered dice: with a roll to come every subset of the dice positions is tried
    (2**3 holds), each rerolled die over its 6 faces; the first roll over all 6**3
    ordered rolls. Ties: the lowest hold index (odds.py's rule)."""
    from fractions import Fraction
    first = 0 if aim == "make" else 1
    seen = {}

    def value(d, left):
        d = tuple(sorted(d))
        if (d, left) not in seen:
            seen[d, left] = worked(d, left)
        return seen[d, left]

    def worked(d, left):
        if left == 0:
            m, p = crag_outcome(box, d)
            return (Fraction(m), Fraction(p)), tuple(sorted(d))
        best = None
        for mask in range(8):
            kept = [d[i] for i in range(3) if mask >> i & 1]
            total_m = total_p = Fraction(0)
            outcomes = list(product(range(1, 7), repeat=3 - len(kept)))
            for new in outcomes:
                (m, p), _ = value(tuple(kept) + new, left - 1)
                total_m += m
                total_p += p
            v = (total_m / len(outcomes), total_p / len(outcomes))
            key = (v[first], v[1 - first], -hold_index(sorted(kept)))
            if best is None or key > best[0]:
                best = (key, v, tuple(sorted(kept)))
        return best[1], best[2]

    if dice is not None:
        return value(dice, rolls_left)
    total_m = total_p = Fraction(0)
    for d in product(range(1, 7), repeat=3):
        (m, p), _ = value(d, 1)
        total_m += m
        total_p += p
    return (total_m / 216, total_p / 216), None


def rounded_half_up(f, unit):
    """A Fraction in units of 1/unit, rounded half up."""
    from fractions import Fraction
    v = f * unit + Fraction(1, 2)
    return v.numerator // v.denominator


@pytest.mark.parametrize("box", ref.CRAG_BOXES)
def test_crag_fresh_turn_odds_match_the_brute_force(box):
    rules = yc.ruleset("crag")
    (m, p), _ = crag_brute(box, "make", None, 2)
    assert small_chase(rules, box, None, 2) == (rounded_half_up(m, 10000), rounded_half_up(p, 100), None)


def test_crag_odds_with_dice_showing_match_the_brute_force():
    """Every box, both aims, a sample of rolls with one roll left and none."""
    rules = yc.ruleset("crag")
    for box in ref.CRAG_BOXES:
        for aim in ("make", "points"):
            for dice in ((6, 6, 1), (2, 3, 4), (5, 1, 5), (1, 3, 6), (4, 4, 4)):
                for left in (1, 0):
                    (m, p), keep = crag_brute(box, aim, dice, left)
                    assert small_chase(rules, box, dice, left, aim) == \
                        (rounded_half_up(m, 10000), rounded_half_up(p, 100), keep), (box, aim, dice, left)


def test_crag_known_odds():
    """Figures worked by hand: a crag from 6-6-2 with one roll: keep 6-6 and roll a 1,
    1/6 (no other hold can make one); 2-2-5 for three of a kind: keep 2-2, 1/6; the
    three dice of a Low straight from nothing kept in one roll: 3! of 216; 6-6-1 is a
    crag already."""
    rules = yc.ruleset("crag")
    assert small_chase(rules, "crag", (6, 6, 2), 1) == (1667, 833, (6, 6))
    assert small_chase(rules, "crag", (6, 6, 1), 1) == (10000, 5000, (1, 6, 6))
    assert small_chase(rules, "three_of_a_kind", (2, 2, 5), 1) == (1667, 417, (2, 2))
    assert small_chase(rules, "three_of_a_kind", (2, 2, 5), 0) == (0, 0, (2, 2, 5))
    assert small_chase(rules, "low_straight", (6, 6, 6), 1, "points") == (278, 56, ())
    assert small_chase(rules, "odd_straight", (1, 3, 5), 0) == (10000, 2000, (1, 3, 5))
    with pytest.raises(ValueError, match="2 rolls"):
        small_chase(rules, "crag", None, 3)
    with pytest.raises(yc.IllegalMove):
        small_chase(rules, "crag", (1, 2, 3, 4, 5), 1)        # five dice are no Crag roll
    with pytest.raises(yc.IllegalMove):
        small_chase(rules, "crag", (1, 2, 3), 2)              # a roll made: one left at most


# -- six dice (Maxi Yatzy): odds_six.py, exact in small-int digits ---------------------
from yahtzee_core.odds_six import chase as six_chase  # noqa: E402

SIX_ROLLS = list(combinations_with_replacement(range(1, 7), 6))


def maxi_outcome(box, dice):
    """(made, points) of a final roll of six dice, from reference_scoring's words: an
    upper box is made with four of its face (the bonus needs 84, four of each), any
    other when it scores, Chance always."""
    points = ref.plain_score("maxi-yatzy", dice, box)
    face = ref.upper_face("maxi-yatzy", box)
    if face is not None:
        return int(list(dice).count(face) >= 4), points
    if box == "chance":
        return 1, points
    return int(points > 0), points


class SixBrute:
    """Exact values (Fractions) of one box and aim, by multisets: a hold's value is
    the sum over the multisets of the dice rolled, each weighted by its chance
    (orderings / 6**k); stage[s][roll] the roll's best-hold value with s rolls to come.
    Nothing of odds_six's digits, sweeps or child table is used."""

    def __init__(self, box, aim):
        from fractions import Fraction
        from math import factorial
        self.first = 0 if aim == "make" else 1
        self.chances = {}
        for k in range(7):
            out = []
            for c in combinations_with_replacement(range(1, 7), k):
                w = factorial(k)
                for f in set(c):
                    w //= factorial(c.count(f))
                out.append((c, Fraction(w, 6 ** k)))
            self.chances[k] = out
        self.stage = [{r: tuple(Fraction(v) for v in maxi_outcome(box, r))
                       for r in SIX_ROLLS}]
        self.cache = {}

    def hold_value(self, kept, s):
        if (kept, s) not in self.cache:
            values = self.stage[s - 1]
            m = p = 0
            for c, w in self.chances[6 - len(kept)]:
                vm, vp = values[tuple(sorted(kept + c))]
                m += w * vm
                p += w * vp
            self.cache[kept, s] = (m, p)
        return self.cache[kept, s]

    def best(self, roll, s):
        holds = {tuple(sorted(c)) for k in range(7) for c in combinations(roll, k)}
        return max(((self.hold_value(h, s), h) for h in holds),
                   key=lambda vh: (vh[0][self.first], vh[0][1 - self.first],
                                   -hold_index(vh[1])))

    def upto(self, s):
        while len(self.stage) <= s:
            n = len(self.stage)
            self.stage.append({r: self.best(r, n)[0] for r in SIX_ROLLS})


@lru_cache(maxsize=None)
def six_brute(box, aim):
    return SixBrute(box, aim)


def six_expected(box, aim, dice, rolls_left):
    b = six_brute(box, aim)
    if dice is None:                # the first roll: the empty hold, two to come
        b.upto(2)
        (m, p), keep = b.hold_value((), 3), None
    elif rolls_left == 0:
        (m, p), keep = b.stage[0][tuple(sorted(dice))], tuple(sorted(dice))
    else:
        b.upto(rolls_left - 1)
        (m, p), keep = b.best(tuple(sorted(dice)), rolls_left)
    return rounded_half_up(m, 10000), rounded_half_up(p, 100), keep


@pytest.mark.parametrize("box", yc.ruleset("maxi-yatzy").categories)
def test_six_dice_fresh_turn_odds_match_the_brute_force(box):
    """Every box's figures before the first roll (what the Odds screen prints from
    ui/odds_fresh.py), aim 'make': the same as exact fractions give."""
    rules = yc.ruleset("maxi-yatzy")
    assert six_chase(rules, box) == six_expected(box, "make", None, 3)


def test_six_dice_odds_with_dice_showing_match_the_brute_force():
    """A spread of boxes, rolls and aims with 2, 1 and 0 rolls left (the dice in any
    order): chance, points and the dice to keep."""
    import random
    rules = yc.ruleset("maxi-yatzy")
    rng = random.Random(26)
    for _ in range(16):
        box = rng.choice(rules.categories)
        aim = rng.choice(("make", "points"))
        dice = list(rng.choice(SIX_ROLLS))
        rng.shuffle(dice)
        for left in (2, 1, 0):
            assert six_chase(rules, box, tuple(dice), left, aim) == \
                six_expected(box, aim, dice, left), (box, aim, dice, left)


@pytest.mark.parametrize("in_flash", [True, False])
def test_six_dice_child_table_matches_holds_built_from_sorted_dice(monkeypatch, in_flash):
    """odds_six's children (a byte a child past its level: read in flash, or built by
    child_tables.level_children) against each hold's dice with one die more, ranked
    by dice.hold_index."""
    from yahtzee_core import flash, odds_six
    from yahtzee_core.dice import hold_dice, HOLD_START
    monkeypatch.setattr(flash, "tables_in_flash", lambda: in_flash)
    odds_six.lend()
    ch = odds_six._children()
    odds_six.lend()
    starts = list(HOLD_START) + [462]

    def child(h, f):
        k = max(k for k in range(6) if starts[k] <= h)
        past = starts[k + 1] - starts[k]
        return h + past + ch[k][6 * (h - starts[k]) + f - 1]
    assert [child(h, f) for h in range(462) for f in range(1, 7)] == \
        [hold_index(tuple(sorted(hold_dice(h) + (f,)))) for h in range(462) for f in range(1, 7)]


def test_six_dice_known_odds():
    """Figures worked by hand: one roll for 1-2-3-4-5-6 from 1-2-3-3-5-6 (reroll a 3:
    a 4 in six); Chance from 1..6 keeps 4 5 6 (15 + 3 x 3.5); Maxi Yatzy made at once;
    an upper box needs four of its face."""
    rules = yc.ruleset("maxi-yatzy")
    assert six_chase(rules, "full_straight", (3, 1, 2, 3, 5, 6), 1) == \
        (1667, 350, (1, 2, 3, 5, 6))
    assert six_chase(rules, "chance", (1, 2, 3, 4, 5, 6), 1) == (10000, 2550, (4, 5, 6))
    assert six_chase(rules, "maxi_yatzy", (2,) * 6, 2) == (10000, 10000, (2,) * 6)
    assert six_chase(rules, "fours", (4, 4, 4, 1, 1, 1), 0)[0] == 0
    assert six_chase(rules, "fours", (4, 4, 4, 4, 1, 1), 0) == (10000, 1600, (1, 1, 4, 4, 4, 4))
    with pytest.raises(ValueError):
        six_chase(rules, "chance", None, 2)          # a fresh turn has all three rolls
    with pytest.raises(yc.IllegalMove):
        six_chase(rules, "chance", (1, 2, 3, 4, 5), 1)          # five dice
    with pytest.raises(yc.IllegalMove):
        six_chase(rules, "chance", (1, 2, 3, 4, 5, 6), 3)       # rolled: two left at most
    with pytest.raises(ValueError):
        six_chase(yc.ruleset("yahtzee"), "chance", (1, 2, 3, 4, 5), 1)


CHECK_ODDS_SIX = REPO_ROOT / "tests" / "mpy" / "check_odds_six.py"


def check_six_output(out):
    """Every 'odds' line of check_odds_six.py against the brute force; the garbage a
    call leaves."""
    assert out.rstrip().endswith("odds six checks passed"), out[-2000:]
    cases = 0
    for line in out.splitlines():
        if not line.startswith("odds ") or "->" not in line:
            continue
        _, box, aim, dice, rolls_left, _, chance, points, keep = line.split()
        dice = tuple(int(c) for c in dice)
        keep = tuple(int(c) for c in keep.strip("."))
        assert (int(chance), int(points), keep) == \
            six_expected(box, aim, dice, int(rolls_left)), line
        cases += 1
    assert cases == (20 + 3) * 6 * 3        # boxes and aims, every 77th roll, 2/1/0 left
    return int(out.split("mem garbage per chase ")[1].split()[0])


# every heap from 60K passes (MicroPython .mpy), from 68K (32-bit CircuitPython, plain
# .py: the board compiles odds_six.py when the Odds screen opens)
def test_six_dice_odds_on_micropython_agree_with_the_brute_force():
    done = run_micropython(CHECK_ODDS_SIX, heapsize="68K", args=["77"])
    assert done.returncode == 0, done.stdout[-1000:] + done.stderr
    check_six_output(done.stdout)


@pytest.mark.skipif(not CIRCUITPY.exists(),
                    reason="no CircuitPython 32-bit interpreter at ../shared/circuitpython")
def test_six_dice_odds_on_32bit_circuitpython_agree_and_stay_in_small_ints():
    env = dict(os.environ, MICROPYPATH=str(REPO_ROOT))
    done = subprocess.run([str(CIRCUITPY), "-X", "heapsize=76K", str(CHECK_ODDS_SIX), "77"],
                          capture_output=True, text=True, env=env, cwd=str(REPO_ROOT),
                          timeout=300)
    assert done.returncode == 0, done.stdout[-1000:] + done.stderr
    # a long int would leave a block behind at every step of the sums: thousands of
    # bytes a call; what remains is the result and the keep tuple
    assert check_six_output(done.stdout) < 1024
