"""Action codes: the small integers the hardware edge hands to the app.

Buttons, the shake sensor, the desktop keyboard and tests all speak these codes, so
the app never needs to know where an input came from. Plain ints (no enum) so the
module costs almost nothing on a microcontroller.
"""

NONE = 0
HOLD_1 = 1
HOLD_2 = 2
HOLD_3 = 3
HOLD_4 = 4
HOLD_5 = 5
OK = 6
BACK = 7
LEFT = 8
RIGHT = 9
UP = 10
DOWN = 11
SHAKE_START = 12
SHAKE_END = 13
HINT = 14
QUIT = 15
HELP = 16       # the rules of the box under the scorecard's cursor
STANDINGS = 17  # every seat at a glance (a long press; nothing in a one-seat game)
HOLD_6 = 18     # the sixth die (six-dice games): HOLD5 held, on a board of five hold buttons

# Number of codes; a table indexed by action code needs this many entries.
COUNT = 19

# Short names for logs and the simulator's key help, indexed by code.
NAMES = (
    "NONE", "HOLD_1", "HOLD_2", "HOLD_3", "HOLD_4", "HOLD_5", "OK", "BACK",
    "LEFT", "RIGHT", "UP", "DOWN", "SHAKE_START", "SHAKE_END", "HINT", "QUIT",
    "HELP", "STANDINGS", "HOLD_6",
)


def hold_index(action):
    """0..5 for HOLD_1..HOLD_6, -1 for any other action."""
    if HOLD_1 <= action <= HOLD_5:
        return action - HOLD_1
    return 5 if action == HOLD_6 else -1


def name(action):
    """Readable name of an action code ('?' for an unknown one)."""
    if 0 <= action < COUNT:
        return NAMES[action]
    return "?"
