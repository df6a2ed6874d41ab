"""The app's shared part: scene and dialog codes, clock helpers, and AppBase, which owns
`__init__` (every attribute the scenes use), the list/cursor plumbing and the small
helpers every scene needs. The scenes are mixins in ui/scene_*.py; ui/app.py joins them.

Split from one module because a device compiles each .py in RAM at import: the compile
peak grows with the module's size, so no module here should be much over ~400 lines.
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

_WRAP = const(0x1FFFFFFF)   # CircuitPython's ticks_ms wraps at 2**29
_HALF = const(0x10000000)

_NOTE_MS = const(1500)

# CSV export (menu "Export CSV" when boot.py left the drive writable by the program)
CSV_PATH = '/yahtzee_stats.csv'

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



class AppBase:
    """State and plumbing shared by the scene mixins; see ui.app.App for the arguments."""

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
        self._labels = ()           # the game's box labels, split once per ruleset
        self._labels_of = None
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
        self._bot_noted = False     # a computer seat's fallback note was shown this game
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

    # ================================================================== helpers
    def box_label(self, b):
        """Short name of box b of the game's ruleset."""
        rules = self.game.rules
        if self._labels_of is not rules:
            self._labels = rules.labels.split('|')
            self._labels_of = rules
        return self._labels[b]

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
        self._bot_noted = False
