"""Issue 13's play and card screens: Triple Yahtzee's three columns (labels, the
128x64 grid and its cursor keys, the 128x32 list), Generala's served points and its
instant win, Kismet's tiered bonus and die colours, the Kniffel bonus; and the app
code for each under MicroPython and CircuitPython within a fixed heap."""

import pytest
from PIL import ImageChops

import yahtzee_core as yc
from mpy_util import MICROPYTHON, ports, run_micropython
from tools.scripted_dice import ScriptedDice
from ui import actions as A
from ui import app as ui_app
from ui import codes
from ui import scene_card
from ui_helpers import new_session

OPEN = 255


def game(rules, kinds=(0, 0), height=64, dice=(), seed=5, **kw):
    s = new_session(height=height, dice=ScriptedDice(script=list(dice), seed=seed), **kw)
    s.start_game(rules, kinds=kinds)
    if s.app.scene == codes.TURN:
        s.press(A.OK)                               # take the device
    assert s.app.scene == ui_app.PLAY
    return s


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
    assert app.box_label(box('triple-yahtzee', 'large_straight_3'), 12) == 'Lg straig x3'
    # the other rulesets' names are unchanged
    other = game('kniffel').app
    assert other.box_label(box('kniffel', 'kleine_strasse')) == 'Kl. Strasse'


def test_triple_card_lists_each_box_with_its_three_columns_side_by_side():
    s = game('triple-yahtzee', height=32, dice=(6, 6, 6, 2, 2))
    app = s.app
    s.press(A.OK, A.DOWN)                           # roll, the card (a list on 128x32)
    assert app.scene == ui_app.CARD and app.view == ui_app.VIEW_LIST
    fh = app.items.index('Full house x1')
    assert app.items[fh:fh + 3] == ['Full house x1', 'Full house x2', 'Full house x3']
    assert app.values[fh:fh + 3] == ['(25)', '(50)', '(75)']   # multiplied
    assert [app.rows[fh + c] for c in range(3)] == [box('triple-yahtzee', 'full_house_%d' % m)
                                                    for m in (1, 2, 3)]
    assert app.items[app.cursor] == 'Full house x3'          # the most points
    assert app.items[39:] == ['Upper x1', 'Upper x2', 'Upper x3', 'Bonus',
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
    up = app.items.index('Upper x1')
    assert app.values[up:up + 4] == ['0 +0', '63 +0', '4 +1', '70']
    from ui.triple import par
    assert par(card) == 1 and card.upper_bonus == 70
    s.image()


def test_triple_grid_keys_move_down_columns_and_along_rows_on_every_board():
    s = game('triple-yahtzee')
    app = s.app
    app.go(ui_app.CARD, s.now)                      # the card before a roll: any box
    assert app.view == ui_app.VIEW_CARD and app.cursor == 0     # Aces x1
    s.press(A.HOLD_2)                               # down the column: Twos x1
    assert app.rows[app.cursor] == box('triple-yahtzee', 'twos_1')
    s.press(A.HOLD_5)                               # along the row: Twos x2
    assert app.rows[app.cursor] == box('triple-yahtzee', 'twos_2')
    s.press(A.DOWN, A.RIGHT)                        # the same with a d-pad: Threes x3
    assert app.rows[app.cursor] == box('triple-yahtzee', 'threes_3')
    s.press(A.RIGHT)                                # past the row's end: Fours x1
    assert app.rows[app.cursor] == box('triple-yahtzee', 'fours_1')
    s.press(A.HOLD_1, A.HOLD_1, A.HOLD_1, A.HOLD_1)  # up past the top: Chance x3
    assert app.rows[app.cursor] == box('triple-yahtzee', 'chance_3')
    s.press(A.HOLD_4)                               # back along the row: Chance x2
    assert app.rows[app.cursor] == box('triple-yahtzee', 'chance_2')
    # after a roll the cursor stops only on open boxes, in both directions
    s.press(A.BACK)
    card = app.game.cards[0]
    card.scores[box('triple-yahtzee', 'aces_2')] = 2
    card.scores[box('triple-yahtzee', 'twos_1')] = 4
    s.press(A.OK, A.DOWN)
    app.cursor = 0                                  # Aces x1
    s.press(A.HOLD_5)                               # Aces x2 is filled: Aces x3
    assert app.rows[app.cursor] == box('triple-yahtzee', 'aces_3')
    app.cursor = 0
    s.press(A.HOLD_2)                               # Twos x1 is filled: Threes x1
    assert app.rows[app.cursor] == box('triple-yahtzee', 'threes_1')


def test_triple_grid_shows_every_box_and_redraws_a_cursor_move_like_a_full_draw():
    from ui.card_grid import grid_layout
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
            assert text == app.values[i]
    # (75) in the x3 column of full house, right of the (25) and (50)
    fh = [line for line in layout if line[3] >= 0 and app.items[line[3]] == 'Full house']
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
    scene_card.fill_box(app, fh2, s.now)
    assert card.scores[fh2] == 50 and app.moment == codes.MOMENT_JOKER


def test_handover_and_standings_texts_fit_the_screen_with_triple_names():
    s = game('triple-yahtzee', kinds=(0, 0, 0))
    app = s.app
    from ui import scene_turn
    scene_turn.note_fill(app, 0, box('triple-yahtzee', 'large_straight_3'), 120)
    assert app.summaries[-1] == 'P1: Lg straigh x3 120'     # 21 characters
    scene_turn.note_fill(app, 1, box('triple-yahtzee', 'three_of_a_kind_2'), 48)
    assert len(app.summaries[-1]) <= app.text_cols and app.summaries[-1].endswith(' x2 48')
    app.game.cards[1].scores[37] = 150              # P2: 1500 ahead
    app.game.cards[1].bonus_count = 15
    text = scene_turn.standing_text(app, 0)
    assert text.startswith('2nd, ') and len(text) <= app.text_cols, text


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
    straight = app.items.index('Straight')
    assert app.values[straight] == '(25)' and app.items[app.cursor] == 'Straight'
    s.press(A.BACK, A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5, A.OK)
    s.press(A.BACK)
    for i in range(5):
        app.game.release(i)
    s.press(A.OK, A.DOWN)                           # the same straight, second roll
    assert app.game.rolls_left == 1 and app.values[straight] == '(20)'


def test_generala_served_wins_at_once_banner_then_ranking():
    s = game('generala', kinds=(0, 0), dice=(2, 2, 3, 4, 6, 6, 6, 6, 6, 6))
    app = s.app
    s.press(A.OK, A.DOWN, A.OK)                     # P1: sixes 6
    s.press(A.OK, A.OK)                             # pass; P2 takes the device
    s.press(A.OK)                                   # P2's first roll: five sixes
    g = app.game
    assert g.winner == 1 and g.over and app.scene == ui_app.PLAY
    assert app.moment == codes.MOMENT_SERVIDA
    assert (app.line_a, app.line_b) == ('P2 wins!', 'OK: results')
    s.image()
    assert s.views.moment_label.text == 'GENERALA SERVIDA' and not s.views.moment_group.hidden
    s.press(A.HOLD_1, A.DOWN, A.HINT, A.UP)         # nothing else happens
    assert app.scene == ui_app.PLAY and g.cards[1].filled == {}
    s.press(A.OK)
    assert app.scene == ui_app.OVER
    assert app.title == 'GENERALA SERVIDA'
    assert app.items[:3] == ['P2 wins', '1. P2', '2. P1']
    assert app.values[:3] == ['', '0', '6']


# -- Kismet, Kniffel ---------------------------------------------------------------
def test_kismet_card_shows_the_bonus_tiers_and_each_dies_colour():
    s = game('kismet', dice=(1, 2, 3, 4, 6))
    app = s.app
    s.press(A.OK, A.DOWN)
    assert 'Bonus +35/55/75' in app.items
    assert app.footer.endswith('  1B 2R 3G 4G 6B')
    from ui.card_view import card_layout
    texts = [t for _, _, _, t in card_layout(app)]
    assert '+35/55/75     0' in texts and '1B 2R 3G 4G 6B' in texts
    card = app.game.cards[0]
    for b, v in enumerate((3, 6, 12, 16, 20, 24)):  # 81: the top tier
        card.scores[b] = v
    s.press(A.BACK, A.DOWN)
    assert app.values[app.items.index('Bonus +35/55/75')] == '75'


def test_kniffel_bonus_row_and_banners_use_the_rulesets_name():
    s = game('kniffel', kinds=(0,), dice=(5,) * 10)
    app = s.app
    s.press(A.OK)
    s.image()
    assert s.views.moment_label.text == 'KNIFFEL!'
    s.press(A.DOWN)
    assert 'Kniffel bonus' in app.items
    s.app.cursor = app.items.index('Kniffel')
    s.press(A.OK)                                   # Kniffel 50
    s.wait(1500).press(A.OK, A.DOWN)                # five fives again: Fuenfer, +50
    assert app.items[app.cursor] == 'Fuenfer'
    s.press(A.OK)
    assert app.moment == codes.MOMENT_BONUS
    s.image()
    assert s.views.moment_label.text == 'KNIFFEL BONUS!'


# -- under MicroPython / CircuitPython ----------------------------------------------
# Heap of one game a run (tests/mpy/check_family.py: me against a beginner, views
# replaced), scanned in 2K steps: yahtzee (for comparison) and Yatzy need 96K as
# CircuitPython .mpy, Kniffel and Kismet 98K, Triple Yahtzee 100K (106K before its
# grid's rows shared one column's 13 labels); as .py 120K (Triple Yahtzee 124K);
# MicroPython 64-bit .mpy 160K (yahtzee 140K). With issue 22's nvm journal (the lowest
# heap from which every larger one passes, mpy_util.heap_floor): .mpy Kniffel 96K,
# Triple Yahtzee 101K; .py Kniffel 126K, Triple Yahtzee 129K; MicroPython 151K.
FAMILY_HEAP = {("micropython", True): "168K",
               ("circuitpython", True): "104K", ("circuitpython", False): "132K"}


@pytest.mark.skipif(not MICROPYTHON.exists(), reason="micropython not installed")
@pytest.mark.parametrize("name", ["kniffel", "generala", "kismet", "triple-yahtzee", "served"])
@pytest.mark.parametrize("port_form", ports(forms=(True, False)))
def test_a_game_of_each_new_ruleset_runs_in_the_app_under_micropython(port_form, name):
    port, compiled = port_form
    done = run_micropython("tests/mpy/check_family.py", heapsize=FAMILY_HEAP[port_form],
                           packages=("yahtzee_core", "ui"), port=port, compiled=compiled,
                           args=(name,))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "family checks passed" in done.stdout
    assert ("served:" if name == "served" else name + " over:") in done.stdout


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
