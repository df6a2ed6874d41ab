"""Millisecond ticks that wrap: the one place that knows the period.

CircuitPython's supervisor.ticks_ms() wraps every 2**29 ms (hardware/clock.py); every
comparison of two ticks goes through here so a wrap never reads as a jump in time.
Small ints only: nothing here allocates.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

TICKS_MASK = const(0x1FFFFFFF)      # 2**29 - 1
_TICKS_HALF = const(0x10000000)


def ticks_diff(a, b):
    """a - b in ms for ticks values, correct across the wrap (negative: a is earlier)."""
    return ((a - b + _TICKS_HALF) & TICKS_MASK) - _TICKS_HALF


def ticks_add(a, delta):
    """a + delta on the ticks circle."""
    return (a + delta) & TICKS_MASK


def elapsed(now, then):
    """now - then in ms, correct across the wrap; 0 when `then` is in the future."""
    d = (now - then) & TICKS_MASK
    return 0 if d >= _TICKS_HALF else d
