"""Yamb's whole card on one 128x64 screen (ui/card_view.py draws it; loaded only for
a ruleset with column orders, ui/yamb.py): the twelve rows by the four columns D F U
A, Ones to Sixes on the left, Max to Yamb on the right, each half under its column
letters, in the 3x5 font. A cell shows the box's points; what the dice would score
there now between two short bars (the other grids' brackets, narrower); a box this
turn cannot fill (the column's order, the announce) greyed with dots; an open one
blank.

    ANN  231 6 6 3 2 1       FULL D       the seat, total, dice; the box under the cursor
         D   F   U   A |      D   F   U   A
    1    3  (4) ...  . | MX  28 ...
    ...                | ...                one row per box: D F U A
    6                  | YA
    UP  63  ...        | LO                 each column's upper sum with its bonus,
    MM  90  ...        | TO                 (Max - Min) x Ones; lower sum; total

Layout entries are those of card_view: (x, y, width, item index, text, text x);
index -1 never takes the cursor, -2 is the cursor's box name (redrawn on every move).
draw() draws an entry (card_view calls it for this grid).
"""

from ui import tiny_font
from ui.tiny_font import fill
from ui.yamb import COLUMNS, ROWS, sections

RULE_X = 62                 # the rule between the halves
_PITCH = 6
_LOWER = 'MXMNSTFUPOYA'     # two letters per row below Sixes
_CELL_W = 13
_LEFT_X = 9                 # the first cell of each half
_RIGHT_X = 74
_LETTER = 4                 # a character's advance in the 3x5 font


def _cell(x, y, i, text):
    # text right-aligned in the cell, one pixel from its right edge
    return (x, y, _CELL_W, i, text, x + _CELL_W - _LETTER * len(text))


def grid_layout(app, dice):
    """Entries of the grid for the card on show; `dice` the text of the dice row."""
    g = app.game
    card = g.cards[app.card_seat if app.card_seat >= 0 else g.current]
    orders = g.rules.column_orders
    values = app.values
    out = [(0, 0, 24, -1, app.title, 1),
           (24, 0, 20, -1, app.title_right, 44 - _LETTER * len(app.title_right))]
    if dice:
        out.append((46, 0, 40, -1, dice, 47))
    out.append((88, 0, 40, -2, '', 88))
    for half in range(2):
        x0 = _LEFT_X if half == 0 else _RIGHT_X
        for c in range(COLUMNS):
            out.append(_cell(x0 + _CELL_W * c, _PITCH, -1, orders[c]))
        for k in range(6):
            row = 6 * half + k
            y = (k + 2) * _PITCH
            out.append((x0 - 9, y, 8, -1, _LOWER[2 * k:2 * k + 2] if half else '%d' % (k + 1),
                        x0 - 8))
            for c in range(COLUMNS):
                i = COLUMNS * row + c
                out.append(_cell(x0 + _CELL_W * c, y, i, values[i]))
    for name, x0, y in (('UP', _LEFT_X, 8), ('MM', _LEFT_X, 9), ('LO', _RIGHT_X, 8),
                        ('TO', _RIGHT_X, 9)):
        out.append((x0 - 9, y * _PITCH, 8, -1, name, x0 - 8))
    for c in range(COLUMNS):
        up, mid, low, total = sections(card, c)
        x = _LEFT_X + _CELL_W * c
        out.append(_cell(x, 8 * _PITCH, -1, '%d' % up))
        out.append(_cell(x, 9 * _PITCH, -1, '%d' % mid))
        x = _RIGHT_X + _CELL_W * c
        out.append(_cell(x, 8 * _PITCH, -1, '%d' % low))
        out.append(_cell(x, 9 * _PITCH, -1, '%d' % total))
    return out


def draw(app, bitmap, line, highlight):
    """Draw one entry: the cursor's box name (-2); a potential ('(12)') between
    bars, a greyed box ('-'), else the text as it is."""
    x, y, w, i, text, tx = line
    if i == -2:
        c = app.cursor
        text = app.box_label(app.rows[c], 10) if 0 <= c < len(app.rows) and \
            app.rows[c] >= 0 else ''
    on = 0 if highlight else 1
    fill(bitmap, x, y, w, _PITCH, 1 - on)
    if text == '-':         # greyed: a dot on every other pixel of three rows
        for dy in (1, 3, 5):
            for dx in range(1 + dy % 4 // 2, w - 1, 2):
                bitmap[x + dx, y + dy] = on
    elif text[:1] == '(':   # a potential: short bars either side of the digits
        digits = text[1:-1]
        right = x + w - 2               # where right-aligned text ends
        left = right - _LETTER * len(digits) - 2
        tiny_font.draw(bitmap, left + 2, y + 1, digits, on)
        for dy in (2, 3, 4):
            bitmap[left, y + dy] = on
            bitmap[right, y + dy] = on
    else:
        tiny_font.draw(bitmap, tx, y + 1, text, on)
