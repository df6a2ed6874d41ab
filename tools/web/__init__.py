"""The handheld in a web page: the board's own firmware and drive in rp2040js, in a Web
Worker, with the board model of tools/pico_emu/board/ (docs/WEB.md).

    python -m tools.web build --out DIR       # the page, one folder any static host serves
    python -m tools.web serve                 # build into build/web, serve it on localhost

The page's sources are in web/src/; esbuild (web/package.json, pinned by its lock)
bundles them with rp2040js. Desktop only.
"""

import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
from functools import partial
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
WEB = REPO / "web"
SOURCES = WEB / "src"
ESBUILD = WEB / "node_modules" / "esbuild" / "bin" / "esbuild"
DEFAULT_OUT = REPO / "build" / "web"
PAGE_LIMIT = 5 * 1024 * 1024           # the page with its firmware, as a visitor loads it
OUR_UF2_NAME = "pocket-yahtzee-pico.uf2"
PROFILES = ("default", "three-button")
PROFILE_LABELS = {"default": "Pico, 128x64 OLED, seven buttons",
                  "three-button": "Feather, 128x32 OLED, three buttons"}
STATIC = ("index.html", "style.css")
# the simulator's key names (sim/terminal.py) as a browser's KeyboardEvent.key
BROWSER_KEYS = {"enter": "Enter", "backspace": "Backspace", "esc": "Escape",
                "left": "ArrowLeft", "right": "ArrowRight", "up": "ArrowUp", "down": "ArrowDown"}


class WebError(Exception):
    """What stops a build, in one line."""


def our_uf2_candidates():
    """Where the project's own firmware (tools.firmware's UF2) is looked for."""
    from tools import pico_emu
    return [pico_emu.our_firmware_dir() / OUR_UF2_NAME]


def choose_uf2(given=None):
    """(path, ours): the UF2 given, else ours when built, else the stock CircuitPython."""
    from tools import pico_emu
    if given:
        path = Path(given)
        if not path.is_file():
            raise WebError("--uf2 %s: no such file" % given)
        return path, path.name == OUR_UF2_NAME
    for path in our_uf2_candidates():
        if path.is_file():
            from tools.firmware import stale_reason
            stale = stale_reason(path.parent, "pico")    # its frozen code is the page's game
            if stale:
                raise WebError(stale)
            return path, True
    stock = pico_emu.firmware_paths()["uf2"]
    if not stock.is_file():
        raise WebError("no firmware: neither ours (%s) nor the stock CircuitPython %s UF2 "
                       "(%s; set PICO_UF2 or give --uf2)"
                       % (our_uf2_candidates()[0], pico_emu.FIRMWARE_VERSION, stock))
    return stock, False


def need_node_tools():
    """node, esbuild and rp2040js, installed by tools/ensure_env.sh (npm ci)."""
    from tools import pico_emu
    if pico_emu.node_binary() is None:
        raise WebError("no node (Node.js 18+) on PATH: the page is bundled with esbuild")
    if not ESBUILD.is_file():
        raise WebError("esbuild not installed in web/node_modules (tools/ensure_env.sh runs npm ci there)")
    if not pico_emu.NODE_MODULES.is_dir():
        raise WebError("rp2040js not installed in tools/pico_emu/node_modules "
                       "(tools/ensure_env.sh runs npm ci there)")


def keymap(wiring):
    """{browser key: {pin, role, hold_ms?}}: the simulator's keys (sim/terminal.py) on
    the buttons this board has; a long-press action held that long."""
    from events import actions
    from sim.terminal import KEYMAP
    from tools.pico_emu import PRESS_MS
    out = {}
    for key, action in KEYMAP.items():
        if action == actions.QUIT or key.startswith("ctrl"):
            continue
        name = actions.NAMES[action]
        try:
            pin, hold = wiring.button_for(name)
        except ValueError:              # no such button on this board
            continue
        role = next(r for r, p in wiring.buttons.items() if p == pin)
        entry = {"pin": pin, "role": role, "action": name}
        if hold != PRESS_MS:
            entry["hold_ms"] = hold
        out[BROWSER_KEYS.get(key, key)] = entry
    return out


def keys_help(keys, labels=None):
    """One line: each key and what it does (keys of the same action together; a key
    on a button the board labels, e.g. the FeatherWing's A B C, by that label)."""
    shown = {"Enter": "Enter", "Backspace": "Backspace", "Escape": "Esc",
             "ArrowLeft": "Left", "ArrowRight": "Right"}
    what = {"HOLD_6": "the sixth die"}
    holds = [k for k, e in keys.items() if e["action"] in ("HOLD_%d" % n for n in range(1, 6))]
    parts = ["%s-%s hold the die above" % (holds[0], holds[-1])] if holds else []
    by_action = {}
    for key, entry in keys.items():
        if key not in holds:
            by_action.setdefault(entry["action"], []).append(key)
    for action, ks in by_action.items():
        entry = keys[ks[0]]
        label = (labels or {}).get(entry["role"]) if "hold_ms" not in entry else None
        parts.append("%s %s" % ("/".join(shown.get(k, k) for k in ks if k != "H"),
                                label or what.get(action, action.lower())))
    return "Keys: " + ", ".join(parts + ["Space shake (hold it; the dice roll when you let go)"])


def button_rows(wiring):
    """The buttons as the page lays them out: the hold buttons under the dice, then
    BACK and OK (the seven-button board); A, B, C (the FeatherWing)."""
    labels = wiring.profile.get("button_labels", {})

    def item(role):
        label = labels.get(role, role[4:] if role.startswith("HOLD") else role)
        long_action = wiring.profile["long_press"].get(role)
        title = role.lower() + (" (hold it: %s)" % long_action.lower() if long_action else "")
        return {"role": role, "pin": wiring.buttons[role], "label": label, "title": title}
    holds = [r for r in wiring.buttons if r.startswith("HOLD")]
    others = [r for r in ("BACK", "LEFT", "OK", "RIGHT") if r in wiring.buttons]
    rows = []
    if holds:
        rows.append([item(r) for r in sorted(holds)])
    rows.append([item(r) for r in others])
    return rows


def table_variants():
    """The Yahtzee strategy table's files, best first (built the first time)."""
    from tools.build_bundle import table_files
    from tools.strategy_table import ensure_tables
    ensure_tables("yahtzee", str(REPO / "tables"))
    return table_files(REPO / "tables", "yahtzee")


def profile_entry(name, mpy, tables, settings, out, ours=False):
    """The profile's drive image (written into out, its zero tail cut) and what the page
    needs to know of the board: the harness's parts, the buttons, the keys. ours: the
    page runs our Pico firmware, whose drive holds no game code (every profile on it)."""
    from hardware import desktop
    from tools import pico_emu
    from tools.pico_emu.games import sim_vsys_mv
    from tools.pico_emu.fat import DriveFull
    image = table = None
    # the emulated board has the Pico's 1 MB drive (a Feather's is larger): the best
    # strategy table that fits beside the game
    for table in table_variants() if tables else [None]:
        extra = {"tables/" + table.name: table.read_bytes()} if table else {}
        drive = pico_emu.Drive(profile=name, mpy=mpy and not ours, settings=settings,
                               extra_files=extra, firmware="pico" if ours else False)
        try:
            image = drive.image_path().read_bytes()
            break
        except DriveFull:
            continue
        finally:
            drive.close()
    if image is None:
        raise WebError("the %s drive: the game and no strategy table fit in 1 MB (--no-tables)" % name)
    used = len(image.rstrip(b"\0"))
    used = (used + 511) // 512 * 512
    file_name = "drive-%s.img" % name
    (out / file_name).write_bytes(image[:used])
    wiring = drive.wiring
    parts, pull_ups = wiring.parts()
    harness = {"parts": parts, "pull_ups": pull_ups,
               "shake": {"period_ms": desktop.SHAKE_PERIOD_MS,
                         "strong_mg": desktop.SHAKE_STRONG_MG,
                         "weak_mg": desktop.SHAKE_WEAK_MG},
               "vsys_mv": sim_vsys_mv() if "BATTERY" in wiring.pins else None}
    keys = keymap(wiring)
    return {"name": name, "label": PROFILE_LABELS.get(name, name), "width": wiring.width,
            "height": wiring.height, "long_press_ms": wiring.long_press_ms, "drive": file_name,
            "table": table.name if table else None, "drive_bytes": len(image),
            "drive_version": hashlib.sha256(image).hexdigest()[:16], "harness": harness,
            "rows": button_rows(wiring), "keys": keys,
            "keys_help": keys_help(keys, wiring.profile.get("button_labels"))}


def write_service_worker(stage):
    """sw.js with the page's files and a version that changes with any of them."""
    files = sorted(p.name for p in stage.iterdir()) + ["sw.js"]
    digest = hashlib.sha256()
    for name in files[:-1]:
        digest.update(name.encode() + (stage / name).read_bytes())
    sw = (SOURCES / "sw.js").read_text()
    sw = sw.replace("__VERSION__", "pocket-" + digest.hexdigest()[:16])
    sw = sw.replace("__FILES__", json.dumps(["./"] + files))
    (stage / "sw.js").write_text(sw)


def esbuild(entry, outfile):
    result = subprocess.run(
        [str(ESBUILD), str(entry), "--bundle", "--minify", "--format=iife", "--target=es2020",
         "--log-level=warning", "--outfile=%s" % outfile],
        cwd=str(REPO), capture_output=True, text=True)
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or ["failed"])[-1]
        raise WebError("esbuild %s: %s" % (entry.name, last))


def build(out=DEFAULT_OUT, uf2=None, dice_seed=None, tables=True, log=print):
    """Build the page into `out` (replaced). Returns {file: bytes}."""
    from tools import pico_emu
    from tools.build_bundle import swapped_in
    uf2_path, ours = choose_uf2(uf2)
    need_node_tools()
    bootrom = pico_emu.firmware_paths()["bootrom"]
    if not bootrom.is_file():
        raise WebError("no RP2040 boot ROM at %s (set PICO_BOOTROM)" % bootrom)
    mpy = not ours and pico_emu.mpy_cross() is not None
    out = Path(out)
    if out.is_file():
        raise WebError("--out %s is a file, not a folder" % out)
    stage = out.parent / (".%s-building" % out.name)
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    with swapped_in(stage, out):
        settings = {"YAHTZEE_DICE_SEED": str(dice_seed)} if dice_seed is not None else {}
        profiles = {name: profile_entry(name, mpy, tables, settings, stage, ours)
                    for name in PROFILES}
        shutil.copyfile(uf2_path, stage / "firmware.uf2")
        shutil.copyfile(bootrom, stage / "bootrom.bin")
        esbuild(SOURCES / "main.js", stage / "main.js")
        esbuild(SOURCES / "worker.js", stage / "worker.js")
        for name in STATIC:
            shutil.copyfile(SOURCES / name, stage / name)
        firmware = ("Pocket Yahtzee's firmware (%s)" % uf2_path.name if ours else
                    "CircuitPython %s (stock)" % pico_emu.FIRMWARE_VERSION)
        config = {"firmware": {"file": "firmware.uf2", "name": firmware, "ours": ours},
                  "bootrom": "bootrom.bin", "default_profile": PROFILES[0],
                  "profiles": profiles, "mpy": mpy, "dice_seed": dice_seed}
        (stage / "config.json").write_text(json.dumps(config, indent=1) + "\n")
        write_service_worker(stage)
    sizes = {p.name: p.stat().st_size for p in sorted(out.iterdir())}
    log("firmware: %s (%s)" % ("ours" if ours else
                               "stock CircuitPython %s" % pico_emu.FIRMWARE_VERSION, uf2_path))
    log("drives: the game %s%s%s" % (
        "frozen in the firmware" if ours else "as .mpy" if mpy else
        "as plain .py (no CircuitPython mpy-cross: PICO_MPY_CROSS)",
        ", the Yahtzee strategy table" if tables else ", no strategy table",
        ", dice seed %s" % dice_seed if dice_seed is not None else ""))
    for name, size in sizes.items():
        log("  %-22s %9d bytes" % (name, size))
    total = sum(sizes.values())
    log("page: %s, %.2f MB (%d bytes)%s" % (out, total / 1e6, total,
                                           "" if total <= PAGE_LIMIT else "  OVER the 5 MB budget"))
    return sizes


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".js": "text/javascript", ".json": "application/json",
                             ".uf2": "application/octet-stream", ".img": "application/octet-stream"})

    def log_message(self, *args):
        pass


def make_server(folder, host="127.0.0.1", port=8000):
    return Server((host, port), partial(Handler, directory=str(folder)))


def serve(folder, host="127.0.0.1", port=8000):
    """Serve `folder` until interrupted."""
    server = make_server(folder, host, port)
    print("serving %s at http://%s:%d/ (Ctrl-C stops)" % (folder, host, server.server_address[1]),
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def main(argv=None):
    from tools.cli_checks import Parser
    parser = Parser(prog="python -m tools.web", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", parser_class=Parser)
    b = commands.add_parser("build", help="build the page into a folder")
    s = commands.add_parser("serve", help="serve the page on this machine (built first unless --no-build)")
    for p in (b, s):
        p.add_argument("--out", default=str(DEFAULT_OUT), help="the page's folder (default build/web)")
        p.add_argument("--uf2", default=None,
                       help="the firmware (default: ours when built, %s, else the stock CircuitPython UF2)"
                       % our_uf2_candidates()[0].relative_to(REPO))
        p.add_argument("--dice-seed", type=int, default=None,
                       help="the board rolls the same dice every time (tests; YAHTZEE_DICE_SEED)")
        p.add_argument("--no-tables", action="store_true", help="no strategy table on the drive")
    s.add_argument("--no-build", action="store_true", help="serve the folder as it is")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.error("say build or serve")
    if args.command == "serve" and not (0 <= args.port <= 65535):
        parser.error("--port %d: not a port" % args.port)
    try:
        if args.command == "build" or not args.no_build:
            build(args.out, args.uf2, args.dice_seed, not args.no_tables)
        elif not (Path(args.out) / "index.html").is_file():
            raise WebError("--out %s: no page built there (drop --no-build)" % args.out)
        if args.command == "serve":
            serve(args.out, args.host, args.port)
    except WebError as err:
        print("python -m tools.web: error: %s" % err, file=sys.stderr)
        return 2
    except OSError as err:
        print("python -m tools.web: error: %s" % err, file=sys.stderr)
        return 2
    return 0
