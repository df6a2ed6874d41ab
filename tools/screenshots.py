"""Pictures of the app's screens, rendered by Blinka's displayio (desktop only).

    python -m tools.screenshots --write    # docs/screens/*.png (4x, for reading)
    python -m tools.screenshots --golden   # tests/golden/*.png (1x, what tests compare)
    python -m tools.screenshots --out DIR  # DIR/*.png (4x), nothing tracked touched

The real ui.views.views groups (text lines over the terminalio font's glyphs, TileGrid
dice) are composited by Blinka's own displayio code into a 1-bit frame, the way an
SSD1306 shows them, without any display attached: `render(group, w, h)`.
Each screen is reached by scripting the real App with actions and seeded dice.

The pictures never depend on the environment: every Session passes table_path=None
(whether tables/ was built or not), so computer players and hints use the table-free
levels of yahtzee_core.bots; the "hint" picture uses TableLookHints (see there).
"""

import contextlib
import io
import os
import sys

with contextlib.redirect_stdout(io.StringIO()):     # Blinka's board-detection chatter
    import busdisplay  # noqa: F401  (import order: displayio's core needs it loaded)
    import displayio
    from displayio._area import Area
    from displayio._displaycore import _DisplayCore

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from events import actions as A          # noqa: E402
from ui import app as ui_app         # noqa: E402
from ui.codes import COACH_ALWAYS, PG_RULES     # noqa: E402
from ui.views.views import Views           # noqa: E402
from hardware.desktop import area_pixels  # noqa: E402
from hardware import profiles  # noqa: E402
from tools.scripted_dice import ScriptedDice  # noqa: E402
from tools import percentile_table  # noqa: E402
from yahtzee_core.ranking import Hints  # noqa: E402

GOLDEN_DIR = os.path.join(ROOT, 'tests', 'golden')
DOCS_DIR = os.path.join(ROOT, 'docs', 'screens')


def render(group, width, height):
    """A displayio Group composited into a PIL '1' image (lit pixel = white)."""
    core = _DisplayCore(
        bus=None, width=width, height=height, ram_width=256, ram_height=256,
        colstart=0, rowstart=0, rotation=0, color_depth=1, grayscale=True,
        pixels_in_byte_share_row=True, bytes_per_cell=1, reverse_pixels_in_byte=False,
        reverse_bytes_in_word=False, column_command=0, row_command=0,
        set_current_column_command=None, set_current_row_command=None,
        data_as_commands=False, always_toggle_chip_select=False,
        sh1107_addressing=False, address_little_endian=False)
    if not core.set_root_group(group):
        raise ValueError('the group is already shown elsewhere')
    try:
        core.start_refresh()
        pixels = area_pixels(core, Area(0, 0, width, height))
        core.finish_refresh()
    finally:
        core.release_display_core()
        core.current_group = None
    return Image.fromarray(pixels.astype(bool))


class TableLookHints(Hints):
    """Picture-only hints that look like the strategy table's: level `good`'s
    choices and estimates shown as a table advisor's (fallback False), so the
    "hint" picture is the same whether or not tables/ exists. Never used by the app."""

    def __init__(self, rules):
        super().__init__(rules, None)
        self.fallback = False
        self.note = ''


class FakeFile:
    """A file writer for the CSV export: keeps what was written, or raises OSError."""

    def __init__(self, errno=0):
        self.errno = errno
        self.files = {}

    def __call__(self, path, lines):
        if self.errno:
            raise OSError(self.errno, 'fake file error')
        self.files[path] = list(lines)


class Session:
    """An App with seeded dice, driven by actions on a virtual clock."""

    def __init__(self, width=128, height=64, dice=None, hold_buttons=True, has_shake=True,
                 storage=None, **options):
        self.views = Views(width, height)
        self.now = 1000
        self.storage = storage if storage is not None else bytearray(b'\xff' * 4096)
        options.setdefault('table_path', None)      # never the tables/ folder
        # the board the help's button legend describes: the Pico build, or the
        # FeatherWing's three buttons for a board without hold buttons
        options.setdefault('profile', profiles.get('default' if hold_buttons else
                                                   'three-button'))
        self.app = ui_app.App(storage=self.storage, rng=dice or ScriptedDice(seed=7),
                              now_ms=self.now, has_shake=has_shake,
                              hold_buttons=hold_buttons, small_screen=height < 64,
                              list_rows=self.views.list_rows, **options)
        self.width = width
        self.height = height

    def press(self, *actions):
        for a in actions:
            self.app.handle(a, self.now)
            self.wait(30)
        return self

    def pick(self, item):
        """Down a list to the row named `item`, and OK."""
        while self.app.items[self.app.cursor] != item:
            self.press(A.DOWN)
        return self.press(A.OK)

    def wait(self, ms):
        self.now += ms
        self.app.tick(self.now)
        return self

    def image(self):
        self.views.update(self.app)
        return render(self.views.root, self.width, self.height)

    def start(self, players=1, kinds=(), rules=0):
        """From the main menu, set up and start a game."""
        app = self.app
        if app.scene == ui_app.BOOT:
            self.press(A.OK)
        while app.items[app.cursor] != 'New game':
            self.press(A.DOWN)
        self.press(A.OK)
        app.setup_players = players
        for p in range(8):
            app.setup_kinds[p] = kinds[p] if p < len(kinds) else 0
        app.setup_rules = rules
        app.go(ui_app.SETUP, self.now)
        while app.items[app.cursor] != 'Start game':
            self.press(A.DOWN)
        return self.press(A.OK)

    def start_game(self, rules, kinds=(0,)):
        """Start a game of ruleset `rules` (a name) at once, the way the simulator's
        --players does (past the menus): seat levels as in setup (0 human)."""
        from ui.scenes import menus as scene_menus
        app = self.app
        if app.scene == ui_app.BOOT:
            self.press(A.OK)
        app.setup_players = len(kinds)
        for p in range(8):
            app.setup_kinds[p] = kinds[p] if p < len(kinds) else 0
        app.setup_rules = app.yc.RULESETS.index(rules)
        scene_menus.start_game(app, self.now)
        return self.wait(30)

    def play_on(self):
        """One step of play by OK alone (the die cursor first on to "Card" on a board
        without hold buttons, where OK on a die would hold it)."""
        app = self.app
        if not app.hold_buttons and app.scene == ui_app.PLAY and app.game.rolled:
            while app.die_cursor != ui_app.CURSOR_CARD:
                self.press(A.RIGHT)
        return self.press(A.OK)


def screens(width=128, height=64):
    """(name, PIL image) of every key screen, in a fixed, seeded order."""
    out = []
    s = Session(width, height)
    out.append(('menu', s.image()))
    s.press(A.OK)
    s.press(A.DOWN, A.RIGHT, A.DOWN, A.RIGHT, A.RIGHT)
    out.append(('setup', s.image()))

    s = Session(width, height, dice=ScriptedDice(script=[5, 2, 5, 6, 5, 5, 3, 1, 1, 4], seed=7),
                hints_factory=TableLookHints)
    s.start()
    out.append(('play_start', s.image()))
    s.press(A.SHAKE_START).wait(200)
    out.append(('play_shaking', s.image()))
    s.press(A.SHAKE_END)
    out.append(('play_rolled', s.image()))
    s.press(A.HOLD_1, A.HOLD_3, A.HOLD_5)
    out.append(('play_held', s.image()))
    s.press(A.HINT)
    out.append(('hint', s.image()))
    # the same moment as the app plays it without a strategy table
    t = Session(width, height, dice=ScriptedDice(script=[5, 2, 5, 6, 5, 5, 3, 1, 1, 4], seed=7))
    t.start()
    t.press(A.SHAKE_START).wait(200).press(A.SHAKE_END)
    t.press(A.HOLD_1, A.HOLD_3, A.HOLD_5, A.HINT)
    out.append(('hint_no_table', t.image()))
    s.press(A.BACK, A.OK)
    s.press(A.DOWN)
    out.append(('scorecard', s.image()))
    # scroll to a box that scores 0 and ask to fill it
    app = s.app
    for _ in range(40):
        b = app.rows[app.cursor]
        if b >= 0 and app.pts[b] == 0:
            break
        s.press(A.DOWN)
    s.press(A.OK)
    out.append(('confirm_zero', s.image()))
    s.press(A.BACK, A.BACK)
    s.press(A.BACK)
    out.append(('pause', s.image()))

    s = Session(width, height, dice=ScriptedDice(seed=3))
    s.start(players=3, kinds=(0, 2, 3))
    s.press(A.OK).wait(10)
    while s.app.scene != ui_app.CPU:
        s.press(A.OK)
    s.wait(700).wait(700).wait(700)
    out.append(('computer_turn', s.image()))

    # perfect play's percentiles from the committed distribution (docs/distribution)
    s = Session(width, height, dice=ScriptedDice(seed=11),
                percentile_path=percentile_table.table_for)
    s.start(players=3, kinds=(0, 2, 3))
    for _ in range(400):
        if s.app.scene == ui_app.OVER:
            break
        if s.app.scene == ui_app.CPU:
            s.press(A.OK)
        else:
            s.press(A.OK)
    out.append(('moment_high_score', s.image()))    # a new high score: the banner
    s.wait(1500)
    out.append(('game_over', s.image()))
    while s.app.top + s.app.list_rows < len(s.app.items):
        s.press(A.DOWN)
    out.append(('game_over_perfect', s.image()))
    s.press(A.OK)
    if s.app.scene == ui_app.INITIALS:
        s.press(A.OK)                   # the seat's name offered: P1
        out.append(('initials', s.image()))
        s.press(A.OK, A.OK)
    while s.app.scene != ui_app.MENU:
        s.press(A.OK)
    s.pick('High scores')
    out.append(('high_scores', s.image()))
    s.press(A.BACK).pick('Lifetime stats')
    out.append(('stats', s.image()))

    # the same records on a board started with BACK held (drive writable): export
    s = Session(width, height, storage=s.storage, fs_writable=True, file_writer=FakeFile())
    while s.app.items[s.app.cursor] != 'Export CSV':
        s.press(A.DOWN)
    out.append(('menu_export', s.image()))
    s.press(A.OK)
    out.append(('export_done', s.image()))

    s = Session(width, height, has_shake=False, dice=ScriptedDice(seed=5))
    out.append(('notes_no_shake', s.image()))
    s.press(A.OK)
    s.start()
    s.press(A.OK)
    out.append(('play_no_shake', s.image()))

    s = Session(width, height, dice=ScriptedDice(seed=5))
    s.start()
    s.press(A.OK)
    s.app.shake_lost('shake sensor stopped answering: press OK to roll')
    out.append(('shake_lost', s.image()))
    s.press(A.OK)
    out.append(('play_shake_lost', s.image()))
    return out


def three_button_screens():
    """The 128x32 FeatherWing build: die cursor instead of hold buttons."""
    out = []
    s = Session(128, 32, hold_buttons=False, dice=ScriptedDice(seed=9))
    out.append(('small_menu', s.image()))
    s.start()
    s.press(A.OK)           # cursor starts on Roll
    s.press(A.OK)
    s.press(A.RIGHT, A.OK)
    out.append(('small_play', s.image()))
    s.press(A.RIGHT, A.RIGHT, A.RIGHT, A.RIGHT, A.RIGHT, A.OK)
    out.append(('small_scorecard', s.image()))
    return out


def learn_screens(width=128, height=64):
    """Rules of a box, the button legend, the how-to, the Odds screen, the hint before
    the first roll and the coach (the default board on 128x64, the three-button one on
    128x32, names prefixed 'small_'). The coach judges by TableLookHints' planner."""
    out = []
    small = height < 64
    pre = 'small_' if small else ''
    keys = dict(hold_buttons=not small)
    s = Session(width, height, first_howto=True, **keys)
    out.append((pre + 'howto', s.image()))
    s.press(A.RIGHT, A.RIGHT, A.RIGHT)          # page on (OK reads a page to its end)
    out.append((pre + 'legend', s.image()))
    s = Session(width, height, dice=ScriptedDice(script=[5, 2, 5, 6, 5, 5, 3, 1, 1, 4], seed=7),
                hints_factory=TableLookHints, **keys)
    s.start()
    s.press(A.HINT)
    out.append((pre + 'hint_first_roll', s.image()))
    s.press(A.OK)
    out.append((pre + 'odds_fresh', s.image()))
    s.press(A.BACK)
    s.press(A.OK if small else A.SHAKE_END)     # roll (the cursor starts on Roll)
    if not small:
        s.press(A.SHAKE_START).wait(200).press(A.SHAKE_END)
    s.press(A.BACK)
    while s.app.items[s.app.cursor] != "Odds":
        s.press(A.DOWN)
    s.press(A.OK)
    while '...' in s.app.values:            # the rows below the screen, one a frame
        s.wait(25)
    s.press(A.DOWN, A.DOWN, A.DOWN, A.DOWN, A.DOWN, A.DOWN)
    out.append((pre + 'odds', s.image()))
    s.press(A.HELP)                             # what "made" means
    out.append((pre + 'odds_help', s.image()))
    s.press(A.BACK, A.BACK, A.BACK)
    s.app.returns[ui_app.CARD] = ui_app.PLAY
    s.app.go(ui_app.CARD, s.now)
    while s.app.items[s.app.cursor] != 'Full house':
        s.press(A.DOWN)
    s.press(A.HELP)
    out.append((pre + 'rules_box', s.image()))

    s = Session(width, height, dice=ScriptedDice(script=[6] * 5 + [6, 6, 6, 2, 1], seed=7),
                hints_factory=TableLookHints, **keys)
    while s.app.items[s.app.cursor] != 'Coach':
        s.press(A.DOWN)
    s.press(A.OK)
    s.start()
    s.press(A.OK)
    s.app.go(ui_app.CARD, s.now)
    while s.app.items[s.app.cursor] != 'Aces':
        s.press(A.UP)
    s.press(A.OK, A.OK)                          # five sixes as Aces: a costly box
    s.wait(1500)                                 # the Yahtzee's banner is gone
    out.append((pre + 'coach_note', s.image()))
    s.press(A.BACK)
    app = s.app
    for _ in range(1000):
        if app.scene == ui_app.PAGES:
            break
        if small and app.scene == ui_app.PLAY and app.game.rolled:
            s.press(A.RIGHT)            # the die cursor on to "Card"
            if app.die_cursor != ui_app.CURSOR_CARD:
                continue
        s.press(A.OK)
    out.append((pre + 'coach_list', s.image()))
    s.press(A.OK)
    out.append((pre + 'coach_page', s.image()))

    # the coach on "always": every roll's hint on show, a best move's note heading it
    s = Session(width, height, dice=ScriptedDice(seed=7), hints_factory=TableLookHints,
                **keys)
    s.app.coach_mode = COACH_ALWAYS
    s.start()
    s.press(A.OK)                               # roll
    out.append((pre + 'coach_always_hint', s.image()))
    s.press(A.OK)
    out.append((pre + 'coach_always_best', s.image()))
    return out


def table_screens(width=128, height=64):
    """A game for the table (two humans, a computer): the handovers, a computer's
    turn summed up, the standings and another seat's card, read only."""
    out = []
    prefix = 'small_' if height < 64 else ''
    s = Session(width, height, dice=ScriptedDice(seed=13))
    app = s.app
    s.press(A.OK)                               # New game: ANN, a computer, BOB
    app.setup_players = 3
    app.setup_kinds[1] = 2
    app.go(ui_app.SETUP, s.now)
    while app.items[app.cursor] != 'Names':
        s.press(A.DOWN)
    s.press(A.OK)
    for name in ('ANN', 'BOB'):
        for k in range(3):
            while chr(app.initials[k]) != name[k]:
                s.press(A.UP)
            if name == 'BOB' and k == 1:
                out.append((prefix + 'names', s.image()))
            s.press(A.OK)
    out.append((prefix + 'setup_names', s.image()))
    while app.items[app.cursor] != 'Start game':
        s.press(A.DOWN)
    s.press(A.OK)
    out.append((prefix + 'handover_first', s.image()))
    s.press(A.OK, A.OK, A.OK, A.OK)             # take it and roll, two rolls, the card
    s.press(A.OK)
    if app.dialog == ui_app.DLG_ZERO:
        s.press(A.OK)
    out.append((prefix + 'handover_filled', s.image()))
    s.press(A.OK)                               # pass: the computer plays
    s.press(A.OK)                               # at once
    for _ in range(4):                          # P3 takes it, rolls, scores the best box
        s.press(A.OK)
    s.press(A.OK)
    if app.dialog == ui_app.DLG_ZERO:
        s.press(A.OK)
    s.press(A.OK)                               # pass
    out.append((prefix + 'handover_turn', s.image()))
    s.press(A.OK, A.OK, A.UP)
    out.append((prefix + 'standings', s.image()))
    s.press(A.DOWN, A.OK)
    out.append((prefix + 'card_read_only', s.image()))
    s.press(A.OK)
    out.append((prefix + 'read_only_note', s.image()))
    return out


def ok_roll_screens(width=128, height=64):
    """No shake sensor: an OK roll tumbles the dice, then "OK: score now" once all
    five are held."""
    prefix = 'small_' if height < 64 else ''
    s = Session(width, height, has_shake=False, dice=ScriptedDice(seed=5))
    s.press(A.OK)                               # the boot note
    s.start()
    s.press(A.OK).wait(200)
    out = [(prefix + 'play_ok_tumbling', s.image())]
    s.wait(400)
    s.press(A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5)
    out.append((prefix + 'play_score_now', s.image()))
    return out


def moment_screens(width=128, height=64):
    """Big moments: a Yahtzee rolled (the banner over the dice), then the Yahtzee
    bonus and the Joker when more five-alikes are scored."""
    prefix = 'small_' if height < 64 else ''
    s = Session(width, height, dice=ScriptedDice(script=[4] * 15 + [1, 2, 3, 5, 6], seed=5))
    s.start()
    s.press(A.OK)
    out = [(prefix + 'moment_yahtzee', s.image())]
    s.wait(1500).press(A.DOWN)
    while s.app.rows[s.app.cursor] != s.app.game.rules.five_alike_box:
        s.press(A.DOWN)
    s.press(A.OK)                               # Yahtzee 50
    s.wait(1500).press(A.OK).wait(1500).press(A.DOWN)
    s.press(A.OK)                               # fours, with a bonus
    out.append((prefix + 'moment_bonus', s.image()))
    s.wait(1500).press(A.OK).wait(1500).press(A.DOWN)
    while s.app.items[s.app.cursor] != 'Full house':
        s.press(A.DOWN)
    s.press(A.OK)                               # Joker: full house 25 (bonus too)
    return out


# The rulesets beyond the first five, one picture each: ruleset, seed, rounds played first,
# the dice of the roll shown (each ruleset's own hands: Generala's full served, 35)
FAMILY = (('kniffel', 21, 7, (2, 3, 4, 5, 5)), ('generala', 22, 6, (2, 2, 5, 5, 5)),
          ('kismet', 23, 8, (3, 3, 4, 4, 4)), ('triple-yahtzee', 24, 22, (6, 6, 6, 2, 2)),
          ('crag', 26, 7, (6, 1, 6)),
          ('balut', 26, 12, (2, 2, 5, 5, 5)), ('maxi-yatzy', 27, 9, (5, 5, 5, 2, 2, 4)),
          ('yamb', 27, 20, (3, 3, 5, 5, 5)))


def family_screens(width=128, height=64):
    """Each of those rulesets' card in a game of three seats (two humans and a
    computer), some rounds in, after the first roll of a turn: the whole card on
    128x64 (Triple Yahtzee's and Balut's grids, Maxi Yatzy's three columns), the list
    on 128x32 (the three-button board);
    then Generala served, which wins the game at once."""
    out = []
    small = height < 64
    pre = 'small_' if small else ''
    for rules, seed, rounds, dice in FAMILY:
        s = Session(width, height, dice=ScriptedDice(seed=seed), hold_buttons=not small)
        s.start_game(rules, kinds=(0, 3, 0))
        app = s.app
        g = app.game
        while (g.round < rounds or g.current != 0 or app.scene != ui_app.TURN or
               app.turn_filled):
            s.play_on()
        g.rng = ScriptedDice(script=dice)
        if g.rules.column_orders:                   # Yamb: the banner of a computer's
            s.wait(1500)                            # Yamb before gone
        s.press(A.OK)                               # take the device and roll
        if app.scene == ui_app.ANNOUNCE:            # Yamb's announce step: skipped
            out.append((pre + 'announce_' + rules, s.image()))
            s.press(A.HINT)                         # the planner's advice
            out.append((pre + 'hint_announce_' + rules, s.image()))
            s.press(A.BACK, A.OK)
        if g.rules.n_dice != 5:                     # the dice too: Crag's three, six
            s.wait(600)
            out.append((pre + 'play_' + rules.replace('-', '_'), s.image()))
        s.press(A.DOWN) if not small else s.play_on()
        out.append((pre + 'card_' + rules.replace('-', '_'), s.image()))
        if rules in ('yamb', 'balut'):              # the box's rules: its row's page
            s.press(A.HELP)
            out.append((pre + 'rules_' + rules, s.image()))
            s.press(A.BACK)
    # Generala served: P1 scores a straight, then P2's first roll is five fives
    s = Session(width, height, hold_buttons=not small,
                dice=ScriptedDice(script=[3, 4, 5, 6, 1] + [5] * 5, seed=25))
    s.start_game('generala', kinds=(0, 0))
    s.press(A.OK)                                   # take the device and roll
    s.press(A.DOWN) if not small else s.play_on()
    s.play_on()                                     # the cursor is on the straight
    s.play_on().play_on()                           # pass; take it: five fives at once
    out.append((pre + 'generala_servida', s.image()))
    s.wait(1500)                                    # the banner is gone: who won
    out.append((pre + 'generala_won', s.image()))
    return out


def poker_screens(width=128, height=64):
    """Poker Dice, three seats (two humans around a computer at level good): the third
    seat's roll in round 2 with the hand to beat (the dice as cards), one die held;
    the handover after it stands; the standings; its card (the pause menu's
    Scorecard); the game over by rounds won."""
    small = height < 64
    pre = 'small_' if small else ''
    out = []
    s = Session(width, height, dice=ScriptedDice(seed=31), hold_buttons=not small)
    s.start_game('poker-dice', kinds=(0, 2, 0))
    app = s.app
    g = app.game
    while g.round < 2 or g.current != 2 or app.scene != ui_app.TURN or app.turn_filled:
        s.play_on()
    g.rng = ScriptedDice(script=(6, 6, 2, 5, 3), seed=32)
    s.press(A.OK)                       # take the device and roll: a pair of aces
    s.press(A.OK if small else A.HOLD_1)    # hold the first ace (small: the cursor's on it)
    out.append((pre + 'play_poker_dice', s.image()))
    app.go(ui_app.CARD, s.now)          # the card (Down): its first row stands
    out.append((pre + 'card_stand_poker_dice', s.image()))
    s.press(A.BACK)
    app.open(ui_app.ODDS, s.now)        # each hand's chance from here (a row a frame)
    for _ in range(10):
        s.wait(30)
    out.append((pre + 'odds_poker_dice', s.image()))
    s.press(A.BACK)
    app.open(ui_app.PAGES, s.now, PG_RULES, 1)     # the hands, best first
    s.wait(30)
    out.append((pre + 'rules_poker_dice', s.image()))
    s.press(A.BACK)
    s.play_on()                         # roll again
    s.wait(600)
    s.play_on()                         # roll the last time (or stand: the card)
    s.wait(600)
    while app.scene == ui_app.PLAY:
        s.play_on()
    out.append((pre + 'stand_poker_dice', s.image()))
    app.open(ui_app.STANDINGS, s.now)
    s.wait(30)
    out.append((pre + 'standings_poker_dice', s.image()))
    s.press(A.BACK)
    app.card_seat = 2
    app.open(ui_app.CARD, s.now)
    s.wait(30)
    out.append((pre + 'card_poker_dice', s.image()))
    s.press(A.BACK)
    while app.scene != ui_app.OVER:
        s.play_on()
    s.wait(1500)
    out.append((pre + 'over_poker_dice', s.image()))
    return out


def battery_screens(width=128, height=64):
    """The battery mark on the main menu (a saved game found) and the pause menu, on
    USB power, the low note and the empty one before the deep sleep: readings given
    to the app as the loop gives them (App.battery_read)."""
    small = height < 64
    pre = 'small_' if small else ''
    out = []
    s = Session(width, height, dice=ScriptedDice(seed=5), hold_buttons=not small)
    s.start()
    s.play_on()             # a roll: a game to resume
    storage = s.storage
    s = Session(width, height, dice=ScriptedDice(seed=5), hold_buttons=not small,
                storage=storage)
    s.app.battery_read(73, False, False, s.now)
    out.append((pre + 'battery_menu', s.image()))
    s.press(A.OK)           # Resume game
    s.press(A.BACK)
    s.app.battery_read(100, False, False, s.now)
    out.append((pre + 'battery_pause', s.image()))
    s.app.battery_read(101, False, False, s.now)
    out.append((pre + 'battery_pause_usb', s.image()))
    s.press(A.BACK)
    s.app.battery_read(18, True, False, s.now)
    out.append((pre + 'battery_low', s.image()))
    s.press(A.OK)
    s.app.battery_read(4, True, True, s.now)
    out.append((pre + 'battery_empty', s.image()))
    return out


def all_screens():
    return (screens() + three_button_screens() + learn_screens() + learn_screens(128, 32) +
            table_screens() + table_screens(128, 32) + ok_roll_screens() +
            ok_roll_screens(128, 32) + moment_screens() + moment_screens(128, 32) +
            family_screens() + family_screens(128, 32) + poker_screens() +
            poker_screens(128, 32) + battery_screens() +
            battery_screens(128, 32))


def save(images, folder, scale):
    os.makedirs(folder, exist_ok=True)
    for name, img in images:
        if scale != 1:
            img = img.resize((img.width * scale, img.height * scale), Image.NEAREST)
        img.save(os.path.join(folder, name + '.png'))


def main(argv=None):
    from tools.cli_checks import Parser, bad_out_folder
    ap = Parser(description=__doc__.split('\n')[0])
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument('--write', action='store_true',
                       help='rewrite docs/screens/*.png (4x, for reading)')
    where.add_argument('--golden', action='store_true',
                       help='rewrite tests/golden/*.png (1x, what the tests compare)')
    where.add_argument('--out', metavar='DIR', help='write the 4x pictures into DIR')
    args = ap.parse_args(argv)
    if args.out:
        ap.refuse(bad_out_folder(args.out, '--out'))
    images = all_screens()
    if args.golden:
        save(images, GOLDEN_DIR, 1)
        print('wrote %d golden images to %s' % (len(images), GOLDEN_DIR))
    else:
        folder = args.out or DOCS_DIR
        save(images, folder, 4)
        print('wrote %d screenshots to %s' % (len(images), folder))
    return 0


if __name__ == '__main__':
    sys.exit(main())
