"""Shared steps for the app's scripted-session tests (and the real yacht strategy
table they judge against)."""
import os

import pytest

from tools.screenshots import Session
from events import actions as A
from ui import app as ui_app
from ui import codes
import yahtzee_core as yc


def new_session(**kw):
    """A Session past the boot notes, at the main menu."""
    s = Session(**kw)
    if s.app.scene == ui_app.BOOT:
        s.press(A.OK)
    return s


def fill_turn(s):
    """Take the device at a handover, roll until no rolls are left, fill the suggested
    box (confirming a 0), and pass the device on when the handover asks."""
    app = s.app
    if app.scene == codes.TURN and not app.turn_filled:
        s.press(A.OK)
    while app.scene == ui_app.PLAY:
        s.press(A.OK)
    assert app.scene == ui_app.CARD
    s.press(A.OK)
    if app.dialog == ui_app.DLG_ZERO:
        s.press(A.OK)
    if app.scene == codes.TURN and app.turn_filled:
        s.press(A.OK)


@pytest.fixture(scope='module')
def yacht_table():
    from tools import strategy_table
    from mpy_util import REPO_ROOT
    return strategy_table.ensure_tables('yacht', os.path.join(str(REPO_ROOT), 'tables'))['plain']


def play_turn_by_hints(s):
    """One human turn doing exactly what the hint says (hold, roll, box)."""
    app = s.app
    turn = app.game.round
    if not app.game.rolled:
        s.press(A.OK)
    while app.scene == ui_app.PLAY:
        s.press(A.HINT)
        assert app.dialog == ui_app.DLG_HINT and app.dialog_lines[0] == 'Hint'
        keep = app.dialog_lines[1].startswith('Keep')
        s.press(A.OK)                               # apply it
        if keep:
            s.press(A.OK)                           # roll the rest
    assert app.scene == ui_app.CARD
    s.press(A.OK)
    if app.dialog == ui_app.DLG_ZERO:
        s.press(A.OK)
    assert app.game.over or app.game.round == turn + 1


# The rulesets the device offers (its setup menu: ui.codes.RULES_NAMES, in RULESETS
# order). Crag, after them, is not offered yet: the play screen draws five dice.
OFFERED = tuple(yc.RULESETS[:len(codes.RULES_NAMES)])
