"""The handheld's app: one state machine fed by action codes and a millisecond clock.

No pins, no displayio, no sleeping: `handle(action, now_ms)` and `tick(now_ms)` change
the state, and the state is a small "view model" (scene, strings, dice faces) that
ui/views.py draws. Scenes never call each other; a handler returns after switching
`scene`, and the loop draws whatever the scene is next frame. `version` goes up on
every visible change, so the loop redraws and refreshes the display only then.

Runs unchanged under MicroPython (tests/mpy/check_app.py) with the views replaced.

Controls (see docs/SCREENS.md):
- Play: HOLD_1..5 toggle a die; shake (or OK) rolls; OK with all five held, DOWN, or
  OK after the last roll opens the scorecard; BACK opens the pause menu; HINT hints.
  Boards without hold buttons (hold_buttons=False) move a cursor with LEFT/RIGHT over
  the five dice, "Roll" and "Card"; OK acts on the cursor.
- Lists and the scorecard: UP/DOWN (or LEFT/RIGHT; HOLD_1/HOLD_2 on hold-button
  boards) move, OK picks, BACK goes back. In New game, LEFT/RIGHT change a value and
  OK steps it forward.
"""

from ui import actions as A

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

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
SCENE_NAMES = ('boot', 'menu', 'setup', 'play', 'card', 'cpu', 'pause', 'over',
               'initials', 'analysis', 'scores', 'stats')

VIEW_LIST = 0   # title, rows with right-aligned values, cursor bar, footer
VIEW_PLAY = 1   # header, five dice, markers, two text lines

# Dialogs drawn over either view.
DLG_NONE = 0
DLG_ZERO = 1    # confirm filling a box with 0
DLG_HINT = 2
DLG_NOTE = 3    # a message to dismiss with any key

# Die cursor positions past the five dice (boards without hold buttons).
CURSOR_ROLL = 5
CURSOR_CARD = 6

# Power states (the loop turns them into display brightness/sleep).
AWAKE = 0
DIM = 1
ASLEEP = 2

KIND_NAMES = ('Human', 'CPU perfect', 'CPU good', 'CPU beginner')
KIND_SHORT = ('', 'perfect', 'good', 'beginner')
RULES_NAMES = ('Yahtzee', 'Free Joker', 'Yahtzee 1956', 'Yatzy', 'Yacht')

# Save payload: [version, flags, game id lo, game id hi] + Game.to_bytes()
_SAVE_VERSION = const(1)
_SAVE_PREFIX = const(4)
_F_HINTS_OFF = const(1)
_F_SOUND_OFF = const(2)
_REC_SOUND_OFF = const(1)   # yahtzee_core.records.SOUND_OFF
_REC_HINTS_OFF = const(2)   # yahtzee_core.records.HINTS_OFF

_WRAP = const(0x1FFFFFFF)   # CircuitPython's ticks_ms wraps at 2**29
_HALF = const(0x10000000)

_TUMBLE_MS = const(70)      # face change while shaking
_NOTE_MS = const(1500)

# CSV export (menu "Export CSV" when boot.py left the drive writable by the program)
CSV_PATH = '/yahtzee_stats.csv'
_EROFS = const(30)
_ENOSPC = const(28)

INITIAL_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'


TICKS_MASK = _WRAP


def ticks_diff(a, b):
    """a - b for ticks that wrap at 2**29 (negative when a is earlier)."""
    return ((a - b + _HALF) & _WRAP) - _HALF


def elapsed(now, then):
    """now - then in ms, correct across a 2**29 wrap; 0 if `then` is in the future."""
    d = (now - then) & _WRAP
    return 0 if d >= _HALF else d


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
    hints_factory: callable(rules) -> object like yahtzee_core.bots.Hints
        (hold_options, box_options, fallback, planner); None from it hides hints.
    fs_writable: True when boot.py let the program write its drive: the menu then
        offers "Export CSV", written through file_writer(path, lines).
    """

    def __init__(self, rules_default='yahtzee', storage=None, rng=None, now_ms=0,
                 has_shake=True, hold_buttons=True, small_screen=False, list_rows=4,
                 text_cols=21,
                 messages=(), table_path=None, step_ms=600, dim_ms=60000,
                 sleep_ms=300000, bot_factory=None, hints_factory=None,
                 fs_writable=False, file_writer=None):
        import yahtzee_core as yc
        self._yc = yc
        self.rng = rng
        self.has_shake = has_shake
        self.hold_buttons = hold_buttons
        self.small_screen = small_screen
        self.list_rows = list_rows
        self.text_cols = text_cols
        self.table_path = table_path
        self.step_ms = step_ms
        self.dim_ms = dim_ms
        self.sleep_after_ms = sleep_ms
        self._bot_factory = bot_factory
        self._hints_factory = hints_factory
        self.fs_writable = fs_writable
        self._file_writer = file_writer
        self.rules_default = yc.RULESETS.index(rules_default) if rules_default in yc.RULESETS else 0

        # -- view model (read by the views) --
        self.scene = BOOT
        self.view = VIEW_LIST
        self.version = 1            # any visible change
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
        self.faces = bytearray(5)   # what the dice show (0 = not rolled)
        self.held = bytearray(5)
        self.die_cursor = -1
        self.tumbling = False
        self.dialog = DLG_NONE
        self.dialog_lines = ['', '', '']
        self.power = AWAKE
        self.tone_freq = 0          # a tone for the loop to play (0 = none)
        self.tone_ms = 0

        # -- game state --
        self.game = None
        self.game_id = 0
        self.hints = True
        self.sound = True
        self._bots = None
        self._hints_src = None
        self._hints_tried = False
        self._pts = bytearray(16)   # points each box would score now
        self._rows = []             # card: box index per list row (-1 = summary)
        self._menu = ()             # item codes of the current menu
        self._seed = 0x2F6B
        self._last_input = now_ms
        self._tumble_at = now_ms
        self._step_at = now_ms
        self._cpu_phase = 0
        self._note_until = -1
        self._return_scene = MENU
        self._over_done = False
        self._pending_high = []     # [place, player] waiting for initials
        self._initials = bytearray(b'AAA')
        self._initial_pos = 0
        self._logs = None           # a DecisionLog per human seat (None for a CPU)
        self._log_complete = True   # False after a resume: early decisions are gone
        self._hint = None

        # -- setup (new game) --
        self.setup_players = 1
        self.setup_kinds = bytearray(8)   # index into KIND_NAMES
        self.setup_rules = self.rules_default

        # -- storage --
        self._game_store = None
        self._records_store = None
        from ui import nvm_layout
        self.layout = nvm_layout.plan(len(storage) if storage is not None else 0)
        if storage is not None:
            lay = self.layout
            if lay.game_slot:
                self._game_store = yc.SlotStore(storage, lay.game_offset, lay.game_slot)
            if lay.records_slot:
                self._records_store = yc.SlotStore(storage, lay.records_offset, lay.records_slot)
        from yahtzee_core.records import Records
        self.records = Records()
        self._load_records()
        self._saved = self._load_game()     # True when a game can be resumed

        self.messages = list(messages)
        if not has_shake:
            self.messages.append('No shake sensor: OK rolls')
        if self.messages:
            self._show_boot()
        else:
            self._show_menu()

    # ================================================================== plumbing
    def _touch(self):
        self.version += 1

    def _set_list(self, title, items, values, cursor=-1, title_right='', footer=''):
        self.view = VIEW_LIST
        self.title = title
        self.title_right = title_right
        self.items = items
        self.values = values
        self.footer = footer
        self.cursor = cursor
        self.top = 0
        self._scroll_to_cursor()
        self.list_version += 1
        self._touch()

    def _scroll_to_cursor(self):
        c = self.cursor
        rows = self.list_rows
        if c < 0:
            return
        if c < self.top:
            self.top = c
        elif c >= self.top + rows:
            self.top = c - rows + 1

    def _move_cursor(self, delta, allowed=None):
        """Move the list cursor by delta (wrapping), skipping rows not in `allowed`."""
        n = len(self.items)
        if n == 0:
            return
        c = self.cursor
        for _ in range(n):
            c = (c + delta) % n
            if allowed is None or allowed(c):
                break
        if c != self.cursor:
            self.cursor = c
            self._scroll_to_cursor()
            self._touch()

    def _scroll(self, delta):
        """Lists without a cursor (stats, ranking): move the view."""
        top = self.top + delta
        last = len(self.items) - self.list_rows
        if top > last:
            top = last
        if top < 0:
            top = 0
        if top != self.top:
            self.top = top
            self._touch()

    def _beep(self, freq, ms):
        if self.sound:
            self.tone_freq = freq
            self.tone_ms = ms

    def _rand(self):
        """Cheap 16-bit xorshift for the tumbling faces (small ints: no allocation)."""
        x = self._seed
        x ^= (x << 7) & 0xFFFF
        x ^= x >> 9
        x ^= (x << 8) & 0xFFFF
        self._seed = x
        return x

    def _vertical(self, action):
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

    def note(self, text, now_ms=None):
        """A short message on the play view's second line (cleared after a while)."""
        self.line_b = text
        self.play_version += 1
        self._touch()
        if now_ms is not None:
            self._note_until = now_ms + _NOTE_MS

    # ================================================================== storage
    def _load_records(self):
        if self._records_store is None:
            return
        try:
            data = self._records_store.read()
        except Exception:
            data = None
        if data is None:
            return
        try:
            self.records = self.records.from_bytes(data)
        except ValueError:
            return
        r = self.records
        self.sound = not (r.settings & _REC_SOUND_OFF)
        self.hints = not (r.settings & _REC_HINTS_OFF)
        if 0 <= r.setup_rules < len(self._yc.RULESETS):
            self.setup_rules = r.setup_rules
        if 1 <= r.setup_players <= 8:
            self.setup_players = r.setup_players
        for p in range(8):
            self.setup_kinds[p] = (r.setup_kinds >> (2 * p)) & 3

    def _save_records(self):
        r = self.records
        r.settings = (0 if self.hints else _REC_HINTS_OFF) | (0 if self.sound else _REC_SOUND_OFF)
        r.setup_rules = self.setup_rules
        r.setup_players = self.setup_players
        k = 0
        for p in range(8):
            k |= (self.setup_kinds[p] & 3) << (2 * p)
        r.setup_kinds = k
        if self._records_store is not None:
            self._records_store.write(r.to_bytes())

    def _load_game(self):
        """Read the saved game if there is a good one (sets self.game)."""
        if self._game_store is None:
            return False
        try:
            data = self._game_store.read()
        except Exception:
            data = None
        if data is None or len(data) <= _SAVE_PREFIX or data[0] != _SAVE_VERSION:
            return False
        try:
            game = self._yc.Game.from_bytes(data[_SAVE_PREFIX:], self.rng)
        except ValueError:
            return False
        self.game = game
        self.hints = not (data[1] & _F_HINTS_OFF)
        self.sound = not (data[1] & _F_SOUND_OFF)
        self.game_id = data[2] | (data[3] << 8)
        self._new_game_state(False)
        return True

    def save_game(self):
        """Write the game in play (called after every roll, hold change and fill)."""
        if self._game_store is None or self.game is None:
            return
        g = self.game.to_bytes()
        if _SAVE_PREFIX + len(g) > self._game_store.capacity:
            return      # does not fit this board's nvm: play on without a save
        head = bytes((_SAVE_VERSION, (0 if self.hints else _F_HINTS_OFF) |
                      (0 if self.sound else _F_SOUND_OFF), self.game_id & 0xFF,
                      self.game_id >> 8))
        self._game_store.write(head + g)
        self._saved = True

    def _clear_game(self):
        if self._game_store is not None:
            self._game_store.clear()
        self._saved = False

    def can_save(self, players):
        """True when a game with this many players fits the nvm save slot."""
        if self._game_store is None:
            return False
        from yahtzee_core.save import save_size
        rules = self._yc.ruleset(self._yc.RULESETS[self.setup_rules])
        return _SAVE_PREFIX + save_size(rules, players) <= self._game_store.capacity

    # ================================================================== helpers
    def player_name(self, p):
        return 'P%d' % (p + 1)

    def _kind_index(self, p):
        return self._yc.KINDS.index(self.game.kinds[p])

    def _is_cpu(self, p):
        return self.game.kinds[p] != 'human'

    def _new_game_state(self, from_start):
        """Forget the last game's bots, hints and decisions (a new or resumed game)."""
        # their strategy-table files are closed now, not whenever the GC gets to them
        for bot in self._bots or ():
            if bot is not None and hasattr(bot, 'close'):
                bot.close()
        values = getattr(getattr(self._hints_src, 'planner', None), 'values', None)
        if values is not None and hasattr(values, 'close'):
            values.close()
        self._bots = None
        self._hints_src = None
        self._hints_tried = False
        self._logs = None
        self._log_complete = from_start
        self._over_done = False

    def _get_bot(self, p):
        if self._bots is None:
            self._bots = [None] * len(self.game.kinds)
        bot = self._bots[p]
        if bot is None:
            kind = self.game.kinds[p]
            rules = self.game.rules
            if self._bot_factory is not None:
                bot = self._bot_factory(kind, rules)
            else:
                from yahtzee_core import bots
                try:
                    bot = bots.make_bot(kind, rules, self.table_for(rules))
                except (OSError, MemoryError, ValueError):
                    bot = bots.make_bot('beginner', rules)   # needs no table, little heap
            self._bots[p] = bot
        return bot

    def hint_source(self):
        """Where hints come from: yahtzee_core.bots.Hints (the strategy table, or level
        `good` when there is none: then .fallback is True), or None when neither works."""
        if not self._hints_tried and self.game is not None:
            self._hints_tried = True
            src = None
            rules = self.game.rules
            try:
                if self._hints_factory is not None:
                    src = self._hints_factory(rules)
                else:
                    from yahtzee_core.bots import Hints
                    src = Hints(rules, self.table_for(rules))
            except (ImportError, MemoryError, OSError, ValueError, KeyError):
                src = None
            self._hints_src = src
        return self._hints_src

    def analysis_planner(self):
        """The optimal-play planner the points-lost analysis judges against: only from
        a real strategy table (level `good` is no yardstick), else None."""
        src = self.hint_source()
        if src is None or getattr(src, 'fallback', True):
            return None
        return getattr(src, 'planner', None)

    def table_for(self, rules):
        """The strategy table file for a ruleset: table_path may be a callable, a
        pattern with %s for the ruleset name, or one path; None when there is none."""
        t = self.table_path
        if t is None:
            return None
        if callable(t):
            return t(rules)
        if '%s' in t:
            return t % rules.name
        return t

    def hints_available(self):
        return self.hints and self.game is not None and self.hint_source() is not None

    # ================================================================== scenes: lists
    def _show_boot(self):
        self.scene = BOOT
        lines = []
        for m in self.messages:
            lines += wrap(m, self.text_cols)
        self._set_list('Notes', lines, [''] * len(lines), footer='OK: continue')

    _M_RESUME = 0
    _M_NEW = 1
    _M_SCORES = 2
    _M_STATS = 3
    _M_SOUND = 4
    _M_CONTINUE = 5
    _M_CARD = 6
    _M_HINT = 7
    _M_UNDO = 8
    _M_QUIT = 9
    _M_HINTS = 10
    _M_EXPORT = 11
    _M_NAMES = ('Resume game', 'New game', 'High scores', 'Lifetime stats', 'Sound',
                'Continue', 'Scorecard', 'Hint', 'Undo last box', 'Main menu', 'Hints',
                'Export CSV')

    def _menu_value(self, code):
        if code == self._M_SOUND:
            return 'on' if self.sound else 'off'
        if code == self._M_HINTS:
            return 'on' if self.hints else 'off'
        return ''

    def _show_menu(self):
        self.scene = MENU
        codes = []
        if self._saved and self.game is not None and not self.game.over:
            codes.append(self._M_RESUME)
        codes += [self._M_NEW, self._M_SCORES, self._M_STATS]
        if self.fs_writable and self._file_writer is not None:
            codes.append(self._M_EXPORT)
        codes.append(self._M_SOUND)
        self._menu = codes
        title = 'Saved game found' if codes[0] == self._M_RESUME else 'Yahtzee'
        self._set_list(title, [self._M_NAMES[c] for c in codes],
                       [self._menu_value(c) for c in codes], cursor=0)

    def _show_pause(self):
        self.scene = PAUSE
        codes = [self._M_CONTINUE, self._M_CARD]
        if self.hints_available():
            codes.append(self._M_HINT)
        if self.game.can_undo:
            codes.append(self._M_UNDO)
        codes += [self._M_HINTS, self._M_SOUND, self._M_QUIT]
        self._menu = codes
        self._set_list('Paused', [self._M_NAMES[c] for c in codes],
                       [self._menu_value(c) for c in codes], cursor=0,
                       title_right='R%d' % self.game.round)

    def _menu_pick(self, now):
        code = self._menu[self.cursor]
        if code == self._M_RESUME or code == self._M_CONTINUE:
            self._enter_turn(now)
        elif code == self._M_NEW:
            self._show_setup(0)
        elif code == self._M_SCORES:
            self._show_scores()
        elif code == self._M_STATS:
            self._show_stats()
        elif code == self._M_EXPORT:
            self.export_csv()
        elif code == self._M_SOUND or code == self._M_HINTS:
            if code == self._M_SOUND:
                self.sound = not self.sound
            else:
                self.hints = not self.hints
            self.values[self.cursor] = self._menu_value(code)
            self.list_version += 1
            self._touch()
            self._save_records()
            if self.game is not None and not self.game.over and self._saved:
                self.save_game()
            self._beep(880, 40)
        elif code == self._M_CARD:
            self._return_scene = PAUSE
            self._show_card()
        elif code == self._M_HINT:
            self._enter_turn(now)
            self.show_hint()
        elif code == self._M_UNDO:
            self.undo(now)
        elif code == self._M_QUIT:
            self._show_menu()

    # -- new game setup --
    def _setup_rows(self):
        n = self.setup_players
        items = ['Players']
        values = ['%d' % n]
        for p in range(n):
            items.append('  ' + self.player_name(p))
            values.append(KIND_NAMES[self.setup_kinds[p]])
        items += ['Rules', 'Hints', 'Sound', 'Start game']
        values += [RULES_NAMES[self.setup_rules], 'on' if self.hints else 'off',
                   'on' if self.sound else 'off', '']
        if not self.can_save(n) and self._game_store is not None:
            values[-1] = 'no save'
        return items, values

    def _show_setup(self, cursor):
        self.scene = SETUP
        items, values = self._setup_rows()
        self._set_list('New game', items, values, cursor=cursor)

    def _setup_change(self, delta, now):
        c = self.cursor
        n = self.setup_players
        if c == 0:
            self.setup_players = (n - 1 + delta) % 8 + 1
        elif c <= n:
            p = c - 1
            self.setup_kinds[p] = (self.setup_kinds[p] + delta) % len(KIND_NAMES)
        elif c == n + 1:
            self.setup_rules = (self.setup_rules + delta) % len(RULES_NAMES)
        elif c == n + 2:
            self.hints = not self.hints
        elif c == n + 3:
            self.sound = not self.sound
        else:
            self.start_game(now)
            return
        items, values = self._setup_rows()
        self.items = items
        self.values = values
        if self.cursor >= len(items):
            self.cursor = len(items) - 1
        self._scroll_to_cursor()
        self.list_version += 1
        self._touch()

    def start_game(self, now):
        yc = self._yc
        kinds = [yc.KINDS[self.setup_kinds[p]] for p in range(self.setup_players)]
        rules = yc.ruleset(yc.RULESETS[self.setup_rules])
        self.game = yc.Game(rules, kinds, self.rng)
        # a fresh id (never 0, never the last game counted) marks this game's result
        gid = (self.records.last_game + 1 + (self._rand() & 0xFF)) & 0xFFFF
        self.game_id = gid if gid else 1
        self._new_game_state(True)
        self._save_records()
        self.save_game()
        self._enter_turn(now)

    # -- records screens --
    def _show_scores(self):
        self.scene = SCORES
        items = []
        values = []
        for i in range(len(self.records.high)):
            score, initials, rid = self.records.high[i]
            items.append('%d %s %s' % (i + 1, initials, RULES_NAMES[rid] if rid < len(RULES_NAMES) else '?'))
            values.append('%d' % score)
        if not items:
            items.append('No scores yet')
            values.append('')
        self._set_list('High scores', items, values, footer='' if self._records_store else 'not saved')

    def _show_stats(self):
        self.scene = STATS
        r = self.records
        items = ['Games', 'Average', 'Best', 'Yahtzees', 'Upper bonus', 'Wins', 'Zeros']
        values = ['%d' % v for v in (r.games, r.average, r.best, r.yahtzees, r.bonuses,
                                     r.wins, r.zeros)]
        self._set_list('Lifetime stats', items, values,
                       footer='' if self._records_store else 'not saved')

    def export_csv(self):
        """Write high scores and lifetime stats to CSV_PATH on the board's drive; the
        outcome (or why it failed: read-only, full) is a note, never a crash."""
        lines = self.records.to_csv_lines(self._yc.RULESETS)
        msg = self.dialog_lines
        try:
            self._file_writer(CSV_PATH, lines)
            msg[0] = 'Exported to'
            msg[1] = CSV_PATH
            self._beep(1319, 80)
        except OSError as e:
            code = e.args[0] if e.args else 0
            msg[0] = 'Export failed'
            if code == _EROFS:
                msg[1] = 'Drive is read-only'
            elif code == _ENOSPC:
                msg[1] = 'Drive is full'
            else:
                msg[1] = 'File error %s' % code
            self._beep(220, 200)
        except MemoryError:
            msg[0] = 'Export failed'
            msg[1] = 'Out of memory'
        msg[2] = 'any key: close'
        self.dialog = DLG_NOTE
        self._touch()

    # ================================================================== turns
    def _enter_turn(self, now):
        """Show the current seat's turn: PLAY for a human, CPU for a computer."""
        g = self.game
        if g.over:
            self._game_over(now)
            return
        self.dialog = DLG_NONE
        self.tumbling = False
        self.view = VIEW_PLAY
        self.die_cursor = -1 if self.hold_buttons else (0 if g.rolled else CURSOR_ROLL)
        if self._is_cpu(g.current):
            self.scene = CPU
            self._cpu_phase = 0
            self._step_at = now - self.step_ms // 2    # first step after half a step
        else:
            self.scene = PLAY
        self._sync_dice()
        self._update_play_texts()

    def _sync_dice(self):
        g = self.game
        changed = False
        for i in range(5):
            if self.faces[i] != g.dice[i]:
                self.faces[i] = g.dice[i]
                changed = True
            if self.held[i] != g.held[i]:
                self.held[i] = g.held[i]
                changed = True
        if changed:
            self._touch()

    def _update_play_texts(self, cpu_text=None):
        g = self.game
        p = g.current
        self.header_left = '%s R%d/%d' % (self.player_name(p), g.round, g.rules.rounds)
        if self._is_cpu(p):
            self.header_left = '%s %s R%d' % (self.player_name(p), KIND_SHORT[self._kind_index(p)], g.round)
        self.header_right = '%d' % g.cards[p].total
        left = g.rolls_left
        if self.scene == CPU:
            self.line_a = cpu_text if cpu_text is not None else 'Computer plays'
            self.line_b = 'OK: skip'
        else:
            if left == 0:
                self.line_a = 'No rolls left'
            elif left == 1:
                self.line_a = '1 roll left'
            else:
                self.line_a = '%d rolls left' % left
            how = 'shake' if self.has_shake else 'OK'
            if left == 0:
                self.line_b = 'OK: pick a box'
            elif not g.rolled:
                self.line_b = 'Shake to roll' if self.has_shake else 'OK to roll'
            elif self.hold_buttons:
                self.line_b = 'Hold 1-5, then ' + how
            else:
                self.line_b = 'Hold, then ' + how
            if self.small_screen:
                # 128x32: rolls left join the header; one short prompt at the side
                self.header_left = '%s R%d %s' % (self.player_name(p), g.round,
                                                  '%d left' % left if left else 'pick')
                self.line_a = 'OK:box' if left == 0 else ('Shake!' if self.has_shake else 'OK')
        self._note_until = -1
        self.play_version += 1
        self._touch()

    def _can_roll(self):
        g = self.game
        return g is not None and not g.over and g.rolls_left > 0

    def roll(self, now):
        """The human's roll (shake end or OK)."""
        g = self.game
        if not self._can_roll():
            return
        if g.rolled:
            all_held = True
            for i in range(5):
                if not g.held[i]:
                    all_held = False
            if all_held:        # keeping everything means stopping: pick a box
                self._show_card()
                return
            self._log_hold(g)
        g.roll()
        self.tumbling = False
        self.save_game()
        self._sync_dice()
        if self.faces[0] == self.faces[1] == self.faces[2] == self.faces[3] == self.faces[4]:
            self._beep(1568, 300)
        else:
            self._beep(440, 60)
        if not self.hold_buttons:
            self.die_cursor = 0 if g.rolls_left else CURSOR_CARD
        self._update_play_texts()
        if g.rolls_left == 0 and not self.hold_buttons:
            self.die_cursor = CURSOR_CARD

    def toggle_hold(self, i, now):
        g = self.game
        if not g.rolled:
            self.note('Roll first', now)
            return
        if g.rolls_left == 0:
            self.note('OK: pick a box', now)
            return
        g.toggle(i)
        self.save_game()
        self._sync_dice()
        self._beep(660 if g.held[i] else 330, 30)

    def _play_action(self, action, now):
        g = self.game
        hi = A.hold_index(action)
        if action == A.SHAKE_START:
            if self._can_roll():
                self.tumbling = True
                self._tumble_at = now
            return
        if action == A.SHAKE_END:
            if self.tumbling:
                self.tumbling = False
                self.roll(now)
            return
        if self.tumbling:
            return      # buttons wait until the dice settle
        if hi >= 0:
            if self.hold_buttons:
                self.toggle_hold(hi, now)
            return
        if action == A.BACK:
            self._show_pause()
        elif action == A.HINT:
            self.show_hint()
        elif action == A.DOWN and self.hold_buttons:
            if g.rolled:
                self._show_card()
        elif self.hold_buttons:
            if action == A.OK:
                if g.rolls_left == 0:
                    self._show_card()
                else:
                    self.roll(now)
            elif action == A.RIGHT and g.rolled:
                self._show_card()
        else:
            if action == A.LEFT or action == A.RIGHT or action == A.UP or action == A.DOWN:
                step = -1 if (action == A.LEFT or action == A.UP) else 1
                c = self.die_cursor
                for _ in range(7):
                    c = (c + step) % 7
                    if c == CURSOR_CARD and not g.rolled:
                        continue
                    if c < 5 and (not g.rolled or g.rolls_left == 0):
                        continue
                    if c == CURSOR_ROLL and g.rolls_left == 0:
                        continue
                    break
                if c != self.die_cursor:
                    self.die_cursor = c
                    self._touch()
            elif action == A.OK:
                c = self.die_cursor
                if c < 0:
                    self.roll(now)
                elif c < 5:
                    self.toggle_hold(c, now)
                elif c == CURSOR_ROLL:
                    self.roll(now)
                else:
                    self._show_card()

    # -- computer turns --
    def _cpu_step(self, now):
        """One visible step of a computer turn: roll, hold, roll, ..., fill."""
        g = self.game
        p = g.current
        bot = self._get_bot(p)
        if self._cpu_phase == 2:            # the box was announced: fill it now
            self._fill_box(self._cpu_box, now)
            return
        if not g.rolled:
            g.roll()
            self._sync_dice()
            self._beep(440, 40)
            self._update_play_texts('Rolls')
        elif g.rolls_left > 0 and self._cpu_phase == 0:
            flags = bot.choose_hold(g.cards[p], g.dice, g.rolls_left)
            keep = 0
            for i in range(5):
                if flags[i]:
                    g.hold(i)
                    keep += 1
                else:
                    g.release(i)
            self._sync_dice()
            if keep == 5:
                self._cpu_phase = 3         # keeps everything: choose a box next
                self._update_play_texts('Keeps all')
            else:
                self._cpu_phase = 1
                self._update_play_texts('Holds %d' % keep if keep else 'Holds none')
        elif g.rolls_left > 0 and self._cpu_phase == 1:
            g.roll()
            self._cpu_phase = 0
            self._sync_dice()
            self._beep(440, 40)
            self._update_play_texts('Rolls')
        else:
            box = bot.choose_box(g.cards[p], g.dice)
            self._cpu_box = box
            self._cpu_phase = 2
            g.card.points_into(g.dice, self._pts)
            self._update_play_texts('%s: %d' % (g.rules.labels[box], self._pts[box]))
        self.save_game()

    def _cpu_finish(self, now):
        """OK during a computer turn: play the rest of it at once."""
        g = self.game
        p = g.current
        for _ in range(16):
            if self.scene != CPU or g.current != p or g.over:
                break
            self._cpu_step(now)

    # -- scorecard --
    def _card_rows(self):
        g = self.game
        card = g.card
        rules = g.rules
        rolled = g.rolled
        if rolled:
            card.points_into(g.dice, self._pts)
        items = []
        values = []
        rows = []
        for b in range(rules.n_boxes):
            items.append(rules.labels[b])
            s = card.scores[b]
            if s != 255:
                values.append('%d' % s)
            elif rolled and self._pts[b] != 255:
                values.append('(%d)' % self._pts[b])
            else:
                values.append('-' if rolled else '')
            rows.append(b)
        par = card.upper_par
        items.append('Upper')
        values.append('%d %s%d' % (card.upper_total, '+' if par >= 0 else '', par))
        rows.append(-1)
        if rules.upper_bonus:
            items.append('Bonus')
            values.append('%d' % card.upper_bonus)
            rows.append(-1)
        if rules.five_alike_bonus:
            items.append('Yahtzee bonus')
            values.append('%d' % card.yahtzee_bonus)
            rows.append(-1)
        items.append('Total')
        values.append('%d' % card.total)
        rows.append(-1)
        return items, values, rows

    def _card_allowed(self, row):
        b = self._rows[row]
        if not self.game.rolled:
            return True
        return b >= 0 and self._pts[b] != 255

    def _show_card(self, cursor_box=-1):
        g = self.game
        self.scene = CARD
        self.tumbling = False
        items, values, rows = self._card_rows()
        self._rows = rows
        cursor = 0
        if g.rolled:
            best = -1
            for r in range(len(rows)):
                b = rows[r]
                if b >= 0 and self._pts[b] != 255 and (best < 0 or self._pts[b] > self._pts[rows[best]]):
                    best = r
            cursor = best if best >= 0 else 0
            if cursor_box >= 0:
                cursor = cursor_box
        par = g.card.upper_par
        footer = 'Up %d %s%d' % (g.card.upper_total, '+' if par >= 0 else '', par)
        if g.rolled:
            footer += '  %d %d %d %d %d' % tuple(g.dice)
        self._set_list(self.player_name(g.current), items, values, cursor=cursor,
                       title_right='%d' % g.card.total, footer=footer)

    def _card_pick(self, now):
        g = self.game
        if not g.rolled:
            return
        b = self._rows[self.cursor]
        if b < 0 or self._pts[b] == 255:
            return
        if self._pts[b] == 0:
            self.dialog = DLG_ZERO
            self.dialog_lines[0] = 'Score 0 in'
            self.dialog_lines[1] = g.rules.labels[b] + '?'
            self.dialog_lines[2] = 'OK yes  BACK no'
            self._zero_box = b
            self._touch()
            return
        self._fill_box(b, now)

    def _fill_box(self, b, now):
        g = self.game
        p = g.current
        if not self._is_cpu(p):
            self._log_box(g, b)
        gained = g.fill(b)
        self._beep(988 if gained else 220, 80)
        self.dialog = DLG_NONE
        if g.over:
            self._game_over(now)
            return
        self.save_game()
        self._enter_turn(now)
        if not self._is_cpu(g.current) and len(g.kinds) > 1:
            self.note("%s's turn" % self.player_name(g.current), now)

    def undo(self, now):
        g = self.game
        if g is None or not g.can_undo:
            return
        g.undo()
        # the undone box is no longer a decision (the turn's holds still are)
        log = self._logs[g.current] if self._logs is not None else None
        if log is not None and len(log) and log.record(len(log) - 1)[4] == 0:
            log.data = log.data[:-8]
        self.save_game()
        self._enter_turn(now)
        self.note('Undone', now)

    # -- hints --
    def show_hint(self):
        """The best hold (or box) for the dice now and its expected final score, as a
        dialog; from level `good` when there is no strategy table (the dialog says so)."""
        g = self.game
        if not self.hints_available() or g.over or self._is_cpu(g.current):
            return
        src = self.hint_source()
        estimate = getattr(src, 'fallback', False)
        lines = self.dialog_lines
        lines[0] = 'Hint (no table)' if estimate else 'Hint'
        self._hint = None
        if not g.rolled:
            lines[1] = 'Roll the dice first'
            lines[2] = ''
        else:
            kept = None
            if g.rolls_left > 0:
                value, kept = src.hold_options(g.card, g.dice, g.rolls_left)[0]
            if kept is not None and len(kept) < 5:
                self._hint = ('hold', kept)
                lines[1] = 'Keep ' + (' '.join(['%d' % d for d in kept]) if kept else 'none')
            else:
                value, box = src.box_options(g.card, g.dice)[0]
                self._hint = ('box', box)
                lines[1] = 'Score ' + g.rules.labels[box]
            lines[2] = '%s total %d.%02d' % ('Est.' if estimate else 'Exp.', value // 100,
                                             value % 100)
        self.dialog = DLG_HINT
        self._touch()

    def _apply_hint(self, now):
        h = self._hint
        self.dialog = DLG_NONE
        self._touch()
        if h is None:
            return
        g = self.game
        if h[0] == 'hold':
            from yahtzee_core.bots import held_flags
            flags = held_flags(g.dice, h[1])
            for i in range(5):
                g.held[i] = flags[i]
            self.save_game()
            self._sync_dice()
        else:
            self._show_card()
            for r in range(len(self._rows)):
                if self._rows[r] == h[1]:
                    self.cursor = r
                    self._scroll_to_cursor()
            self._touch()

    # -- decision log (for the points-lost analysis) --
    # yahtzee_core.analysis.DecisionLog, one per human seat: 8 bytes a decision,
    # each carrying the card state it was made in (so a resumed game still counts).
    def _seat_log(self, g):
        if self._logs is None:
            from yahtzee_core.analysis import DecisionLog
            self._logs = [None if k != 'human' else DecisionLog() for k in g.kinds]
        return self._logs[g.current]

    def _log_hold(self, g):
        log = self._seat_log(g)
        if log is not None:
            log.hold(g.card, g.dice, g.rolls_left, g.held)

    def _log_box(self, g, b):
        log = self._seat_log(g)
        if log is not None:
            log.box(g.card, g.dice, b)

    # ================================================================== game over
    def _game_over(self, now):
        g = self.game
        self.dialog = DLG_NONE
        self.tumbling = False
        if not self._over_done:
            self._over_done = True
            self._record_game()
        self._show_ranking()

    def _record_game(self):
        """Count the finished game once (a replay after a power cut is skipped) and put
        qualifying human scores into the table, to be named next."""
        g = self.game
        r = self.records
        self._pending_high = []
        ranking = g.ranking()
        if self.game_id != r.last_game:
            r.last_game = self.game_id
            multi = len(g.kinds) > 1
            for place, p, total in ranking:
                if self._is_cpu(p):
                    continue
                st = g.stats(p)
                r.add_game(total, st['yahtzees'], g.cards[p].upper_bonus > 0,
                           st['zeros'], multi and place == 1)
                spot = r.add_score(total, self._default_initials(), g.rules.id)
                if spot >= 0:
                    # later insertions push earlier ones down
                    for e in self._pending_high:
                        if e[0] >= spot:
                            e[0] += 1
                    self._pending_high.append([spot, p])
            self._save_records()
        self._clear_game()

    def _default_initials(self):
        return 'AAA'

    def _show_ranking(self):
        g = self.game
        self.scene = OVER
        items = []
        values = []
        for place, p, total in g.ranking():
            kind = KIND_SHORT[self._kind_index(p)]
            items.append('%d. %s%s' % (place, self.player_name(p), ' ' + kind if kind else ''))
            values.append('%d' % total)
        self._set_list('Game over', items, values, footer='OK: continue')

    def _after_ranking(self):
        if self._pending_high:
            place, p = self._pending_high[0]
            self.scene = INITIALS
            self._initials[:] = b'AAA'
            self._initial_pos = 0
            self._high_place = place
            self._update_initials()
            return
        self._show_analysis_or_menu()

    def _update_initials(self):
        g = self.game
        place, p = self._pending_high[0]
        score = self.records.high[place][0]
        s = ''
        for k in range(3):      # the letter being edited is bracketed
            c = chr(self._initials[k])
            s += '[' + c + ']' if k == self._initial_pos else ' ' + c + ' '
        self._set_list('High score!', ['%s scored %d' % (self.player_name(p), score),
                                        'Name:  ' + s], ['', ''],
                       footer='OK next  BACK prev')

    def _initials_action(self, action):
        # next letter: UP, RIGHT, HOLD_2; previous: DOWN, LEFT, HOLD_1 (every board)
        d = 0
        if action == A.UP or action == A.RIGHT or action == A.HOLD_2:
            d = 1
        elif action == A.DOWN or action == A.LEFT or action == A.HOLD_1:
            d = -1
        pos = self._initial_pos
        if d:
            chars = INITIAL_CHARS
            i = chars.find(chr(self._initials[pos]))
            self._initials[pos] = ord(chars[(i + d) % len(chars)])
            self._update_initials()
        elif action == A.OK:
            if pos < 2:
                self._initial_pos += 1
                self._update_initials()
            else:
                place, p = self._pending_high.pop(0)
                self.records.set_initials(place, bytes(self._initials).decode().replace('_', ' '))
                self._save_records()
                self._beep(1319, 120)
                self._after_ranking()
        elif action == A.BACK and pos > 0:
            self._initial_pos -= 1
            self._update_initials()

    def _show_analysis_or_menu(self):
        rows = self.analysis_rows()
        if rows is None:
            self._show_menu()
            return
        self.scene = ANALYSIS
        items = [r[0] for r in rows]
        values = [r[1] for r in rows]
        self._set_list('Points lost', items, values,
                       footer='' if self._log_complete else 'since resume')

    def analysis_rows(self):
        """[(player name, points lost 'P.PP')] of each human seat against optimal play
        (yahtzee_core.analysis), or None without a strategy table or decisions."""
        g = self.game
        if g is None or self._logs is None:
            return None
        planner = self.analysis_planner()
        if planner is None:
            return None
        from yahtzee_core.analysis import analyze
        rows = []
        for p in range(len(g.kinds)):
            log = self._logs[p]
            if log is None:
                continue
            try:
                v = analyze(planner, log).total
            except ValueError:      # a record the planner cannot judge: leave it out
                return None
            rows.append((self.player_name(p), '%d.%02d' % (v // 100, v % 100)))
        return rows or None

    # ================================================================== input/time
    def handle(self, action, now):
        """Feed one action code. The waking press of a dimmed/asleep screen is eaten."""
        if action == A.NONE:
            return
        self._last_input = now
        if self.power != AWAKE:
            self.power = AWAKE
            self._touch()
            return
        if self.dialog != DLG_NONE:
            self._dialog_action(action, now)
            return
        s = self.scene
        if s == PLAY:
            self._play_action(action, now)
        elif s == CPU:
            if action == A.OK:
                self._cpu_finish(now)
            elif action == A.BACK:
                self._show_pause()
        elif s == CARD:
            self._card_action(action, now)
        elif s == INITIALS:
            self._initials_action(action)
        elif action == A.SHAKE_START or action == A.SHAKE_END:
            return
        else:
            self._list_action(action, now)

    def _dialog_action(self, action, now):
        d = self.dialog
        if action == A.SHAKE_START or action == A.SHAKE_END:
            return
        if d == DLG_ZERO:
            if action == A.OK:
                self.dialog = DLG_NONE
                self._fill_box(self._zero_box, now)
            elif action == A.BACK:
                self.dialog = DLG_NONE
                self._touch()
        elif d == DLG_HINT:
            if action == A.OK:
                self._apply_hint(now)
            else:
                self.dialog = DLG_NONE
                self._touch()
        else:
            self.dialog = DLG_NONE
            self._touch()

    def _card_action(self, action, now):
        v = self._vertical(action)
        if v:
            self._move_cursor(v, self._card_allowed)
        elif action == A.OK:
            if self.game.rolled:
                self._card_pick(now)
            else:
                self._card_back(now)
        elif action == A.BACK:
            self._card_back(now)
        elif action == A.HINT:
            self.show_hint()

    def _card_back(self, now):
        if self._return_scene == PAUSE:
            self._return_scene = MENU
            self._show_pause()
        else:
            self._enter_turn(now)

    def _list_action(self, action, now):
        s = self.scene
        v = self._vertical(action)
        if s == SETUP and self.hold_buttons and (action == A.LEFT or action == A.RIGHT):
            self._setup_change(-1 if action == A.LEFT else 1, now)
            return
        if v:
            if self.cursor >= 0:
                self._move_cursor(v)
            else:
                self._scroll(v)
            return
        if s == BOOT:
            if action == A.OK or action == A.BACK:
                self._show_menu()
        elif s == MENU:
            if action == A.OK:
                self._menu_pick(now)
        elif s == PAUSE:
            if action == A.OK:
                self._menu_pick(now)
            elif action == A.BACK:
                self._enter_turn(now)
        elif s == SETUP:
            if action == A.OK:
                self._setup_change(1, now)
            elif action == A.BACK:
                self._save_records()
                self._show_menu()
        elif s == OVER:
            if action == A.OK or action == A.BACK:
                self._after_ranking()
        elif s == ANALYSIS or s == SCORES or s == STATS:
            if action == A.OK or action == A.BACK:
                self._show_menu()

    def tick(self, now):
        """Advance timers: tumbling dice, computer steps, notes, dimming. Allocates
        nothing when nothing happens."""
        if self.tumbling:
            if elapsed(now, self._tumble_at) >= _TUMBLE_MS:
                self._tumble_at = now
                g = self.game
                for i in range(5):
                    if not g.rolled or not g.held[i]:
                        self.faces[i] = self._rand() % 6 + 1
                self._touch()
            self._last_input = now
        elif self.scene == CPU and self.dialog == DLG_NONE:
            if elapsed(now, self._step_at) >= self.step_ms:
                self._step_at = now
                self._cpu_step(now)
            self._last_input = now
        if self._note_until >= 0 and elapsed(now, self._note_until) > 0:
            self._note_until = -1
            if self.scene == PLAY:
                self._update_play_texts()
        idle = elapsed(now, self._last_input)
        if self.power == AWAKE and idle >= self.dim_ms:
            self.power = DIM
        if self.power == DIM and idle >= self.sleep_after_ms:
            self.power = ASLEEP

    def shake_lost(self, message=None):
        """The shake sensor stopped working mid-game (the loop notices): OK rolls from
        now on, the play texts say so and a note tells the player once."""
        if not self.has_shake:
            return
        self.has_shake = False
        if message:
            self.messages.append(message)
        if self.tumbling:           # a shake in progress will never end: forget it
            self.tumbling = False
            self._sync_dice()
        if self.game is not None and (self.scene == PLAY or self.scene == CPU or
                                      self.scene == CARD):
            if self.scene != CARD:
                self._update_play_texts()
            lines = self.dialog_lines
            lines[0] = 'Shake sensor lost'
            lines[1] = 'OK rolls the dice'
            lines[2] = 'any key: close'
            self.dialog = DLG_NOTE
        self._touch()

    # ================================================================== for tests
    def screen_text(self):
        """The screen as lines of text (tests, logs, the MicroPython check)."""
        out = []
        if self.view == VIEW_PLAY:
            out.append('%s | %s' % (self.header_left, self.header_right))
            dice = ''
            for i in range(5):
                f = self.faces[i]
                mark = '*' if self.held[i] else ' '
                cur = '>' if self.die_cursor == i else ' '
                dice += '%s%s%s ' % (cur, '%d' % f if f else '-', mark)
            out.append(dice.rstrip())
            if not self.hold_buttons:
                out.append('%sRoll %sCard' % ('>' if self.die_cursor == CURSOR_ROLL else ' ',
                                              '>' if self.die_cursor == CURSOR_CARD else ' '))
            out.append(self.line_a)
            out.append(self.line_b)
        else:
            out.append('%s | %s' % (self.title, self.title_right))
            for i in range(len(self.items)):
                mark = '>' if i == self.cursor else ' '
                out.append('%s%s | %s' % (mark, self.items[i], self.values[i]))
            if self.footer:
                out.append(self.footer)
        if self.dialog != DLG_NONE:
            out.append('[%s / %s / %s]' % tuple(self.dialog_lines))
        return out
