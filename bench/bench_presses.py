"""Presses a player makes: a turn following the hints (solo, and at a table of four,
two humans and two computers, the handovers counted), and three letters on the name
entry. Scripted sessions against the real App (tools.screenshots.Session), seeded.

    .venv/bin/python bench/bench_presses.py [--games N]
    .venv/bin/python bench/bench_presses.py --fuzz N [--seeds S]

--fuzz: random presses instead (tests/press_fuzz.py, as tests/test_ui_fuzz.py runs
2,400): N presses on each ruleset and board, for seeds 2 to S + 1 (default 1 seed),
power cuts included; prints each run's counts and the presses per second of CPU.

"Following the hints": OK to roll, HINT on every decision, OK to follow it (a hold
rolls the rest at once, a box is filled), OK on any note in the way; with the coach
on "always" the hint comes with each roll, so OK alone follows it. The hints are
perfect play's (the yahtzee table, built into tables/ as the simulator does if it is
not there). A computer's turn is waited out, not pressed. Names: the fewest presses
from the wheel's start (A, then blanks) with the
board's keys (tests/ui_helpers.py name_presses).
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))

from events import actions as A                 # noqa: E402
from tools.screenshots import Session            # noqa: E402
from tools.scripted_dice import ScriptedDice     # noqa: E402
from ui import app as ui_app                     # noqa: E402
from ui import codes                             # noqa: E402
from ui.codes import COACH_ALWAYS                # noqa: E402


class Counting(Session):
    """A Session that counts presses."""

    presses = 0

    def press(self, *actions):
        self.presses += len(actions)
        return Session.press(self, *actions)


def filled(g):
    n = 0
    for c in g.cards:
        for v in c.scores:
            n += v != 255
    return n


def human_turn_by_hints(s):
    """One human turn from the dice, following every hint; the presses it took: OK
    to roll, HINT, OK to follow it (a hold rolls the rest, a box is filled), and OK
    on any note in the way. With the coach on "always" the hint comes with the roll."""
    app = s.app
    g = app.game
    before = s.presses
    boxes = filled(g)
    while filled(g) == boxes and not g.over:
        if app.dialog != ui_app.DLG_NONE:
            s.press(A.OK)                           # follow the hint / close a note
        elif not g.rolled:
            s.press(A.OK)                           # the first roll
        else:
            s.press(A.HINT)
    return s.presses - before


def after_turn(s):
    """The presses a note left over the next screen takes (the coach's on a box)."""
    before = s.presses
    while s.app.dialog == ui_app.DLG_NOTE and s.app.scene == ui_app.PLAY:
        s.press(A.OK)
    return s.presses - before


def session(seed, table, coach):
    s = Counting(dice=ScriptedDice(seed=seed), table_path=table)
    s.app.coach_mode = COACH_ALWAYS if coach else 0
    return s


def solo(seed, table, coach=False):
    s = session(seed, table, coach)
    s.start()
    s.presses = 0
    turns = 0
    while not s.app.game.over:
        after_turn(s)
        human_turn_by_hints(s)
        turns += 1
    return s.presses, turns


def table_of_four(seed, table, coach=False):
    """Two humans (seats 1 and 3) and two computers; every press counted, the
    handovers (take the device, pass it on) included."""
    s = session(seed, table, coach)
    s.start(players=4, kinds=(0, 2, 0, 3))
    s.presses = 0
    app = s.app
    turns = 0
    while app.scene != ui_app.OVER:
        if app.scene == ui_app.CPU:
            s.wait(100)                             # the computer plays on its own
        elif app.scene == codes.TURN:
            s.press(A.OK)                           # take the device / pass it on
        elif app.scene == ui_app.PLAY:
            human_turn_by_hints(s)
            turns += 1
        else:
            raise RuntimeError('unexpected scene %s' % codes.SCENE_NAMES[app.scene])
    return s.presses, turns


def name_figures():
    from ui_helpers import name_presses
    from ui.scenes.names import start_letters
    letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
    for hold_buttons, board in ((True, 'Pico (holds -5 -1 +1 +5)'),
                                (False, 'three buttons (LEFT/RIGHT 1, held 5)')):
        s = Session(hold_buttons=hold_buttons)
        app = s.app
        start_letters(app, None)                    # as a seat without a name: A__
        ann = len(name_presses(app, 'ANN'))
        per_letter = []
        for c in letters:
            per_letter.append(len(name_presses(app, c * 3)) / 3.0)
        mean = 3 * sum(per_letter) / len(per_letter)
        print("  %-38s ANN %d presses; any three letters %.1f on average, %d at most"
              % (board, ann, mean, 3 * max(per_letter)))


def fuzz(presses, seeds):
    import time
    import press_fuzz
    import yahtzee_core as yc
    total = 0
    t0 = time.process_time()
    for seed in range(2, seeds + 2):       # (seed 1: the test's)
        for name in yc.RULESETS:
            for board in press_fuzz.BOARDS:
                r = press_fuzz.run(name, board, seed, presses)
                total += r.presses
                print("  seed %d %-19s %-13s %6d presses, %3d games, %3d power cuts; "
                      "hint+OK %d, odds %d, help %d" % (
                          seed, name, board, r.presses, r.games, r.cuts,
                          r.counts['hint_ok'], r.counts['odds'], r.counts['help']))
    cpu = time.process_time() - t0
    print("random presses: %d, nothing raised; %.0f s CPU (%.0f presses/s)"
          % (total, cpu, total / max(cpu, 1e-9)))


def main(argv=None):
    from tools.cli_checks import Parser, bad_count
    ap = Parser(description=__doc__.split('\n')[0])
    ap.add_argument('--games', type=int, default=5, help='seeded games a figure')
    ap.add_argument('--fuzz', type=int, metavar='N',
                    help='instead: random presses, N a run, every ruleset and board')
    ap.add_argument('--seeds', type=int, default=1, help='with --fuzz: seeds from 2 on')
    args = ap.parse_args(argv)
    games = args.games
    ap.refuse(bad_count(games, '--games'))
    if args.fuzz is not None:
        ap.refuse(bad_count(args.fuzz, '--fuzz', what='presses')
                  or bad_count(args.seeds, '--seeds', what='seeds'))
        return fuzz(args.fuzz, args.seeds)
    from tools.strategy_table import ensure_tables
    table = ensure_tables('yahtzee', os.path.join(ROOT, 'tables'))['plain']   # as the sim
    print("presses per turn following the hints, yahtzee (%d seeded games each):" % games)
    for name, play, coach in (("solo", solo, False),
                              ("4 seats, 2 humans (handovers in)", table_of_four, False),
                              ("solo, coach always", solo, True),
                              ("4 seats, coach always", table_of_four, True)):
        presses = turns = 0
        for seed in range(1, games + 1):
            p, t = play(seed, table, coach)
            presses += p
            turns += t
        print("  %-38s %.2f presses per human turn (%d turns)" % (name, presses / turns, turns))
    print("three letters on the name entry, OKs included, from the wheel's start (A__):")
    name_figures()


if __name__ == '__main__':
    main()
