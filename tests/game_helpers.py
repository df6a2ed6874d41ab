"""Steps the game and save tests share (no test module imports another): a seeded dice
source, a game played part-way, and the checks that an action changes nothing or that
bytes are refused."""
import random

import pytest

import reference_scoring as ref
import yahtzee_core as yc


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


def lcg(seed):
    """A deterministic dice source (desktop tests only)."""
    state = [seed]

    def next_die():
        state[0] = (state[0] * 1103515245 + 12345) & 0x7FFFFFFF
        return (state[0] >> 16) % 6 + 1
    return next_die


def play(game, turns, seed=0):
    """Play `turns` turns: roll, hold a few dice, roll again, fill the best option."""
    pick = random.Random(seed)
    for _ in range(turns):
        if game.over:
            break
        if not game.rolled:
            game.roll()
        if game.rolls_left:
            for i in range(len(game.dice)):
                if pick.random() < 0.4:
                    game.hold(i)
            game.roll()
        opts = game.cards[game.current].options(game.dice)
        game.fill(max(sorted(opts), key=opts.get))
    return game


def mid_game(name="yahtzee", players=4, turns=17, seed=3):
    """A game in the middle of a turn, after its first roll, with two dice held."""
    turns = min(turns, len(ref.boxes(name)) * players - 1)
    game = play(yc.Game(name, players, lcg(seed)), turns, seed)
    game.roll()
    game.hold(1)
    game.hold(min(3, len(game.dice) - 1))   # Crag's three dice: the last
    return game


def assert_rejected(data):
    with pytest.raises(yc.SaveError):
        yc.Game.from_bytes(bytes(data), lcg(0))
