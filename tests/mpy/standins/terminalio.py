# Stand-in for CircuitPython's terminalio on the desktop interpreter (no fonts there):
# enough for modules that read terminalio.FONT at import.


class _Font:
    def get_bounding_box(self):
        return 6, 12

    def get_glyph(self, codepoint):
        return None


FONT = _Font()
