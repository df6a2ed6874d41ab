"""The OLED as the app sees it: root_group, refresh(), size, brightness, sleep/wake.

Wraps the Adafruit displayio driver of the OLED's chip (SSD1306, SH1106 or SH1107)
made with auto_refresh=False, so the screen only updates when the app calls
refresh() (no background I2C traffic while the accelerometer is read). Brightness
is the contrast command, sent as an integer instead of going through the float
``brightness`` property; sleep and wake send display off / on.
All three chips share these commands (their datasheets): 0x81 + level sets the
contrast, 0xAE turns the panel off (the chip keeps its RAM, draws a few uA),
0xAF on again.
"""

_SET_CONTRAST = 0x81

# SH1106: 132 columns of RAM for a 128-pixel panel; the 1.3" 128x64 modules wire the
# panel to columns 2..129, so the picture starts 2 columns in (else it sits 2 pixels
# left, its last 2 columns in the unseen right edge, and garbage shows on the right).
SH1106_COLUMN_OFFSET = 2

# SH1107: its RAM pages run across the panel where the SSD1306's run down it, so the
# driver draws a landscape picture on the 128x64 FeatherWing at its rotation 90 (the
# driver's default, with the wing's display offset 0x60 also its default). The
# profile's rotation is added to it: rotation 0 means the same picture as an SSD1306.
SH1107_LANDSCAPE = 90


def driver_for(kind):
    """A function (bus, width, height, rotation) -> the displayio display of this chip
    ("ssd1306", "sh1106", "sh1107"), through its Adafruit library; ImportError (naming
    the library) when that is not on the drive. Only the profile's chip is imported."""
    try:
        if kind == "sh1106":
            from adafruit_displayio_sh1106 import SH1106

            def make(bus, width, height, rotation):
                return SH1106(bus, width=width, height=height, rotation=rotation,
                              colstart=SH1106_COLUMN_OFFSET, auto_refresh=False)
        elif kind == "sh1107":
            from adafruit_displayio_sh1107 import SH1107

            def make(bus, width, height, rotation):
                return SH1107(bus, width=width, height=height,
                              rotation=(rotation + SH1107_LANDSCAPE) % 360,
                              auto_refresh=False)
        else:
            from adafruit_displayio_ssd1306 import SSD1306

            def make(bus, width, height, rotation):
                if width == 128 and height in (64, 32) and rotation in (0, 180):
                    return _ssd1306(bus, width, height, rotation)
                return SSD1306(bus, width=width, height=height, rotation=rotation,
                               auto_refresh=False)
    except ImportError as error:
        raise ImportError("%s driver: %s" % (kind.upper(), error))
    return make


def _ssd1306(bus, width, height, rotation):
    """A 128-column SSD1306 panel (64 or 32 rows) made without the 10 ms that busdisplay
    waits after each init command unless told otherwise (13 commands: 130 ms on the
    way to the menu). The chip acts on a command as it arrives (its
    datasheet asks for no wait between commands; Adafruit's framebuf driver sends them
    back to back): each command here carries busdisplay's delay flag with 0 ms. The
    commands and the addressing are the datasheet's, as Adafruit's displayio driver
    uses them: horizontal addressing, column 127 as segment 0, COM scan from the
    bottom, the charge pump on."""
    from busdisplay import BusDisplay
    init = bytes((
        0xAE, 0x80, 0,                  # display off
        0x20, 0x81, 0x00, 0,            # horizontal addressing
        0x81, 0x81, 0xCF, 0,            # contrast
        0xA1, 0x80, 0,                  # column 127 is segment 0
        0xA6, 0x80, 0,                  # not inverted
        0xC8, 0x80, 0,                  # COM scan from the bottom
        0xA8, 0x81, height - 1, 0,      # multiplex ratio: the panel's rows
        0xD5, 0x81, 0x80, 0,            # clock divide ratio
        0xD9, 0x81, 0xF1, 0,            # pre-charge period
        0xDA, 0x81, 0x12 if height == 64 else 0x02, 0,   # COM pins: alternate at 64 rows
        0xDB, 0x81, 0x40, 0,            # VCOMH level
        0x8D, 0x81, 0x14, 0,            # charge pump on
        0xAF, 0x80, 0,                  # display on
    ))
    return BusDisplay(bus, init, width=width, height=height, rotation=rotation,
                      color_depth=1, grayscale=True, pixels_in_byte_share_row=False,
                      set_column_command=0x21, set_row_command=0x22,
                      data_as_commands=True, brightness_command=0x81,
                      single_byte_bounds=True, auto_refresh=False)


class OledDisplay:
    def __init__(self, display, bus, address):
        self._display = display
        self._bus = bus
        self.address = address
        self.width = display.width
        self.height = display.height
        self._level = bytearray(1)
        self.errors = 0          # refreshes that failed on the bus (loose wire)

    @property
    def root_group(self):
        return self._display.root_group

    @root_group.setter
    def root_group(self, group):
        self._display.root_group = group

    def refresh(self):
        try:
            return self._display.refresh()
        except (OSError, RuntimeError):
            # A glitch on the wires must not stop the game; the next frame retries.
            self.errors += 1
            return False

    def set_brightness(self, level):
        if level < 0:
            level = 0
        elif level > 255:
            level = 255
        self._level[0] = level
        try:
            self._bus.send(_SET_CONTRAST, self._level)
        except (OSError, RuntimeError):
            self.errors += 1

    def sleep(self):
        self._command(0xAE)         # panel off (every chip here: see the top)

    def wake(self):
        self._command(0xAF)

    def _command(self, code):
        try:
            self._bus.send(code, b"")
        except (OSError, RuntimeError):
            self.errors += 1

    def show_console(self):
        """Show CircuitPython's own terminal (what print() wrote) on the OLED."""
        try:
            import displayio
            self._display.root_group = displayio.CIRCUITPYTHON_TERMINAL
            self.refresh()
            return True
        except (ImportError, AttributeError):
            return False
