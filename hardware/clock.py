"""The clock injected into the app: ticks_ms() and sleep_ms(ms), integers only.

On CircuitPython supervisor.ticks_ms() is a small int that never allocates and
wraps every 2**29 ms (compare with events.ticks.ticks_diff). On MicroPython
time.ticks_ms() is used; elsewhere time.monotonic_ns() // 1_000_000.
"""

import time

from events.ticks import TICKS_MASK


def pick_ticks_ms():
    try:
        import supervisor
        return supervisor.ticks_ms
    except (ImportError, AttributeError):
        pass
    ticks = getattr(time, "ticks_ms", None)
    if ticks is not None:
        return ticks

    def ticks_ms():
        return (time.monotonic_ns() // 1000000) & TICKS_MASK
    return ticks_ms


class Clock:
    """ticks_ms and a sleep_ms that makes its seconds float once per distinct value."""

    def __init__(self, ticks_ms=None, sleep=None):
        self.ticks_ms = ticks_ms or pick_ticks_ms()
        native = getattr(time, "sleep_ms", None)
        self._native_sleep_ms = native if sleep is None else None
        self._sleep = sleep or time.sleep
        self._last_ms = -1
        self._last_s = 0

    def sleep_ms(self, ms):
        if ms <= 0:
            return
        if self._native_sleep_ms is not None:
            self._native_sleep_ms(ms)
            return
        if ms != self._last_ms:
            # time.sleep takes seconds; the frame loop sleeps the same few values,
            # so the float is made once per value rather than every frame.
            self._last_ms = ms
            self._last_s = ms / 1000
        self._sleep(self._last_s)
