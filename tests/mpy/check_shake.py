"""Replay shake traces through hardware.shake and hardware.buttons, counting heap bytes.

Usage: micropython check_shake.py TRACE.csv [TRACE.csv ...]   (also runs on CPython)
Prints, one line each:
    PROBE ALLOC <bytes>                    a loop that does allocate (the meter works)
    TRACE <name> ALLOC <bytes> EVENTS <code>@<t_ms> ...
    SWITCH ALLOC <bytes> EVENTS ...
    CONTROLS ALLOC <bytes> EVENTS ...      Controls.poll with fake keypad + LIS3DH reader
    BUILD <profile> SHAKE <0|1> DISPLAY <0|1> NVM <size> MESSAGES <n>
                                           hardware.board_io on a port with no board
ALLOC is gc.mem_alloc() after minus before the loop (-1 where there is no
gc.mem_alloc, i.e. CPython). Loops call only the code under test and store results
in arrays made beforehand.
"""
import gc
import sys
from array import array

from hardware.shake import ShakeDetector, SwitchShakeDetector
from hardware.buttons import Controls
from hardware.accel import Lis3dhReader

_mem_alloc = getattr(gc, "mem_alloc", None)


def allocated():
    if _mem_alloc is None:
        return 0
    return _mem_alloc()


def load(path):
    data = array("i")
    with open(path) as f:
        for line in f:
            if line[0] == "#" or line[0] == "t":
                continue
            for v in line.strip().split(","):
                data.append(int(v))
    return data


def replay(detector, data, out):
    n = 0
    i = 0
    end = len(data)
    while i < end:
        code = detector.update(data[i], data[i + 1], data[i + 2], data[i + 3])
        if code:
            out[n] = code
            out[n + 1] = data[i]
            n += 2
        i += 4
    return n


def replay_switch(detector, out):
    # 5 Hz rattle for 0.8 s (an edge every 50 ms), then quiet; polled every 10 ms.
    n = 0
    now = 0
    while now < 3000:
        edges = 1 if (500 <= now < 1300 and now % 50 == 0) else 0
        code = detector.update(now, edges)
        if code:
            out[n] = code
            out[n + 1] = now
            n += 2
        now += 10
    return n


class FakeEvent:
    def __init__(self):
        self.key_number = 0
        self.pressed = False
        self.timestamp = 0


class FakeQueue:
    """keypad.EventQueue stand-in replaying (time, key, pressed) triplets."""

    def __init__(self, script):
        self.script = script
        self.i = 0
        self.now = 0

    def get_into(self, event):
        i = self.i
        if i < len(self.script) and self.script[i] <= self.now:
            event.key_number = self.script[i + 1]
            event.pressed = self.script[i + 2] == 1
            event.timestamp = self.script[i]      # the scan that saw it
            self.i = i + 3
            return True
        return False


class FakeKeys:
    def __init__(self, script):
        self.events = FakeQueue(script)


class FakeLis3dhBus:
    """busio.I2C stand-in: a LIS3DH whose output registers replay a trace."""

    def __init__(self, data):
        self.data = data
        self.i = 0

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def writeto(self, address, buf):
        pass

    def writeto_then_readfrom(self, address, out, inbuf, out_end=None):
        if out[0] == 0x0F:
            inbuf[0] = 0x33
            return
        d = self.data
        i = self.i
        if i + 3 >= len(d):
            i = 0
        # Back to raw 16-bit left-justified counts, little-endian: mg << 3.
        for k in range(3):
            raw = (d[i + 1 + k] << 3) & 0xFFFF
            inbuf[2 * k] = raw & 0xFF
            inbuf[2 * k + 1] = raw >> 8
        self.i = i + 4


def replay_controls(controls, keys, bus, data, out):
    n = 0
    i = 0
    end = len(data)
    queue = keys.events
    while i < end:
        now = data[i]
        queue.now = now
        bus.i = i             # the sensor holds the sample of this instant
        code = controls.poll(now)
        if code:
            out[n] = code
            out[n + 1] = now
            n += 2
        i += 4
    return n


def show(label, alloc, out, n):
    parts = [label, "ALLOC", str(alloc), "EVENTS"]
    for k in range(0, n, 2):
        parts.append("%d@%d" % (out[k], out[k + 1]))
    print(" ".join(parts))


def measure(fn, *args):
    gc.collect()
    before = allocated()
    n = fn(*args)
    after = allocated()
    return (after - before) if _mem_alloc is not None else -1, n


def probe(count):
    keep = None
    for i in range(count):
        keep = [i]
    return 0


def main():
    out = array("i", [0] * 64)
    alloc, _ = measure(probe, 50)
    print("PROBE ALLOC", alloc)

    shake_trace = None
    for path in sys.argv[1:]:
        data = load(path)
        name = path.replace("\\", "/").split("/")[-1]
        if name == "walking_then_shake.csv":
            shake_trace = data
        detector = ShakeDetector()
        alloc, n = measure(replay, detector, data, out)
        show("TRACE " + name, alloc, out, n)

    alloc, n = measure(replay_switch, SwitchShakeDetector(), out)
    show("SWITCH", alloc, out, n)

    if shake_trace is not None:
        # Keys: 0 = HOLD_1 (press reports), 1 = OK with a long action HINT.
        script = array("i", [
            100, 0, 1, 150, 0, 0,          # tap HOLD_1
            400, 1, 1, 450, 1, 0,          # short OK
            800, 1, 1, 1700, 1, 0,         # held OK: HINT after 600 ms
            3500, 0, 1, 3520, 0, 0,        # HOLD_1 during the shake
        ])
        keys = FakeKeys(script)
        bus = FakeLis3dhBus(shake_trace)
        reader = Lis3dhReader(bus, 0x18)
        controls = Controls(keys=keys, event=FakeEvent(), short_actions=bytes((1, 6)),
                            long_actions=bytes((0, 14)), accel=reader,
                            detector=ShakeDetector())
        alloc, n = measure(replay_controls, controls, keys, bus, shake_trace, out)
        show("CONTROLS", alloc, out, n)

    # The builder on a port without board/busio/keypad: every part must fall back.
    from hardware.board_io import build_board
    hw = build_board("three-button", getenv={}.get)
    print("BUILD", hw.profile, "SHAKE", int(hw.has_shake), "DISPLAY",
          int(hw.display is not None), "NVM", len(hw.storage), "MESSAGES", len(hw.messages))
    print("POLL", hw.input.poll(hw.ticks_ms()))


main()
