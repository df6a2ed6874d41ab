"""Shared steps for the app's scripted-session tests."""
from tools.screenshots import Session
from ui import actions as A
from ui import app as ui_app


def new_session(**kw):
    """A Session past the boot notes, at the main menu."""
    s = Session(**kw)
    if s.app.scene == ui_app.BOOT:
        s.press(A.OK)
    return s


def fill_turn(s):
    """Roll until no rolls are left, then fill the suggested box (confirming a 0)."""
    app = s.app
    while app.scene == ui_app.PLAY:
        s.press(A.OK)
    assert app.scene == ui_app.CARD
    s.press(A.OK)
    if app.dialog == ui_app.DLG_ZERO:
        s.press(A.OK)
