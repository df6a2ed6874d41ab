"""Window front end: the same screen in a pygame window, scaled up, same keys.

The display is a blinka_displayio_pygamedisplay PyGameDisplay (it opens the window
and owns pygame) that renders through the same 1-bit frame buffer as the terminal
(hardware/desktop.py FrameBufferMixin), so both show identical pixels. The window
draws the handheld around it: the screen, the hold buttons under the dice, BACK and
OK, the key map. Space has a real key-up here: the shake lasts while it is held.
"""

import contextlib
import io
import os

import numpy as np

with contextlib.redirect_stdout(io.StringIO()):
    # pygame prints a greeting on import; it does not belong on the player's console.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    import blinka_displayio_pygamedisplay as pygamedisplay

from hardware.desktop import FrameBufferMixin, VirtualClock
from sim.terminal import frame_button, KEY_HELP, KEY_HELP_THREE, PRESS_SHOW_MS, action_for_key

SCALE = 5
MARGIN = 28
BUTTON_AREA = 92
HELP_AREA = 44
BODY = (34, 38, 48)
BEZEL = (12, 12, 14)
OLED_OFF = (8, 10, 16)
OLED_ON = (220, 236, 255)
BUTTON = (196, 60, 56)
BUTTON_DOWN = (250, 200, 80)
TEXT = (210, 214, 222)


class WindowUnavailable(Exception):
    """No display for a window (no $DISPLAY, no video driver)."""


_PYGAME_KEYS = {
    pygame.K_1: "1", pygame.K_2: "2", pygame.K_3: "3", pygame.K_4: "4", pygame.K_5: "5",
    pygame.K_KP1: "1", pygame.K_KP2: "2", pygame.K_KP3: "3", pygame.K_KP4: "4",
    pygame.K_KP5: "5",
    pygame.K_RETURN: "enter", pygame.K_KP_ENTER: "enter",
    pygame.K_BACKSPACE: "backspace", pygame.K_ESCAPE: "esc",
    pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_UP: "up", pygame.K_DOWN: "down",
    pygame.K_h: "h", pygame.K_q: "q", pygame.K_SLASH: "?",
}


def key_name(pygame_key):
    """The simulator's name for a pygame key constant (None for other keys)."""
    return _PYGAME_KEYS.get(pygame_key)


class WindowDisplay(FrameBufferMixin, pygamedisplay.PyGameDisplay):
    """A PyGameDisplay whose window shows the whole handheld, the screen SCALE x."""

    def __init__(self, shape, scale=SCALE):
        self.shape = shape
        self.scale = scale
        width, height = shape["width"], shape["height"]
        self._setup_frame(width, height)
        self.screen_rect = pygame.Rect(MARGIN, MARGIN, width * scale, height * scale)
        self.window_size = (width * scale + 2 * MARGIN,
                            height * scale + 2 * MARGIN + BUTTON_AREA + HELP_AREA)
        try:
            super().__init__(width=width, height=height, caption="Yahtzee handheld",
                             native_frames_per_second=60, **self.ONE_BIT)
        except pygame.error as err:
            raise WindowUnavailable(str(err)) from None

    def _initialize(self, init_sequence):
        # PyGameDisplay opens a window the size of the display; this one is larger.
        # Only video and fonts: pygame.init() would also open the sound card.
        pygame.display.init()
        driver = pygame.display.get_driver()
        if driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER") != driver:
            # SDL fell back to drawing nowhere: no desktop to show a window on.
            pygame.display.quit()
            raise pygame.error("no desktop display found (SDL chose %r)" % driver)
        pygame.font.init()
        pygame.display.set_caption(self._caption)
        self._pygame_screen = pygame.display.set_mode(self.window_size)
        self._font = pygame.font.Font(None, 22)

    def _refresh_display(self):
        # Render into the frame buffer only; the front end paints when it changed.
        return FrameBufferMixin.refresh(self)

    def button_centers(self):
        """(label, (x, y)) of each button drawn under the screen."""
        out = []
        left = self.screen_rect.left
        width = self.screen_rect.width
        holds = [b for b in self.shape["buttons"] if b in "12345"]
        others = [b for b in self.shape["buttons"] if b not in "12345"]
        top = self.screen_rect.bottom + 28
        for i, label in enumerate(holds):
            out.append((label, (left + (2 * i + 1) * width // 10, top)))
        row = top + (40 if holds else 0)
        for i, label in enumerate(others):
            out.append((label, (left + (2 * i + 1) * width // (2 * len(others)), row)))
        return out

    def paint(self, pressed=(), status=""):
        """Draw the handheld with the current frame buffer and flip."""
        surface = self._pygame_screen
        surface.fill(BODY)
        pygame.draw.rect(surface, BEZEL, self.screen_rect.inflate(12, 12), border_radius=6)
        pixels = self.pixels
        rgb = np.where(pixels[:, :, None] > 0, np.array(OLED_ON, dtype=np.uint8),
                       np.array(OLED_OFF, dtype=np.uint8))
        small = pygame.surfarray.make_surface(rgb.transpose(1, 0, 2))
        surface.blit(pygame.transform.scale(small, self.screen_rect.size), self.screen_rect)
        for label, center in self.button_centers():
            down = label in pressed
            if label in "12345":
                pygame.draw.circle(surface, BUTTON_DOWN if down else BUTTON, center, 14)
            else:
                rect = pygame.Rect(0, 0, 64, 26)
                rect.center = center
                pygame.draw.rect(surface, BUTTON_DOWN if down else BUTTON, rect, border_radius=12)
            text = self._font.render(label, True, TEXT if not down else BEZEL)
            surface.blit(text, text.get_rect(center=center))
        help_text = KEY_HELP if self.shape["hold_keys"] else KEY_HELP_THREE
        y = self.window_size[1] - HELP_AREA + 4
        for line in (help_text.replace("Esc BACK", "Esc/Bksp BACK"), status):
            surface.blit(self._font.render(line, True, TEXT), (MARGIN // 2, y))
            y += 18
        pygame.display.flip()

    def close(self):
        FrameBufferMixin.close(self)
        with contextlib.suppress(Exception):
            pygame.quit()


def dispatch(event, hw, hold_keys, now, pressed_until, labels=None):
    """Apply one pygame event to the hardware input; False when the player quits."""
    if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
        return False
    if event.type == pygame.KEYDOWN:
        if event.key == pygame.K_SPACE:
            hw.input.space_down()
        elif event.key == pygame.K_c and event.mod & pygame.KMOD_CTRL:
            return False
        else:
            action = action_for_key(key_name(event.key), hold_keys)
            if action:
                hw.input.press(action)
                button = frame_button(action, labels or {})
                if button:
                    pressed_until[button] = now + PRESS_SHOW_MS
    elif event.type == pygame.KEYUP and event.key == pygame.K_SPACE:
        hw.input.space_up()
    return True


def run_window(session, fps=60):
    """Play `session` (sim.Session, built on a WindowDisplay) until it quits."""
    hw = session.hw
    display = hw.display
    clock = pygame.time.Clock()
    pressed_until = {}
    last_picture = None
    # A script runs on app time (a VirtualClock moved one frame per step, paced to the
    # wall clock): its frames are a headless run's, however loaded the machine is.
    virtual = isinstance(hw.clock, VirtualClock)
    while True:
        now = hw.ticks_ms()
        for event in pygame.event.get():
            if not dispatch(event, hw, display.shape["hold_keys"], now, pressed_until,
                            display.shape["labels"]):
                return 0
        if not session.step(now):
            return 0
        pressed = tuple(sorted(b for b, until in pressed_until.items() if until > now))
        status = session.status_line()
        if hw.input.shaking:
            status = "~ shaking ~  " + status
        picture = (display.version, display.awake, pressed, status)
        if picture != last_picture:
            last_picture = picture
            display.paint(pressed, status)
        if virtual:
            frame = session.frame_ms
            hw.clock.advance(frame)
            clock.tick(max(1, 1000 // frame))
        else:
            clock.tick(fps)
