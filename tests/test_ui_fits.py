"""Setup knows which games fit the board's heap (ui/fits.py, the figures in
ui/fit_data.py written by bench/bench_fits.py): what does not fit says so on the Start
row and does not start; on the desktop every game fits."""
import yahtzee_core as yc
from events import actions as A
from ui import codes, fit_data, fits
from ui_helpers import new_session


def as_board(monkeypatch, form, free=None):
    """ui/fits.py as on a Pico running `form` ('py', 'mpy': the module's file on the
    drive; 'ours': on none, frozen in)."""
    monkeypatch.setattr(fits.sys, "platform", "RP2040")
    path = {"py": "ui/fits.py", "mpy": "ui/fits.mpy", "ours": ".frozen/ui/fits.py"}[form]
    monkeypatch.setattr(fits, "__file__", path)
    monkeypatch.setattr(fits, "_on_drive", lambda p: form != "ours")
    if free is not None:
        monkeypatch.setitem(fit_data.FREE, "RP2040", dict(fit_data.FREE["RP2040"],
                                                          **{form: free}))


def test_the_figures_cover_every_ruleset_and_level():
    assert fit_data.RULESETS == tuple(yc.RULESETS)
    assert fit_data.KINDS == yc.KINDS
    for form in ("py", "mpy"):
        need = fit_data.NEED[form]
        assert len(need) == len(yc.RULESETS) * len(yc.KINDS)
        assert min(need) > 0
    assert set(fit_data.FREE["RP2040"]) == {"py", "mpy", "ours"}


def test_the_firmware_is_told_by_the_modules_file(monkeypatch):
    for form in ("py", "mpy", "ours"):
        as_board(monkeypatch, form)
        assert fits.flavour() == form


def test_off_the_boards_measured_every_game_fits():
    assert fits.fits("maxi-yatzy", ["human", "perfect", "good", "casual"])


def test_on_our_firmware_every_game_fits(monkeypatch):
    as_board(monkeypatch, "ours")
    for name in yc.RULESETS:
        assert fits.fits(name, ["human", "perfect", "good", "casual", "beginner"]), name


def test_on_stock_firmware_a_human_against_good_fits_at_yahtzee_on_mpy(monkeypatch):
    """The stock suite's game (tests/test_pico_emu.py): offered on the .mpy bundle;
    on .py only a solo game."""
    as_board(monkeypatch, "mpy")
    assert fits.fits("yahtzee", ["human", "good"])
    assert not fits.fits("yahtzee", ["human", "perfect"])
    as_board(monkeypatch, "py")
    assert fits.fits("yahtzee", ["human"])
    assert not fits.fits("yahtzee", ["human", "good"])


def test_a_game_that_does_not_fit_says_so_and_does_not_start(monkeypatch):
    s = new_session()
    app = s.app
    need = fit_data.NEED["py"]
    row = fit_data.RULESETS.index("yahtzee") * len(fit_data.KINDS)
    solo = need[row + fit_data.KINDS.index("human")]
    as_board(monkeypatch, "py", (solo + fit_data.RESERVE["py"]) * 1024)   # a solo game, no more
    assert fits.fits("yahtzee", ["human"])
    assert not fits.fits("yahtzee", ["human", "perfect"])
    s.press(A.OK)
    while app.scene != codes.SETUP:
        s.press(A.OK) if app.items[app.cursor] == "New game" else s.press(A.DOWN)
    s.press(A.RIGHT)                                # 2 players: P2 a computer ...
    s.press(A.DOWN, A.DOWN)
    while app.values[2] != "CPU perfect":
        s.press(A.RIGHT)                            # ... at level perfect
    assert app.values[-1] == "too large"
    while app.items[app.cursor] != "Start game":
        s.press(A.DOWN)
    s.press(A.OK)
    assert app.scene == codes.SETUP and app.game is None
    assert app.dialog == codes.DLG_NOTE
    assert app.dialog_lines[:2] == ["Needs our firmware", "or a lower level"]
    s.press(A.BACK)                                 # the note closes
    s.press(A.UP)
    while app.items[app.cursor] != "Players":
        s.press(A.UP)
    s.press(A.LEFT)                                 # one player: it fits
    assert app.values[-1] != "too large"
    while app.items[app.cursor] != "Start game":
        s.press(A.DOWN)
    s.press(A.OK)
    assert app.scene == codes.PLAY and app.playing is app.game
