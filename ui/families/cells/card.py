"""A card of categories scored in several cells and won on points (Balut: 7
categories x 4 cells, box = cell * 7 + category; loaded only for such a ruleset),
for the scenes: the list rows category by category ("Fours 1" .. "Fours 4", "Fives
1", ...), so a category's cells sit side by side, in the 128x32 list as in the 128x64
grid (ui/families/cells/grid.py); then each category's goal and points, the total's points
and the card's points. No displayio here: MicroPython runs it in the app checks."""

play_texts = None       # the play view's shared texts say it all


def shape(rules):
    """(cells, categories) of the card."""
    return rules.cells, rules.n_boxes // rules.cells


def box_of_row(rules, r):
    """Box index of list row r (< n_boxes): row cells * k + c is cell c of category k."""
    cells, cats = shape(rules)
    return r % cells * cats + r // cells


def category(card, k):
    """Category k's (total of its filled cells, points as they stand)."""
    rules = card.rules
    s = card.scores
    total = 0
    for b in range(k, rules.n_boxes, rules.n_boxes // rules.cells):
        if s[b] != 255:
            total += s[b]
    return total, rules.category_points(s, k)


def goal_text(rules, k):
    """What category k's goal asks, in a few characters: '52+', 'all', 'each'."""
    at = rules.goals[0][k][0]
    return '%d+' % at if at > 0 else 'all' if at == 0 else 'each'


def total_points(card):
    """The points the card's total earns as it stands (its band)."""
    total = card.total
    got = 0
    for at, points in card.rules.goals[1]:
        if total >= at:
            got = points
    return got


def card_rows(app, card, rolled, items, values, rows):
    """Append the card's list rows: the boxes category by category (potential points
    in brackets once rolled, '-' where the dice may not go), then each category's
    goal, total and points, the total with its points, and the card's points. The
    128x64 grid names only the box under the cursor (adding its cell): its rows share
    the 7 labels, which saves the heap 28 strings."""
    rules = card.rules
    pts = app.pts
    grid = not app.small_screen
    cells, cats = shape(rules)
    app.box_label(0)                # app.view.labels: this ruleset's
    for r in range(rules.n_boxes):
        b = box_of_row(rules, r)
        items.append(app.view.labels[r // cells] if grid else app.box_label(b))
        v = card.scores[b]
        values.append('%d' % v if v != 255 else '(%d)' % pts[b] if rolled and pts[b] != 255
                      else '-' if rolled else '')
        rows.append(b)
    for k in range(cats):
        total, got = category(card, k)
        items.append('%s %s' % (app.view.labels[k], goal_text(rules, k)))
        values.append('%d %dp' % (total, got))
    items.append('Total')
    values.append('%d %dp' % (card.total, total_points(card)))
    items.append('Points')
    values.append('%d' % card.rules.game_points(card.scores))
    rows.extend((-1,) * (cats + 2))


def move(app, action, allowed):
    """A cursor key on the 128x64 grid (ui/views/grid_move.py): True when it moved (or
    tried to)."""
    from ui.views.grid_move import move as move_on_grid
    cells, cats = shape(app.game.rules)
    return move_on_grid(app, action, allowed, cells, cats)
