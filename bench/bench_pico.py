"""The game on the Pico's own firmware, timed: CircuitPython 10.2.1 for the Raspberry
Pi Pico in the rp2040js emulator (tools/pico_emu), the default profile's parts on
their pins, each I2C transfer taking its time on the wire at the bus rate the driver
sets (400 kHz), for the plain .py bundle and the .mpy one (CircuitPython's
mpy-cross), both with the Yahtzee strategy table (hints, the perfect computer).

Times are emulated milliseconds at 125 MHz. The emulator's cycle counts are exact for
its model of the Cortex-M0+, but flash wait states and XIP cache misses are not
modelled (code and constants in flash run as if from RAM), so a real Pico can be
slower where code runs from flash. "busy" is the time the CPU executed instructions
(not asleep in WFI); a CPU that waits for I2C is busy.

    .venv/bin/python bench/bench_pico.py [--py | --mpy] [--profile] [--opponent good]
                                         [--rules crag]

Printed, for each bundle:
- boot to menu: power-on to the main menu complete on the OLED (a board that was
  used before; includes CircuitPython's own ~1 s wait for a second reset press),
  and the first boot to its how-to page;
- a steady frame: CPU time per frame of the idle loop on the menu (40 frames/s);
- a roll: from letting go of the shake to the dice landed (the shake detector waits
  its 300 ms quiet time by design), and the CPU time of the tumble's frames;
- a hint: from the long OK taking effect to the hint on screen;
- the Odds screen: from OK to its first rows, and to all rows;
- a perfect computer's turn (speed: instant): from passing it the turn to the
  handover screen after its fill;
- game over: from the last fill to the ranking with the percentile on screen;
- the lowest free heap (gc.mem_free() after gc.collect(), at each scene change,
  YAHTZEE_TRACE) through the game: a perfect computer against a human who asks for
  a hint every turn and opens the Odds screen once;
- with --profile: where the CPU time of the game went, by firmware function.
Goals: hint <= 300 ms, Odds all rows <= 500 ms, perfect turn <= 500 ms,
frame <= 20 ms, boot to menu <= 2 s, lowest free heap >= 40 KB (.py), >= 80 KB (.mpy).
"""

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

DICE_SEED = 7
PLAYERS = ("perfect", "human")
GOALS = {"hint": 300, "odds_all": 500, "cpu": 500, "frame": 20, "boot": 2000}
HEAP_GOALS = {False: 40 * 1024, True: 80 * 1024}


def game_script(players=PLAYERS, rules="yahtzee"):
    """The bench's game of ruleset `rules`, written by playing it in the simulator
    (same dice, same exact table, so the board plays the same game)."""
    from hardware.desktop import VirtualClock
    from sim import Options, build_session
    import tempfile
    from tools.pico_emu.scripts import two_seat_game
    with tempfile.TemporaryDirectory() as folder:   # the writer's session snaps as it goes
        session = build_session(Options(dice_seed=DICE_SEED, headless=True, snap_dir=folder),
                                clock=VirtualClock())
        try:
            return two_seat_game(session, players=players, bench=True, rules=rules).text()
        finally:
            session.hw.close()


def frames_between(pico, start, end):
    return [f for f in pico.frames if start < f[0] <= end]


def busy_between(pico, start, end):
    """CPU busy ms between two emulated times, from the frames' busy counters
    (0 when fewer than two frames fall between)."""
    inside = frames_between(pico, start, end)
    return inside[-1][2] - inside[0][2] if len(inside) > 1 else 0.0


class Timer:
    """Reads the game's log of actions and snaps into the figures."""

    def __init__(self, pico, log, snaps):
        self.pico = pico
        self.log = log
        self.snaps = snaps

    def around(self, snap, kind=("press", "shake")):
        """(time of the last action before the snap, time of the snap)."""
        at = None
        for i, (k, what, t) in enumerate(self.log):
            if k == "snap" and what == snap:
                at = i
                break
        if at is None:
            raise KeyError("no snap %s in the game" % snap)
        snap_t = self.log[at][2]
        for k, what, t in reversed(self.log[:at]):
            if k in kind:
                return t, snap_t
        raise KeyError("no action before snap %s" % snap)

    def shown(self, snap):
        """(ms from the action to the snap's picture first on screen, busy ms)."""
        action, snap_t = self.around(snap)
        first = self.pico.first_shown(self.snaps[snap], since=action)
        if first is None:
            return None, None
        return first - action, busy_between(self.pico, action - 1, first)

    def first_change(self, snap):
        action, _ = self.around(snap)
        after = [f for f in self.pico.frames if f[0] > action]
        return after[0][0] - action if after else None


def run_bundle(mpy, profile=False, players=PLAYERS, rules="yahtzee"):
    from tools import pico_emu
    from tools.pico_emu.elf import Symbols, by_function
    from tools.pico_emu.scripts import play
    label = "mpy" if mpy else "py"
    drive = pico_emu.Drive(profile="default", mpy=mpy, rules=rules,
                           settings={"YAHTZEE_DICE_SEED": str(DICE_SEED),
                                     "YAHTZEE_TRACE": "heap"})
    script = game_script(players, rules)
    out = {}
    wall = time.time()
    with pico_emu.Pico(drive, i2c_timing=True) as pico:
        pico.boot()
        out["first_boot"] = pico.shown_at
        pico.press("BACK")                       # the how-to, once
        pico.run_until_still(800)
        pico.boot()                              # a later boot: straight to the menu
        out["boot"] = pico.frames[-1][0]
        busy = pico.busy
        pico.run(2000)
        out["frame"] = (pico.busy - busy) / (2000 / 25)
        pico.power_on()                          # the game, from a fresh power-on
        pico.attach_console()
        pico.capture(True)
        if profile:
            pico.sample_pcs(211)
        pico.run_until_still(800, 30000)
        log = []
        snaps = play(pico, script, log=log)
        samples = pico.pc_samples() if profile else {}
        console = pico.console[pico.attached_at:]
        timer = Timer(pico, log, snaps)
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
        out["errors"] = "Traceback" in console
        log_path = os.path.join(ROOT, "build", "pico_emu", "bench-%s-console.txt" % label)
        os.makedirs(os.path.dirname(log_path), exist_ok=True)
        with open(log_path, "w") as f:
            f.write(console)
        if out["errors"]:
            tail = console[console.index("Traceback"):][:1500]
            out["traceback"] = "%s\n  (the whole console: %s)" % (tail, log_path)
        out["erases"] = sum(1 for op in pico.nvm_ops() if op["kind"] == "erase")
        out["emulated_s"] = pico.t / 1000
    drive.close()
    out["wall_s"] = time.time() - wall
    report(label, out)
    if profile and samples:
        symbols = None
        elf = pico_emu.firmware_paths()["elf"]
        if elf.is_file():
            symbols = Symbols(str(elf))
        total = sum(samples.values())
        print("  where the game's CPU time went (%s):" % ("by function" if symbols else
                                                        "by address: no firmware.elf"))
        for n, name in by_function(samples, symbols)[:20]:
            print("    %5.1f%%  %s" % (100.0 * n / total, name))
    return out


def report(label, out):
    def ms(key):
        v = out.get(key)
        return "n/a" if v is None else "%.0f ms" % v

    def goal(key, value):
        g = GOALS.get(key)
        if g is None or value is None:
            return ""
        return "  (goal <= %d ms: %s)" % (g, "met" if value <= g else "OVER")

    print("%s bundle (%.0f s emulated, %.0f s wall)%s" % (
        label, out["emulated_s"], out["wall_s"],
        "  THE BOARD STOPPED WITH AN ERROR: the game's figures after it are not the "
        "game's (below)" if out["errors"] else ""))
    print("  boot to menu             %8s%s" % (ms("boot"), goal("boot", out["boot"])))
    print("  first boot to how-to     %8s" % ms("first_boot"))
    print("  steady frame (CPU)       %8.1f ms%s" % (out["frame"], goal("frame", out["frame"])))
    print("  roll: let go -> landed   %8s   CPU %s" % (ms("roll"), ms("roll_busy")))
    print("  hint                     %8s   CPU %s%s" % (ms("hint"), ms("hint_busy"),
                                                       goal("hint", out["hint"])))
    print("  Odds: first rows         %8s" % ms("odds_first"))
    print("  Odds: all rows           %8s   CPU %s%s" % (ms("odds_all"), ms("odds_busy"),
                                                       goal("odds_all", out["odds_all"])))
    print("  perfect computer's turn  %8s   CPU %s%s" % (ms("cpu"), ms("cpu_busy"),
                                                       goal("cpu", out["cpu"])))
    print("  game over (percentile)   %8s   CPU %s" % (ms("over"), ms("over_busy")))
    heap = out["heap"]
    want = HEAP_GOALS[label == "mpy"]
    print("  lowest free heap         %8s   over %d scene changes  (goal >= %d KB: %s)" % (
        "%d B" % heap if heap is not None else "n/a", out["heap_scenes"], want // 1024,
        "n/a" if heap is None else "met" if heap >= want else "UNDER"))
    print("  nvm sector erases in the game: %d" % out["erases"])
    if out.get("traceback"):
        print("  the board stopped with:\n" + out["traceback"])


def main(argv=None):
    import yahtzee_core as yc
    from tools.cli_checks import Parser, unknown_rules
    ap = Parser(description=__doc__.split("\n")[0])
    form = ap.add_mutually_exclusive_group()
    form.add_argument("--py", action="store_true", help="the plain .py bundle only")
    form.add_argument("--mpy", action="store_true", help="the .mpy bundle only")
    ap.add_argument("--profile", action="store_true", help="profile the board's run")
    ap.add_argument("--opponent", default=PLAYERS[0],
                    choices=[k for k in yc.KINDS if k != "human"])
    ap.add_argument("--rules", default="yahtzee")
    args = ap.parse_args(argv)
    ap.refuse(unknown_rules(args.rules))
    from tools import pico_emu
    reason = pico_emu.unavailable()
    if reason:
        print("bench_pico: " + reason)
        return 0
    forms = [False] if args.py else [True] if args.mpy else [False, True]
    if True in forms and pico_emu.mpy_cross() is None:
        print("no CircuitPython mpy-cross (PICO_MPY_CROSS): the .py bundle only")
        forms = [False]
    print(__doc__.split("\n\n")[1].replace("\n", " "))
    players = (args.opponent, "human")
    rules = args.rules
    print("the game: %s of %s against a human who asks a hint every turn" % (rules, players[0]))
    for mpy in forms:
        run_bundle(mpy, profile=args.profile, players=players, rules=rules)
    return 0


if __name__ == "__main__":
    sys.exit(main())
