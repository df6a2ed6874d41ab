"""ui/views/dice_sheets.py, the dice sheets our firmware copies into its Bitmaps, is
ui.views.views.draw_dice_sheet's drawing packed as a CircuitPython 1-bit Bitmap's buffer
(tools/dice_sheets.py); the emulated Pico's games compare the pictures themselves."""
from tools import dice_sheets


def test_the_module_is_the_drawing():
    with open(dice_sheets.TARGET) as f:
        assert f.read() == dice_sheets.source(), "python -m tools.dice_sheets --write"


def test_the_packing_puts_each_pixel_in_its_bit():
    from ui.views.dice_sheets import SHEETS
    size = 22
    data = SHEETS[size]
    row_bytes = (15 * size + 31) // 32 * 4          # whole 32-bit words a row
    assert len(data) == row_bytes * size
    # tile 0, the not-rolled die: a dotted outline from x = 1 on its top row
    assert data[0] == 0b01010101
    # tile 8 stays blank; tile 9, a held one: filled from its second column on row 0
    x = 9 * size + 1
    assert data[x >> 3] & (0x80 >> (x & 7))
    assert not data[(8 * size + 5) >> 3] & (0x80 >> ((8 * size + 5) & 7))
