"""The handheld's app: one state machine fed by action codes and a millisecond clock.

No pins, no displayio, no sleeping: `handle(action, now_ms)` and `tick(now_ms)` change
the state, and what is shown is a small "view model" (`App.view`, a View: strings, dice
faces) that ui/views/views.py draws. `version` goes up on every visible change, so the
loop redraws and refreshes the display only then.

Shape: App owns the state the whole app shares (all made in __init__, listed there;
how the app is set in `App.settings`); a scene's own state is its module's globals
(docs/ARCHITECTURE.md "Where state lives").
Scenes are plain functions in scene modules (ui/scenes/*.py, a few scenes each).
MODULES below is the scene table: each scene module, how long it stays (resident,
for the game, while on), and its scene codes. `App.go(scene, now)` is the one way to
change scene and the one place that imports and drops a scene module.
No scene module imports another; what several share is in ui/turns.py (the turn in
play), ui/hints.py (the strategy table), ui/seats.py (names, big moments) and
ui/saves/store.py (nvm). A dialog (ui/codes.py DLG_*) sits over a scene and takes the
keys first (App._dialog_action).

Runs unchanged under MicroPython (tests/mpy/check_app.py) with the views replaced.

Controls (see docs/SCREENS.md):
- Play: HOLD_1..5 toggle the die above (fewer dice sit over the middle buttons; a
  sixth die is HOLD_6, HOLD5 held); shake (or OK) rolls; OK with every die held, DOWN,
  or OK after the last roll opens the scorecard; BACK opens the pause menu; HINT hints.
  Boards without hold buttons (hold_buttons=False) move a cursor with LEFT/RIGHT over
  the dice, "Roll" and "Card"; OK acts on the cursor.
- Lists and the scorecard: UP/DOWN (or LEFT/RIGHT; HOLD_1/HOLD_2 on hold-button
  boards) move, OK picks, BACK goes back. In New game, LEFT/RIGHT change a value and
  OK steps it forward.
"""

import gc
from sys import modules     # a scene module, by its dotted name
from events.ticks import elapsed
from events import actions as A
# the codes stay importable from ui.app (the simulator and tests read them here)
from ui.codes import (BOOT, MENU, SETUP, PLAY, CARD, CPU, PAUSE, OVER, INITIALS,  # noqa: F401
                      ANALYSIS, SCORES, STATS, PAGES, ODDS, TURN, STANDINGS, NAMES, ANNOUNCE,
                      SCENE_NAMES, VIEW_LIST, VIEW_PLAY,
                      VIEW_CARD, VIEW_TEXT, TEXT_ROWS,
                      DLG_NONE, DLG_ZERO, DLG_HINT, DLG_NOTE, CURSOR_ROLL, CURSOR_CARD,
                      AWAKE, DIM, ASLEEP, DEEP, KIND_NAMES, KIND_SHORT, RULES_NAMES, MENU_RULES,
                      CSV_PATH, MOMENT_NAMES)
# The resident scene module (a game's own load at its start: App.begin_game).
# (no aliases: each name is one more on a board's interned names)
from ui.scenes import menus  # noqa: F401
from ui.saves import store  # noqa: F401 (the store first: in this order)
from ui import hints, seats, turns  # noqa: F401

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# A board's collection after dropping a module (CPython has no such heap).
_tidy = gc.collect if hasattr(gc, 'mem_free') else int
_TUMBLE_MS = const(70)      # face change while shaking
# (a note's 1500 ms on the play view and the "battery empty" note's 3000 ms before the
# sleep are literals where they are used: a board running the .py bundle interns every
# name)

# How long a scene module stays in RAM (the scene table's second column):
RESIDENT = const(2)     # imported with the app, never dropped: the menus
FOR_THE_GAME = const(1)  # the game's working set (App.begin_game to App.end_game): play,
#                          card, a computer's turn, the handovers
WHILE_ON = const(0)     # an overlay, while one of its scenes is on: names, records, help
#                         and odds, the game's end; one at a time

# The scene table: each scene module (under ui/), how long it stays, and its scene
# codes. Each module's own SCENES maps those codes to their enter(app, now),
# handle(app, action, now) and tick(app, now) (every frame while on; or None). Where
# each scene can go next: docs/ARCHITECTURE.md "Scenes"; in code, the
# `from ui.codes import` lines of the scene modules.
MODULES = (
    ('scenes.menus', RESIDENT, (BOOT, MENU, SETUP, PAUSE)),
    ('scenes.play', FOR_THE_GAME, (PLAY,)),
    ('scenes.card', FOR_THE_GAME, (CARD,)),
    ('scenes.cpu', FOR_THE_GAME, (CPU,)),
    ('scenes.end', WHILE_ON, (OVER, ANALYSIS)),
    ('scenes.turn', FOR_THE_GAME, (TURN, STANDINGS)),
    ('scenes.names', WHILE_ON, (NAMES, INITIALS)),
    ('scenes.records', WHILE_ON, (SCORES, STATS)),
    ('scenes.learn', WHILE_ON, (PAGES,)),
    ('scenes.odds', WHILE_ON, (ODDS,)),
    ('families.yamb.announce', WHILE_ON, (ANNOUNCE,)),
)


# The app's own state that no other module reads (one App a program: App.__init__ sets
# them): the battery's low note was shown; the battery is empty: when the note before
# the sleep came (-1: not empty); the xorshift state of the tumbling faces (App.rand);
# the modules loaded before the game's working set (App.begin_game, App.end_game); the
# last scene that is no overlay (App.go: where an overlay with no room goes back to).
battery_warned = False
empty_at = -1
seed = 0x2F6B
kept = ()
base = BOOT
falling = False     # back under an overlay that found no room (App.run): none reopens


def module_row(scene):
    """The MODULES row of a scene code."""
    for row in MODULES:
        if scene in row[2]:
            return row


class View:
    """What the app shows and plays (the views draw it, the loop plays its tone): the
    view on show and its texts, the dice, the dialog's lines, the battery mark, a big
    moment's banner."""

    def __init__(self):
        self.kind = VIEW_LIST       # VIEW_*
        self.list_version = 1       # list texts changed
        self.play_version = 1       # play texts changed
        self.title = ''
        self.title_right = ''
        self.items = []
        self.values = []
        self.cursor = -1
        self.top = 0
        self.footer = ''
        self.header_left = ''
        self.header_right = ''
        self.line_a = ''
        self.line_b = ''
        self.faces = bytearray(5)   # what the dice show (0 = not rolled); a game's
        self.held = bytearray(5)    # n_dice long (App.sync_dice)
        self.die_cursor = -1
        self.dialog_lines = ['', '', '']
        self.battery = -1           # the menus' battery mark: percent, -1 none, 101 USB
        self.moment = self.moment_at = self.moment_step = 0  # big moment, since, step (play)
        self.tone_freq = 0          # a tone for the loop to play (0 = none)
        self.tone_ms = 0
        self.note_until = -1        # when the play view's note ends (-1: none)
        self.labels = ()            # the game's box labels (App.box_label), split once
        self.labels_of = None       # per ruleset: this one's
        self.tumble_at = 0          # the tumbling faces' last change


class Settings:
    """How the app is set: the player's settings and the last setup (kept in the
    records: ui/saves/store.py save_records; read back at power-on by ui/saves/load.py),
    and the options App was made with, fixed for its life (App's arguments: has_shake,
    list_rows, text_cols, table_path, percentile_path, step_ms, dim_ms, sleep_after_ms,
    deep_sleep_ms, fs_writable, file_writer, profile, first_howto, coach_threshold,
    messages; set by App). The two every scene reads, hold_buttons and small_screen,
    are App's own."""

    def __init__(self, rules):
        self.sound = True
        self.cpu_speed = 0          # a SPEED_NAMES index
        self.howto_done = False     # the first-boot how-to was shown
        self.coach_mode = 0         # ui/coach.py: COACH_*
        # -- setup (new game) --
        self.setup_players = 1
        self.setup_kinds = bytearray(8)     # index into KIND_NAMES
        self.setup_rules = rules            # the one offered first (App's rules_default)
        self.setup_duplicate = False        # the seats play the same dice


class App:
    """The game app. Read the public attributes to draw it; feed it actions and time.

    rules_default: ruleset name offered first by New game.
    storage: bytearray-like nvm (None: nothing saved); rng: callable -> 1..6.
    has_shake: False shows "OK to roll" (no shake sensor).
    hold_buttons: False for boards without hold buttons (die cursor instead).
    list_rows: rows a list shows at once (4 on 128x64, 2 on 128x32).
    table_path: strategy table for hints, the points-lost analysis and perfect bots:
        a path, a pattern with %s for the ruleset name, or a callable(rules). Without
        a usable table, hints and perfect bots fall back to level `good` (and say so)
        and there is no analysis.
    bot_factory: callable(kind, rules) -> bot (default yahtzee_core.bots.make_bot).
    hints_factory: callable(rules) -> object like yahtzee_core.ranking.Hints
        (hold_options, box_options, fallback, planner); None from it hides hints.
    fs_writable: True when boot.py let the program write its drive: the menu then
        offers "Export CSV", written through file_writer(path, lines).
    profile: the board profile (hardware.profiles dict) the button legend describes.
    first_howto: show the how-to once, at the first boot; coach_threshold: hundredths
        of expected score a decision must lose for the coach to flag it (ui/coach.py).
    """

    def __init__(self, rules_default='yahtzee', storage=None, rng=None, now_ms=0,
                 has_shake=True, hold_buttons=True, small_screen=False, list_rows=4,
                 text_cols=21,
                 messages=(), table_path=None, step_ms=600, dim_ms=60000,
                 sleep_ms=300000, bot_factory=None, hints_factory=None,
                 fs_writable=False, file_writer=None, profile=None, first_howto=False,
                 coach_threshold=100, percentile_path=None, deep_sleep_ms=0,
                 wake_note=None):
        global battery_warned, empty_at, seed, kept, base
        battery_warned = False
        empty_at = -1
        seed = 0x2F6B
        kept = ()
        base = BOOT
        hints.hint_tried = False
        import yahtzee_core as yc
        self.yc = yc
        self.rng = rng
        # -- options (fixed for the app's life, except has_shake: see shake_lost) --
        settings = self.settings = Settings(yc.RULESETS.index(rules_default)
                                            if rules_default in yc.RULESETS else 0)
        settings.has_shake = has_shake
        self.hold_buttons = hold_buttons
        self.small_screen = small_screen
        settings.list_rows = list_rows
        settings.text_cols = text_cols
        settings.table_path = table_path       # ui/hints.py
        settings.percentile_path = percentile_path
        settings.step_ms = step_ms
        settings.dim_ms = dim_ms
        if deep_sleep_ms:       # the screen off a minute before the deep sleep
            sleep_ms = min(sleep_ms, max(dim_ms, deep_sleep_ms - 60000))
        settings.sleep_after_ms = sleep_ms
        settings.deep_sleep_ms = deep_sleep_ms
        self.bot_factory = bot_factory
        self.hints_factory = hints_factory
        settings.fs_writable = fs_writable
        settings.file_writer = file_writer
        settings.profile = profile
        settings.first_howto = first_howto
        settings.coach_threshold = coach_threshold
        settings.messages = list(messages)
        if not has_shake:
            settings.messages.append('No shake sensor: OK rolls')

        # -- view model (read by the views) --
        self.scene = BOOT
        self.module = menus   # the scene's module (App.go)
        self.view = View()
        self.version = 1            # any visible change
        self.tumbling = False
        self.dialog = DLG_NONE
        self.power = AWAKE
        self.eat_press = False      # a wake from deep sleep: the waking key may still be down

        # -- clock --
        self.last_input = now_ms

        # -- the game and what goes with it --
        self.game = None
        self.game_id = 0
        self.hints = True           # settings (kept in the records)
        self.bots = None            # a bot per seat (None: a human), App.begin_game
        self.live = None            # the game whose working set is loaded (App.begin_game)
        self.bot_noted = False      # a computer seat's fallback note was shown this game
        self.hint_source = None     # hints.hint_source(): made at the game's start
        self.hint = None            # the hint on show: ('hold', dice) or ('box', b)
        self.pts = bytearray(48)    # points each box would score now (48: Yamb)
        self.people = None          # yahtzee_core.people (names, stats)
        self.coach = bytearray()    # coach: the game's costly decisions (saved with it)
        self.coach_lost = 0         # coach: decisions that did not fit the save
        self.coach_note = ''        # coach: what to say after the decision just made
        self.coach_warned = False   # coach: "unavailable" was said this game

        # -- what scenes hand on to each other --
        # returns[scene]: where BACK goes from that scene (App.open; CARD: the dice)
        self.returns = bytearray(len(SCENE_NAMES))
        self.returns[CARD] = PLAY
        self.rows = []              # CARD: box index per list row (-1 = summary)
        self.over_done = False      # OVER: the finished game was counted
        self.pending_high = []      # OVER to INITIALS: [high entry, player] to name
        # PAGES: PG_* on show and its page (SCORES/STATS: their page too); the CARD
        # cursor to come back to (App.open)
        self.page_kind = self.page = 0
        self.page_cursor = -1

        # -- storage: store.Saves over the nvm journal (ui/saves/store.py) --
        self.saves = None
        from yahtzee_core.records import Records
        self.records = Records()
        from ui.saves import load     # needed only now: it leaves RAM again
        load.open_saves(self, storage)
        self.saved = load.load_game(self)   # True when a game can be resumed
        if wake_note is not None:       # back from a deep sleep: no notes, no question
            load.woken(self, wake_note, now_ms)
        else:
            self.go(BOOT if self.settings.messages else MENU, now_ms)
        yc.rules.forget('saves.load', 'ui')     # (the one unloader)

    # ================================================================== scenes
    def go(self, scene, now):
        """The one way to change scene: set it, drop the overlay left (its module), end
        the game's working set at its end (OVER, MENU: App.end_game), load it on the
        way into the game (App.begin_game: every path into a game comes here), and
        run the new scene's enter() (importing its module if it is not loaded)."""
        global base
        if falling and module_row(scene)[1] == WHILE_ON:
            return      # (the scene under it asked for it again as it was entered)
        left = module_row(self.scene)
        if left[1] != WHILE_ON:
            base = self.scene       # where an overlay with no room goes back to
        self.scene = scene
        if left[1] == WHILE_ON and left is not module_row(scene):
            self._drop(left[0])
        self.module = None      # (none of the scene left is held while the next loads)
        if scene != OVER:
            self.run(0, 0, now)
        # else the game's end is entered once the game's code on the stack has
        # returned (App.run), so none of it is held while the end's code loads

    def run(self, kind, action, now):
        """Run the scene's handle (kind 1), its tick (2) or a press on the dialog (3:
        a hint followed, a zero confirmed), then enter the scene on show when it is
        new (kind 0, or the game ended in them): the one place a MemoryError
        is caught. Out of heap, a game whose working set did not fit goes back to the
        menu (its save stays); an overlay goes, back to the scene under it; either way
        a note says why. Elsewhere only the note. (Only names the app already has: a
        board compiling .py would intern new ones.)"""
        try:
            if kind == 3:
                self._dialog_action(action, now)
            elif kind and self.module is not None:
                tick = self.module.SCENES[self.scene][kind]
                if kind == 1:
                    tick(self, action, now)
                elif tick is not None:
                    tick(self, now)
                tick = None     # (it holds its module: gone if the game just ended)
            if kind and self.module is not None:
                return
            scene = self.scene
            row = module_row(scene)
            if scene == OVER or scene == MENU:
                self.end_game(scene == MENU)
            elif row[1] == FOR_THE_GAME and self.live is not self.game:
                self.begin_game()
            module = modules.get('ui.' + row[0])
            if module is None:
                module = __import__('ui.' + row[0], None, None, ('SCENES',))
            self.module = module
            module.SCENES[scene][0](self, now)
            if self.module is None:     # the game ended as it was entered: its end now
                self.run(0, 0, now)
        except MemoryError:
            global falling
            kind = module_row(self.scene)[1]
            note = 'No memory free', 'for that now'
            if kind == FOR_THE_GAME and self.game is not None and self.live is not self.game:
                self.go(MENU, now)
                note = 'Game too large', 'for this board'
            elif kind == WHILE_ON:      # the overlay goes, with the texts and tables it
                cursor = self.page_cursor   # loaded; back on the row it was opened from
                self.page_cursor = -1
                for name in [m for m in modules if m.startswith(('ui.help', 'yahtzee_core.odds'))
                             or m.endswith('.help')]:
                    self.yc.rules.forget(name[name.index('.') + 1:], name[:name.index('.')])
                falling = True
                self.go(MENU if self.game is None or self.game.over else base, now)
                falling = False
                if self.view.cursor != cursor and cursor < len(self.view.items):
                    self.view.cursor = cursor
                    self.scroll_to_cursor()
            turns.refuse(self, note[0], note[1])

    def begin_game(self):
        """The game's working set loads now, before anything is played, and stays to
        the game's end: its scene modules (a computer's turn only with a computer, the
        handovers only with several seats), the big moments (ui/moments.py, to the
        menu: the end has its own), a computer for each computer level seated
        (ui/scenes/cpu.py make_bots) and the hint source when hints or the coach are
        on. Setup offers only the games whose working set fits (ui/fit_data.py fit); one that
        does not fit all the same stops here, whole (App.run)."""
        global kept
        g = self.game
        if self.bots is not None or self.hint_source is not None:
            self.end_game(True)     # what another game left (a harness's skip, a resume)
        players = g.players
        computers = players.count('human') < len(players)
        _tidy()
        kept = tuple(modules)    # what was loaded before the game (App.end_game)
        if (computers or self.hints or self.settings.coach_mode) and self.bot_factory is None:
            # the planners' code first, while the heap is least split (a .py board
            # compiles it in RAM, planner.py's parse in one 27 KB piece)
            from yahtzee_core import bots  # noqa: F401
        if self.hints or self.settings.coach_mode:
            hints.hint_source(self)     # first: a computer may play by its planner
        for name, stays, scenes in MODULES:
            if stays == FOR_THE_GAME and 'ui.' + name not in modules and \
                    (computers or CPU not in scenes) and (len(players) > 1 or TURN not in scenes):
                __import__('ui.' + name)
        if 'ui.moments' not in modules:
            from ui import moments  # noqa: F401 (a Yahtzee's banner and tune: ui/seats.py)
        if computers:
            self.bots = modules['ui.scenes.cpu'].make_bots(self)
        self.live = g

    def end_game(self, menu):
        """The game's working set goes: at its end (OVER) the computers and the game's
        scene modules (the hint source stays for the points-lost analysis when it has
        a strategy table), when the menu is reached all of it."""
        global kept
        planner = getattr(self.hint_source, 'planner', None)
        values = None
        for bot in self.bots or ():
            if hasattr(bot, 'close') and getattr(bot, 'planner', None) is not planner:
                bot.close()     # a strategy-table file closed now, not at the GC's
        self.bots = None
        self.live = None
        for row in MODULES:
            if row[1] == FOR_THE_GAME and self.scene not in row[2]:
                self._drop(row[0])
        if menu:    # (the game's end has its moments: a high score, a game won)
            self._drop('moments')
            self.view.moment = 0
        if menu or getattr(self.hint_source, 'fallback', True):   # no analysis to come
            values = getattr(getattr(self.hint_source, 'planner', None), 'values', None)
            if values is not None and hasattr(values, 'close'):
                values.close()
            self.hint_source = None
            hints.hint_tried = not menu     # (not made again for the game's end)
        if kept and self.hint_source is None:
            # the core code the game loaded goes too (its ruleset's stays with the
            # game, for a resume)
            forget = self.yc.rules.forget
            for name in [m for m in modules if m not in kept and
                         m.startswith('yahtzee_core.') and 'variants' not in m]:
                forget(name[13:])
            kept = ()
        bot = planner = values = None   # (a local left holding a computer keeps it whole)
        _tidy()

    def _drop(self, name):
        if 'ui.' + name in modules:
            from yahtzee_core.rules import forget
            forget(name, 'ui')

    def open(self, scene, now, kind=0, first=0, back=-1):
        """Go to a scene whose BACK returns to the scene on show (or to `back`): the
        card from PAUSE or STANDINGS, PAGES (pages of `kind` from page `first`), ODDS
        or STANDINGS. The list cursor is kept for the card's rows (PAGES from CARD)."""
        self.returns[scene] = self.scene if back < 0 else back
        self.page_kind = kind
        self.page = first
        self.page_cursor = self.view.cursor
        self.go(scene, now)

    def handle(self, action, now):
        """Feed one action code. The press that wakes a dark screen is eaten (the
        player could not see what it would do), and the first one after a wake from
        deep sleep (eat_press: keypad reports the waking key, still down, as a press);
        on a dimmed screen a press acts (the screen still showed what it would do)."""
        if action == A.NONE:
            return
        self.last_input = now
        eat = self.eat_press
        self.eat_press = False
        if self.power != AWAKE:
            was = self.power
            self.power = AWAKE
            self.touch()
            if was == ASLEEP or eat:
                return
        # (with no module after it: the game's end, App.go)
        self.run(3 if self.dialog != DLG_NONE else 1, action, now)

    def _dialog_action(self, action, now):
        d = self.dialog
        if action == A.SHAKE_START or action == A.SHAKE_END:
            return
        if d == DLG_ZERO:
            if action == A.OK:
                self.dialog = DLG_NONE
                turns.fill_box(self, self.module.zero_box, now)  # (CARD's)
            elif action == A.BACK:
                self.dialog = DLG_NONE
                self.touch()
        elif d == DLG_HINT:
            if action == A.OK:
                follow = hints.apply_hint(self, now)
                if follow == 'roll':
                    if self.scene != PLAY:      # a hint asked for on the card
                        self.go(PLAY, now)
                    turns.ok_roll(self, now)
                elif follow == 'fill':
                    turns.fill_box(self, self.hint[1], now)
            else:
                self.dialog = DLG_NONE
                self.touch()
        else:
            self.dialog = DLG_NONE
            if self.scene == CPU:       # a computer turn held by a note goes on calmly
                self.module.cpu_step_at = now - self.settings.step_ms // 2
            self.touch()

    def tick(self, now):
        """Advance timers: tumbling dice, the scene's own (an OK roll landing, the
        computer's steps, the odds' rows), big moments, dimming. Allocates nothing
        when nothing happens."""
        global empty_at
        settings = self.settings
        v = self.view
        if self.tumbling:
            if elapsed(now, v.tumble_at) >= _TUMBLE_MS:
                v.tumble_at = now
                g = self.game
                for i in range(len(g.dice)):
                    if not g.rolled or not g.held[i]:
                        v.faces[i] = self.rand() % 6 + 1
                self.touch()
            self.last_input = now
        self.run(2, 0, now)
        if v.moment:
            seats.moment_tick(self, now)
        idle = elapsed(now, self.last_input)
        if self.power == AWAKE and idle >= settings.dim_ms:
            self.power = DIM
        if self.power == DIM and idle >= settings.sleep_after_ms:
            self.power = ASLEEP
        if self.power == ASLEEP and settings.deep_sleep_ms and \
                idle >= settings.deep_sleep_ms:
            self.power = DEEP
        if empty_at >= 0 and elapsed(now, empty_at) >= 3000:    # the note, then sleep
            empty_at = -1
            self.power = DEEP

    def battery_read(self, percent, low, save_now, now):
        """A new battery reading (the loop passes it; percent -1: no reading, 101:
        external power): the menus' mark, a note the first time it is low, and when
        brown-out is near a note, then the deep sleep (the game is saved)."""
        global battery_warned, empty_at
        v = self.view
        if percent != v.battery:
            v.battery = percent
            if self.scene == MENU or self.scene == PAUSE:
                v.list_version += 1
                self.touch()
        if save_now:
            if empty_at >= 0 or self.power == DEEP:
                return
            if self.power == ASLEEP:    # nobody is looking: sleep at once
                self.power = DEEP
                return
            empty_at = now
            self.power = AWAKE
            self.show_note('Battery empty', 'Game saved', 'Sleeping now')
        elif low and not battery_warned and self.dialog == DLG_NONE:
            battery_warned = True      # seen when the screen is next on
            profile = self.settings.profile
            lipo = profile is not None and profile.get('battery') == 'lipo'
            self.show_note('Battery low', 'Charge it soon' if lipo else 'Change cells soon',
                           'any key: close')

    def show_note(self, a, b, c):
        """A note of three lines over the scene; any key closes it."""
        lines = self.view.dialog_lines
        lines[0] = a
        lines[1] = b
        lines[2] = c
        self.dialog = DLG_NOTE
        self.touch()

    def shake_lost(self, message=None):
        """The shake sensor stopped working mid-game (the loop notices): OK rolls from
        now on, the play texts say so and a note tells the player once."""
        settings = self.settings
        if not settings.has_shake:
            return
        settings.has_shake = False
        if message:
            settings.messages.append(message)
        if self.tumbling:           # a shake in progress will never end: forget it
            self.tumbling = False
            self.sync_dice()
        s = self.scene
        if self.game is not None and (s == PLAY or s == CPU or s == CARD):
            if s != CARD:
                turns.update_play_texts(self)
            self.show_note('Shake sensor lost', 'OK rolls the dice', 'any key: close')
        self.touch()

    # ================================================================== lists
    def set_list(self, title, items, values, cursor=-1, title_right='', footer=''):
        """Show the list view with these rows (cursor -1: a list without a cursor)."""
        v = self.view
        v.kind = VIEW_LIST
        v.title = title
        v.title_right = title_right
        v.items = items
        v.values = values
        v.footer = footer
        v.cursor = cursor
        v.top = 0
        self.scroll_to_cursor()
        v.list_version += 1
        self.touch()

    def scroll_to_cursor(self):
        v = self.view
        c = v.cursor
        rows = self.settings.list_rows
        if c < 0:
            return
        if c < v.top:
            v.top = c
        elif c >= v.top + rows:
            v.top = c - rows + 1

    def move_cursor(self, delta, allowed=None):
        """Move the list cursor by delta (wrapping), skipping rows not in `allowed`."""
        v = self.view
        n = len(v.items)
        if n == 0:
            return
        c = v.cursor
        for _ in range(n):
            c = (c + delta) % n
            if allowed is None or allowed(self, c):
                break
        if c != v.cursor:
            v.cursor = c
            self.scroll_to_cursor()
            self.touch()

    def list_move(self, action):
        """UP/DOWN in a list: move the cursor, or the view of a list without one.
        True when the action was such a move."""
        v = self.vertical(action)
        if not v:
            return False
        if self.view.cursor >= 0:
            self.move_cursor(v)
            return True
        top = self.view.top + v
        last = len(self.view.items) - (TEXT_ROWS if self.view.kind == VIEW_TEXT else
                                       self.settings.list_rows)
        if top > last:
            top = last
        if top < 0:
            top = 0
        if top != self.view.top:
            self.view.top = top
            self.touch()
        return True

    def vertical(self, action):
        """-1 / +1 for an up / down action in lists, else 0."""
        if action == A.UP or action == A.LEFT:
            return -1
        if action == A.DOWN or action == A.RIGHT:
            return 1
        if self.hold_buttons:
            if action == A.HOLD_1:
                return -1
            if action == A.HOLD_2:
                return 1
        return 0

    # ================================================================== helpers
    def touch(self):
        self.version += 1

    def beep(self, freq, ms):
        if self.settings.sound:
            self.view.tone_freq = freq
            self.view.tone_ms = ms

    def rand(self):
        """Cheap 16-bit xorshift for the tumbling faces (small ints: no allocation)."""
        global seed
        x = seed
        x ^= (x << 7) & 0xFFFF
        x ^= x >> 9
        x ^= (x << 8) & 0xFFFF
        seed = x
        return x

    def note(self, text, now_ms=None):
        """A short message on the play view's second line (cleared after a while)."""
        self.view.line_b = text
        self.view.play_version += 1
        self.touch()
        if now_ms is not None:
            self.view.note_until = now_ms + 1500    # the note's time on show

    def sync_dice(self):
        """Show the game's dice and holds."""
        v = self.view
        g = self.game
        changed = False
        if len(v.faces) != len(g.dice):     # a game of another number of dice
            v.faces = bytearray(len(g.dice))
            v.held = bytearray(len(g.dice))
            changed = True
        for i in range(len(g.dice)):
            if v.faces[i] != g.dice[i]:
                v.faces[i] = g.dice[i]
                changed = True
            if v.held[i] != g.held[i]:
                v.held[i] = g.held[i]
                changed = True
        if changed:
            self.touch()

    def box_label(self, b, cols=24):
        """Box b's short name in cols characters (Triple Yahtzee: 'Aces x2';
        Balut's cells: 'Fours 3'; Yamb's columns: 'Ones D')."""
        rules = self.game.rules
        v = self.view
        if v.labels_of is not rules:
            v.labels = rules.labels.split('|')
            v.labels_of = rules
        n = len(v.labels)       # one column's labels: Triple Yahtzee's has 3 columns
        tail = ''
        if n < rules.n_boxes:   # Yamb's columns: a letter each ('Ones D')
            o = rules.column_orders
            tail = ' ' + o[b // n] if o else (' x%d' if rules.columns > 1 else ' %d') % (
                b // n + 1)
        return seats.fit_label(v.labels[b % n], cols - len(tail)) + tail

    def player_name(self, p):
        return seats.seat_name(self, p)

    def seat_level(self, p):
        """Index into KIND_NAMES / KIND_SHORT of seat p's player."""
        return self.yc.KINDS.index(self.game.players[p])

    def is_cpu(self, p):
        return self.game.players[p] != 'human'

    def new_game_state(self, from_start):
        """Forget the last game's computers, hints and decisions (a new or resumed game)."""
        self.end_game(True)
        hints.logs = None
        hints.log_complete = from_start
        if from_start:
            self.coach = bytearray()
            self.coach_lost = 0
        self.coach_note = ''
        self.coach_warned = False
        self.over_done = False
        self.bot_noted = False
        seats.forget_turns(self)
