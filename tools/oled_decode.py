"""Decode the I2C bytes a host sends to an SSD1306, SH1106 or SH1107 OLED into the
picture its panel shows (desktop only; nothing but the standard library).

    oled = Oled("sh1107", Oled.FEATHERWING_128X64)
    for write in writes_to_0x3c:        # each I2C write transaction, address stripped
        oled.feed(write)
    rows = oled.picture()               # 64 bytearrays of 128 pixels, 1 = lit

The model follows each chip's datasheet command table:

- Framing (all three): every write starts with a control byte. Bit 6 (D/C#) says
  whether what follows is commands (0) or display data (1); bit 7 (Co) set means
  only the next byte is of that kind and another control byte follows it.
- SSD1306: 8 pages x 128 columns of RAM, a byte is 8 rows of one column (bit 0 on
  top). 0x20 sets horizontal / vertical / page addressing; in horizontal mode 0x21
  and 0x22 set a column and page window the data fills row by row and wraps in.
- SH1106: 8 pages x 132 columns, page addressing only (0x00-0x0F / 0x10-0x1F set the
  column, 0xB0-0xB7 the page; the column counts up after each byte). It has no 0x20
  command: a byte it does not know is ignored and listed in `ignored`.
- SH1107: 16 pages x 128 columns, a 128 x 128 RAM whose bytes run the other way:
  a byte is 8 segments side by side in one common (row) line, the page picks which
  8 segments, the column picks the line. 0x20 / 0x21 (no parameter) choose page or
  vertical addressing, 0xDC + 1 the display start line.

Then segment remap (0xA0/0xA1), common scan direction (0xC0/0xC8), multiplex ratio
(0xA8), display offset (0xD3) and start line pick which RAM cell each panel pixel
shows. A `Module` says how the panel is wired and held: which segment and which
common line the viewer's top-left pixel is on, so the picture is what a person
looking at the module sees. Each module is described in the orientation its maker's
own start-up sequence makes upright.
"""


class Module:
    """How a panel sits on its chip and is viewed.

    width, height: the panel's pixels as viewed. seg_first: the segment under the
    viewer's left column; seg_step: +1 when segments count left to right, -1 when
    right to left. com_first / com_step: the same for the common line of the top row.
    Segments are the chip's column drivers, commons its row drivers (for the SH1107
    the RAM's columns are its common lines, see the module docstring)."""

    def __init__(self, width, height, seg_first, seg_step, com_first, com_step):
        self.width = width
        self.height = height
        self.seg_first = seg_first
        self.seg_step = seg_step
        self.com_first = com_first
        self.com_step = com_step


# Parameter bytes after each command with parameters (others take none).
_PARAMS = {
    "ssd1306": {0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1,
                0x8D: 1, 0xA3: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1},
    "sh1106": {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1},
    "sh1107": {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDB: 1, 0xDC: 1},
}

# Commands each chip knows that change nothing this model draws (on/off, contrast
# and the like are kept as state; these are timing, voltages and no-ops).
_NO_PICTURE = {
    "ssd1306": {0x2E, 0x2F, 0x8D, 0xD5, 0xD9, 0xDA, 0xDB, 0xE3},
    "sh1106": {0x30, 0x31, 0x32, 0x33, 0xAD, 0xD5, 0xD9, 0xDA, 0xDB, 0xE0, 0xE3, 0xEE},
    "sh1107": {0xAD, 0xD5, 0xD9, 0xDB, 0xE0, 0xE3, 0xEE},
}

# RAM size: (columns, pages) and the chip's common (row) lines.
_RAM = {"ssd1306": (128, 8, 64), "sh1106": (132, 8, 64), "sh1107": (128, 16, 128)}


class DecodeError(ValueError):
    """Bytes this chip would not accept (a command cut short, a bad control byte)."""


class Oled:
    # Common modules, in the orientation their makers' start-up sequences make
    # upright (the Adafruit drivers' init sequences): the 0.96" SSD1306 128x64 and
    # 128x32 modules and the 1.3" SH1106 128x64 ones are held with segment 0 and
    # common 0 at the bottom right (so 0xA1 and 0xC8 turn the picture upright); the
    # SH1106's 128 columns are its segments 2..129 of 132. The SH1107 FeatherWing's
    # 64 rows are the middle 64 of the chip's 128 common lines, 95 at the top down to
    # 32, segment 0 on the left: the way up in which Adafruit's driver, at its
    # defaults for this wing (0xA0, 0xC0, offset 0x60, rotation 90), shows text
    # upright (its examples for the wing use those defaults).
    SSD1306_128X64 = Module(128, 64, 127, -1, 63, -1)
    SSD1306_128X32 = Module(128, 32, 127, -1, 31, -1)
    SH1106_128X64 = Module(128, 64, 129, -1, 63, -1)
    FEATHERWING_128X64 = Module(128, 64, 0, 1, 95, -1)

    def __init__(self, chip, module):
        if chip not in _RAM:
            raise ValueError("unknown chip %r (ssd1306, sh1106, sh1107)" % chip)
        self.chip = chip
        self.module = module
        self.columns, self.pages, self.commons = _RAM[chip]
        self.ram = [bytearray(self.columns) for _ in range(self.pages)]
        self.ignored = []          # bytes this chip has no command for
        self.commands = []         # every command with its parameters, as sent
        self.data_bytes = 0
        # Power-on state (datasheets' reset values).
        self.on = False
        self.contrast = 0x7F if chip != "sh1107" else 0x80
        self.inverse = False
        self.all_on = False
        self.seg_remap = False
        self.com_reverse = False
        self.multiplex = self.commons - 1
        self.offset = 0
        self.start_line = 0
        self.mode = 2              # SSD1306: page addressing until 0x20 says otherwise
        self.vertical = False      # SH1107 0x21
        self.page = 0
        self.column = 0
        self.col_window = (0, 127)
        self.page_window = (0, 7)
        self._pending = None       # (command, parameters so far, parameters wanted)

    # ------------------------------------------------------------------ bytes in

    def feed(self, write):
        """One I2C write transaction to the chip (the bytes after its address)."""
        write = bytes(write)
        i = 0
        while i < len(write):
            control = write[i]
            i += 1
            if control & 0x3F:
                raise DecodeError("control byte 0x%02x: only bits 7 (Co) and 6 (D/C#) "
                                  "may be set" % control)
            data = control & 0x40
            if control & 0x80:               # Co: one byte, then another control byte
                if i >= len(write):
                    raise DecodeError("control byte 0x%02x at the end of a write" % control)
                self._byte(write[i], data)
                i += 1
            else:                            # the rest of this write
                for b in write[i:]:
                    self._byte(b, data)
                i = len(write)

    def _byte(self, b, data):
        if data:
            if self._pending is not None:
                raise DecodeError("data while command 0x%02x waits for a parameter"
                                  % self._pending[0])
            self._data(b)
        else:
            self._command_byte(b)

    def _command_byte(self, b):
        if self._pending is not None:
            command, params, wanted = self._pending
            params.append(b)
            if len(params) == wanted:
                self._pending = None
                self._command(command, params)
            return
        wanted = _PARAMS[self.chip].get(b, 0)
        if wanted:
            self._pending = (b, [], wanted)
        else:
            self._command(b, [])

    # ---------------------------------------------------------------- commands

    def _command(self, c, p):
        self.commands.append((c,) + tuple(p))
        chip = self.chip
        if c in _NO_PICTURE[chip]:
            return
        if c == 0xAE or c == 0xAF:
            self.on = c == 0xAF
        elif c == 0x81:
            self.contrast = p[0]
        elif c in (0xA0, 0xA1):
            self.seg_remap = c == 0xA1
        elif c in (0xA4, 0xA5):
            self.all_on = c == 0xA5
        elif c in (0xA6, 0xA7):
            self.inverse = c == 0xA7
        elif c == 0xA8:
            self.multiplex = p[0] & (0x7F if chip == "sh1107" else 0x3F)
        elif c == 0xD3:
            self.offset = p[0] & (0x7F if chip == "sh1107" else 0x3F)
        elif chip == "sh1107" and 0xC0 <= c <= 0xCF:
            self.com_reverse = bool(c & 0x08)
        elif chip != "sh1107" and c in (0xC0, 0xC8):
            self.com_reverse = c == 0xC8
        elif chip != "sh1107" and 0x40 <= c <= 0x7F:
            self.start_line = c & 0x3F
        elif chip == "sh1107" and c == 0xDC:
            self.start_line = p[0] & 0x7F
        elif chip == "sh1107" and c in (0x20, 0x21):
            self.vertical = c == 0x21
        elif 0xB0 <= c <= 0xB0 + self.pages - 1:
            self.page = c & 0x0F
        elif c <= 0x0F:
            self.column = (self.column & 0xF0) | c
        elif 0x10 <= c <= (0x17 if chip == "sh1107" else 0x1F):
            self.column = ((c & 0x0F) << 4) | (self.column & 0x0F)
        elif chip == "ssd1306" and c == 0x20:
            self.mode = p[0] & 3
        elif chip == "ssd1306" and c == 0x21:
            self.col_window = (p[0] & 0x7F, p[1] & 0x7F)
            self.column = self.col_window[0]
        elif chip == "ssd1306" and c == 0x22:
            self.page_window = (p[0] & 7, p[1] & 7)
            self.page = self.page_window[0]
        elif chip == "ssd1306" and c in (0x26, 0x27, 0x29, 0x2A, 0xA3):
            pass                             # scroll set-up: no scrolling is started
        else:
            self.ignored.append(c)
            self.commands.pop()

    # -------------------------------------------------------------------- data

    def _data(self, b):
        self.data_bytes += 1
        if self.page < self.pages and self.column < self.columns:
            self.ram[self.page][self.column] = b
        if self.chip == "ssd1306" and self.mode in (0, 1):
            c0, c1 = self.col_window
            p0, p1 = self.page_window
            if self.mode == 0:               # horizontal: along the page, then down
                if self.column >= c1:
                    self.column = c0
                    self.page = p0 if self.page >= p1 else self.page + 1
                else:
                    self.column += 1
            else:                            # vertical: down the column, then right
                if self.page >= p1:
                    self.page = p0
                    self.column = c0 if self.column >= c1 else self.column + 1
                else:
                    self.page += 1
        elif self.chip == "sh1107" and self.vertical:
            self.page = (self.page + 1) % self.pages
        elif self.chip == "ssd1306":
            # page mode: along the page; past the last column back to the first
            self.column = (self.column + 1) % self.columns
        elif self.column < self.columns - 1:  # SH1106 / SH1107 page mode stop at the end
            self.column += 1

    # ----------------------------------------------------------------- picture

    def _ram_pixel(self, seg, line):
        """Bit of the RAM cell at segment (column driver) and RAM line."""
        if self.chip == "sh1107":
            # SH1107: the page is 8 segments, the column is the line, bit 0 first
            return (self.ram[seg >> 3][line] >> (seg & 7)) & 1
        return (self.ram[line >> 3][seg] >> (line & 7)) & 1

    def _line_on(self, com):
        """The RAM line a common driver shows, or None when it is not scanned."""
        lines = self.multiplex + 1
        # Fewer lines than commons: the SH1107 scans the middle ones, the SSD1306 and
        # SH1106 the first ones (their COM pin configuration picks the panel's).
        first = (self.commons - lines) // 2 if self.chip == "sh1107" else 0
        k = com - first
        if not 0 <= k < lines:
            return None
        if self.com_reverse:
            k = lines - 1 - k
        return (k + first + self.offset + self.start_line) % self.commons

    def picture(self):
        """The panel as viewed: `height` bytearrays of `width` pixels, 1 lit, 0 dark."""
        m = self.module
        segments = self.columns if self.chip != "sh1107" else 8 * self.pages
        rows = []
        for y in range(m.height):
            com = m.com_first + m.com_step * y
            line = self._line_on(com)
            row = bytearray(m.width)
            for x in range(m.width):
                seg = m.seg_first + m.seg_step * x
                if self.seg_remap:
                    seg = segments - 1 - seg
                lit = 0 if line is None else self._ram_pixel(seg, line)
                if self.all_on:
                    lit = 1
                elif self.inverse:
                    lit ^= 1
                row[x] = lit
            rows.append(row)
        return rows

    def shown(self):
        """What a person sees: the picture while the panel is on, else all dark."""
        if self.on:
            return self.picture()
        return [bytearray(self.module.width) for _ in range(self.module.height)]
