"""terminalio.FONT on a PC with the metrics of CircuitPython's built-in font (desktop only).

Both draw the same Terminus 6x12 glyphs, but the firmware builds its font into fixed
6x12 tiles (tools/gen_display_resources.py in CircuitPython: each glyph placed on a
baseline two rows above the tile's bottom) and reports every glyph as that whole
tile, dx = dy = 0, while Blinka hands out the BDF glyphs with dy = -2.
adafruit_display_text centres a label on half the font's ascent (the tallest of
"M j'"): 12 // 2 = 6 on a board, 10 // 2 = 5 under Blinka, so every line of text
came out one pixel lower than a real OLED shows it (seen on the emulated Pico,
tools/pico_emu). install() gives Blinka the firmware's tiles.
"""

import contextlib
import io

_TILE_BASELINE = 2      # gen_display_resources.py: rows below the baseline in a tile


class DeviceFont:
    """Wraps Blinka's BuiltinFont: the same glyph pixels in whole tiles."""

    def __init__(self, font):
        self._font = font
        self._width, self._height = font.get_bounding_box()[:2]
        self._glyphs = {}

    def get_bounding_box(self):
        return self._width, self._height

    def get_glyph(self, codepoint):
        glyph = self._glyphs.get(codepoint)
        if glyph is None and codepoint not in self._glyphs:
            glyph = self._tile(self._font.get_glyph(codepoint))
            self._glyphs[codepoint] = glyph
        return glyph

    @property
    def bitmap(self):
        return self._font.bitmap

    def _tile(self, glyph):
        if glyph is None:
            return None
        import displayio
        from fontio import Glyph
        w, h = self._width, self._height
        top = (h - _TILE_BASELINE) - (glyph.height + glyph.dy)
        if (glyph.width, glyph.height, glyph.dx, top) == (w, h, 0, 0):
            tile = glyph.bitmap
            index = glyph.tile_index
        else:
            tile = displayio.Bitmap(w, h, 2)
            index = 0
            src = glyph.bitmap
            for y in range(glyph.height):
                for x in range(glyph.width):
                    tx, ty = glyph.dx + x, top + y
                    if 0 <= tx < w and 0 <= ty < h and src[x, y]:
                        tile[tx, ty] = 1
        return Glyph(bitmap=tile, tile_index=index, width=w, height=h, dx=0, dy=0,
                     shift_x=w, shift_y=0)


def install():
    """Make terminalio.FONT draw like the firmware's (idempotent)."""
    with contextlib.redirect_stdout(io.StringIO()):     # Blinka's board-detection chatter
        import terminalio
    if not isinstance(terminalio.FONT, DeviceFont):
        terminalio.FONT = DeviceFont(terminalio.FONT)
    return terminalio.FONT
