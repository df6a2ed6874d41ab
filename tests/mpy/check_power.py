"""The battery gauge and the deep-sleep record on the interpreter (also on CPython).

Usage: micropython check_power.py
Prints, one line each:
    PROBE ALLOC <bytes>                 a loop that does allocate (the meter works)
    GAUGE ALLOC <bytes> MV <mv> ... READS <n>
                                        Battery.update every 25 ms over 2 minutes of a
                                        supply falling from 3 V to 1.9 V, the millivolts
                                        after each reading
    PERCENT <pack> <pct> ...            Pack.percent over a sweep of millivolts
    FLAGS <low> <save_now> <external>   after the fall
    SLEEP <woke> <note hex> <woke again> <fs>
                                        a deep sleep through a stand-in alarm, a wake
                                        and a reset after it
ALLOC is gc.mem_alloc() after minus before the loop (-1 on CPython).
"""
import gc
from array import array

from hardware.battery import PACKS, Battery, TwoAlkalineAA
from hardware.sleep import DeepSleep

_mem_alloc = getattr(gc, "mem_alloc", None)


class Supply:
    """analogio.AnalogIn stand-in: the Pico's VSYS/3, 16-bit, set in millivolts."""

    def __init__(self):
        self.mv = 3000

    @property
    def value(self):
        raw = self.mv * 4095 // 9900
        return (raw << 4) | (raw >> 8)


def run_gauge(battery, supply, out):
    n = 0
    now = 0
    while now < 120000:
        supply.mv = max(1900, 3000 - now // 40)    # down to 1.9 V in 44 s, then flat
        if battery.update(now):
            out[n] = battery.millivolts
            n += 1
        now += 25
    return n


def probe(count):
    keep = None
    for i in range(count):
        keep = [i]
    return 0


def measure(fn, *args):
    gc.collect()
    before = _mem_alloc() if _mem_alloc else 0
    n = fn(*args)
    after = _mem_alloc() if _mem_alloc else 0
    return (after - before) if _mem_alloc else -1, n


class Stop(BaseException):
    pass


class PinAlarm:
    def __init__(self, pin, value, edge=False, pull=False):
        self.pin = pin
        self.edge = edge


class Pins:
    pass


class Alarm:
    def __init__(self):
        self.sleep_memory = bytearray(256)
        self.pin = Pins()
        self.pin.PinAlarm = PinAlarm
        self.count = 0

    def exit_and_deep_sleep_until_alarms(self, *alarms):
        self.count = len(alarms)
        raise Stop()


def main():
    out = array("i", [0] * 64)
    alloc, _ = measure(probe, 50)
    print("PROBE ALLOC", alloc)

    supply = Supply()
    battery = Battery(supply, 3, TwoAlkalineAA)
    alloc, n = measure(run_gauge, battery, supply, out)
    print("GAUGE ALLOC", alloc, "MV", " ".join(str(out[i]) for i in range(n)), "READS", n)
    print("FLAGS", int(battery.low), int(battery.save_now), int(battery.external))
    for name in sorted(PACKS):
        pack = PACKS[name]
        print("PERCENT", name, " ".join(str(pack.percent(mv)) for mv in range(1700, 4500, 150)))

    alarm = Alarm()
    first = DeepSleep(alarm, None, ("A", "B"), (), None, None, 180)
    try:
        first.sleep(b"\x05\xa0", True)
    except Stop:
        pass
    woke = DeepSleep(alarm, None, ("A", "B"), (), None, None, 180)
    again = DeepSleep(alarm, None, ("A", "B"), (), None, None, 180)
    print("SLEEP", int(first.woke), alarm.count, int(woke.woke),
          "".join("%02x" % b for b in woke.note), int(again.woke), int(woke.was_fs_writable))


main()
