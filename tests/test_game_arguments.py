"""Every public method of the core refuses a wrong type or value with IllegalMove (a
ValueError) and changes nothing: bools are not indices, and None, strings, floats and
out-of-range values are refused the same documented way."""
import pytest

import yahtzee_core as yc
from game_helpers import assert_unchanged
from tools.scripted_dice import ScriptedDice

BAD_INDEX = (True, False, None, "x", "", 1.0, 0.0, -1, 5, 99, [], (1,), b"\x00", {})
BAD_BOX = (True, False, None, 1.0, -1, 13, 255, "", "Aces", "aces ", b"aces", [], (0,))
BAD_DICE = (None, 5, "12345", (1, 2, 3, 4), (1, 2, 3, 4, 5, 6), (0, 1, 2, 3, 4),
            (1, 2, 3, 4, 7), (True, 2, 3, 4, 5), (1.0, 2, 3, 4, 5), ("1", 2, 3, 4, 5))


def rolled_game():
    game = yc.Game("yahtzee", 2, ScriptedDice([1, 2, 3, 4, 5] * 4))
    game.roll()
    game.hold(4)
    return game


@pytest.mark.parametrize("bad", BAD_INDEX)
def test_die_index_of_wrong_type_or_range_is_refused(bad):
    game = rolled_game()
    for action in (game.hold, game.release, game.toggle):
        assert_unchanged(game, action, bad)


@pytest.mark.parametrize("keep", (2, 3, -1, 255, True, False, None, "1", 1.0))
def test_hold_keep_must_be_0_or_1(keep):
    game = rolled_game()
    assert_unchanged(game, game.hold, 0, keep)
    game.hold(0, 1)
    game.hold(0, 0)
    assert bytes(game.held) == b"\x00\x00\x00\x00\x01"


@pytest.mark.parametrize("bad", BAD_BOX)
def test_box_of_wrong_type_or_range_is_refused(bad):
    game = rolled_game()
    assert_unchanged(game, game.fill, bad)
    with pytest.raises(yc.IllegalMove):
        game.rules.score((1, 2, 3, 4, 5), bad)
    card = game.cards[0]
    with pytest.raises(yc.IllegalMove):
        card.fill(bad, (1, 2, 3, 4, 5))
    assert card.scores == bytearray(b"\xff" * 13)


@pytest.mark.parametrize("bad", BAD_DICE)
def test_dice_of_wrong_type_or_range_are_refused(bad):
    card = yc.Scorecard(yc.ruleset("yahtzee"))
    for call in (lambda: card.fill("chance", bad), lambda: card.options(bad),
                 lambda: card.points_into(bad, bytearray(13)),
                 lambda: card.rules.score(bad, "chance")):
        with pytest.raises(yc.IllegalMove):
            call()
    assert card.scores == bytearray(b"\xff" * 13) and card.bonus_count == 0


@pytest.mark.parametrize("bad", BAD_INDEX + (2,))
def test_stats_of_no_such_player_is_refused(bad):
    game = rolled_game()
    assert_unchanged(game, game.stats, bad)


@pytest.mark.parametrize("rules, players", [
    ("nope", 1), ("yahtzee", None), ("yahtzee", 1.0), ("yahtzee", "human"),
    ("yahtzee", True), ("yahtzee", 0), ("yahtzee", 9), ("yahtzee", ["human", "x"]),
    ("yahtzee", [None])])
def test_new_game_with_bad_arguments_is_a_value_error(rules, players):
    # (a ruleset object or name is trusted beyond that: no resident code for it)
    with pytest.raises(ValueError):
        yc.Game(rules, players)


@pytest.mark.parametrize("bad", (None, True, 1.0, 99, "YZ", [], b""))
def test_load_and_ruleset_refuse_wrong_types_with_their_documented_errors(bad):
    with pytest.raises(yc.SaveError):
        yc.Game.from_bytes(bad)
    with pytest.raises(ValueError):
        yc.ruleset(bad)
