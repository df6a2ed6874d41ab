"""Saves on a board's real flash: what a game costs the nvm and what a power cut costs
the player (hardware/flash_model.py, tools/power_cut.py).

1. A 4-seat Yahtzee game (two humans who hold two dice after each of their first two
   rolls, two computers at level good), played 20 times in a row on one nvm, for each
   board family: nvm writes, erases and page programs per game, the time each action
   holds the board (on the RP2040 with interrupts off), typical and worst, and the
   games until the flash's rated erase cycles are used up.
2. The window: how often per game the nvm is erased with live data not yet programmed
   back (a compaction on an RP2040; every write on a SAMD51), and how long it lasts.
3. With --sweep: a power cut at every instant of every write of whole games (every
   ruleset, 1 to 8 seats, duplicate play, Triple Yahtzee's largest game), resumed on a
   fresh App, losses counted outside the window and in it (tests/test_saves_power_cut.py
   runs a sample of the same). --all: every ruleset with 1 to 8 seats, plain and
   duplicate (a long run).

    .venv/bin/python bench/bench_saves.py [--sweep | --all] [--families rp2040,samd51]
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from hardware.flash_model import FAMILIES     # noqa: E402
from tools import power_cut as pc             # noqa: E402

N_GAMES = 20


def ms(us):
    return "%.1f" % (us / 1000.0)


def four_seat_game(family):
    nvm = pc.play_games(family, 'yahtzee', (0, 0, 2, 2), seed=5, games=N_GAMES,
                        undo_every=0, setting=False)
    log = nvm.log
    cycles = FAMILIES[family][8]
    writes = len(log)
    erases = sum(1 for e in log if e[4])
    pages = sum(e[5] for e in log)
    print("%s, %d-byte nvm, %d games of 4 seats (2 humans holding 2 dice after each of "
          "their first two rolls, 2 computers):" % (family, len(nvm), N_GAMES))
    print("  per game: %.1f nvm writes, %.2f erases, %.1f page programs; the first game "
          "(blank nvm): %d writes, %d erases" % (
              writes / N_GAMES, erases / N_GAMES, pages / N_GAMES,
              nvm.marks[1] - nvm.marks[0] if N_GAMES > 1 else writes,
              sum(1 for e in log[:nvm.marks[1]] if e[4]) if N_GAMES > 1 else erases))
    per = erases / N_GAMES
    print("  games to %d erase cycles: %s" % (cycles, "%d" % (cycles / per) if per else
                                               "no erase in %d games" % N_GAMES))
    labels = {}
    for e in log:
        count, erased, typ, worst, most = labels.get(e[8], (0, 0, 0, 0, 0))
        labels[e[8]] = (count + 1, erased + e[4], typ + e[6], worst + e[7], max(most, e[7]))
    print("  %s per write, by what caused it (typical / worst ms; 'cpu': a computer's "
          "turn):" % ("interrupts off" if family == "rp2040" else "board held"))
    for label in sorted(labels, key=lambda k: -labels[k][0]):
        count, erased, typ, worst, most = labels[label]
        print("    %-8s %5d writes (%3d erasing): mean %s / %s ms, longest %s ms" % (
            label, count, erased, ms(typ / count), ms(worst / count), ms(most)))
    windows = [pc.window_time(family, e) for e in log if e[4]]
    if windows:
        print("  window: opens %.2f times a game, %s ms typical, %s ms worst each "
              "(erase + pages up to the last live byte)" % (
                  len(windows) / N_GAMES, ms(sum(w[0] for w in windows) / len(windows)),
                  ms(max(w[1] for w in windows))))
    else:
        print("  window: never opened in %d games" % N_GAMES)
    return nvm


def sweep(configs, families):
    total = {f: pc.Tally() for f in families}
    for family in families:
        for rules, kinds, duplicate in configs:
            nvm = pc.play_games(family, rules, kinds, duplicate, seed=len(kinds), games=12,
                                until_erase=True)     # the last game has a compaction
            t = pc.Tally()
            pc.sweep(family, nvm, t, seed=len(kinds), first=nvm.marks[-1])
            pc.sweep(family, nvm, total[family], seed=len(kinds), first=nvm.marks[-1])
            print("  %s %s %d seats%s: %s" % (family, rules, len(kinds),
                                               " duplicate" if duplicate else "", t),
                  flush=True)
    for family in families:
        t = total[family]
        print("%s in all: %s" % (family, t))
        if t.window_us:
            print("  window: %d openings in %d games, %s ms typical / %s ms worst each" % (
                len(t.window_us), t.games, ms(sum(w[0] for w in t.window_us) / len(t.window_us)),
                ms(max(w[1] for w in t.window_us))))


def main(argv=None):
    from tools.cli_checks import Parser
    ap = Parser(description=__doc__.split("\n")[0])
    runs = ap.add_mutually_exclusive_group()
    runs.add_argument("--sweep", action="store_true",
                      help="a power cut at every instant of every write of whole games")
    runs.add_argument("--all", action="store_true",
                      help="the sweep over every ruleset, 1 to 8 seats, plain and duplicate")
    ap.add_argument("--families", default="rp2040,samd51",
                    help="board families, comma-separated (%s)" % ", ".join(sorted(FAMILIES)))
    args = ap.parse_args(argv)
    families = [f.strip() for f in args.families.split(",") if f.strip()]
    ap.refuse(*["--families %s: unknown family %s (choose from %s)"
                % (args.families, f, ", ".join(sorted(FAMILIES)))
                for f in families if f not in FAMILIES] +
              [None if families else "--families: name at least one"])
    for family in families:
        four_seat_game(family)
    if args.all:
        import yahtzee_core as yc
        configs = [(r, ((0, 2, 3, 4) * 2)[:n], d)
                   for r in yc.RULESETS for n in range(1, 9) for d in (False, True)]
        sweep(configs, families)
    elif args.sweep:
        sweep(pc.GAMES, families)


if __name__ == "__main__":
    main()
