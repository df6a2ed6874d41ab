"""Box scores of the core against the independent reference, for every roll and ruleset."""
import itertools

import pytest

import reference_scoring as ref
import yahtzee_core as yc
from yahtzee_core import dice as ydice

ALL_ORDERED_ROLLS = list(itertools.product(range(1, 7), repeat=5))  # 7776
ALL_SORTED_ROLLS = sorted(set(tuple(sorted(d)) for d in ALL_ORDERED_ROLLS))  # 252


def ordered_rolls(name):
    """Every ordered roll of the ruleset's dice (five; Crag three: 216)."""
    return list(itertools.product(range(1, 7), repeat=ref.DICE.get(name, 5)))


def sorted_rolls(name):
    """(roll index, sorted dice) of every roll, in the core's colex order (a roll of n
    dice is a hold of n dice: see yahtzee_core/dice.py)."""
    n = ref.DICE.get(name, 5)
    count = len(set(tuple(sorted(d)) for d in ordered_rolls(name)))   # 252; Crag 56
    return [(i, ydice.hold_dice(i + ydice.hold_index((1,) * n))) for i in range(count)]


def test_ruleset_registry_lists_every_ruleset():
    assert tuple(yc.RULESETS) == ref.RULESETS


def test_unknown_ruleset_raises_value_error_naming_it_and_the_choices():
    with pytest.raises(ValueError) as err:
        yc.ruleset("nope")
    message = str(err.value)
    assert "nope" in message
    assert "yatzy" in message and "yacht" in message, message


@pytest.mark.parametrize("name", ref.CARD_RULESETS)
def test_card_layout_matches_rules(name):
    rules = yc.ruleset(name)
    assert tuple(rules.categories) == ref.boxes(name)
    assert rules.n_upper == len(ref.upper_boxes(name))   # 6; Balut 0
    labels = rules.labels.split('|')  # one string on the ruleset: one object, not 13
    # one label per box; Triple Yahtzee's three columns share one column's labels,
    # Balut's four cells of a category its label
    assert len(labels) * rules.columns * rules.cells == len(rules.categories)
    assert all(label.strip() == label and label for label in labels)
    assert len(set(labels)) == len(labels)


@pytest.mark.parametrize("name", ref.CARD_RULESETS)
def test_every_ordered_roll_every_box_matches_reference(name):
    rules = yc.ruleset(name)
    expected_by_sorted = {
        d: [ref.plain_score(name, d, box) for box in ref.boxes(name)]
        for _, d in sorted_rolls(name)}
    mismatches = []
    for roll in ordered_rolls(name):
        expected = expected_by_sorted[tuple(sorted(roll))]
        for b, box in enumerate(rules.categories):
            by_name = rules.score(roll, box)
            by_index = rules.score(roll, b)
            if by_name != expected[b] or by_index != expected[b]:
                mismatches.append((roll, box, by_name, by_index, expected[b]))
    assert not mismatches, mismatches[:20]


@pytest.mark.parametrize("name", ref.CARD_RULESETS)
def test_score_accepts_list_tuple_and_bytearray(name):
    rules = yc.ruleset(name)
    for roll in [(6, 5, 4, 3, 2, 1), (1, 1, 1, 1, 1, 1), (3, 3, 5, 5, 5, 2), (2, 2, 4, 4, 1, 6)]:
        roll = roll[:rules.n_dice]
        for box in rules.categories:
            want = ref.plain_score(name, roll, box)
            assert rules.score(list(roll), box) == want
            assert rules.score(bytearray(roll), box) == want


@pytest.mark.parametrize("name", ref.CARD_RULESETS)
def test_one_table_of_face_counts_and_lower_boxes_indexed_by_roll_index(name):
    rules = yc.ruleset(name)
    table, at = rules._table, rules._at
    column = len(rules.kinds)   # the table's boxes: Triple Yahtzee's one column, Balut's
    #                             six faces and four more (its boxes map onto them)
    same = rules.cells == 1     # a card box b below `column` is the table's box b
    # the sizes docs/CORE.md gives: 756 bytes of face counts; below the upper six, 32
    # bytes (a bit per roll) for a box scoring a fixed amount or the sum, else 252
    # (Crag's 56 rolls: 168 bytes of counts, 8 bytes of bits)
    rolls = sorted_rolls(name)
    n = len(rolls)
    bits = sum(1 for b in range(6, column) if at[b] < 0)
    assert len(table) == 3 * n + (column - 6 - bits) * n + (n // 8 + 1) * bits
    for i, dice in rolls:
        for f in range(1, 7):
            assert table[3 * i + (f - 1) // 2] >> (4 * (1 - f % 2)) & 15 == dice.count(f)
        assert rules._five_alike(i) == (dice[0] if dice.count(dice[0]) == len(dice) else 0)
    for b, box in enumerate(rules.categories):
        values = set()
        for i, dice in rolls:
            want = ref.plain_score(name, dice, box)
            values.add(want)
            if same and 6 <= b < column and at[b] >= 0:
                assert table[at[b] + i] == want, (box, dice)
            assert rules.score_roll(i, b) == want
            assert rules.score_roll(i, rules.box_index(box)) == want
        if same and 6 <= b < column and at[b] < 0 and ~at[b] >> 12 < 128:  # one amount or 0
            assert values == {0, ~at[b] >> 12}, box


def test_binomial_literal_is_pascals_triangle():
    from math import comb
    from yahtzee_core import dice
    assert len(dice._BINOM) == 77
    assert [dice._BINOM[n * 7 + k] for n in range(11) for k in range(7)] == \
        [comb(n, k) for n in range(11) for k in range(7)]


def test_roll_index_is_a_bijection_on_unordered_rolls():
    assert ydice.N_ROLLS == 252 == len(ALL_SORTED_ROLLS)
    seen = {}
    for roll in ALL_ORDERED_ROLLS:
        i = ydice.roll_index(roll)
        assert 0 <= i < 252
        key = tuple(sorted(roll))
        assert seen.setdefault(key, i) == i, "order of the dice changed the index"
        assert ydice.roll_index(list(roll)) == i
        assert ydice.roll_index(bytearray(roll)) == i
    assert sorted(seen.values()) == list(range(252))
    for i in range(252):
        d = ydice.roll_dice(i)
        assert isinstance(d, tuple) and len(d) == 5
        assert list(d) == sorted(d) and all(1 <= x <= 6 for x in d)
        assert ydice.roll_index(d) == i


def test_hold_index_is_a_bijection_on_holds_of_zero_to_five_dice():
    assert ydice.N_HOLDS == 462
    seen = {}
    for k in range(6):
        for kept in itertools.product(range(1, 7), repeat=k):
            i = ydice.hold_index(kept)
            assert 0 <= i < 462
            key = tuple(sorted(kept))
            assert seen.setdefault(key, i) == i, "order of the kept dice changed the index"
            assert ydice.hold_index(list(kept)) == i
    assert len(seen) == 462
    assert sorted(seen.values()) == list(range(462))
    for key, i in seen.items():
        assert tuple(ydice.hold_dice(i)) == key


def test_rules_md_yatzy_examples():
    yatzy = yc.ruleset("yatzy")
    assert yatzy.score((5, 5, 4, 4, 1), "one_pair") == 10
    assert yatzy.score((5, 5, 4, 4, 1), "two_pairs") == 18
    sixes = (6, 6, 6, 6, 6)
    expected = {"one_pair": 12, "three_of_a_kind": 18, "four_of_a_kind": 24,
                "sixes": 30, "chance": 30, "two_pairs": 0, "full_house": 0,
                "small_straight": 0, "large_straight": 0, "yatzy": 50}
    for box, points in expected.items():
        assert yatzy.score(sixes, box) == points, box


def test_rules_md_yahtzee_facts():
    rules = yc.ruleset("yahtzee")
    # a natural five-of-a-kind is not a full house
    assert rules.score((4, 4, 4, 4, 4), "full_house") == 0
    assert rules.score((4, 4, 4, 2, 2), "full_house") == 25
    assert rules.score((1, 2, 3, 4, 6), "small_straight") == 30
    assert rules.score((3, 4, 5, 6, 6), "small_straight") == 30
    assert rules.score((1, 2, 3, 5, 6), "small_straight") == 0
    assert rules.score((6, 2, 4, 3, 5), "large_straight") == 40
    assert rules.score((3, 3, 3, 1, 2), "three_of_a_kind") == 12
    assert rules.score((3, 3, 3, 3, 2), "four_of_a_kind") == 14


def test_rules_md_yacht_facts():
    rules = yc.ruleset("yacht")
    assert rules.score((2, 2, 5, 5, 5), "full_house") == 19
    assert rules.score((3, 3, 3, 3, 6), "four_of_a_kind") == 12
    assert rules.score((1, 2, 3, 4, 5), "little_straight") == 30
    assert rules.score((6, 5, 4, 3, 2), "big_straight") == 30
    assert rules.score((2, 2, 2, 2, 2), "yacht") == 50
