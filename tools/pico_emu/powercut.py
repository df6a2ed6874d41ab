"""Power cuts in the middle of a save, on the emulated Pico's real nvm flash.

The save store promises: after a cut during any save, the next boot resumes the game
as it was before or after that action, and the records are intact. This checks it
at chosen instants of one save (filling a box):

1. a game is played up to the scorecard (sound turned off first: a record to keep),
   the board settles, and its flash is kept (`before`);
2. booted from `before`, resumed, the box is filled: the nvm erases and programs
   that save makes are listed, and the settled flash kept (`after`);
3. both are booted for the pictures a boot must show: the main menu (the records,
   and a Resume item: the game is there) and the resumed game;
4. for each instant (the k-th erase/program of that save, a fraction of the way
   through it; bits caught mid-way take pseudo-random values) the board is booted
   from `before`, resumed, the box filled with the cut armed, and booted again:
   its menu must be the reference menu and the resumed game `before`'s or `after`'s.

    python -m tools.pico_emu.powercut        # every instant; prints which keep the promise
Desktop only.
"""

import os
import sys
import tempfile

import numpy as np

DICE_SEED = 7
FRACTIONS = (0.0, 0.5, 0.97)     # at the start, halfway, in the last page


class Setup:
    """The flash files and reference pictures of one save (steps 1-3 above)."""

    def __init__(self, folder):
        self.folder = folder
        self.before = os.path.join(folder, "before.flash")
        self.after = os.path.join(folder, "after.flash")
        self.ops = []
        self.menu = None
        self.game_before = None
        self.game_after = None


def _script():
    from sim import Options, build_session, no_tables
    from hardware.desktop import VirtualClock
    from tools.pico_emu.scripts import one_seat_to_a_fill
    session = build_session(Options(dice_seed=DICE_SEED, table=no_tables, headless=True),
                            clock=VirtualClock())
    try:
        return one_seat_to_a_fill(session).text()
    finally:
        session.hw.close()


def boot_to_menu(pico):
    """Power on; the first screen once it is steady."""
    return pico.boot()


def resume(pico):
    """From the main menu: Resume (the first item when a game is saved); the game's
    screen as it comes back."""
    pico.press("OK")
    pico.run_until_still(500, 15000)
    return pico.screen()


def open_card(pico):
    """After the last roll OK opens the scorecard, the cursor on the best box."""
    pico.press("OK")
    pico.run_until_still(500, 15000)


def prepare(drive, folder, log=print):
    """Steps 1-3: returns a Setup."""
    from tools import pico_emu
    from tools.pico_emu.scripts import play
    setup = Setup(folder)
    with pico_emu.Pico(drive) as pico:
        boot_to_menu(pico)
        pico.press("BACK")                   # the first boot's how-to
        pico.run_until_still()
        play(pico, _script())
        pico.run_until_still(800)
        pico.save_flash(setup.before)
    with pico_emu.Pico(drive, flash_file=setup.before) as pico:
        setup.menu = boot_to_menu(pico)
        setup.game_before = resume(pico)
        open_card(pico)
        done = len(pico.nvm_ops())
        pico.press("OK")                     # fill the box under the cursor
        pico.run_until_still(800)
        setup.ops = pico.nvm_ops()[done:]
        pico.save_flash(setup.after)
    if not setup.ops:
        raise RuntimeError("filling a box wrote nothing to the nvm")
    with pico_emu.Pico(drive, flash_file=setup.after) as pico:
        menu = boot_to_menu(pico)
        if not np.array_equal(menu, setup.menu):
            raise RuntimeError("the menu after the save differs from before it")
        setup.game_after = resume(pico)
    log("the save: " + ", ".join("%s %d B at 0x%x" % (op["kind"], op["count"], op["offset"])
                                 for op in setup.ops))
    return setup


def instants(setup, fractions=FRACTIONS):
    """(k, kind, fraction) for every op of the save: the k-th op of its kind."""
    out = []
    seen = {}
    for op in setup.ops:
        seen[op["kind"]] = seen.get(op["kind"], 0) + 1
        for f in fractions:
            out.append((seen[op["kind"]], op["kind"], f))
    return out


def cut_and_boot(drive, setup, n, kind, fraction, seed=1):
    """Step 4 for one instant: (kept, what) - kept is True when the promise held,
    what says what the boot showed."""
    from tools import pico_emu
    with pico_emu.Pico(drive, flash_file=setup.before) as pico:
        boot_to_menu(pico)
        resume(pico)
        open_card(pico)
        pico.arm_cut(n, fraction, kind=kind, seed=seed)
        pico.press("OK", after_ms=0)
        for _ in range(20):
            if pico.cut is not None:
                break
            pico.run(250)
        if pico.cut is None:
            return False, "no cut: the save made no %s #%d" % (kind, n)
        cut_at = pico.cut
        menu = boot_to_menu(pico)
        if not np.array_equal(menu, setup.menu):
            return False, "cut %s: the menu changed (records or the game lost)" % cut_at
        game = resume(pico)
        if np.array_equal(game, setup.game_before):
            return True, "cut %s: resumed as before the fill" % cut_at
        if np.array_equal(game, setup.game_after):
            return True, "cut %s: resumed as after the fill" % cut_at
        return False, "cut %s: resumed a game that is neither before nor after" % cut_at


def drive_for_cuts(mpy=True):
    from tools import pico_emu
    return pico_emu.Drive(profile="default", mpy=mpy,
                          settings={"YAHTZEE_DICE_SEED": str(DICE_SEED)})


def main(argv=None):
    from tools.cli_checks import Parser
    ap = Parser(description=__doc__.split("\n")[0])
    ap.add_argument("--py", action="store_true", help="the plain .py bundle (default .mpy)")
    mpy = not ap.parse_args(argv).py
    from tools import pico_emu
    reason = pico_emu.unavailable()
    if reason:
        print("powercut: " + reason, file=sys.stderr)
        return 2
    drive = drive_for_cuts(mpy)
    with tempfile.TemporaryDirectory() as folder:
        setup = prepare(drive, folder)
        kept_all = True
        for n, kind, fraction in instants(setup):
            kept, what = cut_and_boot(drive, setup, n, kind, fraction)
            kept_all &= kept
            print("%-5s %s #%d at %3d%%: %s" % ("kept" if kept else "LOST", kind, n,
                                               round(fraction * 100), what), flush=True)
    drive.close()
    return 0 if kept_all else 1


if __name__ == "__main__":
    sys.exit(main())
