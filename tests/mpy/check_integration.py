# The loop and the app together under MicroPython / CircuitPython: the loop asking
# hw.has_shake each frame (allocation-free) until the sensor dies, hints from level good
# without a table, and the CSV export with a failing writer. Run by
# tests/test_device_app.py; prints "integration checks passed".
import gc
from events import actions as A
from ui import app as ui_app
from ui.loop import Runner
from lcg_dice import Dice


class Input:
    has_shake = True


class Hw:
    def __init__(self):
        self.input = Input()
        self.messages = []

    @property
    def has_shake(self):
        return bool(getattr(self.input, "has_shake", False))


class Views:
    list_rows = 4

    def update(self, app):
        pass


def read_only(path, lines):
    raise OSError(30)


hw = Hw()
app = ui_app.App(storage=bytearray(b"\xff" * 1024), rng=Dice(3), now_ms=0,
                 fs_writable=True, file_writer=read_only)
runner = Runner(app, Views(), hw=hw)
now = [0]


def frame(action=A.NONE):
    now[0] += 25
    runner.step(now[0], action)


frame()
assert app.view.items[5] == "Export CSV", app.view.items
for a in (A.DOWN, A.DOWN, A.DOWN, A.DOWN, A.DOWN, A.OK):
    frame(a)
assert app.view.dialog_lines[1] == "Drive is read-only", app.view.dialog_lines
frame(A.OK)
assert len(app.records.to_csv_lines(("yahtzee",))) == 10
while app.view.items[app.view.cursor] != "New game":
    frame(A.UP)
frame(A.OK)                                    # New game
while app.view.items[app.view.cursor] != "Start game":
    frame(A.DOWN)
frame(A.OK)
frame(A.OK)                                    # first roll
assert app.scene == ui_app.PLAY and app.game.rolls_left == 2

gc.collect()
gc.disable()
before = gc.mem_alloc()
for i in range(200):
    frame()
used = gc.mem_alloc() - before
gc.enable()
print("alloc idle frame with the shake check", used // 200, "bytes (total %d)" % used)
assert used == 0, used

hw.input.has_shake = False
hw.messages.append("shake sensor stopped answering: press OK to roll")
frame()
assert not app.settings.has_shake and app.dialog == ui_app.DLG_NOTE, app.dialog
frame(A.OK)
assert app.view.line_a == "2 left: hold, OK", app.view.line_a

frame(A.HINT)
assert app.dialog == ui_app.DLG_HINT, app.dialog
assert app.view.dialog_lines[0] == "Hint (no table)", app.view.dialog_lines   # level good's hint
assert app.view.dialog_lines[2] == "OK roll  BACK no" or app.view.dialog_lines[2] == "OK score  BACK no"
print("hint:", app.view.dialog_lines[1], "/", app.view.dialog_lines[2])
print("integration checks passed")
