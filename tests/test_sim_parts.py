"""The simulator's parts on their own: desktop display, input, storage, text pixels,
key decoding, the script format and frame export."""

import os
import random

import numpy as np
import pytest

from hardware import desktop
from hardware.desktop import (DesktopHardware, FileStorage, FrameBufferDisplay,
                              KeyboardInput, StorageError, board_shape)
from sim import frames, script, terminal
from events import actions


@pytest.fixture
def display():
    d = FrameBufferDisplay(128, 64)
    yield d
    d.close()


def _label_group(text, x, y):
    import displayio
    import terminalio
    from adafruit_display_text import label
    group = displayio.Group()
    group.append(label.Label(terminalio.FONT, text=text, color=0xFFFFFF, x=x, y=y))
    return group


# ------------------------------------------------------------------ display

def test_display_renders_displayio_groups_to_pixels(display):
    import displayio
    bitmap = displayio.Bitmap(128, 64, 2)
    palette = displayio.Palette(2)
    palette[0] = 0x000000
    palette[1] = 0xFFFFFF
    bitmap[0, 0] = 1
    bitmap[127, 63] = 1
    bitmap[5, 9] = 1
    group = displayio.Group()
    group.append(displayio.TileGrid(bitmap, pixel_shader=palette))
    display.root_group = group
    assert display.version == 0
    display.refresh()
    lit = set(zip(*np.nonzero(display.pixels)))
    assert lit == {(0, 0), (63, 127), (9, 5)}
    assert display.version == 1
    # A refresh with nothing changed is not a new frame.
    display.refresh()
    assert display.version == 1
    bitmap[5, 9] = 0
    display.refresh()
    assert display.version == 2
    assert set(zip(*np.nonzero(display.pixels))) == {(0, 0), (63, 127)}


def test_a_whole_screen_refresh_leaves_no_ghost_of_a_layer_moved_twice(display):
    """The loop asks for a whole-screen refresh by setting the root group again
    (ui/loop.py); a block moved then, and again before the next refresh, shows only
    where it is, as on the firmware."""
    import displayio
    palette = displayio.Palette(2)
    palette[1] = 0xFFFFFF
    bitmap = displayio.Bitmap(10, 10, 2)
    bitmap.fill(1)
    block = displayio.TileGrid(bitmap, pixel_shader=palette, x=0, y=0)
    group = displayio.Group()
    group.append(block)
    display.root_group = group
    display.refresh()
    block.x = 40                        # moved, then drawn as a whole screen
    display.root_group = None
    display.root_group = group
    display.refresh()
    block.x = 80                        # moved again: a refresh of its areas
    display.refresh()
    lit = np.nonzero(display.pixels)
    assert set(lit[1]) == set(range(80, 90)) and set(lit[0]) == set(range(10))


def test_display_text_is_drawn_where_the_label_is(display):
    display.root_group = _label_group("88", 100, 40)
    display.refresh()
    ys, xs = np.nonzero(display.pixels)
    assert len(xs) > 20
    assert xs.min() >= 100 and xs.max() < 100 + 2 * 6 + 2
    assert 30 <= ys.min() and ys.max() <= 50


def test_display_sleep_shows_dark_and_counts_as_change(display):
    display.root_group = _label_group("A", 0, 8)
    display.refresh()
    v = display.version
    display.sleep()
    assert display.pixels.sum() == 0 and display.version == v + 1
    display.wake()
    assert display.pixels.sum() > 0 and display.version == v + 2


def test_only_one_display_at_a_time_is_handled():
    first = FrameBufferDisplay(128, 64)
    second = FrameBufferDisplay(128, 32)   # releases the first (Blinka's limit is one)
    second.root_group = _label_group("x", 0, 8)
    second.refresh()
    assert second.pixels.shape == (32, 128)
    second.close()
    first.close()


# ------------------------------------------------------------------ input

def _run_input(inp, start, stop, step, on_tick=None):
    events = []
    for t in range(start, stop, step):
        if on_tick:
            on_tick(t)
        a = inp.poll(t)
        if a:
            events.append((t, a))
    return events


def test_holding_space_shakes_the_real_detector():
    from hardware.shake import ShakeDetector
    inp = KeyboardInput()
    assert isinstance(inp.detector, ShakeDetector)
    inp.space_down()
    events = _run_input(inp, 0, 2000, 20, lambda t: inp.space_up() if t == 600 else None)
    kinds = [a for _, a in events]
    assert kinds == [actions.SHAKE_START, actions.SHAKE_END]
    start, end = events[0][0], events[1][0]
    assert start < 300            # confirmed quickly
    assert 600 <= end <= 1000     # ends after the key-up plus the detector's quiet time


def test_terminal_space_autorepeat_keeps_one_shake_going():
    inp = KeyboardInput()
    presses = {0} | set(range(560, 2500, 32))   # repeat delay, then 30 Hz repeats

    def tick(t):
        if t in presses:
            inp.space_seen(t)

    events = _run_input(inp, 0, 4000, 16, tick)
    assert [a for _, a in events] == [actions.SHAKE_START, actions.SHAKE_END]
    last_space = max(p for p in presses if p < 4000)
    assert 200 <= events[1][0] - last_space <= 600


def test_a_single_space_tap_is_one_short_shake():
    inp = KeyboardInput()
    events = _run_input(inp, 0, 3000, 16, lambda t: inp.space_seen(t) if t == 0 else None)
    assert [a for _, a in events] == [actions.SHAKE_START, actions.SHAKE_END]
    assert events[1][0] < 1200


def test_keys_are_queued_one_action_per_poll():
    inp = KeyboardInput()
    inp.press(actions.HOLD_3)
    inp.press(actions.OK)
    assert inp.poll(0) == actions.HOLD_3
    assert inp.poll(10) == actions.OK
    assert inp.poll(20) == actions.NONE


# ------------------------------------------------------------------ storage

def test_storage_writes_through_to_the_save_file(tmp_path):
    path = tmp_path / "game.sav"
    store = FileStorage(256, str(path))
    assert path.read_bytes() == b"\xff" * 256     # a fresh device: erased flash
    store[10:13] = b"abc"
    assert path.read_bytes()[10:13] == b"abc"
    store[0] = 7
    assert path.read_bytes()[0] == 7
    again = FileStorage(256, str(path))
    assert bytes(again) == bytes(store)
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".save-")]


def test_storage_refuses_a_file_of_the_wrong_size(tmp_path):
    path = tmp_path / "bad.sav"
    path.write_bytes(b"\x00" * 100)
    with pytest.raises(StorageError, match="100 bytes"):
        FileStorage(256, str(path))


def test_storage_cannot_change_size():
    store = FileStorage(16)
    with pytest.raises(ValueError):
        store[0:2] = b"abc"


def test_storage_is_the_boards_flash_and_works_with_the_journal(tmp_path):
    from yahtzee_core.journal import Journal
    from yahtzee_core.save import RECORDS
    path = tmp_path / "journal.sav"
    store = FileStorage(512, str(path))
    Journal(store).append(RECORDS, b"hello")
    assert store.erases == 0 and store.programs == 1   # into erased bytes: no erase
    store[0:1] = b"\x00"                                # a byte already written: erase
    assert store.erases == 1
    store[0:1] = b"Y"
    reread = FileStorage(512, str(path))
    journal = Journal(reread)
    assert journal.payload(journal.at[RECORDS]) == b"hello"


# ------------------------------------------------------------------ boards

def test_board_shapes_come_from_the_device_profiles():
    default = board_shape("default")
    assert (default["width"], default["height"]) == (128, 64)
    assert default["buttons"][:5] == ("1", "2", "3", "4", "5")
    assert "OK" in default["buttons"] and "BACK" in default["buttons"]
    three = board_shape("three-button")
    assert not three["hold_keys"] and set(three["buttons"]) == {"A", "B", "C"}  # as printed
    small = board_shape("128x32")
    assert small["height"] == 32 and small["hold_keys"]
    with pytest.raises(ValueError):
        board_shape("no-such-board")


# ------------------------------------------------------------------ text pixels

def test_halfblocks_and_braille_round_trip_real_pixels(display):
    display.root_group = _label_group("Yahtzee 123", 3, 20)
    display.refresh()
    pixels = display.pixels
    half = terminal.halfblock_lines(pixels)
    assert len(half) == 32 and all(len(row) == 128 for row in half)
    assert np.array_equal(terminal.decode_halfblocks(half), pixels)
    braille = terminal.braille_lines(pixels)
    assert len(braille) == 16 and all(len(row) == 64 for row in braille)
    assert np.array_equal(terminal.decode_braille(braille), pixels)


def test_layout_fits_80x24_in_braille_and_needs_more_for_half_blocks():
    shape = board_shape("default")
    assert terminal.choose_mode(shape, 80, 24) == "braille"
    assert terminal.choose_mode(shape, 140, 45) == "half"
    assert terminal.choose_mode(shape, 60, 20) is None
    layout = terminal.layout_for(shape, "half")
    lines = layout.lines(["x" * 128] * 32, status="P1 12")
    assert len(lines) == layout.height
    assert lines[-1].strip() == "P1 12"


def test_key_decoder_handles_sequences_split_across_reads():
    dec = terminal.KeyDecoder()
    assert dec.feed(b"1\r \x7f") == ["1", "enter", " ", "backspace"]
    assert dec.feed(b"\x1b[A\x1bOD") == ["up", "left"]
    assert dec.feed(b"\x1b[", 100) == []          # half a sequence: wait
    assert dec.feed(b"C", 105) == ["right"]
    assert dec.feed(b"\x1b", 200) == []           # maybe the start of a sequence
    assert dec.flush(210) == []
    assert dec.flush(250) == ["esc"]              # nothing followed: the Esc key
    assert dec.feed(b"q\x03") == ["q", "ctrl-c"]


def test_keymap_follows_the_board():
    assert terminal.action_for_key("3") == actions.HOLD_3
    assert terminal.action_for_key("3", hold_keys=False) == actions.NONE
    assert terminal.action_for_key("esc") == actions.BACK
    assert terminal.action_for_key("h") == actions.HINT
    assert terminal.action_for_key("q") == actions.QUIT


@pytest.mark.parametrize("board", ["default", "three-button"])
def test_the_key_line_names_the_keys_that_act_and_fits_80_columns(board):
    """The frame's key line lists s (the standings, not the strategy table) and, on the
    hold-button board, ? (the rules); the three-button line ties its keys to the A, B,
    C of the board's own help pages."""
    shape = board_shape(board)
    layout = terminal.layout_for(shape, "braille")
    line = layout.help
    # choose_mode keeps off column 80
    assert layout.width < 80 and "s standings" in line and "table" not in line
    for key in ("h", "s") + (("?",) if shape["hold_keys"] else ()):
        assert " %s " % key in line
        assert terminal.action_for_key(key, shape["hold_keys"]) != actions.NONE
    if not shape["hold_keys"]:
        assert "Left/Enter/Right = A/B/C" in line


# ------------------------------------------------------------------ scripts

def test_script_format():
    events = script.parse(
        "# a turn\nshake\nhold 3\nhold 5   # keep two\nwait 700\nok\npress HINT\nsnap roll-1\n")
    assert events == [
        (0, "space_down", None), (500, "space_up", None),
        (900, "press", actions.HOLD_3), (1000, "press", actions.HOLD_5),
        (1800, "press", actions.OK), (1900, "press", actions.HINT),
        (2000, "snap", "roll-1"), (2000, "end", None),
    ]


@pytest.mark.parametrize("line, message", [
    ("hold 7", "outside 1..6"), ("hold", "button number"), ("jump", "unknown command"),
    ("wait soon", "not a whole number"), ("press FLY", "action name"), ("ok 2", "no argument"),
    ("snap ../x", "file name"),
])
def test_script_errors_name_the_line(line, message):
    with pytest.raises(script.ScriptError, match="line 2: .*" + message):
        script.parse("ok\n" + line + "\n", "demo")


def test_script_player_feeds_input_on_time():
    inp = KeyboardInput()
    player = script.ScriptPlayer(script.parse("hold 2\nwait 50\nback\n"), start_ms=1000)
    assert not player.apply(999, inp)
    assert inp.poll(999) == actions.NONE
    player.apply(1000, inp)
    assert inp.poll(1000) == actions.HOLD_2
    player.apply(1149, inp)
    assert inp.poll(1149) == actions.NONE
    assert not player.apply(1150, inp)
    assert inp.poll(1150) == actions.BACK
    assert not player.done
    assert player.apply(1250, inp) and player.done   # the gap after the last press


# ------------------------------------------------------------------ frames

def test_frames_are_written_once_per_change(tmp_path, display):
    rec = frames.FrameRecorder(str(tmp_path / "f"), keep_for_gif=True)
    display.root_group = _label_group("1", 0, 8)
    display.refresh()
    assert rec.capture(0, display)
    display.refresh()
    assert not rec.capture(20, display)
    display.root_group = _label_group("2", 0, 8)
    display.refresh()
    assert rec.capture(40, display)
    names = sorted(os.listdir(tmp_path / "f"))
    assert names == ["frame-00001.png", "frame-00002.png"]
    from PIL import Image
    image = Image.open(tmp_path / "f" / names[1]).convert("RGB")
    assert image.size == (128 * frames.PNG_SCALE, 64 * frames.PNG_SCALE)
    # A lit display pixel is a lit square in the picture, a dark one is dark.
    ys, xs = np.nonzero(display.pixels)
    s = frames.PNG_SCALE
    assert image.getpixel((int(xs[0]) * s + 1, int(ys[0]) * s + 1)) == frames.LIT
    assert image.getpixel((127 * s, 63 * s)) == frames.BACKGROUND
    gif = tmp_path / "a.gif"
    assert rec.write_gif(str(gif)) == 2
    with Image.open(gif) as anim:
        assert anim.n_frames == 2


def test_a_snap_sees_the_frame_before_the_next_lines():
    inp = KeyboardInput()
    names = []
    player = script.ScriptPlayer(script.parse("snap a\nok\n"), on_snap=names.append)
    assert not player.apply(0, inp)
    assert names == ["a"] and inp.poll(0) == actions.NONE   # OK waits a frame
    player.apply(25, inp)
    assert inp.poll(25) == actions.OK


def test_the_no_shake_board_ignores_space_and_the_app_rolls_by_ok(tmp_path):
    assert "no-shake" in desktop.board_names()
    hw = DesktopHardware("no-shake", clock=desktop.VirtualClock())
    try:
        assert not hw.has_shake and hw.hold_buttons
        hw.input.space_down()
        seen = [hw.input.poll(t) for t in range(0, 2000, 25)]
        assert set(seen) == {actions.NONE}          # Space shakes nothing
        from ui.loop import make_app
        app = make_app(hw)
        assert not app.settings.has_shake and app.settings.messages[-1] == 'No shake sensor: OK rolls'
    finally:
        hw.close()


# ------------------------------------------------------------------ the default save

def test_the_default_save_is_in_the_users_data_folder():
    from sim import data_folder
    home = os.path.expanduser("~")
    assert data_folder({}, "linux") == os.path.join(home, ".local", "share", "pocket-yahtzee")
    assert data_folder({"XDG_DATA_HOME": "/data"}, "linux") == "/data/pocket-yahtzee"
    # a relative XDG_DATA_HOME is invalid (the XDG spec): ignored
    assert data_folder({"XDG_DATA_HOME": "rel"}, "linux").startswith(home)
    assert data_folder({}, "darwin") == os.path.join(
        home, "Library", "Application Support", "pocket-yahtzee")
    assert data_folder({"APPDATA": r"C:\Users\u\AppData\Roaming"}, "win32").startswith(
        r"C:\Users\u\AppData\Roaming")


@pytest.mark.parametrize("content, ours", [
    (b"\xff" * 4096, True),                                   # a new handheld
    (bytes((0x59, 0x4A, 1, 0)) + b"\xff" * 4092, True),       # the journal's header
    (b"\x00" * 4096, False),
    (b"some text " * 409 + b"end\n\n\n", False),
])
def test_a_save_file_is_recognised_before_it_is_written(content, ours):
    from sim import holds_saves
    assert holds_saves(content) is ours


def test_a_journal_the_app_wrote_is_recognised_and_a_random_file_is_not(tmp_path):
    from sim import holds_saves
    from yahtzee_core.journal import Journal
    from yahtzee_core.save import RECORDS
    store = FileStorage(4096, str(tmp_path / "s.nvm"))
    Journal(store).append(RECORDS, b"hello")
    assert holds_saves((tmp_path / "s.nvm").read_bytes())
    assert not holds_saves(random.Random(1).randbytes(4096))
