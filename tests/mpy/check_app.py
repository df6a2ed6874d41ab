# The app's logic under MicroPython / CircuitPython: a scripted game with the views
# replaced by a recording stand-in (no displayio here). Run by tests/test_device_app.py;
# with the argument "bench", bench/bench_app.py reads the "alloc" lines it prints.
# With "perfect TABLE" the computer plays perfect from that strategy table and the
# human asks for a hint and follows it at every decision.
# The work happens in main(): its locals intern no names, so the heap it runs in is
# the app's (tests/test_device_app.py runs it under a fixed budget).
# Prints "app checks passed" at the end.
import gc
import sys

from events import actions as A
from ui import app as ui_app
from ui import codes
from ui.loop import Runner

from lcg_dice import Dice


class RecordingViews:
    """Stands in for ui.views.views.Views: remembers what it was asked to draw, allocation-free."""

    def __init__(self):
        self.updates = 0
        self.scenes = bytearray(32)     # updates seen per scene
        self.list_rows = 4
        self.faces = bytearray(5)

    def update(self, app):
        self.updates += 1
        self.scenes[app.scene] += 1
        f = app.view.faces
        for i in range(5):
            self.faces[i] = f[i]


class Gauge:
    """hw.battery as the loop sees it (hardware/battery.py, whose own reading
    allocates nothing: tests/test_device_power.py): a new reading every 5 s, steady."""

    def __init__(self):
        self.due = 0
        self.present = True
        self.external = self.low = self.save_now = False
        self.percent = 73

    def update(self, now_ms):
        if now_ms < self.due:
            return False
        self.due = now_ms + 5000
        return True


class Board:
    """What the Runner reads of the hardware: the shake sensor and the battery gauge."""

    def __init__(self):
        self.has_shake = True
        self.messages = []
        self.battery = Gauge()


def main(argv):
    perfect = len(argv) > 2 and argv[1] == "perfect"
    table = argv[2] if perfect else None
    nvm = bytearray(b"\xff" * 1024)
    views = RecordingViews()
    app = ui_app.App(storage=nvm, rng=Dice(7), now_ms=1000, list_rows=4, table_path=table)
    runner = Runner(app, views, hw=Board())
    clock = [1000]

    def frame(action=A.NONE, ms=25):
        clock[0] += ms
        runner.step(clock[0], action)

    def press(*actions):
        for a in actions:
            frame(a)

    def alloc_per_frame(frames):
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        for _ in range(frames):
            frame()
        used = gc.mem_alloc() - before
        gc.enable()
        return used

    # -- new game: me against a computer ("good", or "perfect" with a table) ----------
    frame()
    assert app.scene == ui_app.MENU, app.scene
    assert app.view.battery == 73, app.view.battery     # the gauge's reading, for the menus' mark
    press(A.OK)                                  # New game
    press(A.RIGHT)                               # 2 players
    press(A.DOWN, A.DOWN, A.RIGHT)               # P2: CPU perfect ...
    if not perfect:
        press(A.RIGHT)                           # ... or good
    while app.view.items[app.view.cursor] != "Start game":
        press(A.DOWN)
    press(A.OK)
    assert app.scene == codes.TURN, app.scene      # the handover: P1 takes the device
    press(A.OK)                                  # and rolls
    assert app.scene == ui_app.PLAY and app.game.rolls_left == 2, app.scene
    assert app.game.players == ("human", "perfect" if perfect else "good"), app.game.players

    # -- steady state: nothing happens for 200 frames ------------------------------------
    # (after the hint source's work ahead on the first quiet frames: ui/hints.py tick)
    for _ in range(20):
        frame()
    drawn = views.updates
    used = alloc_per_frame(200)
    assert views.updates == drawn, "an idle frame redrew"
    print("alloc idle play frame", used // 200, "bytes (total %d over 200 frames)" % used)

    # the dice tumble while shaking: faces change every frame or so, nothing else
    press(A.SHAKE_START)
    used = alloc_per_frame(200)
    assert views.updates > drawn + 50, views.updates
    print("alloc tumbling frame", used // 200, "bytes (total %d over 200 frames)" % used)
    press(A.SHAKE_END)
    assert app.game.rolls_left == 1
    for _ in range(80):     # the dice land, then the work ahead for them (ui/hints.py tick)
        frame()

    # a big moment: the banner flashes and the tune plays, frame by frame
    from ui.seats import big_moment
    big_moment(app, codes.MOMENT_YAHTZEE, clock[0])
    frame()
    drawn = views.updates
    used = alloc_per_frame(60)            # 60 frames of 25 ms: the whole 1.2 s
    assert views.updates > drawn + 5 and app.view.moment == 0, (views.updates, app.view.moment)
    print("alloc big moment frame", used // 60, "bytes (total %d over 60 frames)" % used)

    # -- play the game out: humans take the suggested box (or follow the hints), the
    # computer plays in 600 ms steps
    turns = 0
    hints = 0
    while not app.game.over:
        if app.scene == ui_app.PLAY:
            if perfect and app.game.rolled:
                press(A.HINT)                    # then OK follows it: dice held and the
                assert app.dialog == ui_app.DLG_HINT, app.dialog    # rest rolled, or the box
                press(A.OK)
                hints += 1
                continue
            press(A.OK)
        elif app.scene == ui_app.CARD:
            press(A.OK)
            if app.dialog == ui_app.DLG_ZERO:
                press(A.OK)
            turns += 1
        elif app.scene == ui_app.CPU:
            frame(ms=100)
        elif app.scene == codes.TURN:             # pass the device / take it
            press(A.OK)
        else:
            raise AssertionError("unexpected scene %d" % app.scene)
        assert turns < 40
    assert app.scene == ui_app.OVER, app.scene
    print("game over:", " ".join(app.view.items), "/", " ".join(app.view.values))
    assert views.scenes[ui_app.CPU] > 13 * 3, views.scenes[ui_app.CPU]
    if perfect:
        print("hints followed", hints)
        assert hints >= 13, hints
    for card in app.game.cards:
        for v in card.scores:
            assert v != 255

    used = alloc_per_frame(100)
    print("alloc idle list frame", used // 100, "bytes")

    press(A.OK)
    while app.scene == ui_app.INITIALS:
        press(A.OK)
    while app.scene != ui_app.MENU:
        press(A.OK)
    assert app.records.games == 1, app.records.games

    # -- a fresh boot on the same nvm keeps the records; no game to resume -------------
    runner = app = None           # a reboot: the old app is gone before the new one starts
    gc.collect()
    app = ui_app.App(storage=nvm, rng=Dice(1), now_ms=0)
    assert app.records.games == 1
    assert app.view.items[0] == "New game", app.view.items


main(sys.argv)
gc.collect()
print("mem in use after the game", gc.mem_alloc())
print("app checks passed")
