"""ui/hints.py tick on a board with room (yahtzee_core/planner_room.py): a human's
idle frames work the next decisions out ahead, and with the dice final the next
computer's, when the computer and the hints share one planner (App.begin_game: a
perfect computer plays by the hint source's planner)."""
from types import SimpleNamespace

import yahtzee_core as yc
from hardware.dice import SeededDice
from ui import hints
from yahtzee_core.bots import Bot
from yahtzee_core.planner_room import RoomyPlanner, _BUILT


class Scrambled:
    """Turn-start values from the state's bits (no order a shortcut could lean on)."""

    def value(self, mask, u, y):
        return (mask * 7919 + u * 104729 + y * 1299709) % 25000


def shared_app():
    """A computer (seat 0) and a human (seat 1) on one planner; the computer's turn
    done, the human's dice final."""
    rules = yc.ruleset('yahtzee')
    _BUILT.clear()
    planner = RoomyPlanner(rules, Scrambled())
    bot = Bot('perfect', rules, planner)
    g = yc.Game(rules, ['perfect', 'human'], SeededDice(7))
    g.roll()
    g.fill(bot.choose_box(g.card, g.dice))
    for _ in range(3):
        g.roll()
    assert g.current == 1 and g.rolls_left == 0
    app = SimpleNamespace(game=g, hints=True, hint_source=SimpleNamespace(planner=planner),
                          version=5, bots=[bot, None], is_cpu=lambda p: p == 0)
    return app, planner, bot


def test_final_dice_work_out_the_computers_turn_and_then_rest():
    app, planner, bot = shared_app()
    g = app.game
    steps = 0
    while planner.version >= -1:        # the turn's mark (below -1) once worked out
        hints.tick(app)
        steps += 1
        assert steps <= 8
    # the planner keeps the computer's state: both rolls' values
    planner._prepare(g.cards[0])
    assert planner._kept == 3
    # no further work on later quiet frames: nothing is worked out again
    planner._last_roll_values = planner._sweep = None
    for _ in range(20):
        hints.tick(app)
    # the human's box hint (on the human's state) and fill; the computer's turn finds
    # its values kept all the same
    g.fill(planner.best_box_index(g.card, g.dice)[0])
    g.roll()
    bot.choose_hold(g.card, g.dice, 2)
    bot.choose_hold(g.card, g.dice, 1)
