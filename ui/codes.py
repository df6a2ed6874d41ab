"""The app's codes: scenes, views, dialogs, die-cursor stops and power states, plus
the names shown for seat levels and rulesets. Plain ints so the views and the loop
can read them without importing any scene.

A scene module imports the codes of the scenes it leads to (`from ui.codes import
CARD`) and calls `app.go(CARD, now)`: grep for a code's import to find every way in.
The table that maps a code to its module is ui/app.py's MODULES.
"""

# Scenes (what the app is doing); views pick a layout from `view`.
BOOT = 0        # notes about missing hardware
MENU = 1
SETUP = 2       # new-game options
PLAY = 3        # a human's turn: dice
CARD = 4        # scorecard: pick a box
CPU = 5         # a computer's turn shown step by step
PAUSE = 6       # in-game menu
OVER = 7        # final ranking
INITIALS = 8    # high-score name entry
ANALYSIS = 9    # points lost against optimal play
SCORES = 10     # high-score table
STATS = 11      # lifetime stats
PAGES = 12      # pages of text: rules of a box, buttons, how-to, the coach's list
ODDS = 13       # each open box's chance and expected points this turn
TURN = 14       # handover between seats: undo or pass, then whose turn
STANDINGS = 15  # every seat's total and place during play
NAMES = 16      # setup: each human seat's initials
ANNOUNCE = 17   # Yamb: after a turn's first roll, the box it announces (or none)
SCENE_NAMES = ('boot', 'menu', 'setup', 'play', 'card', 'cpu', 'pause', 'over',
               'initials', 'analysis', 'scores', 'stats', 'pages', 'odds', 'turn',
               'standings', 'names', 'announce')

VIEW_LIST = 0   # title, rows with right-aligned values, cursor bar, footer
VIEW_PLAY = 1   # header, five dice, markers, two text lines
VIEW_CARD = 2   # the whole scorecard at once in a 3x5 font (128x64 only)
VIEW_TEXT = 3   # a page of text in the 3x5 font (128x32 only, ui/views/text.py)
TEXT_ROWS = 4   # the lines of text VIEW_TEXT shows at once
TEXT_COLS = 31  # and their characters (4 pixels each; the last column: the scrollbar)

# Dialogs drawn over either view.
DLG_NONE = 0
DLG_ZERO = 1    # confirm filling a box with 0
DLG_HINT = 2
DLG_NOTE = 3    # a message to dismiss with any key

# Die cursor positions past the dice (boards without hold buttons): 0..n_dice - 1
# are the dice (up to MAX_DICE), then these two.
MAX_DICE = 6
CURSOR_ROLL = 6
CURSOR_CARD = 7

# What the PAGES scene shows (app.page_kind; ui/scenes/learn.py).
PG_RULES = 0    # a page per box of the ruleset, then the button legend
PG_HOWTO = 1    # the first-boot how-to (also from the menu)
PG_COACH = 2    # the coach's list of costly decisions, at game end
PG_ODDS = 3     # what the Odds screen's figures mean (HELP there)

# Coach settings (app.coach_mode; ui/coach.py).
COACH_OFF = 0
COACH_FLAG = 1      # a note after a decision that loses at least the threshold
COACH_ALWAYS = 2    # a note after every decision; a best move's rides on the next hint
COACH_BEST = 'Best move\n'     # the note on a decision that lost nothing
COACH_NAMES = ('off', 'mistakes', 'always')

# Power states (the loop turns them into display brightness/sleep).
AWAKE = 0
DIM = 1
ASLEEP = 2      # the screen off
DEEP = 3        # saved: the board deep-sleeps (ui/loop.py), or the screen stays off

# Seat levels, in the order of yahtzee_core.KINDS (setup stores an index into them).
KIND_NAMES = ('Human', 'CPU perfect', 'CPU good', 'CPU beginner', 'CPU casual')
KIND_SHORT = ('', 'perfect', 'good', 'beginner', 'casual')
# Big moments (app.moment): a banner that flashes for about a second and a tune
# (ui/moments.py).
MOMENT_NAMES = ('', 'YAHTZEE!', 'YAHTZEE BONUS!', 'UPPER BONUS!', 'JOKER!', 'HIGH SCORE!')
MOMENT_YAHTZEE = 1
MOMENT_BONUS = 2
MOMENT_UPPER = 3
MOMENT_JOKER = 4
MOMENT_HIGH = 5

# Computer seats are named by level and seat: Good2 (a level past this tuple: CPU2);
# casual ranks between good and beginner: Fair.
CPU_NAMES = ('', 'Pro', 'Good', 'Easy', 'Fair')
# Computer speed (setting): a step every step_ms, a quarter of it, or the whole turn at once.
SPEED_NAMES = ('watch', 'fast', 'instant')
# Every ruleset's name, in the order of yahtzee_core.RULESETS (records name the rules
# of any game), and the rulesets New game offers: their RULESETS indices, in menu order
# (a ruleset joins once the device's screens can play it).
RULES_NAMES = ('Yahtzee', 'Free Joker', 'Yahtzee 1956', 'Yatzy', 'Yacht', 'Kniffel',
               'Generala', 'Kismet', 'Triple Yahtzee', 'Crag', 'Yamb', 'Maxi Yatzy',
               'Balut', 'Poker Dice')
MENU_RULES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)

# CSV export (menu "Export CSV" when boot.py left the drive writable by the program)
CSV_PATH = '/yahtzee_stats.csv'

INITIAL_CHARS = '_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'   # the name wheel, '_' a space


def rules_name(i):
    """Ruleset number i's name, yahtzee_core.RULESETS[i] without making that tuple (a
    string of the heap for every name: see yahtzee_core.rules.NAMES); '' past the last."""
    from yahtzee_core.rules import NAMES
    end = 0
    for _ in range(i + 1):
        start = end + 1
        end = NAMES.find(' ', start)
        if end < 0:
            return ''
    return NAMES[start:end]


def first_slot(n):
    """The die slot (of the five a hold button sits under) where the first of n dice
    is drawn: fewer dice sit in the middle slots (Crag's three over HOLD2..HOLD4);
    six dice take six narrower slots of their own."""
    return (5 - n) // 2 if n < 5 else 0


def wrap(text, cols):
    """Split text into lines of at most `cols` characters at spaces."""
    lines = []
    line = ''
    for word in text.split(' '):
        while len(word) > cols:
            if line:
                lines.append(line)
                line = ''
            lines.append(word[:cols])
            word = word[cols:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= cols:
            line += ' ' + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines

# Generala served (made on the turn's first roll) wins the game at once: its banner.
MOMENT_SERVIDA = 6
MOMENT_NAMES += ('GENERALA SERVIDA',)
# Poker Dice: a human seat won a game of several (rounds won are no high score)
MOMENT_WON = 7
MOMENT_NAMES += ('GAME WON!',)
