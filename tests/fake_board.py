"""Fake CircuitPython modules for the hardware tests (no test module imports another):
a board with its pins, an I2C bus with chips that answer, keypad, displays, nvm and the
rest, installed by the `env` fixture; build() makes the Hardware on them as
hardware.build() would with settings.toml; fake_boot_modules() fakes what boot.py uses."""
import sys
import types

import pytest

from hardware import board_io

# --------------------------------------------------------------------- fakes

class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board.%s" % self.name


def make_board(names, aliases=()):
    board = types.ModuleType("board")
    for name in names:
        setattr(board, name, Pin(name))
    for alias, name in aliases:
        if hasattr(board, name):            # a Pico's aliases mean nothing on a Feather
            setattr(board, alias, getattr(board, name))
    return board


PICO = ["GP%d" % i for i in range(29)] + ["LED", "A3"]
PICO_ALIASES = (("VOLTAGE_MONITOR", "A3"),)      # GP29: VSYS/3 on a Pico
FEATHER = ["D4", "D5", "D6", "D9", "D10", "D11", "D12", "D13", "A0", "A1", "SDA", "SCL"]


class Lis3dhChip:
    def __init__(self, who=0x33):
        self.regs = {0x0F: who}
        self.sample = (0, 0, 8000)   # raw counts: 1 g on z at +-4 g high resolution

    def read(self, register, n):
        if register == 0xA8:
            out = bytearray()
            for v in self.sample:
                out += (v & 0xFFFF).to_bytes(2, "little")
            return out
        return bytes([self.regs.get(register, 0)])


class Mpu6050Chip:
    def __init__(self, who=0x68):
        self.regs = {0x75: who}
        self.sample = (0, 0, 8192)

    def read(self, register, n):
        if register == 0x3B:
            out = bytearray()
            for v in self.sample:
                out += (v & 0xFFFF).to_bytes(2, "big")
            return out
        return bytes([self.regs.get(register, 0)])


class OledChip:
    def read(self, register, n):
        return bytes(n)


class FakeEnv:
    """Everything a test may want to change about the fake board."""

    def __init__(self):
        self.board_names = PICO
        self.aliases = PICO_ALIASES
        self.supply_mv = 3000          # what the supply pin's divider sees, times it
        self.adc_error = None
        self.alarm = None              # hardware.desktop_power.StandInAlarm for a board with alarm
        self.usb_connected = False
        self.devices = {0x3C: OledChip(), 0x18: Lis3dhChip()}
        self.i2c_error = None
        self.keys_error = None
        self.pwm_error = None
        self.has_nvm = True
        self.readonly = True
        self.log = []
        self.i2c = None
        self.keys = None
        self.displays = []
        self.pwms = []


def install(monkeypatch, env):
    board = make_board(env.board_names, env.aliases)

    busio = types.ModuleType("busio")

    class I2C:
        def __init__(self, scl, sda, frequency=100000):
            env.log.append(("I2C", scl.name, sda.name, frequency))
            if env.i2c_error:
                raise env.i2c_error
            self.locked = False
            self.writes = []
            env.i2c = self

        def try_lock(self):
            if self.locked:
                return False
            self.locked = True
            return True

        def unlock(self):
            self.locked = False

        def scan(self):
            assert self.locked
            return sorted(env.devices)

        def _chip(self, address):
            chip = env.devices.get(address)
            if chip is None:
                raise OSError(19, "No such device")
            return chip

        def writeto(self, address, buf):
            assert self.locked
            self._chip(address)
            self.writes.append((address, bytes(buf)))

        def writeto_then_readfrom(self, address, out, inbuf, out_end=None):
            assert self.locked
            chip = self._chip(address)
            register = out[0]
            data = chip.read(register, len(inbuf))
            inbuf[:] = data[:len(inbuf)]
    busio.I2C = I2C

    displayio = types.ModuleType("displayio")
    displayio.CIRCUITPYTHON_TERMINAL = object()

    def release_displays():
        env.log.append(("release_displays",))
    displayio.release_displays = release_displays

    i2cdisplaybus = types.ModuleType("i2cdisplaybus")

    class I2CDisplayBus:
        def __init__(self, i2c, *, device_address, reset=None):
            if device_address not in env.devices:
                raise ValueError("Unable to find I2C Display at %x" % device_address)
            env.log.append(("I2CDisplayBus", device_address))
            self.sent = []

        def send(self, command, data):
            self.sent.append((command, bytes(data)))
    i2cdisplaybus.I2CDisplayBus = I2CDisplayBus

    ssd = types.ModuleType("adafruit_displayio_ssd1306")

    class SSD1306:
        chip = "ssd1306"

        def __init__(self, bus, width, height, rotation=0, auto_refresh=True, **kw):
            self.bus = bus
            self.width = width
            self.height = height
            self.rotation = rotation
            self.auto_refresh = auto_refresh
            self.options = kw
            self.root_group = None
            self.refreshes = 0
            env.displays.append(self)

        def refresh(self):
            self.refreshes += 1
            return True

        @property
        def awake(self):
            """The panel's state by the last display off (0xAE) / on (0xAF) sent."""
            for command, _ in reversed(self.bus.sent):
                if command in (0xAE, 0xAF):
                    return command == 0xAF
            return True
    ssd.SSD1306 = SSD1306

    busdisplay = types.ModuleType("busdisplay")

    class BusDisplay(SSD1306):
        """hardware.display makes the usual SSD1306 panels on busdisplay itself."""

        def __init__(self, bus, init_sequence, *, width, height, rotation=0,
                     auto_refresh=True, **kw):
            SSD1306.__init__(self, bus, width, height, rotation, auto_refresh, **kw)
            self.init_sequence = bytes(init_sequence)
    busdisplay.BusDisplay = BusDisplay
    sh1106 = types.ModuleType("adafruit_displayio_sh1106")
    sh1106.SH1106 = type("SH1106", (SSD1306,), {"chip": "sh1106"})
    sh1107 = types.ModuleType("adafruit_displayio_sh1107")
    sh1107.SH1107 = type("SH1107", (SSD1306,), {"chip": "sh1107"})

    keypad = types.ModuleType("keypad")

    class Event:
        def __init__(self, key_number=0, pressed=True, timestamp=0):
            self.key_number = key_number
            self.pressed = pressed
            self.timestamp = timestamp

    class EventQueue:
        def __init__(self):
            self.queue = []
            self.targets = set()

        def get_into(self, event):
            self.targets.add(id(event))
            if not self.queue:
                return False
            queued = self.queue.pop(0)        # (key, pressed[, ms the scan saw it])
            event.key_number, event.pressed = queued[:2]
            event.timestamp = queued[2] if len(queued) > 2 else 0
            return True

        def get(self):
            raise AssertionError("poll must use get_into, get() allocates an Event")

    class Keys:
        def __init__(self, pins, *, value_when_pressed, pull=True, **kw):
            if env.keys_error:
                raise env.keys_error
            self.pins = tuple(pins)
            self.value_when_pressed = value_when_pressed
            self.pull = pull
            self.events = EventQueue()
            env.keys = self
    keypad.Event = Event
    keypad.Keys = Keys

    micro = types.ModuleType("microcontroller")
    if env.has_nvm:
        micro.nvm = bytearray(4096)

    pwmio = types.ModuleType("pwmio")

    class PWMOut:
        def __init__(self, pin, frequency=500, duty_cycle=0, variable_frequency=False):
            if env.pwm_error:
                raise env.pwm_error
            self.pin = pin
            self.frequency = frequency
            self.duty_cycle = duty_cycle
            self.variable_frequency = variable_frequency
            env.pwms.append(self)
    pwmio.PWMOut = PWMOut

    storage = types.ModuleType("storage")
    storage.getmount = lambda path: types.SimpleNamespace(readonly=env.readonly)

    supervisor = types.ModuleType("supervisor")
    supervisor.ticks_ms = lambda: 1234
    class Runtime:
        @property
        def usb_connected(self):
            return env.usb_connected
    supervisor.runtime = Runtime()

    analogio = types.ModuleType("analogio")

    class AnalogIn:
        def __init__(self, pin):
            if env.adc_error:
                raise env.adc_error
            self.pin = pin
            env.log.append(("AnalogIn", pin.name))

        @property
        def value(self):
            # The Pico's VSYS/3 on a 3.3 V 12-bit ADC, stretched to 16 bits.
            raw = min(4095, env.supply_mv * 4095 // (3 * 3300))
            return (raw << 4) | (raw >> 8)
    analogio.AnalogIn = AnalogIn

    for name, module in (("board", board), ("busio", busio), ("displayio", displayio),
                         ("i2cdisplaybus", i2cdisplaybus), ("busdisplay", busdisplay),
                         ("adafruit_displayio_ssd1306", ssd), ("keypad", keypad),
                         ("adafruit_displayio_sh1106", sh1106),
                         ("adafruit_displayio_sh1107", sh1107),
                         ("microcontroller", micro), ("pwmio", pwmio),
                         ("storage", storage), ("supervisor", supervisor),
                         ("analogio", analogio)):
        monkeypatch.setitem(sys.modules, name, module)
    if env.alarm is not None:
        monkeypatch.setitem(sys.modules, "alarm", env.alarm)
    return board


@pytest.fixture
def env(monkeypatch):
    e = FakeEnv()
    e.install = lambda: install(monkeypatch, e)
    return e


def build(env, settings_map=None, profile=None):
    env.install()
    getenv = (settings_map or {}).get
    return board_io.build_board(profile, getenv=getenv)


def press(hw, key, pressed=True, at=0):
    hw.input._keys.events.queue.append((key, pressed, at))


def actions_of(hw, events, start=0, step=10, extra_ms=0):
    """Feed (key, pressed) events one per 10 ms poll; collect the actions."""
    out = []
    now = start
    for key, pressed in events:
        press(hw, key, pressed, now)
        code = hw.input.poll(now)
        if code:
            out.append(code)
        now += step
    end = now + extra_ms
    while now <= end:
        code = hw.input.poll(now)
        if code:
            out.append(code)
        now += step
    return out


# ------------------------------------------------------------ boot.py

def fake_boot_modules(monkeypatch, held_pins=(), settings=None, remount_error=None):
    log = []
    board = types.ModuleType("board")
    for name in ("GP9", "GP15", "D6"):
        setattr(board, name, Pin(name))

    digitalio = types.ModuleType("digitalio")
    digitalio.Pull = types.SimpleNamespace(UP="up", DOWN="down")

    class DigitalInOut:
        def __init__(self, pin):
            self.pin = pin
            self.pull = None

        def switch_to_input(self, pull=None):
            self.pull = pull

        @property
        def value(self):
            # Pulled up: reads high unless the button shorts it to GND.
            return not (self.pull == "up" and self.pin.name in held_pins)

        def deinit(self):
            log.append(("deinit", self.pin.name))
    digitalio.DigitalInOut = DigitalInOut

    storage = types.ModuleType("storage")

    def remount(path, readonly=False, **kw):
        if remount_error:
            raise remount_error
        log.append(("remount", path, readonly))
    storage.remount = remount

    values = dict(settings or {})
    monkeypatch.setattr("os.getenv", lambda key, default=None: values.get(key, default))
    for name, module in (("board", board), ("digitalio", digitalio), ("storage", storage)):
        monkeypatch.setitem(sys.modules, name, module)
    return log
