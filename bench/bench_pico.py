"""The game on the emulated Pico, timed, on three firmwares side by side: our own
(tools/firmware.py: CircuitPython 10.2.1 with the game frozen in, the drive without
code) and the stock CircuitPython 10.2.1 for the Raspberry Pi Pico with the plain .py
bundle or the .mpy one (CircuitPython's mpy-cross) on the drive; each with the
Yahtzee strategy table (hints, the perfect computer), the default profile's parts on
their pins (tools/pico_emu), each I2C transfer taking its time on the wire at the bus
rate the driver sets (400 kHz).

Times are emulated milliseconds at 125 MHz. The emulator's cycle counts are exact for
its model of the Cortex-M0+, but flash wait states and XIP cache misses are not
modelled (code and constants in flash run as if from RAM), so a real Pico can be
slower where code runs from flash. "CPU" is the time the CPU executed instructions
(not asleep in WFI) from the action to the picture, less what the idle loop spends
in that time; a CPU that waits for I2C is busy.

    .venv/bin/python bench/bench_pico.py [--py] [--mpy] [--ours] [--firmware DIR]
                                         [--profile] [--opponent good] [--rules crag]

--py, --mpy, --ours: only these firmwares (default: all three that can run here).
--firmware DIR: where `python -m tools.firmware --board pico --out DIR` wrote our
firmware (default: $POCKET_YAHTZEE_FIRMWARE, else build/firmware in the checkout).

The game: the simulator plays it first (same seeded dice, same strategy table) and
writes the script the board then plays (tools/pico_emu/scripts.py two_seat_game,
bench=True): a perfect computer at speed instant against a human who asks for a
hint after every first roll and opens the Odds screen in the last round. Every snap
of the script must be the simulator's picture, and the menu after each boot too:
a game that parts from the simulator's stops there, and none of its figures is
printed (they would be taken from other screens than they name); the bench says
which snap parted and exits with 2. So does a traceback on the console.

Printed, for each firmware:
- code.py to the menu: from CircuitPython handing over to code.py (its "code.py
  output:" line, after a reload) to the main menu on the OLED;
- power-on to the menu, a used board (includes CircuitPython's own wait for a second
  reset press), and the first power-on to the how-to page;
- a steady frame: CPU time per frame of the idle loop on the menu (40 frames/s);
- a roll: from letting go of the shake to the dice landed (the shake detector waits
  its 300 ms quiet time by design);
- the first hint: from the long OK taking effect to the hint on screen;
- the Odds screen: from OK to its first rows, and to all rows;
- a perfect computer's turn (speed: instant): from passing it the turn to the
  handover screen after its fill;
- game over: from the last fill to the ranking with the percentile on screen;
- the lowest free heap (gc.mem_free() after gc.collect(), at each scene change,
  YAHTZEE_TRACE) through the game;
- with --profile: where the CPU time of the game went, by firmware function.
Goals, for our firmware: code.py to the menu <= 500 ms, first hint <= 100 ms, a
perfect computer's turn <= 200 ms, Odds all rows <= 200 ms, lowest free heap >= 128 KB.
"""

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

DICE_SEED = 7
PLAYERS = ("perfect", "human")
FORMS = ("py", "mpy", "ours")
TITLES = {"py": "stock .py", "mpy": "stock .mpy", "ours": "our firmware"}
GOALS = {"code_to_menu": 500, "hint": 100, "cpu": 200, "odds_all": 200}
HEAP_GOAL = 128 * 1024

# (key, what, CPU key or None): the rows printed, in order
ROWS = (("code_to_menu", "code.py to the menu", None),
        ("boot", "power-on to the menu, a used board", None),
        ("first_boot", "first power-on to the how-to", None),
        ("frame", "steady frame, CPU", None),
        ("roll", "a roll: let go -> landed", "roll_busy"),
        ("hint", "the first hint", "hint_busy"),
        ("odds_first", "Odds: first rows", None),
        ("odds_all", "Odds: all rows", "odds_busy"),
        ("cpu", "perfect computer's turn, instant", "cpu_busy"),
        ("over", "game over (percentile)", "over_busy"))


class Parted(Exception):
    """The board's picture at a snap is not the simulator's: the game stops there."""


def game_script(players=PLAYERS, rules="yahtzee"):
    """The bench's game of ruleset `rules`, written by playing it in the simulator
    (same dice, same exact table, so the board plays the same game), and the
    simulator's pictures at its snaps: (text, {snap: pixels})."""
    from hardware.desktop import VirtualClock
    from sim import Options, build_session
    import tempfile
    from tools.pico_emu.games import simulated_pictures
    from tools.pico_emu.scripts import two_seat_game
    with tempfile.TemporaryDirectory() as folder:   # the writer's session snaps as it goes
        session = build_session(Options(dice_seed=DICE_SEED, headless=True, snap_dir=folder),
                                clock=VirtualClock())
        try:
            text = two_seat_game(session, players=players, bench=True, rules=rules).text()
        finally:
            session.hw.close()
    return text, simulated_pictures(text)


class Timer:
    """Reads the game's log of actions and snaps into the figures. idle_busy: CPU ms
    per emulated ms of the idle loop, taken off a figure's CPU time."""

    def __init__(self, pico, log, snaps, idle_busy):
        self.pico = pico
        self.log = log
        self.snaps = snaps
        self.idle_busy = idle_busy

    def around(self, snap, kind=("press", "shake")):
        """(the last action before the snap, the snap's log entry)."""
        at = None
        for i, entry in enumerate(self.log):
            if entry[0] == "snap" and entry[1] == snap:
                at = i
                break
        if at is None:
            raise KeyError("no snap %s in the game" % snap)
        for entry in reversed(self.log[:at]):
            if entry[0] in kind:
                return entry, self.log[at]
        raise KeyError("no action before snap %s" % snap)

    def shown(self, snap):
        """(ms from the action to the snap's picture first on screen, CPU ms)."""
        action, _ = self.around(snap)
        acts_at, begun_at, busy_then = action[2], action[3], action[4]
        first = self.pico.first_shown(self.snaps[snap], since=acts_at)
        if first is None:
            return None, None
        frame = [f for f in self.pico.frames if f[0] == first][0]
        busy = frame[2] - busy_then - self.idle_busy * (acts_at - begun_at)
        return first - acts_at, max(0.0, busy)

    def first_change(self, snap):
        action, _ = self.around(snap)
        after = [f for f in self.pico.frames if f[0] > action[2]]
        return after[0][0] - action[2] if after else None


def our_firmware(folder=None):
    """None when our firmware can run on the emulator here, else why not."""
    from tools import pico_emu
    if folder:
        os.environ["POCKET_YAHTZEE_FIRMWARE"] = folder
    if not hasattr(pico_emu, "our_firmware_dir"):
        return "this checkout's emulator does not run our firmware (tools/pico_emu)"
    return pico_emu.unavailable("pico")


def make_drive(form, rules):
    from tools import pico_emu
    kind = {"firmware": True} if form == "ours" else {"mpy": form == "mpy"}
    return pico_emu.Drive(profile="default", rules=rules,
                          settings={"YAHTZEE_DICE_SEED": str(DICE_SEED),
                                    "YAHTZEE_TRACE": "heap"}, **kind)


def code_to_menu(pico, menu):
    """Restart code.py through the console (Ctrl-C, Ctrl-D: CircuitPython's reload)
    and time it from its "code.py output:" line to the menu on the OLED: the last
    OLED change before the app's trace of the menu, which must show `menu`.
    Returns ms; Parted when the picture is another."""
    import numpy as np
    pico.attach_console()           # the reload: code.py starts again
    start = pico.t
    # the console line arrives a USB frame after code.py began: at most 1 ms late
    mark = pico.console.rindex("code.py output:")
    pico.run(10000, text="yahtzee: heap menu", text_from=mark)
    traced = pico.t
    pico.run_until_still(500, 10000)
    if not np.array_equal(pico.screen(), menu):
        raise Parted("menu (after the reload)")
    shown = [f[0] for f in pico.frames if start <= f[0] <= traced]
    return (shown[-1] if shown else traced) - start


def run_form(form, script, want, profile=False, rules="yahtzee"):
    """One firmware's figures: {key: value}, with 'parted' (a snap's name) and
    'traceback' when the game did not play the simulator's."""
    import numpy as np
    from tools import pico_emu
    from tools.pico_emu.elf import Symbols, by_function
    from tools.pico_emu.games import sim_vsys_mv
    from tools.pico_emu.scripts import play
    drive = make_drive(form, rules)
    out = {"parted": None}
    wall = time.time()
    samples = {}
    with pico_emu.Pico(drive, i2c_timing=True, vsys_mv=sim_vsys_mv()) as pico:
        try:
            pico.boot()
            out["first_boot"] = pico.shown_at
            pico.press("BACK")                       # the how-to, once
            pico.run_until_still(800)
            if not np.array_equal(pico.screen(), want["menu"]):
                raise Parted("menu (after the how-to)")
            pico.boot()                              # a later boot: straight to the menu
            out["boot"] = pico.frames[-1][0]
            if not np.array_equal(pico.screen(), want["menu"]):
                raise Parted("menu (a used board's boot)")
            busy = pico.busy
            pico.run(2000)
            out["frame"] = (pico.busy - busy) / (2000 / 25)
            idle_busy = (pico.busy - busy) / 2000
            out["code_to_menu"] = code_to_menu(pico, want["menu"])
            pico.capture(True)
            if profile:
                pico.sample_pcs(211)
            log = []

            def check(name, pixels):
                if name in want and not np.array_equal(pixels, want[name]):
                    raise Parted(name)
            snaps = play(pico, script, log=log, on_snap=check, stop_at="Traceback")
        except Parted as parted:
            out["parted"] = str(parted)
        samples = pico.pc_samples() if profile else {}
        console = pico.console[pico.attached_at:]
        log_path = os.path.join(ROOT, "build", "pico_emu", "bench-%s-console.txt" % form)
        os.makedirs(os.path.dirname(log_path), exist_ok=True)
        with open(log_path, "w") as f:
            f.write(console)
        if "Traceback" in console:
            tail = console[console.index("Traceback"):][:1500]
            out["traceback"] = "%s\n  (the whole console: %s)" % (tail, log_path)
        if out["parted"] is None and not out.get("traceback"):
            timer = Timer(pico, log, snaps, idle_busy)
            out["roll"], out["roll_busy"] = timer.shown("m_roll")
            out["hint"], out["hint_busy"] = timer.shown("m_hint")
            out["odds_first"] = timer.first_change("m_odds")
            out["odds_all"], out["odds_busy"] = timer.shown("m_odds")
            out["cpu"], out["cpu_busy"] = timer.shown("m_cpu")
            out["over"], out["over_busy"] = timer.shown("over")
            heap = [int(line.split()[3]) for line in console.splitlines()
                    if line.startswith("yahtzee: heap ")]
            out["heap"] = min(heap) if heap else None
            out["heap_scenes"] = len(heap)
            out["erases"] = sum(1 for op in pico.nvm_ops() if op["kind"] == "erase")
        out["emulated_s"] = pico.t / 1000
        out["elf"] = (pico_emu.firmware_paths("pico") if form == "ours"
                      else pico_emu.firmware_paths())["elf"]
    drive.close()
    out["wall_s"] = time.time() - wall
    if profile and samples and out["parted"] is None:
        elf = out["elf"]
        symbols = Symbols(str(elf)) if elf.is_file() else None
        total = sum(samples.values())
        print("  where the game's CPU time went on %s (%s):" % (
            TITLES[form], "by function" if symbols else "by address: no firmware.elf"))
        for n, name in by_function(samples, symbols)[:20]:
            print("    %5.1f%%  %s" % (100.0 * n / total, name))
    return out


def good(out):
    return out["parted"] is None and not out.get("traceback")


def cell(out, key, busy_key):
    if key not in out:
        return "-" if good(out) else "parted"
    v = out[key]
    if v is None:
        return "n/a"
    if key == "frame":
        return "%.1f ms" % v
    text = "%.0f ms" % v
    if busy_key and out.get(busy_key) is not None:
        text += " (%.0f)" % out[busy_key]
    return text


def report(outs):
    """The figures side by side, then why a firmware's game has none."""
    forms = [f for f in FORMS if f in outs]
    width = 16
    print("%-36s" % "figure (CPU ms)" + "".join("%*s" % (width, TITLES[f]) for f in forms)
          + "   goal (our firmware)")
    for key, what, busy_key in ROWS:
        goal = GOALS.get(key)
        print("%-36s" % what + "".join("%*s" % (width, cell(outs[f], key, busy_key))
                                       for f in forms)
              + ("   <= %d ms%s" % (goal, _met(outs.get("ours"), key, goal)) if goal else ""))
    heaps = ["%d B" % outs[f]["heap"] if good(outs[f]) and outs[f].get("heap") is not None
             else "parted" if not good(outs[f]) else "n/a" for f in forms]
    print("%-36s" % "lowest free heap in the game" + "".join("%*s" % (width, h) for h in heaps)
          + "   >= %d KB%s" % (HEAP_GOAL // 1024, _met(outs.get("ours"), "heap", HEAP_GOAL,
                                                       at_least=True)))
    print("%-36s" % "emulated s / wall s" + "".join(
        "%*s" % (width, "%.0f / %.0f" % (outs[f]["emulated_s"], outs[f]["wall_s"]))
        for f in forms))
    for f in forms:
        out = outs[f]
        if out["parted"]:
            print("%s: the board's picture at snap %r is not the simulator's: the game "
                  "stopped there, none of its figures printed (console: build/pico_emu/"
                  "bench-%s-console.txt)" % (TITLES[f], out["parted"], f))
        if out.get("traceback"):
            print("%s: the board stopped with:\n%s" % (TITLES[f], out["traceback"]))


def _met(out, key, goal, at_least=False):
    if out is None or not good(out) or out.get(key) is None:
        return ""
    ok = out[key] >= goal if at_least else out[key] <= goal
    return ": met" if ok else ": MISSED"


def main(argv=None):
    import yahtzee_core as yc
    from tools.cli_checks import Parser, unknown_rules
    parser = Parser(description=__doc__.split("\n\n")[0])
    for form in FORMS:
        parser.add_argument("--" + form, action="store_true",
                            help="only this firmware (%s), with any other chosen" % TITLES[form])
    parser.add_argument("--firmware", metavar="DIR",
                        help="our firmware's folder (tools.firmware --out)")
    parser.add_argument("--profile", action="store_true", help="where the CPU time went")
    parser.add_argument("--opponent", default=PLAYERS[0],
                        choices=[k for k in yc.KINDS if k != "human"])
    parser.add_argument("--rules", default="yahtzee")
    args = parser.parse_args(argv)
    parser.refuse(unknown_rules(args.rules))
    from tools import pico_emu
    forms = [f for f in FORMS if getattr(args, f)] or list(FORMS)
    why = {}
    if "py" in forms or "mpy" in forms:
        reason = pico_emu.unavailable()
        if reason:
            why["py"] = why["mpy"] = reason
    if "mpy" in forms and "mpy" not in why and pico_emu.mpy_cross() is None:
        why["mpy"] = "no CircuitPython mpy-cross (PICO_MPY_CROSS)"
    if "ours" in forms:
        reason = our_firmware(args.firmware)
        if reason:
            why["ours"] = reason
    for form in forms:
        if form in why:
            print("no %s: %s" % (TITLES[form], why[form]))
    forms = [f for f in forms if f not in why]
    if not forms:
        return 1
    print(__doc__.split("\n\n")[1].replace("\n", " "))
    players = (args.opponent, "human")
    print("the game: %s, %s computer against a human who asks a hint every turn"
          % (args.rules, players[0]))
    script, want = game_script(players, args.rules)
    outs = {}
    for form in forms:
        outs[form] = run_form(form, script, want, profile=args.profile, rules=args.rules)
    report(outs)
    return 0 if all(good(outs[f]) for f in forms) else 2


if __name__ == "__main__":
    sys.exit(main())
