"""The game on the emulated Pico (rp2040js, tools/pico_emu), with the handheld's parts on
their pins: on our own firmware (tools/firmware.py: CircuitPython 10.2.1 with the game
frozen in, the drive without code), which plays the whole games, and on the stock
CircuitPython 10.2.1 firmware for the Pico with the bundle on the drive (.py and .mpy),
which boots and plays a game to its first handover.

Skipped, with the reason, without node, without tools/pico_emu/node_modules (made by
tools/ensure_env.sh), without the stock firmware and the RP2040 boot ROM (PICO_UF2 and
PICO_BOOTROM, or ../shared/rp2040/ beside the checkout), or, for ours, without its UF2
built from the checkout's code (./test.sh builds it into build/firmware when the
CircuitPython source and a gcc 14 can be had). The tests that need none of these (the
drive image, the script writer, the device-code checks) always run.
"""

import ast
import os
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from tools import pico_emu
from tools.pico_emu import fat, games

REPO = Path(__file__).resolve().parent.parent
GOLDEN = REPO / "tests" / "golden"
REASON = pico_emu.unavailable()
needs_pico = pytest.mark.skipif(REASON is not None, reason=REASON or "")
OURS = pico_emu.unavailable("pico")
needs_ours = pytest.mark.skipif(OURS is not None, reason="our firmware: %s" % OURS)


def golden(name):
    return np.array(Image.open(GOLDEN / (name + ".png")).convert("1"), dtype=np.uint8)


def assert_same_picture(got, want, what):
    assert got.shape == want.shape, what
    diff = np.argwhere(got != want)
    assert not len(diff), "%s: %d pixels differ, first at (y, x) %s" % (
        what, len(diff), tuple(diff[0]))


# ------------------------------------------------------------------ no emulator needed


def test_drive_image_round_trips_long_names_and_folders():
    files = {
        "code.py": b"print('hi')\n",
        "settings.toml": b'YAHTZEE_PROFILE = "default"\n',
        "lib/adafruit_displayio_ssd1306.mpy": bytes(range(256)) * 9,
        "ui/scenes/records.py": b"x = 1\n" * 300,
        "yahtzee_core/variants/__init__.py": b"",
        "UPPER.TXT": b"8.3 upper case",
        "tables/yahtzee.yz8": os.urandom(5000),
    }
    files.update({"many/file_%03d_with_a_long_name.py" % i: b"%d" % i for i in range(40)})
    image = fat.build_image(files)
    assert len(image) == fat.DRIVE_BYTES
    assert image[510:512] == b"\x55\xaa" and image[54:62] == b"FAT12   "
    assert fat.read_files(image) == files


def test_drive_image_refuses_what_does_not_fit():
    with pytest.raises(fat.DriveFull):
        fat.build_image({"big.bin": bytes(1100 * 1024)})


def _device_sources():
    from tools import build_bundle
    walk = build_bundle.walk_device()
    return [m.path for m in walk.files("ours") if m.path.suffix == ".py"] + [
        REPO / "code.py", REPO / "boot.py"]


def _bytearray_names(tree):
    """Names and .attributes bound to bytearray(...) anywhere in a module."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                getattr(node.value.func, "id", None) == "bytearray":
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found.add(target.id)
                elif isinstance(target, ast.Attribute):
                    found.add("." + target.attr)
    return found


def _in_a_bytearray(tree):
    """Line numbers of `x in y` where y is a .attribute bound to a bytearray in the
    module, or a name whose last binding before that line (in the same function) is
    a bytearray."""
    attributes = {n for n in _bytearray_names(tree) if n.startswith(".")}
    lines = []
    scopes = [tree] + [n for n in ast.walk(tree)
                       if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for scope in scopes:
        bindings = []            # (line, name, is a bytearray)
        compares = []
        todo = list(ast.iter_child_nodes(scope))
        while todo:
            node = todo.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue         # its own scope
            todo.extend(ast.iter_child_nodes(node))
            if isinstance(node, ast.Assign):
                is_bytearray = (isinstance(node.value, ast.Call)
                                and getattr(node.value.func, "id", None) == "bytearray")
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        bindings.append((node.lineno, target.id, is_bytearray))
            elif isinstance(node, ast.Compare):
                compares.append(node)
        for node in compares:
            for op, right in zip(node.ops, node.comparators):
                if not isinstance(op, (ast.In, ast.NotIn)):
                    continue
                if isinstance(right, ast.Attribute) and "." + right.attr in attributes:
                    lines.append(node.lineno)
                elif isinstance(right, ast.Name):
                    last = [b for b in bindings if b[1] == right.id and b[0] <= node.lineno]
                    if last and max(last)[2]:
                        lines.append(node.lineno)
    return lines


def test_device_code_never_tests_an_int_in_a_bytearray():
    """`x in some_bytearray` raises NotImplementedError on CircuitPython (and the
    unix MicroPython); CPython allows it, so only a board found the first one (the
    hold buttons' check). Every `in` against a name or attribute the module binds
    to a bytearray is refused here (bytes allow it: use bytes(), or compare)."""
    offenders = []
    for path in _device_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        offenders += ["%s:%d" % (path.relative_to(REPO), line) for line in _in_a_bytearray(tree)]
    assert not offenders, "int in bytearray (NotImplementedError on a board): %s" % offenders


def test_the_check_finds_the_old_hold_button_test():
    old = ("def make():\n    short = bytearray()\n    short.append(6)\n"
           "    return all(a in short for a in (1, 2))\n")
    assert _in_a_bytearray(ast.parse(old)) == [4]
    rebound = old.replace("    return", "    short = bytes(short)\n    return")
    assert _in_a_bytearray(ast.parse(rebound)) == []
    attribute = "class C:\n    def __init__(s):\n        s.held = bytearray(5)\n" \
                "    def f(s, x):\n        return x in s.held\n"
    assert _in_a_bytearray(ast.parse(attribute)) == [5]


def test_scripts_use_only_buttons_the_board_has():
    """The script writer's game uses presses a default board can make (hold 1-5,
    OK, BACK, shakes), ends on the high-score table, and replays the same in the
    simulator from its text alone."""
    from sim.script import parse
    from events import actions
    text, snaps = _simulated_game()
    wiring = pico_emu.Wiring("default")
    for _, kind, value in parse(text):
        if kind == "press":
            wiring.button_for(actions.NAMES[value])
    assert {"menu", "setup", "rolled", "card", "handover", "over", "initials",
            "high_scores"} <= set(snaps)
    high = snaps["high_scores"]
    assert high[:12].any() and high[13:25].any()     # the title and a first row


def test_stress_game_asks_for_hints_odds_and_rules_against_the_strongest():
    """bench_pico_game --stress's script (Crag: short): against the strongest computer
    with its table, a hint after every human first roll, the Odds and a Rules page
    mid-game and the Odds in the last round, replayed in the simulator from its text."""
    from yahtzee_core.variants import ruleset
    assert [games.strongest(r) for r in ("crag", "poker-dice", "balut", "maxi-yatzy")] == \
        ["perfect", "perfect", "good", "good"]
    seats, table = games.seats_and_table("crag", stress=True)
    assert seats == ("human", "perfect") and table.endswith("crag.yzt")
    assert games.seats_and_table("poker-dice", stress=True) == (("human", "perfect"), None)
    text, snaps = games.simulated_game("crag", stress=True)
    lines = text.splitlines()
    assert lines.count("hint") == ruleset("crag").rounds     # each human turn
    order = [line[5:] for line in lines if line.startswith("snap ")]
    assert order.index("mid_odds") < order.index("mid_rules") < order.index("m_odds") \
        < order.index("over")
    # each a screen of its own: the Odds' rows, a page of text
    assert not (snaps["mid_odds"] == snaps["mid_rules"]).all()
    assert snaps["mid_odds"][16:].any() and snaps["mid_rules"][16:].any()
    # --games 2: the same first game, then from the same main menu a second one
    text2, snaps2 = games.simulated_game("crag", stress=True, games=2)
    assert text2.startswith(text.rsplit("snap high_scores", 1)[0])
    assert (snaps2["g2_menu"] == snaps["menu"]).all()
    assert {"g2_mid_odds", "g2_mid_rules", "g2_m_odds", "g2_high_scores"} <= set(snaps2)


# ------------------------------------------------------------------ the simulator's side
# tools/pico_emu/games.py: each game's script, written by playing it in the simulator,
# and the simulator's pictures at its snaps (cached for the session).


def _simulated_game(rules=None):
    return games.simulated_game(rules)


# ------------------------------------------------------------------ on the emulated Pico


@needs_pico
def test_boot_shows_the_goldens_how_to_then_the_menu():
    """A first boot of the default bundle (plain .py, what a user without mpy-cross
    gets): the how-to, then BACK, the main menu, each the Blinka golden of that
    screen; nothing missing on the console; boot.py's note in boot_out.txt."""
    drive = pico_emu.Drive(profile="default", mpy=False)
    boot_out, tones = _boot_to_the_goldens(drive)
    assert "boot: the computer may write CIRCUITPY" in boot_out
    assert "CircuitPython 10.2.1" in boot_out
    assert tones == [] or all(hz > 0 or duty == 0 for _, hz, duty in tones)


@needs_ours
def test_our_firmware_boots_from_a_drive_without_code_to_the_goldens():
    """Our firmware with its drive (code.py, boot.py, settings, percentiles; the game
    frozen in): the how-to, then BACK, the main menu, each the golden of that screen;
    boot_out.txt names our board; no module of the game on the drive to shadow the
    frozen ones."""
    drive = pico_emu.Drive(profile="default", firmware=True)
    code = [n for n in drive.files() if n.endswith((".py", ".mpy"))]
    assert sorted(code) == ["boot.py", "code.py"], code
    boot_out, _ = _boot_to_the_goldens(drive)
    assert "Pocket Yahtzee (Raspberry Pi Pico) with rp2040" in boot_out
    assert "boot: the computer may write CIRCUITPY" in boot_out


def _boot_to_the_goldens(drive):
    """A first boot: the how-to, then BACK, the main menu, each the golden of that
    screen, and no traceback. Returns boot_out.txt and the piezo's tones."""
    with pico_emu.Pico(drive) as pico:
        howto = pico.boot()
        assert_same_picture(howto, golden("howto"), "first boot")
        pico.press("BACK")
        pico.run_until_still(400)
        assert_same_picture(pico.screen(), golden("menu"), "menu after the how-to")
        assert "Traceback" not in pico.console
        boot_out = pico.drive_files()["boot_out.txt"].decode()
        tones = pico.tones
    drive.close()
    return boot_out, tones


@needs_pico
@pytest.mark.parametrize("rules", [games.TWO_HUMANS, games.CRAG_GOOD])
def test_two_seat_game_to_the_handover_on_the_stock_firmware(rules):
    """The .mpy bundle on the stock firmware (the path for hacking on the code): the
    games setup offers there (ui/fit_data.py), two humans at Yahtzee and a human
    against good at Crag, hints on (shakes and hold buttons), from the menu to the
    handover after the first turn, the same pictures at every snap as the simulator's
    with the same seeded dice. The free heap at each scene comes over the console
    (YAHTZEE_TRACE)."""
    if pico_emu.mpy_cross() is None:
        pytest.skip("no CircuitPython 10.2.1 mpy-cross (PICO_MPY_CROSS)")
    _play_like_the_simulator(True, rules=rules, last="handover")


@needs_pico
@pytest.mark.parametrize("mpy", [False, True], ids=["py", "mpy"])
def test_stock_setup_says_the_game_does_not_fit(monkeypatch, mpy):
    """Each bundle on the stock firmware (a game's working set, hints on, finds no
    room beside the menu's modules: ui/fit_data.py), setup with a human against good
    at Yahtzee: its Start row says "too large", and Start puts up "Needs our firmware
    / or a lower level" and starts nothing; the board's pictures are the simulator's
    with setup deciding as it does on that board (tests/test_ui_fits.py as_board)."""
    if mpy and pico_emu.mpy_cross() is None:
        pytest.skip("no CircuitPython 10.2.1 mpy-cross (PICO_MPY_CROSS)")
    import importlib
    from test_ui_fits import as_board
    text, _ = _simulated_game(None)     # (a game's start forgets ui.fit_data: after it)
    data = importlib.import_module("ui.fit_data")
    lines = text.splitlines()
    start = lines.index("ok", lines.index("snap setup"))     # Start game
    script = "".join(line + "\n" for line in lines[:start + 1] + ["wait 1500", "snap refused"])
    real = data.fit

    def on_stock(app):
        with monkeypatch.context() as board:
            as_board(board, "mpy" if mpy else "py")
            return real(app)
    monkeypatch.setattr(data, "fit", on_stock)
    want = games.simulated_pictures(script, tables=False)
    game = games.play_on_board(script, want, None, mpy=mpy)
    assert "Traceback" not in game.console, game.console[-2000:]
    assert game.differs is None, "snap %s is not the simulator's picture" % game.differs
    assert sorted(game.got) == sorted(want) == ["menu", "refused", "setup"]
    assert "yahtzee: heap play" not in game.console and "heap turn" not in game.console


# On our firmware (games.GAMES: each game's seats, tables): Yahtzee (hints on), Crag (a
# perfect computer reading Crag's strategy table) and Poker Dice whole; Balut, Maxi
# Yatzy and Yamb to the handover after the computer's first turn (their whole games,
# 2.5 to 16 minutes each to emulate, are bench/bench_pico_game.py --firmware's).
WHOLE_GAMES = (None, "crag", "poker-dice")
FIRST_ROUNDS = ("balut", "maxi-yatzy", "yamb")
LEAST_FREE_HEAP = 100 * 1024     # our firmware's goal for the lowest free heap in a game


@needs_ours
@pytest.mark.parametrize("rules", WHOLE_GAMES, ids=[r or "yahtzee" for r in WHOLE_GAMES])
def test_whole_games_on_our_firmware_play_like_the_simulator(rules):
    """From the menu to game over, the high-score initials and the table: every snap
    the simulator's picture, the free heap never under LEAST_FREE_HEAP."""
    _play_like_the_simulator(False, rules, firmware=True)


@needs_ours
@pytest.mark.parametrize("rules", FIRST_ROUNDS)
def test_new_rulesets_first_rounds_on_our_firmware_play_like_the_simulator(rules):
    """To the handover after the computer's first turn: Balut's cells card, Maxi
    Yatzy's six dice (the sixth on a long press), Yamb's announce step and
    four-column card; each computer's planner made at its first turn: every snap the
    simulator's picture."""
    _play_like_the_simulator(False, rules, last="handover", firmware=True)


def _play_like_the_simulator(mpy, rules=None, last=None, firmware=False):
    """The simulator's two-seat game played on the board (games.play_on_board), to
    its end or to snap `last`: the same picture at every snap, no traceback, the
    free heap traced at every scene (the lowest printed; on our firmware at least
    LEAST_FREE_HEAP) and the piezo sounding."""
    text, want = _simulated_game(rules)
    if last is not None:
        text, want = games.until_snap(text, want, last)
    game = games.play_on_board(text, want, rules, mpy, firmware=firmware)
    console = game.console
    assert "Traceback" not in console, console[-2000:]
    assert game.differs is None, "snap %s is not the simulator's picture: %s" % (
        game.differs, "\n".join(console.splitlines()[-12:]))
    assert sorted(game.got) == sorted(want)
    for name in sorted(want):
        assert_same_picture(game.got[name], want[name], "snap %s" % name)
    heap = game.heap()
    scenes = set(scene for scene, _ in heap)
    # (the new rulesets' computer plays at instant speed: no CPU scene; Poker Dice
    # stands or picks from the dice's own list: no card; Yamb's human announces)
    wanted = {"menu", "setup", "play", "turn"} | (set() if last else {"over", "scores"}) | \
        (set() if rules else {"cpu"}) | (set() if rules == "poker-dice" else {"card"}) | \
        ({"announce"} if rules == "yamb" else set())
    assert wanted <= scenes, wanted - scenes
    lowest = min(free for _, free in heap)
    assert lowest > (LEAST_FREE_HEAP if firmware else 0), lowest
    print("lowest free heap (%s%s): %d bytes" % (
        rules + " " if rules else "", "our firmware" if firmware else "mpy" if mpy else "py",
        lowest))
    assert any(hz > 0 for _, hz, _ in game.tones), "the piezo never sounded"


@needs_ours
def test_power_cut_in_a_save_resumes_before_or_after_it():
    """A cut while filling a box must leave the records and a game to resume as it
    was before or after the fill. The journal appends the fill's record into erased
    bytes: a page program and no erase (an erase comes only with a compaction, whose
    cuts the flash model sweeps: tests/test_saves_power_cut.py). Every op of the save
    is cut at its start, halfway and in its last bytes."""
    import tempfile
    from tools.pico_emu import powercut
    drive = powercut.drive_for_cuts(firmware=True)
    with tempfile.TemporaryDirectory() as folder:
        setup = powercut.prepare(drive, folder, log=lambda *a: None)
        kinds = [op["kind"] for op in setup.ops]
        assert "erase" not in kinds, "a fill erased the nvm: %s" % setup.ops
        for n, kind, fraction in powercut.instants(setup):
            kept, what = powercut.cut_and_boot(drive, setup, n, kind, fraction)
            assert kept, "%s #%d at %d%%: %s" % (kind, n, fraction * 100, what)
    drive.close()


@needs_ours
def test_three_button_feather_boots_on_its_pins_at_128x32():
    """The three-button profile with the Feather RP2040's pins (I2C1 on GP2/GP3,
    buttons on D9/D6/D5) and a 128x32 OLED, on our Feather firmware (its board
    module names those pins; our Pico firmware with the pins named GPn in
    settings.toml when the Feather's is not built): the how-to and, after a long B
    (BACK), the menu, each its golden."""
    drive = pico_emu.Drive(profile="three-button", firmware=True)
    print("on our %s firmware" % drive.firmware)
    with pico_emu.Pico(drive) as pico:
        assert_same_picture(pico.boot(), golden("small_howto"), "first boot")
        pico.press("BACK")
        pico.run_until_still(400)
        assert_same_picture(pico.screen(), golden("small_menu"), "menu")
        assert "Traceback" not in pico.console
    drive.close()


@needs_ours
def test_a_stopped_game_restarts_with_its_screen_on_a_button():
    """When the app stops with an error, code.py shows it and waits; a button press
    restarts code.py, and the new start gets the I2C bus, the display and the
    sensor again (the display outlives the reload)."""
    failing = (b"import ui.loop\n"
               b"def _stop(hw, **options):\n"
               b"    raise RuntimeError('a test error')\n"
               b"ui.loop.run_app = _stop\n")
    drive = pico_emu.Drive(profile="default", firmware=True, extra_files={
        "code.py": failing + (REPO / "code.py").read_bytes()})
    with pico_emu.Pico(drive) as pico:
        pico.power_on()
        pico.attach_console()
        pico.run_until("Press a button to restart", 10000)
        mark = len(pico.console)
        pico.press("OK")
        pico.run(10000, text="Press a button to restart", text_from=mark)
        again = pico.console[mark:]
        picture = pico.screen()
    drive.close()
    assert "RuntimeError: a test error" in again
    assert "yahtzee:" not in again.split("Traceback")[0], again
    assert picture.any()        # the error is on the OLED
