"""Issue 13: a whole game of each new ruleset plays in the simulator, headless, from a
script of button presses to the end screen, on the 128x64 default board and on the
128x32 three-button board, with two humans and a computer; Generala served ends the
game at once, shown on the dice before the ranking."""

import pytest

from hardware.desktop import VirtualClock
from sim import Options, build_session
from sim.frames import FrameRecorder
from sim.script import ScriptPlayer, parse
from tools.scripted_dice import ScriptedDice
from ui import app as ui_app
from ui.codes import MOMENT_SERVIDA

NEW_RULESETS = ("kniffel", "generala", "kismet", "triple-yahtzee")

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
        totals = sorted((c.total for c in game.cards), reverse=True)
        ranked = [t for _, _, t in game.ranking()]
        assert ranked == totals or game.winner >= 0
        assert app.items[1 if game.winner >= 0 else 0].startswith("1. ")
        assert len(recorder.hashes) > 50    # the game was drawn, frame by frame
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
        # seat 0: take the device, roll, open the card (DOWN; the die cursor on to
        # "Card" without hold buttons), fill its best box (sixes) and pass; the next
        # seat takes the device and rolls (a computer: its turn at once)
        card = "down" if board == "default" else "left\nok"
        _run_until_over(session, "ok\nok\n%s\nok\nok\n" % card +
                        ("ok\nok\n" if seat == "human" else "ok\n"))
        assert app.scene in (ui_app.PLAY, ui_app.CPU), ui_app.SCENE_NAMES[app.scene]
        assert game.winner == 1 and game.over and list(game.dice) == [3] * 5
        assert game.cards[0].filled == {"sixes": 6} and game.cards[1].total == 0
        assert app.header_left.startswith(app.player_name(1)) or \
            app.line_a == "%s wins!" % app.player_name(1)
        assert app.moment == MOMENT_SERVIDA
        # any number of other keys leave it on show; OK goes on to the ranking
        _run_until_over(session, "wait 2000\nleft\nright\n")
        assert app.scene in (ui_app.PLAY, ui_app.CPU)
        _run_until_over(session, "ok\n")
        assert app.scene == ui_app.OVER
        assert app.title == "GENERALA SERVIDA"
        assert app.items[:2] == ["%s wins" % app.player_name(1), "1. %s" % app.player_name(1)]
    finally:
        session.hw.close()
