"""A whole card of one column whose rows two halves cannot hold (Maxi Yatzy's 20
boxes: 14 lower ones), on one 128x64 screen in three columns (ui/views/card.py draws
it; loaded only for such a card): the upper section, then the lower boxes down the
second column and on into the third, each box with its points or, in brackets, what
the dice would score there now; the full name of the box under the cursor below.

    P1        104 | 1 PAIR    (10) | HOUSE  18
    ONES      (0) | 2 PAIRS     12 | VILLA  (0)
    ...           | ...            | ...
    UP     22 -34 | LG STR     (0) |
    BONUS       0 | FULL ST    (0) | TOTAL  104
    5 5 5 2 2 4     3 OF A KIND                    the dice; the box under the cursor

Layout entries are those of card_view: (x, y, width, item index, text, text x);
index -1 never takes the cursor, -2 is the cursor's box name (redrawn on every move).
"""

_PITCH = 6
_ROWS = 9                   # rows of each column; the dice and the box's name below
# each column: its x, width and characters (3x5 font, 4 pixels a character)
_X = (0, 42, 88)
_W = (41, 45, 40)
_COLS = (10, 11, 10)
RULES = ((41, _ROWS * _PITCH), (87, _ROWS * _PITCH))   # (x, height) of the rules
def _entry(line, col, row, i, label, value):
    x = _X[col]
    return (x, row * _PITCH, _W[col], i,
            line(label, value, _COLS[col]), x + 1)


def grid_layout(app, dice, line):
    """Entries of the card on show; `dice` the text of the dice row, `line(label,
    value, columns)` a row's text (card_view.card_line: passed in, as card_view loads
    this module)."""
    rules = app.game.rules
    nu = rules.n_upper
    nb = rules.n_boxes
    items = app.items
    values = app.values
    total = len(items) - 1      # the Total, the list's last row
    out = [(_X[0], 0, _W[0], -1, line(app.title, app.title_right, _COLS[0]), 1)]
    left = list(range(nu)) + [nb]
    if rules.upper_bonus:
        left.append(nb + 1)
    for row in range(len(left)):
        i = left[row]
        out.append(_entry(line, 0, row + 1, i, items[i], values[i]))
    rest = [i for i in range(nu, total) if i not in left]
    for k in range(len(rest)):
        i = rest[k]
        out.append(_entry(line, 1 + k // _ROWS, k % _ROWS, i, items[i], values[i]))
    out.append(_entry(line, 2, _ROWS - 1, total, items[total], values[total]))
    y = _ROWS * _PITCH
    if dice:                    # six dice: 11 characters, the name two further on
        out.append((0, y, 48, -1, dice, 1))
    out.append((52, y, 76, -2, '', 53))
    return out
