"""Balut: known answers from the sources' own words and examples (docs/RULES.md,
Balut), its points against the reference scorer, and the standings by points, then
total."""
import random

import pytest

import yahtzee_core as yc
import reference_scoring as ref
from game_helpers import lcg

RULES = yc.ruleset("balut")


def box(category, cell=1):
    return RULES.box_index("%s_%d" % (category, cell))


def card_of(fills):
    """A Scorecard with {box name: dice} filled in order."""
    card = yc.Scorecard(RULES)
    for name, dice in fills:
        card.fill(name, dice)
    return card


def test_the_card_is_seven_categories_of_four_cells_28_turns():
    assert RULES.cells == 4 and RULES.n_boxes == RULES.rounds == 28
    assert RULES.labels.split("|") == ["Fours", "Fives", "Sixes", "Straight", "House",
                                       "Choice", "Balut"]
    # box = cell * 7 + category: the labels are one cell's
    assert RULES.categories[7 * 2 + 3] == "straight_3"
    assert (RULES.n_dice, RULES.turn_rolls) == (5, 3)


def test_the_sources_example_roll_in_sixes_fives_and_fours():
    # "If you roll and score in the Sixes category, your total would be 18. This same
    # roll would yield zero in the Fives and 4 in the Fours" (balut.org, bead.game):
    # three sixes, one four and no five.
    roll = (6, 4, 6, 1, 6)
    assert [RULES.score(roll, n) for n in ("sixes_1", "fives_2", "fours_4")] == [18, 0, 4]


@pytest.mark.parametrize("dice, want", [
    ((1, 2, 3, 4, 5), 15),    # small straight: 15
    ((6, 5, 4, 3, 2), 20),    # large straight: 20
    ((1, 2, 3, 4, 6), 0),
    ((3, 4, 5, 6, 6), 0),     # four in a row is no straight here
])
def test_straights_score_15_or_20(dice, want):
    for cell in range(1, 5):
        assert RULES.score(dice, "straight_%d" % cell) == want


def test_house_choice_and_balut_score_the_sum():
    assert RULES.score((5, 5, 5, 2, 2), "house_1") == 19
    assert RULES.score((6, 6, 6, 5, 5), "house_4") == 28   # the "high house"
    assert RULES.score((4, 4, 4, 4, 4), "house_1") == 0    # five alike: no house
    assert RULES.score((4, 4, 4, 4, 2), "house_1") == 0
    assert RULES.score((1, 1, 2, 3, 6), "choice_2") == 13
    assert RULES.score((6, 6, 6, 6, 6), "balut_1") == 50   # 20 plus the sum
    assert RULES.score((1, 1, 1, 1, 1), "balut_3") == 25
    assert RULES.score((1, 1, 1, 1, 2), "balut_1") == 0


def test_every_box_may_take_a_zero_and_none_twice():
    card = yc.Scorecard(RULES)
    assert card.fill("balut_2", (1, 2, 3, 4, 6)) == 0
    with pytest.raises(yc.IllegalMove):
        card.fill("balut_2", (2, 2, 2, 2, 2))
    assert card.options((2, 2, 2, 2, 2))["balut_1"] == 30
    assert "balut_2" not in card.options((2, 2, 2, 2, 2))


def perfect_card():
    """Every goal met, four baluts and a total over 650."""
    fills = []
    for cell in range(1, 5):
        fills += [("fours_%d" % cell, (4, 4, 4, 4, 4)), ("fives_%d" % cell, (5, 5, 5, 5, 5)),
                  ("sixes_%d" % cell, (6, 6, 6, 6, 6)), ("straight_%d" % cell, (2, 3, 4, 5, 6)),
                  ("house_%d" % cell, (6, 6, 6, 5, 5)), ("choice_%d" % cell, (6, 6, 6, 6, 5)),
                  ("balut_%d" % cell, (6, 6, 6, 6, 6))]
    return card_of(fills)


def test_a_perfect_card_earns_the_sources_maximum_of_29_points():
    # Dice World: "29 points is the maximum you can score": 2 + 2 + 2 + 4 + 3 + 2, four
    # baluts at 2, and 6 for a total of 650 or more.
    card = perfect_card()
    assert card.total == 80 + 100 + 120 + 80 + 112 + 116 + 200
    assert card.rules.game_points(card.scores) == 29


def test_goals_are_met_at_their_thresholds_exactly():
    # Fours 52 = 4 + 16 + 16 + 16 (13 fours); one less four: 48, no points
    fours = [("fours_1", (4, 1, 1, 2, 3))] + [("fours_%d" % c, (4, 4, 4, 4, 1))
                                              for c in (2, 3, 4)]
    assert RULES.category_points(card_of(fours).scores, 0) == 2
    fours[0] = ("fours_1", (1, 1, 1, 2, 3))
    assert RULES.category_points(card_of(fours).scores, 0) == 0
    # Choice 100 in four cells: 25 each
    choice = [("choice_%d" % c, (5, 5, 5, 5, 5)) for c in range(1, 5)]
    assert RULES.category_points(card_of(choice).scores, 5) == 2
    choice[0] = ("choice_1", (5, 5, 5, 5, 4))
    assert RULES.category_points(card_of(choice).scores, 5) == 0


def test_straights_and_houses_need_all_four_cells_scoring():
    straights = [("straight_%d" % c, (1, 2, 3, 4, 5)) for c in range(1, 5)]
    card = card_of(straights[:3])
    assert RULES.category_points(card.scores, 3) == 0       # three of four: not yet
    card.fill(*straights[3])
    assert RULES.category_points(card.scores, 3) == 4
    houses = [("house_%d" % c, (2, 2, 3, 3, 3)) for c in range(1, 4)] + \
        [("house_4", (2, 2, 3, 3, 4))]                      # a zero: the points are lost
    assert RULES.category_points(card_of(houses).scores, 4) == 0
    houses[3] = ("house_4", (1, 1, 6, 6, 6))
    assert RULES.category_points(card_of(houses).scores, 4) == 3


def test_each_balut_earns_2_points():
    card = card_of([("balut_1", (3, 3, 3, 3, 3)), ("balut_2", (1, 2, 3, 4, 5)),
                    ("balut_4", (6, 6, 6, 6, 6))])
    assert RULES.category_points(card.scores, 6) == 4


@pytest.mark.parametrize("total, points", [
    (0, -2), (299, -2), (300, -1), (349, -1), (350, 0), (399, 0), (400, 1), (449, 1),
    (450, 2), (499, 2), (500, 3), (549, 3), (550, 4), (599, 4), (600, 5), (649, 5),
    (650, 6), (700, 6)])
def test_the_total_score_bands(total, points):
    # The total spread over the Choice cells, then Fours' (as bytes: the points count
    # what a card holds); whatever goals that meets, the band is the rest.
    scores = bytearray(b"\xff" * 28)
    left = total
    for b in (5, 12, 19, 26, 0, 7, 14, 21):
        scores[b] = min(left, 200)
        left -= scores[b]
    goals = sum(RULES.category_points(scores, c) for c in range(7))
    assert RULES.game_points(scores) - goals == points
    assert ref.balut_points({RULES.categories[b]: scores[b] for b in range(28)
                             if scores[b] != 255}) == goals + points


def test_points_match_the_reference_on_random_cards():
    rng = random.Random(26)
    for _ in range(300):
        card = yc.Scorecard(RULES)
        filled = {}
        order = list(range(28))
        rng.shuffle(order)
        for b in order[:rng.randrange(29)]:
            dice = (rng.randint(1, 6),) * 5 if rng.random() < 0.2 else \
                tuple(rng.randint(1, 6) for _ in range(5))
            filled[RULES.categories[b]] = card.fill(b, dice)
        assert card.rules.game_points(card.scores) == ref.balut_points(filled)
        assert card.total == sum(filled.values())


def test_standings_rank_points_first_then_the_total():
    game = yc.Game(RULES, 3, lcg(1))
    # seat 0: the perfect card; seat 1: fewer points, a higher total than seat 2;
    # seat 2: more points than seat 1 (four straights) on a lower total
    game.cards[0] = perfect_card()
    game.cards[1] = card_of([("choice_%d" % c, (6, 6, 6, 6, 6)) for c in range(1, 5)])
    game.cards[2] = card_of([("straight_%d" % c, (1, 2, 3, 4, 5)) for c in range(1, 5)])
    points = [c.rules.game_points(c.scores) for c in game.cards]
    totals = [c.total for c in game.cards]
    assert points[2] > points[1] and totals[1] > totals[2]
    assert game.ranking() == [(1, 0, totals[0]), (2, 2, totals[2]), (3, 1, totals[1])]
    want = ref.balut_standings([c.filled for c in game.cards])
    assert [(place, p) for place, p, _ in game.ranking()] == want


def test_equal_points_rank_by_total_and_equal_both_share_a_place():
    game = yc.Game(RULES, 3, lcg(1))
    game.cards[0] = card_of([("choice_1", (6, 6, 6, 6, 5))])
    game.cards[1] = card_of([("choice_1", (6, 6, 6, 6, 6))])
    game.cards[2] = card_of([("choice_1", (6, 6, 6, 6, 6))])
    assert [c.rules.game_points(c.scores) for c in game.cards] == [-2, -2, -2]
    assert [(place, p) for place, p, _ in game.ranking()] == [(1, 1), (1, 2), (3, 0)]


def test_the_other_rulesets_have_no_goals_and_rank_by_total():
    game = yc.Game("yahtzee", 2, lcg(3))
    game.cards[0].fill("chance", (1, 1, 1, 1, 2))
    game.cards[1].fill("chance", (6, 6, 6, 6, 5))
    assert game.rules.goals is None and game.rules.cells == 1
    assert [p for _, p, _ in game.ranking()] == [1, 0]


def test_a_whole_two_player_game_ends_after_28_rounds_and_saves_its_points():
    from game_helpers import play
    game = play(yc.Game(RULES, 2, lcg(9)), 1000, seed=9)
    assert game.over and game.round == 29
    back = yc.Game.from_bytes(game.to_bytes())
    assert [RULES.game_points(c.scores) for c in back.cards] == \
        [RULES.game_points(c.scores) for c in game.cards]
    assert back.ranking() == game.ranking()
    for card in game.cards:
        assert card.rules.game_points(card.scores) == ref.balut_points(card.filled)
