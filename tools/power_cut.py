"""Power cuts at every instant of every nvm write of whole games (desktop only).

A game is played through the App on a flash model (hardware/flash_model.py) of a
board family: named human seats that roll, hold two dice after each of their first
two rolls, sometimes take a box back, and computer seats; mid-game a setting changes
(a records write); at the end the high scores get initials and the names their
stats. Every nvm write is kept (the bytes before it, where it went, what it wrote).
Then, for each write, the power is cut at each instant of it: part way through and
at the end of each flash operation (the erase, each page; on plain storage, part of
the bytes). A fresh App boots on what the cut left, and what it resumes is compared
with booting on the nvm before that write and after it:

- game lost: the game it offers to resume (or none) is neither;
- records lost / names lost: the high scores and stats (with the settings), or the
  names and per-player stats, are neither.

A loss counts "in the window" when the cut fell while the nvm was erased and not yet
programmed back up to its last live byte (a compaction on an RP2040; any write on a
SAMD51): the one erase unit makes that unavoidable. tests/test_saves_power_cut.py
asserts that nothing is lost outside it; bench/bench_saves.py sweeps every ruleset.
"""

import random

from hardware.flash_model import Cut, FlashNvm, PowerCut
from tools.scripted_dice import ScriptedDice
from events import actions as A
from ui import app as ui_app
from ui import codes
from ui import seats

# Whole games that between them cover every ruleset (yahtzee_core.RULESETS, Yamb's
# announce included), 1 to 8 seats, duplicate play and Triple Yahtzee's largest game: (ruleset, seat kinds (0 human, 2 good, 3 beginner,
# 4 casual), duplicate)
GAMES = [
    ('yahtzee', (0, 0, 2, 2), False),
    ('yahtzee-free-joker', (0,), False),
    ('yahtzee-1956', (0, 3, 0), True),
    ('yatzy', (0, 2, 0, 3, 0), False),
    ('yacht', (2, 0), False),
    ('kniffel', (0, 4, 0, 2, 0, 3), True),
    ('generala', (0, 2, 3, 0, 4, 0, 2), False),
    ('kismet', (0, 0), True),
    ('triple-yahtzee', (0, 2, 3, 4, 0, 2, 3, 4), True),
    ('crag', (0, 2, 0), True),
    ('yamb', (0, 2, 0, 3), False),
    ('maxi-yatzy', (0, 3, 2, 0), False),
    ('balut', (0, 4, 0, 2, 0), False),
    ('poker-dice', (0, 3, 0), True),
]
ERASE_FRACTIONS = (0.02, 0.5, 0.98)     # instants inside an erase
PART_FRACTION = 0.5                     # inside a page program, a plain write


class RecordingNvm(FlashNvm):
    """A flash model that keeps every write: (bytes before, start, data, op count,
    erased?, pages, us typical, us worst, scene, action label)."""

    def __init__(self, family, size=None):
        super().__init__(family, size)
        self.log = []
        self.label = ''

    def _write(self, start, data):
        before = bytes(self)
        ops = self.ops_of_write(start, data)
        super()._write(start, data)
        erased, pages, typ, worst = self.last
        self.log.append((before, start, bytes(data), ops, erased, pages, typ, worst,
                         self.label))


class Player:
    """Drives a Session through whole games: humans hold two dice after each of their
    first two rolls (dice picked by a seeded generator), a few take a box back."""

    def __init__(self, session, seed=0, undo_every=7, setting=True):
        self.s = session
        self.pick = random.Random(seed)
        self.undo_every = undo_every
        self.fills = 0
        self.toggled = not setting

    def label(self, text):
        nvm = self.s.storage
        if isinstance(nvm, RecordingNvm):
            nvm.label = text

    def start(self, rules, kinds, duplicate=False, names=('ANN', 'BOB', 'CAT', 'DOT')):
        s = self.s
        app = s.app
        if app.scene == ui_app.BOOT:
            s.press(A.OK)
        from yahtzee_core.people import People
        if app.people is None:
            app.people = People()
        k = 0
        for p in range(len(kinds)):
            if kinds[p] == 0 and k < len(names):
                app.people.names[p] = names[k]
                k += 1
        app.settings.setup_duplicate = duplicate
        self.label('start')
        s.start_game(rules, kinds)

    def play(self, max_steps=20000):
        """Play on until the main menu (the game over, initials named)."""
        s = self.s
        app = s.app
        for _ in range(max_steps):
            sc = app.scene
            if sc == ui_app.MENU:
                return True
            if app.dialog != ui_app.DLG_NONE:
                self.label('dialog')
                s.press(A.OK)
            elif sc == codes.TURN:
                if seats.turn_filled and self.undo_every and self.fills % self.undo_every == 3:
                    self.label('undo')
                    self.fills += 1
                    s.press(A.BACK)         # take the box back: the turn again
                else:
                    self.label('pass' if seats.turn_filled else 'take')
                    s.press(A.OK)
            elif sc == ui_app.PLAY:
                self.human_step()
            elif sc == codes.ANNOUNCE:      # Yamb: a third of the turns announce
                free = app.view.items[0] == 'No announce'    # else the turn must announce
                announce = not free or self.pick.random() < 0.34
                self.label('announce' if announce else 'take')
                if announce and free:
                    s.press(A.DOWN)             # the first open Announce box
                s.press(A.OK)
            elif sc == ui_app.CARD:
                self.label('fill')
                self.fills += 1
                s.press(A.OK)
                if app.scene == ui_app.PLAY and len(app.game.players) == 1 and \
                        self.undo_every and self.fills % self.undo_every == 3 and \
                        app.game.can_undo:
                    self.label('undo')
                    s.press(A.BACK)         # the pause menu: Undo last box
                    self.menu(ui_app.PAUSE, 'Undo last box')
            elif sc == ui_app.CPU:
                self.label('cpu')
                s.wait(app.settings.step_ms + 10)
            elif sc in (ui_app.OVER, ui_app.ANALYSIS, ui_app.INITIALS, codes.PAGES):
                self.label('end')
                s.press(A.OK)
            elif sc == ui_app.PAUSE:
                s.press(A.BACK)
            else:
                raise AssertionError("unexpected scene %s" % ui_app.SCENE_NAMES[sc])
        raise AssertionError("the game did not end")

    def human_step(self):
        s = self.s
        app = s.app
        g = app.game
        if g.over:
            s.wait(30)
            return
        if g.rolled and g.rolls_left:
            if not self.toggled and g.round == 2 and g.current == 0:
                self.toggled = True         # a setting changes mid-game: records
                self.label('setting')
                s.press(A.BACK)
                self.menu(ui_app.PAUSE, 'Sound')
                s.press(A.BACK)
                return
            self.label('hold')
            for i in self.pick.sample(range(len(g.dice)), 2):
                s.press(A.HOLD_1 + i)
        self.label('roll')
        s.press(A.OK)

    def menu(self, scene, item):
        s = self.s
        app = s.app
        assert app.scene == scene, ui_app.SCENE_NAMES[app.scene]
        for _ in range(len(app.view.items)):
            if app.view.items[app.view.cursor] == item:
                break
            s.press(A.DOWN)
        s.press(A.OK)


def play_games(family, rules, kinds, duplicate=False, seed=1, games=1, size=None,
               undo_every=7, setting=True, until_erase=False):
    """Play whole games one after another from blank flash (each one from the main
    menu, as a player would); the RecordingNvm holds every write, and `marks` the
    index of each game's first write. until_erase: play on (up to `games`) until a game
    erased the nvm: the last game is one whose writes include a compaction."""
    from tools.screenshots import Session
    nvm = RecordingNvm(family, size)
    nvm.marks = []
    s = Session(storage=nvm, dice=ScriptedDice(seed=seed))
    player = Player(s, seed, undo_every, setting)
    for _ in range(games):
        nvm.marks.append(len(nvm.log))
        player.start(rules, kinds, duplicate)
        player.play()
        if until_erase and any(e[4] for e in nvm.log[nvm.marks[-1]:]):
            break
    return nvm


def mixed_games(rounds=1):
    """Mixed play: every ruleset with 1 to 4 seats (a human first, then computers of
    each level and humans in turn), `rounds` times, in an order that mixes them:
    [(ruleset, seat kinds, duplicate)]."""
    import yahtzee_core as yc
    names = yc.RULESETS
    out = []
    for r in range(rounds):
        for seats in (1, 2, 3, 4):
            for i in range(len(names)):
                kinds = ((0, 2, 0, 3, 4)[(r + i) % 2:] * 2)[:seats]
                out.append((names[(i * 5 + seats + r) % len(names)], (0,) + kinds[1:], False))
    return out


def play_series(family, games, seed=1, size=None, undo_every=0, setting=False):
    """Play `games` ([(ruleset, seat kinds, duplicate)]) one after another on one nvm
    from blank flash, as play_games does."""
    from tools.screenshots import Session
    nvm = RecordingNvm(family, size)
    nvm.marks = []
    s = Session(storage=nvm, dice=ScriptedDice(seed=seed))
    player = Player(s, seed, undo_every, setting)
    for rules, kinds, duplicate in games:
        nvm.marks.append(len(nvm.log))
        player.start(rules, kinds, duplicate)
        player.play()
    return nvm


def boot(family, image):
    """What an App booting on these nvm bytes holds: (game it offers to resume or
    None, its coach records, records bytes, people bytes or None)."""
    nvm = FlashNvm(family, len(image), image)
    app = ui_app.App(storage=nvm, rng=ScriptedDice(seed=1), now_ms=0, table_path=None)
    g = app.game
    game = g.to_bytes() if app.saved and g is not None and not g.over else None
    people = app.people.to_bytes() if app.people is not None else None
    assert nvm.writes == 0, "booting wrote to nvm"
    return game, bytes(app.coach), app.records.to_bytes(), people


def instants(family, entry):
    """Every instant of a cut in one logged write: [(op within the write, fraction,
    in the window)]."""
    before, start, data, ops, erased = entry[:5]
    page = FlashNvm(family, len(before)).page if family != "plain" else 1
    after = bytearray(before)
    after[start:start + len(data)] = data
    last = len(after) - 1
    while last >= 0 and after[last] == 0xFF:
        last -= 1
    live_pages = last // page + 1 if last >= 0 else 0    # pages holding live bytes
    out = []
    for k in range(ops):
        fractions = ERASE_FRACTIONS if erased and k == 0 else (PART_FRACTION,)
        for f in fractions + (1,):
            # erase-writes: op 0 erases, op k >= 1 programs page k - 1
            window = erased and (k == 0 or k - 1 < live_pages - 1 or
                                 k - 1 == live_pages - 1 and f < 1)
            out.append((k, f, window))
    return out


def cut_image(family, entry, k, fraction, seed):
    before, start, data = entry[:3]
    nvm = FlashNvm(family, len(before), before)
    nvm.cut = Cut(k, fraction, seed)
    try:
        nvm[start:start + len(data)] = data
    except PowerCut:
        return bytes(nvm)
    raise AssertionError("the cut did not happen")


class Tally:
    """Counts over the cuts of one or more games."""

    def __init__(self):
        self.cuts = self.window_cuts = 0
        self.lost = {'game': 0, 'records': 0, 'names': 0}
        self.lost_in_window = {'game': 0, 'records': 0, 'names': 0}
        self.writes = self.erase_writes = self.games = 0
        self.window_us = []         # (typical, worst) of each window

    def __str__(self):
        w = self.window_us
        return ("%d games, %d writes, %d cuts (%d in the window); lost outside it: game "
                "%d, records %d, names %d; in it: game %d, records %d, names %d; the "
                "window opened %d times, %.1f ms typical, %.1f ms worst each" % (
                    self.games, self.writes, self.cuts, self.window_cuts,
                    self.lost['game'], self.lost['records'], self.lost['names'],
                    self.lost_in_window['game'], self.lost_in_window['records'],
                    self.lost_in_window['names'], len(w),
                    sum(t for t, _ in w) / 1000.0 / max(1, len(w)),
                    max([m for _, m in w] or [0]) / 1000.0))


ALWAYS = ('start', 'setting', 'end')     # writes a sample always cuts: records, names


def sweep(family, nvm, tally, sample=None, seed=0, first=0):
    """Cut every instant of every write logged in `nvm` from write `first` on (with
    `sample`, of that share of the writes, seeded, and of every compaction and every
    write of the records or names), boot, and count losses into `tally`."""
    log = nvm.log
    rnd = random.Random(seed)
    for w in range(first, len(log)):
        entry = log[w]
        tally.writes += 1
        if entry[4]:
            tally.erase_writes += 1
            tally.window_us.append(window_time(family, entry))
        if sample is not None and rnd.random() >= sample and entry[8] not in ALWAYS and \
                not (entry[4] and family != "samd51"):
            continue
        after = bytearray(entry[0])
        after[entry[1]:entry[1] + len(entry[2])] = entry[2]
        old, new = boot(family, entry[0]), boot(family, bytes(after))
        for k, f, window in instants(family, entry):
            got = boot(family, cut_image(family, entry, k, f, seed * 7919 + w * 131 + k))
            tally.cuts += 1
            tally.window_cuts += window
            lost = tally.lost_in_window if window else tally.lost
            if got[:2] not in (old[:2], new[:2]):
                lost['game'] += 1
            if got[2] not in (old[2], new[2]):
                lost['records'] += 1
            if got[3] not in (old[3], new[3]):
                lost['names'] += 1
    tally.games += 1
    return tally


def window_time(family, entry):
    """(typical, worst) microseconds from an erase-write's start until its last live
    page is programmed: how long its window stays open."""
    before, start, data = entry[:3]
    spec = FlashNvm(family, len(before))
    after = bytearray(before)
    after[start:start + len(data)] = data
    last = len(after) - 1
    while last >= 0 and after[last] == 0xFF:
        last -= 1
    pages = last // spec.page + 1 if last >= 0 else 0
    return (spec.erase_typ + pages * spec.program_typ, spec.erase_max + pages * spec.program_max)
