"""Desktop simulator: the device's app (ui/) on desktop hardware (hardware/desktop.py).

A Session is the app plus its hardware, advanced one frame at a time with step(now_ms)
with the device loop's own frame (ui.loop.frame): poll a few actions, feed them,
step the Runner (timers, views, display refresh, sound, power). Front ends (terminal,
window, headless scripts) differ only in where keys and time come from and where the
pixels go. Desktop only: device code never imports this package.
"""

import os
import random
import sys

from events import actions as A
from hardware.desktop import DesktopHardware, VirtualClock, WallClock
from hardware.desktop_power import DeepSleepRequest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Strategy tables as tools/strategy_table.py writes them (hints, perfect bots), built
# here on first use unless --table names others (sim/tables.py).
TABLES_DIR = os.path.join(ROOT, "tables")


def data_folder(env=None, platform=None):
    """Where the simulator keeps the handheld's storage between runs: $XDG_DATA_HOME
    (when set to a full path, on any system), else the system's place for an
    application's data, in a folder of its own."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    home = os.path.expanduser("~")
    base = env.get("XDG_DATA_HOME", "")
    if not os.path.isabs(base):
        if platform == "darwin":
            base = os.path.join(home, "Library", "Application Support")
        elif platform.startswith("win"):
            base = env.get("APPDATA") or os.path.join(home, "AppData", "Roaming")
        else:
            base = os.path.join(home, ".local", "share")
    return os.path.join(base, "pocket-yahtzee")


def default_save():
    """The storage file ./play.sh plays on unless told --save FILE or --no-save: the
    game in play, the records, the names and the settings, as a board's nvm keeps them."""
    return os.path.join(data_folder(), "handheld.nvm")


def holds_saves(data):
    """True when `data` (a save file's bytes) is a device storage this game keeps: erased
    (a new device), its journal (yahtzee_core/journal.py), or the layout before the
    journal with an intact slot (ui/saves/legacy.py). Anything else is some other file,
    which the game would overwrite."""
    from yahtzee_core.journal import FORMAT
    if data.count(0xFF) == len(data) or data[0:3] == bytes((0x59, 0x4A, FORMAT)):
        return True
    from ui.saves import legacy as nvm_legacy
    return any(slot and nvm_legacy._newest(data, at, slot) is not None
               for at, slot in nvm_legacy._slots(len(data)))


def no_tables(rules):
    """The app's table_path of a board without strategy tables (play.sh --no-tables)."""
    return None


def perfect_percentiles(name):
    """Perfect play's percentile table (bytes) of ruleset `name` from the committed
    exact distribution, as the bundle ships it in percentiles/NAME.pct; None when
    there is none."""
    from tools.percentile_table import table_for
    return table_for(name)


# A script that never ends (or an app that never settles) stops after this much app time.
HEADLESS_LIMIT_MS = 4 * 60 * 60 * 1000


class Options:
    """What the command line chose (sim/__main__.py fills it; tests build it)."""

    def __init__(self, rules=None, players=None, seed=None, board="default", save=None,
                 script=None, frames=None, gif=None, snap_dir=".", headless=False,
                 window=False, pixels="auto", bell=False, table=None, dice_seed=None):
        self.rules = rules
        self.players = players          # list of kind names, or None: start at the menu
        self.seed = seed
        self.board = board
        self.save = save
        self.script = script
        self.frames = frames
        self.gif = gif
        self.snap_dir = snap_dir
        self.headless = headless
        self.window = window
        self.pixels = pixels
        self.bell = bell
        self.table = table
        self.dice_seed = dice_seed      # the device's own seeded dice (hardware/dice.py)


def dice_source(seed, dice_seed=None):
    """The app's dice: the device's seeded dice with dice_seed (the same faces as a
    board with YAHTZEE_DICE_SEED), else seeded for repeatable runs, else the system's."""
    if dice_seed is not None:
        from hardware.dice import SeededDice
        return SeededDice(dice_seed)
    rng = random.Random(seed)

    def roll():
        return rng.randint(1, 6)
    return roll


class Session:
    """One app on one DesktopHardware, stepped by a front end."""

    def __init__(self, hw, options, script_events=None, recorder=None):
        from ui import app as app_module
        from ui import loop
        self.hw = hw
        self.options = options
        self.loop = loop
        self.app_module = app_module
        self.recorder = recorder
        self.quit = False
        self.snaps = []
        self._pending_snaps = []
        from sim.tables import TableCache, compile_kernel_in_background
        self.tables = None if options.table else TableCache(TABLES_DIR)
        if self.tables is not None and not (options.script or script_events):
            # the first hint's table then starts at once
            compile_kernel_in_background(options.rules or "yahtzee")
        self.asleep = False         # in deep sleep: a key wakes the board (_wake)
        self.wakes = 0
        # a player's first boot (per --save file) starts with the how-to, as on the
        # device; scripts, headless runs and --players start where they say
        self._first_howto = not (options.script or options.players or options.headless or
                                 script_events)
        self._make_runner()
        if options.players:
            self._start_game(options.players, options.rules, hw.ticks_ms())
        self.player = None
        if script_events is not None:
            from sim.script import ScriptPlayer
            self.player = ScriptPlayer(script_events, hw.ticks_ms(), self._pending_snaps.append)

    def _make_runner(self):
        options = self.options
        self.runner = self.loop.make_runner(
            self.hw, rules_default=options.rules or "yahtzee",
            table_path=options.table if options.table else self.tables,
            rng=dice_source(options.seed, options.dice_seed),
            percentile_path=perfect_percentiles,
            first_howto=self._first_howto)
        self._first_howto = False   # a wake from deep sleep resumes, never the how-to
        self.app = self.runner.app

    def _wake(self):
        """A key ended the deep sleep: the board starts again, as code.py would, on
        new hardware that keeps the alarm (its sleep memory), the nvm, the clock,
        the screen and the keys; the app resumes from the note it slept with."""
        old = self.hw
        old.alarm.wake()
        hw = DesktopHardware(old.board, save_path=old.storage.path, clock=old.clock,
                             sound=old.sound, display=old.display,
                             nvm_size=len(old.storage), alarm=old.alarm,
                             usb_connected=old.runtime.usb_connected,
                             battery_mv=old.supply.millivolts if old.supply else None)
        if old.storage.path is None:
            hw.storage[:] = old.storage
        hw.input = old.input
        hw.display.wake()           # a board's boot sets the OLED up again
        self.hw = hw
        self.asleep = False
        self.wakes += 1
        self._make_runner()

    def _start_game(self, players, rules, now):
        """Skip the New game menu: the players and rules from the command line."""
        import yahtzee_core as yc
        from ui.scenes import menus as scene_menus
        app = self.app
        app.setup_players = len(players)
        for i, kind in enumerate(players):
            app.setup_kinds[i] = yc.KINDS.index(kind)
        if rules:
            app.setup_rules = yc.RULESETS.index(rules)
        scene_menus.start_game(app, now)

    def _snap(self, name):
        from sim.frames import save_png
        path = os.path.join(self.options.snap_dir or ".", name + ".png")
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        save_png(self.hw.display.pixels, path)
        self.snaps.append(path)

    @property
    def script_done(self):
        return self.player is not None and self.player.done

    def step(self, now_ms):
        """One device frame at now_ms. False once the player quit."""
        hw = self.hw
        if self.player is not None:
            self.player.apply(now_ms, hw.input)
        if self.asleep:
            action = hw.input.poll(now_ms)
            if action == A.QUIT:
                self.quit = True
            elif action != A.NONE:
                self._wake()        # the waking press itself is no action
        else:
            try:
                self.loop.frame(self.runner, hw.input.poll, now_ms)
            except DeepSleepRequest:
                self.asleep = True
            self.quit = self.runner.quit
        if self.recorder is not None:
            self.recorder.capture(now_ms, hw.display)
        # A snap shows the screen as this frame left it.
        while self._pending_snaps:
            self._snap(self._pending_snaps.pop(0))
        return not self.quit

    @property
    def frame_ms(self):
        return self.loop.ASLEEP_FRAME_MS if self.asleep else self.runner.frame_ms

    def status_line(self):
        """One line of game state under the handheld: round, turn, rolls, totals."""
        if self.asleep:
            return "deep sleep: any key wakes the board"
        app = self.app
        mod = self.app_module
        scene = mod.SCENE_NAMES[app.scene] if app.scene < len(mod.SCENE_NAMES) else "?"
        game = app.game
        if game is None or scene not in ('play', 'card', 'cpu', 'pause', 'over', 'turn',
                                         'standings'):
            if self.options.save:       # where the game is kept, said on the menus
                return "%s  |  game kept in %s" % (scene, short_path(self.options.save))
            return scene
        rounds = game.rules.rounds
        parts = []
        if game.over:
            parts.append("game over")
        elif scene == 'turn' and app.turn_filled:
            # the filler's undo screen: the turn has passed in the game, not at the table
            filler = (game.current - 1) % len(game.players)
            parts.append("round %d/%d" % (game.round - (game.current == 0), rounds))
            parts.append("turn %s filled (undo or pass)" % app.player_name(filler))
        else:
            parts.append("round %d/%d" % (game.round, rounds))
            parts.append("turn %s" % app.player_name(game.current))
            parts.append("rolls left %d" % game.rolls_left)
        totals = "  ".join("%s %d" % (app.player_name(p), game.cards[p].total)
                           for p in range(len(game.players)))
        return "%s  |  %s  |  %s" % (scene, "  ".join(parts), totals)


def short_path(path):
    """`path` with the home folder as ~ (the status line is one line)."""
    home = os.path.expanduser("~")
    path = os.path.abspath(path)
    return "~" + path[len(home):] if home != os.sep and path.startswith(home + os.sep) else path


def build_session(options, clock=None, display=None, sound=None, script_events=None,
                  recorder=None):
    """DesktopHardware + Session for these options (raises StorageError, ValueError)."""
    hw = DesktopHardware(options.board, save_path=options.save,
                         clock=clock if clock is not None else WallClock(),
                         display=display, sound=sound)
    try:
        return Session(hw, options, script_events, recorder)
    except BaseException:
        hw.close()
        raise


def run_headless(session, limit_ms=HEADLESS_LIMIT_MS):
    """Step a scripted session on its virtual clock until the script is over (or quit).

    Returns the app time at the end. Frames are as long as the device's loop makes
    them (ui.loop.FRAME_MS, longer while asleep), in app time, so runs repeat exactly.
    """
    hw = session.hw
    clock = hw.clock
    start = clock.ticks_ms()
    while True:
        now = clock.ticks_ms()
        if not session.step(now):
            break
        if session.player is None or session.player.done:
            break
        if now - start > limit_ms:
            break
        clock.advance(session.frame_ms)
    return clock.ticks_ms()


__all__ = ["Options", "Session", "build_session", "run_headless", "dice_source",
           "VirtualClock", "WallClock"]
