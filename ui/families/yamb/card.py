"""Yamb's card for the scenes (loaded only for a ruleset with column orders): four
columns (Down, Free, Up, Announce) of the same twelve rows, box = column * 12 + row,
listed row by row (Ones D, Ones F, Ones U, Ones A, Twos D, ...) as the grid shows
them on every screen (ui/families/yamb/grid.py); then each column's three sections and the
total. A box this turn cannot fill shows '-' (the grid greys it): Down's below its
first open box, Up's above its last, every other box once the turn is announced,
and the Announce column unless announced (it stays open to an announce until the
turn's second roll). Also the announce itself: the one call the shared scenes make
(announce: the human's step, the ANNOUNCE scene, or a computer's announce, and the
play view's texts of a bound turn), the picker's rows, the announce step's hint, and
its journal record; the grid's cursor keys. No displayio here: MicroPython runs it in
the app checks.
"""

from ui.codes import PLAY, ANNOUNCE
from ui import seats

ROWS = 12                   # boxes in a column
COLUMNS = 4
ANNOUNCE_COLUMN = 3         # the column only an announce fills
CELLS = COLUMNS * ROWS      # list rows 0..47 are the boxes, the sections follow


def box_of_row(r):
    """Box index of list row r (< CELLS): row 4k + c is row k of column c."""
    return r % COLUMNS * ROWS + r // COLUMNS


def announce_open(g):
    """True while the turn in play may still announce: rolled once, none announced,
    an Announce box open."""
    card = g.card
    if card.announced >= 0 or g.rolls_left != g.rules.turn_rolls - 1:
        return False
    for b in range(ANNOUNCE_COLUMN * ROWS, CELLS):
        if card.scores[b] == 255:
            return True
    return False


def must_announce(card):
    """True when only Announce boxes are open: the turn has no box without one."""
    for b in range(ANNOUNCE_COLUMN * ROWS):
        if card.scores[b] == 255:
            return False
    return True


def closed(g, card, b):
    """True where open box b cannot take this turn's dice: a bound turn's other
    boxes, the Announce column when the turn may no longer announce (the card in play
    only: another seat's may announce on its turn), or the column's order."""
    a = card.announced
    if a >= 0:
        return b != a
    if b >= ANNOUNCE_COLUMN * ROWS:
        return card is g.card and g.rolled and not announce_open(g)
    return card.rules.points(card.scores, 0, b) < 0


def cell_text(app, card, b, fill):
    """A box's text: its score; what the dice score there now, in brackets (fill:
    the card in play after a roll); '-' where it cannot be filled now; else ''."""
    v = card.scores[b]
    if v != 255:
        return '%d' % v
    p = app.pts[b]
    if fill and p != 255:
        return '(%d)' % p
    return '-' if closed(app.game, card, b) else ''


def sections(card, c):
    """Column c's (upper sum with its bonus, (Max - Min) x Ones, lower sum, total)."""
    up, mid, low = card.rules.column_scores(card.scores, c)
    return up, mid, low, up + mid + low


def card_rows(app, card, rolled, items, values, rows):
    """Append the card's list rows: the 48 boxes row by row, then each column's
    upper sum (its bonus beside it once earned), (Max - Min) x Ones and lower sum,
    and the total. The grid (ui/families/yamb/grid.py, on every screen) names the rows, not
    the boxes: its rows share the 12 labels, which saves the heap 48 strings."""
    app.box_label(0)                # app.view.labels: this ruleset's
    for r in range(CELLS):
        b = box_of_row(r)
        items.append(app.view.labels[r // COLUMNS])
        values.append(cell_text(app, card, b, rolled))
        rows.append(b)
    rules = card.rules
    orders = rules.column_orders
    for c in range(COLUMNS):
        up, mid, low, _ = sections(card, c)
        bonus = up >= rules.upper_bonus_at + rules.upper_bonus
        items.append('Upper ' + orders[c])
        values.append('%d +%d' % (up - rules.upper_bonus, rules.upper_bonus) if bonus
                      else '%d' % up)
        items.append('Max-Min x1 ' + orders[c])
        values.append('%d' % mid)
        items.append('Lower ' + orders[c])
        values.append('%d' % low)
    items.append('Total')
    values.append('%d' % card.total)
    rows.extend((-1,) * (3 * COLUMNS + 1))


def move(app, action, allowed):
    """A cursor key on the grid: True when it was one (moved or tried to). UP/DOWN
    (HOLD_1/HOLD_2) go up and down the cursor's column, LEFT/RIGHT (HOLD_4/HOLD_5) to
    the next column that has a box to take, on the row nearest the cursor's; round
    at the ends. A board without UP/DOWN (three buttons) walks every box with
    LEFT/RIGHT instead, row by row. Only boxes take the cursor; `allowed(app, row)`
    says which."""
    v = app.view
    from events import actions as A
    hold = app.hold_buttons
    if action == A.UP or action == A.DOWN or hold and (action == A.HOLD_1 or
                                                       action == A.HOLD_2):
        down = 1 if action == A.DOWN or action == A.HOLD_2 else -1
        across = 0
    elif action == A.LEFT or action == A.RIGHT or hold and (action == A.HOLD_4 or
                                                            action == A.HOLD_5):
        down = 0
        across = 1 if action == A.RIGHT or action == A.HOLD_5 else -1
    else:
        return False
    r = v.cursor if 0 <= v.cursor < CELLS else 0
    k = r // COLUMNS
    c = r % COLUMNS
    to = -1
    if across and not hold and 'DOWN' not in app.settings.profile['pins']:
        for step in range(1, CELLS):        # three buttons: every box, row by row
            q = (r + across * step) % CELLS
            if allowed(app, q):
                to = q
                break
    elif across:
        for step in range(1, COLUMNS):
            c2 = (c + across * step) % COLUMNS
            for d in range(ROWS):           # the row nearest the cursor's first
                for k2 in (k - d, k + d):
                    if to < 0 and 0 <= k2 < ROWS and allowed(app, k2 * COLUMNS + c2):
                        to = k2 * COLUMNS + c2
            if to >= 0:
                break
    else:
        for step in range(1, ROWS):
            q = ((k + down * step) % ROWS) * COLUMNS + c
            if allowed(app, q):
                to = q
                break
    if to >= 0 and to != v.cursor:
        v.cursor = to         # (the grid scrolls to it: ui/views/card.py)
        app.touch()
    return True


def odds_rows(g):
    """The boxes the Odds screen shows: a row's first box this turn may fill (or
    announce), once a row, and not Min (the odds chase points, Min wants few)."""
    scores = g.card.scores
    out = []
    for row in range(ROWS):
        for c in range(COLUMNS):
            b = c * ROWS + row
            if row != 7 and scores[b] == 255 and not closed(g, g.card, b):
                out.append(b)
                break
    return out


# -- the announce ----------------------------------------------------------------
def picker_rows(app):
    """The ANNOUNCE scene's rows: 'No announce' first (unless the turn must
    announce), then each open Announce box with what these dice score there now.
    Returns (items, values, boxes), boxes[-1 for 'No announce']."""
    g = app.game
    card = g.card
    rules = g.rules
    items = []
    values = []
    boxes = []
    if not must_announce(card):
        items.append('No announce')
        values.append('')
        boxes.append(-1)
    from yahtzee_core.dice import roll_index
    roll = roll_index(g.dice, rules.n_dice)
    app.box_label(0)
    for b in range(ANNOUNCE_COLUMN * ROWS, CELLS):
        if card.scores[b] == 255:
            items.append(app.view.labels[b % ROWS])
            p = rules.points(card.scores, roll, b, 1)
            values.append('(%d)' % p)
            boxes.append(b)
    return items, values, boxes


def bind(app, b):
    """Bind the turn in play to Announce box b, and journal it."""
    g = app.game
    g.rules.announce(g, b)
    save_announce(app, b)


def save_announce(app, b):
    """The ANNOUNCE record after the turn's roll (app_saves.save_game writes rolls,
    fills and undos; an announce changes neither the turn nor its rolls)."""
    from ui.saves.store import save_game, write
    s = app.saves
    if s.journal is None:
        return
    journaled = s.game is app.game
    save_game(app)      # the roll first (a computer's is saved after its step); a
    if journaled and s.game is app.game:    # game not journaled: its snapshot, bound
        from yahtzee_core.save import ANNOUNCE
        write(app, ANNOUNCE, bytes((b,)))


def play_texts(app, cpu_text=None):
    """Yamb's words on the play view (ui/turns.py update_play_texts), the shared
    scenes' one call into its announce: once a turn, after its first roll, a human's
    announce step (ANNOUNCE; again whenever the dice show while the turn must
    announce) or a computer's announce (its bot's choose_announce, shown on that
    roll's step); then what a bound turn announced, on the play view."""
    g = app.game
    turn = (g.round, g.current)
    if announce_open(g) and (turn != seats.offered or must_announce(g.card)):
        bot = app.bots[g.current] if app.bots is not None else None
        if not app.is_cpu(g.current) and app.scene == PLAY:
            seats.offered = turn
            app.go(ANNOUNCE, app.last_input)
            return
        if bot is not None:     # (made on the computer's first step)
            seats.offered = turn
            b = bot.choose_announce(g.card, g.dice)
            if b >= 0:
                bind(app, b)
                app.view.line_a = 'Announces ' + announced_label(app, 10)
    _bound_texts(app, g)


def _bound_texts(app, g):
    # the play view of a bound turn: what was announced, on the second line (a
    # human's while rolls are left and not all dice held), in the header on 128x32
    v = app.view
    ann = g.card.announced
    if ann < 0:
        return
    name = app.player_name(g.current)
    left = g.rolls_left
    if app.small_screen:
        v.header_left = '%s R%d A:%s' % (name, g.round, announced_label(app, 4)) \
            if app.is_cpu(g.current) else '%s A:%s %s' % (
                name, announced_label(app, 4), '%d left' % left if left else 'pick')
    if app.is_cpu(g.current):
        v.line_b = 'Announced ' + announced_label(app, 10)
    elif left and not v.line_b.startswith('OK'):
        v.line_b = 'Announced: ' + announced_label(app, 10)


def announced_label(app, cols):
    """The announced box's row name cut to cols characters ('Full'), else ''."""
    a = app.game.card.announced
    return app.box_label(a, cols + 2)[:-2] if a >= 0 else ''
