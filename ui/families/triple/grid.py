"""Triple Yahtzee's whole card on one 128x64 screen (ui/views/card.py draws it; loaded
only for that ruleset): a grid of the 13 boxes by the three columns x1 x2 x3, in the
3x5 font, the upper boxes on the left, the lower ones on the right. A cell shows the
box's points (multiplied) or, in brackets, what the dice would score there now.

       X1   X2   X3 | FULL HOUSE X2          the box under the cursor, in full
    1 (1)    2    3 | 3K (22) (44)    42
    ...             | FH (25) (50)    75     one row per box: x1 x2 x3
   UP +0  -12  -20  | ...
   BN  0    0    0  | YZ BONUS         0     each column's upper par (of the dice,
   6 6 6 2 2        | ANN            703     unmultiplied) and bonus; name, total

Layout entries are those of card_view: (x, y, width, item index, text, text x);
index -1 never takes the cursor, -2 is the cursor's box name (redrawn on every move;
its text the column's format: the list's rows hold one column's labels).
"""

from ui.families.triple.card import COLUMNS, column
from ui import seats

RULE_X = 58                 # the rule between the halves
draw = None                 # its entries drawn as ui/views/card.py draws a card's
_PITCH = 6
_LOWER = '3K4KFHSSLSYZCH'   # two letters per lower box, in card order
# cells: first x and width, left half (upper boxes, two digits) and right half
_LEFT_X, _LEFT_W = 9, 16
_RIGHT_X, _RIGHT_W = 68, 20


def _cell(x, y, w, i, text):
    # text right-aligned in the cell, one pixel from its right edge
    return (x, y, w, i, text, x + w - 4 * len(text))


def grid_layout(app, dice):
    """Entries of the grid for the card on show; `dice` the text of the dice row."""
    v = app.view
    g = app.game
    card = g.cards[seats.card_seat if seats.card_seat >= 0 else g.current]
    values = v.values
    out = []
    for c in range(COLUMNS):
        x = _LEFT_X + _LEFT_W * c
        out.append(_cell(x, 0, _LEFT_W, -1, 'X%d' % (c + 1)))
        total, par, bonus = column(card, c)
        out.append(_cell(x, 7 * _PITCH, _LEFT_W, -1, '%s%d' % ('+' if par >= 0 else '', par)))
        out.append(_cell(x, 8 * _PITCH, _LEFT_W, -1, '%d' % bonus))
    for k in range(13):
        upper = k < 6
        y = (k + 1 if upper else k - 5) * _PITCH
        out.append((0 if upper else RULE_X + 2, y, 8, -1,
                    '%d' % (k + 1) if upper else _LOWER[2 * k - 12:2 * k - 10],
                    1 if upper else RULE_X + 2))
        for c in range(COLUMNS):
            i = 3 * k + c
            if upper:
                out.append(_cell(_LEFT_X + _LEFT_W * c, y, _LEFT_W, i, values[i]))
            else:
                out.append(_cell(_RIGHT_X + _RIGHT_W * c, y, _RIGHT_W, i, values[i]))
    out.append((0, 7 * _PITCH, 8, -1, 'UP', 1))
    out.append((0, 8 * _PITCH, 8, -1, 'BN', 1))
    if dice:
        out.append((0, 9 * _PITCH, RULE_X, -1, dice, 1))
    right = 128 - RULE_X - 2
    out.append((RULE_X + 2, 0, right, -2, ' x%d', RULE_X + 3))   # + its column
    out.append((RULE_X + 2, 8 * _PITCH, 40, -1, 'YZ BONUS', RULE_X + 3))
    out.append(_cell(RULE_X + 42, 8 * _PITCH, right - 40, -1, '%d' % card.yahtzee_bonus))
    out.append((RULE_X + 2, 9 * _PITCH, 28, -1, v.title, RULE_X + 3))
    out.append(_cell(RULE_X + 30, 9 * _PITCH, right - 28, -1, v.title_right))
    return out
