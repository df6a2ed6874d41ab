"""The OLED as the app sees it: root_group, refresh(), size, brightness, sleep/wake.

Wraps the adafruit_displayio_ssd1306.SSD1306 made with auto_refresh=False, so the
screen only updates when the app calls refresh() (no background I2C traffic while
the accelerometer is read). Brightness is the SSD1306 contrast command, sent as an
integer instead of going through the float ``brightness`` property.
"""

_SET_CONTRAST = 0x81


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
        try:
            self._display.sleep()
        except (OSError, RuntimeError, AttributeError):
            self.errors += 1

    def wake(self):
        try:
            self._display.wake()
        except (OSError, RuntimeError, AttributeError):
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
