"""Triple Yahtzee's card for the scenes (loaded only for that ruleset): three columns
of the 13 Yahtzee boxes scored x1, x2 and x3 (box = column * 13 + b, points stored
multiplied), listed box by box ("Aces x1", "Aces x2", "Aces x3", "Twos x1", ...) so a
box's three multipliers sit side by side, in the 128x32 list as in the 128x64 grid
(ui/families/triple/grid.py). No displayio here: MicroPython runs it in the app checks.

Moving on the grid: ui/views/grid_move.py.
"""

COLUMNS = 3
BOXES = 13                  # boxes in a column
CELLS = COLUMNS * BOXES     # list rows 0..38 are the boxes, the summaries follow
play_texts = None           # the play view's shared texts say it all


def box_of_row(r):
    """Box index of list row r (< CELLS): row 3k + c is box k of column c."""
    return r % COLUMNS * BOXES + r // COLUMNS


def column(card, c):
    """Column c's (upper total, upper par, upper bonus), totals unmultiplied (the
    bonus needs 63 of the dice whatever the multiplier; it pays 35 times it)."""
    s = card.scores
    m = c + 1
    total = par = 0
    for b in range(6):
        v = s[c * BOXES + b]
        if v != 255:
            total += v // m
            par += v // m - 3 * (b + 1)
    rules = card.rules
    return total, par, rules.upper_bonus * m if total >= rules.upper_bonus_at else 0


def par(card):
    """The three columns' upper par together (the standings' "up" figure)."""
    p = 0
    for c in range(COLUMNS):
        p += column(card, c)[1]
    return p


def card_rows(app, card, rolled, items, values, rows):
    """Append the card's list rows: the 39 boxes box by box (potential points in
    brackets once rolled, '-' where the dice may not go), then each column's upper
    total and par, the bonuses and the total. The 128x64 grid names only the box
    under the cursor (adding its column): its rows share the 13 labels, which saves
    the heap 39 strings."""
    pts = app.pts
    grid = not app.small_screen
    app.box_label(0)                # app.view.labels: this ruleset's
    for r in range(CELLS):
        b = box_of_row(r)
        items.append(app.view.labels[r // COLUMNS] if grid else app.box_label(b))
        v = card.scores[b]
        values.append('%d' % v if v != 255 else '(%d)' % pts[b] if rolled and pts[b] != 255
                      else '-' if rolled else '')
        rows.append(b)
    bonus = 0
    for c in range(COLUMNS):
        total, p, got = column(card, c)
        bonus += got
        items.append(('Upper x1', 'Upper x2', 'Upper x3')[c])
        values.append('%d %s%d' % (total, '+' if p >= 0 else '', p))
    items.append('Bonus')
    values.append('%d' % bonus)
    items.append('Yahtzee bonus')
    values.append('%d' % card.yahtzee_bonus)
    items.append('Total')
    values.append('%d' % card.total)
    rows.extend((-1,) * (COLUMNS + 3))


def move(app, action, allowed):
    """A cursor key on the 128x64 grid (ui/views/grid_move.py): True when it moved (or
    tried to). Only box cells take the cursor; `allowed(app, row)` says which."""
    from ui.views.grid_move import move as move_on_grid
    return move_on_grid(app, action, allowed, COLUMNS, BOXES)
