"""Terminal front end: the handheld drawn with Unicode blocks, played from the keyboard.

The 128x64 screen is shown pixel for pixel: half blocks pack two pixel rows into one
character cell (128 columns x 32 rows), braille packs 2x4 pixels (64 x 16) for small
terminals. Around it a frame shaped like the handheld with its buttons, the key map
and a status line. Only lines that changed are rewritten, and only when something
changed. The terminal is restored however the program ends.
"""

import os
import select
import signal
import sys

import numpy as np

from events import actions

# --------------------------------------------------------------------- pixels -> text

_HALF = (" ", "\u2580", "\u2584", "\u2588")  # none, upper, lower, both


def halfblock_lines(pixels):
    """Rows of text for a 0/1 pixel array; each character covers 1x2 pixels."""
    height, width = pixels.shape
    if height % 2:
        pixels = np.vstack([pixels, np.zeros((1, width), dtype=pixels.dtype)])
    codes = pixels[0::2].astype(np.uint8) + 2 * pixels[1::2].astype(np.uint8)
    return ["".join(_HALF[c] for c in row) for row in codes]


def decode_halfblocks(lines):
    """The pixel array a list of half-block rows shows (inverse of halfblock_lines)."""
    width = max(len(line) for line in lines)
    pixels = np.zeros((2 * len(lines), width), dtype=np.uint8)
    for row, line in enumerate(lines):
        for col, char in enumerate(line):
            code = _HALF.index(char) if char in _HALF else 0
            pixels[2 * row, col] = code & 1
            pixels[2 * row + 1, col] = code >> 1
    return pixels


# Braille dot bits for the 2x4 cell, by (row, column).
_BRAILLE_BITS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


def braille_lines(pixels):
    """Rows of braille characters; each covers 2x4 pixels."""
    height, width = pixels.shape
    pad_h = (-height) % 4
    pad_w = (-width) % 2
    if pad_h or pad_w:
        pixels = np.pad(pixels, ((0, pad_h), (0, pad_w)))
    codes = np.zeros((pixels.shape[0] // 4, pixels.shape[1] // 2), dtype=np.int32)
    for dy in range(4):
        for dx in range(2):
            codes += pixels[dy::4, dx::2].astype(np.int32) * _BRAILLE_BITS[dy][dx]
    return ["".join(chr(0x2800 + c) for c in row) for row in codes]


def decode_braille(lines):
    """The pixel array a list of braille rows shows (inverse of braille_lines)."""
    width = max(len(line) for line in lines)
    pixels = np.zeros((4 * len(lines), 2 * width), dtype=np.uint8)
    for row, line in enumerate(lines):
        for col, char in enumerate(line):
            code = ord(char) - 0x2800
            if not 0 <= code < 256:
                continue
            for dy in range(4):
                for dx in range(2):
                    if code & _BRAILLE_BITS[dy][dx]:
                        pixels[4 * row + dy, 2 * col + dx] = 1
    return pixels


# --------------------------------------------------------------------- the handheld frame

# Short enough for an 80-column terminal (Backspace works as BACK too; the arrows move
# in lists; 6 is button 5 held: the sixth die of a six-dice game, else the fifth). s stands for a held BACK (default board) or a held A (three-button): the
# standings; ? for help (on the card: the rules of the box under the cursor). The
# three-button board's help pages name its buttons as printed: A, B, C.
KEY_HELP = "1-6 hold  Enter OK  Esc BACK  Space shake  h hint  s standings  ? help  q quit"
KEY_HELP_THREE = "Left/Enter/Right = A/B/C  Esc BACK  Space shake  h hint  s standings  q quit"

# Lit pixels bright white on black, like the OLED, whatever the terminal's colours.
_SCREEN_ON = "\x1b[97;40m"
_PRESSED_ON = "\x1b[7m"
_RESET = "\x1b[0m"


class HandheldLayout:
    """Where things go: the screen, the buttons, the help and status lines.

    lines(screen_rows, pressed, status) returns the full picture as a list of
    strings; screen_top/screen_left say where the pixels are (for tests).
    """

    def __init__(self, screen_cols, screen_rows, buttons, hold_keys=True):
        self.screen_cols = screen_cols
        self.screen_rows = screen_rows
        self.buttons = buttons
        self.hold_keys = hold_keys
        self.inner = screen_cols + 4            # between the outer walls
        self.width = self.inner + 2
        self.help = KEY_HELP if hold_keys else KEY_HELP_THREE
        # top with title, bezel top, screen rows, bezel bottom, buttons x2, bottom, help,
        # status: 24 rows in braille, so an 80x24 terminal is enough.
        self.height = 1 + 1 + screen_rows + 1 + 2 + 1 + 1 + 1
        self.screen_top = 2
        self.screen_left = 3
        self.width = max(self.width, len(self.help) + 1)

    def _button_rows(self, pressed):
        """Two rows of buttons: holds under the dice, BACK and OK below."""
        rows = [[" "] * self.inner, [" "] * self.inner]

        def put(row, center, label):
            text = "(" + label + ")"
            start = max(0, min(self.inner - len(text), center - len(text) // 2))
            for i, char in enumerate(text):
                rows[row][start + i] = char
            return start, start + len(text)

        marks = []
        holds = [b for b in self.buttons if b in "12345"]
        others = [b for b in self.buttons if b not in "12345"]
        for i, label in enumerate(holds):
            # Under die i: five dice spread across the screen width.
            center = 2 + (2 * i + 1) * self.screen_cols // 10
            span = put(0, center, label)
            marks.append((0, span, label))
        row = 1 if holds else 0
        for i, label in enumerate(others):
            center = 2 + (2 * i + 1) * self.screen_cols // (2 * len(others))
            span = put(row, center, label)
            marks.append((row, span, label))
        texts = ["".join(r) for r in rows]
        # Highlight pressed buttons (reverse video), right to left so spans stay valid.
        for row, (a, b), label in sorted(marks, key=lambda m: -m[1][0]):
            if label in pressed:
                texts[row] = texts[row][:a] + _PRESSED_ON + texts[row][a:b] + _RESET + texts[row][b:]
        return texts

    def lines(self, screen, pressed=(), status="", title="YAHTZEE"):
        inner = self.inner
        out = []
        label = " " + title + " "
        left = (inner - len(label)) // 2
        out.append("\u256d" + "\u2500" * left + label + "\u2500" * (inner - left - len(label)) + "\u256e")
        out.append("\u2502 \u250c" + "\u2500" * self.screen_cols + "\u2510 \u2502")
        for row in screen:
            out.append("\u2502 \u2502" + _SCREEN_ON + row + _RESET + "\u2502 \u2502")
        out.append("\u2502 \u2514" + "\u2500" * self.screen_cols + "\u2518 \u2502")
        for text in self._button_rows(pressed):
            out.append("\u2502" + text + "\u2502")
        out.append("\u2570" + "\u2500" * inner + "\u256f")
        out.append(" " + self.help)
        out.append(" " + status[: self.width - 1])
        return out


def layout_for(shape, mode):
    """The HandheldLayout for a board shape in 'half' or 'braille' pixels."""
    if mode == "half":
        cols, rows = shape["width"], (shape["height"] + 1) // 2
    else:
        cols, rows = (shape["width"] + 1) // 2, (shape["height"] + 3) // 4
    return HandheldLayout(cols, rows, shape["buttons"], shape["hold_keys"])


def choose_mode(shape, columns, rows, wanted="auto"):
    """'half' or 'braille' for a terminal of this size, or None when neither fits."""
    modes = ("half", "braille") if wanted == "auto" else (wanted,)
    for mode in modes:
        layout = layout_for(shape, mode)
        # Keep off the last column: writing there leaves some terminals about to wrap.
        if layout.width < columns and layout.height <= rows:
            return mode
    return None


def size_needed(shape, mode):
    layout = layout_for(shape, mode)
    return layout.width + 1, layout.height


# --------------------------------------------------------------------- keyboard bytes -> keys

_CSI_KEYS = {"A": "up", "B": "down", "C": "right", "D": "left"}


class KeyDecoder:
    """Bytes from a terminal in cbreak mode -> key names.

    Names: single characters ('1', 'h', ' ' ...), 'enter', 'backspace', 'esc', 'up',
    'down', 'left', 'right', 'ctrl-c', 'ctrl-d'. A lone ESC is only known to be the
    Esc key once no sequence byte follows it within ESC_WAIT_MS (see flush).
    """

    ESC_WAIT_MS = 40

    def __init__(self):
        self._pending = b""
        self._pending_since = 0

    def feed(self, data, now_ms=0):
        buf = self._pending + data
        self._pending = b""
        keys = []
        i = 0
        while i < len(buf):
            byte = buf[i]
            if byte == 0x1B:
                if i + 1 >= len(buf):
                    self._pending = buf[i:]
                    self._pending_since = now_ms
                    break
                nxt = buf[i + 1]
                if nxt in (0x5B, 0x4F):  # '[' or 'O': a cursor-key sequence
                    j = i + 2
                    while j < len(buf) and not (0x40 <= buf[j] <= 0x7E):
                        j += 1
                    if j >= len(buf):
                        self._pending = buf[i:]
                        self._pending_since = now_ms
                        break
                    name = _CSI_KEYS.get(chr(buf[j]))
                    if name:
                        keys.append(name)
                    i = j + 1
                    continue
                keys.append("esc")
                i += 1
                continue
            if byte in (0x0D, 0x0A):
                keys.append("enter")
            elif byte in (0x7F, 0x08):
                keys.append("backspace")
            elif byte == 0x03:
                keys.append("ctrl-c")
            elif byte == 0x04:
                keys.append("ctrl-d")
            elif 0x20 <= byte < 0x7F:
                keys.append(chr(byte))
            i += 1
        return keys

    def flush(self, now_ms):
        """Keys that are complete by now: a lone ESC after its wait."""
        if self._pending == b"\x1b" and now_ms - self._pending_since >= self.ESC_WAIT_MS:
            self._pending = b""
            return ["esc"]
        return []

    @property
    def waiting(self):
        return bool(self._pending)


# Keys shared by the terminal and the window front ends (Space is handled apart).
KEYMAP = {
    "1": actions.HOLD_1, "2": actions.HOLD_2, "3": actions.HOLD_3,
    "4": actions.HOLD_4, "5": actions.HOLD_5, "6": actions.HOLD_6,
    "enter": actions.OK, "backspace": actions.BACK, "esc": actions.BACK,
    "left": actions.LEFT, "right": actions.RIGHT, "up": actions.UP, "down": actions.DOWN,
    "h": actions.HINT, "H": actions.HINT, "?": actions.HELP, "s": actions.STANDINGS,
    "q": actions.QUIT, "Q": actions.QUIT, "ctrl-c": actions.QUIT, "ctrl-d": actions.QUIT,
}

# The button on the frame that lights up for an action.
BUTTON_OF_ACTION = {
    actions.HOLD_1: "1", actions.HOLD_2: "2", actions.HOLD_3: "3", actions.HOLD_4: "4",
    actions.HOLD_5: "5", actions.HOLD_6: "5", actions.OK: "OK", actions.BACK: "BACK",
    actions.LEFT: "LEFT", actions.RIGHT: "RIGHT",
}
PRESS_SHOW_MS = 150


def frame_button(action, labels):
    """The frame's button an action lights, named as the board prints it (the shape's
    "labels": A, B, C on the FeatherWing), or None."""
    role = BUTTON_OF_ACTION.get(action)
    return labels.get(role, role) if role else None


def action_for_key(key, hold_keys=True):
    """The action a key stands for on this board (0 for none)."""
    action = KEYMAP.get(key, actions.NONE)
    if not hold_keys and actions.hold_index(action) >= 0:
        return actions.NONE
    return action


# --------------------------------------------------------------------- the terminal itself


class TerminalTooSmall(Exception):
    pass


class RawTerminal:
    """cbreak input, alternate screen, hidden cursor; restored on exit, crash or signal."""

    def __init__(self, fd_in=None, out=None):
        self.fd_in = sys.stdin.fileno() if fd_in is None else fd_in
        self.out = out or sys.stdout
        self._saved = None
        self._old_handlers = {}

    def size(self):
        try:
            size = os.get_terminal_size(self.out.fileno())
            return size.columns, size.lines
        except OSError:
            return 80, 24

    def __enter__(self):
        import termios
        import tty
        self._saved = termios.tcgetattr(self.fd_in)
        tty.setcbreak(self.fd_in)
        attrs = termios.tcgetattr(self.fd_in)
        # Ctrl-C / Ctrl-D arrive as bytes (they quit cleanly), Ctrl-S/Q are keys too.
        attrs[0] &= ~(termios.IXON | termios.ICRNL)
        attrs[3] &= ~termios.ISIG
        termios.tcsetattr(self.fd_in, termios.TCSANOW, attrs)
        for sig in (signal.SIGTERM, signal.SIGHUP):
            self._old_handlers[sig] = signal.signal(sig, self._on_signal)
        self.write("\x1b[?1049h\x1b[?25l\x1b[2J")
        return self

    def _on_signal(self, signum, frame):
        raise SystemExit(128 + signum)

    def __exit__(self, *exc):
        self.restore()
        return False

    def restore(self):
        if self._saved is None:
            return
        import termios
        try:
            self.write(_RESET + "\x1b[?25h\x1b[?1049l")
        finally:
            termios.tcsetattr(self.fd_in, termios.TCSAFLUSH, self._saved)
            self._saved = None
            for sig, handler in self._old_handlers.items():
                signal.signal(sig, handler)
            self._old_handlers = {}

    def write(self, text):
        self.out.write(text)
        self.out.flush()

    def read(self, timeout_s):
        ready, _, _ = select.select([self.fd_in], [], [], max(0.0, timeout_s))
        if not ready:
            return b""
        try:
            return os.read(self.fd_in, 1024)
        except OSError:
            return b""


class ScreenPainter:
    """Keeps what the terminal shows and rewrites only the lines that changed."""

    def __init__(self, terminal):
        self.terminal = terminal
        self.shown = []
        self.paints = 0

    def clear(self):
        self.shown = []
        self.terminal.write("\x1b[2J")

    def paint(self, lines):
        parts = []
        for row, line in enumerate(lines):
            if row < len(self.shown) and self.shown[row] == line:
                continue
            parts.append("\x1b[%d;1H%s\x1b[K" % (row + 1, line))
        for row in range(len(lines), len(self.shown)):
            parts.append("\x1b[%d;1H\x1b[K" % (row + 1))
        self.shown = list(lines)
        if parts:
            self.paints += 1
            self.terminal.write("".join(parts))


def run_terminal(session, pixel_mode="auto", fps=60):
    """Play `session` (sim.Session) in this terminal until it quits.

    Returns the exit code; raises TerminalTooSmall before touching the terminal
    when no layout fits.
    """
    hw = session.hw
    shape = hw.shape
    terminal = RawTerminal()
    columns, rows = terminal.size()
    mode = choose_mode(shape, columns, rows, pixel_mode)
    if mode is None:
        raise TerminalTooSmall(_too_small_message(shape, columns, rows, pixel_mode))

    resized = []
    old_winch = signal.signal(signal.SIGWINCH, lambda *a: resized.append(1))
    if getattr(session, "tables", None) is not None:
        # a table built mid-game drew its progress bar over the screen: repaint all
        session.tables.after_build = lambda: resized.append(1)
    decoder = KeyDecoder()
    frame_ms = 1000 // fps
    pressed_until = {}
    try:
        with terminal:
            painter = ScreenPainter(terminal)
            layout = layout_for(shape, mode)
            too_small = False
            last_picture = None
            while True:
                now = hw.ticks_ms()
                data = terminal.read(frame_ms / 1000)
                now = hw.ticks_ms()
                keys = decoder.feed(data, now) if data else []
                keys += decoder.flush(now)
                for key in keys:
                    if key == " ":
                        hw.input.space_seen(now)
                        continue
                    action = action_for_key(key, shape["hold_keys"])
                    if action:
                        hw.input.press(action)
                        button = frame_button(action, shape["labels"])
                        if button:
                            pressed_until[button] = now + PRESS_SHOW_MS
                if not session.step(now):
                    break
                if resized:
                    del resized[:]
                    columns, rows = terminal.size()
                    mode_now = choose_mode(shape, columns, rows, pixel_mode)
                    painter.clear()
                    last_picture = None
                    too_small = mode_now is None
                    if mode_now:
                        mode = mode_now
                        layout = layout_for(shape, mode)
                if too_small:
                    painter.paint(_too_small_message(shape, columns, rows, pixel_mode).split("\n"))
                    continue
                pressed = tuple(sorted(b for b, until in pressed_until.items() if until > now))
                status = session.status_line()
                if hw.input.shaking:
                    status = "~ shaking ~  " + status
                # Build and paint the picture only when something on it changed.
                picture = (hw.display.version, hw.display.awake, pressed, status, mode)
                if picture == last_picture:
                    continue
                last_picture = picture
                pixels = hw.display.pixels
                screen = halfblock_lines(pixels) if mode == "half" else braille_lines(pixels)
                painter.paint(layout.lines(screen, pressed, status))
    finally:
        signal.signal(signal.SIGWINCH, old_winch)
    return 0


def _too_small_message(shape, columns, rows, pixel_mode):
    half = size_needed(shape, "half")
    braille = size_needed(shape, "braille")
    if pixel_mode == "half":
        need = "%dx%d" % half
    elif pixel_mode == "braille":
        need = "%dx%d" % braille
    else:
        need = "%dx%d (full-size pixels) or %dx%d (braille pixels)" % (half + braille)
    return ("The terminal is %dx%d characters; the simulator needs at least %s.\n"
            "Enlarge the window (or make the font smaller), or play in a window with --window."
            % (columns, rows, need))
