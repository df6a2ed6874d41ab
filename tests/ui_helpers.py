"""Shared steps for the app's scripted-session tests (and the real yacht strategy
table they judge against)."""
import os

import pytest

from tools.screenshots import Session
from events import actions as A
from ui import app as ui_app
from ui import codes
import yahtzee_core as yc
from ui import seats


def scene_state(name):
    """A scene module as loaded now (its own state: module globals; a scene that stays
    only while on is imported afresh each time it opens)."""
    import sys
    return sys.modules['ui.scenes.' + name]


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
    if app.scene == codes.TURN and not seats.turn_filled:
        s.press(A.OK)
    while app.scene == ui_app.PLAY:
        s.press(A.OK)
    assert app.scene == ui_app.CARD
    s.press(A.OK)
    if app.dialog == ui_app.DLG_ZERO:
        s.press(A.OK)
    if app.scene == codes.TURN and seats.turn_filled:
        s.press(A.OK)


@pytest.fixture(scope='module')
def yacht_table():
    from tools import strategy_table
    from mpy_util import REPO_ROOT
    return strategy_table.ensure_tables('yacht', os.path.join(str(REPO_ROOT), 'tables'))['plain']


def play_turn_by_hints(s):
    """One human turn doing exactly what the hint says: OK on a "Keep" hint holds
    those dice and rolls the rest, OK on a "Score" hint fills its box."""
    app = s.app
    g = app.game
    turn, seat = g.round, g.current
    card = g.cards[seat]
    empty = list(card.scores).count(255)
    if not g.rolled:
        s.press(A.OK)
    while list(card.scores).count(255) == empty:
        assert app.scene == ui_app.PLAY
        s.press(A.HINT)
        assert app.dialog == ui_app.DLG_HINT and app.view.dialog_lines[0].startswith('Hint, final ')
        s.press(A.OK)                               # follow it
    assert g.over or g.round == turn + 1 or g.current != seat


# the buttons each board has for the name wheel (ui/scenes/names.py): the Pico's holds,
# the three-button board's LEFT/RIGHT and their long presses
NAME_KEYS = {True: (A.HOLD_1, A.HOLD_2, A.HOLD_4, A.HOLD_5),
             False: (A.LEFT, A.RIGHT, A.HELP, A.HINT)}


def name_presses(app, name):
    """The fewest presses that enter `name` (three wheel characters, '_' a space) on
    the name entry on show, from its letters now: each letter reached by the shortest
    way round the wheel with the board's keys, then OK."""
    from ui.codes import INITIAL_CHARS
    from ui.scenes.names import _step
    n = len(INITIAL_CHARS)
    steps = [(key, _step(app, key)) for key in NAME_KEYS[app.hold_buttons]]
    out = []
    for k in range(3):
        start = INITIAL_CHARS.find(chr(scene_state('names').initials[k]))
        goal = INITIAL_CHARS.find(name[k])
        ways = {start: []}
        frontier = [start]
        while goal not in ways:
            nxt = []
            for i in frontier:
                for key, d in steps:
                    j = (i + d) % n
                    if j not in ways:
                        ways[j] = ways[i] + [key]
                        nxt.append(j)
            frontier = nxt
        out += ways[goal] + [A.OK]
    return out


# The rulesets the device offers (its setup menu: ui.codes.MENU_RULES). Crag is not
# offered yet: the play screen draws five dice.
OFFERED = tuple(yc.RULESETS[i] for i in codes.MENU_RULES)


def out_of_heap(monkeypatch, owner, name, times=1):
    """owner.name raises MemoryError on its next `times` calls (a full heap there),
    then works again; returns the count of failures still to come, [n]."""
    real = getattr(owner, name)
    left = [times]

    def no_heap(*args):
        if left[0]:
            left[0] -= 1
            raise MemoryError
        return real(*args)
    monkeypatch.setattr(owner, name, no_heap)
    return left
