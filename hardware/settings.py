"""settings.toml keys: pick a profile and override its parts and pins.

CircuitPython reads settings.toml into os.getenv(). Depending on the version a
value comes back as a string or (for bare numbers) an int, so both are accepted;
writing every value as a quoted string works everywhere.

    YAHTZEE_PROFILE          "default" | "pico-mpu6050" | "pico-switch" | "three-button"
                             | "feather-128x64"
    YAHTZEE_PIN_<ROLE>       pin name for a role, e.g. YAHTZEE_PIN_OK = "GP7";
                             "none" removes the role (roles: see hardware/profiles.py)
    YAHTZEE_SHAKE            "lis3dh" | "mpu6050" | "switch" | "none"
    YAHTZEE_DISPLAY          "ssd1306" | "sh1106" | "sh1107" | "none" (the OLED's chip)
    YAHTZEE_SOUND            "piezo" | "none"
    YAHTZEE_BATTERY          "2xaa" | "lipo" | "none": what powers the build (gauge curve)
    YAHTZEE_BATTERY_DIVIDER  the divider in front of the BATTERY pin (Pico: "3")
    YAHTZEE_SLEEP_AFTER_S    idle seconds before deep sleep, "0" never (default 180)
    YAHTZEE_DISPLAY_ADDRESS  "0x3C" or "0x3D"
    YAHTZEE_DISPLAY_WIDTH, YAHTZEE_DISPLAY_HEIGHT, YAHTZEE_ROTATION (0/90/180/270)
    YAHTZEE_ACCEL_ADDRESS    "0x18", "0x19", "0x68", "0x69" ("0" = try the usual ones)
    YAHTZEE_I2C_FREQUENCY    e.g. "100000" for long wires
    YAHTZEE_SHAKE_START_MG, YAHTZEE_SHAKE_STOP_MG   shake sensitivity (default 1600/1400)
    YAHTZEE_LONG_PRESS_MS    hold time for long-press actions (default 600)
    YAHTZEE_DICE_SEED        0..1048575: seeded dice that repeat (tests; hardware/dice.py)
    YAHTZEE_TRACE            "heap": print the free heap at every scene change (tests)

A bad value is reported in Hardware.messages and the profile's value is kept.
"""

from hardware import profiles

PREFIX = "YAHTZEE_"

# (settings key suffix, profile key, allowed values)
_CHOICES = (
    ("SHAKE", "shake", profiles.SHAKE_KINDS),
    ("DISPLAY", "display", profiles.DISPLAY_KINDS),
    ("SOUND", "sound", profiles.SOUND_KINDS),
    ("BATTERY", "battery", profiles.BATTERY_KINDS),
    ("TRACE", "trace", ("none", "heap")),
)
# (settings key suffix, profile key, lowest, highest)
_NUMBERS = (
    ("DISPLAY_ADDRESS", "display_address", 0x03, 0x77),
    ("DISPLAY_WIDTH", "width", 8, 256),
    ("DISPLAY_HEIGHT", "height", 8, 256),
    ("ROTATION", "rotation", 0, 270),
    ("ACCEL_ADDRESS", "accel_address", 0, 0x77),
    ("I2C_FREQUENCY", "i2c_frequency", 10000, 1000000),
    ("SHAKE_START_MG", "shake_start_mg", 1050, 8000),
    ("SHAKE_STOP_MG", "shake_stop_mg", 1020, 8000),
    ("LONG_PRESS_MS", "long_press_ms", 100, 5000),
    # Up to 8: the gauge's integer sums must stay small ints (hardware/battery.py).
    ("BATTERY_DIVIDER", "battery_divider", 1, 8),
    ("SLEEP_AFTER_S", "sleep_after_s", 0, 86400),
    ("DICE_SEED", "dice_seed", 0, 0xFFFFF),
)

# dice_seed None: the system's random dice
DEFAULTS = {"shake_start_mg": 1600, "shake_stop_mg": 1400, "long_press_ms": 600,
            "battery": "none", "battery_divider": 1, "sleep_after_s": 0,
            "trace": "none", "dice_seed": None}


SETTINGS_FILE = "/settings.toml"


def _system_getenv(key):
    try:
        import os
        return os.getenv(key)
    except (ImportError, AttributeError):
        return None


def keys_in(lines):
    """The names a settings.toml's lines give a value (`NAME = ...`), of this
    program's keys only (PREFIX)."""
    found = set()
    for line in lines:
        line = line.strip()
        if line.startswith(PREFIX):
            i = line.find("=")
            if i > 0:
                found.add(line[:i].strip())
    return found


def board_getenv(path=SETTINGS_FILE):
    """os.getenv for the keys the board's settings.toml names, None for the others
    without asking: CircuitPython's os.getenv reads the file from its start for every
    key asked, and load_config asks some forty (on the emulated Pico about a fifth of
    code.py's way to the menu). Plain os.getenv when the file cannot be read here."""
    try:
        with open(path) as f:
            named = keys_in(f.read().split("\n"))
    except OSError:
        return _system_getenv

    def getenv(key):
        return _system_getenv(key) if key in named else None
    return getenv


def parse_int(value):
    """int from an int or a string like "60", "0x3C" (None when it is not a number)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    sign = 1
    if text.startswith("-"):
        sign = -1
        text = text[1:]
    try:
        if text.startswith("0x"):
            return sign * int(text[2:], 16)
        return sign * int(text)
    except ValueError:
        return None


def load_config(profile_name=None, getenv=None):
    """(config dict, messages): the chosen profile with settings.toml overrides applied.

    profile_name wins over YAHTZEE_PROFILE; getenv defaults to os.getenv.
    """
    getenv = getenv or _system_getenv
    messages = []
    name = profile_name or getenv(PREFIX + "PROFILE") or "default"
    name = str(name).strip().lower()
    if name not in profiles.PROFILES:
        messages.append("unknown profile %r, using default (known: %s)"
                        % (name, ", ".join(sorted(profiles.PROFILES))))
        name = "default"
    config = profiles.get(name)
    for key, value in DEFAULTS.items():
        config.setdefault(key, value)

    for suffix, key, allowed in _CHOICES:
        value = getenv(PREFIX + suffix)
        if value is None:
            continue
        value = str(value).strip().lower()
        if value in allowed:
            config[key] = value
        else:
            messages.append("%s%s=%r not one of %s; using %s" % (
                PREFIX, suffix, value, "|".join(allowed), config[key]))

    for suffix, key, low, high in _NUMBERS:
        value = getenv(PREFIX + suffix)
        if value is None:
            continue
        number = parse_int(value)
        if number is None or not low <= number <= high:
            messages.append("%s%s=%r is not a number in %d..%d" % (PREFIX, suffix, value, low, high))
        else:
            config[key] = number

    pins = config["pins"]
    for role in profiles.PIN_ROLES:
        value = getenv(PREFIX + "PIN_" + role)
        if value is None:
            continue
        value = str(value).strip()
        if value.lower() in ("", "none"):
            pins.pop(role, None)
        else:
            pins[role] = value

    if config["shake_stop_mg"] > config["shake_start_mg"]:
        messages.append("shake stop above start threshold; using %d for both"
                        % config["shake_start_mg"])
        config["shake_stop_mg"] = config["shake_start_mg"]
    return config, messages
