"""terminalio.FONT on a PC with the metrics of CircuitPython's built-in font (desktop only).

Both draw the same Terminus 6x12 glyphs, but the firmware builds its font into fixed
6x12 tiles (tools/gen_display_resources.py in CircuitPython: each glyph placed on a
baseline two rows above the tile's bottom) and reports every glyph as that whole
tile, dx = dy = 0, while Blinka hands out the BDF glyphs with dy = -2.
adafruit_display_text centres a label on half the font's ascent (the tallest of
"M j'"): 12 // 2 = 6 on a board, 10 // 2 = 5 under Blinka, so every line of text
came out one pixel lower than a real OLED shows it (seen on the emulated Pico,
tools/pico_emu). install() gives Blinka the firmware's tiles, on one glyph sheet as
the firmware's `bitmap` (ui/views/views.py draws a line of text as one TileGrid over it).
"""

import contextlib
import io

_TILE_BASELINE = 2      # gen_display_resources.py: rows below the baseline in a tile


_FIRST, _LAST = 0x20, 0x7E       # the glyphs on the sheet, in codepoint order


class DeviceFont:
    """Wraps Blinka's BuiltinFont: the same glyph pixels in whole tiles, the printable
    ASCII ones side by side on one sheet (`bitmap`), as the firmware keeps them."""

    def __init__(self, font):
        import displayio
        self._font = font
        self._width, self._height = font.get_bounding_box()[:2]
        self._glyphs = {}
        self._sheet = displayio.Bitmap(self._width * (_LAST - _FIRST + 1), self._height, 2)
        for codepoint in range(_FIRST, _LAST + 1):
            self._glyphs[codepoint] = self._tile(font.get_glyph(codepoint), codepoint - _FIRST)

    def get_bounding_box(self):
        return self._width, self._height

    def get_glyph(self, codepoint):
        if codepoint not in self._glyphs:
            self._glyphs[codepoint] = self._tile(self._font.get_glyph(codepoint), None)
        return self._glyphs[codepoint]

    @property
    def bitmap(self):
        return self._sheet

    def _tile(self, glyph, index):
        """The glyph drawn into its tile: tile `index` of the sheet, or (None) a
        bitmap of its own."""
        if glyph is None:
            return None
        import displayio
        from fontio import Glyph
        w, h = self._width, self._height
        top = (h - _TILE_BASELINE) - (glyph.height + glyph.dy)
        if index is None:
            tile, x0 = displayio.Bitmap(w, h, 2), 0
            index = 0
        else:
            tile, x0 = self._sheet, index * w
        src = glyph.bitmap
        sx0 = glyph.tile_index * glyph.width if src.width > glyph.width else 0
        for y in range(glyph.height):
            for x in range(glyph.width):
                tx, ty = glyph.dx + x, top + y
                if 0 <= tx < w and 0 <= ty < h and src[sx0 + x, y]:
                    tile[x0 + tx, ty] = 1
        return Glyph(bitmap=tile, tile_index=index, width=w, height=h, dx=0, dy=0,
                     shift_x=w, shift_y=0)


def install():
    """Make terminalio.FONT draw like the firmware's (idempotent)."""
    with contextlib.redirect_stdout(io.StringIO()):     # Blinka's board-detection chatter
        import terminalio
    if not isinstance(terminalio.FONT, DeviceFont):
        terminalio.FONT = DeviceFont(terminalio.FONT)
    return terminalio.FONT
