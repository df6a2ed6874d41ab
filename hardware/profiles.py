"""Board profiles: which parts a build has and which pins they use.

Plain dicts of pin NAMES (strings such as "GP10"), so this module imports nothing
board-specific and can be read by boot.py, the desktop tools and the tests. Names
are turned into pins with getattr(board, name) only when the hardware is built.
settings.toml can pick a profile and override any entry (see hardware/settings.py).

Pin roles:
  SDA, SCL        the I2C bus shared by the OLED and the accelerometer
  HOLD1..HOLD5    one button under each die (toggle hold)
  OK, BACK        confirm / roll, and back / cancel
  LEFT, RIGHT,    cursor buttons (the three-button build moves a cursor instead of
  UP, DOWN        having a button per die)
  HINT            optional advisor button
  SHAKE           a vibration or tilt switch, when shake = "switch"
  PIEZO           a passive piezo buzzer on a PWM-capable pin
  BATTERY         an analog pin reading the supply through a divider (the Pico's
                  VOLTAGE_MONITOR reads VSYS/3), when battery is not "none"
Buttons connect the pin to GND when pressed (internal pull-ups are used).

Displays (docs/HARDWARE.md tells the chips apart): "ssd1306" (most 0.96" modules and
the 128x32 FeatherWing), "sh1106" (most 1.3" 128x64 modules: 132 columns of RAM, the
panel from column 2), "sh1107" (the 128x64 OLED FeatherWing: a 64x128 panel turned on
its side). Each is driven by its Adafruit displayio library (DISPLAY_DRIVERS); the
bundle ships only the one the profile names.
"""

from events import actions

# Button roles in the order they become keypad key numbers, with their action.
BUTTON_ROLES = ("HOLD1", "HOLD2", "HOLD3", "HOLD4", "HOLD5", "OK", "BACK",
                "LEFT", "RIGHT", "UP", "DOWN", "HINT")
ROLE_ACTIONS = {
    "HOLD1": actions.HOLD_1, "HOLD2": actions.HOLD_2, "HOLD3": actions.HOLD_3,
    "HOLD4": actions.HOLD_4, "HOLD5": actions.HOLD_5, "OK": actions.OK,
    "BACK": actions.BACK, "LEFT": actions.LEFT, "RIGHT": actions.RIGHT,
    "UP": actions.UP, "DOWN": actions.DOWN, "HINT": actions.HINT,
    "HELP": actions.HELP,        # long-press actions only (no pin of their own)
    "STANDINGS": actions.STANDINGS, "HOLD6": actions.HOLD_6,
}
HOLD_ACTIONS = (actions.HOLD_1, actions.HOLD_2, actions.HOLD_3, actions.HOLD_4,
                actions.HOLD_5)
# Every role that takes a pin, buttons first.
PIN_ROLES = BUTTON_ROLES + ("SDA", "SCL", "SHAKE", "PIEZO", "BATTERY")

SHAKE_KINDS = ("lis3dh", "mpu6050", "switch", "none")
DISPLAY_KINDS = ("ssd1306", "sh1106", "sh1107", "none")
SOUND_KINDS = ("piezo", "none")
# What powers the build: sets the battery gauge's discharge curve (hardware/battery.py).
BATTERY_KINDS = ("2xaa", "lipo", "none")

# The CircuitPython library module of each display chip (tools/build_bundle.py ships
# only the profile's; hardware/display.py imports it).
DISPLAY_DRIVERS = {
    "ssd1306": "adafruit_displayio_ssd1306",
    "sh1106": "adafruit_displayio_sh1106",
    "sh1107": "adafruit_displayio_sh1107",
}

# Usual I2C addresses: the first is tried first, the second is the strap alternative.
ACCEL_ADDRESSES = {"lis3dh": (0x18, 0x19), "mpu6050": (0x68, 0x69)}

# Raspberry Pi Pico (RP2040) build, also fine on any CircuitPython 10 board that has
# these pin names. GP4/GP5 are I2C0; GP16 can drive PWM.
DEFAULT = {
    "name": "default",
    "board": "Raspberry Pi Pico / RP2040",
    "flash_bytes": 2 * 1024 * 1024,      # for tools/build_bundle.py's size check
    "display": "ssd1306",
    "width": 128,
    "height": 64,
    "rotation": 0,
    "display_address": 0x3C,
    "i2c_frequency": 400000,
    "shake": "lis3dh",
    "accel_address": 0,          # 0: try the usual addresses of the chip
    "sound": "piezo",
    # Two AA cells on VSYS; the Pico reads VSYS/3 on GP29 (board.VOLTAGE_MONITOR).
    "battery": "2xaa",
    "battery_divider": 3,
    # Idle seconds before the game is saved and the board deep-sleeps (0: never); the
    # screen goes off before that, after the app's own idle time.
    "sleep_after_s": 180,
    "pins": {
        "SDA": "GP4", "SCL": "GP5",
        "HOLD1": "GP10", "HOLD2": "GP11", "HOLD3": "GP12", "HOLD4": "GP13",
        "HOLD5": "GP14", "OK": "GP15", "BACK": "GP9",
        "PIEZO": "GP16", "SHAKE": "GP17", "BATTERY": "VOLTAGE_MONITOR",
    },
    # Holding these buttons gives another action instead (fired after long_ms, and
    # then the short action is not). Held BACK: the standings of a game of several;
    # held HOLD5: the sixth die of a six-dice game (five buttons under six dice).
    "long_press": {"OK": "HINT", "BACK": "STANDINGS", "HOLD5": "HOLD6"},
    # The button that, held at power-on, lets the game write the CIRCUITPY drive.
    "write_key": "BACK",
}

# Same wiring with an MPU-6050 (GY-521 board) instead of the LIS3DH.
PICO_MPU6050 = dict(DEFAULT, name="pico-mpu6050", shake="mpu6050")

# Same wiring with a vibration / ball tilt switch from GP17 to GND as shake sensor.
PICO_SWITCH = dict(DEFAULT, name="pico-switch", shake="switch")

# Any Feather + the 128x32 OLED FeatherWing (buttons A, B, C on D9, D6, D5).
# A/C move a cursor over the dice and menu items, B selects (toggles a hold, rolls,
# scores). Holding B is BACK, holding C asks the advisor (HINT), holding A shows the
# rules of the box under the scorecard's cursor (HELP); on the dice of a game of
# several seats, holding A shows the standings instead (the rules stay in the menu).
THREE_BUTTON = {
    "name": "three-button",
    "board": "Feather (RP2040, M4, ...) + OLED FeatherWing 128x32",
    "flash_bytes": 8 * 1024 * 1024,      # Feather RP2040
    "display": "ssd1306",
    "width": 128,
    "height": 32,
    "rotation": 0,
    "display_address": 0x3C,
    "i2c_frequency": 400000,
    "shake": "lis3dh",           # a STEMMA QT LIS3DH; OK rolls when none answers
    "accel_address": 0,
    "sound": "none",
    # A LiPo on the Feather's JST. The Feather RP2040 has no divider to read it (no
    # BATTERY pin); a Feather M4 has one: YAHTZEE_PIN_BATTERY = "VOLTAGE_MONITOR".
    "battery": "lipo",
    "battery_divider": 2,
    "sleep_after_s": 180,
    "pins": {
        "SDA": "SDA", "SCL": "SCL",
        "LEFT": "D9", "OK": "D6", "RIGHT": "D5",
    },
    "long_press": {"OK": "BACK", "RIGHT": "HINT", "LEFT": "HELP"},
    "write_key": "OK",
    # what the FeatherWing prints on its buttons: the help pages and the simulator's
    # frame name them so (other boards: the role names)
    "button_labels": {"LEFT": "A", "OK": "B", "RIGHT": "C"},
}

# Feather RP2040 + the 128x64 OLED FeatherWing (Adafruit 4650): an SH1107 at 0x3C
# whose panel is 64 wide and 128 tall, turned on its side (hardware/display.py makes
# the picture landscape, as on the SSD1306), and the same A, B, C buttons on D9, D6,
# D5 as the 128x32 wing, used the same way.
FEATHER_128X64 = dict(THREE_BUTTON, name="feather-128x64",
                      board="Feather RP2040 + 128x64 OLED FeatherWing (SH1107)",
                      display="sh1107", height=64)

PROFILES = {
    "default": DEFAULT,
    "pico-mpu6050": PICO_MPU6050,
    "pico-switch": PICO_SWITCH,
    "three-button": THREE_BUTTON,
    "feather-128x64": FEATHER_128X64,
}


def get(name):
    """A fresh, modifiable copy of the named profile (KeyError for an unknown name)."""
    base = PROFILES[name]
    profile = dict(base)
    profile["pins"] = dict(base["pins"])
    profile["long_press"] = dict(base["long_press"])
    return profile
