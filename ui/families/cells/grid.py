"""Balut's whole card on one 128x64 screen (ui/views/card.py draws it; loaded only for
a card of cells, ui/families/cells/card.py): the 7 categories by their 4 cells, each category's
total and points beside it, in the 3x5 font. A cell shows its points or, in
brackets, what the dice would score there now.

    ANN             TOTAL 231  PTS 3      the seat, the total and the card's points
         1    2    3    4   SUM  PT
    FO  12   16  (8)    -    28   0      one row per category: its 4 cells, the
    ...                                   total of its cells and its points now
    BA  30    0    -    -    30   2
    6 6 3 2 1          HOUSE 3            the dice; the box under the cursor

Layout entries are those of card_view: (x, y, width, item index, text, text x);
index -1 never takes the cursor, -2 is the cursor's box name (redrawn on every move;
its text the cell's format: the list's rows hold the category labels).
"""

from ui.families.cells.card import category, shape
from ui import seats

RULE_X = None       # no rule: the cells sit side by side
draw = None         # its entries drawn as ui/views/card.py draws a card's

_PITCH = 6
_SHORT = 'FOFISISTHOCHBA'  # two letters per category, in card order
_CELL_X, _CELL_W = 10, 20   # the first cell's x, a cell's width
_SUM_X, _SUM_W = 90, 20
_PT_X, _PT_W = 110, 18


def _cell(x, y, w, i, text):
    # text right-aligned in the cell, one pixel from its right edge
    return (x, y, w, i, text, x + w - 4 * len(text))


def grid_layout(app, dice):
    """Entries of the grid for the card on show; `dice` the text of the dice row."""
    g = app.game
    card = g.cards[seats.card_seat if seats.card_seat >= 0 else g.current]
    cells, cats = shape(g.rules)
    values = app.view.values
    points = g.rules.game_points(card.scores)
    out = [(0, 0, 50, -1, app.view.title, 1),
           _cell(50, 0, 78, -1, 'TOTAL %d  PTS %d' % (card.total, points))]
    for c in range(cells):
        out.append(_cell(_CELL_X + _CELL_W * c, _PITCH, _CELL_W, -1, '%d' % (c + 1)))
    out.append(_cell(_SUM_X, _PITCH, _SUM_W, -1, 'SUM'))
    out.append(_cell(_PT_X, _PITCH, _PT_W, -1, 'PT'))
    for k in range(cats):
        y = (k + 2) * _PITCH
        out.append((0, y, 8, -1, _SHORT[2 * k:2 * k + 2], 1))
        for c in range(cells):
            i = cells * k + c
            out.append(_cell(_CELL_X + _CELL_W * c, y, _CELL_W, i, values[i]))
        total, got = category(card, k)
        out.append(_cell(_SUM_X, y, _SUM_W, -1, '%d' % total))
        out.append(_cell(_PT_X, y, _PT_W, -1, '%d' % got))
    y = (cats + 2) * _PITCH
    if dice:
        out.append((0, y, 60, -1, dice, 1))
    out.append((62, y, 66, -2, ' %d', 63))      # the box under the cursor, its cell
    return out
