"""The built page in a real browser, for tests/test_web.py and bench/bench_web.py:
Debian's chromium, headless, driven by web/test/drive.mjs (playwright-core with the
system's browser; it downloads none), scripts written in the simulator.

The page is built with the simulator's dice seed (YAHTZEE_DICE_SEED on the board,
--dice-seed in the simulator), so one script gives the same pictures in both:
`steps_of` turns a simulator script into clicks on the page's buttons and snaps to
compare. Desktop only.
"""

import json
import os
import subprocess
import threading
from pathlib import Path

DICE_SEED = 7
REPO = Path(__file__).resolve().parent.parent.parent
DRIVER = REPO / "web" / "test" / "drive.mjs"
CLICK_MS = 60           # a click on a page button (the worker holds it >= 60 ms emulated)


def chromium():
    return os.environ.get("CHROMIUM", "/usr/bin/chromium")


def unavailable():
    """None when the page can be played in a browser here, else one line why not."""
    from tools import pico_emu
    if not os.path.isfile(chromium()):
        return "no chromium at %s (apt-get install chromium; or set CHROMIUM)" % chromium()
    reason = pico_emu.unavailable()
    if reason:
        return reason
    if not (REPO / "web" / "node_modules" / "playwright-core").is_dir():
        return "playwright-core not installed in web/node_modules (tools/ensure_env.sh runs npm ci there)"
    return None


def sim_pictures(text, folder, tables=False, save=None):
    """{snap: pixels} of the script played by `./play.sh --headless` with the seed."""
    import numpy as np
    from PIL import Image
    from sim.__main__ import main as play_sh
    script = os.path.join(folder, "script.txt")
    snaps = os.path.join(folder, "snaps")
    os.makedirs(snaps, exist_ok=True)
    for name in os.listdir(snaps):
        os.remove(os.path.join(snaps, name))
    with open(script, "w") as f:
        f.write(text)
    args = ["--headless", "--dice-seed", str(DICE_SEED), "--script", script, "--snap-dir", snaps]
    if not tables:
        args.append("--no-tables")
    if save:
        args += ["--save", save]
    if play_sh(args) != 0:
        raise RuntimeError("the simulator refused the script")
    out = {}
    for name in os.listdir(snaps):
        big = np.array(Image.open(os.path.join(snaps, name)).convert("L"))
        out[name[:-4]] = (big[::4, ::4] > 128).astype(np.uint8)
    return out


def writer(folder, save=None, tables=False):
    """(session, ScriptWriter) of a headless simulator at the menu, seeded dice."""
    from hardware.desktop import VirtualClock
    from sim import Options, build_session, no_tables
    from tools.pico_emu.scripts import ScriptWriter
    writing = os.path.join(folder, "writing")
    os.makedirs(writing, exist_ok=True)
    session = build_session(Options(dice_seed=DICE_SEED, headless=True, snap_dir=writing,
                                    table=None if tables else no_tables, save=save),
                            clock=VirtualClock())
    return session, ScriptWriter(session)


def snap(w, name):
    w.settle()
    w.line("snap " + name)


def new_game(w, kinds):
    """From the main menu to the first screen of a game of these seats."""
    w.cursor_to("New game")
    w.press("ok")
    w.seats(kinds)
    w.cursor_to("Start game")
    w.press("ok")


def one_player_game(folder):
    """A one-player game scripted in the simulator, in two parts: from the menu to a
    roll, a held die, two more rolls and a box filled; and, after a power-off, from
    the menu (Resume game first) to the game resumed. Returns (first, second): each
    (script text, {snap: pixels})."""
    from ui import codes
    save = os.path.join(folder, "writing.sav")
    session, w = writer(folder, save)
    app = w.app
    try:
        snap(w, "menu")
        new_game(w, ["human"])
        snap(w, "start")
        w.line("shake 700")
        snap(w, "rolled")
        w.press("hold 2")
        snap(w, "held")
        w.press("ok")                  # OK rolls too (the held die stays)
        snap(w, "second")
        w.line("shake 700")
        w.press("ok")                  # no roll left: the scorecard
        if app.scene != codes.CARD:
            raise RuntimeError("the scorecard did not open: %s" % codes.SCENE_NAMES[app.scene])
        snap(w, "card")
        w.press("ok")
        snap(w, "filled")
        first = w.text()
    finally:
        session.hw.close()
    session, w = writer(folder, save)
    app = w.app
    try:
        snap(w, "again")
        w.cursor_to(next(i.strip() for i in app.view.items if i.strip().startswith("Resume")))
        w.press("ok")
        snap(w, "resumed")
        second = w.text()
    finally:
        session.hw.close()
    play_save = os.path.join(folder, "play.sav")
    return ((first, sim_pictures(first, os.path.join(folder, "1"), save=play_save)),
            (second, sim_pictures(second, os.path.join(folder, "2"), save=play_save)))


def steps_of(text, want, wiring):
    """The script as drive.mjs steps: presses as clicks on the page's buttons (held as
    long as a long press needs), shakes on its shake button, snaps compared with the
    simulator's pictures `want`."""
    from events import actions
    from sim.script import parse
    from tools.pico_emu import PRESS_MS
    steps = []
    shake_from = None
    for at, kind, value in parse(text):
        if kind == "press":
            pin, hold = wiring.button_for(actions.NAMES[value])
            role = next(r for r, p in wiring.buttons.items() if p == pin)
            steps.append({"do": "press", "role": role, "ms": CLICK_MS if hold == PRESS_MS else hold})
        elif kind == "space_down":
            shake_from = at
        elif kind == "space_up":
            steps.append({"do": "shake", "ms": at - shake_from})
        elif kind == "snap":
            step = {"do": "snap", "name": value}
            if value in want:
                step["want"] = rows_text(want[value])
            steps.append(step)
    return steps


def rows_text(pixels):
    return "\n".join("".join(str(int(v)) for v in row) for row in pixels)


def pixels_of(text):
    import numpy as np
    return np.array([[int(c) for c in row] for row in text.split("\n")], dtype=np.uint8)


def serving(folder):
    """(url, stop) of a local server for the folder, on a free port."""
    from tools import web
    server = web.make_server(folder, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def stop():
        server.shutdown()
        server.server_close()
    return "http://127.0.0.1:%d/" % server.server_address[1], stop


def drive(url, steps, work_dir, timeout=1800):
    """Play the steps in a fresh chromium profile; drive.mjs's {steps, errors}."""
    from tools import pico_emu
    work_dir = Path(work_dir)
    work_dir.mkdir(parents=True, exist_ok=True)
    spec = work_dir / "spec.json"
    spec.write_text(json.dumps({"url": url, "chromium": chromium(),
                                "profile_dir": str(work_dir / "profile"), "steps": steps}))
    result = subprocess.run([pico_emu.node_binary(), str(DRIVER), str(spec)], cwd=str(REPO),
                            capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        raise RuntimeError("drive.mjs: " + result.stderr[-3000:])
    return json.loads(result.stdout.splitlines()[-1])
