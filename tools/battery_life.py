"""Battery life of the default build, estimated from its parts' currents (desktop only).

    .venv/bin/python -m tools.battery_life        # the table in docs/POWER.md

Every current is on the 3.3 V rail, in microamps, with where it comes from (the
sources are named in docs/POWER.md). The Pico's RT6150 buck-boost is taken to turn
the pack's voltage into 3.3 V at 85 % efficiency at these loads, so the pack gives
I_rail * 3.3 V / (V_pack * 0.85). Two AA cells average about 2.4 V over their
discharge, a LiPo about 3.7 V. Estimates, not measurements: a meter on a real
build is the final word.
"""

RAIL_MV = 3300
EFFICIENCY_PCT = 85

# (part, state): (microamps on 3.3 V, low, high). low / high bracket the figure
# where sources differ; the estimate uses the middle.
CURRENTS_UA = {
    ("RP2040 + Pico, CircuitPython frame loop", "awake"): (20000, 18000, 25000),
    ("RP2040 + Pico, dormant (deep sleep)", "asleep"): (1300, 900, 2000),
    ("SSD1306 128x64 module, game screens lit", "screen on"): (8000, 5000, 12000),
    ("SSD1306 module, display off (0xAE)", "screen off"): (60, 10, 100),
    ("LIS3DH at 400 Hz (+ breakout)", "awake"): (200, 73, 800),
    ("LIS3DH powered down (+ breakout)", "asleep"): (100, 1, 800),
    ("passive piezo, beeps now and then", "awake"): (20, 0, 250),
}

# What is drawing in each state of the game.
STATES = (
    ("playing", ("RP2040 + Pico, CircuitPython frame loop",
                 "SSD1306 128x64 module, game screens lit",
                 "LIS3DH at 400 Hz (+ breakout)", "passive piezo, beeps now and then")),
    ("screen off, awake", ("RP2040 + Pico, CircuitPython frame loop",
                           "SSD1306 module, display off (0xAE)",
                           "LIS3DH at 400 Hz (+ breakout)")),
    ("deep sleep", ("RP2040 + Pico, dormant (deep sleep)",
                    "SSD1306 module, display off (0xAE)",
                    "LIS3DH powered down (+ breakout)")),
)

# (name, capacity mAh, average voltage mV over the discharge)
PACKS = (("2 x AA alkaline", 2500, 2400), ("LiPo 500 mAh", 500, 3700))


def rail_ua(state_parts, column=0):
    total = 0
    for part in state_parts:
        for (name, _), figures in CURRENTS_UA.items():
            if name == part:
                total += figures[column]
    return total


def pack_ua(rail, pack_mv):
    return rail * RAIL_MV * 100 // (pack_mv * EFFICIENCY_PCT)


def duration(hours):
    if hours < 72:
        return "%d h" % hours
    return "%d days" % (hours // 24)


def table():
    lines = ["| state | 3.3 V rail | 2 x AA (2500 mAh) | LiPo 500 mAh |",
             "|---|---|---|---|"]
    for state, parts in STATES:
        rail = rail_ua(parts)
        cells = []
        for _, mah, mv in PACKS:
            draw = pack_ua(rail, mv)
            low = duration(mah * 1000 // pack_ua(rail_ua(parts, 2), mv))
            high = duration(mah * 1000 // pack_ua(rail_ua(parts, 1), mv))
            cells.append("%.1f mA: %s (%s to %s)" % (draw / 1000, duration(mah * 1000 // draw),
                                                     low, high))
        lines.append("| %s | %.1f mA | %s | %s |" % (state, rail / 1000, cells[0], cells[1]))
    # An evening's game a day: an hour playing, the rest asleep.
    play = rail_ua(STATES[0][1])
    sleep = rail_ua(STATES[2][1])
    off = rail_ua(STATES[1][1])
    day = []
    for _, mah, mv in PACKS:
        asleep = pack_ua(play, mv) + 23 * pack_ua(sleep, mv)
        awake = pack_ua(play, mv) + 23 * pack_ua(off, mv)
        day.append("%s (screen off only: %s)" % (duration(mah * 1000 * 24 // asleep),
                                                 duration(mah * 1000 * 24 // awake)))
    lines.append("| an hour's play a day, asleep otherwise | | %s | %s |" % (day[0], day[1]))
    return "\n".join(lines)


if __name__ == "__main__":
    from tools.cli_checks import Parser
    Parser(description=__doc__.split("\n")[0]).parse_args()
    print(table())
