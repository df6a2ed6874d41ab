"""Scripted sessions against the real App: actions in, screen model and game out."""
import pytest

import yahtzee_core as yc
from tools.screenshots import ScriptedDice, Session
from ui import actions as A
from ui import app as ui_app
from ui.nvm_layout import plan


class PowerCut(Exception):
    pass


class TornStorage(bytearray):
    """nvm whose next slice write stops after `keep` bytes, like a power cut."""

    def __init__(self, data):
        super().__init__(data)
        self.cut_after = None
        self.writes = 0

    def __setitem__(self, key, value):
        if isinstance(key, slice):
            self.writes += 1
            if self.cut_after is not None:
                keep = self.cut_after
                self.cut_after = None
                start = key.start
                bytearray.__setitem__(self, slice(start, start + keep), bytes(value[:keep]))
                raise PowerCut()
        bytearray.__setitem__(self, key, value)


def new_session(**kw):
    s = Session(**kw)
    if s.app.scene == ui_app.BOOT:
        s.press(A.OK)
    return s


def fill_turn(s):
    """Roll until no rolls are left, then fill the suggested box (confirming a 0)."""
    app = s.app
    while app.scene == ui_app.PLAY:
        s.press(A.OK)
    assert app.scene == ui_app.CARD
    s.press(A.OK)
    if app.dialog == ui_app.DLG_ZERO:
        s.press(A.OK)


def test_whole_solo_game_updates_records_and_clears_the_save():
    s = new_session(dice=ScriptedDice(seed=21))
    s.start()
    app = s.app
    for turn in range(13):
        assert app.scene == ui_app.PLAY
        assert app.header_left.startswith('P1 R%d/13' % (turn + 1))
        fill_turn(s)
    assert app.game.over and app.scene == ui_app.OVER
    total = app.game.cards[0].total
    assert app.items == ['1. P1'] and app.values == ['%d' % total]
    assert 255 not in app.game.cards[0].scores
    s.press(A.OK)                                   # to the high-score entry
    assert app.scene == ui_app.INITIALS
    s.press(A.UP, A.OK, A.OK, A.DOWN, A.OK)         # B, A, _ (space)
    assert app.scene == ui_app.MENU
    assert app.records.high[0] == [total, 'BA ', 0]
    assert app.records.games == 1 and app.records.best == total
    assert app._game_store.read() is None           # nothing left to resume
    # a fresh boot reads the same records and offers no resume
    again = Session(storage=s.storage)
    assert again.app.records.high == app.records.high
    assert again.app.items[0] == 'New game'


def test_menus_scores_stats_sound_and_setup():
    s = new_session()
    app = s.app
    assert app.items == ['New game', 'High scores', 'Lifetime stats', 'Sound']
    s.press(A.DOWN, A.OK)
    assert app.scene == ui_app.SCORES and app.items == ['No scores yet']
    s.press(A.BACK, A.DOWN, A.DOWN, A.OK)
    assert app.scene == ui_app.STATS and app.values[0] == '0'
    s.press(A.BACK)
    s.press(A.UP, A.OK)                             # wraps to Sound
    assert app.values[3] == 'off' and not app.sound
    assert Session(storage=s.storage).app.sound is False   # kept in the records
    s.press(A.DOWN, A.OK)                           # New game
    assert app.scene == ui_app.SETUP
    assert app.items[:2] == ['Players', '  P1']
    for n in range(2, 9):
        s.press(A.RIGHT)
        assert app.values[0] == '%d' % n and len(app.items) == n + 5
    s.press(A.RIGHT)
    assert app.values[0] == '1'                     # wraps 8 -> 1
    s.press(A.DOWN)
    seen = []
    for _ in range(4):
        seen.append(app.values[1])
        s.press(A.OK)                               # OK steps the value forward
    assert seen == list(ui_app.KIND_NAMES)
    s.press(A.DOWN)
    names = []
    for _ in range(len(yc.RULESETS)):
        names.append(app.values[2])
        s.press(A.RIGHT)
    assert names == list(ui_app.RULES_NAMES)
    s.press(A.BACK)
    assert app.scene == ui_app.MENU


def test_pause_menu_lists_undo_only_when_possible_and_undo_restores_the_turn():
    s = new_session(dice=ScriptedDice(script=[2, 2, 2, 5, 6]))
    s.start()
    app = s.app
    s.press(A.BACK)
    assert app.scene == ui_app.PAUSE and 'Undo last box' not in app.items
    s.press(A.OK)                                   # Continue
    s.press(A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5)  # all held: stop rolling
    s.press(A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5)  # (first press was before a roll)
    s.press(A.OK)
    assert app.scene == ui_app.PLAY and app.game.rolls_left == 2
    s.press(A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5, A.OK)
    assert app.scene == ui_app.CARD                 # everything held: pick a box now
    while app.items[app.cursor] != 'Twos':
        s.press(A.DOWN)
    assert app.values[app.cursor] == '(6)'
    s.press(A.OK)
    assert app.game.cards[0].scores[1] == 6 and app.game.round == 2
    s.press(A.BACK)
    assert 'Undo last box' in app.items
    while app.items[app.cursor] != 'Undo last box':
        s.press(A.DOWN)
    s.press(A.OK)
    g = app.game
    assert g.round == 1 and g.cards[0].scores[1] == 255 and bytes(g.dice) == b'\x02\x02\x02\x05\x06'
    assert app.scene == ui_app.PLAY and app.line_b == 'Undone'
    saved = yc.Game.from_bytes(app._game_store.read()[4:])
    assert saved.round == 1 and bytes(saved.dice) == bytes(g.dice)


def test_zero_needs_confirmation_and_back_cancels():
    s = new_session(dice=ScriptedDice(script=[1, 2, 3, 4, 6] * 3))
    s.start()
    app = s.app
    s.press(A.OK, A.OK, A.OK)                       # three rolls
    s.press(A.OK)
    assert app.scene == ui_app.CARD
    while app.items[app.cursor] != 'Yahtzee':
        s.press(A.DOWN)
    s.press(A.OK)
    assert app.dialog == ui_app.DLG_ZERO
    assert app.dialog_lines[:2] == ['Score 0 in', 'Yahtzee?']
    s.press(A.BACK)
    assert app.dialog == ui_app.DLG_NONE and app.game.card.scores[11] == 255
    s.press(A.OK, A.OK)
    assert app.game.cards[0].scores[11] == 0 and app.game.round == 2


def test_card_cursor_moves_only_over_boxes_the_dice_may_fill():
    s = new_session(dice=ScriptedDice(script=[3, 3, 3, 3, 3]))
    s.start()
    app = s.app
    s.press(A.OK, A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5, A.OK)
    assert app.scene == ui_app.CARD
    assert app.items[app.cursor] == 'Yahtzee'       # starts on the best box
    rows = set()
    for _ in range(20):
        s.press(A.HOLD_2)                           # HOLD_2 = down on hold-button boards
        rows.add(app.cursor)
        b = app._rows[app.cursor]
        assert b >= 0 and app._pts[b] != 255
    assert len(rows) == 13
    s.press(A.BACK)
    assert app.scene == ui_app.PLAY and app.game.rolls_left == 2


def test_computer_turn_is_shown_step_by_step_and_ok_skips():
    s = new_session(dice=ScriptedDice(seed=4))
    s.start(players=2, kinds=(0, 2))
    app = s.app
    fill_turn(s)
    assert app.scene == ui_app.CPU and app.header_left.startswith('P2 good')
    steps = []
    g = app.game
    s.wait(250)
    assert not g.rolled                             # nothing before half a step
    for _ in range(12):
        s.wait(600)
        steps.append(app.line_a)
        if app.scene != ui_app.CPU:
            break
    assert steps[0] == 'Rolls'
    assert any(t.startswith('Holds') or t == 'Keeps all' for t in steps)
    assert app.scene == ui_app.PLAY and g.current == 0 and g.round == 2
    assert g.cards[1].scores.count(255) == 12
    # the next computer turn: OK plays it out at once
    fill_turn(s)
    assert app.scene == ui_app.CPU
    s.press(A.OK)
    assert app.scene == ui_app.PLAY and g.cards[1].scores.count(255) == 11


def test_shake_tumbles_the_free_dice_and_rolls_when_it_ends():
    s = new_session(dice=ScriptedDice(script=[6, 6, 1, 2, 3, 4, 5, 6]))
    s.start()
    app = s.app
    s.press(A.OK)                                   # first roll: 6 6 1 2 3
    s.press(A.HOLD_1, A.HOLD_2, A.SHAKE_START)
    assert app.tumbling
    seen = set()
    for _ in range(20):
        s.wait(80)
        seen.add(bytes(app.faces[2:]))
        assert app.faces[0] == 6 and app.faces[1] == 6          # held dice stay
        assert app.game.rolls_left == 2                         # not rolled yet
    assert len(seen) > 5
    s.press(A.SHAKE_END)
    assert not app.tumbling and app.game.rolls_left == 1
    assert bytes(app.faces) == bytes(app.game.dice) == b'\x06\x06\x04\x05\x06'


def test_no_shake_sensor_note_and_ok_rolls():
    s = Session(has_shake=False)
    app = s.app
    assert app.scene == ui_app.BOOT and app.items == ['No shake sensor: OK', 'rolls']
    s.press(A.OK)
    s.start()
    assert app.line_b == 'OK to roll'
    s.press(A.OK)
    assert app.game.rolls_left == 2 and app.line_b == 'Hold 1-5, then OK'


def test_resume_after_a_power_cut_in_the_middle_of_a_save():
    nvm = TornStorage(b'\xff' * 1024)
    s = new_session(storage=nvm, dice=ScriptedDice(seed=8))
    s.start(players=2)
    app = s.app
    s.press(A.OK, A.HOLD_2)                         # roll (saved), hold (saved)
    good = app.game.to_bytes()
    nvm.cut_after = 9                               # the next save is torn
    with pytest.raises(PowerCut):
        s.press(A.HOLD_4)
    # power comes back: the last complete save is offered and restored
    back = Session(storage=nvm, dice=ScriptedDice(seed=1))
    assert back.app.title == 'Saved game found' and back.app.items[0] == 'Resume game'
    back.press(A.OK)
    g = back.app.game
    assert g.to_bytes() == good and back.app.scene == ui_app.PLAY
    assert list(g.held) == [0, 1, 0, 0, 0]
    back.press(A.OK)                                # and play goes on with fresh dice
    assert g.rolls_left == 1


def test_every_roll_hold_and_fill_is_saved():
    nvm = TornStorage(b'\xff' * 1024)
    s = new_session(storage=nvm)
    s.start()
    before = nvm.writes
    s.press(A.OK)
    assert nvm.writes == before + 1
    s.press(A.HOLD_3)
    assert nvm.writes == before + 2
    s.press(A.OK, A.OK, A.OK)                       # roll, roll, open the card
    assert nvm.writes == before + 4
    s.press(A.OK)
    if s.app.dialog:
        s.press(A.OK)
    assert nvm.writes == before + 5


def test_idle_dims_then_sleeps_and_the_waking_press_is_eaten():
    s = new_session()
    s.start()
    app = s.app
    s.press(A.OK)
    held_before = bytes(app.game.held)
    s.wait(app.dim_ms)
    assert app.power == ui_app.DIM
    s.wait(app.sleep_after_ms)
    assert app.power == ui_app.ASLEEP
    s.press(A.HOLD_1)
    assert app.power == ui_app.AWAKE and bytes(app.game.held) == held_before
    s.press(A.HOLD_1)
    assert app.game.held[0] == 1


def test_three_button_board_uses_the_dice_cursor():
    s = new_session(width=128, height=32, hold_buttons=False, dice=ScriptedDice(seed=2))
    s.start()
    app = s.app
    assert app.list_rows == 2 and app.die_cursor == ui_app.CURSOR_ROLL
    s.press(A.OK)                                   # roll
    assert app.game.rolls_left == 2 and app.die_cursor == 0
    s.press(A.RIGHT, A.OK)
    assert list(app.game.held) == [0, 1, 0, 0, 0]
    s.press(A.LEFT, A.LEFT)
    assert app.die_cursor == ui_app.CURSOR_CARD
    s.press(A.OK)
    assert app.scene == ui_app.CARD
    s.press(A.BACK)
    assert app.scene == ui_app.PLAY


class TinyAdvisor:
    """Test double with the advisor's API: keeps the highest die, names box 0."""

    def best_hold(self, card, dice, rolls_left):
        return (max(dice),), 12345

    def best_box(self, card, dice):
        return 0, 6789


def test_hints_are_hidden_without_an_advisor():
    s = new_session(dice=ScriptedDice(seed=3))
    s.start()
    s.press(A.OK, A.HINT)
    assert s.app.dialog == ui_app.DLG_NONE
    s.press(A.BACK)
    assert 'Hint' not in s.app.items


def test_hint_shows_the_advisors_hold_and_ok_applies_it():
    s = new_session(dice=ScriptedDice(script=[2, 6, 3, 1, 4]), advisor_factory=lambda r: TinyAdvisor())
    s.start()
    app = s.app
    s.press(A.OK, A.HINT)
    assert app.dialog == ui_app.DLG_HINT
    assert app.dialog_lines == ['Hint', 'Keep 6', 'Exp. total 123.45']
    s.press(A.OK)
    assert list(app.game.held) == [0, 1, 0, 0, 0]
    s.press(A.OK, A.OK)                              # no rolls left: box hint
    s.press(A.HINT)
    assert app.dialog_lines[1] == 'Score Aces' and app.dialog_lines[2] == 'Exp. total 67.89'
    s.press(A.OK)
    assert app.scene == ui_app.CARD and app.items[app.cursor] == 'Aces'


def test_game_over_ranks_ties_together():
    s = new_session(dice=ScriptedDice(script=[5] * 2000))
    s.start(players=2)
    app = s.app
    while app.scene != ui_app.OVER:
        fill_turn(s)
    assert app.items == ['1. P1', '1. P2']
    assert app.values[0] == app.values[1]


def test_small_nvm_is_handled():
    lay = plan(256)
    assert lay.records_slot == 0 and lay.game_slot == 128
    assert plan(4096).records_slot and plan(4096).game_slot
    assert plan(40).game_slot == 0
    s = new_session(storage=bytearray(b'\xff' * 256))
    app = s.app
    assert app.can_save(4) and not app.can_save(8)
    s.press(A.OK)
    app.setup_players = 8
    app._show_setup(0)
    assert app.values[-1] == 'no save'
    s = new_session(storage=bytearray(40))          # no room at all: plays without saves
    s.start()
    s.press(A.OK)
    assert s.app.game.rolls_left == 2


def test_decision_log_records_human_choices():
    s = new_session(dice=ScriptedDice(script=[1, 2, 3, 4, 5, 6, 6, 6]))
    s.start()
    app = s.app
    s.press(A.OK, A.HOLD_5, A.OK)
    log = app.decisions()
    assert log == [(0, 'hold', (1, 2, 3, 4, 5), 2, (0, 0, 0, 0, 1))]


class OptionsAdvisor(TinyAdvisor):
    """Test double: keeping fewer dice is worse; box b is worth 100 * (13 - b)."""

    def hold_options(self, card, dice, rolls_left):
        from itertools import combinations
        opts = set()
        for k in range(6):
            for c in combinations(sorted(dice), k):
                opts.add((1000 + 10 * k, c))
        return sorted(opts, reverse=True)

    def box_options(self, card, dice):
        opts = card.options(dice)
        cats = card.rules.categories
        return sorted(((100 * (13 - b), b) for b in range(13) if cats[b] in opts), reverse=True)


def test_points_lost_analysis_after_the_game():
    s = new_session(dice=ScriptedDice(seed=5), advisor_factory=lambda r: OptionsAdvisor())
    s.start()
    app = s.app
    while not app.game.over:
        s.press(A.OK, A.OK, A.OK, A.OK)            # three rolls holding nothing, the card
        s.press(A.OK)                              # the box with the most points
        if app.dialog == ui_app.DLG_ZERO:
            s.press(A.OK)
    while app.scene != ui_app.ANALYSIS:
        s.press(A.OK)
    assert app.items == ['P1']
    # 26 re-rolls keeping nothing lose 50 hundredths each against keeping all five;
    # boxes lose 100 for every open box with a lower index than the one chosen
    lost = app._points_lost(OptionsAdvisor())[0]
    assert lost >= 26 * 50 and (lost - 26 * 50) % 100 == 0
    assert app.values == ['%d.%02d' % (lost // 100, lost % 100)]
    holds = [d for d in app.decisions() if d[1] == 'hold']
    assert len(holds) == 26 and all(d[4] == (0, 0, 0, 0, 0) for d in holds)
