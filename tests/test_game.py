"""Whole games and turn flow with scripted dice (the rng is injected); the game-level
rules of some rulesets (Generala's served bonus and instant win), duplicate play
(every seat gets the same dice in a round), and saves of both."""

import itertools
import random

import pytest

import reference_scoring as ref
import yahtzee_core as yc
from tools.scripted_dice import ScriptedDice
from game_helpers import assert_unchanged
from yahtzee_core import Game, IllegalMove


ALL_ROLLS = sorted(set(tuple(sorted(d)) for d in itertools.product(range(1, 7), repeat=5)))


def play_turn(game, box):
    """Roll once (the faces already scripted) and fill `box`."""
    game.roll()
    return game.fill(box)


def zero_roll(name, box):
    return min((r for r in ALL_ROLLS if len(set(r)) > 1),
               key=lambda r: (ref.plain_score(name, r, box), r))


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


@pytest.mark.parametrize("name", ref.CARD_RULESETS)
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
        n = ref.DICE.get(name, 5)
        assert bytes(game.dice) == bytes(n) and bytes(game.held) == bytes(n)
        assert game.rolls_left == ref.TURN_ROLLS.get(name, 3)
        # a different deterministic roll each turn; no five alike where one on the first
        # roll would end the game at once (Generala served: tested on its own)
        dice = (ALL_ROLLS[(turns * 37) % len(ALL_ROLLS)] + (turns % 6 + 1,))[:n]
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


# -- Generala served, Double Generala, duplicate play ------------------------------------

def scripted(values):
    it = iter(values)
    return lambda: next(it)


def test_a_served_straight_scores_five_more_than_one_made_later():
    game = Game('generala', 1, scripted([3, 4, 5, 6, 1, 3, 4, 5, 6, 1] + [2] * 5))
    game.roll()
    assert game.options()['straight'] == 25
    assert game.fill('straight') == 25
    game.roll()
    game.hold(0), game.hold(1), game.hold(2), game.hold(3), game.hold(4)
    game.roll()  # second roll of the turn, dice unchanged: no longer served
    assert game.options()['four_of_a_kind'] == 0
    assert game.options()['full_house'] == 0


def test_a_full_made_on_the_second_roll_is_not_served():
    game = Game('generala', 1, scripted([2, 2, 2, 3, 4] + [3, 3]))
    game.roll()
    game.hold(0), game.hold(1), game.hold(2)
    game.roll()
    assert list(game.dice) == [2, 2, 2, 3, 3]
    assert game.fill('full_house') == 30


def test_a_served_generala_wins_the_game_at_once_even_behind():
    rolls = [1, 2, 3, 4, 6] + [6, 6, 6, 6, 5, 6] + [6, 6, 6, 6, 6]
    game = Game('generala', 2, scripted(rolls))
    game.roll()
    game.fill('sixes')             # seat 0: 6 points
    game.roll()                    # seat 1: four 6s, the fifth rerolled into a Generala
    game.hold(0), game.hold(1), game.hold(2), game.hold(3)
    game.roll()
    game.fill('generala')          # seat 1: 50, not served (second roll)
    assert game.winner == -1 and not game.over
    game.roll()                    # seat 0 again: five 6s on the first roll
    assert game.over and game.winner == 0
    assert game.ranking()[0][:2] == (1, 0) and game.ranking()[1][:2] == (2, 1)
    with pytest.raises(IllegalMove):
        game.fill('generala')
    again = Game.from_bytes(game.to_bytes())
    assert again.over and again.winner == 0 and again.to_bytes() == game.to_bytes()


def test_double_generala_needs_a_generala_of_fifty_first():
    game = Game('generala', 1, scripted([4, 4, 4, 4, 5, 4] + [4, 4, 4, 4, 2, 4]))
    game.roll()
    game.hold(0), game.hold(1), game.hold(2), game.hold(3)
    game.roll()
    assert game.options()['double_generala'] == 0   # the Generala box is still open
    assert game.fill('generala') == 50
    game.roll()
    game.hold(0), game.hold(1), game.hold(2), game.hold(3)
    game.roll()
    assert game.fill('double_generala') == 100


def _play_duplicate_round(game, holds):
    """Each seat rolls as often as a turn allows (three times; Crag twice) holding the
    dice `holds` names, then fills its first open box; returns each seat's dice after
    every roll."""
    seen = []
    for _ in game.players:
        mine = []
        game.roll()
        mine.append(bytes(game.dice))
        for _ in range(game.rules.turn_rolls - 1):
            for i in range(len(game.dice)):
                game.hold(i, 1 if i in holds else 0)
            game.roll()
            mine.append(bytes(game.dice))
        game.fill(game.card.scores.index(255))
        seen.append(mine)
    return seen


@pytest.mark.parametrize('name', yc.RULESETS)
def test_duplicate_play_gives_every_seat_the_same_dice_for_the_same_holds(name):
    rng = random.Random(5)
    if yc.ruleset(name).n_dice > 5:   # the round's 15 dice: five a roll at most
        with pytest.raises(ValueError):
            Game(name, 3, lambda: rng.randint(1, 6), duplicate=True)
        return
    game = Game(name, 3, lambda: rng.randint(1, 6), duplicate=True)
    for _ in range(2):
        seen = _play_duplicate_round(game, holds=(0, 2))
        assert seen[0] == seen[1] == seen[2]
        if game.over:
            break
    plain = Game(name, 3, lambda: rng.randint(1, 6))
    seen = _play_duplicate_round(plain, holds=(0, 2))
    assert not seen[0] == seen[1] == seen[2]


def test_duplicate_play_draws_new_dice_each_round_and_saves_them():
    rng = random.Random(11)
    game = Game('yahtzee', 2, lambda: rng.randint(1, 6), duplicate=True)
    first = _play_duplicate_round(game, holds=())
    game.roll()
    data = game.to_bytes()
    again = Game.from_bytes(data, lambda: 1 / 0)  # the round's dice come from the save
    assert again.round_dice == game.round_dice and again.to_bytes() == data
    again.roll()
    game.roll()
    assert again.dice == game.dice
    assert _play_duplicate_round(Game('yahtzee', 2, lambda: rng.randint(1, 6), True),
                                 holds=()) != first


def test_a_duplicate_save_whose_dice_are_not_the_rounds_is_refused():
    rng = random.Random(3)
    game = Game('yatzy', 2, lambda: rng.randint(1, 6), duplicate=True)
    game.roll()
    Game.from_bytes(game.to_bytes())
    game.dice[0] = game.round_dice[0] % 6 + 1   # any face but the drawn one
    with pytest.raises(yc.SaveError):
        Game.from_bytes(game.to_bytes())


@pytest.mark.parametrize('name', ('kniffel', 'generala', 'kismet', 'triple-yahtzee'))
@pytest.mark.parametrize('duplicate', (False, True))
def test_new_rulesets_play_whole_games_and_reload_after_every_step(name, duplicate):
    rng = random.Random(name)
    game = Game(name, 2, lambda: rng.randint(1, 6), duplicate)
    steps = 0
    while not game.over:
        game.roll()
        if rng.random() < 0.5 and game.rolls_left and not game.over:
            game.hold(rng.randrange(5))
            game.roll()
        if game.over:
            break
        options = game.options()
        box = rng.choice(sorted(options))
        game.fill(box)
        data = game.to_bytes()
        assert Game.from_bytes(data).to_bytes() == data
        steps += 1
    rules = game.rules
    assert game.winner >= 0 or steps == 2 * rules.n_boxes
    for card in game.cards:
        assert card.total == sum(card.scores[b] for b in range(rules.n_boxes)
                                 if card.scores[b] != 255) + card.upper_bonus + card.yahtzee_bonus
