# Three whole games in a row in the app under 32-bit CircuitPython (the views replaced):
# does each leave the heap at the menu as the first left it, and does every hint and
# every Odds row come (none missing, no "No memory free" note)? Arguments: NAME LEVEL
# (the ruleset, the computer's level; "human": a solo game). Hints on, the computer at
# speed instant; in round 2 of each game the pause menu's Odds screen is opened and
# read to its last row. The ruleset's high scores are full of unbeatable ones, so
# what the records hold does not grow. Prints "menu after game K: BYTES" (the heap in use at the menu
# after a collection) and "games checks passed". Run by tests/test_device_app.py.
import gc
import sys

from events import actions as A
from ui import app as ui_app
from ui import codes

from lcg_dice import Dice


class Views:
    list_rows = 4

    def update(self, app):
        pass


def main(name, level):
    nvm = bytearray(b"\xff" * 4096)
    app = ui_app.App(storage=nvm, rng=Dice(3), now_ms=0, list_rows=4)
    clock = [0]

    def press(a):
        clock[0] += 25
        app.handle(a, clock[0])
        if app.dialog == codes.DLG_NOTE:
            lines = app.view.dialog_lines
            assert lines[0] != 'No memory free' and lines[0] != 'Game too large', lines

    def tick():
        clock[0] += 100
        app.tick(clock[0])

    app.hints = True
    app.settings.cpu_speed = 2                           # a computer's turn at once
    solo = level == "human"
    app.settings.setup_players = 1 if solo else 2
    app.settings.setup_kinds[1] = app.yc.KINDS.index(level)
    app.settings.setup_rules = app.yc.RULESETS.index(name)
    held = []
    top = None      # the high scores: the ruleset's best three at the cap (below)
    for game in range(3):
        assert app.scene == ui_app.MENU, app.scene
        press(A.OK)                                      # New game: setup, as it was left
        while app.view.items[app.view.cursor] != "Start game":
            press(A.DOWN)
        press(A.OK)
        assert app.live is app.game, "the game did not start"
        g = app.game
        if top is None:
            # no score of these games stays in the high scores, so the records hold
            # as much after each game (the people's stats: counters, the seats'
            # entries made in game 1)
            top = [app.records.add_score(8191, "ZZZ", g.rules.id) for _ in range(3)]
        hints = odds = 0
        while not g.over:
            s = app.scene
            if app.dialog != codes.DLG_NONE:
                press(A.OK)
            elif s == ui_app.PLAY and g.rolled and not app.is_cpu(g.current):
                if g.round == 2 and not odds:
                    press(A.BACK)                        # the pause menu's Odds
                    while app.view.items[app.view.cursor] != "Odds":
                        press(A.DOWN)
                    press(A.OK)
                    assert app.scene == ui_app.ODDS, app.scene
                    while "..." in app.view.values:      # worked out a row a frame
                        tick()
                    assert len(app.view.values) == len(app.view.items) > 0
                    for v in app.view.values:
                        assert v and v != "?", app.view.values
                    odds += 1
                    press(A.BACK)
                    press(A.BACK)
                    assert app.scene == ui_app.PLAY, app.scene
                if g.rolls_left:
                    press(A.HINT)                        # then OK follows it
                    assert app.dialog == codes.DLG_HINT, (app.dialog, app.view.dialog_lines)
                    assert app.view.dialog_lines[0], app.view.dialog_lines
                    hints += 1
                press(A.OK)
            elif s in (ui_app.PLAY, ui_app.CARD, codes.TURN, codes.ANNOUNCE):
                press(A.OK)
            elif s == ui_app.CPU:
                tick()
            else:
                raise AssertionError("unexpected scene %d" % s)
        assert odds == 1 and hints >= g.rules.rounds, (odds, hints)
        while app.scene != ui_app.MENU:                  # the ranking, the records
            press(A.OK)
        gc.collect()
        held.append(gc.mem_alloc())
        print("menu after game %d: %d" % (game + 1, held[-1]))
        g = None
    # as much as the first left, give or take the collector's slack (a few stale
    # pointers it cannot rule out): a module or a table kept is a kilobyte or more
    assert max(held) - held[0] < 256, held


main(sys.argv[1], sys.argv[2])
print("games checks passed")
