"""A 3x5 pixel font for the whole scorecard on one 128x64 screen (ui/views/views.py).

Drawn for this project (no third-party font, so nothing to license): each glyph is
five rows of three bits, the top row first and the left pixel the high bit, packed
into one int. Lowercase letters are drawn as capitals; a character without a glyph
as '?'. Text is drawn straight into a displayio Bitmap, 4 pixels a character; fill()
sets a rectangle of one (the views' dice and the card's rules use it too).
"""

CHARS = ' 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ+-()/:.?!_>\',;='
_ROWS = (
    '000000000000000', '111101101101111', '010110010010111', '111001111100111',
    '111001111001111', '101101111001001', '111100111001111', '111100111101111',
    '111001001010010', '111101111101111', '111101111001111', '010101111101101',
    '110101110101110', '011100100100011', '110101101101110', '111100110100111',
    '111100110100100', '011100101101011', '101101111101101', '111010010010111',
    '001001001101010', '101101110101101', '100100100100111', '101111111101101',
    '110101101101101', '010101101101010', '110101110100100', '010101101110011',
    '110101110101101', '011100010001110', '111010010010010', '101101101101111',
    '101101101101010', '101101111111101', '101101010101101', '101101010010010',
    '111001010100111', '000010111010000', '000000111000000', '001010010010001',
    '100010010010100', '001001010100100', '000010000010000', '000000000000010',
    '111001010000010', '010010010000010', '000000000000111', '100010001010100',
    '010010000000000', '000000000010100', '000010000010100', '000111000111000',
)
GLYPHS = tuple(int(r, 2) for r in _ROWS)
WIDTH = 4           # 3 pixels and a gap
HEIGHT = 5
_UNKNOWN = CHARS.index('?')


def fill(bitmap, x0, y0, w, h, value):
    """Set a w x h rectangle of the bitmap from (x0, y0) to value."""
    for y in range(y0, y0 + h):
        for x in range(x0, x0 + w):
            bitmap[x, y] = value


def draw(bitmap, x, y, text, color=1):
    """Draw text with its top-left pixel at (x, y); characters past the bitmap's
    right edge are left out. Returns the x after the text."""
    w = bitmap.width
    for ch in text:
        if x + 3 > w:
            break
        i = CHARS.find(ch)
        if i < 0:
            i = CHARS.find(ch.upper())
            if i < 0:
                i = _UNKNOWN
        bits = GLYPHS[i]
        if bits:
            for row in range(HEIGHT):
                line = (bits >> (3 * (4 - row))) & 7
                for col in range(3):
                    if line & (4 >> col):
                        bitmap[x + col, y + row] = color
        x += WIDTH
    return x
