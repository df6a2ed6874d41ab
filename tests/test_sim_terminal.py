"""The terminal simulator driven for real through a pseudo-terminal (pexpect).

A tiny terminal model replays what the simulator wrote (cursor moves, erases,
text), so the tests read the screen a player would see: the status line, the
buttons, and the OLED's pixels decoded back from the half blocks, which are
compared with the pixels the same game renders headless.
"""

import os
import re
import sys
import time

import numpy as np
import pexpect
import pytest

from sim import terminal

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYTHON = sys.executable
ROWS, COLS = 45, 140


class TerminalModel:
    """Enough of a VT100 for the simulator's output: CUP, EL, ED, SGR, private modes."""

    _SEQ = re.compile(r"\x1b\[([?0-9;]*)([A-Za-z])|\x1b[()][A-Z0-9]|\x1b[=>]")

    def __init__(self, rows=ROWS, cols=COLS):
        self.rows = rows
        self.cols = cols
        self.grid = [[" "] * cols for _ in range(rows)]
        self.row = 0
        self.col = 0
        self.alt_screen = False
        self.cursor_visible = True
        self._rest = ""

    def feed(self, text):
        # A read can end inside an escape sequence: keep that part for the next one.
        text = self._rest + text
        self._rest = ""
        cut = text.rfind("\x1b")
        if cut >= 0 and not self._SEQ.match(text, cut):
            text, self._rest = text[:cut], text[cut:]
        pos = 0
        for match in self._SEQ.finditer(text):
            self._text(text[pos:match.start()])
            pos = match.end()
            if match.group(2):
                self._csi(match.group(1), match.group(2))
        self._text(text[pos:])

    def _text(self, text):
        for char in text:
            if char == "\r":
                self.col = 0
            elif char == "\n":
                self.row = min(self.rows - 1, self.row + 1)
            elif char in "\a\x00":
                continue
            elif self.col < self.cols:
                self.grid[self.row][self.col] = char
                self.col += 1

    def _csi(self, params, final):
        if final == "H":
            parts = [int(p) if p else 1 for p in params.split(";")] if params else [1, 1]
            self.row = min(self.rows, parts[0]) - 1
            self.col = min(self.cols, parts[1] if len(parts) > 1 else 1) - 1
        elif final == "K":
            for c in range(self.col, self.cols):
                self.grid[self.row][c] = " "
        elif final == "J" and params == "2":
            self.grid = [[" "] * self.cols for _ in range(self.rows)]
        elif final in "hl" and params.startswith("?"):
            if "1049" in params:
                self.alt_screen = final == "h"
            if "25" in params.split(";") or params == "?25":
                self.cursor_visible = final == "h"

    def lines(self):
        return ["".join(row) for row in self.grid]

    def text(self):
        return "\n".join(self.lines())

    def status(self):
        """The status line: the last non-blank line of the handheld picture."""
        lines = [l.rstrip() for l in self.lines() if l.strip()]
        return lines[-1].strip() if lines else ""

    def pixels(self, shape=(64, 128)):
        """The OLED pixels shown in the frame (screen at row 2, column 3)."""
        layout = terminal.HandheldLayout(shape[1], shape[0] // 2, ("1",))
        rows = self.lines()[layout.screen_top:layout.screen_top + shape[0] // 2]
        cells = [r[layout.screen_left:layout.screen_left + shape[1]] for r in rows]
        return terminal.decode_halfblocks(cells)


class Sim:
    """A simulator process in a pty plus the model of its screen."""

    def __init__(self, args, rows=ROWS, cols=COLS):
        env = dict(os.environ, TERM="xterm-256color")
        env.pop("SDL_VIDEODRIVER", None)
        self.child = pexpect.spawn(PYTHON, ["-m", "sim"] + args, cwd=ROOT, env=env,
                                   dimensions=(rows, cols), encoding="utf-8",
                                   codec_errors="replace", timeout=15)
        self.screen = TerminalModel(rows, cols)
        self.raw = ""

    def pump(self, seconds=0.05):
        end = time.monotonic() + seconds
        while True:
            try:
                data = self.child.read_nonblocking(65536, timeout=max(0.0, end - time.monotonic()))
            except pexpect.TIMEOUT:
                data = ""
            except pexpect.EOF:
                return False
            if data:
                self.raw += data
                self.screen.feed(data)
            if time.monotonic() >= end:
                return True

    def wait_for(self, predicate, what, timeout=10.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if predicate(self.screen):
                return
            if not self.pump(0.05) and not predicate(self.screen):
                break
        raise AssertionError("timed out waiting for %s; status %r\n%s"
                             % (what, self.screen.status(), self.screen.text()))

    def wait_status(self, text, timeout=10.0):
        self.wait_for(lambda s: text in s.status(), "status %r" % text, timeout)

    def settle(self, seconds=0.3):
        self.pump(seconds)

    def send(self, keys):
        self.child.send(keys)

    def finish(self):
        self.child.expect(pexpect.EOF, timeout=10)
        self.raw += self.child.before or ""
        self.screen.feed(self.child.before or "")
        self.child.close()
        return self.child.exitstatus


def _status_numbers(status):
    match = re.search(r"round (\d+)/13 .*rolls left (\d) .*\|  P1 (\d+)", status)
    assert match, status
    return tuple(int(g) for g in match.groups())


def _headless_pixels(tmp_path, seed, script_text):
    """The last frame of the same game played headless from a script."""
    script = tmp_path / "same.txt"
    script.write_text(script_text)
    out = tmp_path / "frames"
    result = _run_cli(["--headless", "--seed", str(seed), "--players", "human",
                       "--script", str(script), "--frames", str(out)])
    assert result.returncode == 0, result.stderr
    from PIL import Image
    from sim.frames import PNG_SCALE
    last = sorted(os.listdir(out))[-1]
    image = np.array(Image.open(out / last).convert("L"))[::PNG_SCALE, ::PNG_SCALE]
    return (image > 128).astype(np.uint8)


def _run_cli(args, **kw):
    import subprocess
    return subprocess.run([PYTHON, "-m", "sim"] + args, cwd=ROOT, capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL, **kw)


def test_play_a_turn_quit_and_resume_from_the_save(tmp_path):
    save = tmp_path / "game.sav"
    sim = Sim(["--seed", "11", "--players", "human", "--save", str(save)])
    sim.wait_status("round 1/13")
    assert sim.screen.alt_screen and not sim.screen.cursor_visible
    assert "1-6 hold" in sim.screen.text() and "(OK)" in sim.screen.text()
    assert _status_numbers(sim.screen.status()) == (1, 3, 0)
    before_roll = sim.screen.pixels()

    # Roll: one Space is a short shake; the real detector ends it, the app rolls.
    sim.send(" ")
    sim.wait_for(lambda s: "shaking" in s.status(), "the shake to start")
    sim.wait_status("rolls left 2")
    sim.settle()
    rolled = sim.screen.pixels()
    assert not np.array_equal(rolled, before_roll)

    # Hold die 1: the OLED shows it inverted, so its area gets far more lit pixels.
    die1 = (slice(12, 40), slice(2, 26))
    lit_before = rolled[die1].sum()
    sim.send("1")
    sim.wait_for(lambda s: s.pixels()[die1].sum() > lit_before + 150, "die 1 drawn held")
    sim.settle()      # the rest of that frame's lines may still be in the pty
    held = sim.screen.pixels()

    # The same inputs played headless from a script give the very same pixels.
    expected = _headless_pixels(tmp_path, 11, "shake 300\nwait 500\nhold 1\nwait 300\n")
    assert np.array_equal(held, expected)

    # Fill a box: Down opens the scorecard, Enter picks (and confirms a zero).
    sim.send("\x1b[B")
    sim.wait_status("card")
    sim.send("\r")
    sim.settle(0.4)
    if "round 1/13" in sim.screen.status():
        sim.send("\r")      # confirm filling with 0
    sim.wait_status("round 2/13")
    round_, rolls, score = _status_numbers(sim.screen.status())
    assert (round_, rolls) == (2, 3)
    sim.settle()
    round_two = sim.screen.pixels()

    sim.send("q")
    assert sim.finish() == 0
    # The terminal is handed back: normal screen, visible cursor, plain colours.
    assert sim.raw.rstrip().endswith("\x1b[?25h\x1b[?1049l")
    saved = save.read_bytes()
    assert len(saved) == 4096

    # Resume: the app finds the saved game in the same bytes and continues it.
    # The first boot of this save file at the menu: the how-to first, Esc skips it.
    again = Sim(["--save", str(save)])
    again.wait_status("pages")
    assert "How to play" in again.screen.text() or again.screen.status().startswith("pages")
    again.send("\x1b")
    again.wait_status("menu")
    again.send("\r")
    again.wait_status("round 2/13")
    assert _status_numbers(again.screen.status()) == (2, 3, score)
    again.settle()
    assert np.array_equal(again.screen.pixels(), round_two)
    again.send("q")
    assert again.finish() == 0


def test_holding_space_keeps_shaking_until_it_is_let_go():
    sim = Sim(["--seed", "2", "--players", "human"])
    sim.wait_status("round 1/13")
    # Auto-repeat: Space every 40 ms for 1.6 s; the dice must not roll before the end.
    start = time.monotonic()
    rolled_early = False
    while time.monotonic() - start < 1.6:
        sim.send(" ")
        sim.pump(0.04)
        if "rolls left 2" in sim.screen.status():
            rolled_early = True
    assert "shaking" in sim.screen.status()
    assert not rolled_early
    sim.wait_status("rolls left 2", timeout=3)
    sim.send("q")
    assert sim.finish() == 0


def test_a_small_terminal_gets_braille_pixels_and_a_tiny_one_a_message():
    sim = Sim(["--seed", "1", "--players", "human"], rows=24, cols=80)
    sim.wait_status("round 1/13")
    text = sim.screen.text()
    assert any(0x2800 <= ord(c) <= 0x28FF for c in text)
    sim.send("q")
    assert sim.finish() == 0

    tiny = Sim([], rows=20, cols=60)
    assert tiny.finish() == 2
    assert "60x20" in tiny.raw and "needs at least" in tiny.raw
    assert "Traceback" not in tiny.raw


@pytest.mark.parametrize("args, message", [
    (["--players", "human,robot"], "unknown player"),
    (["--rules", "poker"], "invalid choice"),
    (["--board", "huge"], "invalid choice"),
    (["--headless"], "needs --script"),
    (["--headless", "--script", "/no/such/script.txt"], "cannot read script"),
])
def test_bad_options_are_one_clear_message_and_exit_2(args, message):
    result = _run_cli(args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_unreadable_save_and_no_terminal_exit_2(tmp_path):
    bad = tmp_path / "bad.sav"
    bad.write_bytes(b"not a save")
    script = tmp_path / "s.txt"
    script.write_text("ok\n")
    result = _run_cli(["--headless", "--script", str(script), "--save", str(bad)])
    assert result.returncode == 2 and "10 bytes" in result.stderr
    assert "Traceback" not in result.stderr
    result = _run_cli(["--seed", "1"])     # stdin is not a terminal
    assert result.returncode == 2 and "not a terminal" in result.stderr


def test_terminal_is_restored_after_a_crash_and_on_sigterm():
    import termios
    from sim.terminal import RawTerminal
    master, slave = os.openpty()
    try:
        out = os.fdopen(os.dup(slave), "w", encoding="utf-8")
        before = termios.tcgetattr(slave)
        with pytest.raises(RuntimeError):
            with RawTerminal(fd_in=slave, out=out):
                assert termios.tcgetattr(slave)[3] & termios.ICANON == 0
                raise RuntimeError("the app crashed")
        assert termios.tcgetattr(slave) == before
        written = b""
        import select
        while select.select([master], [], [], 0.2)[0]:
            written += os.read(master, 65536)
        written = written.decode()
        assert written.startswith("\x1b[?1049h") and written.endswith("\x1b[?25h\x1b[?1049l")
        out.close()
    finally:
        os.close(master)
        os.close(slave)

    sim = Sim(["--seed", "1", "--players", "human"])
    sim.wait_status("round 1/13")
    sim.child.kill(15)
    sim.child.expect(pexpect.EOF, timeout=10)
    sim.raw += sim.child.before or ""
    assert sim.raw.rstrip().endswith("\x1b[?25h\x1b[?1049l")
    assert "Traceback" not in sim.raw


def test_resizing_the_terminal_while_playing():
    sim = Sim(["--seed", "1", "--players", "human"])
    sim.wait_status("round 1/13")
    sim.child.setwinsize(20, 60)
    sim.wait_for(lambda s: "needs at least" in s.text(), "the too-small note")
    sim.child.setwinsize(24, 80)
    sim.wait_for(lambda s: "round 1/13" in s.status()
                 and any(0x2800 <= ord(c) <= 0x28FF for c in s.text()), "braille pixels")
    sim.child.setwinsize(ROWS, COLS)
    sim.wait_for(lambda s: "round 1/13" in s.status()
                 and ("\u2580" in s.text() or "\u2584" in s.text()), "half blocks again")
    sim.send("q")
    assert sim.finish() == 0


@pytest.mark.parametrize("board", ["three-button", "feather-128x64"])
def test_the_three_button_frame_names_its_buttons_as_the_help_does(board):
    """The FeatherWing prints A, B, C on its buttons: the simulator's frame, the
    button a key lights and the help's legend all say so (no LEFT/OK/RIGHT)."""
    from events import actions
    from hardware.desktop import board_shape
    from ui.help.text import legend
    shape = board_shape(board)
    frame = "\n".join(terminal.layout_for(shape, "braille").lines(
        [" " * 64] * 8, set(), ""))
    assert "(A)" in frame and "(B)" in frame and "(C)" in frame
    assert "(LEFT)" not in frame and "(OK)" not in frame and "(RIGHT)" not in frame
    lit = [terminal.frame_button(a, shape["labels"])
           for a in (actions.LEFT, actions.OK, actions.RIGHT)]
    assert lit == ["A", "B", "C"]
    text = legend(shape["profile"])[1]
    assert "A/C: move" in text and "Hold B" in text and "LEFT" not in text
    assert terminal.frame_button(actions.OK, board_shape("default")["labels"]) == "OK"


def test_play_keeps_its_game_in_the_data_folder_by_default(tmp_path, monkeypatch):
    """./play.sh, quit, ./play.sh: the game, its seats' names and the records are
    still there, in the user's data folder (XDG_DATA_HOME here), said on the first
    screen's status line; --no-save keeps nothing."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    save = tmp_path / "data" / "pocket-yahtzee" / "handheld.nvm"
    sim = Sim(["--seed", "3", "--players", "human,good"])
    sim.wait_status("round 1/13", timeout=30)     # a start on a loaded machine
    sim.send(" ")
    sim.wait_status("rolls left 2")
    sim.send("q")
    assert sim.finish() == 0 and save.is_file()

    again = Sim([])
    again.wait_status("game kept in %s" % save, timeout=30)   # the how-to of a first boot
    again.send("\x1b")
    again.wait_status("menu")
    again.send("\r")                                # the first item: Resume game
    again.wait_status("round 1/13")
    assert "rolls left 2" in again.screen.status()
    assert "P1 0" in again.screen.status() and "Good2 0" in again.screen.status()
    again.send("q")
    assert again.finish() == 0

    save.unlink()
    fresh = Sim(["--no-save", "--seed", "3", "--players", "human"])
    fresh.wait_status("round 1/13", timeout=30)
    assert "kept" not in fresh.screen.status()
    fresh.send("q")
    assert fresh.finish() == 0 and not save.exists()
