"""A two-seat game played in the simulator, then on the emulated Pico with the same
script and the same seeded dice: does the board show the simulator's picture at every
snap? tests/test_pico_emu.py plays the short games whole and the long ones to the
handover after the computer's first turn; bench/bench_pico_game.py the long ones
whole (Crag, Balut, Maxi Yatzy, Triple Yahtzee's three columns, Yamb's 48 rounds).
Desktop only.

GAMES: each ruleset's seats and the strategy table the board's drive carries (None:
none; the game is played with hints off and the computer at instant speed,
scripts.two_seat_game instant=True: the board spends less time on its turns). Key
None is the setup's Yahtzee with hints on; TWO_HUMANS the same with two humans, the
two-seat game stock CircuitPython's .mpy bundle has room for (ui/fit_data.py), and
CRAG_GOOD its game against a computer: Crag against good, hints on.
"""

import os
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
DICE_SEED = 7

GAMES = {None: (("human", "good"), None),      # the setup's Yahtzee, hints on
         "crag": (("human", "perfect"), "crag"),
         "balut": (("human", "good"), None),
         "poker-dice": (("human", "good"), None),
         "maxi-yatzy": (("human", "good"), None),
         "yamb": (("human", "good"), None),
         "triple-yahtzee": (("human", "good"), None)}
TWO_HUMANS = "two-humans"
GAMES[TWO_HUMANS] = (("human", "human"), None)
CRAG_GOOD = "crag-good"         # stock .mpy's game against a computer, hints on
GAMES[CRAG_GOOD] = (("human", "good"), None)
GAMES["generala"] = (("human", "good"), None)
GAMES["kismet"] = (("human", "good"), None)

_CACHE = {}
DRIVE_ROOM = 1000000    # the largest table the emulated 1 MB drive holds beside the rest


def ruleset_name(rules):
    """The ruleset a GAMES key plays."""
    return {None: "yahtzee", TWO_HUMANS: "yahtzee", CRAG_GOOD: "crag"}.get(rules, rules)


def strongest(rules):
    """The strongest computer a ruleset offers: perfect where a strategy table solves
    it (or, Poker Dice, it solves each turn as it comes), else good."""
    from yahtzee_core.variants import ruleset
    r = ruleset(ruleset_name(rules))
    return "perfect" if r.solved or r.hands else "good"


def stress_table(rules):
    """The strategy table a stress game's drive carries: the ruleset's best kind that
    fits the emulated drive (tools.build_bundle's order), a path; None without one."""
    from yahtzee_core.variants import ruleset
    name = ruleset_name(rules)
    r = ruleset(name)
    if not r.solved or r.hands:     # (Poker Dice's computer solves each turn: no table)
        return None
    from tools.strategy_table import ensure_tables
    from tools.build_bundle import DEVICE_TABLE_SUFFIXES
    paths = ensure_tables(name, str(REPO / "tables"))
    for suffix in DEVICE_TABLE_SUFFIXES:
        for path in paths.values():
            if path.endswith(suffix) and os.path.getsize(path) <= DRIVE_ROOM:
                return path
    return None


def seats_and_table(rules, stress=False):
    """(seats, the table's path or None) of a GAMES key; stress: against the strongest
    computer, with its table."""
    players, tables = GAMES[rules]
    if stress:
        return ("human", strongest(rules)), stress_table(rules)
    if tables:
        from tools.strategy_table import ensure_tables
        return players, ensure_tables(tables, str(REPO / "tables"))["plain"]
    return players, None


def sim_vsys_mv():
    """The supply of the simulator's default board: two AA cells, 95 % by their curve
    (DesktopHardware's default reading): the same battery mark on the menus."""
    from hardware.battery import TwoAlkalineAA
    return TwoAlkalineAA.curve[1][0]


def simulated_game(rules=None, stress=False, games=1):
    """The game's script (written by playing it in the simulator) and the pictures
    `./play.sh --headless` takes at its snaps: (text, {name: pixels 128x64 of 0/1}).
    stress: against the strongest computer with its table, hints on, a hint every
    human turn, the Odds and a Rules page mid-game; games: that many in a row
    (scripts.two_seat_game)."""
    key = (rules, stress, games)
    if key in _CACHE:
        return _CACHE[key]
    import tempfile
    from hardware.desktop import VirtualClock
    from sim import Options, build_session, no_tables
    from tools.pico_emu.scripts import two_seat_game
    players, table = seats_and_table(rules, stress)
    with tempfile.TemporaryDirectory() as folder:
        # the writer's own session snaps as it goes: into a folder of its own
        session = build_session(Options(dice_seed=DICE_SEED, headless=True, snap_dir=folder,
                                        table=table or no_tables),
                                clock=VirtualClock())
        try:
            ruleset = {TWO_HUMANS: None, CRAG_GOOD: "crag"}.get(rules, rules)
            text = two_seat_game(session, players=players, rules=ruleset, stress=stress,
                                 instant=not stress and ruleset is not None
                                 and rules != CRAG_GOOD, games=games).text()
        finally:
            session.hw.close()
    _CACHE[key] = text, simulated_pictures(text, tables=bool(table), table=table)
    return _CACHE[key]


def simulated_pictures(text, tables=True, table=None):
    """The pictures `./play.sh --headless --dice-seed DICE_SEED` takes at the script's
    snaps ({name: pixels 128x64 of 0/1}); tables=False: as with --no-tables; table:
    the strategy table at that path."""
    import tempfile
    import numpy as np
    from PIL import Image
    from sim.__main__ import main as play_sh
    with tempfile.TemporaryDirectory() as folder:
        script = os.path.join(folder, "game.txt")
        with open(script, "w") as f:
            f.write(text)
        assert play_sh(["--headless", "--dice-seed", str(DICE_SEED)] +
                       (["--table", table] if table else [] if tables else ["--no-tables"]) +
                       ["--script", script, "--snap-dir", folder]) == 0
        snaps = {}
        for name in os.listdir(folder):
            if name.endswith(".png"):
                big = np.array(Image.open(os.path.join(folder, name)).convert("L"))
                snaps[name[:-4]] = (big[::4, ::4] > 128).astype(np.uint8)
    return snaps


def until_snap(text, want, last):
    """The script and its pictures up to snap `last` (then the script ends)."""
    lines = text.splitlines()
    end = lines.index("snap " + last) + 1
    names = [line[5:] for line in lines[:end] if line.startswith("snap ")]
    return "".join(line + "\n" for line in lines[:end]), {n: want[n] for n in names}


class BoardGame:
    """What the board did with the script: got {snap: pixels} (up to the first snap
    that is not the simulator's, `differs`, where the game stopped), the console from
    code.py's start, the piezo's tones, and the emulated ms the script took."""

    def __init__(self, got, differs, console, tones, ms):
        self.got = got
        self.differs = differs
        self.console = console
        self.tones = tones
        self.ms = ms

    def heap(self):
        """[(scene, free bytes)] of the YAHTZEE_TRACE lines."""
        return [(h[2], int(h[3])) for h in
                (line.split() for line in self.console.splitlines()
                 if line.startswith("yahtzee: heap "))]

    def heap_by_game(self):
        """heap() cut into games: each ends at its high-score table (scene scores)."""
        games = [[]]
        for scene, free in self.heap():
            games[-1].append((scene, free))
            if scene == "scores":
                games.append([])
        return [g for g in games if g]


class _SnapDiffers(Exception):
    """The board's picture at a snap is not the simulator's: the game stops there."""


def play_on_board(text, want, rules=None, mpy=True, firmware=False, stress=False):
    """Play the script on the emulated Pico (the default profile, the .mpy bundle
    unless mpy=False; firmware=True: our firmware and its drive without code),
    tracing the free heap at each scene; stop at the first snap that differs from
    `want`, or at a traceback. stress: the simulated_game(rules, stress=True)'s
    table on the drive."""
    import numpy as np
    from tools import pico_emu
    from tools.pico_emu.scripts import play
    path = seats_and_table(rules, stress)[1]
    extra = {}
    if path:        # the ruleset's table beside the bundle the other tests use (no rebuild)
        extra["tables/" + os.path.basename(path)] = Path(path).read_bytes()
    drive = pico_emu.Drive(profile="default", mpy=mpy and not firmware, firmware=firmware,
                           extra_files=extra,
                           settings={"YAHTZEE_DICE_SEED": str(DICE_SEED),
                                     "YAHTZEE_TRACE": "heap"})
    with pico_emu.Pico(drive, vsys_mv=sim_vsys_mv()) as pico:
        pico.boot(console=True)        # the heap lines from the first scene on
        pico.press("BACK")             # the first boot's how-to
        got = {}
        differs = []

        def keep(name, pixels):         # a game gone another way stops there
            got[name] = pixels
            if name in want and not np.array_equal(pixels, want[name]):
                differs.append(name)
                raise _SnapDiffers(name)
        start = pico.t
        try:
            play(pico, text, on_snap=keep, stop_at="Traceback")   # a failed game stops there
        except _SnapDiffers:
            pass
        game = BoardGame(got, differs[0] if differs else None,
                         pico.console[pico.attached_at:], pico.tones, pico.t - start)
    drive.close()
    return game
