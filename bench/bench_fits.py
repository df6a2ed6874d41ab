"""Which games fit which firmware: measures what setup decides by (ui/fit_data.py
fit) and prints that file's text (--write writes it).

    .venv/bin/python bench/bench_fits.py [--write | --check] [--keep-free]

- NEED: a game's working set (App.begin_game) and what its first three rounds keep,
  per ruleset, computer level ("human": a solo game) and bundle (.mpy, .py), hints on,
  in KB rounded up: tests/mpy/fit_game.py under CircuitPython 10.2.1's unix build
  (32-bit: a board's object sizes; from .py sources it compiles in RAM as a board
  does). A level perfect reads the ruleset's table from tables/ when there is one
  (else it plays as good does, and so is measured).
- FREE: the free heap at the menu on the emulated Pico (tools/pico_emu), stock
  CircuitPython 10.2.1 with each bundle and our firmware (build/firmware), from the
  heap trace of the stock suite's two-seat game (YAHTZEE_TRACE), in bytes.
  --keep-free keeps the figures ui/fit_data.py has (no emulator).
--write: rewrite ui/fit_data.py; --check: compare with it, write nothing, exit 1 when
they differ; neither: print the text.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))

# Left free beside a game's working set, in KB, per bundle: what the unix build's
# figure leaves out (the views' game objects) and what a turn makes and lets go (a
# save's compaction image, the 4 KB nvm in one block; a hint's sweep; the drawing);
# a .py board also compiles the game's code in RAM as it starts, its parse in one
# piece. Set against the emulated stock games (tests/test_pico_emu.py, the heap trace
# YAHTZEE_TRACE prints; `pytest -s -k stock` prints the lowest): on .mpy, hints on,
# with 37 KB free at the menu, two humans at Yahtzee (30 KB here) keep 5.8 KB at their
# lowest to the first handover, a human against good at Crag (33 KB) 4.0 KB; on .py a
# game's scene modules compile in RAM as it starts, their parse in one piece.
RESERVE = {"mpy": 3, "py": 11}
from yahtzee_core.rules import KINDS  # noqa: E402 (the order of ui/fit_data.py's columns)
OUT = os.path.join(ROOT, "ui", "fit_data.py")


def table_of(name):
    for ext in (".yzp", ".yzt"):
        path = os.path.join(ROOT, "tables", name + ext)
        if os.path.exists(path):
            return path
    return None


def needs(compiled, rulesets):
    from mpy_util import run_micropython
    out = bytearray()
    for name in rulesets:
        for level in KINDS:
            args = (name, level) + ((table_of(name),) if level == "perfect" and table_of(name)
                                    else ())
            done = run_micropython("tests/mpy/fit_game.py", heapsize="400K",
                                   packages=("yahtzee_core", "ui"), port="circuitpython",
                                   compiled=compiled, args=args, timeout=300)
            text = done.stdout + done.stderr
            if done.returncode or "need " not in text:
                raise SystemExit("%s %s: %s" % (name, level, text[-600:]))
            held = int(text.split("need ")[1].split()[2])
            out.append(min(255, -(-held // 1024)))
            print("%s %-14s %-8s %6d B" % (".mpy" if compiled else ".py", name, level, held),
                  flush=True)
    return bytes(out)


def free_at_menu():
    from tools import pico_emu
    from tools.pico_emu import games
    text, want = games.simulated_game(None)
    text, want = games.until_snap(text, want, "menu")
    free = {}
    for form, mpy, firmware in (("py", False, False), ("mpy", True, False),
                                ("ours", False, True)):
        why = pico_emu.unavailable("pico" if firmware else None)
        if why:
            raise SystemExit("no emulator for %s: %s" % (form, why))
        game = games.play_on_board(text, want, None, mpy, firmware=firmware)
        menu = [n for scene, n in game.heap() if scene == "menu"]
        if not menu:
            raise SystemExit("%s: no heap line at the menu" % form)
        free[form] = menu[0]
        print("free at the menu, %s: %d B" % (form, menu[0]), flush=True)
    return free


def render(free, need, rulesets):
    lines = ['"""Which games fit this board (fit, below; setup asks, ui/scenes/menus.py): the',
             'figures are written by bench/bench_fits.py (its docstring says how each is measured),',
             'not by hand; it keeps fit as it is. (Lower-case names the app already has: a board',
             'compiling .py would intern new ones.)"""', "",
             "# the free heap at the menu, bytes, per sys.platform: .py, .mpy, our firmware",
             "free = {'RP2040': (%s)}" % ", ".join("%d" % free[k] for k in ("py", "mpy", "ours")),
             "# KB left beside a game's working set, .py and .mpy (bench/bench_fits.py says why)",
             "reserve = (%d, %d)" % (RESERVE["py"], RESERVE["mpy"]),
             "# a game's working set, KB, .py and .mpy: a row per ruleset (yahtzee_core.rules.NAMES:",
             "# %s" % " ".join(rulesets[:7]), "# " + " ".join(rulesets[7:]) + "),",
             "# a column per level (rules.KINDS: %s; human: a solo game)" % " ".join(KINDS),
             "need = ("]
    for form in ("py", "mpy"):
        lines.append("    %r," % need[form])
    lines.append(")")
    with open(OUT) as f:        # fit itself, as the file has it
        kept = f.read()
    return "\n".join(lines) + "\n\n\n" + kept[kept.index("def fit(app):"):]


def main(argv=None):
    import yahtzee_core as yc
    from tools.cli_checks import Parser
    parser = Parser(description=__doc__.splitlines()[0])
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--write", action="store_true", help="rewrite ui/fit_data.py")
    what.add_argument("--check", action="store_true",
                      help="exit 1 when ui/fit_data.py differs from the figures measured")
    parser.add_argument("--keep-free", action="store_true")
    args = parser.parse_args(argv)
    rulesets = tuple(yc.RULESETS)
    need = {"mpy": needs(True, rulesets), "py": needs(False, rulesets)}
    if args.keep_free:
        from ui import fit_data
        free = dict(zip(("py", "mpy", "ours"), fit_data.free["RP2040"]))
    else:
        free = free_at_menu()
    text = render(free, need, rulesets)
    if args.check:
        same = open(OUT).read() == text
        print("ui/fit_data.py is %s" % ("up to date" if same else "out of date"))
        return 0 if same else 1
    if not args.write:
        sys.stdout.write(text)
        return 0
    with open(OUT, "w") as f:
        f.write(text)
    print("wrote", OUT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
