"""Yamb on the device: its card (a grid of the 12 rows in words by the 4 columns on
128x64 and 128x32 alike, its list row by row underneath, boxes this turn cannot fill
marked '-' and greyed), the cursor keys of the grid, and the announce step with its
hint and help."""

import pytest
from PIL import ImageChops

import yahtzee_core as yc
from tools.scripted_dice import ScriptedDice
from events import actions as A
from ui import app as ui_app
from ui import codes
from ui_helpers import new_session, out_of_heap
from ui import seats

RULES = yc.ruleset('yamb')


def box(name):
    return RULES.categories.index(name)


def game(kinds=(0,), height=64, dice=(), seed=5, **kw):
    s = new_session(height=height, dice=ScriptedDice(script=list(dice), seed=seed), **kw)
    s.start_game('yamb', kinds=kinds)
    app = s.app
    if app.scene == codes.TURN:         # the first seat takes the device unrolled
        app.game.pass_turn()
        seats.turn_taken = True
        app.go(ui_app.PLAY, s.now)
    assert app.scene == ui_app.PLAY
    return s


def rolled_card(dice, **kw):
    """A one-seat game rolled once (its announce step skipped), on its card."""
    s = game(dice=dice, **kw)
    s.press(A.OK)
    assert s.app.scene == codes.ANNOUNCE
    s.press(A.OK, A.DOWN)
    assert s.app.scene == ui_app.CARD
    return s


def cell(app, name):
    """The card's text for box `name` (the list row of that box)."""
    return app.view.values[app.rows.index(box(name))]


# -- the card --------------------------------------------------------------------
def test_box_names_say_their_column_and_fit_where_they_are_shown():
    app = game().app
    assert app.box_label(box('ones_down')) == 'Ones D'
    assert app.box_label(box('straight_free')) == 'Straight F'
    assert app.box_label(box('yamb_up')) == 'Yamb U'
    assert app.box_label(box('full_announce')) == 'Full A'
    assert app.box_label(box('straight_announce'), 8) == 'Straig A'    # cut, column kept


def test_the_list_shows_each_row_across_the_columns_then_each_columns_sections():
    s = game(height=32)
    app = s.app
    card = app.game.cards[0]
    for name, dice in (('ones_down', (1, 1, 1, 2, 3)), ('twos_down', (2, 2, 2, 2, 3)),
                       ('max_free', (6, 6, 6, 5, 5)), ('min_free', (1, 1, 2, 2, 3)),
                       ('ones_free', (1, 1, 1, 1, 6)), ('yamb_up', (6, 6, 6, 6, 6))):
        card.fill(name, dice)
    app.go(ui_app.CARD, s.now)
    assert app.view.items[:5] == ['Ones', 'Ones', 'Ones', 'Ones', 'Twos']   # the grid's rows
    assert [app.rows[r] for r in range(6)] == [0, 12, 24, 36, 1, 13]
    # not rolled: filled boxes their points, open ones blank, those the column's
    # order closes '-': Down below its first open box, Up above its last
    assert cell(app, 'ones_down') == '3' and cell(app, 'twos_down') == '8'
    assert cell(app, 'threes_down') == '' and cell(app, 'fours_down') == '-'
    assert cell(app, 'poker_up') == '' and cell(app, 'full_up') == '-'
    assert cell(app, 'ones_up') == '-' and cell(app, 'yamb_up') == '80'
    assert cell(app, 'sixes_free') == '' and cell(app, 'ones_announce') == ''
    values = dict(zip(app.view.items[48:], app.view.values[48:]))
    assert values['Upper D'] == '11' and values['Upper F'] == '4'
    assert values['Max-Min x1 F'] == '%d' % ((28 - 9) * 4)      # (Max - Min) x Ones
    assert values['Max-Min x1 D'] == '0' and values['Lower U'] == '80'
    assert values['Total'] == '%d' % card.total == '%d' % (11 + 4 + 76 + 80)
    assert all(r == -1 for r in app.rows[48:]) and len(app.rows) == 48 + 13
    for text in app.view.items + app.view.values:
        assert len(text) <= 17


def test_an_upper_bonus_shows_beside_its_columns_sum():
    s = game(height=32)
    app = s.app
    card = app.game.cards[0]
    for face in range(1, 7):
        card.fill(12 + face - 1, (face,) * 4 + (1 if face > 1 else 2,))
    app.go(ui_app.CARD, s.now)
    values = dict(zip(app.view.items[48:], app.view.values[48:]))
    assert values['Upper F'] == '%d +30' % (4 * 21)


def test_after_the_first_roll_the_announce_column_stays_open_then_closes():
    s = rolled_card((2, 3, 4, 5, 6) * 3, height=32)    # the first roll: 2-3-4-5-6
    app = s.app
    assert cell(app, 'ones_down') == '(0)' and cell(app, 'twos_down') == '-'
    assert cell(app, 'straight_free') == '(66)'     # first roll: 46 + 2 x 10
    assert cell(app, 'yamb_up') == '(0)' and cell(app, 'poker_up') == '-'
    assert cell(app, 'straight_announce') == ''     # may still be announced
    s.press(A.BACK)
    s.press(A.OK)                                   # the second roll
    s.press(A.DOWN)
    assert cell(app, 'straight_free') == '(56)'
    assert cell(app, 'straight_announce') == '-'    # too late to announce


def test_an_announced_turn_greys_every_box_but_the_announced_one():
    s = game(height=32, dice=(6, 6, 6, 6, 2))
    app = s.app
    s.press(A.OK)
    app.game.rules.announce(app.game, box('poker_announce'))
    app.go(ui_app.CARD, s.now)
    fillable = [app.rows[r] for r in range(48) if app.view.values[r] != '-']
    assert fillable == [box('poker_announce')]
    assert cell(app, 'poker_announce') == '(%d)' % (6 * 4 + 2 + 40)
    assert app.rows[app.view.cursor] == box('poker_announce')


def _ink(img, x0, y0, x1, y1):
    """The columns holding lit pixels in a box, as a set."""
    return {x for x in range(x0, x1) for y in range(y0, y1) if img.getpixel((x, y))}


@pytest.mark.parametrize('height', [64, 32])
def test_grid_shows_every_box_in_cells_wide_enough_and_redraws_a_move_like_a_full_draw(height):
    """Every box shows as the rows scroll with the cursor (8 rows on 128x64, 3 on
    128x32), named in words; each cell's figure stays inside it with a gap; a cursor
    move redraws what a full draw does."""
    from ui.families.yamb import grid as yamb_grid
    s = rolled_card((3, 3, 5, 5, 5), height=height)     # (128x32: the default buttons)
    app = s.app
    assert app.view.kind == ui_app.VIEW_CARD
    # the cursor starts on the box that scores most: Full F (3 3 5 5 5: 21 + 30)
    assert app.rows[app.view.cursor] == box('full_free') and app.pts[box('full_free')] == 51
    seen = set()
    names = set()
    for row in range(48):
        app.view.cursor = row
        yamb_grid.scroll(app)
        layout = yamb_grid.grid_layout(app, '3 3 5 5 5')
        assert len([1 for line in layout if line[3] == -2 and line[1] > 8]) == \
            yamb_grid.visible(app) == (8 if height == 64 else 3)
        for x, y, w, i, text, tx in layout:
            assert 0 <= x and x + w <= 128 and y + 6 <= height
            if i >= 0:
                seen.add(i)
                assert text == app.view.values[i] and w == 23
            if i == -2 and y > 8:
                names.add(text)
            if i == -2:     # inverted on the cursor's: a lit pixel either side of the
                # ink; the names a dark one before the rule
                assert x + 1 <= tx and tx + 4 * len(text) - 1 <= x + w - 2, text
            if text and y >= 14 and i != -2 and x >= yamb_grid.RULE_X and text[0] != '(':
                # right-aligned, a gap of 3 pixels or more to the next cell
                assert tx >= x + 1 and tx + 4 * len(text) - 1 <= x + w - 3, text
    assert seen == set(range(48))
    assert names == {label.upper() for label in RULES.labels.split('|')} | {
        'UPPER', 'MIDDLE', 'LOWER', 'TOTAL'}
    app.view.cursor = app.rows.index(box('full_free'))
    app.view.list_version += 1
    for key in (A.HOLD_2, A.HOLD_5, A.HOLD_5, A.HOLD_1, A.HOLD_4, A.RIGHT, A.DOWN, A.UP,
                A.DOWN, A.DOWN, A.DOWN, A.DOWN):
        s.press(key)
        moved = s.image()
        s.views.card.version = -1                   # force the full redraw
        assert ImageChops.difference(moved, s.image()).getbbox() is None


def test_grid_greys_closed_boxes_and_brackets_potentials_apart_from_their_digits():
    from ui.families.yamb import grid as yamb_grid
    s = rolled_card((1, 2, 3, 4, 5))
    app = s.app
    assert app.rows[app.view.cursor] == box('straight_free')     # the most: 66
    s.press(A.HOLD_1)                                       # on to another box
    img = s.image()
    layout = {line[3]: line for line in yamb_grid.grid_layout(app, '') if line[3] >= 0}

    def lit(i):
        x, y, w = layout[i][:3]
        return sum(1 for v in img.crop((x, y, x + w, y + 6)).get_flattened_data() if v)
    grey = app.rows.index(box('straight_down'))     # closed: Down's order
    blank = app.rows.index(box('straight_announce'))   # open to an announce
    assert lit(blank) == 0 and lit(grey) >= 20      # dots across the cell
    x, y, w = layout[grey][:3]
    row = [img.getpixel((x + dx, y + 3)) for dx in range(w)]
    assert not any(row[dx] and row[dx + 1] for dx in range(w - 1))  # never solid
    # a potential, Straight F's (66): '(', the digits, ')', two dark columns between
    x, y, w, i, text, tx = layout[app.rows.index(box('straight_free'))]
    assert text == '(66)'
    ink = sorted(_ink(img, x, y, x + w, y + 6))
    gaps = [b - a - 1 for a, b in zip(ink, ink[1:]) if b - a > 1]
    assert gaps == [2, 1, 2] and ink[-1] <= x + w - 4     # ( 6 6 ), inside the cell


def test_grid_keys_move_up_and_down_a_column_and_across_the_columns():
    s = game()
    app = s.app
    app.go(ui_app.CARD, s.now)                      # before a roll: any box
    assert app.view.kind == ui_app.VIEW_CARD and app.rows[app.view.cursor] == box('ones_down')
    s.press(A.HOLD_2)                               # down: Twos D
    assert app.rows[app.view.cursor] == box('twos_down')
    s.press(A.HOLD_5, A.HOLD_5, A.HOLD_5)           # across: Twos F, U, A
    assert app.rows[app.view.cursor] == box('twos_announce')
    s.press(A.RIGHT)                                # round to the first column
    assert app.rows[app.view.cursor] == box('twos_down')
    s.press(A.UP, A.UP)                             # up past the top: the column's end
    assert app.rows[app.view.cursor] == box('yamb_down')
    s.press(A.LEFT)                                 # round to the last column
    assert app.rows[app.view.cursor] == box('yamb_announce')


def test_after_a_roll_left_and_right_go_to_the_nearest_box_the_next_column_can_take():
    s = rolled_card((1, 2, 3, 4, 5))
    app = s.app
    app.view.cursor = app.rows.index(box('straight_free'))
    s.press(A.LEFT)                                 # Down: only its Ones is open
    assert app.rows[app.view.cursor] == box('ones_down')
    s.press(A.DOWN)                                 # nothing else in that column
    assert app.rows[app.view.cursor] == box('ones_down')
    s.press(A.LEFT)             # round, past Announce (not announced): Up's Yamb
    assert app.rows[app.view.cursor] == box('yamb_up')
    s.press(A.RIGHT)                                # past Announce again: Down's Ones
    assert app.rows[app.view.cursor] == box('ones_down')
    s.press(A.RIGHT)                                # Free: its row nearest Ones
    assert app.rows[app.view.cursor] == box('ones_free')
    s.press(A.HOLD_2, A.HOLD_2, A.HOLD_5)           # Threes F, then Up: its Yamb only
    assert app.rows[app.view.cursor] == box('yamb_up')


def test_three_buttons_walk_every_box_row_by_row():
    from hardware import profiles
    s = game(height=32, hold_buttons=False, profile=profiles.get('three-button'))
    app = s.app
    app.go(ui_app.CARD, s.now)
    assert app.view.kind == ui_app.VIEW_CARD
    seen = [app.rows[app.view.cursor]]
    for _ in range(47):
        s.press(A.RIGHT)
        seen.append(app.rows[app.view.cursor])
    assert seen == [c * 12 + k for k in range(12) for c in range(4)]
    s.press(A.RIGHT)
    assert app.rows[app.view.cursor] == box('ones_down')


# -- the announce step -----------------------------------------------------------
def test_the_picker_lists_the_open_announce_boxes_after_the_first_roll_only():
    s = game(dice=(6, 6, 6, 6, 2) + (6,) * 10)
    app = s.app
    g = app.game
    g.cards[0].scores[box('ones_announce')] = 3      # filled earlier
    s.press(A.OK)                                   # the first roll: the picker
    assert app.scene == codes.ANNOUNCE and app.view.cursor == 0
    assert app.view.items[:3] == ['No announce', 'Twos', 'Threes'] and len(app.view.items) == 12
    assert app.view.values[app.view.items.index('Poker')] == '(%d)' % (6 * 4 + 2 + 40)
    assert app.view.footer == '6 6 6 6 2'
    s.press(A.OK)                                   # skip: the dice, unbound
    assert app.scene == ui_app.PLAY and g.card.announced == -1
    assert not app.view.line_b.startswith('Announced')
    s.press(A.OK)                                   # the second roll: no picker
    assert app.scene == ui_app.PLAY and g.rolls_left == 1
    s.press(A.DOWN)
    assert cell(app, 'poker_announce') == '-'


def test_every_new_game_offers_the_announce_on_its_first_roll(monkeypatch):
    # the last game's turn marks go with it: a new game's first turn is round 1, seat
    # 0 again, and its Game object may reuse the freed one's address, so its id()
    # recurs (as here, every object's the same)
    from ui.families.yamb import card
    monkeypatch.setattr(card, 'id', lambda o: 1, raising=False)
    s = game(dice=(6,) * 40)
    app = s.app
    for n in range(3):
        s.press(A.OK)
        assert app.scene == codes.ANNOUNCE, n
        s.press(A.OK)                               # no announce
        assert app.scene == ui_app.PLAY and app.game.rolls_left == 2
        s.start_game('yamb')                        # another game, from its first turn
        if app.scene == codes.TURN:
            s.press(A.OK)
        assert app.scene == ui_app.PLAY and not app.game.rolled


def test_an_announce_binds_the_turn_shows_on_the_dice_and_its_fill_undoes_bound():
    nvm = bytearray(b'\xff' * 4096)
    s = game(kinds=(0, 0), dice=(6, 6, 6, 6, 2, 6, 3, 3, 3, 3), storage=nvm)
    app = s.app
    g = app.game
    s.press(A.OK)
    assert app.scene == codes.ANNOUNCE
    s.press(A.DOWN, A.DOWN, A.UP)                   # keys move the cursor
    while app.view.items[app.view.cursor] != 'Poker':
        s.press(A.DOWN)
    s.press(A.OK)
    assert app.scene == ui_app.PLAY and g.card.announced == box('poker_announce')
    assert app.view.line_b == 'Announced: Poker'
    s.press(A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4)
    assert app.view.line_b == 'Announced: Poker'
    # a power cut now: the journal's ANNOUNCE record binds the resumed turn too
    again = new_session(storage=bytes(nvm), dice=ScriptedDice(seed=1))
    assert again.app.saved and again.app.game.card.announced == box('poker_announce')
    s.press(A.OK)                                   # 6 6 6 6 and a six: 30 + 40
    s.press(A.DOWN)
    assert app.scene == ui_app.CARD and app.rows[app.view.cursor] == box('poker_announce')
    assert [app.rows[r] for r in range(48) if app.view.values[r] != '-'] == [box('poker_announce')]
    s.press(A.DOWN, A.UP, A.HOLD_2)                 # the cursor stays on the one box
    assert app.rows[app.view.cursor] == box('poker_announce')
    s.press(A.OK)
    assert g.cards[0].scores[box('poker_announce')] == 70
    assert app.scene == codes.TURN and seats.turn_filled
    s.press(A.BACK)                                 # undo: the turn bound again
    assert app.scene == ui_app.PLAY and g.current == 0
    assert g.card.scores[box('poker_announce')] == 255
    assert g.card.announced == box('poker_announce')
    resumed = new_session(storage=bytes(nvm), dice=ScriptedDice(seed=1))
    assert resumed.app.game.card.announced == box('poker_announce')
    assert resumed.app.game.to_bytes() == g.to_bytes()
    s.press(A.DOWN, A.OK)                           # filled again, passed on
    assert g.cards[0].scores[box('poker_announce')] == 70 and g.card.announced == -1


def test_a_turn_with_only_announce_boxes_left_must_announce():
    s = game(dice=(5, 5, 5, 1, 2) * 3)
    app = s.app
    g = app.game
    card = g.cards[0]
    for b in range(36):
        card.scores[b] = 0
    s.press(A.OK)
    assert app.scene == codes.ANNOUNCE and 'No announce' not in app.view.items
    s.press(A.BACK)                                 # no skipping: the pause menu
    assert app.scene == ui_app.PAUSE
    s.press(A.BACK)                                 # back to the dice: the step again
    assert app.scene == codes.ANNOUNCE
    s.pick('Fives')
    assert g.card.announced == box('fives_announce') and app.scene == ui_app.PLAY
    s.press(A.OK, A.OK)                             # both rolls allowed now
    assert g.rolls_left == 0


def test_a_computer_announces_on_the_dice_and_fills_the_announced_box():
    s = new_session(dice=ScriptedDice(script=[6] * 15, seed=5))
    s.start_game('yamb', kinds=(2, 0))
    app = s.app
    g = app.game
    assert app.scene == ui_app.CPU and not g.rolled
    for b in range(36):                             # only its Announce column left
        g.cards[0].scores[b] = 0
    said = []
    for _ in range(40):
        s.wait(600)
        if app.view.line_a.startswith('Announces'):
            said.append((app.view.line_a, app.view.line_b, g.cards[0].announced))
        if g.current == 1:
            break
    assert said and said[0][0] == 'Announces Yamb'
    assert said[0][1] == 'Announced Yamb' and said[0][2] == box('yamb_announce')
    assert g.cards[0].scores[box('yamb_announce')] == 80



def test_a_computer_whose_announce_runs_out_of_heap_makes_it_after_the_note(monkeypatch):
    # the announce a turn must make comes on the roll's words; out of heap there (a
    # note), the computer neither holds nor rolls unbound (the core refuses a second
    # roll: a crash): its next step makes the announce
    s = new_session(dice=ScriptedDice(script=[6] * 15, seed=5))
    s.start_game('yamb', kinds=(2, 0))
    app = s.app
    g = app.game
    for b in range(36):                             # only its Announce column left
        g.cards[0].scores[b] = 0
    fails = out_of_heap(monkeypatch, app.bots[0], 'choose_announce', 2)
    notes = 0
    for _ in range(40):
        s.wait(600)
        if app.dialog != codes.DLG_NONE:
            assert app.view.dialog_lines[0] == 'No memory free'
            assert g.card.announced < 0 and g.rolls_left == 2
            notes += 1
            s.press(A.OK)                           # closes the note
        if g.current == 1:
            break
    assert notes == 2 and not fails[0]
    assert g.cards[0].scores[box('yamb_announce')] == 80


def test_a_turn_that_must_announce_with_no_heap_for_its_step_says_so_and_rolls_not(
        monkeypatch):
    # the announce step (an overlay) finds no heap: back on the dice with a note (the
    # dice do not reopen it at once, over and over); a roll asks for the step again
    # and rolls nothing while it cannot open
    import builtins
    import sys
    name = 'ui.families.yamb.announce'
    s = game(dice=(5, 5, 5, 1, 2) * 3)
    app = s.app
    g = app.game
    for b in range(36):
        g.cards[0].scores[b] = 0
    monkeypatch.delitem(sys.modules, name, raising=False)
    real = builtins.__import__
    full = [True]
    tries = [0]

    def heap_full(module, *args, **kw):
        if module == name and full[0]:
            tries[0] += 1
            raise MemoryError
        return real(module, *args, **kw)
    monkeypatch.setattr(builtins, '__import__', heap_full)
    s.press(A.OK)                                   # the first roll
    assert app.scene == ui_app.PLAY and app.view.dialog_lines[0] == 'No memory free'
    assert tries[0] == 1 and g.rolls_left == 2
    s.press(A.OK, A.OK)                             # closes the note; a roll: the step
    assert app.scene == ui_app.PLAY and tries[0] == 2 and g.rolls_left == 2
    full[0] = False
    s.press(A.OK, A.OK)
    assert app.scene == codes.ANNOUNCE and 'No announce' not in app.view.items
    s.pick('Fives')
    assert g.card.announced == box('fives_announce') and app.scene == ui_app.PLAY

# -- odds ------------------------------------------------------------------------
def test_odds_list_each_row_once_for_a_box_the_turn_may_fill_and_not_min():
    s = game(dice=(6, 6, 6, 1, 2) * 3)
    app = s.app
    g = app.game
    app.open(codes.ODDS, s.now)                     # a fresh turn: the stored figures
    assert app.view.items == ['Ones D', 'Twos F', 'Threes F', 'Fours F', 'Fives F', 'Sixes F',
                         'Max F', 'Straight F', 'Full F', 'Poker F', 'Yamb F']
    from yahtzee_core.odds import chase
    assert app.view.values[0] == '35% 2.1' == '%d%% %d.%d' % ((chase(RULES, 0)[0] + 50) // 100,
                                                          2, 1)
    assert app.view.values[app.view.items.index('Yamb F')] == '5% 3.2'        # x1: columns alike
    for row in range(12):                           # every column's box, the same odds
        assert {chase(RULES, c * 12 + row)[:2] for c in range(4)} == {chase(RULES, row)[:2]}
    s.press(A.BACK)
    s.press(A.OK)                                   # rolled: 6 6 6 1 2, then announced
    g.rules.announce(g, box('sixes_announce'))
    app.go(ui_app.PLAY, s.now)
    app.open(codes.ODDS, s.now)
    for _ in range(5):
        s.wait(30)
    assert app.view.items == ['Sixes A'] and app.view.values[0] != '...'
    assert app.view.footer == 'Keep 6 6 6'


# -- hints -----------------------------------------------------------------------
def test_hints_before_and_after_the_roll_and_a_followed_box_hint_fills_it():
    s = game(dice=(6, 6, 6, 6, 6) * 3)
    app = s.app
    g = app.game
    s.press(A.HINT)                 # level good's: no expected final score (unsolved)
    assert app.dialog == ui_app.DLG_HINT
    assert app.view.dialog_lines == ['Hint (CPU good)', 'Roll all 5 dice', 'OK: odds per box']
    s.press(A.BACK, A.OK)                           # roll: the announce step
    assert app.scene == codes.ANNOUNCE
    s.press(A.OK)                                   # no announce
    s.press(A.HINT)
    assert app.view.dialog_lines[0] == 'Hint (CPU good)'
    assert app.view.dialog_lines[1].startswith('Score ') or app.view.dialog_lines[1].startswith('Keep')
    hint = app.hint
    s.press(A.OK)                                   # follow it
    if hint[0] == 'box':
        assert g.cards[0].scores[hint[1]] != 255
    else:
        assert g.rolls_left == 1


def test_the_hint_of_a_turn_that_must_announce_proposes_the_announce_and_ok_binds_it():
    """Only Announce boxes open: the turn may neither roll nor fill a box until it
    announces (the core's may_roll), so the hint, asked from the pause menu on the
    announce step, names the box to announce, and OK binds the turn to it."""
    s = game(dice=(6, 6, 6, 2, 1), seed=3)
    app = s.app
    g = app.game
    for b in range(36):
        g.card.scores[b] = 10
    s.press(A.OK)                                   # roll: the announce step, no skip
    assert app.scene == codes.ANNOUNCE and 'No announce' not in app.view.items
    s.press(A.BACK)                                 # the pause menu
    while app.view.items[app.view.cursor] != 'Hint':
        s.press(A.DOWN)
    s.press(A.OK)
    lines = list(app.view.dialog_lines)
    b = app.hint[1]
    assert lines[1].startswith('Announce ') and 36 <= b < 48 and g.card.scores[b] == 255
    s.press(A.OK)
    assert g.card.announced == b and app.scene == ui_app.PLAY and g.rolls_left == 2
    s.press(A.HINT, A.OK)                           # the bound turn's hint plays on
    assert g.rolls_left == 1 or g.card.scores[b] != 255


# -- game over -------------------------------------------------------------------
def test_game_over_rates_against_level_goods_games_and_says_so():
    """Yamb's percentile table is level good's sampled play (no solver plays it
    perfectly): the ranking says 'of good CPU games', and the lifetime stats rate
    nothing against it (their rating is perfect play's)."""
    from tools.percentile_table import table_for
    from yahtzee_core.percentiles import PerfectScores, GOOD
    table = table_for('yamb')
    assert table is not None and PerfectScores(table).play == GOOD
    s = game(dice=(2, 3, 4, 5, 6) * 3, percentile_path=table_for)
    app = s.app
    g = app.game
    card = g.cards[0]
    for b in range(48):                 # all but Straight F filled: the last round
        if b != box('straight_free'):
            card.scores[b] = 10
    g.round = 48
    s.press(A.OK, A.DOWN)               # 2-3-4-5-6 on the first roll: 66
    assert app.scene == ui_app.CARD and app.rows[app.view.cursor] == box('straight_free')
    s.press(A.OK)
    assert app.scene == ui_app.OVER and g.over
    total = card.total
    assert app.view.items[0] == '1. P1' and app.view.values[0] == '%d' % total
    assert app.view.items[1] == '%d: better than %d%%' % (total, PerfectScores(table).better_than(total))
    assert app.view.items[2] == 'of good CPU games'
    assert app.records.games == 1 and app.records.rated == 0


def test_hint_on_the_announce_step_gives_the_planners_announce_and_ok_follows_it():
    from yahtzee_core.yamb_planner import YambPlanner
    s = game(dice=(6, 6, 6, 6, 2) + (6,) * 10)
    app = s.app
    g = app.game
    s.press(A.OK)
    assert app.scene == codes.ANNOUNCE
    s.press(A.HINT)
    want = YambPlanner(RULES).best_announce(g.card, g.dice)
    assert app.dialog == ui_app.DLG_HINT and app.hint == ('announce', want)
    assert app.view.dialog_lines[1] == ('Announce ' + RULES.labels.split('|')[want % 12]
                                   if want >= 0 else 'No announce')
    assert g.card.announced == -1               # nothing yet: the advice only
    s.press(A.OK)                               # follow it
    assert app.scene == ui_app.PLAY and g.card.announced == want
    # only the Announce column left: the advice is a box, and OK binds the turn to it
    s = game(dice=(5, 5, 5, 5, 1) + (5,) * 10)
    app = s.app
    g = app.game
    for b in range(36):
        g.cards[0].scores[b] = 0
    s.press(A.OK, A.HINT)
    want = YambPlanner(RULES).best_announce(g.card, g.dice)
    assert want >= 36 and app.hint == ('announce', want)
    s.press(A.OK)
    assert app.scene == ui_app.PLAY and g.card.announced == want
    # without hints: what the step asks, in a note, and the step stays
    s2 = game(dice=(6, 6, 6, 6, 2))
    s2.app.hints = False
    s2.press(A.OK, A.HINT)
    assert s2.app.dialog == ui_app.DLG_NOTE and s2.app.view.dialog_lines[0] == 'Announce?'
    assert max(len(line) for line in s2.app.view.dialog_lines) <= 18     # a dialog's width
    s2.press(A.OK)
    assert s2.app.scene == codes.ANNOUNCE and s2.app.dialog == ui_app.DLG_NONE


def test_help_on_the_announce_step_opens_the_rows_page_or_the_announce_page():
    s = game(dice=(6, 6, 6, 6, 2) + (6,) * 10)
    app = s.app
    s.press(A.OK)
    assert app.scene == codes.ANNOUNCE and app.view.items[0] == 'No announce'
    s.press(A.HELP)                         # on 'No announce': what announcing is
    assert app.scene == ui_app.PAGES and app.view.title == 'Announce'
    s.press(A.BACK)
    assert app.scene == codes.ANNOUNCE
    app.view.cursor = app.view.items.index('Poker')
    s.press(A.HELP)                         # on a box: its row's page
    assert app.scene == ui_app.PAGES and app.view.title == 'Full to Yamb'
    s.press(A.BACK)
    assert app.scene == codes.ANNOUNCE and app.view.items[app.view.cursor] == 'Poker'
