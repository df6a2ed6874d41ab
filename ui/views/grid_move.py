"""The cursor on a whole-card grid (Triple Yahtzee's 13 boxes x 3 columns, Balut's
7 categories x 4 cells): list row r = across * k + c is row k's cell c. UP/DOWN and
HOLD_1/HOLD_2 go down a column (past its last row to the top of the next), LEFT/RIGHT
and HOLD_4/HOLD_5 along a row (past its end to the next row): either way reaches
every cell, on every board. No displayio: MicroPython runs it in the app checks."""

from events import actions as A


def move(app, action, allowed, across, down):
    """A cursor key on a grid of `down` rows of `across` cells: True when it moved
    (or tried to). Only cells take the cursor; `allowed(app, row)` says which."""
    if action == A.UP or action == A.DOWN or action == A.HOLD_1 or action == A.HOLD_2:
        step = -1 if action == A.UP or action == A.HOLD_1 else 1
        by_column = True
    elif action == A.LEFT or action == A.RIGHT or action == A.HOLD_4 or action == A.HOLD_5:
        step = -1 if action == A.LEFT or action == A.HOLD_4 else 1
        by_column = False
    else:
        return False
    cells = across * down
    r = app.cursor if 0 <= app.cursor < cells else 0
    # walk the cells in column order (down) or row order (along), from the cursor
    q = r % across * down + r // across if by_column else r
    for _ in range(cells):
        q = (q + step) % cells
        row = q % down * across + q // down if by_column else q
        if allowed(app, row):
            if row != app.cursor:
                app.cursor = row
                app.touch()
            break
    return True
