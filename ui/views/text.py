"""Pages of text on the 128x32 screen (view VIEW_TEXT of ui/views/views.py): the list view
shows two rows of 20 characters there, too few to read a rules page or the how-to
by, so these pages are drawn in the 3x5 font of ui/views/tiny_font.py instead: the title
and page number, then TEXT_ROWS lines of TEXT_COLS characters, into one Bitmap.
Loaded by ui/views/views.py the first time such a page shows."""

import displayio

from ui.views import tiny_font
from ui.codes import TEXT_ROWS

_TOP = 8            # the first text line's top row (under the title and its rule)
_PITCH = 6          # a 3x5 font row and its gap


class TextView:
    """The Bitmap and its TileGrid (in .group); update(app) draws the app's list
    (title, title_right, items from app.top) when it changed."""

    def __init__(self, width, height, palette):
        self.bitmap = displayio.Bitmap(width, height, 2)
        self.group = displayio.Group()
        self.group.append(displayio.TileGrid(self.bitmap, pixel_shader=palette))
        self.version = -1
        self.top = -1

    def update(self, app):
        if app.list_version == self.version and app.top == self.top:
            return
        self.version = app.list_version
        self.top = app.top
        b = self.bitmap
        w = b.width
        b.fill(0)
        right = app.title_right
        tiny_font.draw(b, 0, 0, app.title[:(w - tiny_font.WIDTH * len(right)) //
                                          tiny_font.WIDTH - 1])
        tiny_font.draw(b, w + 1 - tiny_font.WIDTH * len(right), 0, right)
        tiny_font.fill(b, 0, 6, w, 1, 1)
        items = app.items
        n = len(items)
        for r in range(TEXT_ROWS):
            i = app.top + r
            if i < n:
                tiny_font.draw(b, 0, _TOP + _PITCH * r, items[i])
        if n > TEXT_ROWS:       # a scrollbar down the right edge
            track = b.height - _TOP
            h = track * TEXT_ROWS // n
            if h < 3:
                h = 3
            y = _TOP + (track - h) * app.top // (n - TEXT_ROWS)
            tiny_font.fill(b, w - 1, y, 1, h, 1)
