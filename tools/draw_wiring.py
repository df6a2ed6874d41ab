"""Draw the wiring pictures of docs/HARDWARE.md from hardware/profiles.py (desktop only).

    .venv/bin/python tools/draw_wiring.py --write     # rewrites docs/wiring-*.svg
    .venv/bin/python tools/draw_wiring.py --out DIR   # writes them into DIR instead
    .venv/bin/python tools/draw_wiring.py --check     # exit 1 if a file is out of date

The pictures are generated, so they always show the pins the firmware uses.
Plain SVG text, no dependencies; the output is deterministic.
"""
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from hardware import profiles  # noqa: E402

# Raspberry Pi Pico header: physical pin number -> name (datasheet pinout).
PICO_PINS = {
    1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5", 8: "GND",
    9: "GP6", 10: "GP7", 11: "GP8", 12: "GP9", 13: "GND", 14: "GP10", 15: "GP11",
    16: "GP12", 17: "GP13", 18: "GND", 19: "GP14", 20: "GP15",
    21: "GP16", 22: "GP17", 23: "GND", 24: "GP18", 25: "GP19", 26: "GP20", 27: "GP21",
    28: "GND", 29: "GP22", 30: "RUN", 31: "GP26", 32: "GP27", 33: "GND", 34: "GP28",
    35: "ADC_VREF", 36: "3V3", 37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS",
}
PICO_NUMBER = {}
for _number, _name in PICO_PINS.items():
    PICO_NUMBER.setdefault(_name, _number)

COLORS = {"SDA": "#1f77b4", "SCL": "#ff7f0e", "3V3": "#d62728", "GND": "#222222",
          "button": "#2ca02c", "PIEZO": "#9467bd", "SHAKE": "#8c564b"}


class Svg:
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.items = []

    def rect(self, x, y, w, h, fill="none", stroke="#333", rx=4, width=1.5):
        self.items.append('<rect x="%d" y="%d" width="%d" height="%d" rx="%d" fill="%s" '
                          'stroke="%s" stroke-width="%.1f"/>' % (x, y, w, h, rx, fill, stroke, width))

    def line(self, points, color, width=2):
        path = " ".join("%d,%d" % p for p in points)
        self.items.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="%d" '
                          'stroke-linejoin="round"/>' % (path, color, width))

    def dot(self, x, y, color, r=3):
        self.items.append('<circle cx="%d" cy="%d" r="%d" fill="%s"/>' % (x, y, r, color))

    def text(self, x, y, s, size=11, anchor="start", weight="normal", color="#000"):
        s = s.replace("&", "&amp;").replace("<", "&lt;")
        self.items.append('<text x="%d" y="%d" font-family="sans-serif" font-size="%d" '
                          'text-anchor="%s" font-weight="%s" fill="%s">%s</text>'
                          % (x, y, size, anchor, weight, color, s))

    def render(self):
        head = ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
                'viewBox="0 0 %d %d">\n<rect width="100%%" height="100%%" fill="#fff"/>\n'
                % (self.width, self.height, self.width, self.height))
        return head + "\n".join(self.items) + "\n</svg>\n"


def draw_pico(profile):
    pins = profile["pins"]
    svg = Svg(900, 620)
    svg.text(450, 28, "Yahtzee handheld: Raspberry Pi Pico wiring (profile \"%s\")"
             % profile["name"], size=16, anchor="middle", weight="bold")
    # The Pico, USB at the top; pins 1-20 down the left, 21-40 up the right.
    px, py, pw, step = 380, 70, 140, 24
    svg.rect(px, py, pw, step * 20 + 16, fill="#e8f5e9", stroke="#2e7d32", width=2)
    svg.rect(px + pw // 2 - 18, py - 12, 36, 16, fill="#ccc")
    svg.text(px + pw // 2, py + step * 10 + 8, "Pico", size=14, anchor="middle",
             weight="bold", color="#2e7d32")

    def pin_xy(number):
        if number <= 20:
            return px, py + 14 + (number - 1) * step
        return px + pw, py + 14 + (40 - number) * step

    for number, name in PICO_PINS.items():
        x, y = pin_xy(number)
        left = number <= 20
        svg.dot(x, y, "#666", r=2)
        svg.text(x + (6 if left else -6), y + 4, "%d %s" % (number, name), size=9,
                 anchor="start" if left else "end", color="#555")

    # Buttons on the left, each from its pin to a GND rail.
    gnd_x = 90
    used_gnd = []
    buttons = [r for r in profiles.BUTTON_ROLES if r in pins]
    for role in buttons:
        x, y = pin_xy(PICO_NUMBER[pins[role]])
        bx = 200
        svg.line([(x, y), (bx + 40, y)], COLORS["button"])
        # Push-button symbol: two contacts and a bar.
        svg.dot(bx + 40, y, COLORS["button"])
        svg.dot(bx, y, COLORS["GND"])
        svg.line([(bx + 2, y - 9), (bx + 38, y - 9)], "#333", width=2)
        svg.line([(bx + 20, y - 9), (bx + 20, y - 16)], "#333", width=2)
        svg.line([(bx, y), (gnd_x, y)], COLORS["GND"], width=1)
        svg.text(gnd_x + 8, y - 4, "%s (%s)" % (role, pins[role]), size=9)
        used_gnd.append(y)
    if used_gnd:
        top, bottom = min(used_gnd), max(used_gnd)
        svg.line([(gnd_x, top), (gnd_x, bottom + 40)], COLORS["GND"], width=2)
        gy = bottom + 40
        gx, gy_pin = pin_xy(18)
        svg.line([(gnd_x, gy), (gnd_x + 20, gy)], COLORS["GND"], width=2)
        svg.text(gnd_x - 6, top - 24, "GND rail (Pico pin 18 or any GND)", size=10)
        svg.line([(gnd_x + 20, gy), (330, gy), (330, gy_pin), (gx, gy_pin)], COLORS["GND"])

    # I2C parts on the right, on one bus with 3V3 and GND.
    sda_x, sda_y = pin_xy(PICO_NUMBER[pins["SDA"]])
    scl_x, scl_y = pin_xy(PICO_NUMBER[pins["SCL"]])
    v_x, v_y = pin_xy(36)
    g_x, g_y = pin_xy(38)
    parts = [("SSD1306 OLED %dx%d  (I2C 0x%02X)" % (profile["width"], profile["height"],
                                                     profile["display_address"]), 70)]
    shake = profile["shake"]
    if shake in ("lis3dh", "mpu6050"):
        label = "LIS3DH accelerometer (0x18)" if shake == "lis3dh" else \
            "MPU-6050 / GY-521 (0x68)"
        parts.append((label, 200))
    bus_x = {"3V3": 600, "GND": 615, "SCL": 630, "SDA": 645}
    for label, top in parts:
        svg.rect(700, top, 180, 100, fill="#f3f6fb", stroke="#1f4e79")
        svg.text(790, top + 18, label.split("  ")[0], size=11, anchor="middle", weight="bold")
        if "  " in label:
            svg.text(790, top + 32, label.split("  ")[1], size=9, anchor="middle")
        for i, net in enumerate(("3V3", "GND", "SCL", "SDA")):
            y = top + 46 + i * 14
            svg.line([(bus_x[net], y), (700, y)], COLORS[net])
            svg.dot(bus_x[net], y, COLORS[net])
            svg.text(706, y + 4, "VIN" if net == "3V3" else net, size=9)
    bottom = parts[-1][1] + 46 + 3 * 14
    svg.line([(v_x, v_y), (bus_x["3V3"], v_y), (bus_x["3V3"], bottom)], COLORS["3V3"])
    svg.line([(g_x, g_y), (bus_x["GND"], g_y), (bus_x["GND"], bottom)], COLORS["GND"])
    # SDA/SCL come from the left side of the board: route them over the top.
    svg.line([(sda_x, sda_y), (sda_x - 20, sda_y), (sda_x - 20, 52),
              (bus_x["SDA"], 52), (bus_x["SDA"], bottom)], COLORS["SDA"])
    svg.line([(scl_x, scl_y), (scl_x - 30, scl_y), (scl_x - 30, 46),
              (bus_x["SCL"], 46), (bus_x["SCL"], bottom)], COLORS["SCL"])
    svg.text(bus_x["SDA"] + 6, 44, "I2C: SDA %s, SCL %s" % (pins["SDA"], pins["SCL"]), size=9)

    y0 = 340
    if profile["sound"] == "piezo" and "PIEZO" in pins:
        x, y = pin_xy(PICO_NUMBER[pins["PIEZO"]])
        svg.rect(700, y0, 180, 50, fill="#f6f0fb", stroke="#6a3d9a")
        svg.text(790, y0 + 20, "passive piezo", size=11, anchor="middle", weight="bold")
        svg.text(790, y0 + 36, "+ to %s, - to GND" % pins["PIEZO"], size=9, anchor="middle")
        svg.line([(x, y), (660, y), (660, y0 + 25), (700, y0 + 25)], COLORS["PIEZO"])
        y0 += 70
    if "SHAKE" in pins:
        x, y = pin_xy(PICO_NUMBER[pins["SHAKE"]])
        svg.rect(700, y0, 180, 50, fill="#fbf3ee", stroke="#8c564b")
        svg.text(790, y0 + 20, "vibration / tilt switch", size=11, anchor="middle",
                 weight="bold")
        svg.text(790, y0 + 36, "%s to GND (profile pico-switch)" % pins["SHAKE"], size=9,
                 anchor="middle")
        svg.line([(x, y), (672, y), (672, y0 + 25), (700, y0 + 25)], COLORS["SHAKE"])
    svg.text(20, 600, "Buttons close to GND (internal pull-ups). Every part runs on 3.3 V. "
             "Pin names can be changed in settings.toml.", size=11)
    return svg.render()


def draw_feather(profile):
    pins = profile["pins"]
    svg = Svg(700, 330)
    svg.text(350, 28, "Three-button build: Feather + OLED FeatherWing 128x32",
             size=16, anchor="middle", weight="bold")
    svg.rect(60, 60, 300, 150, fill="#e8f5e9", stroke="#2e7d32", width=2)
    svg.text(210, 80, "Feather (RP2040, M4, ...)", size=12, anchor="middle", weight="bold")
    svg.rect(80, 95, 260, 100, fill="#222", stroke="#555")
    svg.text(210, 125, "OLED FeatherWing (stacked)", size=11, anchor="middle", color="#fff")
    svg.text(210, 142, "SSD1306 128x32 at 0x3C on SDA/SCL", size=10, anchor="middle",
             color="#ddd")
    names = {"LEFT": "A", "OK": "B", "RIGHT": "C"}
    long_press = profile["long_press"]
    for i, role in enumerate(("LEFT", "OK", "RIGHT")):
        y = 160 + i * 0
        x = 120 + i * 90
        svg.rect(x - 14, 160, 28, 24, fill="#888", stroke="#ccc", rx=6)
        svg.text(x, 176, names[role], size=12, anchor="middle", weight="bold", color="#fff")
        extra = long_press.get(role)
        label = "%s: %s = %s" % (names[role], pins[role], role)
        if extra:
            label += ", hold = %s" % extra
        svg.text(60, 240 + i * 16, label, size=11)
        del y
    svg.rect(460, 90, 200, 90, fill="#f3f6fb", stroke="#1f4e79")
    svg.text(560, 115, "LIS3DH (optional)", size=12, anchor="middle", weight="bold")
    svg.text(560, 133, "STEMMA QT / Qwiic cable", size=10, anchor="middle")
    svg.text(560, 149, "to the Feather's I2C port, 0x18", size=10, anchor="middle")
    svg.line([(360, 135), (460, 135)], COLORS["SDA"], width=4)
    svg.text(60, 310, "No soldered wiring: the FeatherWing plugs on top. Without the "
             "LIS3DH, B rolls the dice.", size=11)
    return svg.render()


OUTPUTS = {
    "wiring-pico.svg": lambda: draw_pico(profiles.get("default")),
    "wiring-feather.svg": lambda: draw_feather(profiles.get("three-button")),
}


def main(argv=None):
    from tools.cli_checks import Parser, bad_out_folder
    ap = Parser(prog="draw_wiring.py", description=__doc__.split("\n")[0])
    what = ap.add_mutually_exclusive_group(required=True)
    what.add_argument("--write", action="store_true", help="rewrite docs/wiring-*.svg")
    what.add_argument("--out", metavar="DIR", help="write the drawings into DIR instead")
    what.add_argument("--check", action="store_true",
                      help="exit 1 if a file in docs/ is out of date")
    args = ap.parse_args(argv)
    folder = Path(args.out) if args.out else REPO / "docs"
    if args.out:
        ap.refuse(bad_out_folder(args.out, "--out"))
        folder.mkdir(parents=True, exist_ok=True)
    stale = []
    for name, draw in OUTPUTS.items():
        path = folder / name
        text = draw()
        if args.check:
            if not path.exists() or path.read_text() != text:
                stale.append(name)
        else:
            path.write_text(text)
            print("wrote", path)
    if stale:
        print("out of date:", ", ".join(stale), "- run tools/draw_wiring.py --write")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
