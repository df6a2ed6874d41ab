"""Game-level rules of the issue 13 rulesets: Generala's served bonus and instant win,
Duplicate play (every seat gets the same dice in a round), and saves of both."""
import random

import pytest

import yahtzee_core as yc
from yahtzee_core import Game, IllegalMove


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
    """Each seat rolls three times holding the dice `holds` names, then fills its
    first open box; returns each seat's dice after every roll."""
    seen = []
    for _ in game.players:
        mine = []
        game.roll()
        mine.append(bytes(game.dice))
        for _ in range(2):
            for i in range(5):
                game.hold(i, 1 if i in holds else 0)
            game.roll()
            mine.append(bytes(game.dice))
        game.fill(game.card.scores.index(255))
        seen.append(mine)
    return seen


@pytest.mark.parametrize('name', yc.RULESETS)
def test_duplicate_play_gives_every_seat_the_same_dice_for_the_same_holds(name):
    rng = random.Random(5)
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
