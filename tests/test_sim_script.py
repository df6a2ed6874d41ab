"""Scripted, headless runs: the same seed and script give the same frames and the same
save bytes on every run; a saved game resumes; the command line writes PNGs and a GIF
that are byte-identical across runs; a whole game of every ruleset plays from a
script of button presses to the end screen on the 128x64 and 128x32 boards (Balut's
ranked by points, then total), and
Generala served ends it at once, shown on the dice before the ranking."""

import hashlib
import os
import subprocess
import sys

import pytest

from hardware.desktop import VirtualClock
from sim import Options, build_session, run_headless
from sim.frames import FrameRecorder
from sim.script import ScriptPlayer, parse
from tools.scripted_dice import ScriptedDice
from ui import app as ui_app
from ui.codes import MOMENT_SERVIDA
from ui import seats


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

TURN = """
ok            # take the device at the handover
wait 100
shake 400
hold 2
hold 3
shake 600
wait 300
down          # scorecard
wait 200
ok            # fill the box under the cursor
wait 200
ok            # confirm if it scored 0, else pass the device on
wait 200
ok            # pass the device on (or the computer plays its turn at once)
wait 2000     # computer seats play
"""


def _play(tmp_path, name, seed, script_text, players=("human", "good"), save=None):
    save = save or str(tmp_path / (name + ".sav"))
    recorder = FrameRecorder(None)
    options = Options(players=list(players) if players else None, seed=seed, save=save)
    session = build_session(options, clock=VirtualClock(), script_events=parse(script_text),
                            recorder=recorder)
    try:
        end = run_headless(session)
        state = session.app.game.to_bytes() if session.app.game else b""
        status = session.status_line()
    finally:
        session.hw.close()
    with open(save, "rb") as f:
        saved = f.read()
    return recorder.hashes, saved, state, status, end


def test_same_seed_and_script_give_identical_runs(tmp_path):
    first = _play(tmp_path, "a", 42, TURN * 2)
    second = _play(tmp_path, "b", 42, TURN * 2)
    hashes, saved, state, status, end = first
    assert len(hashes) > 10                  # tumbling, rolls, card, computer turns
    assert "round 3/13" in status            # two rounds were played
    assert first == second                   # every frame, the save bytes, the game
    other = _play(tmp_path, "c", 43, TURN * 2)
    assert other[0] != hashes                # a different seed is a different game


def test_a_saved_game_resumes_where_it_stopped(tmp_path):
    save = str(tmp_path / "g.sav")
    _, saved, state, status, _ = _play(tmp_path, "g", 5, TURN, save=save)
    assert "round 2/13" in status
    # A new session on the same bytes, started at the menu: OK resumes.
    _, saved_after, resumed, status_after, _ = _play(
        tmp_path, "g", 5, "wait 100\nok\nwait 100\n", players=None, save=save)
    assert resumed == state
    assert "round 2/13" in status_after


@pytest.mark.parametrize("board", ["default", "three-button"])
def test_the_how_to_opens_the_first_boot_of_each_save_file_and_is_skippable(tmp_path, board):
    """./play.sh at the menu: the first boot of a save file (or of a run without one)
    opens the how-to, as the device does; BACK skips it to the menu, whose first rows
    (two on 128x32) hold How to play; the next boot of that file goes to the menu."""
    from events import actions as A
    save = str(tmp_path / "first.sav")
    for boot, scene in ((1, ui_app.PAGES), (2, ui_app.MENU)):
        session = build_session(Options(save=save, board=board), clock=VirtualClock())
        try:
            app = session.app
            assert app.scene == scene, boot
            if scene == ui_app.PAGES:
                assert app.view.title == "How to play" and app.view.footer.endswith("BACK: skip")
                app.handle(A.BACK, 0)
                assert app.scene == ui_app.MENU
            assert app.view.items.index("How to play") < app.settings.list_rows
        finally:
            session.hw.close()
    session = build_session(Options(board=board), clock=VirtualClock())   # no --save
    assert session.app.scene == ui_app.PAGES
    session.hw.close()


def _cli(args):
    return subprocess.run([sys.executable, "-m", "sim"] + args, cwd=ROOT,
                          capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)


def _digest_dir(path):
    out = {}
    for name in sorted(os.listdir(path)):
        with open(os.path.join(path, name), "rb") as f:
            out[name] = hashlib.sha256(f.read()).hexdigest()
    return out


def test_cli_frames_gif_and_snaps_are_reproducible(tmp_path):
    script = tmp_path / "demo.txt"
    script.write_text("snap first\n" + TURN + "snap last\n")
    results = []
    for run in ("one", "two"):
        folder = tmp_path / run
        result = _cli(["--headless", "--seed", "9", "--players", "human,beginner",
                       "--script", str(script), "--frames", str(folder / "frames"),
                       "--gif", str(folder / "run.gif"), "--snap-dir", str(folder / "snaps"),
                       "--save", str(folder / "run.sav")])
        assert result.returncode == 0, result.stderr
        assert "changed frames" in result.stdout
        results.append((_digest_dir(folder / "frames"), _digest_dir(folder / "snaps"),
                        (folder / "run.gif").read_bytes(), (folder / "run.sav").read_bytes()))
    assert results[0] == results[1]
    frames, snaps, gif, _ = results[0]
    assert len(frames) > 10 and set(snaps) == {"first.png", "last.png"}
    from PIL import Image
    with Image.open(tmp_path / "one" / "run.gif") as anim:
        assert anim.n_frames == len(frames)
        assert anim.info.get("loop") == 0


@pytest.mark.parametrize("board, size", [("three-button", (128, 32)), ("128x32", (128, 32))])
def test_other_boards_run_headless(tmp_path, board, size):
    script = tmp_path / "s.txt"
    # three-button: OK rolls when the cursor is on Roll; shaking works on every board.
    script.write_text("shake 400\nwait 200\nsnap shot\n")
    result = _cli(["--headless", "--board", board, "--seed", "3", "--players", "human",
                   "--script", str(script), "--snap-dir", str(tmp_path)])
    assert result.returncode == 0, result.stderr
    assert "rolls left 2" in result.stdout
    from PIL import Image
    from sim.frames import PNG_SCALE
    with Image.open(tmp_path / "shot.png") as image:
        assert image.size == (size[0] * PNG_SCALE, size[1] * PNG_SCALE)


def test_the_docs_pictures_come_from_the_demo_script(tmp_path):
    """docs/SIMULATOR.md's command makes docs/sim.gif and every docs/sim-*.png."""
    result = _cli(["--headless", "--seed", "7", "--players", "human,good",
                   "--script", os.path.join(ROOT, "sim", "demo.txt"),
                   "--gif", str(tmp_path / "sim.gif"), "--snap-dir", str(tmp_path)])
    assert result.returncode == 0, result.stderr
    made = sorted(n for n in os.listdir(tmp_path) if n.startswith("sim"))
    docs = sorted(n for n in os.listdir(os.path.join(ROOT, "docs")) if n.startswith("sim")
                  and n.endswith((".png", ".gif")))
    assert made == docs and "sim.gif" in made and len(made) >= 4
    from PIL import Image
    for name in made:
        with Image.open(tmp_path / name) as new, \
                Image.open(os.path.join(ROOT, "docs", name)) as old:
            assert new.size == old.size


# -- a whole scripted game of every ruleset ----------------------------------------------

NEW_RULESETS = ("kniffel", "generala", "kismet", "triple-yahtzee", "crag", "maxi-yatzy",
                 "balut", "yamb", "poker-dice")

# OK alone moves every scene of a game on: it rolls, opens the card after the last
# roll, fills the box under the cursor (the one scoring most), confirms a 0, passes
# and takes the device, and plays a computer's turn at once. The three-button board
# needs LEFT first: it puts the die cursor on "Card" once the dice are rolled (on the
# card it moves the cursor a box up, elsewhere it does nothing).
STEPS = {"default": "ok\n", "three-button": "left\nok\n"}


def _session(tmp_path, rules, board, seed, players=("human", "beginner", "human")):
    recorder = FrameRecorder(None)
    # no strategy tables (the solver's business): hints and the analysis fall back
    options = Options(rules=rules, players=list(players), seed=seed, board=board,
                      save=str(tmp_path / ("%s-%s.sav" % (rules, board))),
                      table=str(tmp_path / "none-%s.yzt"))
    session = build_session(options, clock=VirtualClock(), script_events=[],
                            recorder=recorder)
    return session, recorder


def _run_until_over(session, script_text, limit_frames=400000):
    """Step the session's frames with the script until the ranking shows."""
    clock = session.hw.clock
    session.player = ScriptPlayer(parse(script_text), clock.ticks_ms(), lambda name: None)
    app = session.app
    for _ in range(limit_frames):
        session.step(clock.ticks_ms())
        if app.scene == ui_app.OVER or session.player.done:
            break
        clock.advance(session.frame_ms)
    return app


@pytest.mark.parametrize("board, height", [("default", 64), ("three-button", 32)])
@pytest.mark.parametrize("rules", NEW_RULESETS)
def test_a_whole_scripted_game_reaches_the_ranking(tmp_path, rules, board, height):
    session, recorder = _session(tmp_path, rules, board, seed=NEW_RULESETS.index(rules) + 40)
    try:
        game = session.app.game
        assert game.rules.name == rules and session.hw.display.height == height
        app = _run_until_over(session, STEPS[board] * 4000)
        assert app.scene == ui_app.OVER, (ui_app.SCENE_NAMES[app.scene], game.round)
        assert game.over
        if game.winner < 0:         # every box of every card filled
            for card in game.cards:
                assert 255 not in card.scores
            assert game.round == game.rules.rounds + 1
        # best first: the total; where the game is won on points (Balut), points, then
        # the total
        def points(c):
            return c.rules.game_points(c.scores) if c.rules.goals is not None else 0
        keys = sorted(((points(c), c.total) for c in game.cards), reverse=True)
        ranked = [(points(game.cards[p]), t) for _, p, t in game.ranking()]
        assert ranked == keys or game.winner >= 0
        if game.rules.goals is not None:    # the ranking shows each seat's points, total
            for row, (place, p, total) in enumerate(game.ranking()):
                assert app.view.values[row] == "%dp %d" % (points(game.cards[p]), total)
        assert app.view.items[1 if game.winner >= 0 else 0].startswith("1. ")
        if game.rules.column_orders == "H":     # Poker Dice: rounds won, the best hands'
            for p, card in enumerate(game.cards):
                won = sum(card.scores[r] == max(c.scores[r] for c in game.cards)
                          for r in range(game.rules.rounds))
                assert card.total == won and app.view.values[[q for _, q, _ in
                                                         game.ranking()].index(p)] == "%d won" % won
        # the game was drawn, frame by frame (Poker Dice's 5 rounds: fewer frames)
        assert len(recorder.hashes) > (50 if game.rules.rounds > 5 else 30)
        assert "game over" in session.status_line()
    finally:
        session.hw.close()


@pytest.mark.parametrize("board", ["default", "three-button"])
@pytest.mark.parametrize("seat", ["human", "beginner"])
def test_generala_served_ends_the_game_on_the_dice_then_the_ranking(tmp_path, board, seat):
    """The second seat's first roll is five alike: the banner, who won, the game
    over at once (no box filled); OK shows the ranking with the winner first."""
    session, _ = _session(tmp_path, "generala", board, seed=3, players=("human", seat))
    try:
        app = session.app
        game = app.game
        # seat 0 rolls 2 2 3 4 6 (nothing served), the second seat five threes
        game.rng = ScriptedDice(script=[2, 2, 3, 4, 6, 3, 3, 3, 3, 3], seed=1)
        # seat 0: take the device and roll, open the card (DOWN; the die cursor on
        # to "Card" without hold buttons), fill its best box (sixes) and pass; the
        # next seat takes the device and rolls (a computer: its turn at once)
        card = "down" if board == "default" else "left\nok"
        _run_until_over(session, "ok\n%s\nok\nok\nok\n" % card)
        assert app.scene in (ui_app.PLAY, ui_app.CPU), ui_app.SCENE_NAMES[app.scene]
        assert game.winner == 1 and game.over and list(game.dice) == [3] * 5
        assert game.cards[0].filled == {"sixes": 6} and game.cards[1].total == 0
        assert app.view.header_left.startswith(app.player_name(1)) or \
            app.view.line_a == "%s wins!" % app.player_name(1)
        assert app.view.moment == MOMENT_SERVIDA
        # any number of other keys leave it on show; OK goes on to the ranking
        _run_until_over(session, "wait 2000\nleft\nright\n")
        assert app.scene in (ui_app.PLAY, ui_app.CPU)
        _run_until_over(session, "ok\n")
        assert app.scene == ui_app.OVER
        assert app.view.title == "GENERALA SERVIDA"
        assert app.view.items[:2] == ["%s wins" % app.player_name(1), "1. %s" % app.player_name(1)]
    finally:
        session.hw.close()


def test_a_headless_run_without_frames_counts_its_changed_frames(tmp_path):
    script = tmp_path / "turn.txt"
    script.write_text(TURN)
    result = _cli(["--headless", "--seed", "9", "--players", "human,beginner",
                   "--script", str(script)])
    assert result.returncode == 0, result.stderr
    changed = int(result.stdout.split(" changed frames")[0].rsplit(" ", 1)[1])
    assert changed > 10


@pytest.mark.parametrize("board", ["default", "three-button"])
def test_the_status_line_names_the_filler_on_the_undo_screen(tmp_path, board):
    """After a fill the table still sees the filler's undo screen: the status line
    says so, and names the next seat only once the device is passed on."""
    options = Options(players=["human", "human"], seed=4, board=board,
                      save=str(tmp_path / "s.sav"))
    session = build_session(options, clock=VirtualClock(), script_events=parse("wait 10\n"))
    try:
        app = session.app
        from events import actions as A
        from ui import codes
        app.handle(A.OK, 0)                         # P1 takes the device
        app.handle(A.OK, 0)                         # rolls
        while not app.hold_buttons and app.view.die_cursor != ui_app.CURSOR_CARD:
            app.handle(A.RIGHT, 0)                  # the three buttons: on to "Card"
        app.handle(A.DOWN if app.hold_buttons else A.OK, 0)
        assert app.scene == ui_app.CARD
        app.handle(A.OK, 0)
        if app.dialog == ui_app.DLG_ZERO:
            app.handle(A.OK, 0)
        assert app.scene == codes.TURN and seats.turn_filled
        status = session.status_line()
        assert "round 1/13" in status and "turn P1 filled" in status, status
        app.handle(A.OK, 0)                         # passed on
        assert "turn P2" in session.status_line() and "filled" not in session.status_line()
    finally:
        session.hw.close()


@pytest.mark.parametrize("board, height", [("default", 64), ("three-button", 32)])
def test_a_maxi_yatzy_game_against_a_good_computer_holds_the_sixth_die(tmp_path, board,
                                                                      height):
    """Six dice: the sixth is held by HOLD5 held on the default board (the script's
    "hold 6"), by the die cursor on the three-button one; a level good computer plans
    six dice; the game plays to the ranking, every card's total its boxes and bonus."""
    session, recorder = _session(tmp_path, "maxi-yatzy", board, seed=61,
                                 players=("human", "good"))
    try:
        app = session.app
        game = app.game
        # take the device and roll; hold the sixth die
        hold = "hold 6\n" if board == "default" else "right\n" * 5 + "ok\n"
        _run_until_over(session, "ok\nwait 800\n" + hold + "wait 100\n")
        assert len(game.dice) == 6 and game.rolled and game.current == 0
        assert list(game.held) == [0, 0, 0, 0, 0, 1]
        sixth = game.dice[5]
        _run_until_over(session, "shake 400\nwait 800\n")          # roll the others
        assert game.rolls_left == 1 and game.dice[5] == sixth and game.held[5] == 1
        app = _run_until_over(session, STEPS[board] * 6000)
        assert app.scene == ui_app.OVER, (ui_app.SCENE_NAMES[app.scene], game.round)
        rules = game.rules
        for card in game.cards:
            assert 255 not in card.scores
            upper = sum(card.scores[:rules.n_upper])
            assert card.total == sum(card.scores) + (100 if upper >= 84 else 0)
        totals = sorted((c.total for c in game.cards), reverse=True)
        assert [t for _, _, t in game.ranking()] == totals
        assert game.cards[1].total > 150    # the computer plays six dice, not at random
        assert len(recorder.hashes) > 50
    finally:
        session.hw.close()


def test_a_whole_yamb_game_against_a_good_computer_announces_on_both_sides(tmp_path):
    """Yamb in the simulator, a human and a computer of level good: the human's
    announce step comes after each first roll while an Announce box is open (the
    script's OK skips it, and picks when the turn must announce), the computer
    announces with choose_announce; both cards fill every box, so the Announce
    column's twelve were each announced."""
    session, recorder = _session(tmp_path, "yamb", "default", seed=61, players=("human", "good"))
    try:
        app = _run_until_over(session, STEPS["default"] * 6000)
        game = app.game
        assert app.scene == ui_app.OVER and game.over
        for card in game.cards:
            assert 255 not in card.scores
        assert [t for _, _, t in game.ranking()] == sorted((c.total for c in game.cards),
                                                           reverse=True)
        assert app.view.items[0].startswith("1. ")
    finally:
        session.hw.close()
