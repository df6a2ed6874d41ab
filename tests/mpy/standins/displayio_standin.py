# The desktop CircuitPython build's displayio has Bitmap and Palette but no Group or
# TileGrid, and a built-in module cannot gain attributes: install() puts this module in
# sys.modules as displayio (imports look there first), with the real Bitmap and Palette.
import sys

from displayio import Bitmap, ColorConverter, Palette  # noqa: F401  (re-exported)


class Group:
    def __init__(self, *args, **kwargs):
        pass


class TileGrid:
    def __init__(self, *args, **kwargs):
        pass


def install():
    sys.modules["displayio"] = sys.modules[__name__]
