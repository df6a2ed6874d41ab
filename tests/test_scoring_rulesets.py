"""Each ruleset's own rules beyond Yahtzee's (kniffel, generala, kismet, triple-yahtzee
crag and maxi-yatzy) and Duplicate play.

Two kinds of check:
- known answers, taken from the examples of the sources docs/RULES.md names (the
  Reise-Kniffel leaflet, Wikipedia's Generala, the Kismet rules pages, yahtzee-rules.com's
  Triple Yahtzee page, Wikipedia's Crag and dice-play.com's Crag sheet), written out
  here by hand;
- the core against tests/reference_scoring.py (written separately from the core) for
  every roll, and for many random cards, fills and first rolls.
"""
import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reference_scoring as ref
import yahtzee_core as yc
from tools.scripted_dice import ScriptedDice
from yahtzee_core import dice as ydice

NEW_RULESETS = ("kniffel", "generala", "kismet", "triple-yahtzee", "crag", "maxi-yatzy")
ALL_ROLLS = sorted(set(tuple(sorted(d)) for d in itertools.product(range(1, 7), repeat=5)))
YAHTZEE_UPPER = ref.upper_boxes("yahtzee")
SETTINGS = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def n_dice(name):
    return ref.DICE.get(name, 5)


def every_roll(name):
    """(roll index, sorted dice) of every roll of the ruleset's dice, from the hold
    indexing (a roll of n dice is a hold of n dice)."""
    n = n_dice(name)
    count = len(set(tuple(sorted(d)) for d in itertools.product(range(1, 7), repeat=n)))
    return [(r, ydice.hold_dice(r + ydice.hold_index((1,) * n))) for r in range(count)]


class Pair:
    """The core's Scorecard and the reference card, driven in lockstep; every fill
    also compares the options offered, the points gained and every total."""

    def __init__(self, name):
        self.name = name
        self.rules = yc.ruleset(name)
        self.card = yc.Scorecard(self.rules)
        self.ref = ref.ReferenceCard(name)

    def check(self):
        card, model = self.card, self.ref
        assert dict(card.filled) == model.filled
        assert card.upper_bonus == model.upper_bonus
        assert self.rules.upper_bonus_of(card.scores) == model.upper_bonus
        assert card.yahtzee_bonus == model.yahtzee_bonus
        assert card.bonus_count == model.bonus_count
        assert card.total == model.total

    def options(self, dice, first=0):
        got = dict(self.card.options(dice, first))
        assert got == self.ref.options(dice, first), (dice, first)
        return got

    def fill(self, box, dice, first=0):
        self.options(dice, first)
        want = self.ref.fill(box, dice, first)
        got = self.card.fill(box, dice, first)
        assert got == want, (box, dice, first)
        self.check()
        return got

    def reject(self, box, dice, first=0):
        before = (bytes(self.card.scores), self.card.bonus_count)
        with pytest.raises(yc.IllegalMove):
            self.card.fill(box, dice, first)
        assert (bytes(self.card.scores), self.card.bonus_count) == before


def three_of(face):
    others = [f for f in range(1, 7) if f != face][:2]
    return (face, face, face) + tuple(others)


def with_upper_total(pair, counts, column=1):
    """Fill the upper boxes (of one column) of faces 1, 2, ... with `counts[face - 1]`
    dice of that face each; the other dice are all different (no five alike, so no
    Joker, unless the count is 5)."""
    ups = [b for b in ref.boxes(pair.name)
           if ref.upper_face(pair.name, b) and ref.column_of(pair.name, b) == column]
    for face, count in zip(range(1, 7), counts):
        others = tuple(f for f in range(1, 7) if f != face)
        pair.fill(ups[face - 1], (face,) * count + others[:5 - count])


# --- the registry and the card layouts ------------------------------------------------

def test_new_rulesets_are_appended_in_the_order_of_the_design():
    assert tuple(yc.RULESETS)[:5] == ("yahtzee", "yahtzee-free-joker", "yahtzee-1956",
                                      "yatzy", "yacht")
    assert tuple(yc.RULESETS)[5:] == NEW_RULESETS[:5] + ("yamb",) + NEW_RULESETS[5:] \
        + ("balut", "poker-dice") == ref.RULESETS[5:]


@pytest.mark.parametrize("name", NEW_RULESETS)
def test_boxes_labels_and_rounds(name):
    rules = yc.ruleset(name)
    assert tuple(rules.categories) == ref.boxes(name)
    assert rules.rounds == rules.n_boxes == {"kniffel": 13, "generala": 11, "kismet": 15,
                                             "triple-yahtzee": 39, "crag": 13,
                                             "maxi-yatzy": 20}[name]
    assert rules.n_dice == n_dice(name)
    assert rules.turn_rolls == ref.TURN_ROLLS.get(name, 3)
    labels = rules.labels.split("|")
    assert len(labels) == (13 if name == "triple-yahtzee" else rules.n_boxes)
    # traits every ruleset has (Ruleset declares each with its default)
    assert rules.columns == (3 if name == "triple-yahtzee" else 1)
    assert rules.instant_win == (name == "generala")
    assert (rules.served is not None) == (name == "generala")


def test_kniffel_labels_are_the_german_card():
    assert yc.ruleset("kniffel").labels.split("|") == [
        "Einer", "Zweier", "Dreier", "Vierer", "Fuenfer", "Sechser", "Dreierpasch",
        "Viererpasch", "Full House", "Kl. Strasse", "Gr. Strasse", "Kniffel", "Chance"]


def test_triple_box_ids_are_column_suffixed_yahtzee_ids():
    rules = yc.ruleset("triple-yahtzee")
    assert rules.categories[0] == "aces_1" and rules.categories[12] == "chance_1"
    assert rules.categories[13] == "aces_2" and rules.categories[38] == "chance_3"
    assert rules.labels.split("|") == yc.ruleset("yahtzee").labels.split("|")


def test_the_box_ids_written_out_are_a_column_or_cells_ids_each_numbered():
    """Triple Yahtzee, Balut and Poker Dice write their box ids out as literals (a
    frozen module keeps them in flash; Yamb's, built at import, cost less to compile
    from .py): each is a column's or cell's id with its number, column by column."""
    yahtzee = yc.ruleset("yahtzee").categories
    want = {
        "triple-yahtzee": [b + "_" + c for c in "123" for b in yahtzee],
        "balut": [b + "_" + c for c in "1234" for b in (
            "fours", "fives", "sixes", "straight", "house", "choice", "balut")],
        "poker-dice": ["round_%d" % r for r in range(1, 6)],
    }
    for name, ids in want.items():
        rules = yc.ruleset(name)
        assert list(rules.categories) == ids, name
        assert len(set(ids)) == rules.n_boxes, name
    assert yc.ruleset("poker-dice").labels.split("|") == ["Round %d" % r for r in range(1, 6)]


# --- Generala (Wikipedia "Generala"; gambiter.com) --------------------------------------

@pytest.mark.parametrize("dice,points", [
    ((1, 2, 3, 4, 5), 20), ((2, 3, 4, 5, 6), 20), ((3, 4, 5, 6, 1), 20),
    ((6, 5, 4, 3, 1), 20),
    # the wider variations are not adopted
    ((4, 5, 6, 1, 2), 0), ((5, 6, 1, 2, 3), 0), ((6, 1, 2, 3, 4), 0), ((1, 1, 3, 4, 5), 0),
])
def test_generala_straights(dice, points):
    assert yc.ruleset("generala").score(dice, "straight") == points


def test_generala_scores_from_the_source_examples():
    rules = yc.ruleset("generala")
    # "4-4-4-2-6 would score 12 in Fours, 2 in Twos, 6 in Sixes"
    assert [rules.score((4, 4, 4, 2, 6), b) for b in ("fours", "twos", "sixes")] == [12, 2, 6]
    assert rules.score((5, 5, 5, 3, 3), "full_house") == 30
    assert rules.score((2, 2, 2, 2, 6), "four_of_a_kind") == 40
    # "one need not enter 3-3-3-3-3 in Generala: it may go in Threes or Four of a kind"
    assert rules.score((3, 3, 3, 3, 3), "generala") == 50
    assert rules.score((3, 3, 3, 3, 3), "threes") == 15
    assert rules.score((3, 3, 3, 3, 3), "four_of_a_kind") == 40
    assert rules.score((3, 3, 3, 3, 3), "full_house") == 0  # five alike is not a full


def test_generala_served_hands_score_five_more():
    p = Pair("generala")
    served = p.options((3, 4, 5, 6, 1), first=1)
    assert served["straight"] == 25
    assert p.options((3, 4, 5, 6, 1))["straight"] == 20
    assert p.options((5, 5, 5, 3, 3), first=1)["full_house"] == 35
    assert p.options((2, 2, 2, 2, 6), first=1)["four_of_a_kind"] == 45
    # a hand not made scores 0 served or not; upper boxes gain nothing
    assert p.options((1, 2, 2, 4, 6), first=1)["straight"] == 0
    assert p.options((5, 5, 5, 3, 3), first=1)["fives"] == 15
    assert p.fill("full_house", (5, 5, 5, 3, 3), first=1) == 35
    assert p.fill("straight", (2, 3, 4, 5, 6), first=0) == 20
    rules = p.rules
    assert bytes(rules.served) == bytes(5 if b in ("straight", "full_house", "four_of_a_kind")
                                        else 0 for b in rules.categories)


def test_double_generala_scores_100_only_after_a_generala_of_50():
    p = Pair("generala")
    assert p.options((6, 6, 6, 6, 6))["double_generala"] == 0
    assert p.fill("generala", (2, 2, 2, 2, 2)) == 50
    assert p.options((6, 6, 6, 6, 6))["double_generala"] == 100
    assert p.fill("double_generala", (6, 6, 6, 6, 6)) == 100
    assert p.card.total == 150
    q = Pair("generala")
    q.fill("generala", (1, 2, 3, 3, 6))  # struck out
    assert q.card.filled["generala"] == 0
    assert q.options((6, 6, 6, 6, 6))["double_generala"] == 0


def test_generala_has_no_upper_bonus_and_no_bonus_for_five_alike():
    p = Pair("generala")
    with_upper_total(p, (5, 5, 5, 5, 5, 5))
    assert p.card.upper_total == 105 and p.card.upper_bonus == 0
    p.fill("generala", (4, 4, 4, 4, 4))
    assert p.fill("four_of_a_kind", (4, 4, 4, 4, 4)) == 40
    assert p.card.yahtzee_bonus == 0 and p.card.total == 105 + 50 + 40


def test_generala_served_wins_the_game_at_once():
    rng = ScriptedDice([1, 2, 2, 4, 6, 3, 3, 3, 3, 3])
    game = yc.Game("generala", 3, rng)
    assert game.winner == -1
    game.roll()
    game.fill("twos")               # seat 0: 4 points
    game.roll()                     # seat 1: five threes on the first roll
    assert game.over and game.winner == 1
    assert all(card.filled == {} for card in game.cards[1:])  # no box is filled
    rows = game.ranking()
    assert rows[0][:2] == (1, 1)
    assert all(place > 1 for place, _, _ in rows[1:])
    with pytest.raises(yc.IllegalMove):
        game.roll()
    with pytest.raises(yc.IllegalMove):
        game.fill("generala")
    data = game.to_bytes()
    again = yc.Game.from_bytes(data)
    assert again.over and again.winner == 1 and again.to_bytes() == data


def test_generala_served_wins_whatever_the_card_holds():
    rng = ScriptedDice([1, 2, 3, 3, 6] + [5] * 5)
    game = yc.Game("generala", 1, rng)
    game.roll()
    game.fill("generala")           # struck out
    game.roll()
    assert game.over and game.winner == 0


def test_generala_five_alike_on_a_later_roll_is_no_instant_win_nor_served():
    rng = ScriptedDice([4, 4, 4, 4, 1, 4, 5, 5, 5, 3, 3])
    game = yc.Game("generala", 2, rng)
    game.roll()
    assert game.options()["four_of_a_kind"] == 45     # served
    for i in range(4):
        game.hold(i)
    game.roll()
    assert not game.over and game.winner == -1
    assert game.options()["four_of_a_kind"] == 40     # not served
    assert game.fill("generala") == 50
    game.roll()                     # seat 1: a full on the first roll
    assert game.fill("full_house") == 35


# --- Kniffel (Schmidt Spiele Reise-Kniffel leaflet) -----------------------------------

def test_kniffel_scores_as_yahtzee():
    k, y = yc.ruleset("kniffel"), yc.ruleset("yahtzee")
    for b in range(13):
        for roll in range(ydice.N_ROLLS):
            assert k.score_roll(roll, b) == y.score_roll(roll, b)
    assert k.upper_bonus == 35 and k.five_alike_bonus == 50


@pytest.mark.parametrize("kniffel_dice,kniffel_box", [((2,) * 5, 50), ((1, 2, 3, 4, 6), 0)])
def test_kniffel_fuenfer_kniffel_scores_25_plus_50(kniffel_dice, kniffel_box):
    """The leaflet: a 5er Kniffel, Kniffel box already holding an entry and the Fives box
    open: 25 points there and 50 more, whatever the Kniffel box holds."""
    p = Pair("kniffel")
    assert p.fill("kniffel", kniffel_dice) == kniffel_box
    assert p.options((5, 5, 5, 5, 5)) == {"fuenfer": 25}   # the only box allowed
    p.reject("chance", (5, 5, 5, 5, 5))
    assert p.fill("fuenfer", (5, 5, 5, 5, 5)) == 75
    assert p.card.bonus_count == 1 and p.card.yahtzee_bonus == 50


def test_kniffel_joker_in_the_lower_box_earns_no_extra_points():
    p = Pair("kniffel")
    p.fill("kniffel", (3, 3, 3, 3, 3))
    p.fill("sechser", (6, 6, 1, 2, 3))
    opts = p.options((6, 6, 6, 6, 6))
    assert set(opts) == {"dreierpasch", "viererpasch", "full_house", "kleine_strasse",
                         "grosse_strasse", "chance"}
    assert (opts["full_house"], opts["kleine_strasse"], opts["grosse_strasse"]) == (25, 30, 40)
    assert opts["viererpasch"] == 30
    assert p.fill("grosse_strasse", (6, 6, 6, 6, 6)) == 40
    assert p.card.bonus_count == 0


def test_kniffel_with_the_lower_section_full_strikes_an_upper_box():
    p = Pair("kniffel")
    for box, dice in (("kniffel", (3,) * 5), ("dreierpasch", (2, 2, 2, 1, 5)),
                      ("viererpasch", (1, 2, 3, 4, 6)), ("full_house", (2, 2, 3, 3, 3)),
                      ("kleine_strasse", (1, 2, 3, 4, 6)), ("grosse_strasse", (2, 3, 4, 5, 6)),
                      ("chance", (6, 6, 5, 5, 4)), ("zweier", (2, 2, 1, 3, 4))):
        p.fill(box, dice)
    assert p.options((2, 2, 2, 2, 2)) == {"einer": 0, "dreier": 0, "vierer": 0,
                                          "fuenfer": 0, "sechser": 0}
    assert p.fill("vierer", (2, 2, 2, 2, 2)) == 0
    assert p.card.bonus_count == 0


def test_kniffel_upper_bonus_35_at_63_and_kniffel_extra_counts_into_the_upper_box():
    p = Pair("kniffel")
    p.fill("kniffel", (1, 1, 1, 1, 1))
    with_upper_total(p, (3, 3, 3, 3, 3))        # Einer .. Fuenfer: 45
    assert p.card.upper_total == 45
    assert p.fill("sechser", (6,) * 5) == 30 + 50 + 35
    assert p.card.total == 50 + 75 + 50 + 35


# --- Kismet (ultraboardgames.com, cardsdicedominoes.com) --------------------------------

def test_kismet_flush_example_four_fives_and_a_two_are_all_red():
    rules = yc.ruleset("kismet")
    assert rules.score((5, 5, 5, 5, 2), "flush") == 35
    assert rules.score((1, 6, 6, 1, 1), "flush") == 35         # black
    assert rules.score((3, 4, 4, 3, 4), "flush") == 35         # green
    assert rules.score((5, 5, 5, 5, 3), "flush") == 0
    assert rules.score((5, 5, 5, 5, 2), "four_of_a_kind") == 22 + 25


def test_kismet_colour_hands():
    rules = yc.ruleset("kismet")
    s = rules.score
    assert s((2, 2, 5, 5, 3), "two_pair_same_colour") == 17     # red pairs, odd die green
    assert s((1, 1, 6, 6, 4), "two_pair_same_colour") == 18
    assert s((3, 3, 4, 4, 6), "two_pair_same_colour") == 20
    assert s((4, 4, 4, 4, 1), "two_pair_same_colour") == 17     # four alike: two pairs
    assert s((1, 1, 2, 2, 3), "two_pair_same_colour") == 0      # black pair, red pair
    assert s((2, 2, 2, 5, 5), "two_pair_same_colour") == 16
    assert s((2, 2, 2, 5, 5), "full_house") == 16 + 15
    assert s((2, 2, 2, 5, 5), "full_house_same_colour") == 16 + 20
    assert s((2, 2, 2, 6, 6), "full_house") == 18 + 15
    assert s((2, 2, 2, 6, 6), "full_house_same_colour") == 0
    assert s((6, 6, 6, 6, 6), "kismet") == 80
    assert s((6, 6, 6, 6, 6), "full_house") == 0                # not a full house
    assert s((6, 6, 6, 6, 6), "full_house_same_colour") == 0
    assert s((2, 3, 4, 5, 6), "straight") == 30 and s((1, 2, 3, 4, 6), "straight") == 0
    assert s((1, 2, 3, 4, 6), "yarborough") == 16
    # ultraboardgames' turn example: four fours scored as Fours
    assert s((4, 4, 4, 4, 1), "fours") == 16


@pytest.mark.parametrize("counts,total,bonus", [   # counts of faces 1..6
    ((3, 3, 3, 3, 3, 2), 57, 0),
    ((2, 3, 3, 3, 3, 3), 62, 0),
    ((3, 3, 3, 3, 3, 3), 63, 35),
    ((5, 4, 3, 3, 4, 2), 66, 35),
    ((5, 3, 3, 3, 4, 3), 70, 35),
    ((4, 4, 3, 3, 4, 3), 71, 55),
    ((2, 3, 3, 4, 4, 4), 77, 55),
    ((3, 3, 3, 4, 4, 4), 78, 75),
    ((5, 5, 5, 5, 5, 5), 105, 75),
])
def test_kismet_tiered_upper_bonus(counts, total, bonus):
    """63-70: +35, 71-77: +55, 78 and more: +75 (cardsdicedominoes.com)."""
    p = Pair("kismet")
    with_upper_total(p, counts)
    assert p.card.upper_total == total
    assert p.card.upper_bonus == bonus
    assert p.card.total == total + bonus


def test_kismet_has_no_joker_and_no_bonus_for_a_second_kismet():
    p = Pair("kismet")
    assert p.fill("kismet", (2, 2, 2, 2, 2)) == 60
    opts = p.options((5, 5, 5, 5, 5))
    assert len(opts) == 14
    assert opts["full_house"] == 0 and opts["straight"] == 0 and opts["flush"] == 35
    assert p.fill("four_of_a_kind", (5, 5, 5, 5, 5)) == 50
    assert p.card.bonus_count == 0


# --- Triple Yahtzee (yahtzee-rules.com; Wikipedia) ------------------------------------

def test_triple_scores_are_stored_multiplied():
    rules = yc.ruleset("triple-yahtzee")
    assert rules.score((2, 2, 3, 3, 3), "full_house_1") == 25
    assert rules.score((2, 2, 3, 3, 3), "full_house_2") == 50
    assert rules.score((2, 2, 3, 3, 3), "full_house_3") == 75
    assert rules.score((6, 6, 6, 6, 6), "yahtzee_3") == 150
    assert rules.score((6, 6, 6, 6, 6), "sixes_3") == 90
    p = Pair("triple-yahtzee")
    p.fill("full_house_3", (2, 2, 3, 3, 3))
    assert p.card.filled == {"full_house_3": 75} and p.card.total == 75


def test_triple_yahtzee_rules_com_example_scores_420():
    """All three Yahtzee boxes hold 50, 100, 150; all three Sixes boxes are filled; five
    sixes into column 3's large straight: 40 x 3 plus the 300 bonus."""
    p = Pair("triple-yahtzee")
    assert [p.fill("yahtzee_%d" % c, (2, 2, 2, 2, 2)) for c in (1, 2, 3)] == [50, 100, 150]
    for c in (1, 2, 3):
        p.fill("sixes_%d" % c, (6, 6, 6, 1, 2))
    opts = p.options((6, 6, 6, 6, 6))
    assert opts["large_straight_3"] == 120
    assert opts["full_house_1"] == 25 and opts["small_straight_2"] == 60
    assert p.fill("large_straight_3", (6, 6, 6, 6, 6)) == 420
    assert p.card.bonus_count == 3 and p.card.yahtzee_bonus == 300


def test_triple_joker_needs_every_yahtzee_box_and_every_matching_upper_box():
    p = Pair("triple-yahtzee")
    p.fill("yahtzee_1", (4, 4, 4, 4, 4))
    p.fill("yahtzee_2", (1, 2, 3, 4, 6))        # struck out: still filled
    p.fill("yahtzee_3", (4, 4, 4, 4, 4))
    p.fill("sixes_1", (6, 6, 1, 2, 3))
    p.fill("sixes_2", (6, 6, 1, 2, 3))
    opts = p.options((6, 6, 6, 6, 6))           # sixes_3 still open: no Joker
    assert opts["full_house_3"] == 0 and opts["large_straight_1"] == 0
    assert opts["sixes_3"] == 90 and opts["chance_2"] == 60
    assert len(opts) == 39 - 5                   # free choice: every open box
    p.fill("sixes_3", (6, 1, 2, 3, 4))
    opts = p.options((6, 6, 6, 6, 6))
    assert (opts["full_house_3"], opts["small_straight_2"], opts["large_straight_1"]) == \
        (75, 60, 40)
    # a Yahtzee box struck out: the Joker is open, the bonus is not
    assert p.fill("full_house_3", (6, 6, 6, 6, 6)) == 75
    assert p.card.bonus_count == 0


def test_triple_bonus_only_when_the_box_scores():
    p = Pair("triple-yahtzee")
    for c in (1, 2, 3):
        p.fill("yahtzee_%d" % c, (3, 3, 3, 3, 3))
    # Fives boxes open: no Joker, a full house scores 0 and so earns no bonus
    assert p.fill("full_house_2", (5, 5, 5, 5, 5)) == 0
    assert p.card.bonus_count == 0
    assert p.fill("fives_2", (5, 5, 5, 5, 5)) == 50 + 200
    assert p.fill("chance_1", (5, 5, 5, 5, 5)) == 25 + 100
    assert p.card.bonus_count == 3 and p.card.yahtzee_bonus == 300


def test_triple_highest_score_is_2250_without_the_yahtzee_bonuses():
    """Wikipedia: 375 in each column (Yahtzee's best card without bonuses), x1 + x2 + x3
    = 2,250. Every turn a Yahtzee: the three Yahtzee boxes first, then each column's
    upper boxes by face, then its lower boxes with five sixes (Jokers by then); the 36
    Yahtzees after the first three each earn 100 x their column."""
    p = Pair("triple-yahtzee")
    for column in (1, 2, 3):
        p.fill("yahtzee_%d" % column, (6,) * 5)
    for column in (1, 2, 3):
        for face, box in enumerate(YAHTZEE_UPPER, start=1):
            p.fill("%s_%d" % (box, column), (face,) * 5)
    for column in (1, 2, 3):
        for box in ("three_of_a_kind", "four_of_a_kind", "full_house", "small_straight",
                    "large_straight", "chance"):
            p.fill("%s_%d" % (box, column), (6,) * 5)
    assert p.card.upper_bonus == 35 + 70 + 105
    assert p.card.total - p.card.yahtzee_bonus == 2250
    assert p.card.bonus_count == 12 * (1 + 2 + 3)
    assert p.card.total == 2250 + 7200


def test_triple_upper_bonus_per_column_times_the_column():
    p = Pair("triple-yahtzee")
    with_upper_total(p, (3, 3, 3, 3, 3, 3), column=2)
    assert p.card.upper_bonus == 70
    assert sum(p.card.filled.values()) == 126
    with_upper_total(p, (3, 3, 3, 3, 3, 2), column=3)   # 57 of dice: no bonus
    assert p.card.upper_bonus == 70
    with_upper_total(p, (5, 5, 5, 5, 5, 5), column=1)
    assert p.card.upper_bonus == 70 + 35


# --- Crag (Wikipedia "Crag (dice game)"; dice-play.com's Crag sheet) ------------------

@pytest.mark.parametrize("dice,box,points", [
    # Wikipedia's examples column, one per box
    ((6, 6, 1), "crag", 50), ((3, 4, 6), "thirteen", 26), ((4, 4, 4), "three_of_a_kind", 25),
    ((1, 2, 3), "low_straight", 20), ((4, 5, 6), "high_straight", 20),
    ((1, 3, 5), "odd_straight", 20), ((2, 4, 6), "even_straight", 20),
    ((6, 6, 6), "sixes", 18), ((1, 2, 5), "fives", 5), ((4, 4, 5), "fours", 8),
    ((3, 3, 3), "threes", 9), ((2, 2, 1), "twos", 4), ((1, 1, 1), "ones", 3),
    # dice-play.com: the three crags and the other thirteens
    ((1, 6, 6), "crag", 50), ((3, 5, 5), "crag", 50), ((5, 4, 4), "crag", 50),
    ((2, 5, 6), "thirteen", 26), ((3, 4, 6), "crag", 0), ((2, 5, 6), "crag", 0),
    # a crag totals 13, so it is a Thirteen too (docs/RULES.md); straights are exact
    ((6, 1, 6), "thirteen", 26), ((5, 5, 5), "thirteen", 0), ((1, 2, 4), "low_straight", 0),
    ((3, 5, 1), "odd_straight", 20), ((6, 4, 2), "even_straight", 20),
    ((4, 4, 4), "crag", 0), ((2, 2, 3), "three_of_a_kind", 0),
])
def test_crag_scores_from_the_source_examples(dice, box, points):
    assert yc.ruleset("crag").score(dice, box) == points


def test_crag_highest_score_is_244():
    """Wikipedia: "The maximum possible score is 244" (no bonus of any kind)."""
    rules = yc.ruleset("crag")
    best = [max(rules.score_roll(r, b) for r, _ in every_roll("crag"))
            for b in range(rules.n_boxes)]
    assert sum(best) == 244
    card = yc.Scorecard(rules)
    for b, dice in enumerate(((1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 4), (5, 5, 5),
                              (6, 6, 6), (1, 3, 5), (2, 4, 6), (1, 2, 3), (4, 5, 6),
                              (6, 6, 6), (3, 4, 6), (6, 6, 1))):
        card.fill(b, dice)
    assert card.total == 244 and card.upper_bonus == 0


def test_crag_is_three_dice_and_two_rolls_a_turn():
    game = yc.Game("crag", 2, ScriptedDice([5, 5, 1, 3]))
    assert len(game.dice) == 3 and game.rolls_left == 2 and not game.rolled
    game.roll()
    assert list(game.dice) == [5, 5, 1] and game.rolls_left == 1 and game.rolled
    with pytest.raises(yc.IllegalMove):
        game.hold(3)
    game.hold(0)
    game.hold(1)
    game.roll()                                       # the second roll is final
    assert list(game.dice) == [5, 5, 3] and game.rolls_left == 0
    assert game.options()["crag"] == 50
    with pytest.raises(yc.IllegalMove):
        game.roll()
    with pytest.raises(yc.IllegalMove):
        yc.ruleset("crag").score((5, 5, 3, 1, 1), "crag")   # five dice are no crag roll
    assert game.fill("crag") == 50
    assert game.current == 1 and game.rolls_left == 2 and list(game.dice) == [0, 0, 0]
    assert game.stats(0)["yahtzees"] == 0


def test_crag_counts_three_alike_as_its_five_alike():
    game = yc.Game("crag", 1, ScriptedDice([4, 4, 4]))
    game.roll()
    assert game.stats(0)["yahtzees"] == 1 and game.turn_yahtzee == 1
    assert game.fill("three_of_a_kind") == 25 and game.cards[0].bonus_count == 0


# --- Maxi Yatzy (maxiyatzy.com's "MaxiYatzy regler"; playonlinedicegames.com) ---------

@pytest.mark.parametrize("dice,box,points", [
    # maxiyatzy.com's example column, one per box, as printed
    ((3, 1, 1, 6, 1, 4), "ones", 3), ((2, 5, 4, 3, 2, 6), "twos", 4),
    ((3, 2, 1, 3, 4, 3), "threes", 9), ((4, 4, 3, 4, 5, 4), "fours", 16),
    ((5, 1, 2, 5, 5, 4), "fives", 15), ((4, 6, 3, 1, 6, 6), "sixes", 18),
    ((6, 4, 2, 6, 5, 1), "one_pair", 12), ((2, 1, 3, 3, 5, 5), "two_pairs", 16),
    ((2, 2, 5, 5, 6, 6), "three_pairs", 26), ((4, 5, 3, 5, 5, 4), "three_of_a_kind", 15),
    ((2, 4, 2, 2, 5, 2), "four_of_a_kind", 8), ((3, 3, 2, 3, 3, 3), "five_of_a_kind", 15),
    ((1, 2, 3, 4, 5, 3), "small_straight", 15), ((2, 3, 4, 5, 6, 6), "large_straight", 20),
    ((1, 2, 3, 4, 5, 6), "full_straight", 21), ((3, 4, 4, 6, 6, 6), "full_house", 26),
    ((2, 2, 2, 5, 5, 5), "villa", 21), ((3, 3, 6, 6, 6, 6), "tower", 30),
    ((3, 4, 2, 6, 5, 4), "chance", 24), ((4, 4, 4, 4, 4, 4), "maxi_yatzy", 100),
    # the rules' words: pairs of different faces, the sixth die of a straight any, a
    # full house's three and pair of different faces (its five dice only)
    ((5, 5, 5, 5, 1, 2), "two_pairs", 0), ((6, 6, 6, 6, 6, 6), "three_pairs", 0),
    ((4, 4, 4, 4, 2, 2), "three_pairs", 0), ((1, 2, 3, 4, 5, 1), "small_straight", 15),
    ((1, 2, 3, 4, 6, 6), "small_straight", 0), ((1, 3, 4, 5, 6, 6), "large_straight", 0),
    ((1, 2, 3, 4, 5, 5), "full_straight", 0), ((2, 2, 6, 6, 6, 1), "full_house", 22),
    ((6, 6, 6, 6, 6, 6), "full_house", 0), ((6, 6, 6, 6, 6, 6), "villa", 0),
    ((6, 6, 6, 6, 6, 6), "tower", 0), ((2, 2, 2, 2, 2, 5), "tower", 0),
])
def test_maxi_yatzy_scores_from_the_source_examples(dice, box, points):
    assert yc.ruleset("maxi-yatzy").score(dice, box) == points


@pytest.mark.parametrize("dice,box,points", [
    # six dice hold more than one way to fill a box: the best counts (docs/RULES.md)
    ((2, 2, 5, 5, 6, 6), "two_pairs", 22), ((2, 2, 5, 5, 6, 6), "one_pair", 12),
    ((2, 2, 2, 5, 5, 5), "three_of_a_kind", 15), ((2, 2, 2, 5, 5, 5), "full_house", 19),
    ((3, 3, 6, 6, 6, 6), "full_house", 24), ((3, 3, 6, 6, 6, 6), "two_pairs", 18),
])
def test_maxi_yatzy_takes_the_best_of_the_six_dice(dice, box, points):
    assert yc.ruleset("maxi-yatzy").score(dice, box) == points


def test_maxi_yatzy_bonus_is_100_at_84():
    """maxiyatzy.com: 100 points when Ones to Sixes total 84 or more, none at 83."""
    for counts, bonus in (((4, 4, 4, 4, 4, 4), 100), ((3, 4, 4, 4, 4, 4), 0),
                          ((0, 0, 4, 6, 6, 4), 100)):   # 12 + 24 + 30 + 24 - 6 = 84
        card = yc.Scorecard(yc.ruleset("maxi-yatzy"))
        for face in range(1, 7):
            others = [f for f in range(1, 7) if f != face]
            card.fill(face - 1, (face,) * counts[face - 1] + tuple(others * 2)[:6 - counts[face - 1]])
        assert card.upper_bonus == bonus


def test_maxi_yatzy_highest_score_is_the_sum_of_its_boxes_best():
    """Each box's best over the 462 rolls, plus the bonus: 126 + 100 + 423 = 649
    (12 + 22 + 30 + 18 + 24 + 30 + 15 + 20 + 21 + 28 + 33 + 34 + 36 + 100)."""
    rules = yc.ruleset("maxi-yatzy")
    best = [max(rules.score_roll(r, b) for r, _ in every_roll("maxi-yatzy"))
            for b in range(rules.n_boxes)]
    assert best[6:] == [12, 22, 30, 18, 24, 30, 15, 20, 21, 28, 33, 34, 36, 100]
    assert sum(best) + rules.upper_bonus == 649


def test_maxi_yatzy_is_six_dice_and_three_rolls_a_turn():
    game = yc.Game("maxi-yatzy", 2, ScriptedDice([6, 6, 6, 1, 2, 3, 6, 6, 6]))
    assert len(game.dice) == 6 and game.rolls_left == 3
    game.roll()
    for i in range(3):
        game.hold(i)
    with pytest.raises(yc.IllegalMove):
        game.hold(6)
    game.roll()
    assert list(game.dice) == [6, 6, 6, 6, 6, 6] and game.turn_yahtzee == 1
    assert game.options()["maxi_yatzy"] == 100 and game.options()["tower"] == 0
    assert game.fill("maxi_yatzy") == 100 and game.cards[0].bonus_count == 0
    assert game.current == 1 and list(game.dice) == [0] * 6


# --- every roll against the reference ---------------------------------------------------

@pytest.mark.parametrize("name", NEW_RULESETS)
def test_every_roll_every_box_with_and_without_first(name):
    rules = yc.ruleset(name)
    empty = bytearray(b"\xff" * rules.n_boxes)
    mismatches = []
    for roll, dice in every_roll(name):
        assert ydice.roll_index(dice, rules.n_dice) == roll
        for first in (0, 1):
            want = ref.legal_options(name, {}, dice, first)
            for b, box in enumerate(rules.categories):
                assert rules.score_roll(roll, b) == ref.plain_score(name, dice, box)
                got = rules.points(empty, roll, b, first)
                if got != want[box]:
                    mismatches.append((dice, box, first, got, want[box]))
    assert not mismatches, mismatches[:20]


def test_generala_every_roll_with_the_generala_box_holding_50_or_0():
    rules = yc.ruleset("generala")
    g = rules.box_index("generala")
    for held in (50, 0):
        scores = bytearray(b"\xff" * rules.n_boxes)
        scores[g] = held
        for roll in range(ydice.N_ROLLS):
            dice = ydice.roll_dice(roll)
            for first in (0, 1):
                want = ref.legal_options("generala", {"generala": held}, dice, first)
                for b, box in enumerate(rules.categories):
                    got = rules.points(scores, roll, b, first)
                    assert got == want.get(box, -1), (held, dice, box, first)


# --- random cards against the reference -------------------------------------------------

CARD_PLAY = st.tuples(
    st.integers(0, 2**32 - 1),                    # seed for dice and picks
    st.floats(0, 0.9),                            # share of five-alikes
    st.floats(0, 1),                              # share of first rolls
)


def play_random_card(name, seed, five_share, first_share):
    rng = random.Random(seed)
    p = Pair(name)
    n = n_dice(name)
    while len(p.ref.filled) < len(ref.boxes(name)):
        if rng.random() < five_share:
            dice = (rng.randint(1, 6),) * n
        else:
            dice = tuple(rng.randint(1, 6) for _ in range(n))
        first = int(rng.random() < first_share)
        opts = p.options(dice, first)
        assert opts, "a card with open boxes must offer a box"
        # points_into agrees with options, OPEN where the box may not be filled
        out = bytearray(len(ref.boxes(name)))
        p.card.points_into(dice, out, first)
        assert {b: out[i] for i, b in enumerate(ref.boxes(name)) if out[i] != 255} == opts
        box = rng.choice(sorted(opts))
        # the ruleset's hooks agree with the reference before the fill
        rules, roll = p.rules, ydice.roll_index(dice, n)
        b = rules.box_index(box)
        units = rules.bonus(p.card.scores, roll, b, opts[box])
        want = ref.five_alike_bonus_gain(name, p.ref.filled, dice, box, opts[box])
        assert units * rules.five_alike_bonus == want, (box, dice)
        for other in ref.boxes(name):
            if other not in opts:
                p.reject(other, dice, first)
        p.fill(box, dice, first)
    assert p.card.options((1, 2, 3, 4, 5, 6)[:n]) == {}
    return p


@pytest.mark.parametrize("name", NEW_RULESETS)
@SETTINGS
@given(CARD_PLAY)
def test_random_cards_match_the_reference(name, play):
    play_random_card(name, *play)


@pytest.mark.parametrize("name", NEW_RULESETS)
def test_many_seeded_cards_match_the_reference(name):
    for seed in range(60):
        play_random_card(name, 1000 + seed, 0.45, 0.3)


# --- Duplicate play -------------------------------------------------------------------

def test_duplicate_play_deals_every_seat_the_same_dice():
    round_one = [1, 2, 3, 4, 5, 6, 6, 6, 6, 6, 2, 2, 2, 2, 2]
    rng = ScriptedDice(round_one)                 # fails loudly if asked for more
    game = yc.Game("yahtzee", 3, rng, duplicate=True)
    seen = []
    for seat, holds in ((0, (0,)), (1, (0,)), (2, (1, 2))):
        assert game.current == seat
        game.roll()
        assert bytes(game.dice) == bytes(round_one[:5])
        for i in holds:
            game.hold(i)
        game.roll()
        seen.append(bytes(game.dice))
        game.fill("chance")
    # roll 2 of the turn: die i shows round_dice[5 + i] unless held
    assert seen[0] == seen[1] == bytes((1, 6, 6, 6, 6))
    assert seen[2] == bytes((6, 2, 3, 6, 6))
    assert bytes(game.round_dice) == bytes(round_one)
    assert rng.left == 0


def test_duplicate_play_saves_and_resumes_with_the_round_dice():
    faces = [3, 3, 1, 2, 6, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4]
    rng = ScriptedDice(faces)
    game = yc.Game("kniffel", 2, rng, duplicate=True)
    game.roll()
    game.hold(0)
    game.hold(1)
    game.roll()
    assert bytes(game.dice) == bytes((3, 3, 5, 5, 5))
    game.fill("full_house")
    data = game.to_bytes()
    twin = yc.Game.from_bytes(data, ScriptedDice())   # no dice left to draw this round
    twin.roll()
    assert bytes(twin.dice) == bytes(faces[:5])
    twin.hold(0)
    twin.hold(1)
    twin.roll()
    assert bytes(twin.dice) == bytes((3, 3, 5, 5, 5))
    assert twin.fill("full_house") == 25


# --- whole games against the reference: served fills, instant wins, Duplicate dice --------

class Faces:
    """A dice source handing out a fixed list of faces in order (the model reads the same
    list), then seeded random faces."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.given = []

    def __call__(self):
        v = self.rng.randint(1, 6) if self.rng.random() < 0.8 else self.rng.choice((2, 6))
        self.given.append(v)
        return v


def play_whole_game(name, players, duplicate, seed):
    """Random holds and random legal boxes; after every step the game must match
    reference cards driven with the same dice, the served flag of the roll, Generala's
    instant win, and (Duplicate) every seat's dice read from the round's 15 faces."""
    faces = Faces(seed)
    pick = random.Random(seed + 1)
    game = yc.Game(name, players, faces, duplicate=duplicate)
    cards = [ref.ReferenceCard(name) for _ in range(players)]
    used = 0                                    # faces the model has read so far
    round_faces = None
    n, rolls = n_dice(name), ref.TURN_ROLLS.get(name, 3)
    while not game.over:
        seat = game.current
        dice = [0] * n
        for k in range(rolls):
            held = [bool(h) for h in game.held] if k else [False] * n
            game.roll()
            if duplicate and seat == 0 and k == 0:
                # the round's 15 dice are drawn at seat 0's first roll, and only then
                round_faces = faces.given[used:used + 15]
                used += 15
            for i in range(n):
                if held[i]:
                    continue
                if duplicate:
                    # the roll with r rolls left reads faces 15 - 5r.. of the 15 (Crag's
                    # two rolls: the last ten)
                    dice[i] = round_faces[5 * (3 - rolls + k) + i]
                else:
                    dice[i] = faces.given[used]
                    used += 1
            assert list(game.dice) == dice, (name, seat, k)
            assert used == len(faces.given)
            first = k == 0
            if ref.instant_win(name, dice, first, duplicate):
                assert game.over and game.winner == seat
                rows = game.ranking()
                assert rows[0][:2] == (1, seat) and all(r[0] > 1 for r in rows[1:])
                return game
            assert game.winner == -1
            assert game.options() == cards[seat].options(dice, first)
            if k == rolls - 1 or pick.random() < 0.3:
                break
            for i in range(n):
                if pick.random() < 0.5:
                    game.toggle(i)
        opts = cards[seat].options(dice, first)
        box = pick.choice(sorted(opts))
        assert game.fill(box) == cards[seat].fill(box, dice, first)
        for card, model in zip(game.cards, cards):
            assert card.filled == model.filled and card.total == model.total
            assert card.bonus_count == model.bonus_count
    assert all(len(c.filled) == len(ref.boxes(name)) for c in cards)
    totals = [c.total for c in cards]
    assert [r[2] for r in game.ranking()] == sorted(totals, reverse=True)
    return game


@pytest.mark.parametrize("name", NEW_RULESETS)
@pytest.mark.parametrize("duplicate", (False, True))
def test_whole_games_match_the_reference(name, duplicate):
    if duplicate and n_dice(name) > 5:   # the round's 15 dice: five a roll at most
        with pytest.raises(ValueError):
            yc.Game(name, 2, Faces(1), duplicate=True)
        return
    wins = 0
    games = {"generala": 40, "triple-yahtzee": 4}.get(name, 12)
    for seed in range(games):
        game = play_whole_game(name, 1 + seed % 4, duplicate, 7919 * seed + len(name))
        wins += game.winner >= 0
        data = game.to_bytes()
        assert yc.Game.from_bytes(data).to_bytes() == data
    if name != "generala":
        assert wins == 0
    elif not duplicate:
        assert wins >= 1, "no game ended on a Generala served: the seeds test too little"


def test_duplicate_generala_served_is_no_instant_win_but_a_generala_for_every_seat():
    """Every seat's first roll is the round's first five dice, so a Generala served in
    Duplicate play cannot separate the seats: it scores like any Generala, for all."""
    rng = ScriptedDice([4] * 5 + [1] * 10)
    game = yc.Game("generala", 3, rng, duplicate=True)
    for seat in range(3):
        game.roll()
        assert not game.over and game.winner == -1
        assert list(game.dice) == [4] * 5
        assert game.fill("generala") == 50
    data = game.to_bytes()
    assert yc.Game.from_bytes(data).to_bytes() == data
    assert [c.total for c in game.cards] == [50, 50, 50]


# --- odds of Triple Yahtzee's columns 2 and 3 ----------------------------------------

@pytest.mark.parametrize("box", ("aces_2", "full_house_3", "yahtzee_3", "chance_2"))
def test_odds_of_triple_columns_2_and_3_are_column_1_times_the_column(box):
    from yahtzee_core.odds import chase
    rules = yc.ruleset("triple-yahtzee")
    column = ref.column_of("triple-yahtzee", box)
    base = ref.base_box("triple-yahtzee", box) + "_1"
    for dice, rolls_left in ((None, 3), ((6, 6, 6, 2, 1), 2), ((3, 3, 3, 3, 3), 0)):
        args = (dice, rolls_left) if dice else ()
        chance, points, keep = chase(rules, box, *args)
        chance1, points1, keep1 = chase(rules, base, *args)
        # the same dice make it; the points are the column's multiple (each figure is
        # rounded to hundredths on its own, so the multiple may differ by the rounding)
        assert (chance, keep) == (chance1, keep1)
        assert abs(points - column * points1) <= column
