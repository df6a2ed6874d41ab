"""The scorecard scene (CARD): every box with its score or what it would score now,
and picking a box (with a "score 0?" check); ui/turns.py fills it. Plain functions of
the app.

What the keys do here: UP/DOWN move over the boxes this roll may fill; OK fills the
box under the cursor (a 0 asks first), or goes back when the dice are not rolled yet;
BACK goes back (to the dice, or to the pause menu when opened from it); HINT hints;
HELP (and HOLD_3 on boards with hold buttons, free here) shows the rules of the box
under the cursor (PAGES), then comes back to the same row.
Filling the last box of the game leads to the ranking (OVER); a human's fill in a
game of several seats to the handover (TURN: undo or pass); any other fill to the
next seat's turn (PLAY, which hands a computer seat on to CPU). The card is read
only (OK refuses with a note) during a computer's turn and for another seat's card.
"""

from events import actions as A
from ui.codes import PLAY, CARD, PAGES, DLG_ZERO, VIEW_CARD, PG_RULES
from ui.hints import show_hint
from ui.turns import fill_box, refuse
from ui import seats

zero_box = -1       # the box a "score 0?" dialog asks about (App: OK there fills it)


def read_only(app):
    """The card on show may not be filled here: another seat's card, a computer's
    turn (a human never plays for a computer seat), or a game won at once."""
    g = app.game
    return (seats.card_seat >= 0 and seats.card_seat != g.current or app.is_cpu(g.current)
            or g.over)


def enter_card(app, now):
    v = app.view
    g = app.game
    app.tumbling = False
    seat = seats.card_seat if seats.card_seat >= 0 else g.current
    card = g.cards[seat]
    fill = g.rolled and not read_only(app)
    if g.rules.hands:    # Poker Dice: its list, with a row to stand (its family's card)
        from ui.families import family
        return family(g.rules, 'card').enter_card(app, seat, fill, now)
    v.items = v.values = ()     # the last list's texts may go before the new ones
    items, values, rows = _card_rows(app, card, fill)
    app.rows = rows
    cursor = 0
    if fill:            # start on the box that scores most now
        pts = app.pts
        best = -1
        for r in range(len(rows)):
            b = rows[r]
            if b >= 0 and pts[b] != 255 and (best < 0 or pts[b] > pts[rows[best]]):
                best = r
        cursor = best if best >= 0 else 0
    # the upper total; on a card won on points (Balut), its points as they stand
    footer = 'Up ' + _upper_text(g.rules, card) if g.rules.goals is None else \
        'Pts %d' % card.rules.game_points(card.scores)
    colours = g.rules.colours
    if fill and colours is not None:    # each die's colour (Kismet: Black, Red, Green)
        footer += '  ' + ' '.join(['%d%s' % (d, colours[d - 1]) for d in g.dice])
    elif fill:
        footer += ' ' + ' %d' * len(g.dice) % tuple(g.dice)     # two spaces, the dice
    elif g.rolled or seat != g.current:
        footer += '  read only'
    app.set_list(app.player_name(seat), items, values, cursor=cursor,
                 title_right='%d' % card.total if g.rules.goals is None else
                 '%d %dp' % (card.total, card.rules.game_points(card.scores)), footer=footer)
    if not app.small_screen or g.rules.column_orders or (g.rules.columns == 1 and
                                                         g.rules.cells == 1):
        v.kind = VIEW_CARD        # every row at once (ui/views/views.py); 128x32: 5 rows of
        #                             it, Yamb's grid its own rows, scrolling


def handle_card(app, action, now):
    v = app.vertical(action)
    rules = app.game.rules
    if app.view.kind == VIEW_CARD and rules.ui:
        # a family's card shown whole is its grid (Yamb's, Triple Yahtzee's, Balut's):
        # its keys (None: no grid)
        from ui.families import family
        move = family(rules, 'card').move
        if move is not None:
            v = not move(app, action, _can_pick_row) and v
    if v:
        app.move_cursor(v, _can_pick_row)
    elif action == A.OK:
        if read_only(app):          # rolled or not: another seat's card is not to pick
            refuse(app, 'Read only:', '%s plays now' % app.player_name(app.game.current))
        elif app.game.rolled:
            _pick(app, now)
        else:
            _back(app, now)
    elif action == A.BACK:
        _back(app, now)
    elif action == A.HINT:
        show_hint(app)
    elif action == A.HELP or (action == A.HOLD_3 and app.hold_buttons):
        b = app.rows[app.view.cursor] if app.view.cursor < len(app.rows) else -1
        app.open(PAGES, now, PG_RULES, -1 - b if b >= 0 else 0)   # its page


def _upper_text(rules, card):
    """The upper total, and its par ("6 up" against three of each face) only where an
    upper bonus makes the par worth chasing."""
    if not rules.upper_bonus:
        return '%d' % card.upper_total
    par = card.upper_par
    return '%d %s%d' % (card.upper_total, '+' if par >= 0 else '', par)


def _card_rows(app, card, rolled):
    g = app.game
    rules = g.rules
    pts = app.pts
    if rolled:      # by the turn's roll: Generala's served hands, Yamb's straight
        card.points_into(g.dice, pts, rules.turn_rolls - g.rolls_left)
    items = []
    values = []
    rows = []
    if rules.ui:
        # the family's card (ui/families/): Yamb's four columns of 12 rows, Triple
        # Yahtzee's three columns, Balut's categories of four cells
        from ui.families import family
        family(rules, 'card').card_rows(app, card, rolled, items, values, rows)
        return items, values, rows
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
    items.append('Upper')
    values.append(_upper_text(rules, card))
    rows.append(-1)
    if rules.upper_bonus:       # tiers (Kismet's at 63, 71, 78): 'Bonus +35/55/75'
        tiers = rules.upper_tiers
        items.append('Bonus +' + '/'.join(['%d' % t[1] for t in tiers]) if tiers else 'Bonus')
        values.append('%d' % card.upper_bonus)
        rows.append(-1)
    if rules.five_alike_bonus:  # the Yahtzee (Kniffel) bonus
        items.append(app.view.labels[rules.five_alike_box] + ' bonus')
        values.append('%d' % card.yahtzee_bonus)
        rows.append(-1)
    items.append('Total')
    values.append('%d' % card.total)
    rows.append(-1)
    return items, values, rows


def _can_pick_row(app, row):
    """The cursor stops on every row before the roll, then only on fillable boxes."""
    b = app.rows[row]
    if not app.game.rolled or read_only(app):
        return True
    return b >= 0 and app.pts[b] != 255


def _pick(app, now):
    global zero_box
    v = app.view
    if v.cursor >= len(app.rows):   # a card whose rows found no heap: nothing to pick
        return
    b = app.rows[v.cursor]
    if b < 0 or app.pts[b] == 255:
        return
    if app.pts[b] == 0 and not app.game.rules.hands:   # (Poker Dice: a hand, no 0)
        app.dialog = DLG_ZERO       # ui/app.py: OK there fills (fill_box), BACK keeps
        v.dialog_lines[0] = 'Score 0 in'
        v.dialog_lines[1] = app.box_label(b, 17) + '?'
        v.dialog_lines[2] = 'OK yes  BACK no'
        zero_box = b
        app.touch()
        return
    fill_box(app, b, now)


def _back(app, now):
    to = app.returns[CARD]
    app.returns[CARD] = PLAY
    app.go(to, now)


# This module's scenes (ui/app.py MODULES): code -> (enter, handle, tick or None).
SCENES = {CARD: (enter_card, handle_card, None)}
