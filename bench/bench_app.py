"""App figures: the heap tests/mpy/check_app.py (the app state machine playing a
scripted game, views replaced by a recording stand-in) needs on CircuitPython 10.2.1
(32-bit, when its desktop build is there: tests/mpy_util.py) as .mpy and as .py sources, against a
`good` computer and against a `perfect` one with a hint on every human decision
(lowest heap that passed / lowest from which every larger heap passes); heap bytes
allocated per frame (steady state, goal 0); save sizes per player count; what the
journal keeps on common nvm sizes (the flash figures: bench/bench_saves.py).
--family: instead, the same two heap figures on CircuitPython for
tests/mpy/check_family.py, a whole game of each ruleset in the app (the budgets of
tests/test_device_app.py), .mpy and .py (about half an hour: name some to shorten it).

    .venv/bin/python bench/bench_app.py [--quick]     (--quick: no heap scan)
    .venv/bin/python bench/bench_app.py --family [NAME ...]
"""
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))

import yahtzee_core as yc                    # noqa: E402
from yahtzee_core.journal import FRAME       # noqa: E402


def check_app_args(mode):
    """check_app.py arguments for a mode: "good", or "perfect" (+ hints) with a table."""
    if mode == "good":
        return ()
    from tools.strategy_table import ensure_tables
    table = ensure_tables("yahtzee", os.path.join(ROOT, "tables"))["plain"]
    return ("perfect", os.path.abspath(table))


def circuitpython_heap_floors():
    from mpy_util import (CIRCUITPYTHON_MISSING, circuitpython_available, heap_floor,
                          run_micropython)
    if not circuitpython_available():
        print("CircuitPython: %s; no heap figures" % CIRCUITPYTHON_MISSING)
        return
    print("heap for tests/mpy/check_app.py on CircuitPython 10.2.1 (32-bit), lowest that "
          "passed / lowest from which every larger heap passes:")
    for mode in ("good", "perfect"):
        args = check_app_args(mode)
        for compiled in (True, False):
            def completes(k):
                done = run_micropython(os.path.join(ROOT, "tests", "mpy", "check_app.py"),
                                       heapsize="%dK" % k, compiled=compiled,
                                       packages=("yahtzee_core", "ui"), args=args,
                                       port="circuitpython")
                return done.returncode == 0 and "app checks passed" in done.stdout
            low, reliable = heap_floor(completes, lo=32, hi=512, above=8)
            print("  vs %-36s %s: %s / %s K" % (
                "good" if mode == "good" else "perfect, a hint on every decision",
                ".mpy" if compiled else ".py ", low, reliable))


FAMILY_GAMES = ("kniffel", "generala", "kismet", "triple-yahtzee", "crag", "balut", "yamb",
                "yamb-good", "maxi-yatzy", "poker-dice", "served")


def family_heap_floors(names):
    """check_family.py's heap floors on CircuitPython, .mpy and .py, a line a game
    (as tests/test_device_app.py plays them: Balut and Poker Dice with their
    percentile table)."""
    import subprocess
    import tempfile
    from mpy_util import CIRCUITPYTHON_MISSING, circuitpython_available, heap_floor, \
        run_micropython
    from tools.percentile_table import table_for
    if not circuitpython_available():
        print("CircuitPython: %s; no heap figures" % CIRCUITPYTHON_MISSING)
        return
    print("heap for tests/mpy/check_family.py on CircuitPython 10.2.1 (32-bit), lowest "
          "that passed / lowest from which every larger heap passes (scanned 8K above):")
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            args = (name,)
            if name in ("balut", "poker-dice"):
                with open(os.path.join(tmp, name + ".pct"), "wb") as f:
                    f.write(table_for(name))
                args = (name, os.path.join(tmp, "%s.pct"))
            figures = []
            for compiled in (True, False):
                def completes(k):
                    try:
                        done = run_micropython(
                            os.path.join(ROOT, "tests", "mpy", "check_family.py"),
                            heapsize="%dK" % k, compiled=compiled, args=args, timeout=90,
                            packages=("yahtzee_core", "ui"), port="circuitpython")
                    except subprocess.TimeoutExpired:   # near the floor a game can play
                        return False                    # on without end
                    return done.returncode == 0 and "family checks passed" in done.stdout
                low, reliable = heap_floor(completes, lo=64, hi=256, above=8)
                figures.append("%s %s / %s K" % (".mpy" if compiled else ".py", low, reliable))
            print("  %-15s %s" % (name, ", ".join(figures)), flush=True)


def micropython_figures():
    from mpy_util import run_micropython
    done = run_micropython(os.path.join(ROOT, "tests", "mpy", "check_app.py"), heapsize="160K",
                           packages=("yahtzee_core", "ui"), args=("bench",))
    if done.returncode != 0:
        print("MicroPython run failed:\n" + done.stdout + done.stderr)
        return
    for line in done.stdout.splitlines():
        if line.startswith(("alloc", "mem")):
            print("  " + line)


def save_sizes():
    print("game snapshot bytes per player count (the journal's GAME record: + game id 2 "
          "+ frame %d):" % FRAME)
    for name in yc.RULESETS:
        rules = yc.ruleset(name)
        sizes = []
        for n in range(1, 9):
            game = yc.Game(rules, n, lambda: 3)
            sizes.append(len(game.to_bytes()) + 2 + FRAME)
        print("  %-20s %s" % (name, " ".join("%d:%d" % (n + 1, s) for n, s in enumerate(sizes))))


def layouts():
    from ui.app import App
    from ui.saves import store as app_saves
    print("what the journal keeps by nvm size (records, names, largest game saved):")
    for size in (256, 512, 1024, 4096, 8192):
        app = App(storage=bytearray(b"\xff") * size)
        biggest = "none"
        for name in reversed(yc.RULESETS):
            app.settings.setup_rules = yc.RULESETS.index(name)
            n = max([p for p in range(1, 9) if app_saves.can_save(app, p, True)] or [0])
            if n:
                biggest = "%s, %d seats" % (name, n)
                break
        print("  %5d bytes: records %s, names %s, e.g. %s" % (
            size, "yes" if app.saves.keeps_records else "no",
            "yes" if app.saves.keeps_people else "no", biggest))


def cpython_frame_time():
    from tools.screenshots import Session
    from events import actions as A
    s = Session()
    s.start()
    s.press(A.OK, A.SHAKE_START)
    t = time.perf_counter()
    n = 2000
    for _ in range(n):
        s.now += 25
        s.app.tick(s.now)
        s.views.update(s.app)
    per = (time.perf_counter() - t) / n * 1e6
    print("CPython+Blinka: tick + views.update while tumbling: %.0f us a frame" % per)


if __name__ == "__main__":
    from tools.cli_checks import Parser
    _ap = Parser(description=__doc__.split("\n")[0])
    _ap.add_argument("--quick", action="store_true", help="without the CircuitPython heap floors")
    _ap.add_argument("--family", nargs="*", metavar="NAME", choices=FAMILY_GAMES,
                     help="only check_family.py's CircuitPython heap floors: of these games "
                          "(none named: all of %s)" % ", ".join(FAMILY_GAMES))
    _args = _ap.parse_args()
    if _args.family is not None:
        family_heap_floors(_args.family or FAMILY_GAMES)
        sys.exit(0)
    if not _args.quick:
        circuitpython_heap_floors()
    print("MicroPython (unix port, .mpy), views replaced by a recording stand-in:")
    micropython_figures()
    save_sizes()
    layouts()
    cpython_frame_time()
