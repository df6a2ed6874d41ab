"""displayio views of the app: built once, then updated in place.

Three layers under one root group: the list view (menus, scorecard, rankings, stats),
the play view (header, the dice, markers, two text lines) and a dialog box drawn on
top of either (one bitmap with its text written in: one layer). The dice sit in five
slots, one over each hold button; fewer dice take the middle slots (codes.first_slot),
six dice six narrower ones (a smaller sheet, made only while a six-dice game is on).
`update(app)` compares what it drew last (version counters, dice faces, cursor) and
touches only what changed; the loop calls it only when `app.version` moved, so an
idle frame costs nothing.

Sizes come from the display: 128x64 gets the full layout; 32-pixel-high screens (the
128x32 FeatherWing) get a compact one (smaller dice, two list rows, no footer).
Text is terminalio.FONT (6x12 cell): a line whose capitals start at row T (its
`top`) ends with descenders at T + 9, so lines sit 10 pixels apart. The font's tile
has rows above the capitals (2 on the board's font): _Glyphs.cap_row measures them,
and a line's tiles start that many rows above its top, so a title at row 0 shows
its capitals' first row.
A line of text is one TileGrid over the font's own glyph sheet, a tile per character
(_Text): adafruit_display_text's Label makes a TileGrid per glyph, which on a board
cost about 85 bytes a character and a kilobyte a label (tools/pico_emu/heap.py).

displayio sends each changed layer's area on its own: the area is clipped to the
screen, its rows rounded out to the OLED's 8-row pages, and every pixel of every layer
over it worked out (a text line's transparent ones too). A change that touches much of
the screen (a new scene's list, another view) costs several times a whole
screen that way, each area sent in turn over I2C. So update() adds up the bytes its
changes will send (`dirty`, per changed layer) and sets `whole` when they come to a
screen or more: the loop then has the whole screen drawn in one pass (ui/loop.py).
"""

import displayio
import terminalio
from bitmaptools import blit, fill_region

from ui import codes
from ui.views.tiny_font import fill as _fill

_CHAR_W = 6
_WHITE = 0xFFFFFF
_BLACK = 0x000000
_FIRST = 0x20           # the glyphs looked up once: ' ' to '~'
_LAST = 0x7E


class _Glyphs:
    """terminalio.FONT's sheet, each printable character's tile on it, and the two
    text colours (palette index 0 transparent), shared by every text line."""

    def __init__(self, width, height):
        font = terminalio.FONT
        self.sheet = font.bitmap
        self.w, self.h = font.get_bounding_box()[:2]
        self.cols = width // self.w + 1
        glyphs = [font.get_glyph(c) for c in range(_FIRST, _LAST + 1)]
        self.tiles = [g.tile_index if g is not None else 0 for g in glyphs]
        self.space = self.tiles[0]
        self.keys = ()          # key_words of the board: what the texts' OK and BACK become
        self.cap_row = _first_ink_row(self.sheet, self.w, self.h, self.tiles[ord('H') - _FIRST])
        self.white = _palette()
        self.black = _palette()
        self.dirty = 0          # bytes the changes since the last update() will send
        self.screen_w = width
        self.screen_h = height
        self.black[1] = _BLACK
        for p in (self.white, self.black):
            p.make_transparent(0)


def _area_bytes(g, x, y, w, h):
    """The bytes displayio sends for a changed area of w x h at (x, y): clipped to the
    screen, its rows rounded out to 8-row pages, a byte per column and page."""
    x1 = x if x > 0 else 0
    x2 = x + w
    if x2 > g.screen_w:
        x2 = g.screen_w
    y1 = y if y > 0 else 0
    y2 = y + h
    if y2 > g.screen_h:
        y2 = g.screen_h
    if x2 <= x1 or y2 <= y1:
        return 0
    return (x2 - x1) * ((y2 + 7) // 8 - y1 // 8)


def _first_ink_row(sheet, w, h, tile):
    """The first row of a glyph's tile with a lit pixel (its capitals' top for 'H')."""
    x0 = tile * w
    for y in range(h):
        for x in range(x0, x0 + w):
            if sheet[x, y]:
                return y
    return 0


class _Text:
    """One line of text whose capitals start at row `top` and its first column at .x:
    .text and .color (white or black); .grid goes in a Group (and hides).
    displayio works out every pixel of a line's grid on the screen, blank tiles too:
    a line keeps its text in the grid's last tiles, the grid as far left as that puts
    the text at x, so its blank tiles lie off the screen's left edge; a right-aligned
    line (right=True, placed by _set_right) keeps it in the first tiles, the blanks
    off the right edge."""

    def __init__(self, glyphs, x, top, text, hides=False, right=False):
        self._glyphs = glyphs
        self._end = not right   # the text in the grid's last tiles
        self._x = x
        # hides: hidden while it has no text (a list's rows): displayio then skips it
        # as it draws the lines around it (it works out every pixel of a line's
        # width, ink or not); not for lines that come and go on the play screen, where
        # showing it again redraws its whole width, not only its new characters
        self._hides = hides
        self.grid = displayio.TileGrid(
            glyphs.sheet, pixel_shader=glyphs.white, width=glyphs.cols, height=1,
            tile_width=glyphs.w, tile_height=glyphs.h, default_tile=glyphs.space,
            x=x - glyphs.w * glyphs.cols if self._end else x, y=top - glyphs.cap_row)
        # the OLED pages its row spans: what a change of it sends per column
        self._pages = _area_bytes(glyphs, 0, self.grid.y, 1, glyphs.h)
        self._text = ''
        self._color = _WHITE
        self.text = text

    @property
    def x(self):
        return self._x if self._end else self.grid.x

    @property
    def text(self):
        return self._text

    @text.setter
    def text(self, text):
        g = self._glyphs
        grid = self.grid
        tiles = g.tiles
        cols = g.cols
        n = len(text)
        if n > cols:
            n = cols
        m = len(self._text)
        if m > cols:
            m = cols
        x = grid.x
        if self._end:           # text in tiles k.., the old text's first ones blanked
            k = cols - n
            for i in range(cols - m, k):
                grid[i] = g.space
            gx = self._x - g.w * k
            if gx != x:
                grid.x = gx
                if gx < x:      # a move: where it was and where it is, one area
                    x = gx
            else:
                x = self._x     # else the tiles set
        else:
            k = 0
            for i in range(n, m):
                grid[i] = g.space
        for i in range(n):
            c = ord(text[i]) - _FIRST
            grid[k + i] = tiles[c] if 0 <= c <= _LAST - _FIRST else g.space
        self._text = text
        if n < m:
            n = m               # the longer text's tiles
        if self._hides and grid.hidden != (not text):
            grid.hidden = not text
            if not self._end:
                n = cols        # shown or hidden: its whole grid on the screen
            elif grid.x < x:
                x = grid.x
        n = g.w * n + (self._x if self._end else grid.x)    # the right end
        if n > g.screen_w:
            n = g.screen_w
        if x < 0:
            x = 0
        if n > x:
            g.dirty += (n - x) * self._pages

    def _sent(self, x, w):
        if x < 0:
            w += x
            x = 0
        g = self._glyphs
        if x + w > g.screen_w:
            w = g.screen_w - x
        if w > 0:
            g.dirty += w * self._pages

    def changed(self, to_x=None):
        """Its whole width redrawn (a new colour), or about to move along its row to
        to_x: where it was and where it will be, one area."""
        g = self._glyphs
        x = self.grid.x
        w = g.w * g.cols
        if to_x is not None:
            w += to_x - x if to_x > x else x - to_x
            if to_x < x:
                x = to_x
        self._sent(x, w)

    @property
    def color(self):
        return self._color

    @color.setter
    def color(self, color):
        self._color = color
        self.changed()
        self.grid.pixel_shader = self._glyphs.black if color == _BLACK else self._glyphs.white




def key_words(profile):
    """((word, name), ...): the buttons the texts call OK and BACK, by the names a
    board's player sees where they differ: what the button is printed with (the
    FeatherWing's 'B') or, with no button of its own, the long press that gives it
    ('hold B'). The default board's are its roles: nothing to change."""
    if not profile:
        return ()
    labels = profile.get('button_labels') or {}
    pins = profile.get('pins', {})
    long_press = profile.get('long_press', {})
    out = []
    for role in ('BACK', 'OK'):
        name = labels.get(role, role)
        if role not in pins:
            for key in long_press:
                if long_press[key] == role:
                    name = 'hold ' + labels.get(key, key)
        if name != role:
            out.append((role, name))
    return tuple(out)


def said_with_keys(text, keys):
    """text with each word of keys (key_words) as the board names it: 'OK yes' ->
    'B yes'; a word inside another ('BOOK') stays."""
    for word, name in keys:
        i = text.find(word)
        while i >= 0:
            j = i + len(word)
            if (i == 0 or not text[i - 1].isalpha()) and (j == len(text) or
                                                          not text[j].isalpha()):
                text = text[:i] + name + text[j:]
                j = i + len(name)
            i = text.find(word, j)
    return text


def _set_text(lbl, text):
    keys = lbl._glyphs.keys
    if keys:
        text = said_with_keys(text, keys)
    if lbl.text != text:
        lbl.text = text


def _set_right(lbl, right, text):
    """Right-align a label so its last character ends at x = right (monospace)."""
    g = lbl._glyphs
    keys = g.keys
    if keys:
        text = said_with_keys(text, keys)
    dirty = g.dirty
    if lbl.text != text:
        lbl.text = text
    x = right - _CHAR_W * len(text)
    if lbl.grid.x != x:
        g.dirty = dirty         # a move redraws both places whole, new tiles or not
        lbl.changed(x)
        lbl.grid.x = x


def _palette():
    p = displayio.Palette(2)
    p[0] = _BLACK
    p[1] = _WHITE
    return p


# Pip centres on a 0..2 grid per face (column, row).
_PIPS = (
    (),
    ((1, 1),),
    ((0, 0), (2, 2)),
    ((0, 0), (1, 1), (2, 2)),
    ((0, 0), (2, 0), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
)


def make_dice_sheet(size):
    """A Bitmap of 15 dice tiles, each `size` square: 0 = not rolled yet (dotted
    outline), 1..6 = faces, 8 + f = face f held (inverted); 7 and 8 stay blank.
    Where the heap has room (our firmware: its frozen ui/views/dice_sheets.py costs
    no RAM) the drawing comes whole from dice_sheets' bytes, written into the Bitmap's
    buffer: drawn pixel by pixel it took a fifth of the way to the menu."""
    bmp = displayio.Bitmap(size * 15, size, 2)
    if _sheet_from_bytes(bmp, size):
        return bmp
    return draw_dice_sheet(bmp, size)


def _sheet_from_bytes(bmp, size):
    import gc
    free = getattr(gc, 'mem_free', None)
    if free is None or free() < 102400:     # CPython's displayio (Blinka): no buffer;
        return False                        # a board short of heap: no module to load
    try:
        from ui.views.dice_sheets import SHEETS
        data = SHEETS.get(size)
        if data is None:
            return False
        view = memoryview(bmp)
        if len(view) != len(data):
            return False
        view[:] = data
        return True
    except (ImportError, TypeError, ValueError):    # (heap: checked above)
        return False
    finally:
        from yahtzee_core.rules import forget
        forget('dice_sheets', 'ui.views')


def draw_dice_sheet(bmp, size):
    """make_dice_sheet's drawing, pixel by pixel, into a Bitmap of 15 tiles of size."""
    pip = 3 if size >= 20 else 2
    inset = size // 5
    span = size - 2 * inset - pip
    for tile in range(15):
        x0 = tile * size
        held = tile >= 8
        face = tile - 8 if held else tile
        if tile == 7 or tile == 8:
            continue
        if tile == 0:
            for k in range(1, size - 1, 2):      # dotted outline: no dice yet
                bmp[x0 + k, 0] = 1
                bmp[x0 + k, size - 1] = 1
                bmp[x0, k] = 1
                bmp[x0 + size - 1, k] = 1
            continue
        fg = 0 if held else 1
        if held:
            _fill(bmp, x0 + 1, 0, size - 2, size, 1)
            _fill(bmp, x0, 1, size, size - 2, 1)
        else:                                    # outline with cut corners
            _fill(bmp, x0 + 2, 0, size - 4, 1, 1)
            _fill(bmp, x0 + 2, size - 1, size - 4, 1, 1)
            _fill(bmp, x0, 2, 1, size - 4, 1)
            _fill(bmp, x0 + size - 1, 2, 1, size - 4, 1)
            bmp[x0 + 1, 1] = 1
            bmp[x0 + size - 2, 1] = 1
            bmp[x0 + 1, size - 2] = 1
            bmp[x0 + size - 2, size - 2] = 1
        for col, row in _PIPS[face]:
            _fill(bmp, x0 + inset + col * span // 2, inset + row * span // 2, pip, pip, fg)
    return bmp


class Views:
    """All the displayio objects of the app; `root` goes on display.root_group."""

    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.small = height < 64
        self.list_rows = 2 if self.small else 4
        self.root = displayio.Group()
        self._pal = _palette()
        self._glyphs = _Glyphs(width, height)
        self.whole = False          # update()'s changes: draw the whole screen at once
        self._faces = bytearray(codes.MAX_DICE)     # the dice drawn last
        self._held = bytearray(codes.MAX_DICE)
        self._build_list()
        self._build_play()
        self._build_card()
        self.text = None            # ui/views/text.py, made for the first VIEW_TEXT
        self._build_moment()
        self._build_dialog()
        # what was drawn last
        self._view = -1
        self._list_version = -1
        self._cursor = -2
        self._top = -1
        self._play_version = -1
        self._die_cursor = -2
        self._dialog = -1
        self._dialog_version = -1
        self._cursor_mode = None    # Roll/Card buttons shown (no hold keys)
        self._moment = 0            # the big moment whose banner is set up
        self._moment_shown = False
        self._faces[0] = 99         # force the first dice draw
        self._profile = None        # the board whose button names the texts use

    # ------------------------------------------------------------------ builders
    def _label(self, group, x, top, text='', hides=False, right=False):
        """A text line whose capitals start at row `top`, added to group (right: placed
        by _set_right)."""
        lbl = _Text(self._glyphs, x, top, text, hides, right)
        group.append(lbl.grid)
        return lbl

    def _rect(self, group, x, y, w, h, color_index=1):
        """A filled rectangle as a 1x1-tile TileGrid over a solid bitmap (movable)."""
        bmp = displayio.Bitmap(w, h, 2)
        bmp.fill(color_index)
        tg = displayio.TileGrid(bmp, pixel_shader=self._pal, x=x, y=y)
        group.append(tg)
        return tg

    def _build_list(self):
        w = self.width
        g = displayio.Group()
        self.list_group = g
        self.title = self._label(g, 0, 0)
        self.title_right = self._label(g, 0, 0, right=True)
        self._rect(g, 0, 10, w, 1)                        # rule under the title
        self._row_top = 12     # the cursor bar's top too: capitals on its first row
        self.cursor_bar = self._rect(g, 0, 12, w - 3, 10)
        self.cursor_bar.hidden = True
        self.row_left = []
        self.row_right = []
        for r in range(self.list_rows):
            t = self._row_top + 10 * r
            self.row_left.append(self._label(g, 1, t, hides=True))
            self.row_right.append(self._label(g, 0, t, hides=True, right=True))
        # scrollbar: a 1-pixel track, and a thumb moved/resized by tiles
        track_h = 10 * self.list_rows
        self._track_h = track_h
        self.scroll_group = displayio.Group()
        g.append(self.scroll_group)
        self._rect(self.scroll_group, w - 1, 12, 1, track_h)
        self.thumb = self._rect(self.scroll_group, w - 2, 12, 2, track_h)
        self._thumb_bitmap = self.thumb.bitmap
        self.scroll_group.hidden = True
        self.footer_group = displayio.Group()
        g.append(self.footer_group)
        if not self.small:
            self._rect(self.footer_group, 0, 53, w, 1)
            self.footer = self._label(self.footer_group, 0, 54)
        else:
            self.footer = None
        self.root.append(g)

    def _build_play(self):
        w = self.width
        g = displayio.Group()
        self.play_group = g
        small = self.small
        self.dice_y = 11 if small else 12
        self.header_left = self._label(g, 0, 0)
        self.header_right = self._label(g, 0, 0, right=True)
        self.n_dice = 5
        self.cards = self._sheet_cards = False     # the dice show cards (Poker Dice)
        self.die_grids = []
        self.marker = None
        self._make_dice(g, 5)
        if small:       # line_a beside the dice: two rows of 6 characters ('Holds\n3')
            self.line_a = self._label(g, 91, 10)
            self.line_b = None
            self.side_b = self._label(g, 91, 20)
            right_x = 91
            self.roll_btn = self._label(g, right_x + 1, 10, 'Roll')
            self.card_btn = self._label(g, right_x + 1, 20, 'Card')
            self.btn_bar = self._rect(g, right_x, 10, 26, 10)
        else:
            self.line_a = self._label(g, 0, 39)
            self.line_b = self._label(g, 0, 52)
            # beside line_a's 'N rolls left', a space between the two
            self.roll_btn = self._label(g, 77, 39, 'Roll')
            self.card_btn = self._label(g, 104, 39, 'Card')
            self.btn_bar = self._rect(g, 76, 39, 26, 10)
        # the bar sits behind the button texts
        g.remove(self.btn_bar)
        g.insert(g.index(self.roll_btn.grid), self.btn_bar)
        self.btn_bar.hidden = True
        g.hidden = True
        self.root.append(g)

    def _dice_geometry(self, n):
        """(die size, pitch, x of slot 0) for n dice: five slots of 22 px (16 on
        128x32), or six of 20 (14) when there are six dice."""
        if n > 5:
            size, pitch = (14, 15) if self.small else (20, 21)
            slots = n
        else:
            size, pitch = (16, 18) if self.small else (22, 25)
            slots = 5
        x = 0 if self.small else (self.width - ((slots - 1) * pitch + size)) // 2
        return size, pitch, x

    def _make_dice(self, g, n, rules=None):
        """The dice sheet, a TileGrid per die over it (placed by slot) and the die
        cursor's underline, for n dice of the game's `rules`; the last ones' go first.
        The sheet (and with it every grid) is made again only when the die size
        changes (six dice) or the dice become cards or pips again."""
        size, pitch, x0 = self._dice_geometry(n)
        new_sheet = not self.die_grids or size != self.die_size or \
            self.cards != self._sheet_cards
        if new_sheet:
            for tg in self.die_grids:
                g.remove(tg)
            del self.die_grids[:]
            if self.marker is not None:
                g.remove(self.marker)
            self.dice_sheet = None
            self.dice_sheet = make_dice_sheet(size)
            self._sheet_cards = self.cards
            if self.cards:      # Poker Dice: 9 10 J Q K A over the pips (its family's card)
                from ui.families import family
                family(rules, 'card').draw_faces(self.dice_sheet, size)
        self.die_size = size
        self.pitch = pitch
        self.dice_x = x0 + codes.first_slot(n) * pitch
        self.n_dice = n
        at = g.index(self.header_right.grid) + 1
        for i in range(codes.MAX_DICE):
            x = self.dice_x + i * pitch
            if i < len(self.die_grids):
                tg = self.die_grids[i]
                tg.x = x
                tg.hidden = i >= n
            elif i < n:
                # each die is its own 1x1 TileGrid over the shared sheet
                tg = displayio.TileGrid(self.dice_sheet, pixel_shader=self._pal, width=1,
                                        height=1, tile_width=size, tile_height=size,
                                        x=x, y=self.dice_y)
                g.insert(at + i, tg)
                self.die_grids.append(tg)
        if new_sheet:
            # die cursor: an underline (boards without hold buttons)
            self.marker = displayio.TileGrid(
                displayio.Bitmap(size, 2, 2), pixel_shader=self._pal,
                x=self.dice_x, y=self.dice_y + size + 2)
            self.marker.bitmap.fill(1)
            g.insert(at + len(self.die_grids), self.marker)
            self.marker.hidden = True
        for i in range(codes.MAX_DICE):
            self._faces[i] = 99     # draw every die again
        self._die_cursor = -2

    def _build_card(self):
        from ui.views.card import CardView
        self.card = CardView(self.width, self.height, self._pal)
        self.root.append(self.card.group)

    def _build_moment(self):
        """A big moment's banner (codes.MOMENT_NAMES): a framed strip across the middle
        that flashes; hidden most of the time."""
        w, h = self.width, self.height
        g = displayio.Group()
        self.moment_group = g
        y0 = h // 2 - 8
        self._rect(g, 0, y0, w, 16, 1)
        self._rect(g, 2, y0 + 2, w - 4, 12, 0)
        self.moment_label = self._label(g, 0, y0 + 4, right=True)     # 2 rows of black around capitals
        self._moment_list_y = -4 - y0   # over a list: in the title's place, no row hidden
        g.hidden = True
        self.root.append(g)

    def _build_dialog(self):
        """The dialog box: one bitmap with its frame, rule and three lines of text
        written in (bitmaptools), so opening it is one layer over one area: displayio
        works out the box's pixels once and none under it, and sends only its rows.
        (As a frame, a black inside and three text lines, each layer was its own area,
        together more than a screen, and every line's blank pixels worked out.)"""
        w, h = self.width, self.height
        if self.small:
            x0, y0, bw, bh = 0, 0, w, h
        else:
            x0, y0, bw, bh = 6, 8, w - 12, 46
        box = displayio.Bitmap(bw, bh, 2)
        box.fill(1)                                     # white frame
        fill_region(box, 1, 1, bw - 1, bh - 1, 0)       # black inside
        if not self.small:
            fill_region(box, 4, 14, bw - 4, 15, 1)      # rule under the title
        self.dialog_box = box
        self.dialog_layer = displayio.TileGrid(box, pixel_shader=self._pal, x=x0, y=y0)
        self.dialog_x0 = x0
        self.dialog_w = bw
        # each line's first font row in the box: capitals at 1, 11, 21 or 3, 17, 31
        # (10 rows apart on 128x32, where a line's 12-row cell overlaps the next's)
        cap = self._glyphs.cap_row
        self._dialog_rows = tuple(t - cap for t in ((1, 11, 21) if self.small
                                                    else (3, 17, 31)))
        self.dialog_cols = (bw - 6) // _CHAR_W      # from x 4, short of the frame
        self.dialog_text = ['', '', '']             # what the box shows
        self.dialog_layer.hidden = True
        self.root.append(self.dialog_layer)

    def _write_dialog(self, lines):
        """The three lines into the box (the board's key names, at most dialog_cols
        characters); True when it changed."""
        g = self._glyphs
        keys = g.keys
        shown = self.dialog_text
        same = True
        for k in range(3):
            text = said_with_keys(lines[k], keys) if keys else lines[k]
            if text != shown[k]:
                shown[k] = text
                same = False
        if same:
            return False
        box = self.dialog_box
        bw, bh = box.width, box.height
        sheet = g.sheet
        fw, fh = g.w, g.h
        per_row = sheet.width // fw
        for y in self._dialog_rows:     # every cell cleared first: on 128x32 they overlap
            fill_region(box, 1, y if y > 1 else 1,
                        bw - 1, y + fh if y + fh < bh else bh - 1, 0)
        for k in range(3):
            text = shown[k]
            y = self._dialog_rows[k]
            top = 0
            if y < 0:           # the cell's blank top row above the box
                top = -y
                y = 0
            n = len(text)
            if n > self.dialog_cols:
                n = self.dialog_cols
            x = 4
            for i in range(n):
                c = ord(text[i]) - _FIRST
                t = g.tiles[c] if 0 <= c <= _LAST - _FIRST else g.space
                if t != g.space:
                    sx = (t % per_row) * fw
                    sy = (t // per_row) * fh
                    blit(box, sheet, x, y, x1=sx, y1=sy + top, x2=sx + fw, y2=sy + fh,
                         skip_source_index=0)
                x += fw
        return True

    # ------------------------------------------------------------------ update
    def update(self, app):
        """Bring the groups in line with the app's state (cheap when little changed);
        True (also `whole`): the changes would send a screen or more as areas of their
        own."""
        self._glyphs.dirty = 0
        self._update(app)
        self.whole = self.whole or self._glyphs.dirty >= self.width * self.height // 8
        return self.whole

    def _dirty(self, x, y, w, h):
        g = self._glyphs
        g.dirty += _area_bytes(g, x, y, w, h)

    def _update(self, app):
        settings = app.settings
        if settings.profile is not self._profile:
            self._profile = settings.profile
            self._glyphs.keys = key_words(settings.profile)
            self._list_version = self._play_version = self._dialog = -1   # said again
        view = app.view.kind
        self.whole = view != self._view     # every layer of two views, each an area
        if view != self._view:
            self._view = view
            self.list_group.hidden = view != codes.VIEW_LIST
            self.play_group.hidden = view != codes.VIEW_PLAY
            self.card.group.hidden = view != codes.VIEW_CARD
            self.card.version = -1
            if view == codes.VIEW_TEXT and self.text is None:
                from ui.views.text import TextView
                self.text = TextView(self.width, self.height, self._pal)
                self.root.insert(len(self.root) - 2, self.text.group)  # under moment, dialog
            if self.text is not None:
                self.text.group.hidden = view != codes.VIEW_TEXT
                self.text.version = -1
            self._list_version = -1
            self._play_version = -1
            self._die_cursor = -2
        if view == codes.VIEW_LIST:
            self._update_list(app)
        elif view == codes.VIEW_CARD:
            self.card.update(app)
        elif view == codes.VIEW_TEXT:
            self.text.update(app)
        else:
            self._update_play(app)
        self._update_moment(app)
        self._update_dialog(app)

    def _update_moment(self, app):
        v = app.view
        m = v.moment
        if m != self._moment:
            self._moment = m
            if m:
                text = codes.MOMENT_NAMES[m]
                rules = app.game.rules if app.game is not None else None
                if m <= 2 and rules is not None:    # the game's own name: KNIFFEL!
                    name = rules.labels.split('|')[rules.five_alike_box]
                    text = text.replace('YAHTZEE', name.upper())
                _set_right(self.moment_label, (self.width + _CHAR_W * len(text)) // 2, text)
        shown = m != 0 and not (v.moment_step & 1)
        if shown:
            y = self._moment_list_y if v.kind == codes.VIEW_LIST else 0
            if self.moment_group.y != y:
                self.moment_group.y = y
        if shown != self._moment_shown:
            self._moment_shown = shown
            self.moment_group.hidden = not shown
            y = self.moment_group.y + self.height // 2 - 8
            for _ in range(3):      # the frame, its inside and the name, each an area
                self._dirty(0, y, self.width, 16)

    def _update_list(self, app):
        content = app.view.list_version != self._list_version
        moved = app.view.top != self._top or app.view.cursor != self._cursor
        if not content and not moved:
            return
        right = self.width - 4
        if content:
            self._list_version = app.view.list_version
            _set_text(self.title, app.view.title)
            tail = app.view.title_right
            pct = app.view.battery       # the menus show it at the title's right end
            if pct >= 0 and (app.scene == codes.MENU or app.scene == codes.PAUSE):
                mark = 'USB' if pct > 100 else '%d%%' % pct
                tail = tail + ' ' + mark if tail else mark
            _set_right(self.title_right, self.width, tail)
            if self.footer is not None:
                _set_text(self.footer, app.view.footer)
                if self.footer_group.hidden != (not app.view.footer):
                    self.footer_group.hidden = not app.view.footer
                    self._dirty(0, 53, self.width, 11)
        self._top = app.view.top
        self._cursor = app.view.cursor
        items = app.view.items
        values = app.view.values
        n = len(items)
        for r in range(self.list_rows):
            i = app.view.top + r
            left = self.row_left[r]
            val = self.row_right[r]
            if i < n:
                _set_text(left, items[i])
                _set_right(val, right, values[i])
            else:
                _set_text(left, '')
                _set_text(val, '')
            color = _BLACK if i == app.view.cursor else _WHITE
            if left.color != color:
                left.color = color
                val.color = color
        c = app.view.cursor - app.view.top
        bar = self.cursor_bar
        y = self._row_top + 10 * c if 0 <= c < self.list_rows else -1
        if y != (-1 if bar.hidden else bar.y):
            if not bar.hidden:
                self._dirty(0, bar.y, self.width, 10)
            if y >= 0:
                self._dirty(0, y, self.width, 10)
                bar.y = y
            bar.hidden = y < 0
        # scrollbar when the list is longer than the screen
        rows = self.list_rows
        if n > rows:
            self.scroll_group.hidden = False
            track = self._track_h
            thumb_h = track * rows // n
            if thumb_h < 3:
                thumb_h = 3
            y = (track - thumb_h) * app.view.top // (n - rows)
            bmp = self._thumb_bitmap
            for yy in range(track):
                v = 1 if y <= yy < y + thumb_h else 0
                bmp[0, yy] = v
                bmp[1, yy] = v
        else:
            self.scroll_group.hidden = True

    def _update_play(self, app):
        v = app.view
        if v.play_version != self._play_version:
            self._play_version = v.play_version
            _set_text(self.header_left, v.header_left)
            _set_right(self.header_right, self.width, v.header_right)
            text = v.line_a
            if self.small:
                i = text.find('\n')
                _set_text(self.side_b, text[i + 1:] if i >= 0 else '')
                if i >= 0:
                    text = text[:i]
            _set_text(self.line_a, text)
            if self.line_b is not None:
                _set_text(self.line_b, v.line_b)
        n = len(v.faces)
        cards = app.game is not None and app.game.rules.hands  # Poker Dice
        if n != self.n_dice or cards != self.cards:
            self.cards = cards
            self._make_dice(self.play_group, n, app.game.rules if cards else None)
        faces = v.faces
        held = v.held
        for i in range(n):
            if faces[i] != self._faces[i] or held[i] != self._held[i]:
                self._faces[i] = faces[i]
                self._held[i] = held[i]
                f = faces[i]
                tg = self.die_grids[i]
                tg[0] = (f + 8) if (held[i] and f) else f
                self._dirty(tg.x, tg.y, self.die_size, self.die_size)
        # Roll and Card where a cursor picks them, but not on a computer's turn: what
        # it does shows there (128x32) or under the dice
        cursor_mode = not app.hold_buttons and app.scene != codes.CPU
        if cursor_mode != self._cursor_mode:
            self._cursor_mode = cursor_mode
            self.roll_btn.grid.hidden = not cursor_mode
            self.card_btn.grid.hidden = not cursor_mode
            if self.small:
                self.line_a.grid.hidden = cursor_mode
                self.side_b.grid.hidden = cursor_mode
            self._die_cursor = -2
        c = v.die_cursor
        if c != self._die_cursor:
            self._die_cursor = c
            if 0 <= c < n:
                self.marker.x = self.dice_x + c * self.pitch
                self.marker.hidden = False
            else:
                self.marker.hidden = True
            self.roll_btn.color = _BLACK if c == codes.CURSOR_ROLL else _WHITE
            self.card_btn.color = _BLACK if c == codes.CURSOR_CARD else _WHITE
            if (c == codes.CURSOR_ROLL or c == codes.CURSOR_CARD) and cursor_mode:
                b = self.roll_btn if c == codes.CURSOR_ROLL else self.card_btn
                self.btn_bar.x = b.x - 1
                self.btn_bar.y = b.grid.y + self._glyphs.cap_row    # from the capitals' row
                self.btn_bar.hidden = False
            else:
                self.btn_bar.hidden = True

    def _update_dialog(self, app):
        d = app.dialog
        if d == codes.DLG_NONE:
            if self._dialog != d:
                self._dialog = d
                if not self.dialog_layer.hidden:
                    self.dialog_layer.hidden = True
                    self._dirty(self.dialog_layer.x, self.dialog_layer.y,
                                self.dialog_w, self.dialog_box.height)
            return
        if d != self._dialog or app.version != self._dialog_version:
            self._dialog = d
            self._dialog_version = app.version
            box = self.dialog_layer
            if self._write_dialog(app.view.dialog_lines) or box.hidden:
                self._dirty(box.x, box.y, self.dialog_w, self.dialog_box.height)
            box.hidden = False
