# Kniffel, Generala, Kismet, Triple Yahtzee, Crag, Balut, Yamb, Maxi Yatzy and Poker
# Dice in the app under MicroPython / CircuitPython, one game a run (as after a
# power-on): argument NAME plays a whole game of that ruleset, me against a beginner
# computer, with the views replaced (Triple Yahtzee, Balut and Yamb: the grid's cursor
# keys too; Crag: its three dice over the middle hold buttons; Maxi Yatzy: six dice,
# the sixth held by HOLD_6; Yamb: its announce step, where I announce once, then skip
# unless the turn must announce; "yamb-good": against level good, which announces with
# its planner); argument "served" plays Generala until the computer's served Generala
# ends the game at once. A second argument is the percentile tables' path pattern
# (App(percentile_path=...)): game over then reads the ruleset's table, as a board's
# bundle has one. Run by tests/test_device_app.py under a fixed heap.
# The work happens in main(): its locals intern no names. Prints "family checks passed".
import gc
import sys

from events import actions as A
from ui import app as ui_app
from ui import codes
from ui.scenes import menus as scene_menus
from ui.loop import Runner

from lcg_dice import Dice


class Views:
    """Stands in for ui.views.views.Views (nothing drawn)."""

    list_rows = 4

    def update(self, app):
        pass


class Script:
    """Listed faces, then the LCG's."""

    def __init__(self, faces, seed):
        self.faces = faces
        self.dice = Dice(seed)

    def __call__(self):
        if self.faces:
            return self.faces.pop(0)
        return self.dice()


def main(name, percentile_path):
    nvm = bytearray(b"\xff" * 4096)
    clock = [1000]
    served = name == "served"
    app = ui_app.App(storage=nvm, rng=Dice(11 + len(name)), now_ms=clock[0], list_rows=4,
                     percentile_path=percentile_path)
    app.hints = False       # (the hint source's heap is check_app's: a game asks none here)
    runner = Runner(app, Views())

    def press(*actions):
        for a in actions:
            clock[0] += 25
            runner.step(clock[0], a)

    press(A.NONE)
    good = name == "yamb-good"                      # Yamb against level good
    if good:
        name = "yamb"
    app.settings.setup_players = 2
    app.settings.setup_kinds[1] = 2 if good else 3           # a good or a beginner computer
    app.settings.setup_rules = app.yc.RULESETS.index("generala" if served else name)
    scene_menus.start_game(app, clock[0])
    g = app.game
    if served:
        # my straight, then the computer's five fives on its first roll
        g.rng = Script([3, 4, 5, 6, 1, 5, 5, 5, 5, 5], 1)
        press(A.OK, A.DOWN)                         # take the device and roll, the card
        assert app.view.values[6] == "(25)", app.view.values  # a straight served: 20 + 5
        press(A.OK, A.OK)                           # fill it, pass
        assert app.scene == ui_app.CPU, app.scene
        press(A.OK)
        assert g.winner == 1 and g.over and app.view.moment == codes.MOMENT_SERVIDA
        assert app.scene == ui_app.CPU, app.scene   # the dice and who won, until OK
        press(A.OK)
        assert app.scene == ui_app.OVER and app.view.items[1] == "1. Easy2", app.view.items
        print("served:", " ".join(app.view.items))
        return
    assert g.rules.name == name, g.rules.name
    moved = False
    announced = 0
    while not g.over:
        s = app.scene
        if s == codes.ANNOUNCE and app.dialog == ui_app.DLG_NONE:
            if not announced:               # the first open box under 'No announce'
                press(A.DOWN, A.OK)
                assert g.card.announced == 36, g.card.announced    # Ones A
                assert app.view.line_b == "Announced: Ones", app.view.line_b
            else:
                press(A.OK)                 # no announce, or the first open box
            announced += 1
            continue
        if (s == ui_app.PLAY and name == "crag" and not moved and g.rolled and
                g.rolls_left and app.dialog == ui_app.DLG_NONE):
            # three dice: HOLD2..HOLD4 hold dice 1..3, HOLD1 and HOLD5 nothing
            press(A.HOLD_1, A.HOLD_3, A.HOLD_5)
            assert len(g.dice) == 3 and bytes(g.held) == b"\x00\x01\x00", bytes(g.held)
            assert len(app.view.faces) == 3 and app.view.held[1] == 1, app.view.held
            moved = True
        if (s == ui_app.PLAY and name == "maxi-yatzy" and not moved and g.rolled and
                g.rolls_left and app.dialog == ui_app.DLG_NONE):
            # six dice: HOLD1..HOLD5 hold dice 1..5, HOLD5 held (HOLD_6) the sixth
            press(A.HOLD_6, A.HOLD_2)
            assert len(g.dice) == 6 and bytes(g.held) == b"\x00\x01\x00\x00\x00\x01", bytes(g.held)
            assert len(app.view.faces) == 6 and app.view.held[5] == 1, app.view.held
            moved = True
        if s == ui_app.PLAY and name == "poker-dice" and g.rolled and app.dialog == 0:
            # the hand on the play view; standing (OK after the last roll) fills the
            # round's box: no card to pick from
            assert app.view.line_a.split(" ")[0] in ("Nothing", "One", "Two", "Three", "Low",
                                                "High", "Full", "Four", "Five"), app.view.line_a
            moved = True
        if s == ui_app.PLAY or s == codes.TURN or app.dialog != ui_app.DLG_NONE:
            press(A.OK)
        elif s == ui_app.CARD:
            if (name == "triple-yahtzee" or name == "balut" or name == "yamb") and not moved:
                # the grid: down a column, along a row, back: the cursor on a box again
                start = app.view.cursor
                press(A.HOLD_2, A.HOLD_5, A.HOLD_4, A.HOLD_1)
                assert app.view.cursor == start and app.rows[start] >= 0, app.view.cursor
                moved = True
            press(A.OK)
        elif s == ui_app.CPU:
            press(A.OK)
        else:
            raise AssertionError("unexpected scene %d" % s)
    press(A.NONE)
    assert app.scene == ui_app.OVER, app.scene
    for card in g.cards:
        for v in card.scores:
            assert v != 255
    if name == "yamb":
        print("announce steps", announced)
    print(name, "over:", " ".join(app.view.items), "/", " ".join(app.view.values))


main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None)
gc.collect()
print("mem in use after the game", gc.mem_alloc())
print("family checks passed")
