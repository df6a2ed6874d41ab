"""The app logic (ui.app, ui.loop.Runner, yahtzee_core) under the real MicroPython and
CircuitPython 10 (32-bit), compiled to .mpy and from .py sources, with the views
replaced by a recording stand-in: a scripted game within the heap budgets and with no
allocation a frame, against perfect with every hint, the loop's integration paths, a
game of every ruleset, the learning screens, a computer's fallback note and every
help page."""
import os
import re

import pytest

import yahtzee_core as yc
from hardware import profiles
from mpy_util import (CIRCUITPYTHON_MISSING, MICROPYTHON, REPO_ROOT, circuitpython_available,
                       ports, run_micropython)
from ui_helpers import OFFERED
from ui.help import rules as R
from ui.help import text as H


# Heap for the scripted game. Near the floor the heap fragments and a run passes or
# fails by luck, so bench/bench_app.py prints both the lowest heap that passed and the
# lowest from which every larger one passes. Budgets: that second figure plus 1K
# (scanned in 1K steps): CircuitPython (32-bit, a board's interpreter) .mpy from 110K,
# .py from 126K; MicroPython (64-bit) .mpy from 152K. The game's working set (the
# computer and the hint source, level good's planner shared by both, with the
# ranking's code, and the big moments' banner and tune) is made as the game starts and kept to its end, although this game
# never asks for a hint; below those figures the game does not start ("Game too
# large"). From .py the compiler interns every name, and each short string made at run
# time: 6 pools hold 1,260 and a seventh (about 9K in one piece) is taken at once, as
# `micropython.qstr_info()` shows; this game interns about 1,250, so the app's code
# uses names it already has (docs/ARCHITECTURE.md). Keys: (port, compiled).
APP_CHECK_HEAP = {("micropython", True): "153K",
                  ("circuitpython", True): "111K", ("circuitpython", False): "127K"}


@pytest.mark.skipif(not MICROPYTHON.exists(), reason="micropython not installed")
@pytest.mark.parametrize("port_form", ports(forms=(True, False)))
def test_scripted_game_runs_under_micropython_without_allocating_per_frame(port_form):
    port, compiled = port_form
    done = run_micropython("tests/mpy/check_app.py", heapsize=APP_CHECK_HEAP[port_form],
                           packages=("yahtzee_core", "ui"), port=port, compiled=compiled)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "app checks passed" in out
    # steady state: idle and tumbling frames allocate nothing on the heap
    for line in out.splitlines():
        if line.startswith("alloc "):
            assert " 0 bytes" in line, line


@pytest.mark.skipif(not MICROPYTHON.exists(), reason="micropython not installed")
@pytest.mark.parametrize("port", ports())
def test_scripted_game_against_perfect_following_every_hint(port):
    """The heaviest app: a perfect computer reading the strategy table and a hint on
    every human decision (bench/bench_app.py prints the heap it needs)."""
    from tools.strategy_table import ensure_tables
    table = ensure_tables("yahtzee", str(REPO_ROOT / "tables"))["plain"]
    done = run_micropython("tests/mpy/check_app.py", heapsize="256K", port=port,
                           packages=("yahtzee_core", "ui"),
                           args=("perfect", os.path.abspath(table)))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "app checks passed" in done.stdout
    hints = int(re.search(r"^hints followed (\d+)$", done.stdout, re.M).group(1))
    assert hints >= 13 * 2
    for line in done.stdout.splitlines():
        if line.startswith("alloc "):
            assert " 0 bytes" in line, line


@pytest.mark.skipif(not MICROPYTHON.exists(), reason="micropython not installed")
@pytest.mark.parametrize("port_form", ports(forms=(True, False)))
def test_shake_loss_hints_and_export_under_micropython(port_form):
    port, compiled = port_form
    # 64-bit MicroPython .mpy: every heap from 143K up passes (scanned in 1K steps)
    done = run_micropython("tests/mpy/check_integration.py",
                           heapsize="144K" if compiled else "256K",
                           packages=("yahtzee_core", "ui"), port=port, compiled=compiled)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "integration checks passed" in done.stdout
    assert "alloc idle frame with the shake check 0 bytes (total 0)" in done.stdout


# -- a whole game of every ruleset, one a run ---------------------------------------
# Heap of one game a run (tests/mpy/check_family.py: me against a beginner, views
# replaced), the lowest from which every larger heap passes, in 1K steps: as
# CircuitPython .mpy Crag 96K, Kniffel 100K, Maxi Yatzy and Poker Dice 103K, Balut
# 105K, Triple Yahtzee 112K (a game's code loads at its start, before its
# objects, the game's own before its computers': a higher floor here, less
# fragmentation on a board; its card and grid sit in a family package under
# ui/families/, one more module object); as .py 118K (Triple
# Yahtzee 124K, Crag 121K, Maxi Yatzy 127K); MicroPython 64-bit .mpy about 160K (Crag
# 135K, Maxi Yatzy 142K). Balut and Poker Dice read their percentile table at game
# over (the line that rates my points, my best hand): CircuitPython .mpy Balut 105K
# with it or without, Poker Dice 104K without, 105K with; .py 113K / 115K and 120K /
# 122K; MicroPython .mpy 150K for both either way.
# With the game's working set made at its start (App.begin_game) and let go at its end
# (App.end_game), measured with tests/mpy/check_family.py scanned down in 1K steps:
# CircuitPython .mpy Triple Yahtzee 115K (at 114K the game plays on without end); .py
# Triple Yahtzee 160K: its end compiles
# ui/scenes/end.py and the records' yahtzee_core/people.py, past 1,260 names, so a
# seventh pool of them (about 9K in one piece) is taken there, and the heap the game
# leaves has such a piece only now and then below 159K (scanned 150K to 188K: 155K and
# 158K fail, every size from 159K passes; Kniffel and Crag stay under 1,260 names).
FAMILY_HEAP = {("micropython", True): "168K",
               ("circuitpython", True): "115K", ("circuitpython", False): "132K"}
TRIPLE_PY_HEAP = "160K"

# Yamb's game needs more on CircuitPython .mpy: its 48-box card's rows (texts per
# box), the announce step, and against level good its planner (13 plannings a turn
# with announces to weigh); floors measured with mpy_util.heap_floor, against a
# beginner / good: .mpy 115K / 121K, .py 140K / 148K, MicroPython .mpy 153K / 171K
# (against good .mpy at 120K the game never ends: ui/loop.py's whole-screen refresh
# took the last of it; from .py its end, the records' names, found no room against
# good at 144K to 147K, and below that now and then: the heap's layout).
YAMB_HEAP = dict(FAMILY_HEAP)
YAMB_HEAP[("circuitpython", True)] = "122K"
YAMB_HEAP[("circuitpython", False)] = "149K"
# MicroPython against good: its computer is made as the game starts, with over 100 KB
# free, so it takes the roomy planner (yahtzee_core/planner_room.py: about 10K more
# arrays)
YAMB_HEAP[("micropython", True)] = "175K"


@pytest.mark.skipif(not MICROPYTHON.exists(), reason="micropython not installed")
@pytest.mark.parametrize("name", ["kniffel", "generala", "kismet", "triple-yahtzee", "crag",
                                  "balut", "yamb", "yamb-good", "maxi-yatzy", "poker-dice",
                                  "served"])
@pytest.mark.parametrize("port_form", ports(forms=(True, False)))
def test_a_game_of_each_new_ruleset_runs_in_the_app_under_micropython(port_form, name,
                                                                     tmp_path):
    port, compiled = port_form
    heap = (YAMB_HEAP if name.startswith("yamb") else FAMILY_HEAP)[port_form]
    if name == "triple-yahtzee" and port_form == ("circuitpython", False):
        heap = TRIPLE_PY_HEAP
    args = (name,)
    if name in ("balut", "poker-dice"):     # game over reads the bundle's table
        from tools.percentile_table import table_for
        (tmp_path / (name + ".pct")).write_bytes(table_for(name))
        args = (name, str(tmp_path / "%s.pct"))
    done = run_micropython("tests/mpy/check_family.py", heapsize=heap,
                           packages=("yahtzee_core", "ui"), port=port, compiled=compiled,
                           args=args)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "family checks passed" in done.stdout
    played = name.split("-good")[0]        # yamb-good plays Yamb
    assert ("served:" if name == "served" else played + " over:") in done.stdout
    import re
    if name == "balut":     # the ranking shows points, then total: "1. P1 2. Easy2 / 3p 312 .."
        values = done.stdout.split("balut over:")[1].split("\n")[0].split(" / ")[1]
        # (then the percentile lines' empty values)
        assert re.fullmatch(r"-?\d+p \d+ -?\d+p \d+ *", values), values
        # my points against level good's games
        assert re.search(r"1\. \w+ 2\. \w+ -?\d+p: better than \d+% of good CPU games /",
                         done.stdout), done.stdout
    if name == "poker-dice":    # my best hand against perfect play's turns
        assert re.search(r"Best hand P1: [A-Za-z ]+ better than \d+% of perfect turns /",
                         done.stdout), done.stdout
    if name.startswith("yamb"):     # the announce step after every first roll of mine
        assert "announce steps 48" in done.stdout


# -- the learning screens and the RAM they give back ----------------------------------
@pytest.mark.skipif(not MICROPYTHON.exists(), reason="micropython not installed")
def test_the_learning_screens_run_under_micropython_and_give_their_ram_back():
    # 186K: every heap from 184K passes (mpy_util.heap_floor: the learning screens'
    # odds tables with the table play's handovers, names and standings resident; the
    # odds' help page, the one-press hints, the coach's hint with the roll and the
    # pages' scrolling and paging code, which stays loaded with the odds; the game's
    # hint source, level good's planner, stays beside the Odds), plus 2K
    done = run_micropython("tests/mpy/check_learn.py", heapsize="186K",
                           packages=("yahtzee_core", "ui", "hardware"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "learn checks passed" in done.stdout
    # closed screens leave nothing behind but small change (interned names, a few
    # dict slots): the help texts are about 7 KB and the odds tables about 9 KB
    import re
    heap = dict((m.group(1), int(m.group(2)))
                for m in re.finditer(r'^heap (\w+ \w+) (-?\d+)$', done.stdout, re.M))
    assert heap['rules closed'] < 2048 and heap['odds closed'] < 2048, heap
    assert heap['family again'] < 1024, heap     # Triple Yahtzee's pages (help_rules)
    assert heap['odds open'] > 4096, heap        # the odds tables were there


# -- three games in a row ------------------------------------------------------------
@pytest.mark.skipif(not circuitpython_available(), reason=CIRCUITPYTHON_MISSING)
@pytest.mark.parametrize("name", yc.RULESETS)
def test_three_games_in_a_row_leave_the_menu_as_much_heap_as_one(name):
    """Three whole games against good, hints on, on 32-bit CircuitPython from .mpy (the
    stock board's bundle): every hint and every Odds row comes, no "No memory free"
    note, and the heap in use at the menu after the third is the first's, within the
    collector's slack (tests/mpy/check_games_in_a_row.py). A module a game loads and
    the menu keeps fails it (a big moment's banner and tune did)."""
    done = run_micropython("tests/mpy/check_games_in_a_row.py", heapsize="400K",
                           packages=("yahtzee_core", "ui", "hardware", "events"),
                           args=(name, "good"), port="circuitpython", timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    assert "games checks passed" in done.stdout
    held = [int(m) for m in re.findall(r"^menu after game \d: (\d+)$", done.stdout, re.M)]
    assert len(held) == 3, done.stdout


# -- a computer seat's fallback note --------------------------------------------------
@pytest.mark.skipif(not MICROPYTHON.exists(), reason="micropython not installed")
@pytest.mark.parametrize("port_form", ports(forms=(True, False)))
def test_fallback_note_under_micropython(port_form):
    port, compiled = port_form
    done = run_micropython("tests/mpy/check_bot_note.py",
                           heapsize="160K" if compiled else "256K",
                           packages=("yahtzee_core", "ui"), port=port, compiled=compiled)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "note: no strategy table: / playing at level / good" in done.stdout
    assert "bot note checks passed" in done.stdout


# -- every help page ------------------------------------------------------------------
def test_runs_on_micropython():
    done = run_micropython("tests/mpy/check_help.py", heapsize="256K", compiled=True,
                           packages=("yahtzee_core", "ui", "hardware"))
    assert done.returncode == 0, done.stdout + done.stderr
    expected = 0
    for name in OFFERED:                            # the rulesets the device offers
        rules = yc.ruleset(name)
        for b in range(rules.n_boxes if rules.column_orders != "H" else 0):
            expected += sum(len(p) for p in H.pages(*R.box_help(rules, b), rows=3))
        for topic in R.extra_pages(rules, False):      # (Poker Dice: all its pages)
            expected += sum(len(p) for p in H.pages(*topic, rows=3))
        for topic in H.howto(rules, profiles.get("three-button")):
            expected += sum(len(p) for p in H.pages(*topic, rows=6))
    assert done.stdout.split() == ["lines", str(expected)]
