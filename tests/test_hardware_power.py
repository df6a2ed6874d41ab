"""The battery gauge and deep sleep: hardware/battery.py and hardware/sleep.py on
scripted supplies and the desktop's stand-in `alarm` (hardware/desktop_power.py),
alone, through hardware.build() on a fake board, and through boot.py."""
import runpy
import sys
import types
from pathlib import Path

import pytest

from hardware import battery as gauge
from hardware import board_io, profiles
from hardware.battery import PACKS, Battery, LiPo1S, TwoAlkalineAA
from hardware.desktop import DesktopHardware, VirtualClock
from hardware.desktop_power import (DeepSleepRequest, ScriptedSupply, StandInAlarm,
                                    StandInPinAlarm)
from hardware.sleep import (ASLEEP, FS_WRITABLE, NOTE_MAX, DeepSleep, SleepFailed,
                            read_record, write_record)
from fake_board import build, env, fake_boot_modules  # noqa: F401  (env: a fixture)

REPO = Path(__file__).resolve().parent.parent


# ------------------------------------------------------------------ the gauge

def gauge_on(mv, pack=TwoAlkalineAA, divider=3, period_ms=5000):
    supply = ScriptedSupply(mv, divider)
    return supply, Battery(supply, divider, pack, period_ms=period_ms)


def test_millivolts_are_integers_within_one_adc_step():
    for divider in (2, 3):
        for mv in (1900, 2400, 3000, 3700, 4200):
            _, b = gauge_on(mv, LiPo1S, divider)
            step = divider * 3300 // 4095 + 1
            assert type(b.millivolts) is int and type(b.percent) is int
            assert mv - step <= b.millivolts <= mv, (divider, mv, b.millivolts)


def test_reads_only_every_period_and_smooths():
    supply, b = gauge_on(3000)
    assert b.readings == 1                     # at once: the first frame has a value
    assert b.update(100) and b.readings == 2   # the first update reads, then waits
    supply.millivolts = 2200
    assert not b.update(5099) and b.millivolts >= 2990
    assert b.update(5100)
    first = b.millivolts
    assert 2200 < first < 3000                 # a step is smoothed, not jumped
    now = 5100
    for _ in range(30):
        now += 5000
        b.update(now)
    assert abs(b.millivolts - 2200) <= 4


def test_period_survives_the_tick_wrap():
    _, b = gauge_on(3000, period_ms=1000)
    mask = (1 << 29) - 1
    b.update(mask - 200)
    assert not b.update(100)                   # 301 ms later, across the wrap
    assert b.update(900)                       # 1101 ms later


def test_curves_are_monotonic_and_hit_their_points():
    for pack in PACKS.values():
        assert pack.curve[0][1] == 100 and pack.curve[-1][1] == 0
        last = 101
        for mv in range(pack.curve[0][0] + 200, pack.curve[-1][0] - 200, -7):
            p = pack.percent(mv)
            assert 0 <= p <= last
            last = p
        for mv, pct in pack.curve:
            assert pack.percent(mv) == pct
        assert pack.save_mv < pack.low_mv < pack.curve[0][0] < pack.external_mv
    assert TwoAlkalineAA.percent(2400) == 50 and TwoAlkalineAA.percent(2300) == 35
    assert LiPo1S.percent(3820) == 50 and LiPo1S.percent(4300) == 100


def test_low_warning_and_save_before_brown_out_with_hysteresis():
    supply, b = gauge_on(2500)
    now = 0

    def settle(mv):
        nonlocal now
        supply.millivolts = mv
        for _ in range(40):
            now += 5000
            b.update(now)
    assert not (b.low or b.save_now or b.external)
    settle(2150)
    assert b.low and not b.save_now
    settle(2250)                               # within the hysteresis: still low
    assert b.low
    settle(1950)
    assert b.low and b.save_now and b.percent < 10
    settle(2050)
    assert b.save_now                          # no flicker at the threshold
    settle(2700)                               # fresh cells
    assert not (b.low or b.save_now)


def test_usb_power_is_external_not_a_full_battery():
    _, b = gauge_on(4800)                      # USB through the Pico's diode on VSYS
    assert b.external and b.percent == 100 and not b.low
    _, b = gauge_on(4100, LiPo1S, 2)
    assert not b.external and b.percent == 92


def test_a_failing_adc_is_counted_not_raised():
    class Broken:
        @property
        def value(self):
            raise OSError(5, "EIO")
    b = Battery(Broken(), 3, TwoAlkalineAA)
    assert b.readings == 0 and b.failures == 1
    assert not b.update(0) and b.failures == 2


def test_sums_stay_small_ints_for_every_allowed_divider():
    from hardware.settings import _NUMBERS
    high = [n[3] for n in _NUMBERS if n[0] == "BATTERY_DIVIDER"][0]
    assert gauge.SAMPLES * 4095 * gauge.ADC_REF_MV * high < 2 ** 30


# ------------------------------------------------------------- hardware.build

def test_default_pico_build_reads_vsys_on_gp29(env):
    env.supply_mv = 2700
    hw = build(env)
    assert ("AnalogIn", "A3") in env.log                # VOLTAGE_MONITOR is GP29 (A3)
    assert hw.battery.pack is TwoAlkalineAA
    assert abs(hw.battery.millivolts - 2700) <= 3 and hw.battery.percent > 85
    assert hw.messages == []


def test_no_gauge_where_nothing_reads_the_supply(env):
    assert build(env, {"YAHTZEE_BATTERY": "none"}).battery is None
    assert build(env, {"YAHTZEE_PIN_BATTERY": "none"}).battery is None
    env.board_names = ["D4", "D5", "D6", "D9", "SDA", "SCL", "A0"]
    hw = build(env, profile="feather-128x64")         # Feather RP2040: no divider
    assert hw.battery is None and hw.messages == []
    env.board_names = ["D5", "D6", "D9", "SDA", "SCL", "A6"]
    env.aliases = (("VOLTAGE_MONITOR", "A6"),)         # a Feather M4: VBAT / 2 on A6
    env.supply_mv = 3800 * 3 // 2                      # the fake's ADC assumes / 3
    hw = build(env, {"YAHTZEE_PIN_BATTERY": "VOLTAGE_MONITOR"}, profile="three-button")
    assert hw.battery.pack is LiPo1S and abs(hw.battery.millivolts - 3800) <= 3


def test_gauge_failure_is_one_message(env):
    env.adc_error = ValueError("A3 in use")
    hw = build(env)
    assert hw.battery is None
    assert any("no battery gauge: VOLTAGE_MONITOR failed (A3 in use)" in m
               for m in hw.messages)


def test_bad_battery_settings_are_reported(env):
    hw = build(env, {"YAHTZEE_BATTERY": "9v", "YAHTZEE_BATTERY_DIVIDER": "40"})
    text = " | ".join(hw.messages)
    assert "YAHTZEE_BATTERY='9v' not one of 2xaa|lipo|none; using 2xaa" in text
    assert "YAHTZEE_BATTERY_DIVIDER" in text and hw.battery is not None


# ------------------------------------------------------------ the sleep record

def test_record_round_trip_and_damage():
    memory = bytearray(256)
    assert read_record(memory) == (0, b"")
    write_record(memory, ASLEEP | FS_WRITABLE, b"\x03\x01")
    assert read_record(memory) == (ASLEEP | FS_WRITABLE, b"\x03\x01")
    memory[5] ^= 0x40                          # one bit flipped in the note
    assert read_record(memory) == (0, b"")
    with pytest.raises(ValueError):
        write_record(memory, ASLEEP, bytes(NOTE_MAX + 1))
    assert read_record(bytearray(4)) == (0, b"")


# --------------------------------------------------- deep sleep on the desktop

def desktop(alarm=None, storage=None, **kw):
    hw = DesktopHardware("default", clock=VirtualClock(), alarm=alarm, **kw)
    if storage is not None:
        hw.storage[:] = storage
    return hw


def test_power_on_sleep_and_wake_keep_the_note_and_the_storage():
    hw = desktop()
    assert hw.sleep.available and not hw.sleep.woke and hw.sleep.note == b""
    assert hw.sleep.after_ms == 180 * 1000 and hw.sleep.may_sleep()
    hw.storage[0:4] = b"GAME"
    with pytest.raises(DeepSleepRequest):
        hw.sleep.sleep(note=b"\x04\x02")
    alarm = hw.alarm
    assert alarm.asleep and len(alarm.sleeps) == 1
    pins = [a.pin for a in alarm.sleeps[0]]
    assert pins == ["HOLD1", "HOLD2", "HOLD3", "HOLD4", "HOLD5", "OK", "BACK"]
    assert all(a.value is False and a.edge and a.pull for a in alarm.sleeps[0])
    assert not hw.display.awake                # the OLED was sent to sleep first
    alarm.wake()
    again = desktop(alarm, storage=bytes(hw.storage))
    assert again.sleep.woke and again.sleep.note == b"\x04\x02"
    assert bytes(again.storage[0:4]) == b"GAME" and alarm.wake_alarm.pin is None
    reset = desktop(alarm)                     # a reset later is no wake
    assert not reset.sleep.woke and reset.sleep.note == b""


def test_a_power_cut_while_asleep_is_a_power_on():
    hw = desktop()
    with pytest.raises(DeepSleepRequest):
        hw.sleep.sleep(note=b"x")
    hw.alarm.power_cut()
    assert not desktop(hw.alarm).sleep.woke


def test_a_deep_sleep_passes_every_except_exception():
    hw = desktop()
    with pytest.raises(DeepSleepRequest):
        try:
            hw.sleep.sleep()
        except Exception:                      # what code.py and the app catch
            pytest.fail("a deep sleep must not look like an error")


def test_usb_keeps_the_board_awake():
    hw = desktop(usb_connected=True)
    assert hw.sleep.available and not hw.sleep.may_sleep()
    hw.runtime.usb_connected = False           # unplugged: now it may
    assert hw.sleep.may_sleep()


def test_level_only_ports_get_level_alarms():
    hw = desktop(StandInAlarm(level_only=True))
    with pytest.raises(DeepSleepRequest):
        hw.sleep.sleep()
    assert not any(a.edge for a in hw.alarm.sleeps[0])


def test_no_alarm_module_means_screen_off_instead():
    sleep = DeepSleep(after_s=180)
    assert not sleep.available and not sleep.may_sleep() and not sleep.woke
    assert "no alarm module" in sleep.why_not and "screen turns off" in sleep.why_not
    with pytest.raises(SleepFailed):
        sleep.sleep()
    off = DeepSleep(StandInAlarm(), pins=("OK",), after_s=0)
    assert not off.available and "YAHTZEE_SLEEP_AFTER_S" in off.why_not


def test_a_sleep_the_board_refuses_gives_the_buttons_back():
    class Refusing(StandInAlarm):
        def exit_and_deep_sleep_until_alarms(self, *alarms, preserve_dios=()):
            raise ValueError("Pin GP9 cannot wake from deep sleep")
    log = []
    sleep = DeepSleep(Refusing(), None, ("GP9",), (lambda: log.append("quiet"),),
                      lambda: log.append("release"), lambda: log.append("reopen"), 180)
    with pytest.raises(SleepFailed, match="GP9 cannot wake"):
        sleep.sleep(note=b"n")
    assert log == ["quiet", "release", "reopen"]
    assert read_record(sleep.memory) == (0, b"") and not sleep.available


def test_a_note_too_long_changes_nothing():
    hw = desktop()
    with pytest.raises(ValueError):
        hw.sleep.sleep(note=bytes(NOTE_MAX + 1))
    assert hw.display.awake and not hw.alarm.sleeps


# ------------------------------------------------ deep sleep on the fake board

class CheckedPinAlarm(StandInPinAlarm):
    """CircuitPython's PinAlarm refuses a pin keypad still holds ("GP10 in use")."""
    held = None

    def __init__(self, pin, value, edge=False, pull=False):
        keys = CheckedPinAlarm.held
        if keys is not None and not keys.deinited and pin in keys.pins:
            raise ValueError("%s in use" % pin.name)
        super().__init__(pin, value, edge, pull)


def board_alarm():
    alarm = StandInAlarm()
    alarm.pin = types.SimpleNamespace(PinAlarm=CheckedPinAlarm)
    return alarm


def install_keys_deinit(env):
    env.install()
    keypad = sys.modules["keypad"]
    original = keypad.Keys.__init__

    def init(self, pins, **kw):
        original(self, pins, **kw)
        self.deinited = False
        CheckedPinAlarm.held = self
    keypad.Keys.__init__ = init
    keypad.Keys.deinit = lambda self: setattr(self, "deinited", True)


def build_with(env, alarm, settings_map=None, profile=None):
    env.alarm = alarm
    install_keys_deinit(env)
    return board_io.build_board(profile, getenv=(settings_map or {}).get)


def test_board_sleeps_on_its_button_pins_with_every_part_quiet(env):
    alarm = board_alarm()
    hw = build_with(env, alarm)
    assert hw.sleep.may_sleep() and not hw.sleep.woke
    with pytest.raises(DeepSleepRequest):
        hw.sleep.sleep(note=b"\x07", fs_writable=True)
    names = [a.pin.name for a in alarm.sleeps[0]]
    assert names == ["GP10", "GP11", "GP12", "GP13", "GP14", "GP15", "GP9"]
    assert env.keys.deinited                   # keypad let go before the alarms
    assert not env.displays[0].awake
    assert (0x18, bytes((0x20, 0x07))) in env.i2c.writes     # LIS3DH powered down
    alarm.wake()
    again = build_with(env, alarm)
    assert again.sleep.woke and again.sleep.note == b"\x07"
    assert again.sleep.was_fs_writable


def test_a_shake_switch_never_wakes_the_board(env):
    alarm = board_alarm()
    hw = build_with(env, alarm, profile="pico-switch")
    with pytest.raises(DeepSleepRequest):
        hw.sleep.sleep()
    names = [a.pin.name for a in alarm.sleeps[0]]
    assert "GP17" not in names and len(names) == 7       # rattling in a bag


def test_three_buttons_wake_the_feather(env):
    env.board_names = ["D4", "D5", "D6", "D9", "SDA", "SCL"]
    alarm = board_alarm()
    hw = build_with(env, alarm, profile="feather-128x64")
    with pytest.raises(DeepSleepRequest):
        hw.sleep.sleep()
    assert [a.pin.name for a in alarm.sleeps[0]] == ["D6", "D9", "D5"]    # B, A, C
    assert env.displays[0].chip == "sh1107" and env.displays[0].rotation == 90


def test_board_without_alarm_or_on_usb(env):
    hw = build(env)                            # the fake board has no alarm module
    assert not hw.sleep.available and "no alarm module" in hw.sleep.why_not
    env.usb_connected = True
    hw = build_with(env, board_alarm())
    assert hw.sleep.available and not hw.sleep.may_sleep()
    hw = build_with(env, board_alarm(), {"YAHTZEE_SLEEP_AFTER_S": "0"})
    assert not hw.sleep.available


def test_failed_sleep_reopens_the_same_keys(env):
    class Refusing(StandInAlarm):
        def exit_and_deep_sleep_until_alarms(self, *alarms, preserve_dios=()):
            raise RuntimeError("no")
    alarm = Refusing()
    alarm.pin = types.SimpleNamespace(PinAlarm=CheckedPinAlarm)
    hw = build_with(env, alarm)
    first = env.keys
    with pytest.raises(SleepFailed):
        hw.sleep.sleep()
    assert env.keys is not first and env.keys.pins == first.pins
    env.keys.events.queue.append((5, True))
    env.keys.events.queue.append((5, False))
    codes = [hw.input.poll(t) for t in range(0, 50, 10)]
    from events import actions as A
    assert A.OK in codes                       # the buttons work again


# ------------------------------------------------------------------- boot.py

def run_boot(monkeypatch, alarm, held=()):
    log = fake_boot_modules(monkeypatch, held_pins=held)
    if alarm is not None:
        monkeypatch.setitem(sys.modules, "alarm", alarm)
    runpy.run_path(str(REPO / "boot.py"), run_name="__main__")
    return log


def test_boot_after_a_wake_gives_the_drive_back_as_it_was(monkeypatch, capsys):
    alarm = StandInAlarm()
    write_record(alarm.sleep_memory, ASLEEP)
    log = run_boot(monkeypatch, alarm, held=("GP9",))   # BACK woke it, still held
    assert not [e for e in log if e[0] == "remount"]
    assert "woken from deep sleep: the computer may write" in capsys.readouterr().out
    write_record(alarm.sleep_memory, ASLEEP | FS_WRITABLE)
    log = run_boot(monkeypatch, alarm)
    assert ("remount", "/", False) in log
    assert read_record(alarm.sleep_memory)[0] & ASLEEP   # code.py's DeepSleep clears it
    write_record(alarm.sleep_memory, 0)                  # no sleep: the write key works
    log = run_boot(monkeypatch, alarm, held=("GP9",))
    assert ("remount", "/", False) in log


def test_every_profile_names_a_sleep_time_and_a_battery_kind():
    for name, profile in profiles.PROFILES.items():
        assert profile["battery"] in profiles.BATTERY_KINDS, name
        assert profile["sleep_after_s"] > 0 and profile["battery_divider"] >= 1, name


def test_power_doc_shows_the_tools_battery_life_table():
    from tools import battery_life
    table = battery_life.table()
    assert table in (REPO / "docs" / "POWER.md").read_text(), (
        "docs/POWER.md is out of date: python -m tools.battery_life")
    rows = {line.split(" | ")[0].strip("| "): line for line in table.splitlines()}
    # deep sleep lasts weeks where the screen-off loop lasts days (2 x AA)
    assert "days" in rows["deep sleep"] and "3 days" in rows["screen off, awake"]


def test_readme_and_build_quote_the_same_battery_figures():
    from tools import battery_life
    rows = {}
    for line in battery_life.table().splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows[cells[0]] = cells
    play_aa = rows["playing"][2].split(": ")[1].split(" (")[0]           # "54 h"
    play_lipo = rows["playing"][3].split(": ")[1].split(" (")[0]
    daily_aa = rows["an hour's play a day, asleep otherwise"][2].split(" (")[0]
    readme = (REPO / "README.md").read_text()
    assert "about %s of play on AA (%s on the LiPo)" % (play_aa, play_lipo) in readme
    assert "about %s at an hour's play a day on AA" % daily_aa in readme
    assert "about %s of play" % play_aa in (REPO / "docs" / "BUILD.md").read_text()
