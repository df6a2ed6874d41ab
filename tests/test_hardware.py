"""hardware.build() against fake CircuitPython modules (board, busio, keypad, ...).

The fakes behave like CircuitPython where it matters here: busio.I2C fails without
pull-ups, I2CDisplayBus refuses an address nobody answers, keypad hands events out
through get_into, microcontroller.nvm may be missing. Each test builds the hardware
with settings passed as a dict (what os.getenv would return from settings.toml).
"""
import ast
import subprocess
import sys
from pathlib import Path

import pytest

from hardware import board_io, profiles, settings
from hardware.accel import Lis3dhReader, Mpu6050Reader
from hardware.buttons import MAX_SENSOR_FAILURES
from hardware.clock import Clock
from hardware.shake import ShakeDetector
from hardware.sound import PiezoSound, SilentSound
from events import actions as A

REPO = Path(__file__).resolve().parent.parent


from fake_board import (FEATHER, PICO, PICO_ALIASES, Lis3dhChip, Mpu6050Chip, OledChip,
                        actions_of, build, env, press)  # noqa: F401 (env: the fixture)

# ------------------------------------------------------------ full builds

def test_default_profile_builds_everything(env):
    hw = build(env)
    assert hw.messages == []
    assert hw.profile == "default"
    # I2C on the profile's pins, released displays first, 400 kHz.
    assert env.log[0] == ("release_displays",)
    assert ("I2C", "GP5", "GP4", 400000) in env.log
    assert ("I2CDisplayBus", 0x3C) in env.log
    assert hw.display is not None and (hw.display.width, hw.display.height) == (128, 64)
    assert env.displays[0].auto_refresh is False
    # Buttons: pulled up, pressed = low, in role order.
    assert [p.name for p in env.keys.pins] == ["GP10", "GP11", "GP12", "GP13", "GP14",
                                               "GP15", "GP9"]
    assert env.keys.value_when_pressed is False and env.keys.pull is True
    assert hw.has_shake and hw.hold_buttons
    assert isinstance(hw.sound, PiezoSound)
    assert env.pwms[0].pin.name == "GP16" and env.pwms[0].variable_frequency
    assert hw.storage is sys.modules["microcontroller"].nvm
    assert hw.ticks_ms() == 1234
    assert hw.i2c_devices == [0x18, 0x3C]
    assert hw.fs_writable is False


def test_build_lets_its_build_only_code_go(env, monkeypatch):
    """hardware.build() drops the builders, the settings parser and the profile table
    once the parts are made (their code is RAM a board's game needs), and nothing the
    parts keep needs them again: the buttons still read after a collection."""
    import gc
    import hardware
    env.install()
    monkeypatch.setattr("os.getenv", lambda name, default=None: default)
    hw = hardware.build()
    for name in hardware._BUILD_ONLY:
        assert "hardware." + name not in sys.modules
        assert name not in vars(hardware)
    gc.collect()
    assert actions_of(hw, [(5, True), (5, False)]) == [A.OK]
    # and the next import builds them again (boot.py's, the tests')
    from hardware import profiles as again
    assert again.DEFAULT == profiles.DEFAULT


def test_lis3dh_configured_at_4g_high_resolution(env):
    build(env)
    writes = env.i2c.writes
    assert (0x18, bytes((0x20, 0x77))) in writes     # 400 Hz, XYZ on
    assert (0x18, bytes((0x23, 0x98))) in writes     # BDU, +-4 g, high resolution


def test_default_key_numbers_map_to_actions(env):
    hw = build(env)
    got = [actions_of(hw, [(k, True), (k, False)]) for k in range(6)]
    assert got == [[A.HOLD_1], [A.HOLD_2], [A.HOLD_3], [A.HOLD_4], [A.HOLD_5], [A.OK]]
    assert actions_of(hw, [(6, True), (6, False)]) == [A.BACK]


def held_800_ms(hw, key):
    """Every poll (one each 10 ms) while a key is held 800 ms and just after."""
    press(hw, key, True)
    got = [hw.input.poll(t) for t in range(0, 800, 10)]
    press(hw, key, False)
    return got + [hw.input.poll(t) for t in range(800, 900, 10)]


def test_default_long_ok_is_hint(env):
    hw = build(env)
    # OK held for 800 ms: HINT once, nothing at the release.
    got = held_800_ms(hw, 5)
    assert [c for c in got if c] == [A.HINT]
    assert got.index(A.HINT) * 10 >= 600


def test_a_long_press_is_timed_from_the_keypads_scan_not_the_poll(env):
    hw = build(env)
    press(hw, 5, True, at=5)                # OK, scanned at 5 ms, polled a frame later
    assert hw.input.poll(25) == 0
    assert hw.input.long_at == 605          # the loop wakes for it then (ui/loop.py)
    assert hw.input.poll(604) == 0
    assert hw.input.poll(605) == A.HINT
    assert hw.input.long_at == -1
    press(hw, 5, False, at=700)
    assert hw.input.poll(700) == 0          # the release after a long press says nothing


def test_three_button_profile(env):
    env.board_names = FEATHER
    env.devices = {0x3C: OledChip()}
    hw = build(env, {"YAHTZEE_PROFILE": "three-button"})
    assert hw.profile == "three-button"
    assert (hw.display.width, hw.display.height) == (128, 32)
    assert ("I2C", "SCL", "SDA", 400000) in env.log
    assert [p.name for p in env.keys.pins] == ["D6", "D9", "D5"]   # OK, LEFT, RIGHT
    assert not hw.hold_buttons
    assert isinstance(hw.sound, SilentSound)
    # No accelerometer on this Feather: OK rolls, and the message says so.
    assert not hw.has_shake
    assert any("press OK to roll" in m for m in hw.messages)
    # A = LEFT and C = RIGHT report on press; B is OK when tapped, BACK when held.
    assert actions_of(hw, [(1, True), (1, False)]) == [A.LEFT]
    assert actions_of(hw, [(2, True), (2, False)]) == [A.RIGHT]
    assert actions_of(hw, [(0, True), (0, False)]) == [A.OK]
    assert actions_of(hw, [(0, True)], start=1000, extra_ms=700) == [A.BACK]
    press(hw, 0, False)
    assert hw.input.poll(2000) == 0
    assert actions_of(hw, [(2, True)], start=3000, extra_ms=700) == [A.HINT]


def test_profile_argument_wins_over_settings(env):
    env.board_names = FEATHER + PICO
    hw = build(env, {"YAHTZEE_PROFILE": "default"}, profile="three-button")
    assert hw.profile == "three-button"


def test_settings_override_pins_and_parts(env):
    env.devices = {0x3C: OledChip(), 0x68: Mpu6050Chip()}
    hw = build(env, {"YAHTZEE_PIN_OK": "GP7", "YAHTZEE_SHAKE": "MPU6050",
                     "YAHTZEE_PIN_BACK": "none", "YAHTZEE_SOUND": "none",
                     "YAHTZEE_DISPLAY_HEIGHT": "32", "YAHTZEE_I2C_FREQUENCY": 100000})
    assert hw.messages == []
    assert [p.name for p in env.keys.pins] == ["GP10", "GP11", "GP12", "GP13", "GP14",
                                               "GP7"]
    assert isinstance(hw.input._accel, Mpu6050Reader)
    assert isinstance(hw.sound, SilentSound)
    assert hw.display.height == 32
    assert ("I2C", "GP5", "GP4", 100000) in env.log
    # MPU-6050 at +-4 g, woken up.
    assert (0x68, bytes((0x1C, 0x08))) in env.i2c.writes
    assert (0x68, bytes((0x6B, 0x01))) in env.i2c.writes


def test_bad_settings_are_reported_and_ignored(env):
    hw = build(env, {"YAHTZEE_PROFILE": "gameboy", "YAHTZEE_SHAKE": "gyro",
                     "YAHTZEE_DISPLAY_ADDRESS": "sixty"})
    assert hw.profile == "default"
    text = " | ".join(hw.messages)
    assert "unknown profile 'gameboy'" in text
    assert "YAHTZEE_SHAKE='gyro'" in text
    assert "YAHTZEE_DISPLAY_ADDRESS" in text
    assert hw.display is not None and hw.has_shake      # profile values kept


def test_hex_and_int_settings():
    assert settings.parse_int("0x3D") == 0x3D
    assert settings.parse_int(61) == 61
    assert settings.parse_int(" 100000 ") == 100000
    assert settings.parse_int("-5") == -5
    assert settings.parse_int("3c") is None
    config, messages = settings.load_config(None, {"YAHTZEE_DISPLAY_ADDRESS": "0x3D",
                                                   "YAHTZEE_ACCEL_ADDRESS": 25}.get)
    assert (config["display_address"], config["accel_address"]) == (0x3D, 0x19)
    assert messages == []


def test_load_config_does_not_change_the_profiles():
    before = repr(profiles.PROFILES)
    config, _ = settings.load_config(None, {"YAHTZEE_PIN_OK": "GP1",
                                            "YAHTZEE_PIN_BACK": "none"}.get)
    assert config["pins"]["OK"] == "GP1"
    assert repr(profiles.PROFILES) == before



def test_board_settings_asks_only_for_the_keys_the_file_names(tmp_path, monkeypatch):
    """CircuitPython's os.getenv reads settings.toml from its start for every key:
    the board asks it only for the keys the file gives a value, with the same answer
    (os.getenv here reads the environment: a key set there but not in the file is
    not asked for); without the file, every key goes to os.getenv."""
    path = tmp_path / "settings.toml"
    path.write_text('# a comment\nCIRCUITPY_WIFI_SSID = "x"\n  YAHTZEE_TRACE="heap"\n'
                    'YAHTZEE_PIN_OK = "GP2"  # moved\n[table]\nYAHTZEE_SOUND = "none"\n')
    assert settings.keys_in(path.read_text().split("\n")) == {
        "YAHTZEE_TRACE", "YAHTZEE_PIN_OK", "YAHTZEE_SOUND"}
    monkeypatch.setenv("YAHTZEE_TRACE", "heap")
    monkeypatch.setenv("YAHTZEE_SHAKE", "none")
    monkeypatch.delenv("YAHTZEE_PIN_OK", raising=False)
    getenv = settings.board_getenv(str(path))
    assert getenv("YAHTZEE_TRACE") == "heap"
    assert getenv("YAHTZEE_SHAKE") is None          # not in the file: not asked
    assert getenv("YAHTZEE_PIN_OK") is None         # in the file, not in os.getenv's answer
    config, messages = settings.load_config(None, getenv)
    assert (config["trace"], config["shake"], messages) == ("heap", "lis3dh", [])
    missing = settings.board_getenv(str(tmp_path / "none.toml"))
    assert missing("YAHTZEE_SHAKE") == "none"

def test_shake_thresholds_from_settings(env):
    hw = build(env, {"YAHTZEE_SHAKE_START_MG": "2000", "YAHTZEE_SHAKE_STOP_MG": "1500"})
    expect = ShakeDetector(start_mg=2000, stop_mg=1500)
    assert hw.input._detector.start_e == expect.start_e
    assert hw.input._detector.stop_e == expect.stop_e
    _, messages = settings.load_config(None, {"YAHTZEE_SHAKE_STOP_MG": "1900"}.get)
    assert any("stop above start" in m for m in messages)


# ----------------------------------------------------------- missing parts

def test_missing_display(env):
    env.devices = {0x18: Lis3dhChip()}
    hw = build(env)
    assert hw.display is None
    assert any("no display at 0x3c" in m and "0x18" in m for m in hw.messages)
    assert hw.has_shake and env.keys is not None       # the rest still works


def test_display_library_failure_is_contained(env, monkeypatch):
    env.install()

    class Broken:
        def __init__(self, *a, **k):
            raise RuntimeError("display init failed")
    monkeypatch.setattr(sys.modules["adafruit_displayio_ssd1306"], "SSD1306", Broken)
    monkeypatch.setattr(sys.modules["busdisplay"], "BusDisplay", Broken)
    hw = board_io.build_board(None, getenv={}.get)
    assert hw.display is None
    assert any("display at 0x3c failed" in m for m in hw.messages)
    assert env.log.count(("release_displays",)) == 2    # bus given back after failing
    assert hw.has_shake


def test_missing_sensor_means_ok_rolls(env):
    env.devices = {0x3C: OledChip()}
    hw = build(env)
    assert hw.display is not None
    assert not hw.has_shake
    message = [m for m in hw.messages if "LIS3DH" in m]
    assert message and "0x18" in message[0] and "press OK to roll" in message[0]
    assert hw.input.poll(0) == 0


def test_wrong_chip_at_sensor_address(env):
    env.devices = {0x3C: OledChip(), 0x18: Lis3dhChip(who=0x44)}
    hw = build(env)
    assert not hw.has_shake
    assert any("did not start" in m and "not a LIS3DH" in m for m in hw.messages)


def test_sensor_at_alternate_address(env):
    env.devices = {0x3C: OledChip(), 0x19: Lis3dhChip()}
    hw = build(env)
    assert hw.has_shake and hw.input._accel.address == 0x19


def test_i2c_failure_does_not_crash(env):
    env.i2c_error = RuntimeError("No pull up found on SDA or SCL; check your wiring")
    hw = build(env)
    assert hw.display is None and not hw.has_shake
    assert any("I2C on GP4/GP5 failed" in m and "pull up" in m for m in hw.messages)
    assert env.keys is not None
    assert actions_of(hw, [(5, True), (5, False)]) == [A.OK]


def test_no_board_module_at_all(monkeypatch):
    # A port with none of CircuitPython's modules: each import raises ImportError.
    # (This also keeps Blinka's real displayio, which starts a thread, out of pytest.)
    for name in ("board", "busio", "displayio", "i2cdisplaybus", "keypad", "pwmio",
                 "microcontroller", "storage", "supervisor", "adafruit_displayio_ssd1306"):
        monkeypatch.setitem(sys.modules, name, None)
    hw = board_io.build_board(None, getenv={}.get)
    assert hw.display is None and not hw.has_shake
    assert any("not CircuitPython" in m for m in hw.messages)
    assert hw.input.poll(0) == 0


def test_unknown_pin_name_drops_only_that_button(env):
    hw = build(env, {"YAHTZEE_PIN_OK": "GP99"})
    assert any("no pin GP99 (for OK)" in m for m in hw.messages)
    assert len(env.keys.pins) == 6
    assert actions_of(hw, [(5, True), (5, False)]) == [A.BACK]       # key 5 is BACK now


def test_pin_used_twice_is_refused(env):
    hw = build(env, {"YAHTZEE_PIN_HOLD1": "GP4"})       # GP4 is SDA
    assert any("GP4 for HOLD1 is already used by SDA" in m for m in hw.messages)
    assert not hw.hold_buttons
    # Two names for one pin (a board alias) are caught too.
    env.aliases = PICO_ALIASES + (("BUTTON", "GP15"),)
    hw = build(env, {"YAHTZEE_PIN_BACK": "BUTTON"})
    assert any("BUTTON for BACK is already used by OK" in m for m in hw.messages)


def test_keypad_failure_leaves_the_rest(env):
    env.keys_error = ValueError("GP15 in use")
    hw = build(env)
    assert any("buttons failed" in m for m in hw.messages)
    assert hw.display is not None and hw.has_shake
    assert hw.input.poll(0) == 0
    assert not hw.hold_buttons


def test_unforeseen_errors_cost_one_part_only(env, monkeypatch):
    def broken(*args):
        raise TypeError("a bug in a part")
    for name in ("make_display", "make_accel", "make_controls", "make_storage",
                 "make_sound"):
        monkeypatch.setattr(board_io, name, broken)
    hw = build(env)
    assert hw.display is None and not hw.has_shake
    assert hw.input.poll(0) == 0
    assert isinstance(hw.storage, bytearray) and isinstance(hw.sound, SilentSound)
    assert sum("failed unexpectedly" in m for m in hw.messages) == 5


def test_no_nvm_falls_back_to_ram(env):
    env.has_nvm = False
    hw = build(env)
    assert isinstance(hw.storage, bytearray) and len(hw.storage) == board_io.NVM_FALLBACK_SIZE
    assert any("no nvm" in m for m in hw.messages)


def test_piezo_failure_is_silent(env):
    env.pwm_error = ValueError("All timers for this pin are in use")
    hw = build(env)
    assert isinstance(hw.sound, SilentSound)
    assert any("no sound" in m for m in hw.messages)


def test_writable_drive_reported(env):
    env.readonly = False
    assert build(env).fs_writable is True


def test_messages_printed_on_console(env, capsys):
    env.devices = {}
    build(env)
    out = capsys.readouterr().out
    assert "yahtzee: no display at 0x3c" in out
    assert "yahtzee: no LIS3DH" in out


# ------------------------------------------------------- input at runtime

def test_poll_reuses_one_event_and_never_calls_get(env):
    hw = build(env)
    actions_of(hw, [(k, p) for k in range(7) for p in (True, False)])
    assert len(env.keys.events.targets) == 1


def test_switch_profile_rolls_on_rattle(env):
    hw = build(env, {"YAHTZEE_PROFILE": "pico-switch"})
    assert [p.name for p in env.keys.pins][-1] == "GP17"
    switch_key = len(env.keys.pins) - 1
    assert hw.has_shake and hw.input._accel is None
    got = []
    for now in range(0, 3000, 10):
        if 300 <= now < 1100 and now % 50 == 0:
            press(hw, switch_key, (now // 50) % 2 == 0)
        code = hw.input.poll(now)
        if code:
            got.append((code, now))
    assert [c for c, _ in got] == [A.SHAKE_START, A.SHAKE_END]
    assert 1050 <= got[1][1] <= 1050 + 400


def test_buttons_still_work_while_the_switch_rattles(env):
    hw = build(env, {"YAHTZEE_PROFILE": "pico-switch"})
    switch_key = len(env.keys.pins) - 1
    press(hw, switch_key, True)
    press(hw, 0, True)
    press(hw, switch_key, False)
    assert hw.input.poll(0) == A.HOLD_1
    assert hw.input._edges == 1         # the rattle before the button was kept
    hw.input.poll(10)
    assert hw.input._edges == 0


def test_accelerometer_shake_through_poll(env):
    hw = build(env)
    chip = env.devices[0x18]
    got = []
    import math
    for now in range(0, 3000, 10):
        if 500 <= now < 1500:
            a = int(2000 * math.sin(2 * math.pi * 5 * now / 1000))
            chip.sample = (a * 8, 0, 8000)      # mg << 3: raw counts
        else:
            chip.sample = (0, 0, 8000)
        code = hw.input.poll(now)
        if code:
            got.append((code, now))
    assert [c for c, _ in got] == [A.SHAKE_START, A.SHAKE_END]
    assert 1500 <= got[1][1] <= 1500 + 450


def test_sample_rate_limited(env):
    hw = build(env)
    reads = []
    reader = hw.input._accel
    original = reader.read

    def counting_read():
        reads.append(1)
        return original()
    reader.read = counting_read
    for now in range(1000, 1100, 2):
        hw.input.poll(now)
    assert len(reads) == 10            # one read per 10 ms, not per poll


def test_first_poll_reads_the_sensor_at_the_boards_first_ticks(env):
    # CircuitPython's supervisor.ticks_ms() starts 65 s before it wraps at 2**29: a
    # shake right after power-on must be seen (the emulated Pico found it was not).
    hw = build(env)
    chip = env.devices[0x18]
    start = (1 << 29) - 65536
    got = []
    for step in range(200):
        now = (start + 10 * step) & ((1 << 29) - 1)
        swing = 2500 if step % 10 < 5 else 1100
        chip.sample = ((swing << 3) if 20 <= step < 80 else 0, 0, 8000)
        code = hw.input.poll(now)
        if code:
            got.append(code)
    assert got == [A.SHAKE_START, A.SHAKE_END]


def test_sensor_dying_midway_finishes_the_shake(env):
    hw = build(env)
    detector = hw.input._detector
    import math
    now = 0
    chip = env.devices[0x18]
    while not detector.shaking:
        a = int(2000 * math.sin(2 * math.pi * 5 * now / 1000))
        chip.sample = (a * 8, 0, 8000)
        hw.input.poll(now)
        now += 10
        assert now < 2000
    del env.devices[0x18]               # wire pulled out
    codes = []
    for _ in range(MAX_SENSOR_FAILURES):
        now += 10
        codes.append(hw.input.poll(now))
    assert codes[-1] == A.SHAKE_END and codes.count(A.SHAKE_END) == 1
    assert not hw.has_shake
    assert any("stopped answering" in m for m in hw.messages)
    assert hw.input.poll(now + 10) == 0


def test_short_i2c_glitch_is_forgiven(env):
    hw = build(env)
    chip = env.devices.pop(0x18)
    for now in range(1000, 1000 + 10 * (MAX_SENSOR_FAILURES - 1), 10):
        hw.input.poll(now)
    env.devices[0x18] = chip
    hw.input.poll(10000)
    assert hw.has_shake and hw.input.sensor_failures == MAX_SENSOR_FAILURES - 1
    assert hw.input._failures == 0          # a good read starts the count again


# ------------------------------------------------------------- parts alone

class FakeI2C:
    def __init__(self, chip, address):
        self.chip = chip
        self.address = address
        self.busy = False

    def try_lock(self):
        return not self.busy

    def unlock(self):
        pass

    def writeto(self, address, buf):
        pass

    def writeto_then_readfrom(self, address, out, inbuf, out_end=None):
        inbuf[:] = self.chip.read(out[0], len(inbuf))


def test_lis3dh_counts_to_mg():
    chip = Lis3dhChip()
    reader = Lis3dhReader(FakeI2C(chip, 0x18), 0x18)
    chip.sample = (8000, -8000, 16000)     # 12-bit 500 / -500 / 1000 steps of 2 mg
    assert reader.read() and (reader.x, reader.y, reader.z) == (1000, -1000, 2000)
    chip.sample = (32752, -32768, 0)        # full scale
    reader.read()
    assert (reader.x, reader.y) == (4094, -4096)


def test_mpu6050_counts_to_mg():
    chip = Mpu6050Chip()
    reader = Mpu6050Reader(FakeI2C(chip, 0x68), 0x68)
    chip.sample = (8192, -8192, 4096)
    assert reader.read() and (reader.x, reader.y, reader.z) == (1000, -1000, 500)


def test_busy_bus_skips_the_sample():
    chip = Lis3dhChip()
    bus = FakeI2C(chip, 0x18)
    reader = Lis3dhReader(bus, 0x18)
    bus.busy = True
    assert reader.read() is False


class FakePWM:
    def __init__(self, max_hz=20000):
        self.frequency = 0
        self.duty_cycle = 0
        self.max_hz = max_hz

    def __setattr__(self, name, value):
        if name == "frequency" and value > getattr(self, "max_hz", 10 ** 9):
            raise ValueError("Invalid frequency")
        object.__setattr__(self, name, value)


def test_piezo_tone_ends_on_time():
    now = [1000]
    pwm = FakePWM()
    sound = PiezoSound(pwm, lambda: now[0])
    sound.tone(880, 100)
    assert pwm.frequency == 880 and pwm.duty_cycle == 0x8000 and sound.playing
    sound.update(1099)
    assert pwm.duty_cycle == 0x8000
    sound.update(1100)
    assert pwm.duty_cycle == 0 and not sound.playing
    sound.enabled = False
    sound.tone(440, 100)
    assert pwm.duty_cycle == 0
    sound.enabled = True
    sound.tone(50000, 100)                  # out of range: stays silent, no exception
    assert pwm.duty_cycle == 0
    sound.tone(440, 100)
    sound.off()
    assert pwm.duty_cycle == 0


def test_silent_sound_stands_in_for_every_part_of_the_piezo():
    """Whatever the loop may call or read on a PiezoSound, the stand-in has too."""
    piezo = PiezoSound(FakePWM(), lambda: 0)
    silent = SilentSound()
    public = [n for n in dir(piezo) if not n.startswith('_')]
    assert {'tone', 'update', 'off', 'enabled', 'present'} <= set(public)
    missing = [n for n in public if not hasattr(silent, n)]
    assert not missing, missing
    assert piezo.present and not silent.present and not silent.enabled and not silent.playing
    silent.tone(440, 10)                # the calls the loop makes: no effect, no error
    silent.update(5)
    silent.off()
    assert not silent.enabled


def test_clock_sleep_makes_the_float_once():
    slept = []
    clock = Clock(ticks_ms=lambda: 5, sleep=slept.append)
    clock.sleep_ms(20)
    clock.sleep_ms(20)
    clock.sleep_ms(0)
    clock.sleep_ms(250)
    clock.sleep_ms(-3)                  # a late frame: no sleep at all
    assert slept == [0.02, 0.02, 0.25]
    assert slept[0] is slept[1]         # the same float object: made once


def test_clock_uses_a_native_sleep_ms_and_wrapping_ticks(monkeypatch):
    import hardware.clock as clock_module
    from events.ticks import TICKS_MASK
    native = []
    monkeypatch.setattr(clock_module.time, "sleep_ms", native.append, raising=False)
    clock = Clock(ticks_ms=lambda: 5)
    clock.sleep_ms(20)
    clock.sleep_ms(0)
    assert native == [20]               # MicroPython's sleep_ms: no float at all
    monkeypatch.delattr(clock_module.time, "sleep_ms")
    monkeypatch.setattr(clock_module.time, "monotonic_ns", lambda: (TICKS_MASK + 7) * 1000000)
    assert clock_module.pick_ticks_ms()() == 6      # desktop fallback wraps like the device


def test_display_wrapper(env):
    hw = build(env)
    oled = env.displays[0]
    group = object()
    hw.display.root_group = group
    assert oled.root_group is group and hw.display.root_group is group
    assert hw.display.refresh() and oled.refreshes == 1
    hw.display.set_brightness(300)
    hw.display.set_brightness(-4)
    assert oled.bus.sent == [(0x81, b"\xff"), (0x81, b"\x00")]
    hw.display.sleep()
    assert not oled.awake
    hw.display.wake()
    assert oled.awake
    assert hw.display.show_console()
    assert oled.root_group is sys.modules["displayio"].CIRCUITPYTHON_TERMINAL

    def broken():
        raise OSError(5, "Input/output error")
    oled.refresh = broken
    assert hw.display.refresh() is False and hw.display.errors == 1


def test_each_display_chip_is_made_its_own_way(env):
    hw = build(env, {"YAHTZEE_DISPLAY": "sh1106"})
    oled = env.displays[-1]
    assert (oled.chip, oled.rotation, oled.options) == ("sh1106", 0, {"colstart": 2})
    assert not oled.auto_refresh and hw.display.width == 128
    build(env, {"YAHTZEE_DISPLAY": "sh1107", "YAHTZEE_ROTATION": "180"})
    oled = env.displays[-1]
    assert (oled.chip, oled.rotation, oled.options) == ("sh1107", 270, {})
    build(env)
    assert (env.displays[-1].chip, env.displays[-1].rotation) == ("ssd1306", 0)


def test_a_display_driver_missing_from_lib_is_named(env, monkeypatch):
    env.install()
    monkeypatch.setitem(sys.modules, "adafruit_displayio_sh1106", None)
    hw = board_io.build_board(None, getenv={"YAHTZEE_DISPLAY": "sh1106"}.get)
    assert hw.display is None
    assert any("display library missing (SH1106 driver:" in m
               and "adafruit_displayio_sh1106" in m for m in hw.messages)
    hw = board_io.build_board(None, getenv={"YAHTZEE_DISPLAY": "sh1108"}.get)
    assert hw.display is not None and any(
        "YAHTZEE_DISPLAY='sh1108' not one of ssd1306|sh1106|sh1107|none; using ssd1306" in m
        for m in hw.messages)


# ------------------------------------------------------------ device rules

DEVICE_FILES = sorted((REPO / "hardware").glob("*.py"))
DEVICE_FILES = [p for p in DEVICE_FILES if p.name != "desktop.py"]


@pytest.mark.parametrize("path", DEVICE_FILES + [REPO / "code.py", REPO / "boot.py",
                                                 REPO / "events" / "actions.py",
                                                 REPO / "events" / "ticks.py"],
                         ids=lambda p: p.name)
def test_device_code_has_no_import_time_hardware(path):
    """Board modules are imported inside functions only, never at module level."""
    tree = ast.parse(path.read_text())
    board_modules = {"board", "busio", "keypad", "displayio", "i2cdisplaybus", "pwmio",
                     "digitalio", "microcontroller", "storage", "supervisor",
                     "adafruit_displayio_ssd1306", "numpy", "typing", "dataclasses",
                     "enum"}
    for node in tree.body:
        if isinstance(node, ast.Import):
            names = {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            names = {(node.module or "").split(".")[0]}
        else:
            continue
        assert not names & board_modules, (path.name, names)


def test_importing_hardware_touches_no_board():
    code = ("import sys; import hardware, hardware.board_io, hardware.profiles; "
            "bad = [m for m in ('board', 'busio', 'keypad', 'displayio', 'digitalio') "
            "if m in sys.modules]; print(bad)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=str(REPO))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_every_profile_is_complete():
    for name, profile in profiles.PROFILES.items():
        assert profile["name"] == name
        for key in ("display", "width", "height", "shake", "sound", "pins",
                    "long_press", "write_key", "display_address"):
            assert key in profile, (name, key)
        assert profile["shake"] in profiles.SHAKE_KINDS
        assert set(profile["pins"]) <= set(profiles.PIN_ROLES)
        assert set(profile["long_press"]) <= set(profile["pins"])
        assert profile["write_key"] in profile["pins"]
        names = list(profile["pins"].values())
        assert len(names) == len(set(names)), name
        assert "OK" in profile["pins"]


# ------------------------------------------------------------------ docs

def test_wiring_pictures_are_up_to_date():
    done = subprocess.run([sys.executable, str(REPO / "tools" / "draw_wiring.py"), "--check"],
                          capture_output=True, text=True, cwd=str(REPO))
    assert done.returncode == 0, done.stdout + done.stderr


def test_hardware_doc_lists_every_profile_pin():
    text = (REPO / "docs" / "HARDWARE.md").read_text()
    for name, profile in profiles.PROFILES.items():
        assert "`%s`" % name in text
        for role, pin in profile["pins"].items():
            assert "| %s |" % pin in text or "| %s " % pin in text, (name, role, pin)


def test_settings_toml_is_valid_and_uses_known_keys():
    import tomllib
    data = tomllib.loads((REPO / "settings.toml").read_text())
    assert data["YAHTZEE_PROFILE"] in profiles.PROFILES
    known = {"YAHTZEE_PROFILE"} | {"YAHTZEE_" + c[0] for c in settings._CHOICES}
    known |= {"YAHTZEE_" + n[0] for n in settings._NUMBERS}
    known |= {"YAHTZEE_PIN_" + r for r in profiles.PIN_ROLES}
    commented = [line.lstrip("# ").split("=")[0].strip()
                 for line in (REPO / "settings.toml").read_text().splitlines()
                 if line.startswith("# YAHTZEE_")]
    for key in list(data) + commented:
        assert key in known, key
        value = data.get(key)
        assert value is None or isinstance(value, str)     # quoted: works on every version



def test_default_long_back_is_standings_and_a_tap_still_back(env):
    hw = build(env)
    # BACK held for 800 ms: STANDINGS once, no BACK at the press or the release.
    assert [c for c in held_800_ms(hw, 6) if c] == [A.STANDINGS]
    assert actions_of(hw, [(6, True), (6, False)]) == [A.BACK]
