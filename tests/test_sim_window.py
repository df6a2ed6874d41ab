"""The pygame window front end with SDL's dummy video driver: real pygame key events
in, the same pixels as the terminal out, Space with a real key-up."""

import os

import numpy as np
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

pygame = pytest.importorskip("pygame")

from hardware.desktop import VirtualClock, board_shape   # noqa: E402
from sim import Options, build_session                   # noqa: E402
from sim import window                                    # noqa: E402


@pytest.fixture
def session():
    shape = board_shape("default")
    display = window.WindowDisplay(shape)
    s = build_session(Options(players=["human"], seed=4), clock=VirtualClock(), display=display)
    yield s
    s.hw.close()


def _frames(s, ms):
    clock = s.hw.clock
    for _ in range(ms // 25):
        s.step(clock.ticks_ms())
        clock.advance(25)


def _post_key(kind, key):
    pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))


def _pump(s):
    """Queued pygame events through the window's own dispatch, as run_window does."""
    for event in pygame.event.get():
        assert window.dispatch(event, s.hw, True, s.hw.ticks_ms(), {})


def test_window_shows_the_frame_buffer_scaled(session):
    _frames(session, 200)
    display = session.hw.display
    display.paint(status=session.status_line())
    surface = pygame.display.get_surface()
    rect = display.screen_rect
    assert surface.get_size() == display.window_size
    # Every OLED pixel is a SCALE x SCALE square of the right colour in the window.
    pixels = display.pixels
    s = display.scale
    for y, x in [(0, 0), (5, 3), (20, 10), (33, 64), (63, 127)] + list(zip(*np.nonzero(pixels)))[:40]:
        colour = surface.get_at((rect.left + x * s + s // 2, rect.top + y * s + s // 2))[:3]
        assert colour == (window.OLED_ON if pixels[y, x] else window.OLED_OFF)


def test_space_key_up_ends_the_shake_and_rolls(session):
    _frames(session, 100)
    assert "rolls left 3" in session.status_line()
    _post_key(pygame.KEYDOWN, pygame.K_SPACE)
    _pump(session)
    _frames(session, 1500)                    # held down for 1.5 s: still shaking
    assert session.hw.input.shaking and "rolls left 3" in session.status_line()
    _post_key(pygame.KEYUP, pygame.K_SPACE)
    _pump(session)
    _frames(session, 600)
    assert "rolls left 2" in session.status_line()
    before = session.hw.display.pixels.copy()
    _post_key(pygame.KEYDOWN, pygame.K_3)
    _pump(session)
    _frames(session, 100)
    assert session.app.view.held[2] == 1
    assert not np.array_equal(before, session.hw.display.pixels)


def test_run_window_quits_on_the_close_button(session):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert window.run_window(session) == 0


def _cli(args, driver, mode="--window"):
    import subprocess
    import sys
    env = dict(os.environ, SDL_VIDEODRIVER=driver)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return subprocess.run([sys.executable, "-m", "sim", mode] + args, cwd=root,
                          env=env, capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)


def test_window_mode_from_the_command_line(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("shake 300\nwait 500\nhold 2\nwait 200\nquit\n")
    result = _cli(["--seed", "1", "--players", "human", "--script", str(script),
                   "--frames", str(tmp_path / "f")], "dummy")
    assert result.returncode == 0, result.stderr
    frames = sorted(os.listdir(tmp_path / "f"))
    assert len(frames) >= 3                          # start, tumbling, rolled, held
    # a script runs on app time: the window shows exactly what a headless run shows
    headless = _cli(["--seed", "1", "--players", "human", "--script", str(script),
                     "--frames", str(tmp_path / "h")], "dummy", mode="--headless")
    assert headless.returncode == 0, headless.stderr
    # the window may lose the very last frame to `quit` on a loaded machine (its display
    # thread), never one in between: the frames it wrote are the headless run's, in order
    both = sorted(os.listdir(tmp_path / "h"))
    assert frames == both[:len(frames)] and len(frames) >= len(both) - 1, (frames, both)
    for name in frames:
        assert (tmp_path / "f" / name).read_bytes() == (tmp_path / "h" / name).read_bytes(), name
    assert (tmp_path / "f" / frames[0]).read_bytes() != (tmp_path / "f" / frames[-1]).read_bytes()


def test_no_display_for_a_window_is_a_clear_message():
    result = _cli(["--seed", "1"], "no-such-video-driver")
    assert result.returncode == 2
    assert "cannot open a window" in result.stderr and "Traceback" not in result.stderr
