"""Build the Hardware of a CircuitPython board from its profile.

Each part is made on its own inside try/except: a missing display, an unwired
sensor or a wrong pin name costs that part only, never the game. What went wrong
goes to Hardware.messages and the serial console, in words a player can act on.
"""

from hardware import profiles, settings
from hardware.interface import Hardware
from hardware.buttons import Controls, open_keys
from hardware.clock import Clock
from hardware.shake import ShakeDetector, SwitchShakeDetector
from hardware.sound import PiezoSound, SilentSound

# Stand-in storage size when the board has no microcontroller.nvm (RP2040 has 4 KB).
NVM_FALLBACK_SIZE = 4096
ROLL_HINT = "press OK to roll"


def _hex_list(addresses):
    return ", ".join("0x%02x" % a for a in addresses) if addresses else "none"


class _Pins:
    """Turns role names into board pins, once each, and refuses double use."""

    def __init__(self, board, config, messages):
        self.board = board
        self.names = config["pins"]
        self.messages = messages
        self.used = []            # (pin object, role, name)

    def get(self, role):
        name = self.names.get(role)
        if not name:
            return None
        if self.board is None:
            return None
        pin = getattr(self.board, name, None)
        if pin is None:
            self.messages.append("board has no pin %s (for %s): check YAHTZEE_PIN_%s"
                                 % (name, role, role))
            return None
        for other, other_role, other_name in self.used:
            if other is pin or other_name == name:
                self.messages.append("pin %s for %s is already used by %s"
                                     % (name, role, other_role))
                return None
        self.used.append((pin, role, name))
        return pin


def _needs_i2c(config):
    return config["display"] != "none" or config["shake"] in ("lis3dh", "mpu6050")


def make_i2c(pins, config, messages):
    """(busio.I2C or None, list of addresses that answered or None if unknown)."""
    if not _needs_i2c(config):
        return None, None
    try:
        import displayio
        # A display made by the previous run still holds the I2C pins.
        displayio.release_displays()
    except ImportError:
        pass
    sda = pins.get("SDA")
    scl = pins.get("SCL")
    if sda is None or scl is None:
        messages.append("no I2C pins: no display, no accelerometer")
        return None, None
    try:
        import busio
        i2c = busio.I2C(scl, sda, frequency=config["i2c_frequency"])
    except Exception as error:
        messages.append("I2C on %s/%s failed (%s): check wiring and pull-ups"
                        % (config["pins"].get("SDA"), config["pins"].get("SCL"), error))
        return None, None
    return i2c, scan(i2c)


def scan(i2c):
    try:
        for _ in range(1000):
            if i2c.try_lock():
                break
        else:
            return None
        try:
            return list(i2c.scan())
        finally:
            i2c.unlock()
    except Exception:
        return None


def make_display(i2c, found, config, messages):
    if config["display"] == "none":
        return None
    address = config["display_address"]
    if i2c is None:
        messages.append("no display: the I2C bus is not working")
        return None
    if found is not None and address not in found:
        messages.append("no display at 0x%02x (I2C devices found: %s)"
                        % (address, _hex_list(found)))
        return None
    from hardware.display import OledDisplay, driver_for
    try:
        import i2cdisplaybus
        make = driver_for(config["display"])
    except ImportError as error:
        messages.append("display library missing (%s): copy lib/ to CIRCUITPY" % error)
        return None
    try:
        bus = i2cdisplaybus.I2CDisplayBus(i2c, device_address=address)
        oled = make(bus, config["width"], config["height"], config["rotation"])
    except Exception as error:
        messages.append("display at 0x%02x failed: %s" % (address, error))
        try:
            import displayio
            displayio.release_displays()
        except Exception:
            pass
        return None
    return OledDisplay(oled, bus, address)


def make_accel(i2c, found, config, messages, clock):
    """An accelerometer reader (x, y, z in mg) or None."""
    kind = config["shake"]
    if kind not in profiles.ACCEL_ADDRESSES:
        return None
    label = "LIS3DH" if kind == "lis3dh" else "MPU-6050"
    if i2c is None:
        messages.append("no %s: the I2C bus is not working; %s" % (label, ROLL_HINT))
        return None
    if config["accel_address"]:
        addresses = (config["accel_address"],)
    else:
        addresses = profiles.ACCEL_ADDRESSES[kind]
    if found is not None:
        answering = [a for a in addresses if a in found]
        if not answering:
            messages.append("no %s at %s (I2C devices found: %s); %s"
                            % (label, _hex_list(addresses), _hex_list(found), ROLL_HINT))
            return None
        addresses = answering
    from hardware.accel import Lis3dhReader, Mpu6050Reader
    last_error = None
    for address in addresses:
        try:
            if kind == "lis3dh":
                return Lis3dhReader(i2c, address)
            return Mpu6050Reader(i2c, address, clock.sleep_ms)
        except Exception as error:
            last_error = error
    messages.append("%s did not start (%s); %s" % (label, last_error, ROLL_HINT))
    return None


def make_controls(pins, config, messages, accel):
    short = bytearray()
    long = bytearray()
    key_pins = []
    long_press = config["long_press"]
    for role in profiles.BUTTON_ROLES:
        if role not in config["pins"]:
            continue
        pin = pins.get(role)
        if pin is None:
            continue
        key_pins.append(pin)
        short.append(profiles.ROLE_ACTIONS[role])
        long.append(profiles.ROLE_ACTIONS.get(long_press.get(role), 0))

    switch_key = -1
    switch = None
    if config["shake"] == "switch":
        pin = pins.get("SHAKE")
        if pin is None:
            messages.append("no shake switch pin; " + ROLL_HINT)
        else:
            switch_key = len(key_pins)
            key_pins.append(pin)

    keys = event = None
    if key_pins:
        try:
            import keypad
            keys = open_keys(key_pins)
            event = keypad.Event()
        except Exception as error:
            messages.append("buttons failed (%s): check the pin settings" % error)
            keys = event = None
    else:
        messages.append("no buttons configured")
    if keys is None and switch_key >= 0:
        messages.append("shake switch unavailable; " + ROLL_HINT)
        switch_key = -1
    if switch_key >= 0:
        switch = SwitchShakeDetector()

    detector = None
    if accel is not None:
        detector = ShakeDetector(start_mg=config["shake_start_mg"],
                                 stop_mg=config["shake_stop_mg"])
    # bytes, not bytearray: `int in bytearray` raises NotImplementedError on CircuitPython
    short_actions = bytes(short)
    controls = Controls(keys=keys, event=event, short_actions=short_actions,
                        long_actions=bytes(long), switch_key=switch_key,
                        switch_detector=switch, accel=accel, detector=detector,
                        long_ms=config["long_press_ms"], messages=messages)
    # Hold buttons only count when all five work; otherwise the app shows a cursor.
    controls.hold_buttons = keys is not None and all(
        action in short_actions for action in profiles.HOLD_ACTIONS)
    if keys is not None:
        controls.key_pins = tuple(key_pins)
    return controls


def make_storage(messages):
    try:
        import microcontroller
        nvm = microcontroller.nvm
    except (ImportError, AttributeError):
        nvm = None
    if nvm is None or len(nvm) == 0:
        messages.append("no nvm on this board: saves last until power-off")
        return bytearray(NVM_FALLBACK_SIZE)
    return nvm


def make_sound(pins, config, messages, clock):
    if config["sound"] != "piezo" or "PIEZO" not in config["pins"]:
        return SilentSound()
    pin = pins.get("PIEZO")
    if pin is None:
        return SilentSound()
    try:
        import pwmio
        pwm = pwmio.PWMOut(pin, frequency=440, duty_cycle=0, variable_frequency=True)
    except Exception as error:
        messages.append("no sound: piezo on %s failed (%s)" % (config["pins"]["PIEZO"], error))
        return SilentSound()
    return PiezoSound(pwm, clock.ticks_ms)


def make_battery(pins, config, messages):
    """The battery gauge, or None where the build reads no supply voltage."""
    kind = config["battery"]
    if kind == "none" or "BATTERY" not in config["pins"]:
        return None
    pin = pins.get("BATTERY")
    if pin is None:
        return None
    try:
        import analogio
        adc = analogio.AnalogIn(pin)
    except Exception as error:
        messages.append("no battery gauge: %s failed (%s)" % (config["pins"]["BATTERY"], error))
        return None
    from hardware.battery import PACKS, Battery
    return Battery(adc, config["battery_divider"], PACKS[kind])


def make_sleep(config, controls, quiet):
    """hw.sleep: deep sleep on the buttons through `alarm`, or why there is none."""
    from hardware.sleep import DeepSleep
    try:
        import alarm
    except ImportError:
        return DeepSleep(after_s=config["sleep_after_s"])
    try:
        import supervisor
        runtime = supervisor.runtime
    except (ImportError, AttributeError):
        runtime = None
    return DeepSleep(alarm, runtime, controls.button_pins, quiet, controls.release,
                     controls.reopen, config["sleep_after_s"])


def fs_writable():
    try:
        import storage
        return not storage.getmount("/").readonly
    except Exception:
        return False


def _part(messages, label, fallback, make, *args):
    try:
        return make(*args)
    except Exception as error:
        messages.append("%s failed unexpectedly: %r" % (label, error))
        return fallback


def build_board(profile_name=None, getenv=None):
    config, messages = settings.load_config(profile_name, getenv or settings.board_getenv())
    clock = Clock()
    try:
        import board
    except ImportError:
        board = None
        messages.append("no 'board' module: this is not CircuitPython")
    pins = _Pins(board, config, messages)

    # Every step below copes with the ones before it having failed, and any error
    # nobody foresaw still costs only that part.
    i2c, found = _part(messages, "I2C", (None, None), make_i2c, pins, config, messages)
    display = _part(messages, "display", None, make_display, i2c, found, config, messages)
    accel = _part(messages, "shake sensor", None, make_accel, i2c, found, config,
                  messages, clock)
    controls = _part(messages, "buttons", None, make_controls, pins, config, messages,
                     accel)
    if controls is None:
        controls = Controls(messages=messages)
    nvm = _part(messages, "storage", None, make_storage, messages)
    if nvm is None:
        nvm = bytearray(NVM_FALLBACK_SIZE)
    sound = _part(messages, "sound", None, make_sound, pins, config, messages, clock)
    if sound is None:
        sound = SilentSound()
    battery = _part(messages, "battery gauge", None, make_battery, pins, config, messages)
    # Before a deep sleep: the OLED dark, the accelerometer powered down, no tone.
    quiet = [sound.off]
    if display is not None:
        quiet.append(display.sleep)
    if accel is not None:
        quiet.append(accel.power_down)
    sleep = _part(messages, "deep sleep", None, make_sleep, config, controls, quiet)
    if sleep is None:
        from hardware.sleep import DeepSleep
        sleep = DeepSleep(why_not="deep sleep could not be set up")

    dice = None
    if config["dice_seed"] is not None:
        from hardware.dice import SeededDice
        dice = SeededDice(config["dice_seed"])
    hw = Hardware(display=display, input=controls, storage=nvm, sound=sound,
                  ticks_ms=clock.ticks_ms, sleep_ms=clock.sleep_ms,
                  messages=messages, profile=config["name"],
                  fs_writable=fs_writable(), config=config, i2c_devices=found,
                  hold_buttons=controls.hold_buttons, battery=battery, sleep=sleep,
                  dice=dice)
    for message in messages:
        print("yahtzee:", message)
    return hw
