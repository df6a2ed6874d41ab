"""Random presses on the real App: no press a player can make may raise, in any scene,
ruleset or board, with the power cut at any flash operation.

    .venv/bin/python tests/press_fuzz.py [--presses N] [--seed S] [--rules NAME ...]
                                         [--boards NAME ...]
    .venv/bin/python tests/press_fuzz.py --rules yamb --boards 128x32 --seed 3 --presses 2400
                                         (replays one run, as a failure prints it)

Each run plays one ruleset on one board (hardware/desktop.py board_shape: the Pico's
128x64 with five hold buttons and OK/BACK, the same buttons with a 128x32 OLED, the
FeatherWing's three buttons on 128x32) through tools.screenshots.Session on an RP2040
flash model (hardware/flash_model.py), the views updated after every press as the
device loop does. Its presses, drawn by a seeded generator:

- HINT then OK (follow the hint: an odds screen before the roll, a hold and roll,
  a box filled), HELP, and the pause menu's Odds, Hint (then OK), Rules, Scorecard,
  Standings or Undo, in whatever scene the app is in;
- any other action of the board (its buttons and their long presses), now and then
  any action at all (the simulator's keyboard sends arrows on every board), a
  shake, a wait (a computer's turn, a note's end, the dim and the deep sleep);
- power cuts: at a flash operation a few ahead, part way through it or just after
  (hardware/flash_model.Cut), or between writes; a fresh App then boots on what the
  cut left, with the same dice, as a board powered up again does.

A game over or the menu starts the next game of the run's ruleset at once (a mix of
human seats and computers), and now and then one starts over the game in play;
most of them start part way through (the core's random legal
moves up to a random round, as a resumed save), so the presses stay in games and
reach their late rounds. Runs of the rulesets in TABLED have their strategy tables
(exact hints, the coach, the analysis); the rest play as a board without tables. A run counts, per
ruleset, the hints followed, the Odds and help screens opened (and from which scene):
tests/test_ui_fuzz.py fails when a ruleset never reached one, so the test cannot
quietly stop covering them. Any exception fails with the run's replay command and
every press of the run (PRESS_NAMES below; `wN` a wait of N ms, `cut`/`off` a power
cut). bench/bench_presses.py --fuzz N runs more.
"""
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from events import actions as A                             # noqa: E402
from hardware.desktop import board_shape                    # noqa: E402
from hardware.flash_model import Cut, FlashNvm, PowerCut    # noqa: E402
from tools.screenshots import Session                       # noqa: E402
from tools.scripted_dice import ScriptedDice                # noqa: E402
from ui import codes                                        # noqa: E402
import yahtzee_core as yc                                   # noqa: E402

BOARDS = ('default', '128x32', 'three-button')

# the actions each kind of board makes: its buttons and their long presses
# (hardware/profiles.py long_press); the keyboard adds the arrows on every board
# (OK, which plays on, more often than the rest)
_PICO = (A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5, A.OK, A.OK, A.OK, A.OK,
         A.BACK, A.BACK, A.HINT, A.STANDINGS, A.HOLD_6)
_THREE = (A.LEFT, A.OK, A.OK, A.OK, A.RIGHT, A.RIGHT, A.BACK, A.HINT, A.HELP)
_ANY = (A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5, A.OK, A.BACK, A.LEFT,
        A.RIGHT, A.UP, A.DOWN, A.HINT, A.HELP, A.STANDINGS, A.HOLD_6)
# seat kinds of the games a run starts (0 human, 1 perfect, 2 good, 3 beginner,
# 4 casual): mostly humans, whose presses these are
_TABLES = ((0,), (0,), (0, 0), (0, 2), (0, 3, 0), (0, 1), (0, 4), (3, 0, 0, 0))
# rulesets whose runs have their strategy table (tables/, as the simulator's; the
# suite's other tests build these anyway): exact hints, the coach and the points-lost analysis; the others
# play as a board without tables (hints and perfect seats from level good)
TABLED = ('yacht', 'crag', 'yahtzee', 'kniffel', 'generala', 'kismet')


def table_for(rules):
    if rules not in TABLED:
        return None
    from tools.strategy_table import ensure_tables
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return ensure_tables(rules, os.path.join(root, 'tables'))['plain']


class FuzzFailure(AssertionError):
    pass


class Run:
    """One seeded run: a ruleset on a board, `presses` presses."""

    def __init__(self, rules, board, seed, presses, views=True):
        self.rules = rules
        self.board = board
        self.seed = seed
        self.target = presses
        self.rng = random.Random('%s/%s/%d' % (rules, board, seed))
        self.shape = board_shape(board)
        self.keys = _PICO if self.shape['hold_keys'] else _THREE
        self.dice = ScriptedDice(seed=seed)
        self.nvm = FlashNvm('rp2040')
        self.log = []               # every press, for the replay
        self.presses = 0
        self.boots = self.cuts = self.games = 0
        self.counts = {'hint_ok': 0, 'odds': 0, 'help': 0}
        self.opened_from = {}       # (screen, scene it was opened from): count
        self.views = views
        self.table = table_for(rules)
        self.s = None
        self._boot()

    # -- the board -------------------------------------------------------------------
    def _boot(self):
        shape = self.shape
        self.s = Session(width=shape['width'], height=shape['height'], dice=self.dice,
                         hold_buttons=shape['hold_keys'], has_shake=shape['shake'],
                         storage=self.nvm, profile=shape['profile'],
                         rules_default=self.rules, table_path=self.table)
        if self.table is not None:      # (a setting the records keep; set here too)
            self.s.app.coach_mode = self.rng.randrange(3)
        self.boots += 1
        self._draw()

    def _draw(self):
        if self.views:
            self.s.views.update(self.s.app)

    def _do(self, what, *args):
        """One step on the app; a power cut in it boots the board again."""
        try:
            what(*args)
            self._draw()
        except PowerCut:
            self.log.append('cut')
            self.cuts += 1
            self._boot()

    def press(self, action):
        self.log.append(A.name(action))
        self.presses += 1
        app = self.s.app
        before, dialog = app.scene, app.dialog
        self._do(self.s.press, action)
        self._note(before, dialog, action)

    def wait(self, ms):
        self.log.append('w%d' % ms)
        self._do(self.s.wait, ms)

    def _note(self, before, dialog, action):
        app = self.s.app
        g = app.game
        if g is None or g.rules.name != self.rules:
            return              # (the menus may start a game of another ruleset)
        if dialog == codes.DLG_HINT and action == A.OK:
            self.counts['hint_ok'] += 1
            self._opened('hint_ok', before)
        if app.scene != before:
            if app.scene == codes.ODDS:
                self.counts['odds'] += 1
                self._opened('odds', before)
            elif app.scene == codes.PAGES:
                self.counts['help'] += 1
                self._opened('help', before)

    def _opened(self, what, scene):
        key = (what, codes.SCENE_NAMES[scene])
        self.opened_from[key] = self.opened_from.get(key, 0) + 1

    # -- the player ------------------------------------------------------------------
    def new_game(self):
        s = self.s
        app = s.app
        kinds = self.rng.choice(_TABLES)
        self.log.append('game %s' % ''.join('%d' % k for k in kinds))
        self.games += 1
        if self.rng.random() < 0.3:
            app.setup_duplicate = self.rng.random() < 0.5
        self._do(s.start_game, self.rules, kinds)
        if self.rng.random() < 0.6 and self.s.app.game is not None:
            self._do(self.skip_ahead)

    def skip_ahead(self):
        """Half the games start part way through, as a resumed save does: random
        legal moves by the core (tests/save_fuzz.py) up to a random round, then the
        app takes the game on from its save (the late rounds: Yamb's Announce column
        alone, a nearly full card)."""
        from save_fuzz import random_step
        from ui.saves.store import save_game
        app = self.s.app
        g = app.game
        rng = self.rng
        stop = rng.randrange(1, g.rules.rounds + 1)
        in_order = rng.random() < 0.5     # a player who fills the card top down (Yamb:
        self.log.append('skip to round %d%s' % (stop, ' in order' if in_order else ''))
        cats = g.rules.categories       # its Announce column left for last)
        while g.round < stop and not g.over:
            options = g.options()
            if in_order and options and rng.random() < 0.5:
                g.fill(min(cats.index(c) for c in options))
            else:
                random_step(g, rng)
        g.last_fill = None
        app.turn_taken = False
        save_game(app)
        app.go(codes.PLAY, self.s.now)

    def step(self):
        rng = self.rng
        app = self.s.app
        g = app.game
        if app.scene in (codes.MENU, codes.BOOT) and (rng.random() < 0.9 or not self.games):
            if g is None or g.over:
                self.new_game()
            elif app.scene == codes.BOOT or app.items[app.cursor] == 'Resume game':
                self.press(A.OK)
            else:
                self.press(A.HOLD_1 if self.shape['hold_keys'] else A.LEFT)
            return
        r = rng.random()
        if r < 0.003:                   # a new game over the one in play (a long
            self.new_game()             # game, Yamb's 48 rounds, would take the run)
        elif r < 0.25:                  # a hint, followed
            self.press(A.HINT)
            self.press(A.OK)
        elif r < 0.28:
            self.press(A.HELP)
        elif r < 0.33:
            self.from_pause(rng.choice(('Odds', 'Odds', 'Hint', 'Rules', 'Scorecard',
                                        'Undo last box', 'Standings')))
        elif r < 0.35 and self.shape['shake']:
            self.log.append('shake')
            self.presses += 1
            self._do(self.s.press, A.SHAKE_START)
            self.wait(rng.choice((100, 400, 900)))
            self._do(self.s.press, A.SHAKE_END)
        elif r < 0.41:
            self.wait(rng.choice((300, 700, 1500, 3000)) if rng.random() < 0.97 else
                      rng.choice((70000, 200000)))
        elif r < 0.42:
            self.power_cut()
        elif r < 0.46:
            self.press(rng.choice(_ANY))
        else:
            self.press(rng.choice(self.keys))

    def from_pause(self, item):
        """BACK (the pause menu, where the scene has one) and its `item`, if it has
        it (the Hint item: then OK, to follow it)."""
        s = self.s
        self.press(A.BACK)
        app = s.app
        if app.scene == codes.PAUSE and item in app.items:
            down = A.HOLD_2 if self.shape['hold_keys'] else A.RIGHT     # the board's
            for _ in range(len(app.items)):
                if app.items[app.cursor] == item or app.scene != codes.PAUSE:
                    break
                self.press(down)
            if app.scene == codes.PAUSE:
                self.press(A.OK)
                if item == 'Hint':
                    self.press(A.OK)

    def power_cut(self):
        """The power goes: at a flash operation a few ahead (mid-way or just after it),
        or now, between writes."""
        rng = self.rng
        if rng.random() < 0.7:
            self.nvm.cut = Cut(self.nvm.ops + rng.randrange(0, 4),
                               rng.choice((0.02, 0.5, 1)), rng.randrange(1 << 16))
            self.log.append('cut@%d' % self.nvm.cut.op)
        else:
            self.nvm.cut = None
            self.log.append('off')
            self.cuts += 1
            self._boot()

    def run(self):
        try:
            while self.presses < self.target:
                self.step()
        except Exception as e:
            raise FuzzFailure(self.failure(e)) from e
        self.nvm.cut = None
        return self

    def failure(self, e):
        import traceback
        return ('%s: %s\n%s\nreplay: .venv/bin/python tests/press_fuzz.py --rules %s '
                '--boards %s --seed %d --presses %d\npresses: %s' % (
                    type(e).__name__, e, ''.join(traceback.format_tb(e.__traceback__)[-6:]),
                    self.rules, self.board, self.seed, self.target, ' '.join(self.log)))


def run(rules, board, seed, presses, views=True):
    return Run(rules, board, seed, presses, views).run()


def main(argv):
    def opt(name, default):
        if name not in argv:
            return default
        i = argv.index(name) + 1
        out = []
        while i < len(argv) and not argv[i].startswith('--'):
            out.append(argv[i])
            i += 1
        return out
    presses = int(opt('--presses', ['2400'])[0])
    seed = int(opt('--seed', ['1'])[0])
    rulesets = opt('--rules', list(yc.RULESETS))
    boards = opt('--boards', list(BOARDS))
    total = 0
    t0 = time.process_time()
    for name in rulesets:
        for board in boards:
            r = run(name, board, seed, presses)
            total += r.presses
            print('%-20s %-13s %6d presses, %3d games, %3d boots (%d cuts); hint+OK %d, '
                  'odds %d, help %d' % (name, board, r.presses, r.games, r.boots, r.cuts,
                                        r.counts['hint_ok'], r.counts['odds'],
                                        r.counts['help']))
    cpu = time.process_time() - t0
    print('%d presses, %.1f s CPU (%.0f presses/s)' % (total, cpu, total / max(cpu, 1e-9)))


if __name__ == '__main__':
    main(sys.argv[1:])
