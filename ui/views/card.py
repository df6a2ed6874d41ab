"""The whole scorecard on one 128x64 screen (view VIEW_CARD of ui/views/views.py): every
box with its score or potential, Upper and par, Bonus, the Yahtzee bonus, the Total
and the dice, drawn into one Bitmap in the 3x5 font of ui/views/tiny_font.py; Triple
Yahtzee's 39 boxes as a grid of cells instead (ui/families/triple/grid.py, loaded for it), and
Balut's 7 categories x 4 cells likewise (ui/families/cells/grid.py), Yamb's 12 rows x 4
columns (ui/families/yamb/grid.py, which draws its own cells), and a card too long for
two halves (Maxi Yatzy's 20 boxes) in three columns (ui/views/long_card.py). A
cursor move redraws only the two rows (cells) concerned (drawing pixels in Python is
slow on a board)."""

import displayio

from ui.views import tiny_font
from ui.views.tiny_font import fill as _fill
# (with the card view, made at boot: a game's first card compiles nothing on a .py board)
from ui.short_labels import fit

_CARD_PITCH = 6         # a 3x5 font row and its gap
_CARD_COLS = 15         # characters in a column of the whole-card view


def card_line(label, value, cols=_CARD_COLS):
    """One card row in a column of `cols` characters: the label, a space at least,
    the value right-aligned. A label too long goes by a shorter name that reads as
    words (ui/short_labels.py); a box's potential ('(25)', '-') keeps one name for
    any value of two digits, so the row does not change name as the dice change."""
    room = cols - len(value) - 1
    if len(label) > room and label.startswith('Bonus +'):
        label = label[6:]       # Kismet's tiers: '+35/55/75' says enough
    if len(label) > room or len(label) > cols - 5:
        label = fit(label, room, cols - 5 if value[:1] in '(-' else 0)
    return label + ' ' * (cols - len(label) - len(value)) + value


def _dice_text(app):
    """The dice row: the dice of the footer ('Up 12 +3  5 5 3 1 2'), 'read only', or
    '' (nothing to show)."""
    footer = app.view.footer
    dice = footer.find('  ')
    if dice > 0 and footer[dice + 2:dice + 3].isdigit():
        return footer[dice + 2:]
    return 'read only' if footer.endswith('read only') else ''


def card_layout(app):
    """[(column 0/1, row, item index or -1, text)] of the whole-card view: the name
    and total, the upper boxes, Upper and Bonus on the left (the dice below them);
    the lower boxes, the Yahtzee bonus and the Total on the right."""
    v = app.view
    rules = app.game.rules
    nu = rules.n_upper
    nb = rules.n_boxes
    items = v.items
    values = v.values
    out = [(0, 0, -1, card_line(v.title, v.title_right))]
    left = list(range(nu)) + [nb]
    if rules.upper_bonus:
        left.append(nb + 1)
    right = list(range(nu, nb)) + [i for i in range(nb + 1, len(items)) if i not in left]
    for row in range(len(left)):
        i = left[row]
        out.append((0, row + 1, i, card_line(items[i], values[i])))
    dice = _dice_text(app)
    if dice:
        out.append((0, len(left) + 1, -1, dice))
    for row in range(len(right)):
        i = right[row]
        out.append((1, row, i, card_line(items[i], values[i])))
    return out


def _fits_halves(rules, height):
    """The right half holds the lower boxes, a five-alike bonus and the Total, a row
    each (else ui/views/long_card.py's three columns)."""
    return (rules.n_boxes - rules.n_upper + 1 + (1 if rules.five_alike_bonus else 0)
            <= height // _CARD_PITCH)


_CARD_H = 64            # the card's height: the whole screen of a 128x64


class CardView:
    """The Bitmap and its TileGrid (in .group, hidden until VIEW_CARD). A 128x32
    screen shows the same 64-row card through a window of its 5 rows, moved to keep
    the cursor's row in sight; Yamb's grid, drawn for the screen's own height, scrolls
    its own rows (Triple Yahtzee's and Balut's grids keep the list there:
    ui/scenes/card.py)."""

    def __init__(self, width, height, palette):
        self.width = width
        self.height = _CARD_H       # the card's, drawn whole; the screen's is below
        self.screen_h = height
        self.bitmap = displayio.Bitmap(width, _CARD_H, 2)
        self.group = displayio.Group()
        self.group.hidden = True
        self.grid = displayio.TileGrid(self.bitmap, pixel_shader=palette)
        self.group.append(self.grid)
        self.bottom = _CARD_H       # the last drawn row's end (where scrolling stops)
        self.window = height // _CARD_PITCH * _CARD_PITCH if height < _CARD_H else _CARD_H
        self.filler = None
        if self.window < height:    # whole rows on a short screen; under them, black
            self.filler = displayio.TileGrid(displayio.Bitmap(width, height - self.window, 2),
                                             pixel_shader=palette, y=self.window)
            self.group.append(self.filler)
        self.version = -1       # app.view.list_version drawn (-1: draw it all)
        self.cursor = -2
        self.layout = ()

    draw = None         # a grid's own drawing of an entry (Yamb's), else _row's

    def update(self, app):
        v = app.view
        old = self.cursor
        # a grid that draws its own entries (Yamb's) scrolls to keep the cursor's row
        # in sight: other rows on show, the whole grid again
        scrolled = False
        if self.draw is not None and v.cursor != old:
            from ui.families import family
            scrolled = family(app.game.rules, 'grid').scroll(app)
        fresh = v.list_version != self.version      # a new list, not a scroll
        if fresh or scrolled:
            self.version = v.list_version
            half = self.width // 2
            rules = app.game.rules
            grid = self.draw = None
            if rules.ui:        # a family's own grid (ui/families/), or none
                from ui.families import family
                grid = family(rules, 'grid')
            if grid is not None:    # Yamb's, Triple Yahtzee's, Balut's
                if fresh and grid.draw is not None:    # rows on show from the cursor
                    grid.from_top()                     # alone, not the last card's
                lines, self.layout = () if grid.RULE_X is None else (
                    (grid.RULE_X, self.height),), grid.grid_layout(app, _dice_text(app))
                self.draw = grid.draw
            elif not _fits_halves(rules, self.height):   # three columns
                from ui.views.long_card import grid_layout, RULES
                lines, self.layout = RULES, grid_layout(app, _dice_text(app), card_line)
            else:       # (x, y, width, item, text, text x) as card_grid has them
                lines, self.layout = ((half - 1, self.height),), [
                    (col * (half + 1), row * _CARD_PITCH, half - 1, i, text,
                     col * (half + 1) + 1) for col, row, i, text in card_layout(app)]
            self.bitmap.fill(0)
            for x, h in lines:      # the rules between columns: (x, height)
                _fill(self.bitmap, x, 0, 1, h, 1)
            bottom = 0
            for line in self.layout:
                if line[1] + _CARD_PITCH > bottom and (line[4] or line[3] == -2):
                    bottom = line[1] + _CARD_PITCH
            self.bottom = bottom
            if self.filler is not None:     # Yamb's grid fills the whole short screen
                self.filler.hidden = self.draw is not None
                if self.draw is not None:
                    self.grid.y = 0
            old = -2
        elif v.cursor == old:
            return
        self.cursor = v.cursor
        for line in self.layout:
            i = line[3]
            if old == -2 or i == -2 or (i >= 0 and (i == old or i == v.cursor)):
                if self.draw is not None:
                    self.draw(app, self.bitmap, line, i >= 0 and i == v.cursor)
                else:
                    self._row(app, line, i >= 0 and i == v.cursor)
            if i == v.cursor and self.window < _CARD_H and self.draw is None:
                self._scroll_to(line[1])

    def _scroll_to(self, y):
        """A short screen: the row at y in sight, two rows above it where the card
        goes on that far, the card's end at the screen's bottom at most."""
        top = y - 2 * _CARD_PITCH
        if top > self.bottom - self.window:
            top = self.bottom - self.window
        if top < 0:
            top = 0
        if self.grid.y != -top:
            self.grid.y = -top

    def _row(self, app, line, highlight):
        x, y, w, i, text, tx = line
        if i == -2:     # the name of the box under the cursor, and its column (cell)
            c = app.view.cursor
            rules = app.game.rules
            n = rules.columns * rules.cells
            text = (app.view.items[c] + (text % (c % n + 1) if text else '')
                    if 0 <= c < rules.n_boxes else '')
        _fill(self.bitmap, x, y, w, _CARD_PITCH, 1 if highlight else 0)
        tiny_font.draw(self.bitmap, tx, y + 1, text, 0 if highlight else 1)
