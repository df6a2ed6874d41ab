"""Writes ui/views/dice_sheets.py: the dice sheets of ui.views.views.draw_dice_sheet for every die
size the views use, as the bytes of a CircuitPython displayio.Bitmap's buffer (desktop
only). Our firmware freezes the module, so a board copies a sheet from flash into its
Bitmap at once instead of drawing it pixel by pixel (about 110 ms on the way to the
menu); tests/test_dice_sheets.py checks the bytes against the drawing.

    python -m tools.dice_sheets            # print the module it would write
    python -m tools.dice_sheets --write    # rewrite ui/views/dice_sheets.py
    python -m tools.dice_sheets --check    # exit 1 when it differs from the drawing

A 1-bit Bitmap's buffer (CircuitPython 10 shared-module/displayio/Bitmap.c): rows of
whole 32-bit words, a pixel's bit at byte x >> 3 of its row, the leftmost pixel of a
byte in its top bit.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

TARGET = os.path.join(ROOT, 'ui', 'views', 'dice_sheets.py')
SIZES = (22, 16, 20, 14)        # ui.views._dice_geometry: five dice, 128x32, six, six


class _Pixels:
    """Enough of a 1-bit Bitmap for draw_dice_sheet: bitmap[x, y] = value."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.px = bytearray(width * height)

    def __setitem__(self, xy, value):
        x, y = xy
        self.px[y * self.width + x] = value

    def __getitem__(self, xy):
        x, y = xy
        return self.px[y * self.width + x]


def packed(size):
    """The buffer bytes of the sheet of dice of `size`."""
    from ui.views.views import draw_dice_sheet
    w = size * 15
    bmp = _Pixels(w, size)
    draw_dice_sheet(bmp, size)
    row_bytes = (w + 31) // 32 * 4
    out = bytearray(row_bytes * size)
    for y in range(size):
        for x in range(w):
            if bmp[x, y]:
                out[y * row_bytes + (x >> 3)] |= 0x80 >> (x & 7)
    return bytes(out)


def source():
    lines = ['"""The dice sheets of ui.views.views.draw_dice_sheet by die size, as the bytes of a',
             "1-bit displayio.Bitmap's buffer (views.make_dice_sheet). Written by",
             'tools/dice_sheets.py; tests/test_dice_sheets.py checks them."""',
             '',
             'SHEETS = {']
    for size in SIZES:
        data = packed(size)
        lines.append('    %d: (' % size)
        for at in range(0, len(data), 20):
            lines.append('        b"%s"' % ''.join('\\x%02x' % b for b in data[at:at + 20]))
        lines.append('    ),')
    lines.append('}')
    return '\n'.join(lines) + '\n'


def main(argv=None):
    from tools.cli_checks import generated_file
    return generated_file(argv, 'The dice pictures as bytes for ui/views/dice_sheets.py.', TARGET, source, 'tools.dice_sheets')


if __name__ == '__main__':
    sys.exit(main())
