# A game's working set in the app under CircuitPython (32-bit, a board's objects),
# for bench/bench_fits.py: arguments NAME LEVEL [TABLE]: the ruleset, the computer's
# level ("human": a solo game) and the strategy table's path. From the menu, a game
# with hints on starts (App.begin_game: its scene modules, the computer, the hint
# source) and plays three rounds, a hint on each of my rolls; after every press, a
# collection and the heap held beyond the menu's. Prints "need NAME LEVEL BYTES", the
# most held. The views are replaced (their bitmaps are made at boot, with the menu).
import gc
import sys

from events import actions as A
from ui import app as ui_app
from ui import codes
from ui.scenes import menus as scene_menus
from ui.loop import Runner

from lcg_dice import Dice


class Views:
    list_rows = 4

    def update(self, app):
        pass


def main(name, level, table):
    nvm = bytearray(b"\xff" * 4096)
    clock = [1000]
    app = ui_app.App(storage=nvm, rng=Dice(7), now_ms=clock[0], list_rows=4,
                     table_path=table)
    runner = Runner(app, Views())
    held = [0, 0]

    def press(a):
        clock[0] += 25
        runner.step(clock[0], a)
        gc.collect()
        held[1] = max(held[1], gc.mem_alloc() - held[0])

    press(A.NONE)
    assert app.scene == ui_app.MENU, app.scene
    gc.collect()
    held[0] = gc.mem_alloc()
    held[1] = 0
    app.hints = True
    app.settings.cpu_speed = 2                               # a computer's turn at once
    solo = level == "human"
    app.settings.setup_players = 1 if solo else 2
    app.settings.setup_kinds[1] = app.yc.KINDS.index(level)
    app.settings.setup_rules = app.yc.RULESETS.index(name)
    scene_menus.start_game(app, clock[0])
    assert app.live is app.game, "no room for the game"
    g = app.game
    while g.round <= 3 and not g.over:
        s = app.scene
        if app.dialog != ui_app.DLG_NONE:
            press(A.OK)
        elif s == ui_app.PLAY and g.rolled and g.rolls_left and not app.is_cpu(g.current):
            press(A.HINT)                           # the hint, then OK follows it
            if app.dialog == ui_app.DLG_NONE:
                press(A.OK)
        elif s in (ui_app.PLAY, ui_app.CARD, ui_app.CPU, codes.TURN, codes.ANNOUNCE):
            press(A.OK)
        else:
            raise AssertionError("unexpected scene %d" % s)
    print("need", name, level, held[1])


main(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)
