"""Every ruleset in the app beyond Yahtzee's own rules, and duplicate play: the setup,
saves in nvm (Triple Yahtzee's large games), the end of a game won at once (Generala
served), records per ruleset; the play and card screens: Triple Yahtzee's three
columns (labels, the 128x64 grid and its cursor keys, the 128x32 list), Generala's
served points and instant win, Kismet's tiered bonus and die colours, the Kniffel
bonus."""

import pytest
from PIL import ImageChops

import yahtzee_core as yc
from tools.scripted_dice import ScriptedDice
from events import actions as A
from ui import app as ui_app
from ui import codes
from hardware.flash_model import FlashNvm
from ui.saves.store import can_save
from ui_helpers import OFFERED, fill_turn, new_session, scene_state
from yahtzee_core.journal import Journal
from yahtzee_core.records import Records
from ui import turns
from ui.short_labels import SHORT
from ui import seats


NEW = ('kniffel', 'generala', 'kismet', 'triple-yahtzee')


def setup_row(app, name):
    """Put the New game cursor on the row named `name`."""
    while app.view.items[app.view.cursor] != name:
        app.move_cursor(1)


def turn(s):
    """ui_helpers.fill_turn that stops at a game won at once (Generala served), which
    needs no box filled."""
    app = s.app
    if app.scene == codes.TURN and not seats.turn_filled:
        s.press(A.OK)                               # take it and roll
        if app.game.over:
            return
    for _ in range(3):
        if app.scene != ui_app.PLAY:
            break
        s.press(A.OK)
        if app.game.over:
            return
    fill_turn(s)


def new_game_menu(s):
    app = s.app
    while app.view.items[app.view.cursor] != 'New game':
        s.press(A.DOWN)
    s.press(A.OK)
    assert app.scene == ui_app.SETUP


def resumable(session):
    app = session.app
    return app.view.title == 'Saved game found' and app.view.items[0] == 'Resume game'


# -- setup ---------------------------------------------------------------------------
def test_setup_offers_every_menu_ruleset_and_duplicate_play_which_it_remembers():
    nvm = bytearray(b'\xff' * 4096)
    s = new_session(storage=nvm)
    app = s.app
    new_game_menu(s)
    setup_row(app, 'Rules')
    row = app.view.cursor
    names = []
    for _ in range(len(OFFERED)):
        names.append(app.view.values[row])
        s.press(A.OK)
    assert names == [codes.RULES_NAMES[i] for i in codes.MENU_RULES] and len(names) == 14
    assert names[5:] == ['Kniffel', 'Generala', 'Kismet', 'Triple Yahtzee', 'Crag', 'Yamb',
                         'Maxi Yatzy', 'Balut', 'Poker Dice']
    for n in names:                                 # the row fits beside its label
        assert len('Rules') + 1 + len(n) <= 20
    assert app.view.items[row + 1] == 'Duplicate' and app.view.values[row + 1] == 'off'
    s.press(A.DOWN, A.OK)
    assert app.view.values[row + 1] == 'on' and app.settings.setup_duplicate
    app.settings.setup_rules = yc.RULESETS.index('kismet')
    s.press(A.BACK)                                 # kept in the records
    again = new_session(storage=nvm)
    assert again.app.settings.setup_duplicate and again.app.settings.setup_rules == yc.RULESETS.index('kismet')
    new_game_menu(again)
    assert again.app.view.values[again.app.view.items.index('Duplicate')] == 'on'


@pytest.mark.parametrize('name', OFFERED)
def test_setup_offers_a_perfect_computer_only_where_the_ruleset_is_solved(name):
    """Level perfect needs perfect play (rules.solved): where no solver can solve the
    ruleset, setup's levels skip it and a perfect seat kept from another ruleset
    plays good, called so, without the fallback note holding its first turn."""
    s = new_session(dice=ScriptedDice(seed=3))
    app = s.app
    app.settings.setup_rules = yc.RULESETS.index(name)
    app.settings.setup_players = 2
    app.settings.setup_kinds[1] = 1
    new_game_menu(s)
    solved = yc.ruleset(name).solved
    seat = app.view.cursor + 2
    assert app.view.items[seat].strip() == ('Pro2' if solved else 'Good2')
    want = [k for k in codes.KIND_NAMES if solved or k != 'CPU perfect']
    levels = []
    for _ in range(len(want)):
        levels.append(app.view.values[seat])
        app.view.cursor = seat
        s.press(A.OK)
    assert sorted(levels) == sorted(want) and app.view.values[seat] == levels[0]   # round
    s.start_game(name, (1, 0))      # (a perfect seat as kept from a solved ruleset)
    assert app.game.players[0] == ('perfect' if solved else 'good')
    assert app.scene == ui_app.CPU
    s.wait(3 * app.settings.step_ms)         # its first steps: no note in the way (this
    if not solved:                  # session has no table: a solved one's perfect says so)
        assert app.dialog == ui_app.DLG_NONE and app.game.rolled


@pytest.mark.parametrize('name', NEW)
def test_a_duplicate_game_of_each_new_ruleset_starts_saves_and_resumes(name):
    nvm = bytearray(b'\xff' * 4096)
    s = new_session(storage=nvm, dice=ScriptedDice(seed=5))
    s.app.settings.setup_duplicate = True
    s.start(players=2, rules=yc.RULESETS.index(name))
    app = s.app
    g = app.game
    assert g.rules.name == name and g.round_dice is not None and app.saved
    s.press(A.OK)                                   # P1 takes the device, rolls
    back = new_session(storage=nvm, dice=ScriptedDice(seed=6))
    assert resumable(back)
    back.press(A.OK)
    assert back.app.game.to_bytes() == g.to_bytes()
    assert bytes(back.app.game.round_dice) == bytes(g.round_dice)


def test_duplicate_play_deals_every_seat_the_same_dice_and_says_so():
    s = new_session(dice=ScriptedDice(seed=11))
    s.app.settings.setup_duplicate = True
    s.start(players=2, rules=yc.RULESETS.index('generala'))
    app = s.app
    g = app.game
    rolls = []
    for seat in range(2):
        assert app.scene == codes.TURN and g.current == seat
        s.press(A.OK)                               # take the device, first roll
        first = bytes(g.dice)
        s.press(A.HOLD_1, A.HOLD_2, A.OK)           # the same holds, the second roll
        rolls.append((first, bytes(g.dice)))
        if seat == 0:
            s.press(A.BACK)                         # the pause menu names the mode
            assert app.scene == ui_app.PAUSE and app.view.title_right == 'R1 Dup'
            app.view.cursor = scene_state('menus').menu_codes.index(16)   # Standings
            s.press(A.OK)
            assert app.scene == codes.STANDINGS and app.view.title_right == 'R1 Dup'
            s.press(A.BACK, A.BACK)                 # standings, pause: the dice again
            assert app.scene == ui_app.PLAY
        turn(s)
    assert rolls[0] == rolls[1]
    assert rolls[0][0] == bytes(g.round_dice[:5])   # roll k of the turn: round_dice[5k..]


def test_plain_play_does_not_mark_the_round():
    s = new_session(dice=ScriptedDice(seed=11))
    s.start(players=2)
    s.press(A.OK, A.OK, A.BACK)
    assert s.app.scene == ui_app.PAUSE and s.app.view.title_right == 'R1'


# -- saves: Triple Yahtzee's large games ----------------------------------------------
def test_an_eight_seat_triple_yahtzee_game_saves_beside_the_records_and_names():
    nvm = FlashNvm("rp2040")
    s = new_session(storage=nvm, dice=ScriptedDice(seed=2))
    s.start(players=1)                              # a Yahtzee game, then a new one
    s.press(A.OK)
    before = Records.from_bytes(Journal(nvm).payload(Journal(nvm).at[1]))
    big = new_session(storage=nvm, dice=ScriptedDice(seed=3))
    assert resumable(big)
    big.app.settings.setup_duplicate = True
    big.start(players=8, rules=yc.RULESETS.index('triple-yahtzee'))
    app = big.app
    assert app.dialog == ui_app.DLG_NONE            # no "Power off loses" note: it fits
    big.press(A.OK)                                 # P1 takes the device, rolls
    # the records hold the same results (only the setup changed)
    assert app.records.high == before.high and app.records.games == before.games
    assert app.records.setup_players == 8
    back = new_session(storage=nvm, dice=ScriptedDice(seed=4))
    assert resumable(back)
    back.press(A.OK)
    assert back.app.game.to_bytes() == app.game.to_bytes()
    assert len(back.app.game.players) == 8 and back.app.game.round_dice is not None
    assert back.app.records.setup_players == 8


def test_a_small_nvm_plays_a_big_triple_game_without_saves():
    nvm = FlashNvm("rp2040", 256)                   # a SAMD21's nvm
    s = new_session(storage=nvm, dice=ScriptedDice(seed=2))
    s.start(players=1)
    s.press(A.OK)
    assert resumable(new_session(storage=nvm))
    t = new_session(storage=nvm, dice=ScriptedDice(seed=3))
    app = t.app
    app.settings.setup_rules = yc.RULESETS.index('triple-yahtzee')
    assert can_save(app, 3) and can_save(app, 4) and not can_save(app, 5)
    new_game_menu(t)
    app.settings.setup_players = 5
    app.go(ui_app.SETUP, t.now)
    assert app.view.values[-1] == 'no save'
    t.press(A.BACK)
    t.start(players=5, rules=yc.RULESETS.index('triple-yahtzee'))
    assert app.dialog == ui_app.DLG_NOTE
    assert app.view.dialog_lines[:2] == ['Power off loses', 'this game: no room']
    t.press(A.OK, A.OK)                             # close the note, take the device, roll
    assert app.game.rolls_left == 2
    assert not resumable(new_session(storage=nvm))  # nor the old game in its place


# -- Generala served: the game won at once ---------------------------------------------
class KeepAllBot:
    """A computer player that keeps its first roll and takes the first open box (the
    real bots of the new rulesets are another part's)."""

    def choose_hold(self, card, dice, rolls_left):
        return (1, 1, 1, 1, 1)

    def choose_box(self, card, dice):
        return list(card.scores).index(255)


def test_a_computer_that_rolls_generala_served_wins_at_once_and_nothing_is_recorded():
    s = new_session(dice=ScriptedDice(script=[4] * 5, seed=1),
                    bot_factory=lambda level, rules: KeepAllBot())
    s.start(players=2, kinds=(2, 0), rules=yc.RULESETS.index('generala'))
    app = s.app
    assert app.scene == ui_app.CPU
    for _ in range(10):
        s.wait(600)
        if app.scene != ui_app.CPU:
            break
    g = app.game
    assert g.winner == 0 and g.over
    assert app.scene == ui_app.CPU      # the dice and who won stay on show until OK
    s.press(A.OK)
    assert app.scene == ui_app.OVER
    assert app.view.title == 'GENERALA SERVIDA'
    assert app.view.items[0] == 'Good1 wins'
    assert app.view.items[1:] == ['1. Good1', '2. P2'] and app.view.values[1:] == ['0', '0']
    # cards unfinished: no high score, no lifetime stats, nothing to resume
    assert app.records.games == 0 and app.records.high == [] and not app.pending_high
    assert app.saves.journal.game_at < 0 and not app.saved
    s.press(A.OK)
    assert app.scene == ui_app.MENU


def test_a_human_generala_served_ends_the_game_with_that_name_first():
    s = new_session(dice=ScriptedDice(script=[1, 2, 3, 4, 6] * 3 + [6] * 5, seed=1))
    s.start(players=2, rules=yc.RULESETS.index('generala'))
    app = s.app
    turn(s)                                         # P1: a plain turn
    s.press(A.OK)                                   # P2 takes the device: 6 6 6 6 6
    g = app.game
    assert g.winner == 1 and g.over
    app.go(ui_app.PLAY, s.now)                      # the dice scene hands an over game on
    assert app.scene == ui_app.OVER
    assert app.view.title == 'GENERALA SERVIDA' and app.view.items[0] == 'P2 wins'
    assert app.view.items[1] == '1. P2'                  # first whatever the totals
    assert app.view.items[2] == '2. P1' and app.view.values[2] == '%d' % g.cards[0].total
    assert app.records.games == 0 and app.records.high == []


def test_a_served_hand_that_is_not_generala_is_a_normal_turn():
    s = new_session(dice=ScriptedDice(script=[2, 3, 4, 5, 6], seed=1))
    s.start(rules=yc.RULESETS.index('generala'))
    app = s.app
    s.press(A.OK)                                   # straight on the first roll: +5
    assert app.game.winner == -1 and not app.game.over
    assert app.game.options()['straight'] == 25


# -- game over: records and percentiles ------------------------------------------------
@pytest.mark.parametrize('name', NEW)
def test_a_finished_game_of_each_new_ruleset_is_recorded_under_its_own_id(name):
    from tools.percentile_table import table_for
    rules = yc.ruleset(name)
    s = new_session(dice=ScriptedDice(seed=31), percentile_path=table_for)
    s.start(rules=rules.id)
    app = s.app
    for _ in range(rules.rounds):
        turn(s)
        if app.game.over:
            break
    if app.scene == ui_app.PLAY:
        app.go(ui_app.PLAY, s.now)      # a game won at once: the dice scene hands it on
    assert app.scene == ui_app.OVER and app.game.over
    g = app.game
    total = g.cards[0].total
    if g.winner >= 0:       # a served Generala on the way: nothing recorded (see above)
        assert app.records.games == 0
        return
    assert app.view.title == 'Game over' and app.view.items[0] == '1. P1'
    # no percentile table for the ruleset yet: the ranking alone, no "better than"
    if table_for(name) is None:
        assert app.view.items == ['1. P1'] and app.view.values == ['%d' % total]
    assert app.records.games == 1 and app.records.points == total
    assert app.records.high[0][0] == total and app.records.high[0][2] == rules.id
    s.press(A.OK)                                   # initials
    s.press(A.OK, A.OK, A.OK)
    again = Records.from_bytes(app.records.to_bytes())
    assert again.high == app.records.high
    # the high-score page names the ruleset
    app.page = 0
    app.go(ui_app.SCORES, s.now)
    assert app.view.title_right == codes.RULES_NAMES[rules.id]
    assert len(app.view.title) + 1 + len(app.view.title_right) <= 21


def test_handover_lines_name_triple_yahtzees_column_and_fit_the_screen():
    from ui.turns import note_fill
    s = new_session(dice=ScriptedDice(seed=3))
    s.start(players=2, kinds=(0, 2), rules=yc.RULESETS.index('triple-yahtzee'))
    app = s.app
    rules = app.game.rules
    for b in range(rules.n_boxes):
        note_fill(app, 1, b, 495)   # the most one fill gains: Sixes x3, bonus, Yahtzee bonus
        line = seats.summaries[-1]
        label = rules.labels.split('|')[b % 13]
        name, _, rest = line.partition(': ')
        shown, column, points = rest.rsplit(' ', 2)
        assert name == 'Good2' and column == 'x%d' % (b // 13 + 1) and points == '495'
        assert shown in (label,) + SHORT.get(label, ()), line  # a name, not a cut one
        assert len(line) <= app.settings.text_cols, line
    plain = new_session(dice=ScriptedDice(seed=3))
    plain.start(players=2, rules=yc.RULESETS.index('kismet'))
    note_fill(plain.app, 0, 11, 37)
    assert seats.summaries[-1] == 'P1: Full colour 37'


class BoxBot(KeepAllBot):
    def __init__(self, box):
        self.box = box

    def choose_box(self, card, dice):
        return self.box


def test_a_computer_announces_a_served_hand_with_its_bonus_and_scores_it():
    straight = yc.ruleset('generala').box_index('straight')
    s = new_session(dice=ScriptedDice(script=[3, 4, 5, 6, 1], seed=1),
                    bot_factory=lambda level, rules: BoxBot(straight))
    s.start(players=2, kinds=(2, 0), rules=yc.RULESETS.index('generala'))
    app = s.app
    said = []
    for _ in range(10):
        s.wait(600)
        said.append(app.view.line_a + '|' + app.view.line_b)
        if app.game.current != 0:
            break
    assert any('Straight: 25' in t for t in said), said     # 3-4-5-6-1, served
    assert app.game.cards[0].scores[straight] == 25


def test_a_computer_announces_triple_yahtzees_column():
    s = new_session(dice=ScriptedDice(script=[2, 2, 3, 3, 3], seed=1),
                    bot_factory=lambda level, rules: BoxBot(34))    # full_house_3
    s.start(players=2, kinds=(2, 0), rules=yc.RULESETS.index('triple-yahtzee'))
    app = s.app
    said = []
    for _ in range(3):              # roll, keep all, announce (the fill is the card's)
        s.wait(600)
        said.append(app.view.line_a + '|' + app.view.line_b)
    assert 'Full house x3: 75' in said[-1], said


# -- each ruleset's play and card screens ------------------------------------------------

OPEN = 255


def game(rules, kinds=(0, 0), height=64, dice=(), seed=5, **kw):
    s = new_session(height=height, dice=ScriptedDice(script=list(dice), seed=seed), **kw)
    s.start_game(rules, kinds=kinds)
    if s.app.scene == codes.TURN:
        take_unrolled(s)
    assert s.app.scene == ui_app.PLAY
    return s


def take_unrolled(s):
    """The first seat at its dice before its first roll, as the handover's OK leaves
    it but for the roll it makes at once (these tests script every roll)."""
    app = s.app
    app.game.pass_turn()
    seats.turn_taken = True
    app.go(ui_app.PLAY, s.now)


def box(rules, name):
    return yc.ruleset(rules).categories.index(name)


# -- Triple Yahtzee ---------------------------------------------------------------
def test_triple_box_names_say_their_column_and_fit_where_they_are_shown():
    s = game('triple-yahtzee')
    app = s.app
    assert app.box_label(box('triple-yahtzee', 'aces_1')) == 'Aces x1'
    assert app.box_label(box('triple-yahtzee', 'twos_2')) == 'Twos x2'
    assert app.box_label(box('triple-yahtzee', 'large_straight_3')) == 'Lg straight x3'
    # cut to fit, the column kept: a hint's "Score ..." in an 18-column dialog
    assert app.box_label(box('triple-yahtzee', 'large_straight_3'), 12) == 'Lg str x3'
    # the other rulesets' names are unchanged
    other = game('kniffel').app
    assert other.box_label(box('kniffel', 'kleine_strasse')) == 'Kl. Strasse'


def test_triple_card_lists_each_box_with_its_three_columns_side_by_side():
    s = game('triple-yahtzee', height=32, dice=(6, 6, 6, 2, 2))
    app = s.app
    s.press(A.OK, A.DOWN)                           # roll, the card (a list on 128x32)
    assert app.scene == ui_app.CARD and app.view.kind == ui_app.VIEW_LIST
    fh = app.view.items.index('Full house x1')
    assert app.view.items[fh:fh + 3] == ['Full house x1', 'Full house x2', 'Full house x3']
    assert app.view.values[fh:fh + 3] == ['(25)', '(50)', '(75)']   # multiplied
    assert [app.rows[fh + c] for c in range(3)] == [box('triple-yahtzee', 'full_house_%d' % m)
                                                    for m in (1, 2, 3)]
    assert app.view.items[app.view.cursor] == 'Full house x3'          # the most points
    assert app.view.items[39:] == ['Upper x1', 'Upper x2', 'Upper x3', 'Bonus',
                              'Yahtzee bonus', 'Total']
    s.press(A.OK)                                   # fill it: 75 on the card
    assert app.game.cards[0].scores[box('triple-yahtzee', 'full_house_3')] == 75


def test_triple_columns_upper_par_and_bonus_per_column():
    s = game('triple-yahtzee')
    app = s.app
    card = app.game.cards[0]
    for b in range(6):                              # column x2: 3 of each face, x2
        card.scores[13 + b] = 2 * 3 * (b + 1)       # 63 of the dice: its bonus, 70
    card.scores[26] = 3 * 4                         # column x3: four aces, x3
    app.go(ui_app.CARD, s.now)                      # the card before a roll
    assert app.scene == ui_app.CARD
    up = app.view.items.index('Upper x1')
    assert app.view.values[up:up + 4] == ['0 +0', '63 +0', '4 +1', '70']
    from ui.families.triple.card import par
    assert par(card) == 1 and card.upper_bonus == 70
    s.image()


def test_triple_grid_keys_move_down_columns_and_along_rows_on_every_board():
    s = game('triple-yahtzee')
    app = s.app
    app.go(ui_app.CARD, s.now)                      # the card before a roll: any box
    assert app.view.kind == ui_app.VIEW_CARD and app.view.cursor == 0     # Aces x1
    s.press(A.HOLD_2)                               # down the column: Twos x1
    assert app.rows[app.view.cursor] == box('triple-yahtzee', 'twos_1')
    s.press(A.HOLD_5)                               # along the row: Twos x2
    assert app.rows[app.view.cursor] == box('triple-yahtzee', 'twos_2')
    s.press(A.DOWN, A.RIGHT)                        # the same with a d-pad: Threes x3
    assert app.rows[app.view.cursor] == box('triple-yahtzee', 'threes_3')
    s.press(A.RIGHT)                                # past the row's end: Fours x1
    assert app.rows[app.view.cursor] == box('triple-yahtzee', 'fours_1')
    s.press(A.HOLD_1, A.HOLD_1, A.HOLD_1, A.HOLD_1)  # up past the top: Chance x3
    assert app.rows[app.view.cursor] == box('triple-yahtzee', 'chance_3')
    s.press(A.HOLD_4)                               # back along the row: Chance x2
    assert app.rows[app.view.cursor] == box('triple-yahtzee', 'chance_2')
    # after a roll the cursor stops only on open boxes, in both directions
    s.press(A.BACK)
    card = app.game.cards[0]
    card.scores[box('triple-yahtzee', 'aces_2')] = 2
    card.scores[box('triple-yahtzee', 'twos_1')] = 4
    s.press(A.OK, A.DOWN)
    app.view.cursor = 0                                  # Aces x1
    s.press(A.HOLD_5)                               # Aces x2 is filled: Aces x3
    assert app.rows[app.view.cursor] == box('triple-yahtzee', 'aces_3')
    app.view.cursor = 0
    s.press(A.HOLD_2)                               # Twos x1 is filled: Threes x1
    assert app.rows[app.view.cursor] == box('triple-yahtzee', 'threes_1')


def test_triple_grid_shows_every_box_and_redraws_a_cursor_move_like_a_full_draw():
    from ui.families.triple.grid import grid_layout
    s = game('triple-yahtzee', dice=(6, 6, 6, 2, 2))
    app = s.app
    s.press(A.OK, A.DOWN)
    layout = grid_layout(app, '6 6 6 2 2')
    cells = sorted(line[3] for line in layout if line[3] >= 0)
    assert cells == list(range(39))                 # every box a cell, each once
    for x, y, w, i, text, tx in layout:
        assert 0 <= x and x + w <= 128 and y + 6 <= 64
        assert tx >= x and tx + 4 * len(text) - 1 <= x + w     # the text in its cell
        if i >= 0:
            assert text == app.view.values[i]
    # (75) in the x3 column of full house, right of the (25) and (50)
    fh = [line for line in layout if line[3] >= 0 and app.view.items[line[3]] == 'Full house']
    assert [line[4] for line in sorted(fh)] == ['(25)', '(50)', '(75)']
    for key in (A.HOLD_2, A.HOLD_5, A.HOLD_5, A.HOLD_1, A.HOLD_4, A.RIGHT):
        s.press(key)
        moved = s.image()
        s.views.card.version = -1                   # force the full redraw
        assert ImageChops.difference(moved, s.image()).getbbox() is None


def test_triple_joker_and_its_moment_are_multiplied():
    s = game('triple-yahtzee', dice=(4, 4, 4, 4, 4))
    app = s.app
    card = app.game.cards[0]
    for c in range(3):                              # every Yahtzee box and every Fours
        card.scores[13 * c + 11] = 50 * (c + 1)     # (x1 scratched below: no bonus)
        card.scores[13 * c + 3] = 12 * (c + 1)
    card.scores[11] = 0
    s.press(A.OK)
    s.wait(1500)                                    # the Yahtzee's banner is gone
    fh2 = box('triple-yahtzee', 'full_house_2')
    turns.fill_box(app, fh2, s.now)
    assert card.scores[fh2] == 50 and app.view.moment == codes.MOMENT_JOKER


def test_handover_and_standings_texts_fit_the_screen_with_triple_names():
    s = game('triple-yahtzee', kinds=(0, 0, 0))
    app = s.app
    from ui.scenes import turn as scene_turn
    turns.note_fill(app, 0, box('triple-yahtzee', 'large_straight_3'), 120)
    assert seats.summaries[-1] == 'P1: Lg str x3 120'     # 'Lg straight x3' is too long
    turns.note_fill(app, 1, box('triple-yahtzee', 'three_of_a_kind_2'), 48)
    assert len(seats.summaries[-1]) <= app.settings.text_cols and seats.summaries[-1].endswith(' x2 48')
    app.game.cards[1].scores[37] = 150              # P2: 1500 ahead
    app.game.cards[1].bonus_count = 15
    text = scene_turn.standing_text(app, 0)
    assert text.startswith('2nd, ') and len(text) <= app.settings.text_cols, text


def test_hint_and_coach_texts_fit_their_dialog_line():
    s = game('triple-yahtzee')
    app = s.app
    from ui import coach
    for b in range(39):
        assert len(coach.describe(app, 0, b)) <= 18


# -- Generala ---------------------------------------------------------------------
def test_generala_potentials_include_the_served_bonus_on_the_first_roll_only():
    s = game('generala', dice=(3, 4, 5, 6, 1, 3, 4, 5, 6, 1))
    app = s.app
    s.press(A.OK, A.DOWN)                           # the first roll: served
    straight = app.view.items.index('Straight')
    assert app.view.values[straight] == '(25)' and app.view.items[app.view.cursor] == 'Straight'
    s.press(A.BACK, A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5, A.OK)
    s.press(A.BACK)
    for i in range(5):
        app.game.release(i)
    s.press(A.OK, A.DOWN)                           # the same straight, second roll
    assert app.game.rolls_left == 1 and app.view.values[straight] == '(20)'


def test_generala_served_wins_at_once_banner_then_ranking():
    s = game('generala', kinds=(0, 0), dice=(2, 2, 3, 4, 6, 6, 6, 6, 6, 6))
    app = s.app
    s.press(A.OK, A.DOWN, A.OK)                     # P1: sixes 6
    s.press(A.OK, A.OK)                             # pass; P2 takes it, rolls: five sixes
    g = app.game
    assert g.winner == 1 and g.over and app.scene == ui_app.PLAY
    assert app.view.moment == codes.MOMENT_SERVIDA
    assert (app.view.line_a, app.view.line_b) == ('P2 wins!', 'OK: results')
    s.image()
    assert s.views.moment_label.text == 'GENERALA SERVIDA' and not s.views.moment_group.hidden
    s.press(A.HOLD_1, A.DOWN, A.HINT, A.UP)         # nothing else happens
    assert app.scene == ui_app.PLAY and g.cards[1].filled == {}
    s.press(A.OK)
    assert app.scene == ui_app.OVER
    assert app.view.title == 'GENERALA SERVIDA'
    assert app.view.items[:3] == ['P2 wins', '1. P2', '2. P1']
    assert app.view.values[:3] == ['', '0', '6']


# -- Kismet, Kniffel ---------------------------------------------------------------
def test_kismet_card_shows_the_bonus_tiers_and_each_dies_colour():
    s = game('kismet', dice=(1, 2, 3, 4, 6))
    app = s.app
    s.press(A.OK, A.DOWN)
    assert 'Bonus +35/55/75' in app.view.items
    assert app.view.footer.endswith('  1B 2R 3G 4G 6B')
    from ui.views.card import card_layout
    texts = [t for _, _, _, t in card_layout(app)]
    assert '+35/55/75     0' in texts and '1B 2R 3G 4G 6B' in texts
    card = app.game.cards[0]
    for b, v in enumerate((3, 6, 12, 16, 20, 24)):  # 81: the top tier
        card.scores[b] = v
    s.press(A.BACK, A.DOWN)
    assert app.view.values[app.view.items.index('Bonus +35/55/75')] == '75'


def test_kniffel_bonus_row_and_banners_use_the_rulesets_name():
    s = game('kniffel', kinds=(0,), dice=(5,) * 10)
    app = s.app
    s.press(A.OK)
    s.image()
    assert s.views.moment_label.text == 'KNIFFEL!'
    s.press(A.DOWN)
    assert 'Kniffel bonus' in app.view.items
    s.app.view.cursor = app.view.items.index('Kniffel')
    s.press(A.OK)                                   # Kniffel 50
    s.wait(1500).press(A.OK, A.DOWN)                # five fives again: Fuenfer, +50
    assert app.view.items[app.view.cursor] == 'Fuenfer'
    s.press(A.OK)
    assert app.view.moment == codes.MOMENT_BONUS
    s.image()
    assert s.views.moment_label.text == 'KNIFFEL BONUS!'


# -- the undo record keeps 2 bits of bonus units (Triple Yahtzee pays 1 to 3) ----------
@pytest.mark.parametrize('box, units', (('fours_2', 2), ('fours_3', 3)))
def test_a_game_saves_right_after_a_human_fill_that_paid_a_triple_yahtzee_bonus(box, units):
    g = yc.Game('triple-yahtzee', 1, ScriptedDice(script=[4] * 5))
    card = g.cards[0]
    for c in range(3):                              # all three Yahtzee boxes hold points
        card.scores[13 * c + 11] = 50 * (c + 1)
    g.round = 4                                     # three turns played, three Yahtzees
    g.yahtzees[0] = 3
    g.roll()
    assert g.fill(box) == (20 + 100) * units        # 5 x 4 x column, and 100 x column
    assert g.last_fill[1] == units                  # the bonus units to undo
    back = yc.Game.from_bytes(g.to_bytes())
    assert back.last_fill == g.last_fill
    back.undo()
    assert back.cards[0].bonus_count == 0
    assert back.cards[0].scores[g.rules.box_index(box)] == OPEN


@pytest.mark.parametrize('height', [64, 32])
@pytest.mark.parametrize('rules', ['yahtzee', 'generala', 'yacht'])
def test_upper_par_shows_only_where_an_upper_bonus_is_chased(rules, height):
    """Par ("6 up" against three of each face) in the card's Upper row, its footer and
    the standings only in rulesets with an upper bonus (Generala and Yacht have none)."""
    s = new_session(width=128, height=height, dice=ScriptedDice(script=[2, 2, 2, 2, 5], seed=3))
    s.start(players=2, rules=yc.RULESETS.index(rules))
    app = s.app
    bonus = yc.ruleset(rules).upper_bonus > 0
    s.press(A.OK)                                   # take the device, roll: four 2s
    s.press(A.DOWN)
    while app.rows[app.view.cursor] != 1:                # Twos: 8, par +2
        s.press(A.DOWN)
    s.press(A.OK)
    if app.scene == codes.TURN:
        s.press(A.OK)                               # pass the device on
    s.press(A.OK)                                   # P2 takes it, rolls
    s.press(A.STANDINGS)
    assert app.scene == codes.STANDINGS
    p1 = app.view.items[[i for i in range(2) if 'P1' in app.view.items[i]][0]]
    assert ('+2' in p1) == bonus
    s.press(A.DOWN if 'P1' in app.view.items[1] else A.UP)
    s.press(A.OK)                                   # P1's card
    upper = app.view.values[app.view.items.index('Upper')]
    assert upper == ('8 +2' if bonus else '8')
    assert app.view.footer.startswith('Up 8 +2' if bonus else 'Up 8 ')


@pytest.mark.parametrize('height', [64, 32])
@pytest.mark.parametrize('rules', ['yahtzee', 'yacht', 'kniffel', 'generala', 'kismet', 'yatzy'])
def test_card_labels_are_names_beside_a_value(rules, height):
    """No box's label is cut where its score or potential shows: the whole card on
    128x64 ("3 OF KIND (30)", "2 PAIR COL (15)": written short names), the list on 128x32
    (label and value side by side in its 20 columns), filled or not."""
    from ui.views.card import card_layout, _CARD_COLS
    s = new_session(width=128, height=height, dice=ScriptedDice(seed=4))
    s.start(rules=yc.RULESETS.index(rules))
    app = s.app
    r = yc.ruleset(rules)
    labels = r.labels.split('|')
    for _ in range(3):                              # some boxes filled
        fill_turn(s)
    app.game.rng = ScriptedDice(script=[5, 5, 5, 5, 6])
    s.press(A.OK, A.DOWN)                           # a roll: potentials in brackets
    assert app.scene == ui_app.CARD
    if height == 32:
        for b in range(r.n_boxes):
            i = app.rows.index(b)
            assert app.view.items[i] == labels[b]
            assert len(app.view.items[i]) + 1 + len(app.view.values[i]) <= 20
        return
    shown = 0
    for col, row, i, text in card_layout(app):
        if 0 <= i < r.n_boxes:
            assert len(text) == _CARD_COLS
            label = text[:len(text) - len(app.view.values[i])].rstrip()
            full = labels[app.rows[i]]
            assert label in (full,) + SHORT.get(full, ()), text
            shown += 1
    assert shown == r.n_boxes


# -- Balut ----------------------------------------------------------------------------
def test_balut_box_names_say_their_cell_and_the_list_has_each_categorys_points():
    s = game('balut', height=32)
    app = s.app
    assert app.box_label(box('balut', 'fours_1')) == 'Fours 1'
    assert app.box_label(box('balut', 'straight_3')) == 'Straight 3'
    card = app.game.cards[0]
    for name, dice in (('fours_1', (4, 4, 4, 4, 4)), ('fours_2', (4, 4, 4, 4, 4)),
                       ('fours_3', (4, 4, 4, 1, 2)), ('balut_2', (6, 6, 6, 6, 6))):
        card.fill(name, dice)
    app.go(ui_app.CARD, s.now)
    # the list: a category's four cells side by side, then each category's goal,
    # total and points, the total's points and the card's points
    assert app.view.items[:5] == ['Fours 1', 'Fours 2', 'Fours 3', 'Fours 4', 'Fives 1']
    assert app.view.values[:4] == ['20', '20', '12', '']
    assert [app.rows[r] for r in range(8)] == [0, 7, 14, 21, 1, 8, 15, 22]
    row = app.view.items.index('Fours 52+')
    assert app.view.values[row] == '52 2p' and app.rows[row] == -1
    assert app.view.values[app.view.items.index('Balut each')] == '50 2p'
    assert app.view.values[app.view.items.index('Straight all')] == '0 0p'
    assert app.view.values[app.view.items.index('Total')] == '102 -2p'
    points = card.rules.game_points(card.scores)
    assert app.view.values[app.view.items.index('Points')] == '%d' % points == '2'
    assert app.view.title_right == '102 2p'
    for text in app.view.items + app.view.values:
        assert len(text) <= 17


def test_balut_grid_shows_every_cell_and_redraws_a_cursor_move_like_a_full_draw():
    from ui.families.cells.grid import grid_layout
    s = game('balut', dice=(2, 2, 5, 5, 5))
    app = s.app
    s.press(A.OK, A.DOWN)
    assert app.scene == ui_app.CARD and app.view.kind == ui_app.VIEW_CARD
    layout = grid_layout(app, '2 2 5 5 5')
    cells = sorted(line[3] for line in layout if line[3] >= 0)
    assert cells == list(range(28))                 # every box a cell, each once
    for x, y, w, i, text, tx in layout:
        assert 0 <= x and x + w <= 128 and y + 6 <= 64
        if i != -2:
            assert tx >= x and tx + 4 * len(text) - 1 <= x + w     # the text in its cell
        if i >= 0:
            assert text == app.view.values[i]
    # a House row: four cells of (19), then its total 0 and points 0
    house = sorted(line for line in layout if line[3] >= 0 and app.view.items[line[3]] == 'House')
    assert [line[4] for line in house] == ['(19)'] * 4
    # the cursor starts on the box that scores most (House 1: 19) and names it
    assert app.rows[app.view.cursor] == box('balut', 'house_1')
    img = s.image()
    for key in (A.HOLD_2, A.HOLD_5, A.HOLD_5, A.HOLD_1, A.HOLD_4, A.RIGHT, A.DOWN, A.UP):
        s.press(key)
        moved = s.image()
        s.views.card.version = -1                   # force the full redraw
        assert ImageChops.difference(moved, s.image()).getbbox() is None
    assert img.size == (128, 64)


def test_balut_grid_keys_move_down_categories_and_along_cells():
    s = game('balut')
    app = s.app
    app.go(ui_app.CARD, s.now)                      # before a roll: any cell
    assert app.view.kind == ui_app.VIEW_CARD and app.view.cursor == 0        # Fours 1
    s.press(A.HOLD_2)                               # down: Fives 1
    assert app.rows[app.view.cursor] == box('balut', 'fives_1')
    s.press(A.HOLD_5, A.HOLD_5, A.HOLD_5)           # along: Fives 4
    assert app.rows[app.view.cursor] == box('balut', 'fives_4')
    s.press(A.RIGHT)                                # past the row's end: Sixes 1
    assert app.rows[app.view.cursor] == box('balut', 'sixes_1')
    s.press(A.UP, A.UP, A.UP)                       # up past the top: Balut 4's column
    assert app.rows[app.view.cursor] == box('balut', 'balut_4')
    assert app.box_label(app.rows[app.view.cursor]) == 'Balut 4'


def test_balut_standings_and_game_over_rank_points_then_total():
    s = game('balut', kinds=(0, 0, 0))
    app = s.app
    g = app.game
    fills = {0: (('choice_1', (6, 6, 6, 6, 6)),),                       # 30, -2p
             1: (('balut_1', (1, 1, 1, 1, 1)),),                        # 25, 0p
             2: (('choice_1', (6, 6, 6, 6, 5)),)}                       # 29, -2p
    for p, cells in fills.items():
        for name, dice in cells:
            g.cards[p].fill(name, dice)
    app.go(codes.STANDINGS, s.now)
    assert [line.split()[1] for line in app.view.items] == ['P2', 'P1', 'P3']
    assert app.view.items[0].split()[2] == '0p' and app.view.items[1].split()[2] == '-2p'
    assert app.view.values == ['25', '30', '29'] and app.view.footer == 'Points, boxes left'
    assert [p for _, p, _ in g.ranking()] == [1, 0, 2]


def test_balut_game_over_rates_the_points_against_level_goods_games():
    """Balut's percentile table is of the game's points in level good's sampled games
    (what its players are ranked by): game over rates a human's points, not the
    total, says 'of good CPU games', and the lifetime stats rate nothing."""
    from tools.percentile_table import table_for
    from yahtzee_core.percentiles import PerfectScores, GOOD_POINTS
    table = PerfectScores(table_for('balut'))
    assert table.play == GOOD_POINTS
    s = game('balut', kinds=(0,), dice=(6, 6, 6, 6, 6) * 3, percentile_path=table_for)
    app = s.app
    g = app.game
    card = g.cards[0]
    last = box('balut', 'balut_4')
    for b in range(28):             # every cell but Balut 4 (box = cell x 7 + category):
        if b != last:               # Fours, Fives, Choice 20 each, Sixes 12, the rest 0
            card.scores[b] = (20, 20, 12, 0, 0, 20, 0)[b % 7]
    g.round = 28
    s.press(A.OK, A.DOWN)           # five aces: Balut 4 scores 50 (its 2 points)
    assert app.scene == ui_app.CARD and app.rows[app.view.cursor] == last
    s.press(A.OK)
    assert app.scene == ui_app.OVER and g.over
    points, total = g.rules.game_points(card.scores), card.total
    # Fours 80 (52+) and Fives 80 (65+) 2p each, a balut 2p, the total 338 -1p
    assert (points, total) == (2 + 2 + 2 - 1, 338)
    assert app.view.items[0] == '1. P1' and app.view.values[0] == '%dp %d' % (points, total)
    assert app.view.items[1] == '%dp: better than %d%%' % (points, table.better_than(points))
    assert 0 < table.better_than(points) < 99 and app.view.items[2] == 'of good CPU games'
    assert len(app.view.items) == 3 and max(len(t) for t in app.view.items) <= app.settings.text_cols
    assert app.records.games == 1 and app.records.rated == 0
    while app.scene != ui_app.MENU:
        s.press(A.OK)
    while app.view.items[app.view.cursor] != 'Lifetime stats':
        s.press(A.DOWN)
    s.press(A.OK, A.OK)             # the player's Balut page: an average of totals,
    assert app.view.title_right == 'Balut' and app.view.items[1] == 'Average'
    assert 'Good CPU avg' not in app.view.items      # beside which points would mislead


@pytest.mark.parametrize('name', yc.RULESETS)
def test_card_rows_read_as_words_with_a_gap_before_the_value(name):
    """Every box name on the whole card (15 characters a column; Maxi Yatzy's three
    columns of 10 and 11) and where App.box_label cuts (the Odds' 11, hints' 12) is
    the name or one of its written short forms, never letters dropped or a word cut;
    a space always stands between a name and its value."""
    from ui.views.card import card_line
    from ui.short_labels import SHORT, fit
    rules = yc.ruleset(name)
    for label in rules.labels.split('|') + ['Upper']:
        forms = (label,) + SHORT.get(label, ())
        for cols in (15, 11, 10):
            for value in ('', '-', '(0)', '(25)', '25', '100'):
                line = card_line(label, value, cols)
                assert len(line) == cols and line.endswith(' ' + value)
                shown = line[:cols - len(value)].rstrip()
                if len(min(forms, key=len)) + 1 + len(value) <= cols:
                    assert shown in forms, (label, value, cols, line)
            # a potential keeps one name whatever its digits
            assert len({card_line(label, v, cols).split('  ')[0].split(' (')[0]
                        for v in ('(0)', '(25)', '-')}) == 1 or cols < 15, label
        for room in (11, 12):
            got = fit(label, room)
            assert len(got) <= room and (got in forms or len(min(forms, key=len)) > room)


# What the app calls on each part of a family (ui/families/__init__.py): functions every
# family with that part has, and names it has as a function or None (nothing to add).
PART_CALLS = {"card": ("card_rows",), "grid": ("grid_layout",),
              "help": ("pages", "howto", "page_of_box", "box_help")}
PART_MAYBE = {"card": ("play_texts", "move"), "grid": ("draw",)}


@pytest.mark.parametrize("name", yc.RULESETS)
def test_each_ruleset_names_its_own_screens_and_they_import(name):
    """A ruleset whose card or help the plain screens cannot show names its family's
    package (Ruleset.ui: 'families.yamb' is ui/families/yamb/), whose PARTS list the
    parts it has; the one lookup the app asks (ui.families.family) imports each, with
    what the app calls there, and answers None for a part the family has not (or any
    part, for a ruleset with no family: the plain screens)."""
    import importlib
    from pathlib import Path
    from ui.families import family
    rules = yc.ruleset(name)
    if not rules.ui:    # the plain card and help: no trait that asks for a family
        assert rules.columns == 1 and rules.cells == 1 and not rules.hands, name
        assert rules.column_orders is None and rules.goals is None, name
        assert [family(rules, part) for part in PART_CALLS] == [None] * len(PART_CALLS)
        return
    assert rules.ui.startswith("families."), rules.ui
    package = importlib.import_module("ui." + rules.ui)
    folder = Path(package.__file__).parent
    # every module of the folder is a part the lookup finds or a scene of the scene table
    scenes = {row[0].rsplit(".", 1)[1] for row in ui_app.MODULES
              if row[0].startswith(rules.ui + ".")}
    assert set(package.PARTS) | scenes == {p.stem for p in folder.glob("*.py")} - {"__init__"}
    assert set(package.PARTS) <= set(PART_CALLS) and "card" in package.PARTS, package.PARTS
    for part in PART_CALLS:
        module = family(rules, part)
        if part not in package.PARTS:
            assert module is None, part
            continue
        assert module.__name__ == "ui.%s.%s" % (rules.ui, part), module
        for fn in PART_CALLS[part]:
            assert callable(getattr(module, fn)), (part, fn)
        for fn in PART_MAYBE.get(part, ()):
            assert getattr(module, fn) is None or callable(getattr(module, fn)), (part, fn)
    card, grid = family(rules, "card"), family(rules, "grid")
    if grid is not None:    # its card shows whole as a grid: the rule, the grid's keys
        assert grid.RULE_X is None or 0 < grid.RULE_X < 128
        assert callable(card.move)
        if grid.draw is not None:   # a grid that draws its own rows scrolls them
            assert callable(grid.scroll) and callable(grid.from_top)
    # what a family's own features (asked for by the rules' traits) call on its card
    own = []
    if rules.hands:         # Poker Dice
        own += ["enter_card", "fill_note", "hint", "lines", "odds_items", "odds_chance",
                "draw_faces"]
    if rules.column_orders and not rules.hands:    # Yamb: the Odds' rows, its announce
        own += ["odds_rows", "bind"]
    if rules.columns > 1 and rules.upper_bonus and not rules.column_orders:
        own += ["par"]      # the standings' upper par of a card of columns
    for fn in own:
        assert callable(getattr(card, fn)), fn


def test_every_family_folder_is_a_rulesets():
    from pathlib import Path
    families = Path(__file__).resolve().parent.parent / "ui" / "families"
    folders = {p.name for p in families.iterdir() if (p / "__init__.py").is_file()}
    assert folders == {yc.ruleset(n).ui[len("families."):] for n in yc.RULESETS} - {""}
