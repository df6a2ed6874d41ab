"""One player's card: upper bonus, Yahtzee bonus and the three Joker policies.

Every step of every scenario is also played on reference_scoring.ReferenceCard, so the
options offered, the points gained and all totals are compared with the plain reading of
RULES.md, besides the explicit expectations written in each test.
"""
import itertools

import pytest

import reference_scoring as ref
import yahtzee_core as yc

YAHTZEE_FAMILY = ("yahtzee", "yahtzee-free-joker", "yahtzee-1956")
ALL_ROLLS = sorted(set(tuple(sorted(d)) for d in itertools.product(range(1, 7), repeat=5)))
# The rulesets of five dice, whose cards the hand-written rolls below fit; Crag's three
# dice: test_scoring_rulesets.py, and the random fills at the end.
FIVE_DICE = tuple(n for n in ref.CARD_RULESETS if n not in ref.DICE)
# Those with an upper section (Balut has none: its Fours to Sixes have goals instead).
UPPER = tuple(n for n in FIVE_DICE if ref.upper_boxes(n))


class Pair:
    """The core's Scorecard and the reference card, driven in lockstep."""

    def __init__(self, name):
        self.name = name
        self.rules = yc.ruleset(name)
        self.card = yc.Scorecard(self.rules)
        self.ref = ref.ReferenceCard(name)
        self.check()

    def check(self):
        card, model = self.card, self.ref
        assert dict(card.filled) == model.filled
        assert card.upper_total == model.upper_total
        assert card.upper_bonus == model.upper_bonus
        assert card.upper_par == model.upper_par
        assert card.yahtzee_bonus == model.yahtzee_bonus
        assert card.total == model.total
        assert card.total == sum(card.filled.values()) + card.upper_bonus + card.yahtzee_bonus
        expected_scores = bytearray(model.filled.get(b, 255) for b in ref.boxes(self.name))
        assert bytes(card.scores) == bytes(expected_scores)
        mask = 0
        for b, box in enumerate(ref.boxes(self.name)):
            if box in model.filled:
                mask |= 1 << b
        assert card.filled_mask == mask
        # the points the game is won on (Balut's), 0 where the total ranks alone
        if self.name == "balut":
            assert card.rules.game_points(card.scores) == ref.balut_points(model.filled)

    def options(self, dice):
        got = dict(self.card.options(dice))
        assert got == self.ref.options(dice), dice
        return got

    def fill(self, box, dice):
        self.options(dice)
        want = self.ref.fill(box, dice)
        got = self.card.fill(box, dice)
        assert got == want, (box, dice)
        self.check()
        return got

    def reject(self, box, dice):
        """The core must raise IllegalMove and change nothing."""
        before = (bytes(self.card.scores), self.card.total, self.card.yahtzee_bonus,
                  self.card.upper_bonus, dict(self.card.filled))
        with pytest.raises(yc.IllegalMove):
            self.card.fill(box, dice)
        after = (bytes(self.card.scores), self.card.total, self.card.yahtzee_bonus,
                 self.card.upper_bonus, dict(self.card.filled))
        assert after == before
        self.check()


def zero_roll(name, box):
    """A roll that is not five alike and scores as little as possible in `box`."""
    return min((r for r in ALL_ROLLS if len(set(r)) > 1),
               key=lambda r: (ref.plain_score(name, r, box), r))


def three_of(face):
    others = [f for f in range(1, 7) if f != face][:2]
    return (face, face, face) + tuple(others)


def test_error_types_are_value_errors():
    assert issubclass(yc.IllegalMove, ValueError)
    assert issubclass(yc.SaveError, ValueError)


@pytest.mark.parametrize("name", UPPER)
def test_upper_bonus_at_exactly_63(name):
    p = Pair(name)
    ups = ref.upper_boxes(name)
    for face, box in enumerate(ups[:5], start=1):
        p.fill(box, three_of(face))
        assert p.card.upper_bonus == 0
        assert p.card.upper_par == 0
    gained = p.fill(ups[5], three_of(6))
    assert p.card.upper_total == 63
    assert p.card.upper_par == 0
    assert p.card.upper_bonus == ref.UPPER_BONUS[name]
    assert gained == 18 + ref.UPPER_BONUS[name]
    assert p.card.total == 63 + ref.UPPER_BONUS[name]


@pytest.mark.parametrize("name", UPPER)
def test_upper_62_earns_no_bonus_and_par_counts_below(name):
    p = Pair(name)
    ups = ref.upper_boxes(name)
    p.fill(ups[0], (1, 1, 2, 3, 5))  # two aces: one below par
    assert p.card.upper_par == -1
    for face, box in enumerate(ups[1:], start=2):
        p.fill(box, three_of(face))
    assert p.card.upper_total == 62
    assert p.card.upper_bonus == 0
    assert p.card.upper_par == -1


@pytest.mark.parametrize("name", UPPER)
def test_zero_in_upper_boxes_does_not_prevent_bonus(name):
    p = Pair(name)
    ups = ref.upper_boxes(name)
    p.fill(ups[0], (2, 3, 4, 6, 6))  # no aces: 0
    p.fill(ups[1], (1, 3, 4, 6, 6))  # no twos: 0
    assert p.card.upper_par == -3 - 6
    for face in (3, 4, 5, 6):
        p.fill(ups[face - 1], (face, face, face, face, 1 if face != 1 else 2))
    assert p.card.upper_total == 72
    assert p.card.upper_par == 72 - 63
    assert p.card.upper_bonus == ref.upper_bonus(name, p.ref.filled)
    assert p.card.upper_bonus or not ref.UPPER_BONUS[name]


@pytest.mark.parametrize("name", YAHTZEE_FAMILY)
def test_natural_yahtzee_is_not_a_full_house_while_yahtzee_box_open(name):
    p = Pair(name)
    opts = p.options((4, 4, 4, 4, 4))
    assert opts["full_house"] == 0
    assert opts["small_straight"] == 0 and opts["large_straight"] == 0
    assert opts["yahtzee"] == 50
    assert len(opts) == 13  # any box may take it
    assert p.fill("full_house", (4, 4, 4, 4, 4)) == 0


@pytest.mark.parametrize("name", YAHTZEE_FAMILY)
def test_yahtzee_box_holds_open_fifty_zero(name):
    p = Pair(name)
    assert p.card.scores[11] == 255
    p.fill("yahtzee", (2, 2, 2, 2, 2))
    assert p.card.scores[11] == 50
    q = Pair(name)
    q.fill("yahtzee", (1, 2, 2, 2, 2))
    assert q.card.scores[11] == 0


# --- forced Joker (official) -------------------------------------------------

def test_forced_joker_must_use_matching_upper_box_and_pays_bonus():
    p = Pair("yahtzee")
    assert p.fill("yahtzee", (3, 3, 3, 3, 3)) == 50
    assert p.options((5, 5, 5, 5, 5)) == {"fives": 25}
    p.reject("full_house", (5, 5, 5, 5, 5))
    p.reject("chance", (5, 5, 5, 5, 5))
    assert p.fill("fives", (5, 5, 5, 5, 5)) == 25 + 100
    assert p.card.yahtzee_bonus == 100


def test_forced_joker_goes_to_lower_section_with_joker_scores():
    p = Pair("yahtzee")
    p.fill("yahtzee", (3, 3, 3, 3, 3))
    p.fill("fives", (5, 5, 5, 1, 2))
    opts = p.options((5, 5, 5, 5, 5))
    assert opts == {"three_of_a_kind": 25, "four_of_a_kind": 25, "full_house": 25,
                    "small_straight": 30, "large_straight": 40, "chance": 25}
    p.reject("aces", (5, 5, 5, 5, 5))
    assert p.fill("large_straight", (5, 5, 5, 5, 5)) == 140
    assert p.fill("small_straight", (5, 5, 5, 5, 5)) == 130
    assert p.fill("full_house", (5, 5, 5, 5, 5)) == 125
    assert p.card.yahtzee_bonus == 300


def test_forced_joker_zero_in_upper_box_still_pays_bonus():
    p = Pair("yahtzee")
    p.fill("yahtzee", (6, 6, 6, 6, 6))
    p.fill("fives", (5, 5, 1, 2, 3))
    for box in ("three_of_a_kind", "four_of_a_kind", "full_house",
                "small_straight", "large_straight", "chance"):
        p.fill(box, zero_roll("yahtzee", box))
    opts = p.options((5, 5, 5, 5, 5))
    assert opts == {"aces": 0, "twos": 0, "threes": 0, "fours": 0, "sixes": 0}
    assert p.fill("twos", (5, 5, 5, 5, 5)) == 100
    assert p.card.filled["twos"] == 0
    assert p.card.yahtzee_bonus == 100


@pytest.mark.parametrize("name", YAHTZEE_FAMILY)
def test_zero_in_yahtzee_box_never_pays_bonus_but_joker_applies(name):
    p = Pair(name)
    p.fill("yahtzee", (1, 2, 3, 4, 6))
    assert p.card.scores[11] == 0
    p.fill("fours", (4, 4, 1, 2, 3))
    opts = p.options((4, 4, 4, 4, 4))
    # fours filled: the Joker makes the full house worth 25 under every policy
    assert opts["full_house"] == 25
    assert opts["large_straight"] == 40
    assert p.fill("full_house", (4, 4, 4, 4, 4)) == 25
    assert p.card.yahtzee_bonus == 0
    if name != "yahtzee-1956":  # 1956 does not allow the upper section here
        assert p.fill("aces", (1, 1, 1, 1, 1)) == 5
    else:
        p.reject("aces", (1, 1, 1, 1, 1))
        assert p.fill("chance", (1, 1, 1, 1, 1)) == 5
    assert p.card.yahtzee_bonus == 0


# --- free-choice Joker -------------------------------------------------------

def test_free_joker_any_box_but_joker_only_when_matching_upper_filled():
    p = Pair("yahtzee-free-joker")
    p.fill("yahtzee", (2, 2, 2, 2, 2))
    opts = p.options((5, 5, 5, 5, 5))
    assert len(opts) == 12  # every open box
    assert opts["full_house"] == 0 and opts["small_straight"] == 0
    assert opts["large_straight"] == 0
    assert opts["fives"] == 25 and opts["chance"] == 25 and opts["aces"] == 0
    assert p.fill("aces", (5, 5, 5, 5, 5)) == 100  # bonus paid in any box
    p.fill("fives", (5, 5, 5, 1, 2))
    opts = p.options((5, 5, 5, 5, 5))
    assert opts["full_house"] == 25 and opts["small_straight"] == 30
    assert opts["large_straight"] == 40 and opts["twos"] == 0
    assert p.fill("small_straight", (5, 5, 5, 5, 5)) == 130
    assert p.card.yahtzee_bonus == 200


def test_free_joker_needs_the_yahtzee_box_filled():
    p = Pair("yahtzee-free-joker")
    p.fill("fives", (5, 5, 5, 1, 2))
    opts = p.options((5, 5, 5, 5, 5))
    assert opts["full_house"] == 0 and opts["yahtzee"] == 50
    assert p.fill("full_house", (5, 5, 5, 5, 5)) == 0
    assert p.card.yahtzee_bonus == 0


# --- 1956 Joker --------------------------------------------------------------

def test_1956_joker_must_go_to_lower_section_even_when_matching_upper_open():
    p = Pair("yahtzee-1956")
    p.fill("yahtzee", (4, 4, 4, 4, 4))
    opts = p.options((3, 3, 3, 3, 3))
    assert set(opts) == {"three_of_a_kind", "four_of_a_kind", "full_house",
                         "small_straight", "large_straight", "chance"}
    assert opts["full_house"] == 25 and opts["large_straight"] == 40
    p.reject("threes", (3, 3, 3, 3, 3))
    assert p.fill("four_of_a_kind", (3, 3, 3, 3, 3)) == 15 + 100


def test_1956_joker_upper_box_scores_zero_even_when_matching():
    p = Pair("yahtzee-1956")
    p.fill("yahtzee", (4, 4, 4, 4, 4))
    for box in ("three_of_a_kind", "four_of_a_kind", "full_house",
                "small_straight", "large_straight", "chance"):
        p.fill(box, zero_roll("yahtzee-1956", box))
    opts = p.options((3, 3, 3, 3, 3))
    assert opts == {b: 0 for b in ref.upper_boxes("yahtzee-1956")}
    assert p.fill("threes", (3, 3, 3, 3, 3)) == 100
    assert p.card.filled["threes"] == 0


# --- rulesets without Joker or Yahtzee bonus -----------------------------------

@pytest.mark.parametrize("name", ("yatzy", "yacht"))
def test_no_joker_and_no_bonus_for_second_five_alike(name):
    p = Pair(name)
    five = ref.five_alike_box(name)
    assert p.fill(five, (2, 2, 2, 2, 2)) == 50
    opts = p.options((5, 5, 5, 5, 5))
    assert len(opts) == len(ref.boxes(name)) - 1
    assert opts["full_house"] == 0
    assert p.fill("full_house", (5, 5, 5, 5, 5)) == 0
    assert p.fill("fives", (5, 5, 5, 5, 5)) == 25
    assert p.card.yahtzee_bonus == 0


# --- illegal fills -------------------------------------------------------------

@pytest.mark.parametrize("name", UPPER)
def test_filling_a_filled_box_raises_and_changes_nothing(name):
    p = Pair(name)
    ones, sixes = ref.upper_boxes(name)[0], ref.upper_boxes(name)[5]
    p.fill(ones, (6, 6, 5, 5, 4))
    p.reject(ones, (1, 2, 3, 4, 6))
    p.fill(sixes, (6, 1, 2, 3, 4))
    p.reject(sixes, (6, 6, 6, 3, 4))


@pytest.mark.parametrize("name", ref.CARD_RULESETS)
def test_unknown_box_is_an_illegal_move(name):
    p = Pair(name)
    p.reject("bogus_box", (1, 2, 3, 4, 5))


@pytest.mark.parametrize("name", FIVE_DICE)
def test_full_card_offers_nothing_and_totals_add_up(name):
    p = Pair(name)
    for box in ref.boxes(name):
        p.fill(box, (6, 6, 6, 5, 5) if box != ref.five_alike_box(name) else (4, 4, 4, 4, 4))
    assert p.card.options((1, 2, 3, 4, 5)) == {}
    for box in ref.boxes(name):
        p.reject(box, (6, 6, 6, 6, 6))


@pytest.mark.parametrize("name", ref.CARD_RULESETS)
def test_cards_of_random_fills_match_reference(name):
    """Seeded random legal fills (many five-alikes) against the reference card."""
    import random
    rng = random.Random(1234 + len(name))
    n = ref.DICE.get(name, 5)
    for _ in range(40):
        p = Pair(name)
        while not p.ref.full:
            if rng.random() < 0.35:
                face = rng.randint(1, 6)
                dice = (face,) * n
            else:
                dice = tuple(rng.randint(1, 6) for _ in range(n))
            opts = p.options(dice)
            assert opts, "a card with open boxes must offer a box"
            p.fill(rng.choice(sorted(opts)), dice)
