"""Yamb's announce step (ANNOUNCE): after a human's first roll of a turn, while an
Announce box is open, a list of them with what the dice score there now; the first
row, 'No announce', skips (it is missing when only Announce boxes are left: the turn
must announce). OK binds the turn to the box under the cursor (ui/families/yamb/card.py bind,
journaled) and goes back to the dice (PLAY), which say what was announced; BACK
skips as 'No announce' does, or opens the pause menu (PAUSE) when the turn must
announce (PLAY brings the step back); HINT the planner's advice (OK follows it); HELP
(HOLD_3 on boards with hold buttons) the rules of the box under the cursor, on 'No
announce' the Announce page (PAGES), then back here. Loaded only while on (a Yamb
game's turns); plain functions of the app.
"""

from events import actions as A
from ui.codes import ANNOUNCE, PLAY, PAUSE, PAGES, PG_RULES
from ui.hints import announce_hint
from ui.families.yamb.card import picker_rows, bind

_boxes = ()     # the box of each row (-1: 'No announce')


def enter_announce(app, now):
    global _boxes
    g = app.game
    app.tumbling = False
    app.items = app.values = ()
    items, values, _boxes = picker_rows(app)
    app.set_list('Announce?', items, values, cursor=0,
                 title_right='' if app.small_screen else 'R%d' % g.round,
                 footer=' '.join(['%d' % d for d in g.dice]))


def handle_announce(app, action, now):
    if app.list_move(action):
        return
    b = _boxes[app.cursor] if app.cursor < len(_boxes) else -1
    if action == A.OK:
        if b >= 0:
            bind(app, b)
        app.go(PLAY, now)
    elif action == A.BACK:
        app.go(PLAY if _boxes[0] < 0 else PAUSE, now)
    elif action == A.HINT:         # announce or not: the planner's advice
        announce_hint(app)
    elif action == A.HELP or (action == A.HOLD_3 and app.hold_buttons):
        # -1 - b: box b's row's page; 1: the Announce page (Yamb's pages have no page a
        # box, and Columns comes first: ui/families/yamb/help.py pages)
        app.open(PAGES, now, PG_RULES, -1 - b if b >= 0 else 1)


# This module's scenes (ui/app.py MODULES): code -> (enter, handle, tick or None).
SCENES = {ANNOUNCE: (enter_announce, handle_announce, None)}
