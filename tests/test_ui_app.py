"""Scripted sessions against the real App: actions in, screen model and game out."""
import pytest

import yahtzee_core as yc
from hardware.flash_model import Cut, FlashNvm, PowerCut
from yahtzee_core import dice
from tools.screenshots import FakeFile, Session
from tools.scripted_dice import ScriptedDice
from events import actions as A
from ui import app as ui_app
from ui import codes
from ui import hints
from ui.saves import store as app_saves
from ui_helpers import (fill_turn, new_session, out_of_heap, play_turn_by_hints,  # noqa: F401
                        scene_state, yacht_table)
from ui import seats


def test_whole_solo_game_updates_records_and_clears_the_save():
    s = new_session(dice=ScriptedDice(seed=21))
    s.start()
    app = s.app
    for turn in range(13):
        assert app.scene == ui_app.PLAY
        assert app.view.header_left.startswith('P1 R%d/13' % (turn + 1))
        fill_turn(s)
    assert app.game.over and app.scene == ui_app.OVER
    total = app.game.cards[0].total
    assert app.view.items == ['1. P1'] and app.view.values == ['%d' % total]
    assert 255 not in app.game.cards[0].scores
    s.press(A.OK)                                   # to the high-score entry
    assert app.scene == ui_app.INITIALS
    assert app.view.items[1] == 'Name:  [P] 1  _ '      # the seat's name, as in the stats
    s.press(A.UP, A.OK, A.OK, A.DOWN, A.OK)         # Q, 1, 9 (the wheel: _ A..Z 0..9)
    assert app.scene == ui_app.MENU
    assert app.records.high[0] == [total, 'Q19', 0]
    assert app.records.games == 1 and app.records.best == total
    assert app.saves.journal.game_at < 0 and not app.saved     # nothing left to resume
    # a fresh boot reads the same records and offers no resume
    again = Session(storage=s.storage)
    assert again.app.records.high == app.records.high
    assert again.app.view.items[0] == 'New game'


def test_menus_scores_stats_sound_and_setup():
    s = new_session()
    app = s.app
    # what a newcomer needs first: on 128x32 (two rows) How to play shows unscrolled
    assert app.view.items == ['New game', 'How to play', 'Rules', 'High scores', 'Lifetime stats',
                         'Coach', 'Sound']
    s.press(A.DOWN, A.DOWN, A.DOWN, A.OK)
    assert app.scene == ui_app.SCORES and app.view.items == ['No scores yet']
    s.press(A.BACK, A.DOWN, A.DOWN, A.DOWN, A.DOWN, A.OK)
    assert app.scene == ui_app.STATS and app.view.values[0] == '0'
    s.press(A.BACK)
    s.press(A.UP, A.OK)                             # wraps to Sound
    assert app.view.values[6] == 'off' and not app.settings.sound
    assert Session(storage=s.storage).app.settings.sound is False   # kept in the records
    s.press(A.DOWN, A.OK)                           # New game
    assert app.scene == ui_app.SETUP
    assert app.view.items[:2] == ['Players', '  P1']
    for n in range(2, 9):
        s.press(A.RIGHT)
        assert app.view.values[0] == "%d" % n and len(app.view.items) == n + 7
    s.press(A.RIGHT)
    assert app.view.values[0] == '1'                     # wraps 8 -> 1
    s.press(A.DOWN)
    seen = []
    for _ in range(len(ui_app.KIND_NAMES)):
        seen.append(app.view.values[1])
        s.press(A.OK)                               # OK steps the value forward
    assert seen == list(ui_app.KIND_NAMES)
    assert app.view.values[1] == 'Human'                 # and wraps
    s.press(A.DOWN, A.DOWN)                         # past Names
    names = []
    for _ in range(len(ui_app.MENU_RULES)):
        names.append(app.view.values[3])
        s.press(A.RIGHT)
    assert names == [ui_app.RULES_NAMES[i] for i in ui_app.MENU_RULES]
    s.press(A.BACK)
    assert app.scene == ui_app.MENU


def test_pause_menu_lists_undo_only_when_possible_and_undo_restores_the_turn():
    s = new_session(dice=ScriptedDice(script=[2, 2, 2, 5, 6], seed=7))
    s.start()
    app = s.app
    s.press(A.BACK)
    assert app.scene == ui_app.PAUSE and 'Undo last box' not in app.view.items
    s.press(A.OK)                                   # Continue
    s.press(A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5)  # all held: stop rolling
    s.press(A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5)  # (first press was before a roll)
    s.press(A.OK)
    assert app.scene == ui_app.PLAY and app.game.rolls_left == 2
    s.press(A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5, A.OK)
    assert app.scene == ui_app.CARD                 # everything held: pick a box now
    while app.view.items[app.view.cursor] != 'Twos':
        s.press(A.DOWN)
    assert app.view.values[app.view.cursor] == '(6)'
    s.press(A.OK)
    assert app.game.cards[0].scores[1] == 6 and app.game.round == 2
    s.press(A.BACK)
    assert 'Undo last box' in app.view.items
    while app.view.items[app.view.cursor] != 'Undo last box':
        s.press(A.DOWN)
    s.press(A.OK)
    g = app.game
    assert g.round == 1 and g.cards[0].scores[1] == 255 and bytes(g.dice) == b'\x02\x02\x02\x05\x06'
    assert app.scene == ui_app.PLAY and app.view.line_b == 'Undone'
    saved = Session(storage=s.storage).app.game     # what a power cut now resumes
    assert saved.round == 1 and bytes(saved.dice) == bytes(g.dice)


def test_zero_needs_confirmation_and_back_cancels():
    s = new_session(dice=ScriptedDice(script=[1, 2, 3, 4, 6] * 3, seed=7))
    s.start()
    app = s.app
    s.press(A.OK, A.OK, A.OK)                       # three rolls
    s.press(A.OK)
    assert app.scene == ui_app.CARD
    while app.view.items[app.view.cursor] != 'Yahtzee':
        s.press(A.DOWN)
    s.press(A.OK)
    assert app.dialog == ui_app.DLG_ZERO
    assert app.view.dialog_lines[:2] == ['Score 0 in', 'Yahtzee?']
    s.press(A.BACK)
    assert app.dialog == ui_app.DLG_NONE and app.game.card.scores[11] == 255
    s.press(A.OK, A.OK)
    assert app.game.cards[0].scores[11] == 0 and app.game.round == 2


def test_card_cursor_moves_only_over_boxes_the_dice_may_fill():
    s = new_session(dice=ScriptedDice(script=[3, 3, 3, 3, 3], seed=7))
    s.start()
    app = s.app
    s.press(A.OK, A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5, A.OK)
    assert app.scene == ui_app.CARD
    assert app.view.items[app.view.cursor] == 'Yahtzee'       # starts on the best box
    rows = set()
    for _ in range(20):
        s.press(A.HOLD_2)                           # HOLD_2 = down on hold-button boards
        rows.add(app.view.cursor)
        b = app.rows[app.view.cursor]
        assert b >= 0 and app.pts[b] != 255
    assert len(rows) == 13
    s.press(A.BACK)
    assert app.scene == ui_app.PLAY and app.game.rolls_left == 2


def test_app_keeps_only_what_the_whole_app_shares():
    """App holds what every part of the app shares, at most 40 attributes (a scene's
    own state is its module's, docs/ARCHITECTURE.md "Where state lives"): counted
    after a game of a named human against a computer is set up and played a few
    turns, with a hint, the standings and a box's rules opened on the way."""
    s = new_session(dice=ScriptedDice(seed=4))
    app = s.app
    s.press(A.OK)                                   # New game
    app.settings.setup_players = 2
    app.settings.setup_kinds[1] = 2                 # P2: a computer (good)
    app.go(ui_app.SETUP, s.now)
    s.pick('Names')
    for _ in range(4):                              # P1 named "B", then back at the setup
        s.press(A.UP if _ == 0 else A.OK)
    assert app.scene == ui_app.SETUP
    s.pick('Start game')
    for turn in range(3):
        if app.scene == codes.TURN:                 # the handover: P1 takes the device
            s.press(A.OK)
        assert app.scene == ui_app.PLAY
        s.press(A.OK)                               # a roll
        if turn == 0:
            s.press(A.HINT, A.BACK)                 # a hint, closed
            s.press(A.STANDINGS)                    # the standings, and back
            assert app.scene == codes.STANDINGS
            s.press(A.BACK, A.DOWN, A.HELP)         # the card, a box's rules, and back
            assert app.scene == ui_app.PAGES
            s.press(A.BACK)
            assert app.scene == ui_app.CARD
        fill_turn(s)
        while app.scene == ui_app.CPU:              # the computer's turn, step by step
            s.wait(600)
    assert app.game.round == 4 and seats.card_seat == -1
    attributes = sorted(vars(app))
    assert len(attributes) <= 40, (len(attributes), attributes)


def test_computer_turn_is_shown_step_by_step_and_ok_skips():
    s = new_session(dice=ScriptedDice(seed=4))
    s.start(players=2, kinds=(0, 2))
    app = s.app
    fill_turn(s)
    assert app.scene == ui_app.CPU and app.view.header_left.startswith('Good2 R1')
    steps = []
    g = app.game
    s.wait(250)
    assert not g.rolled                             # nothing before half a step
    for _ in range(12):
        s.wait(600)
        steps.append(app.view.line_a)
        if app.scene != ui_app.CPU:
            break
    assert steps[0] == 'Rolls'
    assert any(t.startswith('Holds') or t == 'Keeps all' for t in steps)
    assert app.scene == codes.TURN and g.current == 0 and g.round == 2
    assert g.cards[1].scores.count(255) == 12
    # the next computer turn: OK plays it out at once
    fill_turn(s)
    assert app.scene == ui_app.CPU
    s.press(A.OK)
    assert app.scene == codes.TURN and g.cards[1].scores.count(255) == 11


@pytest.mark.parametrize('kinds', [(0, 2), (0, 2, 2)])
def test_a_computer_fill_cut_short_by_a_full_heap_goes_on_to_the_next_seat(monkeypatch, kinds):
    # the box took the dice, then the heap ran out (a note): the next step is the next
    # seat's turn (a human's handover, or the next computer's roll), never the box again
    from ui import turns
    s = new_session(dice=ScriptedDice(seed=4))
    s.start(players=len(kinds), kinds=kinds)
    app = s.app
    g = app.game
    fill_turn(s)
    assert app.scene == ui_app.CPU and g.current == 1
    cut = out_of_heap(monkeypatch, turns, 'note_fill')
    for _ in range(12):
        s.wait(600)
        if app.dialog != codes.DLG_NONE:
            break
    assert app.view.dialog_lines[0] == 'No memory free' and not cut[0]
    assert g.current == 2 % len(kinds) and g.cards[1].scores.count(255) == 12
    s.press(A.OK)                                   # closes the note
    for _ in range(12):
        s.wait(600)
        if g.current == 0:
            break
    assert g.current == 0 and app.scene == codes.TURN
    assert [card.scores.count(255) for card in g.cards] == [12] * len(kinds)

def test_shake_tumbles_the_free_dice_and_rolls_when_it_ends():
    s = new_session(dice=ScriptedDice(script=[6, 6, 1, 2, 3, 4, 5, 6], seed=7))
    s.start()
    app = s.app
    s.press(A.OK)                                   # first roll: 6 6 1 2 3
    s.press(A.HOLD_1, A.HOLD_2, A.SHAKE_START)
    assert app.tumbling
    seen = set()
    for _ in range(20):
        s.wait(80)
        seen.add(bytes(app.view.faces[2:]))
        assert app.view.faces[0] == 6 and app.view.faces[1] == 6          # held dice stay
        assert app.game.rolls_left == 2                         # not rolled yet
    assert len(seen) > 5
    s.press(A.SHAKE_END)
    assert not app.tumbling and app.game.rolls_left == 1
    assert bytes(app.view.faces) == bytes(app.game.dice) == b'\x06\x06\x04\x05\x06'


def test_no_shake_sensor_note_and_ok_rolls():
    s = Session(has_shake=False)
    app = s.app
    assert app.scene == ui_app.BOOT and app.view.items == ['No shake sensor: OK', 'rolls']
    s.press(A.OK)
    s.start()
    assert app.view.line_b == 'OK to roll'
    s.press(A.OK)                                   # the dice tumble like a shake
    assert app.tumbling and not app.game.rolled
    s.wait(400)
    assert app.tumbling
    s.wait(100)                                     # and land
    assert not app.tumbling and app.game.rolls_left == 2
    assert app.view.line_a == '2 left: hold, OK' and app.view.line_b == 'Hold all 5: score'
    s.press(A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5)
    assert app.view.line_b == 'OK: score now'
    s.press(A.OK)
    assert app.scene == ui_app.CARD and app.game.rolls_left == 2


def test_a_power_cut_in_a_save_loses_only_the_action_in_flight():
    nvm = FlashNvm("rp2040")
    s = new_session(storage=nvm, dice=ScriptedDice(seed=8))
    s.start(players=2)
    app = s.app
    s.press(A.OK)                                   # P1 takes the device, rolls: saved
    good = app.game.to_bytes()
    s.press(A.HOLD_2)                               # a hold: goes with the next roll
    nvm.cut = Cut(nvm.ops, 0.5, seed=3)             # the next roll's save is cut short
    with pytest.raises(PowerCut):
        s.press(A.OK)
    # power comes back: the game as it was before that roll (whose dice never showed)
    back = Session(storage=nvm, dice=ScriptedDice(seed=1))
    assert back.app.view.title == 'Saved game found' and back.app.view.items[0] == 'Resume game'
    back.press(A.OK)
    g = back.app.game
    assert g.to_bytes() == good and back.app.scene == ui_app.PLAY
    assert list(g.held) == [0, 0, 0, 0, 0]          # the hold was given up with it
    back.press(A.OK)                                # and play goes on
    assert g.rolls_left == 1
    assert Session(storage=nvm).app.game.to_bytes() == g.to_bytes()


def test_every_roll_and_fill_is_saved_and_a_hold_goes_with_the_next_roll():
    nvm = FlashNvm("rp2040")
    s = new_session(storage=nvm)
    s.start()
    before = nvm.writes
    s.press(A.OK)
    assert nvm.writes == before + 1
    s.press(A.HOLD_3)
    assert nvm.writes == before + 1
    s.press(A.OK, A.OK, A.OK)                       # roll, roll, open the card
    assert nvm.writes == before + 3
    s.press(A.OK)
    if s.app.dialog:
        s.press(A.OK)
    assert nvm.writes == before + 4 and nvm.erases == 0


@pytest.mark.parametrize('height', [64, 32])
def test_a_press_on_a_dimmed_screen_acts_and_brightens_it(height):
    s = new_session(width=128, height=height)
    s.start()
    app = s.app
    s.press(A.OK)                                   # first roll
    s.wait(app.settings.dim_ms)
    assert app.power == ui_app.DIM
    s.press(A.HOLD_1)
    assert app.power == ui_app.AWAKE and app.game.held[0] == 1


def test_idle_dims_then_sleeps_and_the_waking_press_is_eaten():
    s = new_session()
    s.start()
    app = s.app
    s.press(A.OK)
    held_before = bytes(app.game.held)
    s.wait(app.settings.dim_ms)
    assert app.power == ui_app.DIM
    s.wait(app.settings.sleep_after_ms)
    assert app.power == ui_app.ASLEEP
    s.press(A.HOLD_1)
    assert app.power == ui_app.AWAKE and bytes(app.game.held) == held_before
    s.press(A.HOLD_1)
    assert app.game.held[0] == 1


def test_three_button_board_uses_the_dice_cursor():
    s = new_session(width=128, height=32, hold_buttons=False, dice=ScriptedDice(seed=2))
    s.start()
    app = s.app
    assert app.settings.list_rows == 2 and app.view.die_cursor == ui_app.CURSOR_ROLL
    s.press(A.OK)                                   # roll
    assert app.game.rolls_left == 2 and app.view.die_cursor == 0
    s.press(A.RIGHT, A.OK)
    assert list(app.game.held) == [0, 1, 0, 0, 0]
    s.press(A.LEFT, A.LEFT)
    assert app.view.die_cursor == ui_app.CURSOR_CARD
    s.press(A.OK)
    assert app.scene == ui_app.CARD
    s.press(A.BACK)
    assert app.scene == ui_app.PLAY


class TinyHints:
    """Test double with the Hints API: keeps the highest die, names box 0."""
    fallback = False

    def hold_options(self, card, dice, rolls_left, best=False):
        return [(12345, (max(dice),)), (100, ())]

    def box_options(self, card, dice, first=0):
        return [(6789, 0)]


def test_hints_without_a_table_come_from_level_good_and_say_so():
    s = new_session(dice=ScriptedDice(script=[6, 6, 6, 2, 1], seed=7))
    s.start()
    app = s.app
    s.press(A.HINT)
    # before the first roll: no expected final score (good's estimates are none),
    # and OK opens the odds
    assert app.view.dialog_lines == ['Hint (no table)', 'Roll all 5 dice', 'OK: odds per box']
    s.press(A.BACK, A.OK, A.HINT)
    assert hints.hint_source(app).fallback
    # `good` keeps the three sixes; the title says whose move it is, with no score
    assert app.view.dialog_lines == ['Hint (no table)', 'Keep 6 6 6', 'OK roll  BACK no']
    s.press(A.OK)
    assert list(app.game.held) == [1, 1, 1, 0, 0] and app.game.rolls_left == 1
    s.press(A.BACK)
    assert 'Hint' in app.view.items


def test_hints_are_hidden_only_when_no_source_works_or_they_are_off():
    def broken(rules):
        raise MemoryError()
    for factory in (lambda rules: None, broken):
        s = new_session(dice=ScriptedDice(seed=3), hints_factory=factory)
        s.start()
        s.press(A.OK, A.HINT)
        assert s.app.dialog == ui_app.DLG_NONE
        s.press(A.BACK)
        assert 'Hint' not in s.app.view.items
    s = new_session(dice=ScriptedDice(seed=3))
    s.start()
    s.press(A.BACK)
    assert 'Hint' in s.app.view.items
    while s.app.view.items[s.app.view.cursor] != 'Hints':
        s.press(A.DOWN)
    s.press(A.OK)                                   # Hints off
    s.press(A.BACK, A.BACK)                         # back to play, pause again
    assert s.app.scene == ui_app.PAUSE and 'Hint' not in s.app.view.items
    s.press(A.BACK, A.HINT)
    assert s.app.dialog == ui_app.DLG_NONE


@pytest.mark.parametrize('height', [64, 32])
def test_hint_shows_the_best_hold_and_ok_follows_it_in_one_press(height):
    """The mid-turn hint: its figure in the title, the advice, and a legend of its
    keys (OK does it, BACK closes it) that fits the dialog on either screen. OK on a
    hold holds those dice and rolls the rest; OK on a box fills it."""
    s = new_session(width=128, height=height, dice=ScriptedDice(script=[2, 6, 3, 1, 4], seed=7),
                    hints_factory=lambda r: TinyHints())
    s.start()
    app = s.app
    s.press(A.OK, A.HINT)
    assert app.dialog == ui_app.DLG_HINT
    assert app.view.dialog_lines == ['Hint, final 123.5', 'Keep 6', 'OK roll  BACK no']
    first = list(app.game.dice)
    s.press(A.OK)                                    # held and rolled: one press
    assert list(app.game.held) == [0, 1, 0, 0, 0] and app.game.rolls_left == 1
    assert app.game.dice[1] == first[1] == 6 and app.scene == ui_app.PLAY
    s.press(A.HINT, A.BACK)                          # BACK closes it, nothing done
    assert app.dialog == ui_app.DLG_NONE and app.game.rolls_left == 1
    s.press(A.OK)                                    # no rolls left: box hint
    s.press(A.HINT)
    assert app.view.dialog_lines == ['Hint, final 67.9', 'Score Aces', 'OK score  BACK no']
    s.press(A.OK)
    assert app.game.cards[0].scores[0] != 255 and app.game.round == 2
    assert app.scene == ui_app.PLAY and not app.game.rolled


def test_a_hint_followed_with_no_heap_left_is_a_note_and_changes_nothing(monkeypatch):
    # OK on the hint's dialog runs under App.run as every press does: out of heap as
    # it fills, the note says so, the box stays open, and the next OK fills it
    from ui import turns
    s = new_session(dice=ScriptedDice(script=[2, 6, 3, 1, 4], seed=7),
                    hints_factory=lambda r: TinyHints())
    s.start()
    app = s.app
    s.press(A.OK, A.OK, A.OK, A.HINT)                # no rolls left: the box hint
    assert app.view.dialog_lines[1] == 'Score Aces'
    cut = out_of_heap(monkeypatch, turns, 'fill_box')
    s.press(A.OK)
    assert app.view.dialog_lines[0] == 'No memory free' and not cut[0]
    assert app.game.cards[0].scores[0] == 255 and app.game.round == 1
    s.press(A.OK, A.HINT, A.OK)                      # the note closed; the hint again
    assert app.game.cards[0].scores[0] != 255 and app.game.round == 2

def test_a_card_with_no_heap_for_its_rows_picks_nothing_and_back_leads_on(monkeypatch):
    s = new_session(dice=ScriptedDice(seed=7))
    s.start()
    app = s.app
    s.press(A.OK)                                    # rolled
    # (the game's card scene: loaded as it began)
    out_of_heap(monkeypatch, scene_state('card'), '_card_rows')
    s.press(A.DOWN)                                  # the card: no heap for its rows
    assert app.scene == ui_app.CARD and app.view.dialog_lines[0] == 'No memory free'
    s.press(A.OK, A.OK)                              # the note closed; nothing to pick
    assert app.scene == ui_app.CARD and app.game.cards[0].scores.count(255) == 13
    s.press(A.HELP)                                  # no row: the card's first page
    assert app.scene == codes.PAGES
    s.press(A.BACK, A.BACK)
    assert app.scene == ui_app.PLAY
    s.press(A.DOWN, A.OK)                            # the card again: a pick
    assert app.game.cards[0].scores.count(255) == 12

def test_a_box_filled_by_its_hint_can_be_taken_back():
    """The hint fills at once; the filler's handover still offers BACK: undo, and
    a hold's hint rolls without a shake sensor too (the dice tumble, then land)."""
    s = new_session(dice=ScriptedDice(script=[2, 6, 3, 1, 4], seed=7), has_shake=False,
                    hints_factory=lambda r: TinyHints())
    s.start(players=2)
    app = s.app
    s.press(A.OK)                                    # take it, and roll
    assert app.tumbling
    s.wait(600)
    assert app.game.rolled and not app.tumbling
    s.press(A.HINT, A.OK)
    assert app.tumbling and list(app.game.held) == [0, 1, 0, 0, 0]
    s.wait(600)
    assert app.game.rolls_left == 1
    s.press(A.OK)
    s.wait(600)
    s.press(A.HINT, A.OK)                            # Score Aces: filled
    assert app.scene == ui_app.TURN and app.game.cards[0].scores[0] != 255
    s.press(A.BACK)                                  # taken back: the dice again
    assert app.scene == ui_app.PLAY and app.game.cards[0].scores[0] == 255
    assert app.game.current == 0 and app.game.rolls_left == 0


def test_game_over_ranks_ties_together():
    s = new_session(dice=ScriptedDice(script=[5] * 2000, seed=7))
    s.start(players=2)
    app = s.app
    while app.scene != ui_app.OVER:
        fill_turn(s)
    assert app.view.items == ['1. P1', '1. P2']
    assert app.view.values[0] == app.view.values[1]


def play_to_the_end(s):
    """OK through every turn (OK rolls, fills the suggested box, skips a computer's
    turn) until game over."""
    for _ in range(2000):
        if s.app.scene == ui_app.OVER:
            return
        s.press(A.OK)
    raise AssertionError('the game did not end')


def test_game_over_says_where_each_human_falls_among_perfect_games():
    from yahtzee_core.percentiles import PerfectScores, pack
    table = pack(2546, [100 + k for k in range(1, 100)])     # percentile k: 100 + k
    s = new_session(dice=ScriptedDice(seed=21), percentile_path=lambda name: table)
    s.start(players=3, kinds=(0, 4, 0))                      # human, casual, human
    app = s.app
    play_to_the_end(s)
    humans = [(p, t) for _, p, t in app.game.ranking() if p != 1]
    assert len(app.view.items) == 3 + 2 + 1
    for (p, total), row in zip(humans, app.view.items[3:5]):
        pct = PerfectScores(table).better_than(total)
        assert row == '%d: better than %d%%' % (total, pct)
        assert pct == min(99, max(0, total - 101))
    assert app.view.items[5] == 'of perfect games'
    assert 'Fair2' in [item.split(' ')[1] for item in app.view.items[:3]]   # the casual seat
    r = app.records
    assert r.games == 2 and r.rated == 2 and r.perfect == 2 * 2546
    # lifetime stats: perfect play's mean beside the player's average
    while app.scene != ui_app.MENU:
        s.press(A.OK)
    while app.view.items[app.view.cursor] != 'Lifetime stats':
        s.press(A.DOWN)
    s.press(A.OK)
    assert app.scene == ui_app.STATS
    assert app.view.items[1:3] == ['Average', 'Perfect avg'] and app.view.values[2] == '254.6'
    # then one page per player name and ruleset: that ruleset's perfect mean beside it
    for _ in app.people.rows:
        s.press(A.OK)
        assert app.view.items[1:3] == ['Average', 'Perfect avg'] and app.view.values[2] == '254.6'


def test_without_a_percentile_table_the_game_is_not_rated():
    s = new_session(dice=ScriptedDice(seed=21), percentile_path=lambda name: None)
    s.start()
    play_to_the_end(s)
    assert s.app.view.items == ['1. P1'] and s.app.records.rated == 0
    broken = new_session(dice=ScriptedDice(seed=21), percentile_path=lambda name: b'junk')
    broken.start()
    play_to_the_end(broken)
    assert broken.app.view.items == ['1. P1'] and broken.app.records.games == 1


def test_a_casual_seat_is_remembered_for_the_next_setup():
    s = new_session()
    s.start(players=2, kinds=(4, 3))                         # casual, beginner
    again = Session(storage=s.storage)
    assert [again.app.settings.setup_kinds[p] for p in range(2)] == [4, 3]
    assert again.app.settings.setup_players == 2


def test_small_nvm_is_handled():
    s = new_session(storage=bytearray(b'\xff' * 256))
    app = s.app
    assert not app.saves.keeps_records and not app.saves.keeps_people
    app.settings.setup_rules = yc.RULESETS.index('triple-yahtzee')
    assert app_saves.can_save(app, 4) and not app_saves.can_save(app, 8)
    s.press(A.OK)
    app.settings.setup_players = 8
    app.go(ui_app.SETUP, s.now)
    assert app.view.values[-1] == 'no save'
    assert new_session(storage=bytearray(b'\xff' * 288)).app.saves.keeps_records
    s = new_session(storage=bytearray(40))          # no room at all: plays without saves
    s.start()
    s.press(A.OK)
    assert s.app.game.rolls_left == 2




def test_decision_log_records_human_choices():
    # a table to judge against later (the log itself never reads it)
    s = new_session(dice=ScriptedDice(script=[1, 2, 3, 4, 5, 6, 6, 6], seed=7),
                    table_path='tables/%s.yzt')
    s.start(players=2, kinds=(0, 2))
    app = s.app
    s.press(A.OK)                                   # P1 takes the device, rolls
    s.press(A.HOLD_5, A.OK)
    log = hints.logs[0]
    assert len(log) == 1 and hints.logs[1] is None   # computer seats are not logged
    # filled mask, upper subtotal, Yahtzee box (open), roll, rolls left, kept dice
    assert log.record(0) == (0, 0, 255, dice.roll_index((1, 2, 3, 4, 5)), 2,
                             dice.hold_index((5,)))
    s.press(A.OK, A.OK)
    box = app.rows[app.view.cursor]
    s.press(A.OK)
    if app.dialog == ui_app.DLG_ZERO:
        s.press(A.OK)
    assert len(log) == 3 and log.record(2)[4] == 0 and log.record(2)[5] == box


# -- points lost: yahtzee_core.analysis against the real (small) yacht table ---------
YACHT = yc.RULESETS.index('yacht')


def to_analysis(s):
    app = s.app
    while app.scene not in (ui_app.ANALYSIS, ui_app.MENU):
        s.press(A.OK)
    return app


def test_following_every_hint_loses_nothing(yacht_table):
    s = new_session(dice=ScriptedDice(seed=12), table_path=yacht_table)
    s.start(rules=YACHT)
    app = s.app
    assert not hints.hint_source(app).fallback
    while not app.game.over:
        play_turn_by_hints(s)
    assert len(hints.logs[0]) >= 12
    to_analysis(s)
    assert app.scene == ui_app.ANALYSIS and app.view.title == 'Points lost'
    assert app.view.items == ['P1'] and app.view.values == ['0.00'] and app.view.footer == ''


def scratch_ones_with_five_sixes(s):
    """First turn: roll five sixes and score them in Ones (0 points): a bad box."""
    app = s.app
    s.press(A.OK, A.DOWN)                           # to the card at once
    while app.view.items[app.view.cursor] != 'Ones':
        s.press(A.UP)
    s.press(A.OK, A.OK)                             # Ones, and yes to the 0
    assert app.game.cards[0].scores[0] == 0


def test_a_deliberately_bad_box_shows_its_loss(yacht_table):
    from yahtzee_core.ranking import Hints
    s = new_session(dice=ScriptedDice(seed=12, script=[6, 6, 6, 6, 6]), table_path=yacht_table)
    s.start(rules=YACHT)
    app = s.app
    scratch_ones_with_five_sixes(s)
    # the loss of that box, straight from the advisor
    adv = Hints('yacht', yacht_table)
    assert not adv.fallback
    opts = adv.box_options(yc.Scorecard(yc.ruleset('yacht')), (6, 6, 6, 6, 6))
    ones = [v for v, b in opts if b == 0][0]
    bad = opts[0][0] - ones
    assert bad > 2000                               # worse by more than 20 points
    while not app.game.over:
        play_turn_by_hints(s)
    to_analysis(s)
    assert app.scene == ui_app.ANALYSIS
    shown = app.view.values[0].split('.')
    assert abs(int(shown[0]) * 100 + int(shown[1]) - bad) <= 1


def test_undo_takes_the_box_decision_back(yacht_table):
    s = new_session(dice=ScriptedDice(seed=3, script=[6, 6, 6, 6, 6]), table_path=yacht_table)
    s.start(rules=YACHT)
    app = s.app
    scratch_ones_with_five_sixes(s)
    log = hints.logs[0]
    assert len(log) == 1
    s.press(A.BACK)
    while app.view.items[app.view.cursor] != 'Undo last box':
        s.press(A.DOWN)
    s.press(A.OK)                                   # taken back
    assert len(log) == 0 and app.scene == ui_app.PLAY
    while not app.game.over:
        play_turn_by_hints(s)
    to_analysis(s)
    assert app.view.values == ['0.00']


def test_after_a_resume_the_analysis_counts_the_decisions_since(yacht_table):
    s = new_session(dice=ScriptedDice(seed=5, script=[6, 6, 6, 6, 6]), table_path=yacht_table)
    s.start(rules=YACHT)
    scratch_ones_with_five_sixes(s)                 # before the power cut
    back = Session(storage=s.storage, dice=ScriptedDice(seed=6), table_path=yacht_table)
    app = back.app
    back.press(A.OK)                                # Resume game
    assert app.scene == ui_app.PLAY and app.game.round == 2
    while not app.game.over:
        play_turn_by_hints(back)
    to_analysis(back)
    assert app.scene == ui_app.ANALYSIS
    assert app.view.values == ['0.00'] and app.view.footer == 'since resume'


def test_no_analysis_without_a_table():
    s = new_session(dice=ScriptedDice(seed=5))
    s.start()
    app = s.app
    while not app.game.over:
        fill_turn(s)
    # no table, no analysis: nothing was logged (the log would be heap for nothing)
    assert hints.logs == [None] and hints.analysis_planner(app) is None
    to_analysis(s)
    assert app.scene == ui_app.MENU


# -- the shake sensor dying mid-game ---------------------------------------------------
def test_shake_lost_mid_shake_switches_to_ok_rolls():
    s = new_session(dice=ScriptedDice(seed=5))
    s.start()
    app = s.app
    s.press(A.OK, A.HOLD_1, A.SHAKE_START)
    s.wait(200)
    assert app.tumbling and app.view.line_a == '2 left: hold, shake'
    app.shake_lost('shake sensor stopped answering: press OK to roll')
    assert not app.tumbling and not app.settings.has_shake
    assert bytes(app.view.faces) == bytes(app.game.dice)   # the tumbling faces are gone
    assert app.dialog == ui_app.DLG_NOTE and app.view.dialog_lines[0] == 'Shake sensor lost'
    assert app.settings.messages[-1].startswith('shake sensor stopped')
    s.press(A.OK)                                   # closes the note only
    assert app.dialog == ui_app.DLG_NONE and app.game.rolls_left == 2
    assert app.view.line_a == '2 left: hold, OK'
    s.press(A.OK).wait(500)
    assert app.game.rolls_left == 1
    app.shake_lost('again')                         # once only
    assert app.dialog == ui_app.DLG_NONE and app.settings.messages[-1] != 'again'


def test_shake_lost_in_a_menu_shows_on_the_next_turn():
    s = new_session(dice=ScriptedDice(seed=5))
    app = s.app
    app.shake_lost(None)
    assert app.scene == ui_app.MENU and app.dialog == ui_app.DLG_NONE
    s.start()
    assert app.view.line_b == 'OK to roll'


# -- CSV export --------------------------------------------------------------------------
def export_session(writer, fs_writable=True, games=1):
    """A board with `games` finished solo games in its records, booted with the drive
    writable (or not); the cursor on Export CSV when it is offered."""
    s = new_session(dice=ScriptedDice(seed=9))
    for _ in range(games):
        s.start()
        while not s.app.game.over:
            fill_turn(s)
        while s.app.scene != ui_app.MENU:
            s.press(A.OK)
    s = new_session(storage=s.storage, fs_writable=fs_writable, file_writer=writer)
    app = s.app
    if 'Export CSV' in app.view.items:
        while app.view.items[app.view.cursor] != 'Export CSV':
            s.press(A.DOWN)
    return s


def test_export_is_offered_only_when_the_drive_is_writable():
    assert 'Export CSV' not in export_session(FakeFile(), fs_writable=False, games=0).app.view.items
    assert 'Export CSV' not in export_session(None, games=0).app.view.items
    items = export_session(FakeFile(), games=0).app.view.items
    assert items == ['New game', 'How to play', 'Rules', 'High scores', 'Lifetime stats',
                     'Export CSV', 'Coach', 'Sound']


def test_export_writes_scores_and_stats_as_csv():
    import csv
    writer = FakeFile()
    s = export_session(writer, games=2)
    app = s.app
    s.press(A.OK)
    assert app.dialog == ui_app.DLG_NOTE
    assert app.view.dialog_lines[:2] == ['Exported to', '/yahtzee_stats.csv']
    rows = list(csv.reader(writer.files['/yahtzee_stats.csv']))
    assert rows[0] == ['section', 'item', 'value', 'initials', 'rules']
    high = [r for r in rows if r[0] == 'high score']
    assert [int(r[2]) for r in high] == [e[0] for e in app.records.high] and len(high) == 2
    assert all(r[3] == 'P1' and r[4] == 'yahtzee' for r in high)   # the seat's name
    stats = dict((r[1], int(r[2])) for r in rows if r[0] == 'lifetime')
    assert stats['games'] == 2 and stats['best'] == app.records.high[0][0]
    assert stats['points'] == sum(e[0] for e in app.records.high)
    s.press(A.DOWN)                                 # any key closes the note
    assert app.dialog == ui_app.DLG_NONE and app.scene == ui_app.MENU


@pytest.mark.parametrize('errno, text', [(30, 'Drive is read-only'), (28, 'Drive is full'),
                                         (5, 'File error 5')])
def test_export_failures_are_a_note_not_a_crash(errno, text):
    s = export_session(FakeFile(errno), games=0)
    app = s.app
    s.press(A.OK)
    assert app.dialog == ui_app.DLG_NOTE and app.view.dialog_lines[:2] == ['Export failed', text]
    s.press(A.BACK)
    assert app.dialog == ui_app.DLG_NONE and app.scene == ui_app.MENU


def test_every_scene_code_has_its_module_and_functions_in_the_table():
    """The scene table (ui.app.MODULES) names one module for each scene code, and that
    module's SCENES has the scene's enter(), handle() and tick (or None)."""
    import importlib
    from ui import codes as ui_codes
    codes = [getattr(ui_codes, name.upper()) for name in ui_app.SCENE_NAMES]
    assert codes == list(range(len(ui_app.SCENE_NAMES)))
    owners = [row[0] for row in ui_app.MODULES for code in row[2]]
    assert sorted(code for row in ui_app.MODULES for code in row[2]) == codes, owners
    for name, code in zip(ui_app.SCENE_NAMES, codes):
        module_name, stays, _ = ui_app.module_row(code)
        module = importlib.import_module('ui.' + module_name)
        enter, handle, tick = module.SCENES[code]
        # enter_<scene>, or the scene's name alone (ui/scenes/end.py: names a board
        # compiling .py has already, so the game's end takes no new pool of them)
        assert enter.__name__ in ('enter_' + name, name), (name, enter.__name__)
        assert handle.__name__.startswith('handle'), (name, handle.__name__)
        assert tick is None or callable(tick)
        imported_by_app = any(v is module for v in vars(ui_app).values())
        assert (stays == ui_app.RESIDENT) == imported_by_app, module_name


@pytest.mark.parametrize('height', [64, 32])
def test_unnamed_seats_keep_their_names_in_the_high_scores_and_stats(height):
    """Two unnamed humans: OK through the initials keeps 'P1' and 'P2', the names the
    stats pages use (never AAA); the game counts once in the all-players games."""
    s = new_session(width=128, height=height, dice=ScriptedDice(seed=21))
    s.start(players=2)
    app = s.app
    while app.scene != ui_app.OVER:
        fill_turn(s)
    s.press(A.OK)
    named = []
    while app.scene == ui_app.INITIALS:
        named.append(app.view.items[0].split()[0])
        s.press(A.OK, A.OK, A.OK)
    assert sorted(named) == ['P1', 'P2']
    assert sorted(e[1] for e in app.records.high) == ['P1 ', 'P2 ']
    assert sorted(row.name for row in app.people.rows) == ['P1', 'P2']
    # the all-players page counts the game once (the average stays per seat)
    while app.scene != ui_app.MENU:
        s.press(A.OK)
    s.pick('Lifetime stats')
    assert app.scene == ui_app.STATS and app.view.title_right == 'all'
    assert app.view.values[app.view.items.index('Games')] == '1'
    r = app.records
    assert (r.played, r.games) == (1, 2)
    assert app.view.values[app.view.items.index('Average')] == '%d' % r.average


def test_a_shake_on_the_handover_takes_the_turn_and_rolls():
    s = new_session(dice=ScriptedDice(seed=7))
    s.start(players=2)
    app = s.app
    assert app.scene == ui_app.TURN and not seats.turn_filled
    s.press(A.SHAKE_START)
    assert app.scene == ui_app.PLAY and app.tumbling and not app.game.rolled
    s.wait(300).press(A.SHAKE_END)
    assert app.game.rolled and app.game.rolls_left == 2 and not app.tumbling


def test_three_button_board_third_roll_puts_the_cursor_on_card():
    """Without hold buttons OK on "Roll" rolls; after the last roll the die cursor
    waits on "Card" (ui/turns.py roll)."""
    s = new_session(hold_buttons=False, dice=ScriptedDice(seed=4))
    s.start()
    app = s.app
    for left in (2, 1, 0):
        while app.view.die_cursor != ui_app.CURSOR_ROLL:
            s.press(A.RIGHT)
        s.press(A.OK)
        assert app.game.rolls_left == left
    assert app.view.die_cursor == ui_app.CURSOR_CARD
    s.press(A.OK)
    assert app.scene == ui_app.CARD


@pytest.mark.parametrize("rules", ["crag", "kniffel"])
def test_a_game_keeps_only_its_ruleset_of_those_the_setup_showed(rules):
    """The setup builds the ruleset it shows (to say whether its game can be saved)
    and forgets the one shown before (2-5K of heap each on a board: all fourteen do
    not fit); a game keeps its own alone. Kniffel's base class module (Yahtzee's)
    goes too: the class lives on."""
    import sys
    from yahtzee_core import variants
    s = new_session(dice=ScriptedDice(seed=4))
    app = s.app
    s.press(A.OK)                                   # New game
    assert app.scene == ui_app.SETUP
    while not app.view.items[app.view.cursor].startswith('Rules'):
        s.press(A.DOWN)
    shown = set()
    while yc.RULESETS[app.settings.setup_rules] != rules:
        s.press(A.RIGHT)
        shown.add(yc.RULESETS[app.settings.setup_rules])
        assert list(variants.built) == [yc.RULESETS[app.settings.setup_rules]]
    assert len(shown) > 3
    while app.view.items[app.view.cursor] != 'Start game':
        s.press(A.DOWN)
    s.press(A.OK)
    assert app.scene == ui_app.PLAY and app.game.rules.name == rules
    assert list(variants.built) == [rules]
    loaded = [m for m in sys.modules if m.startswith("yahtzee_core.variants.")]
    assert loaded == ["yahtzee_core.variants." + rules.replace("-", "_")], loaded
    fill_turn(s)                                    # and the game plays on
    assert app.game.cards[0].scores.count(255) == app.game.rules.n_boxes - 1


def test_a_cursor_board_changes_a_setup_value_back_and_forth():
    """Three buttons (A/C move, B picks): B on Players, a seat or Rules lets A and C
    change it down and up ('<Yatzy>'), B or held B leave; on/off rows toggle."""
    s = Session(128, 32, hold_buttons=False)
    app = s.app
    s.press(A.OK)                                   # past the first screen to the menu
    while app.scene != ui_app.SETUP:
        s.press(A.OK) if app.view.items[app.view.cursor] == 'New game' else s.press(A.RIGHT)
    while app.view.items[app.view.cursor] != 'Rules':
        s.press(A.RIGHT)
    first = app.settings.setup_rules
    s.press(A.OK)
    assert app.view.values[app.view.cursor].startswith('<')
    s.press(A.RIGHT)
    assert app.settings.setup_rules == codes.MENU_RULES[(codes.MENU_RULES.index(first) + 1) %
                                               len(codes.MENU_RULES)]
    s.press(A.LEFT, A.LEFT)                         # back past where it started
    assert app.settings.setup_rules == codes.MENU_RULES[codes.MENU_RULES.index(first) - 1]
    s.press(A.BACK)                                 # held B: done, still in setup
    assert app.scene == ui_app.SETUP
    assert not app.view.values[app.view.cursor].startswith('<')
    s.press(A.LEFT, A.LEFT, A.LEFT)                 # A moves again: to Players
    assert app.view.items[app.view.cursor] == 'Players'
    s.press(A.OK, A.RIGHT, A.RIGHT, A.LEFT, A.OK)
    assert app.settings.setup_players == 2 and not app.view.values[0].startswith("<")
    while app.view.items[app.view.cursor] != 'Hints':
        s.press(A.RIGHT)
    hints_on = app.hints
    s.press(A.OK)                                   # two values: B toggles
    assert app.hints != hints_on and not app.view.title_right


@pytest.mark.parametrize('profile', ['three-button', 'feather-128x64', 'default'])
def test_screens_name_the_buttons_the_board_has(profile):
    """A board's texts say its own buttons: the FeatherWing's B for OK and 'hold B'
    for BACK (it has no BACK button); the default board's keep OK and BACK."""
    from hardware import profiles
    from ui.views.views import key_words, said_with_keys
    config = profiles.get(profile)
    s = Session(128, config['height'], hold_buttons='HOLD1' in config['pins'], profile=config)
    s.start()
    app = s.app
    app.dialog = codes.DLG_NOTE
    app.view.dialog_lines[:] = ['Score 0 in', 'Aces?', 'OK yes  BACK no']
    app.touch()
    s.image()
    shown = s.views.dialog_text[2]
    if profile == 'default':
        assert key_words(config) == () and shown == 'OK yes  BACK no'
    else:
        assert shown == 'B yes  hold B no'
        assert said_with_keys('OK:box BOOK', key_words(config)) == 'B:box BOOK'


def test_a_game_holds_its_working_set_from_any_way_in_to_the_menu():
    """A game's computers (one bot a level), hint source and scene modules load as it
    starts, on every way into it (a new game, a resume, a harness going straight to
    the dice), stay through its turns, and go at the menu."""
    import sys
    game_modules = ('ui.scenes.play', 'ui.scenes.card', 'ui.scenes.cpu', 'ui.scenes.turn')
    s = new_session(dice=ScriptedDice(seed=4))
    s.app.hints = True
    s.start(players=3, kinds=(0, 2, 2))             # a human, two `good` computers
    app = s.app
    assert all(m in sys.modules for m in game_modules)
    bots = app.bots
    assert bots[0] is None and bots[1] is bots[2] is not None   # one bot, two seats
    src = app.hint_source
    assert src is not None
    fill_turn(s)
    s.press(A.OK)                                   # the computers play out at once
    assert app.bots is bots and app.hint_source is src
    s.press(A.BACK)
    app.go(codes.MENU, s.now)                       # left for the menu: all of it goes
    assert app.bots is None and app.hint_source is None
    assert not any(m in sys.modules for m in game_modules)
    while app.view.items[app.view.cursor] != 'Resume game':
        s.press(A.DOWN)
    s.press(A.OK)                                   # resumed: loaded again
    assert app.scene in (codes.PLAY, codes.TURN, codes.CPU) and app.bots[1] is not None
    app.go(codes.MENU, s.now)
    app.go(codes.PLAY, s.now)                       # a harness's way straight in
    assert app.bots[1] is not None and 'ui.scenes.cpu' in sys.modules


def test_a_game_too_large_for_the_board_goes_back_to_the_menu_whole(monkeypatch):
    """A working set that finds no heap as the game starts (setup offers only those
    that fit: ui/fits.py) leaves nothing half loaded: the menu, a note, the game
    saved for a board with more room."""
    from yahtzee_core import bots
    s = new_session(dice=ScriptedDice(seed=4))
    app = s.app

    def no_room(kind, rules, table_path=None):
        raise MemoryError("memory allocation failed, allocating 3696 bytes")

    monkeypatch.setattr(bots, "make_bot", no_room)
    app.hints = False                               # (else good plays by the hints' planner)
    s.start(players=2, kinds=(0, 2))
    assert app.scene == codes.MENU and app.dialog == codes.DLG_NOTE
    assert app.view.dialog_lines[:2] == ['Game too large', 'for this board']
    assert app.bots is None and app.live is None and app.saved


def test_an_overlay_with_no_room_goes_with_a_note_and_the_game_plays_on(monkeypatch):
    """HELP on the card finds no heap for its page (App.run, the one place a
    MemoryError is caught): the card comes back on the same row with a note, nothing
    half loaded stays, the computers stay; with room, the page opens."""
    import sys
    from ui.scenes import learn as scene_learn
    s = new_session(dice=ScriptedDice(seed=4))
    s.start(players=2, kinds=(0, 2))
    app = s.app
    bots = app.bots
    if app.scene == codes.TURN:
        s.press(A.OK)                               # the handover: the human rolls
    while app.scene == codes.PLAY:
        s.press(A.OK)                               # roll, roll, roll: the card
    assert app.scene == codes.CARD
    s.press(A.DOWN)
    row = app.view.cursor
    enter, handle, tick = scene_learn.SCENES[codes.PAGES]
    tries = []

    def no_room(app, now):
        tries.append(1)
        from ui.help import text  # noqa: F401 (loaded, then the page fails)
        raise MemoryError("memory allocation failed, allocating 288 bytes")

    monkeypatch.setitem(scene_learn.SCENES, codes.PAGES, (no_room, handle, tick))
    s.press(A.HELP)
    assert tries == [1]
    assert app.scene == codes.CARD and app.view.cursor == row and app.bots is bots
    assert app.dialog == codes.DLG_NOTE and app.view.dialog_lines[0] == 'No memory free'
    assert 'ui.help.text' not in sys.modules and 'ui.scenes.learn' not in sys.modules
    s.press(A.BACK)                                 # the note closes
    monkeypatch.undo()
    s.press(A.HELP)                                 # with room: the page
    assert app.scene == codes.PAGES
    s.press(A.BACK)
    assert app.scene == codes.CARD and app.view.cursor == row
    s.press(A.OK)                                   # and the box fills
    if app.dialog == codes.DLG_ZERO:
        s.press(A.OK)
    assert app.game.cards[0].scores.count(255) == app.game.rules.n_boxes - 1
