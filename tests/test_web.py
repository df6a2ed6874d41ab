"""The web page (python -m tools.web) in a real browser: Debian's chromium, headless,
driven by web/test/drive.mjs (playwright-core with the system browser).

The page is built with the dice seed the simulator uses (YAHTZEE_DICE_SEED on the
board, --dice-seed in the simulator), so one script gives the same pictures in both:
a one-player game scripted in the simulator (ScriptWriter: only the buttons the board
has) is played on the page by clicking its buttons, and the canvas, read back pixel by
pixel, must show the simulator's picture at every snap; then the page is reloaded, the
board boots from the flash kept in IndexedDB and the game resumes.

Skipped, one line, without chromium, node, web/node_modules (tools/ensure_env.sh) or
the firmware (tools/pico_emu). The command-line checks need none of these.
"""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tools import pico_emu, web
from tools.web import browser

REPO = Path(__file__).resolve().parent.parent
REASON = browser.unavailable()
needs_browser = pytest.mark.skipif(REASON is not None, reason=REASON or "")


# ------------------------------------------------------------------ no browser needed


def run_web(args):
    return subprocess.run([sys.executable, "-m", "tools.web"] + args, cwd=REPO,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("args, message", [
    ([], "say build or serve"),
    (["bake"], "invalid choice: 'bake'"),
    (["build", "--dice-seed", "x"], "--dice-seed: invalid int value: 'x'"),
    (["build", "--uf2", "/no/such.uf2"], "--uf2 /no/such.uf2: no such file"),
    (["serve", "--no-build", "--out", "/no/such/page"], "--out /no/such/page: no page built there"),
    (["serve", "--port", "70000"], "--port 70000: not a port"),
])
def test_bad_command_lines_get_one_line(args, message):
    result = run_web(args)
    err = result.stderr.strip()
    assert result.returncode == 2, err
    assert message in err and len(err.splitlines()) == 1 and "Traceback" not in err, err


def test_keys_are_the_simulators_on_the_boards_buttons():
    """Every key of the simulator the board has a button for, on that button's pin;
    the long-press actions held as long as the board needs."""
    default = web.keymap(pico_emu.Wiring("default"))
    assert default["Enter"]["role"] == "OK" and "hold_ms" not in default["Enter"]
    assert default["3"]["pin"] == 12
    assert default["h"]["role"] == "OK" and default["h"]["hold_ms"] > 600    # HINT: a long OK
    assert default["6"]["role"] == "HOLD5" and default["6"]["hold_ms"] > 600
    assert "ArrowLeft" not in default                   # no such button on the Pico board
    small = web.keymap(pico_emu.Wiring("three-button"))
    assert small["ArrowLeft"]["role"] == "LEFT" and small["Enter"]["role"] == "OK"
    assert small["Escape"]["role"] == "OK" and small["Escape"]["hold_ms"] > 600   # BACK: a long B
    assert "1" not in small


# ------------------------------------------------------------------ in the browser


@pytest.fixture(scope="module")
def built_page(tmp_path_factory):
    """The page with the seeded dice and no strategy table (as the simulator's
    --no-tables), built once for this module's browser tests."""
    page = tmp_path_factory.mktemp("web") / "page"
    sizes = web.build(page, dice_seed=browser.DICE_SEED, tables=False, log=lambda *a: None)
    return page, sizes


@needs_browser
def test_three_button_board_boots_and_takes_its_keys(built_page, tmp_path):
    """The 128x32 three-button board chosen by the page's address: the how-to, then
    Esc (BACK: a long B on this board) gives the menu, each the golden of that screen."""
    from PIL import Image
    page, _ = built_page

    def golden(name):
        return np.array(Image.open(REPO / "tests" / "golden" / (name + ".png")).convert("1"),
                        dtype=np.uint8)
    steps = [{"do": "open"}, {"do": "lit"},
             {"do": "snap", "name": "howto", "want": browser.rows_text(golden("small_howto"))},
             {"do": "key", "key": "Escape"},
             {"do": "snap", "name": "menu", "want": browser.rows_text(golden("small_menu"))}]
    url, stop = browser.serving(page)
    try:
        out = browser.drive(url + "?board=three-button", steps, tmp_path / "browser")
    finally:
        stop()
    assert not out["errors"], out["errors"]
    for s in (s for s in out["steps"] if s["do"] == "snap"):
        got = browser.pixels_of(s["pixels"])
        want = golden("small_" + s["name"])
        assert got.shape == (32, 128)
        differ = np.argwhere(got != want)
        assert not len(differ), "%s: %d pixels differ from the golden, first at (y, x) %s" % (
            s["name"], len(differ), tuple(differ[0]))


@needs_browser
def test_page_plays_a_game_like_the_simulator_and_resumes_after_a_reload(built_page, tmp_path):
    """Built with the dice seed: the menu, a new one-player game, a roll by the shake
    button, a die held by a click, a box filled, each snap the simulator's picture on
    the canvas; the page under 5 MB; after a reload the board boots from the browser's
    storage and Resume game resumes it as the simulator resumes from its save; the
    piezo's tones reach the page."""
    page, sizes = built_page
    assert sum(sizes.values()) < web.PAGE_LIMIT, sizes
    (first, want1), (second, want2) = browser.one_player_game(str(tmp_path / "sim"))
    wiring = pico_emu.Wiring("default")
    steps = ([{"do": "open"}, {"do": "lit"}, {"do": "press", "role": "BACK", "ms": browser.CLICK_MS}] +
             browser.steps_of(first, want1, wiring) +
             [{"do": "saved"}, {"do": "reload"}, {"do": "lit"}] +
             browser.steps_of(second, want2, wiring))
    url, stop = browser.serving(page)
    try:
        out = browser.drive(url, steps, tmp_path / "browser")
    finally:
        stop()
    assert not out["errors"], out["errors"]
    assert any(s["board"]["tones"] for s in out["steps"] if s.get("board")), \
        "the piezo's tones never reached the page"
    snaps = [s for s in out["steps"] if s["do"] == "snap"]
    want = dict(want1, **{k: v for k, v in want2.items()})
    assert [s["name"] for s in snaps] == [n for n in ("menu", "start", "rolled", "held", "second",
                                                       "card", "filled", "again", "resumed") if n in want]
    from PIL import Image
    for s in snaps:
        got = browser.pixels_of(s["pixels"])
        # the page's picture beside the simulator's, for a reader of a failure
        Image.fromarray(np.hstack([got, want[s["name"]]]) * 255).save(tmp_path / ("%s.png" % s["name"]))
        differ = np.argwhere(got != want[s["name"]])
        assert not len(differ), "snap %s: %d pixels differ from the simulator's, first at (y, x) %s" % (
            s["name"], len(differ), tuple(differ[0]))
