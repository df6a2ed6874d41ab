"""Yamb's card as a grid in the 3x5 font (ui/views/card.py draws it; loaded only for a
ruleset with column orders, ui/families/yamb/card.py), on 128x64 and 128x32 alike: the rows named
in words down the left, the four columns Down, Free, Up and Announce across, every
cell 23 pixels wide so that any figure ('(66)', '-15', '63+30') has room and a gap
from its neighbours. Each column's sections sit among the rows they add up: Upper
under Sixes, Middle ((Max - Min) x Ones) under Min, Lower and Total at the end. The
rows scroll with the cursor: 8 show on 128x64, 3 on 128x32.

    P1      |3 3 5 5 5          231      the seat | the dice, the card's total
    --------+--------------------------
            | DOWN  FREE   UP   ANN.     column heads (the cursor's inverted)
    ONES    |    3   (4)  ....           a cell: points; (4) what the dice score
    ...     |                            there now; dots: closed this turn
    UPPER   |63+30    12    0     0      a section: the column's sum (and bonus)

A cell shows the box's points; what the dice would score there now in brackets set
a pixel apart from the digits (the font's own touch them); a box this turn cannot
fill (the column's order, the announce) dotted; an open one blank. The cursor's cell,
its row's name and its column's head are inverted.

Layout entries are those of card_view: (x, y, width, item index, text, text x);
index -1 never takes the cursor, -2 a row name or column head (redrawn on every
move: inverted on the cursor's), -3 the rule under the header. draw() draws an entry
(card_view calls it for this grid).
"""

from ui.views import tiny_font
from ui.views.tiny_font import fill
from ui.families.yamb.card import COLUMNS, ROWS, sections

RULE_X = 34                 # the rule between the row names and the cells: a pixel
#                             past the longest name, 'STRAIGHT' (x 1 to 32)
_PITCH = 6
_LETTER = 4                 # a character's advance in the 3x5 font
_CELL_W = 23
_CELL_X = 36                # the first cell's left edge (the last cell ends at 127)
_HEAD_Y = 8                 # the column heads' row
_GRID_Y = 14                # the first row of cells
_HEADS = ('DOWN', 'FREE', 'UP', 'ANN.')
_SECTIONS = ('UPPER', 'MIDDLE', 'LOWER', 'TOTAL')
# the grid's rows: a box row 0..11, or -1 - s for section s of _SECTIONS
GRID = (0, 1, 2, 3, 4, 5, -1, 6, 7, -2, 8, 9, 10, 11, -3, -4)
_top = 0                    # the first grid row on show


def visible(app):
    """How many grid rows the screen shows (8 on 128x64, 3 on 128x32)."""
    return 3 if app.small_screen else 8


def grid_row(k):
    """The grid row of box row k."""
    return k + (k >= 6) + 2 * (k >= 8)


def from_top():
    """The next scroll starts from the grid's first row (a new card on show)."""
    global _top
    _top = 0


def scroll(app):
    """Scroll so the cursor's row shows with a row or two around it: True when the
    rows on show changed."""
    global _top
    c = app.cursor
    if not 0 <= c < COLUMNS * ROWS:
        return False
    g = grid_row(c // COLUMNS)
    n = visible(app)
    ahead = 2 if n > 4 else 1
    top = _top
    if g + ahead >= top + n:
        top = g + ahead - n + 1
    if g - ahead < top:
        top = g - ahead
    if top > len(GRID) - n:
        top = len(GRID) - n
    if top < 0:
        top = 0
    moved = top != _top
    _top = top
    return moved


def _cell(x, y, i, text):
    # text right-aligned in the cell, three pixels from its right edge
    return (x, y, _CELL_W, i, text, x + _CELL_W - 2 - _LETTER * len(text))


def grid_layout(app, dice):
    """Entries of the grid for the card on show; `dice` the text of the dice row."""
    g = app.game
    card = g.cards[app.card_seat if app.card_seat >= 0 else g.current]
    values = app.values
    scroll(app)
    total = app.title_right
    # names a pixel in from the edge: inverted (the cursor's row), a first letter at
    # x 0 would lose its left stroke to the dark edge of the screen
    out = [(0, 0, RULE_X, -1, app.title[:8], 1), (0, _PITCH, 128, -3, '', 0)]
    if dice:
        out.append((_CELL_X, 0, 40, -1, dice, _CELL_X))
    out.append((128 - 24, 0, 24, -1, total, 128 - 1 - _LETTER * len(total) + 1))
    for c in range(COLUMNS):
        x = _CELL_X + _CELL_W * c
        out.append((x, _HEAD_Y, _CELL_W, -2, _HEADS[c],
                    x + (_CELL_W - _LETTER * len(_HEADS[c]) + 1) // 2))
    labels = app.labels
    for v in range(visible(app)):
        row = GRID[_top + v]
        y = _GRID_Y + _PITCH * v
        out.append((0, y, RULE_X, -2, labels[row].upper() if row >= 0 else
                    _SECTIONS[-1 - row], 1))
        for c in range(COLUMNS):
            x = _CELL_X + _CELL_W * c
            if row >= 0:
                i = COLUMNS * row + c
                out.append(_cell(x, y, i, values[i]))
            else:
                out.append(_cell(x, y, -1, _section(card, c, -1 - row)))
    return out


def _section(card, c, s):
    """Column c's section s: Upper (with its bonus once earned), Middle, Lower,
    Total."""
    up, mid, low, total = sections(card, c)
    if s == 0:
        rules = card.rules
        bonus = rules.upper_bonus
        return '%d+%d' % (up - bonus, bonus) if up >= rules.upper_bonus_at + bonus else \
            '%d' % up
    return '%d' % (mid if s == 1 else low if s == 2 else total)


def draw(app, bitmap, line, highlight):
    """Draw one entry: the rule (-3); a row name or column head (-2), inverted where
    the cursor is; a potential ('(12)') between bars; a greyed box ('-') dotted; else
    the text as it is."""
    x, y, w, i, text, tx = line
    if i == -3:
        fill(bitmap, x, y, w, 1, 1)
        return
    if i == -2:
        c = app.cursor
        if 0 <= c < COLUMNS * ROWS and app.rows[c] >= 0:
            highlight = (y == _HEAD_Y and x == _CELL_X + _CELL_W * (c % COLUMNS) or
                         y > _HEAD_Y and GRID[_top + (y - _GRID_Y) // _PITCH] == c // COLUMNS)
    on = 0 if highlight else 1
    fill(bitmap, x, y, w, _PITCH, 1 - on)
    if text == '-':         # greyed: a dot on every other pixel of three rows
        for dy in (1, 3, 5):
            for dx in range(2 + dy % 4 // 2, w - 2, 2):
                bitmap[x + dx, y + dy] = on
    elif text[:1] == '(':   # a potential: its brackets a pixel apart from the digits
        digits = text[1:-1]
        right = x + w - 5               # the ')' (its glyph's ink from right + 1)
        left = right - _LETTER * len(digits) - 6
        tiny_font.draw(bitmap, left, y + 1, '(', on)
        tiny_font.draw(bitmap, left + 5, y + 1, digits, on)
        tiny_font.draw(bitmap, right, y + 1, ')', on)
    else:
        tiny_font.draw(bitmap, tx, y + 1, text, on)
