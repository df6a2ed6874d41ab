"""A whole two-seat game of a ruleset on the Pico's own firmware (CircuitPython 10.2.1
in the rp2040js emulator, tools/pico_emu), played from the script the simulator
wrote, with the same seeded dice (tools/pico_emu/games.py): does the board show the
simulator's picture at every snap, and how low does its free heap go? For the games
too long for the test suite (Crag, Balut, Maxi Yatzy: 2.5 to 5 minutes each to
emulate; Yamb's 48 rounds about 16): the suite plays them to the handover after the
computer's first turn, and Poker Dice's and Yahtzee's whole (tests/test_pico_emu.py).

    .venv/bin/python bench/bench_pico_game.py [--rules yamb] [--py | --firmware]
                                              [--stress] [--games N] [--pictures DIR]

--firmware: on our own firmware (python -m tools.firmware; the game frozen in, the
drive without code; rules "yahtzee" is the setup's game with hints on).
--stress: the game that asks most of the heap: against the ruleset's strongest
computer (perfect with its best table that fits the drive, else good), hints on, a
hint after every human first roll, the Odds screen and a Rules page mid-game, the
Odds again in the last round (tools/pico_emu/scripts.two_seat_game stress=True).
--games N: N such games in a row, each from the main menu (is the heap the same
after each?): each game's lowest free heap too.

Printed: the snaps matched (or the first that differs), a traceback if the program
stopped, the emulated game's length, the lowest free heap at a scene change
(gc.mem_free() after gc.collect(), YAHTZEE_TRACE) and the scene, per scene its
lowest, and the time the emulation took. --pictures DIR: the board's and the
simulator's picture of a snap that differs, as DIR/SNAP_board.png and SNAP_sim.png.
"""

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def main(argv=None):
    from tools import pico_emu
    from tools.pico_emu import games
    from tools.cli_checks import Parser
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="yamb",
                        choices=[r or "yahtzee" for r in games.GAMES])
    parser.add_argument("--py", action="store_true", help="the plain .py bundle")
    parser.add_argument("--firmware", action="store_true",
                        help="our firmware (build/firmware, POCKET_YAHTZEE_FIRMWARE)")
    parser.add_argument("--stress", action="store_true",
                        help="the strongest computer, a hint every turn, Odds and Rules")
    parser.add_argument("--games", type=int, default=1, metavar="N",
                        help="N games in a row (default 1)")
    parser.add_argument("--pictures", metavar="DIR", help="where to save a differing snap")
    args = parser.parse_args(argv)
    if args.py and args.firmware:
        parser.error("--py and --firmware: choose one")
    if not 1 <= args.games <= 9:
        parser.error("--games: 1 to 9")
    rules = None if args.rules == "yahtzee" else args.rules
    why = pico_emu.unavailable("pico" if args.firmware else None)
    if why:
        print("no emulator: %s" % why)
        return 1
    if not args.py and not args.firmware and pico_emu.mpy_cross() is None:
        print("no CircuitPython 10.2.1 mpy-cross (PICO_MPY_CROSS): try --py")
        return 1
    began = time.time()
    text, want = games.simulated_game(rules, stress=args.stress, games=args.games)
    game = games.play_on_board(text, want, rules, mpy=not args.py, firmware=args.firmware,
                               stress=args.stress)
    bundle = "our firmware's" if args.firmware else ".py" if args.py else ".mpy"
    seats, table = games.seats_and_table(rules, args.stress)
    print("%s, %s bundle, seats %s%s%s" % (
        args.rules, bundle, " / ".join(seats), ", table " + os.path.basename(table)
        if table else "", ", stress: a hint every turn, Odds and Rules mid-game"
        if args.stress else ""))
    matched = [n for n in want if n in game.got and n != game.differs]
    if game.differs:
        print("snaps: %d of %d the simulator's; %r differs (the game stopped there)"
              % (len(matched), len(want), game.differs))
    else:
        print("snaps: all %d the simulator's%s" % (len(want), "" if len(matched) == len(want)
                                                   else " (%d taken)" % len(matched)))
    if game.differs and args.pictures:
        from PIL import Image
        os.makedirs(args.pictures, exist_ok=True)
        for tag, pixels in (("board", game.got[game.differs]), ("sim", want[game.differs])):
            path = os.path.join(args.pictures, "%s_%s.png" % (game.differs, tag))
            Image.fromarray(pixels * 255).resize((512, 256), Image.NEAREST).save(path)
            print("  saved " + path)
    if "Traceback" in game.console:
        tail = game.console[game.console.index("Traceback"):].splitlines()
        print("stopped by an error:\n  " + "\n  ".join(tail[:14]))
    print("emulated game: %.1f min" % (game.ms / 60000))
    heap = game.heap()
    if heap:
        scene, free = min(heap, key=lambda h: h[1])
        print("lowest free heap: %d bytes (%s)" % (free, scene))
        per = {}
        for s, f in heap:
            per[s] = min(f, per.get(s, f))
        print("  per scene: " + ", ".join("%s %d" % (s, per[s]) for s in sorted(per)))
        if args.games > 1:
            print("  each game's lowest: " + ", ".join(
                "%d (%s)" % (f, s) for s, f in (min(g, key=lambda h: h[1])
                                                for g in game.heap_by_game())))
    print("emulation took %.1f min" % ((time.time() - began) / 60))
    return 0 if game.differs is None and "Traceback" not in game.console else 2


if __name__ == "__main__":
    sys.exit(main())
