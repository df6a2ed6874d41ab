# A perfect computer without a strategy table under MicroPython / CircuitPython: its
# note ("no strategy table: playing at level good") holds the turn until a key closes
# it, then the turn goes on. Run by tests/test_ui_bot_note.py; prints "bot note checks
# passed".
from events import actions as A
from ui import app as ui_app
from ui.scenes import menus as scene_menus
from lcg_dice import Dice


app = ui_app.App(rng=Dice(5), now_ms=0)       # no table_path: perfect plays good
app.setup_players = 1
app.setup_kinds[0] = 1                          # CPU perfect
scene_menus.start_game(app, 0)
assert app.scene == ui_app.CPU and app.dialog == ui_app.DLG_NOTE, app.dialog
print("note:", " / ".join(app.dialog_lines))
app.tick(2000)
assert not app.game.rolled
app.handle(A.OK, 2000)
assert app.dialog == ui_app.DLG_NONE
now = 2000
while app.game.round == 1:
    now += 600
    app.tick(now)
assert app.dialog == ui_app.DLG_NONE
print("bot note checks passed")
