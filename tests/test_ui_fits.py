"""Setup knows which games fit the board's heap (ui/fit_data.py fit, the figures in
ui/fit_data.py written by bench/bench_fits.py): what does not fit says so on the Start
row and does not start; on the desktop every game fits."""
import os
import sys

import yahtzee_core as yc
from events import actions as A
from ui import codes, fit_data
from ui_helpers import new_session

FORMS = ("py", "mpy", "ours")     # fit_data.free's order


class Setup:
    """What fit() reads of the app: the setup's ruleset and seats (App.settings)."""
    yc = yc

    def __init__(self, name, players):
        self.settings = self
        self.setup_rules = yc.RULESETS.index(name)
        self.setup_kinds = bytearray(yc.KINDS.index(k) for k in players)
        self.setup_players = len(players)


def fits(name, players):
    import importlib
    return importlib.import_module("ui.fit_data").fit(Setup(name, players))


def as_board(monkeypatch, form, free=None):
    """fit as on a Pico running `form` ('py', 'mpy': the module's file on the
    drive; 'ours': on none, frozen in)."""
    monkeypatch.setattr(sys, "platform", "RP2040")
    import importlib
    data = importlib.import_module("ui.fit_data")  # fit's (a game's start forgets it)
    path = {"py": "ui/fit_data.py", "mpy": "ui/fit_data.mpy",
            "ours": ".frozen/ui/fit_data.py"}[form]
    monkeypatch.setattr(data, "__file__", path)
    real = os.stat

    def stat(p, *args, **kw):
        if isinstance(p, str) and (p.startswith("/ui/") or p.startswith("/.frozen/")):
            if form == "ours":
                raise OSError(2)
            return real(__file__)
        return real(p, *args, **kw)
    monkeypatch.setattr(os, "stat", stat)
    if free is not None:
        room = list(data.free["RP2040"])
        room[FORMS.index(form)] = free
        monkeypatch.setitem(data.free, "RP2040", tuple(room))


def test_the_figures_cover_every_ruleset_and_level():
    for need in fit_data.need:
        assert len(need) == len(yc.RULESETS) * len(yc.KINDS)
        assert min(need) > 0
    assert len(fit_data.free["RP2040"]) == len(FORMS) and len(fit_data.reserve) == 2


def test_off_the_boards_measured_every_game_fits():
    assert fits("maxi-yatzy", ["human", "perfect", "good", "casual"])


def test_on_our_firmware_every_game_fits(monkeypatch):
    as_board(monkeypatch, "ours")
    for name in yc.RULESETS:
        assert fits(name, ["human", "perfect", "good", "casual", "beginner"]), name


def test_on_stock_firmware_mpy_fits_two_humans_at_yahtzee_and_py_no_game(monkeypatch):
    """The stock suite's games (tests/test_pico_emu.py): on the .mpy bundle two humans
    at Yahtzee are offered and a computer's game is not (its planner beside the
    menu's modules); on .py no game of Yahtzee (hints on, its working set and the
    compiler's room find no room beside the menu's modules), and setup says so."""
    as_board(monkeypatch, "mpy")
    assert fits("yahtzee", ["human", "human"])
    assert not fits("yahtzee", ["human", "good"])
    assert not fits("yahtzee", ["human", "perfect"])
    as_board(monkeypatch, "py")
    assert not fits("yahtzee", ["human", "human"])
    assert not fits("yahtzee", ["human", "good"])


def test_a_game_that_does_not_fit_says_so_and_does_not_start(monkeypatch):
    s = new_session()
    app = s.app
    solo = fit_data.need[0][yc.RULESETS.index("yahtzee") * len(yc.KINDS)]
    as_board(monkeypatch, "py", (solo + fit_data.reserve[0]) * 1024)   # a solo game, no more
    assert fits("yahtzee", ["human"])
    assert not fits("yahtzee", ["human", "perfect"])
    s.press(A.OK)
    while app.scene != codes.SETUP:
        s.press(A.OK) if app.view.items[app.view.cursor] == "New game" else s.press(A.DOWN)
    s.press(A.RIGHT)                                # 2 players: P2 a computer ...
    s.press(A.DOWN, A.DOWN)
    while app.view.values[2] != "CPU perfect":
        s.press(A.RIGHT)                            # ... at level perfect
    assert app.view.values[-1] == "too large"
    while app.view.items[app.view.cursor] != "Start game":
        s.press(A.DOWN)
    s.press(A.OK)
    assert app.scene == codes.SETUP and app.game is None
    assert app.dialog == codes.DLG_NOTE
    assert app.view.dialog_lines[:2] == ["Needs our firmware", "or a lower level"]
    s.press(A.BACK)                                 # the note closes
    s.press(A.UP)
    while app.view.items[app.view.cursor] != "Players":
        s.press(A.UP)
    s.press(A.LEFT)                                 # one player: it fits
    assert app.view.values[-1] != "too large"
    while app.view.items[app.view.cursor] != "Start game":
        s.press(A.DOWN)
    s.press(A.OK)
    assert app.scene == codes.PLAY and app.live is app.game
