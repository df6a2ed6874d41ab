"""The scorecard scene (CARD): every box with its score or what it would score now,
picking a box (with a "score 0?" check), undo. Plain functions of the app.

What the keys do here: UP/DOWN move over the boxes this roll may fill; OK fills the
box under the cursor (a 0 asks first), or goes back when the dice are not rolled yet;
BACK goes back (to the dice, or to the pause menu when opened from it); HINT hints;
HELP (and HOLD_3 on boards with hold buttons, free here) shows the rules of the box
under the cursor (ui/scene_learn.py), then comes back to the same row.
Filling the last box of the game leads to the ranking (OVER); any other fill to the
next seat's turn (PLAY, which hands a computer seat on to CPU).
"""

from ui import actions as A
from ui.codes import PLAY, CARD, OVER, DLG_NONE, DLG_ZERO, PG_RULES
from ui.app_saves import save_game
from ui.hints import show_hint, log_box, coach_say


def enter_card(app, now):
    g = app.game
    app.tumbling = False
    items, values, rows = _card_rows(app)
    app.rows = rows
    cursor = 0
    if g.rolled:        # start on the box that scores most now
        pts = app.pts
        best = -1
        for r in range(len(rows)):
            b = rows[r]
            if b >= 0 and pts[b] != 255 and (best < 0 or pts[b] > pts[rows[best]]):
                best = r
        cursor = best if best >= 0 else 0
    par = g.card.upper_par
    footer = 'Up %d %s%d' % (g.card.upper_total, '+' if par >= 0 else '', par)
    if g.rolled:
        footer += '  %d %d %d %d %d' % tuple(g.dice)
    app.set_list(app.player_name(g.current), items, values, cursor=cursor,
                 title_right='%d' % g.card.total, footer=footer)


def handle_card(app, action, now):
    v = app.vertical(action)
    if v:
        app.move_cursor(v, _can_pick_row)
    elif action == A.OK:
        if app.game.rolled:
            _pick(app, now)
        else:
            _back(app, now)
    elif action == A.BACK:
        _back(app, now)
    elif action == A.HINT:
        show_hint(app)
    elif action == A.HELP or (action == A.HOLD_3 and app.hold_buttons):
        b = app.rows[app.cursor]
        from ui.scene_learn import open_pages
        open_pages(app, PG_RULES, CARD, now, b if b >= 0 else 0)


def _card_rows(app):
    g = app.game
    card = g.card
    rules = g.rules
    rolled = g.rolled
    pts = app.pts
    if rolled:
        card.points_into(g.dice, pts)
    items = []
    values = []
    rows = []
    for b in range(rules.n_boxes):
        items.append(app.box_label(b))
        s = card.scores[b]
        if s != 255:
            values.append('%d' % s)
        elif rolled and pts[b] != 255:
            values.append('(%d)' % pts[b])
        else:
            values.append('-' if rolled else '')
        rows.append(b)
    par = card.upper_par
    items.append('Upper')
    values.append('%d %s%d' % (card.upper_total, '+' if par >= 0 else '', par))
    rows.append(-1)
    if rules.upper_bonus:
        items.append('Bonus')
        values.append('%d' % card.upper_bonus)
        rows.append(-1)
    if rules.five_alike_bonus:
        items.append('Yahtzee bonus')
        values.append('%d' % card.yahtzee_bonus)
        rows.append(-1)
    items.append('Total')
    values.append('%d' % card.total)
    rows.append(-1)
    return items, values, rows


def _can_pick_row(app, row):
    """The cursor stops on every row before the roll, then only on fillable boxes."""
    b = app.rows[row]
    if not app.game.rolled:
        return True
    return b >= 0 and app.pts[b] != 255


def _pick(app, now):
    b = app.rows[app.cursor]
    if b < 0 or app.pts[b] == 255:
        return
    if app.pts[b] == 0:
        app.dialog = DLG_ZERO       # ui/app.py: OK there fills (fill_box), BACK keeps
        app.dialog_lines[0] = 'Score 0 in'
        app.dialog_lines[1] = app.box_label(b) + '?'
        app.dialog_lines[2] = 'OK yes  BACK no'
        app.zero_box = b
        app.touch()
        return
    fill_box(app, b, now)


def _back(app, now):
    to = app.card_return
    app.card_return = PLAY
    app.go(to, now)


def fill_box(app, b, now):
    """Fill box b for the seat in play (a human's pick or a computer's choice), then
    the next seat's turn, or the ranking after the last box."""
    g = app.game
    p = g.current
    if not app.is_cpu(p):
        log_box(app, g, b)
    gained = g.fill(b)
    app.beep(988 if gained else 220, 80)
    app.dialog = DLG_NONE
    if g.over:
        app.coach_note = ''     # the coach's list at the end has it
        app.go(OVER, now)
        return
    save_game(app)
    app.go(PLAY, now)
    if not app.is_cpu(g.current) and len(g.players) > 1:
        app.note("%s's turn" % app.player_name(g.current), now)
    coach_say(app)


def undo(app, now):
    """Take back the last box filled (pause menu): that seat's turn again."""
    g = app.game
    if g is None or not g.can_undo:
        return
    g.undo()
    # the undone box is no longer a decision (the turn's holds still are)
    log = app.logs[g.current] if app.logs is not None else None
    if log is not None and len(log) and log.record(len(log) - 1)[4] == 0:
        log.data = log.data[:-8]
    c = app.coach   # nor is its coach entry (ui/coach.py: seat | rolls left << 3, round)
    if len(c) >= 7 and c[-7] == g.current and c[-6] == g.round:
        app.coach = c[:-7]
    save_game(app)
    app.go(PLAY, now)
    app.note('Undone', now)
