"""Play the handheld on a PC:  python -m sim [options]   (or ./play.sh [options])

Terminal (default), --window (pygame) or --headless (scripted, virtual clock).
Problems the player can fix (bad option, small terminal, no display for a window,
unreadable save or script) are one clear line on stderr and exit code 2.
"""

import argparse
import os
import sys

EXIT_USAGE = 2


class UsageError(Exception):
    pass


def _kinds():
    import yahtzee_core as yc
    return yc.KINDS


def _players(text):
    import yahtzee_core as yc
    kinds = [k.strip().lower() for k in text.split(",") if k.strip()]
    if not kinds:
        raise argparse.ArgumentTypeError("name at least one player")
    if len(kinds) > yc.MAX_PLAYERS:
        raise argparse.ArgumentTypeError("at most %d players" % yc.MAX_PLAYERS)
    for kind in kinds:
        if kind not in yc.KINDS:
            raise argparse.ArgumentTypeError(
                "unknown player %r (choose from %s)" % (kind, ", ".join(yc.KINDS)))
    return kinds


def _dice_seed(text):
    try:
        seed = int(text)
    except ValueError:
        seed = -1
    if not 0 <= seed <= 0xFFFFF:
        raise argparse.ArgumentTypeError("%r is not a whole number in 0..1048575" % text)
    return seed


def parser():
    import yahtzee_core as yc
    from hardware.desktop import board_names
    from tools.cli_checks import Parser
    from sim import default_save, short_path
    p = Parser(
        prog="play.sh",
        description="Play the Yahtzee handheld on this computer: the device's own app "
                    "and screen, in the terminal (default) or a window.",
        epilog="Keys: 1-6 hold dice (6: the sixth), Enter OK, Backspace/Esc BACK, Space "
               "shake (hold it to keep shaking), arrows move the cursor, h hint, q quit. "
               "See docs/SIMULATOR.md.")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--window", action="store_true",
                      help="play in a pygame window instead of the terminal")
    mode.add_argument("--headless", action="store_true",
                      help="run --script without a terminal, on a virtual clock")
    mode.add_argument("--web", action="store_true",
                      help="build the web page (the board's own firmware in the browser, "
                           "docs/WEB.md) and serve it at http://127.0.0.1:8000/")
    p.add_argument("--rules", choices=yc.RULESETS,
                   help="ruleset (default: yahtzee)")
    p.add_argument("--players", type=_players, metavar="LIST",
                   help="start a game at once with these seats, e.g. human,perfect,good "
                        "(kinds: %s); without it the app starts at its menu"
                        % ", ".join(yc.KINDS))
    dice = p.add_mutually_exclusive_group()
    dice.add_argument("--seed", type=int, help="seed the dice: the same game every run")
    dice.add_argument("--dice-seed", type=_dice_seed, metavar="N",
                      help="the device's own seeded dice (0..1048575): the same game as a "
                           "board whose settings.toml has YAHTZEE_DICE_SEED = \"N\"")
    p.add_argument("--board", default="default", choices=board_names(),
                   help="which handheld to show (default: default)")
    saves = p.add_mutually_exclusive_group()
    saves.add_argument("--save", metavar="FILE",
                       help="keep the handheld's storage (the game in play, records, names, "
                            "settings) in FILE (created if missing) instead of the default, "
                            "%s (scripted runs keep nothing unless told)"
                            % short_path(default_save()))
    saves.add_argument("--no-save", action="store_true",
                       help="keep nothing between runs: every run starts as a new handheld")
    p.add_argument("--script", metavar="FILE",
                   help="scripted input (see docs/SIMULATOR.md for the format)")
    p.add_argument("--frames", metavar="DIR", help="write a PNG of every changed frame")
    p.add_argument("--gif", metavar="FILE", help="write an animated GIF of the run")
    p.add_argument("--snap-dir", metavar="DIR", default=".",
                   help="where a script's 'snap NAME' writes NAME.png (default: .)")
    p.add_argument("--pixels", choices=("auto", "half", "braille"), default="auto",
                   help="terminal pixels: half blocks (full size), braille (fits 80x24) "
                        "or auto (default)")
    p.add_argument("--bell", action="store_true", help="ring the terminal bell for tones")
    tables = p.add_mutually_exclusive_group()
    tables.add_argument("--no-tables", action="store_true",
                        help="play as a board without strategy tables (no hints, the "
                             "perfect bot plays good), e.g. to compare with a bundle "
                             "built with --no-tables")
    tables.add_argument("--table", metavar="PATTERN",
                   help="strategy table for hints and perfect bots, %%s = ruleset "
                        "(default: tables/%%s.yzt, built the first time a ruleset needs it)")
    p.add_argument("--build-table", action="store_true",
                   help="build the ruleset's strategy table first (with a progress bar), "
                        "so the first hint needs no wait; then play")
    return p


def main(argv=None):
    args = parser().parse_args(argv)   # exits 2 with a usage message on a bad option
    if args.web:
        from tools.web import main as web
        return web(["serve"])
    from hardware.desktop import StorageError
    try:
        return run(args)
    except (UsageError, StorageError) as err:
        # StorageError here: the save file could not be written while playing.
        print("play.sh: %s" % err, file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130


def _check_folder(option, folder):
    """UsageError unless `folder` is a folder or can be made one (made now)."""
    if not folder:
        return
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise UsageError("%s %s is a file, not a folder" % (option, folder))
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as err:
        raise UsageError("%s %s: cannot make the folder (%s)"
                         % (option, folder, err.strerror or err)) from None


def run(args):
    from hardware.desktop import BellSound, StorageError, VirtualClock
    from sim import Options, build_session, run_headless
    from sim.frames import FrameRecorder
    from sim.script import ScriptError, load

    if args.headless and not args.script:
        raise UsageError("--headless needs --script FILE (there is no one to press keys)")
    if not (args.save or args.no_save or args.script):
        # a player's run keeps its game, records and names between runs, as a handheld
        # does; scripted runs start from a new handheld, the same every time
        from sim import default_save
        args.save = default_save()
        try:
            os.makedirs(os.path.dirname(args.save), exist_ok=True)
        except OSError as err:
            raise UsageError("cannot make %s (%s): play with --save FILE or --no-save"
                             % (os.path.dirname(args.save), err.strerror or err)) from None
    for option, path in (("--save", args.save), ("--gif", args.gif)):
        if path and os.path.isdir(path):
            raise UsageError("%s %s is a folder, not a file" % (option, path))
    table = args.table
    if table and "%s" in table:
        try:
            table = table % (args.rules or "yahtzee")
        except (TypeError, ValueError):
            raise UsageError("--table %s: a pattern takes one %%s (the ruleset name) and "
                             "%%%% for a literal %%" % args.table) from None
    elif table and not os.path.exists(table):
        raise UsageError("--table %s: no such file (a pattern has %%s for the ruleset "
                         "name, e.g. tables/%%s.yzt)" % table)
    for option, path in (("--save", args.save), ("--script", args.script),
                         ("--table", table)):
        # a FIFO or device would block the open (or never end): only regular files
        if path and os.path.exists(path) and not os.path.isfile(path):
            raise UsageError("%s %s is not a regular file" % (option, path))
    if args.save and os.path.isfile(args.save):
        from hardware.desktop import DEFAULT_NVM_SIZE
        from sim import holds_saves
        try:
            with open(args.save, "rb") as f:
                data = f.read()
        except OSError as err:
            raise UsageError("cannot read save file %s: %s"
                             % (args.save, err.strerror or err)) from None
        if len(data) == DEFAULT_NVM_SIZE and not holds_saves(data):   # (other sizes: said below)
            raise UsageError("--save %s holds something else, not this game's saves (it would "
                             "be overwritten): name a new or empty file" % args.save)
    for option, folder in (("--frames", args.frames), ("--snap-dir", args.snap_dir),
                           ("--gif folder", args.gif and os.path.dirname(os.path.abspath(args.gif)))):
        _check_folder(option, folder)
    events = None
    if args.script:
        try:
            events = load(args.script)
        except ScriptError as err:
            raise UsageError(str(err)) from None
    from sim import no_tables
    if args.build_table and not (args.no_tables or args.table):
        from sim import TABLES_DIR
        from tools.strategy_table import ensure_tables
        try:
            ensure_tables(args.rules or "yahtzee", TABLES_DIR, progress=True)
        except (OSError, ValueError, RuntimeError) as err:
            raise UsageError("--build-table: %s" % err) from None
    options = Options(rules=args.rules, players=args.players, seed=args.seed,
                      board=args.board, save=args.save, script=args.script,
                      frames=args.frames, gif=args.gif, snap_dir=args.snap_dir,
                      headless=args.headless, window=args.window, pixels=args.pixels,
                      bell=args.bell, table=no_tables if args.no_tables else args.table,
                      dice_seed=args.dice_seed)
    recorder = None
    if args.frames or args.gif:
        recorder = FrameRecorder(args.frames, keep_for_gif=bool(args.gif))

    if not args.headless and not args.window:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            raise UsageError("not a terminal: play with --window, or run a --script "
                             "with --headless")
        from hardware.desktop import board_shape
        from sim.terminal import choose_mode, RawTerminal, _too_small_message
        shape = board_shape(args.board)
        columns, rows = RawTerminal().size()
        if choose_mode(shape, columns, rows, args.pixels) is None:
            raise UsageError(_too_small_message(shape, columns, rows, args.pixels)
                             .replace("\n", " "))

    display = None
    if args.window:
        try:
            from hardware.desktop import board_shape
            from sim.window import WindowDisplay, WindowUnavailable
            display = WindowDisplay(board_shape(args.board))
        except (WindowUnavailable, ImportError) as err:
            raise UsageError("cannot open a window (%s): play in the terminal without "
                             "--window" % err) from None

    sound = BellSound(lambda: (sys.stdout.write("\a"), sys.stdout.flush())) \
        if args.bell and not args.headless else None
    # a script runs on app time, in a window too (sim.window.run_window moves the clock)
    scripted = args.headless or (args.window and events is not None)
    try:
        session = build_session(options, clock=VirtualClock() if scripted else None,
                                 display=display, sound=sound, script_events=events,
                                 recorder=recorder)
    except StorageError as err:
        if display is not None:
            display.close()
        raise UsageError(str(err)) from None

    try:
        if args.headless:
            end = run_headless(session)
            code = 0
        elif args.window:
            from sim.window import run_window
            code = run_window(session)
            end = session.hw.ticks_ms()
        else:
            from sim.terminal import TerminalTooSmall, run_terminal
            try:
                code = run_terminal(session, args.pixels)
            except TerminalTooSmall as err:
                raise UsageError(str(err).replace("\n", " ")) from None
            end = session.hw.ticks_ms()
        if recorder is not None and args.gif:
            recorder.write_gif(args.gif)
        # the frames written, else the display's own count of refreshes that changed it
        changed = len(recorder.hashes) if recorder else session.hw.display.version
    finally:
        session.hw.close()

    if args.headless:
        summary = "%d ms of app time, %d changed frames" % (end, changed)
        print("sim: %s; %s" % (summary, session.status_line()))
    return code


if __name__ == "__main__":
    sys.exit(main())
