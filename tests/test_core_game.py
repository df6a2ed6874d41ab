"""Whole games and turn flow with scripted dice (the rng is injected)."""
import itertools

import pytest

import reference_scoring as ref
import yahtzee_core as yc
from tools.scripted_dice import ScriptedDice

ALL_ROLLS = sorted(set(tuple(sorted(d)) for d in itertools.product(range(1, 7), repeat=5)))


def play_turn(game, box):
    """Roll once (the faces already scripted) and fill `box`."""
    game.roll()
    return game.fill(box)


def zero_roll(name, box):
    return min((r for r in ALL_ROLLS if len(set(r)) > 1),
               key=lambda r: (ref.plain_score(name, r, box), r))


def assert_unchanged(game, action, *args, error=yc.IllegalMove):
    before = bytes(game.to_bytes())
    state = (bytes(game.dice), bytes(game.held), game.rolls_left, game.current, game.round,
             game.over, [bytes(c.scores) for c in game.cards], game.can_undo)
    with pytest.raises(error):
        action(*args)
    assert bytes(game.to_bytes()) == before
    assert state == (bytes(game.dice), bytes(game.held), game.rolls_left, game.current,
                     game.round, game.over, [bytes(c.scores) for c in game.cards],
                     game.can_undo)


# --- whole games -------------------------------------------------------------------

# 1575: the first Yahtzee fills the Yahtzee box (50). The forced Joker sends each later
# Yahtzee to its matching upper box while that is open, so Aces..Sixes come next (five
# of each face: 105, +35 bonus), and only then can 6-6-6-6-6 reach the lower boxes as a
# Joker: 30 + 30 + 25 + 30 + 40 + 30. Twelve further Yahtzees pay 12 x 100.
MAX_GAME = ([(1, "yahtzee")]
            + [(f, b) for f, b in zip(range(1, 7), ref.upper_boxes("yahtzee"))]
            + [(6, b) for b in ("three_of_a_kind", "four_of_a_kind", "full_house",
                                "small_straight", "large_straight", "chance")])


@pytest.mark.parametrize("players", [1, 3])
def test_highest_possible_score_1575(players):
    rng = ScriptedDice()
    game = yc.Game(yc.ruleset("yahtzee"), players, rng)
    for face, box in MAX_GAME:
        for p in range(players):
            assert game.current == p
            rng.add(face, face, face, face, face)
            play_turn(game, box)
    assert game.over
    for card in game.cards:
        assert card.total == 1575
        assert card.yahtzee_bonus == 1200 and card.upper_bonus == 35
    assert [row[2] for row in game.ranking()] == [1575] * players
    assert [row[0] for row in game.ranking()] == [1] * players
    assert game.stats(0)["yahtzees"] == 13
    assert game.stats(0)["yahtzee_bonuses"] == 12
    assert game.stats(0)["zeros"] == 0


def test_1575_needs_the_upper_boxes_first_under_forced_joker():
    rng = ScriptedDice([1] * 5 + [6] * 5)
    game = yc.Game(yc.ruleset("yahtzee"), 1, rng)
    play_turn(game, "yahtzee")
    game.roll()
    assert game.cards[0].options(game.dice) == {"sixes": 30}
    assert_unchanged(game, game.fill, "large_straight")
    assert game.fill("sixes") == 130


def test_lowest_possible_score_5():
    name = "yahtzee"
    rng = ScriptedDice([1] * 5)
    game = yc.Game(yc.ruleset(name), 1, rng)
    assert play_turn(game, "chance") == 5  # Yahtzee box still open: no Joker
    for box in ref.boxes(name):
        if box == "chance":
            continue
        rng.add(*zero_roll(name, box))
        assert play_turn(game, box) == 0
    assert game.over
    assert game.cards[0].total == 5
    assert game.stats(0)["zeros"] == 12


@pytest.mark.parametrize("name", ref.RULESETS)
@pytest.mark.parametrize("players", range(1, 9))
def test_every_player_count_plays_exactly_the_right_turns(name, players):
    n_boxes = len(ref.boxes(name))
    rng = ScriptedDice()
    game = yc.Game(name, players, rng)
    assert game.round == 1 and game.current == 0 and not game.over
    assert len(game.cards) == players and tuple(game.players) == ("human",) * players
    turns = 0
    while not game.over:
        assert game.round == turns // players + 1
        assert game.current == turns % players
        assert bytes(game.dice) == bytes(5) and bytes(game.held) == bytes(5)
        assert game.rolls_left == 3
        # a different deterministic roll each turn; no five alike where one on the first
        # roll would end the game at once (Generala served: tested on its own)
        dice = ALL_ROLLS[(turns * 37) % len(ALL_ROLLS)]
        if ref.instant_win(name, dice, True):
            dice = ALL_ROLLS[(turns * 37 + 1) % len(ALL_ROLLS)]
        rng.add(*dice)
        game.roll()
        opts = game.cards[game.current].options(game.dice)
        game.fill(sorted(opts)[turns % len(opts)])
        turns += 1
    assert turns == n_boxes * players
    assert all(c.filled_mask == (1 << n_boxes) - 1 for c in game.cards)
    assert_unchanged(game, game.roll)


@pytest.mark.parametrize("players", [0, 9, -1])
def test_player_count_out_of_range_is_rejected(players):
    with pytest.raises(ValueError):
        yc.Game(yc.ruleset("yahtzee"), players, ScriptedDice())


def test_player_kinds_are_kept():
    kinds = ("human", "perfect", "good", "beginner")
    game = yc.Game(yc.ruleset("yahtzee"), kinds, ScriptedDice())
    assert tuple(game.players) == kinds and len(game.cards) == 4
    with pytest.raises(ValueError):
        yc.Game(yc.ruleset("yahtzee"), ("human", "wizard"), ScriptedDice())


# --- turn flow ---------------------------------------------------------------------

def test_three_rolls_at_most_with_holds_between():
    rng = ScriptedDice([1, 2, 3, 4, 5])
    game = yc.Game(yc.ruleset("yahtzee"), 2, rng)
    assert bytes(game.dice) == bytes(5)
    assert game.rolls_left == 3
    assert_unchanged(game, game.hold, 0)     # hold before the first roll
    assert_unchanged(game, game.toggle, 0)
    assert_unchanged(game, game.fill, "chance")  # fill before the first roll
    game.roll()
    assert list(game.dice) == [1, 2, 3, 4, 5] and game.rolls_left == 2
    game.hold(0)
    game.hold(2)
    game.toggle(4)
    assert list(game.held) == [1, 0, 1, 0, 1]
    rng.add(6, 6)  # only the two free dice roll
    game.roll()
    assert list(game.dice) == [1, 6, 3, 6, 5] and game.rolls_left == 1
    assert rng.left == 0
    game.release(0)   # a die kept before may be rolled again
    game.toggle(2)
    assert list(game.held) == [0, 0, 0, 0, 1]
    rng.add(2, 2, 2, 2)
    game.roll()
    assert list(game.dice) == [2, 2, 2, 2, 5] and game.rolls_left == 0
    assert_unchanged(game, game.roll)        # a fourth roll
    assert rng.left == 0
    assert game.fill("twos") == 8
    # next player: fresh turn
    assert game.current == 1 and game.rolls_left == 3
    assert bytes(game.dice) == bytes(5) and bytes(game.held) == bytes(5)


def test_may_stop_after_first_roll():
    rng = ScriptedDice([3, 3, 3, 2, 2])
    game = yc.Game(yc.ruleset("yahtzee"), 1, rng)
    game.roll()
    assert game.fill("full_house") == 25
    assert game.round == 2


@pytest.mark.parametrize("index", [5, -6, 99])
def test_hold_out_of_range_is_illegal(index):
    rng = ScriptedDice([1, 2, 3, 4, 5])
    game = yc.Game(yc.ruleset("yahtzee"), 1, rng)
    game.roll()
    for action in (game.hold, game.release, game.toggle):
        assert_unchanged(game, action, index)


def test_illegal_moves_change_nothing():
    rng = ScriptedDice([4] * 5 + [4] * 5)
    game = yc.Game(yc.ruleset("yahtzee"), 2, rng)
    assert_unchanged(game, game.undo)               # nothing to undo
    game.roll()
    assert_unchanged(game, game.fill, "no_such_box")
    game.fill("yahtzee")
    game.roll()                                     # player 2 rolls 4-4-4-4-4 too
    game.fill("chance")
    rng.add(4, 4, 4, 4, 4)
    game.roll()                                     # player 1: forced Joker, Fours only
    assert_unchanged(game, game.fill, "yahtzee")    # filled
    assert_unchanged(game, game.fill, "chance")     # Joker must take Fours
    assert game.fill("fours") == 120


def test_bad_die_from_rng_leaves_game_unchanged():
    rng = ScriptedDice([1, 2, 7, 4, 5])
    game = yc.Game(yc.ruleset("yahtzee"), 1, rng)
    assert_unchanged(game, game.roll, error=ValueError)


def test_a_dice_source_failing_mid_draw_leaves_duplicate_plays_round_undrawn():
    """The round's 15 dice are drawn into a scratch buffer first: a source that fails
    on the 8th leaves the round undrawn and the game saveable, as it was."""
    rng = ScriptedDice([3, 1, 4, 1, 5, 2, 6, 0])
    game = yc.Game(yc.ruleset("yatzy"), 2, rng, duplicate=True)
    assert_unchanged(game, game.roll, error=ValueError)
    assert bytes(game.round_dice) == bytes(15)
    assert yc.Game.from_bytes(game.to_bytes()).to_bytes() == game.to_bytes()
    rng.add(*[2] * 15)
    game.roll()                                     # a working source: the round drawn
    assert bytes(game.round_dice) == bytes([2] * 15) and list(game.dice) == [2] * 5


# --- ranking and stats --------------------------------------------------------------

def test_ranking_shares_tied_places():
    rng = ScriptedDice()
    game = yc.Game(yc.ruleset("yahtzee"), 4, rng)
    # one round: totals 20, 15, 20, 30
    for faces in ((5, 5, 5, 5, 4), (5, 5, 5, 1, 2), (5, 5, 5, 5, 3), (6, 6, 6, 6, 6)):
        rng.add(*faces)
        game.roll()
        game.fill("fives" if faces[0] == 5 else "sixes")
    totals = [c.total for c in game.cards]
    assert totals == [20, 15, 20, 30]
    assert game.ranking() == [(1, 3, 30), (2, 0, 20), (2, 2, 20), (4, 1, 15)]


def test_stats_count_yahtzees_bonuses_and_zeros():
    rng = ScriptedDice([2] * 5 + [2] * 5 + [1, 2, 3, 4, 6] + [3] * 5)
    game = yc.Game(yc.ruleset("yahtzee"), 1, rng)
    game.roll(); game.fill("yahtzee")
    game.roll(); game.fill("twos")                   # bonus Yahtzee
    game.roll(); game.fill("full_house")             # a zero
    game.roll(); game.fill("threes")                 # another bonus Yahtzee
    assert game.stats(0) == {"yahtzees": 3, "yahtzee_bonuses": 2, "zeros": 1}


# --- undo --------------------------------------------------------------------------

def test_undo_restores_the_turn_and_bonuses_until_the_next_roll():
    rng = ScriptedDice()
    game = yc.Game(yc.ruleset("yahtzee"), 2, rng)
    # player 0 fills five upper boxes with four of each face: 4+8+12+16+20 = 60
    for face in range(1, 6):
        for p in range(2):
            rng.add(face, face, face, face, 6 if face != 6 else 1)
            game.roll()
            game.fill(ref.upper_boxes("yahtzee")[face - 1])
    assert game.cards[0].upper_total == 60
    rng.add(6, 6, 6, 1, 2)
    game.roll()
    game.hold(0)
    saved = bytes(game.to_bytes())
    dice, held, rolls = bytes(game.dice), bytes(game.held), game.rolls_left
    assert not game.can_undo
    gained = game.fill("sixes")
    assert gained == 18 + 35 and game.cards[0].upper_bonus == 35
    assert game.current == 1 and game.can_undo
    game.undo()
    assert bytes(game.to_bytes()) == saved
    assert game.current == 0 and bytes(game.dice) == dice and bytes(game.held) == held
    assert game.rolls_left == rolls and game.cards[0].upper_bonus == 0
    assert "sixes" not in game.cards[0].filled
    # fill something else instead, then the next roll ends the chance to undo
    game.fill("chance")
    assert game.can_undo
    rng.add(1, 1, 1, 1, 1)
    game.roll()
    assert not game.can_undo
    assert_unchanged(game, game.undo)


def test_undo_reverts_a_yahtzee_bonus_and_stats():
    rng = ScriptedDice([5] * 10)
    game = yc.Game(yc.ruleset("yahtzee"), 1, rng)
    game.roll(); game.fill("yahtzee")
    game.roll()
    before = bytes(game.to_bytes())
    stats_before = game.stats(0)
    assert game.fill("fives") == 125
    assert game.stats(0)["yahtzee_bonuses"] == 1
    game.undo()
    assert bytes(game.to_bytes()) == before
    assert game.stats(0) == stats_before
    assert game.cards[0].yahtzee_bonus == 0 and game.cards[0].total == 50


def test_undo_of_the_last_box_reopens_a_finished_game():
    rng = ScriptedDice()
    game = yc.Game(yc.ruleset("yacht"), 1, rng)
    for box in ref.boxes("yacht"):
        rng.add(6, 6, 6, 5, 5)
        game.roll()
        before = bytes(game.to_bytes())
        game.fill(box)
    assert game.over
    game.undo()
    assert not game.over and bytes(game.to_bytes()) == before
    game.fill("yacht")
    assert game.over


def test_nobody_undoes_a_computers_box():
    rng = ScriptedDice([3] * 10)
    game = yc.Game(yc.ruleset("yahtzee"), ("human", "good"), rng)
    game.roll(); game.fill("threes")
    assert game.can_undo                            # a human's box, until the next roll
    game.roll(); game.fill("chance")                # the computer seat fills
    assert game.last_fill is None and not game.can_undo
    assert_unchanged(game, game.undo)
    assert yc.Game.from_bytes(game.to_bytes()).last_fill is None
    assert game.current == 0 and game.cards[1].scores[12] == 15


def test_passing_the_turn_makes_the_box_final():
    rng = ScriptedDice([4] * 5)
    game = yc.Game(yc.ruleset("yahtzee"), 2, rng)
    game.roll(); game.fill("fours")
    assert game.can_undo
    game.pass_turn()                                # handed to the next player
    assert not game.can_undo
    assert_unchanged(game, game.undo)
    # and the save keeps it final
    again = yc.Game.from_bytes(game.to_bytes())
    assert not again.can_undo
