# Stand-in for CircuitPython's busdisplay (the display driver base class) on the desktop
# interpreter: adafruit_displayio_ssd1306 subclasses BusDisplay at import.


class BusDisplay:
    def __init__(self, bus, init_sequence, **kwargs):
        self.bus = bus
