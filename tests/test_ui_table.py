"""A game for the whole table: handovers, turns nobody can take from another seat,
standings, computer speed. Scripted sessions against the real App."""
import pytest

import yahtzee_core as yc

from tools.scripted_dice import ScriptedDice
from events import actions as A
from ui import app as ui_app
from ui import codes
from ui import turns
from ui_helpers import OFFERED, fill_turn, new_session


def snapshot(app):
    g = app.game
    return bytes(g.to_bytes()), g.current, g.round, g.last_fill


def test_a_human_cannot_play_a_computers_turn():
    s = new_session(dice=ScriptedDice(seed=4))
    s.start(players=2, kinds=(0, 2))
    app = s.app
    fill_turn(s)
    assert app.scene == ui_app.CPU
    s.wait(600)
    assert app.game.rolled                          # the computer's first roll
    before = snapshot(app)
    # its dice: hold keys do nothing
    s.press(A.HOLD_1, A.HOLD_3, A.DOWN, A.RIGHT, A.HINT)
    assert snapshot(app) == before and app.dialog == ui_app.DLG_NONE
    # the bug: BACK -> Scorecard -> OK filled the computer's box
    s.press(A.BACK)
    assert app.scene == ui_app.PAUSE
    assert 'Hint' not in app.items and 'Undo last box' not in app.items
    while app.items[app.cursor] != 'Scorecard':
        s.press(A.DOWN)
    s.press(A.OK)
    assert app.scene == ui_app.CARD and app.footer.endswith('read only')
    for _ in range(3):
        s.press(A.DOWN)
        s.press(A.OK)
        assert app.dialog == ui_app.DLG_NOTE
        assert app.dialog_lines[:2] == ['Read only:', 'Good2 plays now']
        s.press(A.BACK)                             # closes the note
        assert app.scene == ui_app.CARD
    assert snapshot(app) == before
    # back to the computer, which plays its own turn
    s.press(A.BACK, A.BACK)
    assert app.scene == ui_app.CPU
    for _ in range(12):
        s.wait(600)
    assert app.scene == codes.TURN and app.game.cards[1].scores.count(255) == 12


def test_undo_only_by_the_filler_and_only_before_passing():
    s = new_session(dice=ScriptedDice(seed=6))
    s.start(players=2)
    app = s.app
    g = app.game
    assert app.scene == codes.TURN and app.title == 'P1: your turn'
    s.press(A.OK, A.OK, A.OK)                       # take it and roll, two rolls more
    s.press(A.OK)
    assert app.scene == ui_app.CARD
    box = app.rows[app.cursor]
    s.press(A.OK)
    if app.dialog == ui_app.DLG_ZERO:
        s.press(A.OK)
    # the filler's handover: the box and BACK to take it back
    assert app.scene == codes.TURN and app.turn_filled and app.title == 'P1'
    assert app.items[0].startswith(app.box_label(box))
    assert app.footer == 'BACK: undo  OK: pass'
    s.press(A.BACK)
    assert app.scene == ui_app.PLAY and g.current == 0 and g.cards[0].scores[box] == 255
    s.press(A.OK)
    s.press(A.OK)
    if app.dialog == ui_app.DLG_ZERO:
        s.press(A.OK)
    assert app.scene == codes.TURN and app.turn_filled
    s.press(A.OK)                                   # pass: the box is final
    assert app.scene == codes.TURN and not app.turn_filled
    assert app.title == 'P2: your turn' and g.current == 1
    before = snapshot(app)
    # the bug: P2 could undo P1's box from the pause menu
    s.press(A.BACK)
    assert app.scene == ui_app.PAUSE and 'Undo last box' not in app.items
    turns.undo(app, s.now)                     # even asked directly
    assert app.dialog == ui_app.DLG_NOTE
    assert app.dialog_lines[:2] == ['Nothing to undo:', 'P1 passed on']
    assert snapshot(app) == before
    s.press(A.OK)
    s.press(A.BACK)                                 # Continue: P2's handover again
    assert app.scene == codes.TURN
    s.press(A.OK)
    assert app.scene == ui_app.PLAY and g.current == 1


def test_nobody_undoes_a_computers_box():
    s = new_session(dice=ScriptedDice(seed=9))
    s.start(players=2, kinds=(0, 3))
    app = s.app
    fill_turn(s)
    s.press(A.OK)                                   # the computer's turn at once
    assert app.scene == codes.TURN and app.game.current == 0
    assert app.game.last_fill is None               # the computer's box keeps no undo record
    before = snapshot(app)
    s.press(A.BACK)
    assert 'Undo last box' not in app.items
    turns.undo(app, s.now)
    assert app.dialog_lines[:2] == ["Easy2's box", 'is final']
    assert snapshot(app) == before


def test_handover_says_whose_turn_where_they_stand_and_what_the_computers_scored():
    s = new_session(dice=ScriptedDice(seed=3))
    s.start(players=3, kinds=(0, 0, 2))
    app = s.app
    g = app.game
    fill_turn(s)                                    # P1 fills and passes
    p1 = g.cards[0].total
    assert app.title == 'P2: your turn' and app.title_right == 'R1'
    assert app.items[0] == ('2nd, %d behind P1' % p1 if p1 else 'tied 1st')
    fill_turn(s)                                    # P2
    assert app.scene == ui_app.CPU
    s.press(A.OK)                                   # the computer plays at once
    assert app.scene == codes.TURN and app.title == 'P1: your turn'
    last = g.cards[2].filled
    (name, pts), = last.items()
    b = g.rules.categories.index(name)
    assert app.items[-1] == 'Good3: %s %d' % (app.box_label(b), pts)
    assert app.footer == 'OK: take it, roll'


@pytest.mark.parametrize('speed', [0, 1, 2])
def test_computer_speed_watch_fast_instant(speed):
    s = new_session(dice=ScriptedDice(seed=5))
    s.start(players=2, kinds=(2, 0))
    app = s.app
    app.cpu_speed = speed
    assert app.scene == ui_app.CPU
    s.wait(20)          # instant: one frame plays the whole turn
    assert (app.scene == codes.TURN) == (speed == 2)
    for _ in range(15):     # a turn is at most 7 steps: fast (150 ms) ends by now
        s.wait(100)
    assert (app.scene == codes.TURN) == (speed != 0)
    for _ in range(40):
        s.wait(100)
    assert app.scene == codes.TURN and app.game.current == 1


def test_cpu_speed_is_a_pause_menu_setting_kept_in_the_records():
    s = new_session(dice=ScriptedDice(seed=5))
    s.start(players=2, kinds=(0, 2))
    app = s.app
    s.press(A.BACK)
    while app.items[app.cursor] != 'CPU speed':
        s.press(A.DOWN)
    assert app.values[app.cursor] == 'watch'
    s.press(A.OK, A.OK)
    assert app.values[app.cursor] == 'instant' and app.cpu_speed == 2
    again = new_session(storage=s.storage)
    assert again.app.cpu_speed == 2


def test_standings_one_press_away_and_any_card_read_only():
    s = new_session(dice=ScriptedDice(seed=2))
    s.start(players=3, kinds=(0, 2, 0))
    app = s.app
    g = app.game
    fill_turn(s)
    s.press(A.OK)                                   # the computer at once
    fill_turn(s)                                    # P3
    s.press(A.OK, A.OK)                             # P1 takes it and rolls
    s.press(A.UP)
    # rows in place order: the highest total first, the seat on turn marked '>'
    order = sorted(range(3), key=lambda p: (-g.cards[p].total, p))
    assert order != [0, 1, 2]
    assert app.scene == codes.STANDINGS and app.cursor == order.index(0)
    assert len(app.items) == 3 and app.items[app.cursor].startswith('>')
    for row, p in enumerate(order):
        c = g.cards[p]
        assert app.values[row] == '%d' % c.total
        assert app.player_name(p) in app.items[row]
        assert app.items[row].endswith(' %d' % c.scores.count(255))
    assert [int(app.values[r]) for r in range(3)] == sorted(
        [c.total for c in g.cards], reverse=True)
    assert app.footer == 'Upper par, boxes left'
    app.cursor = order.index(1)
    s.press(A.OK)                                   # P2's card, read only
    assert app.scene == ui_app.CARD and app.title == 'Good2'
    assert app.title_right == '%d' % g.cards[1].total
    before = snapshot(app)
    s.press(A.OK)
    assert app.dialog == ui_app.DLG_NOTE and snapshot(app) == before
    s.press(A.BACK, A.BACK)
    assert app.scene == codes.STANDINGS and app.cursor == order.index(1)
    s.press(A.BACK)
    assert app.scene == ui_app.PLAY and g.current == 0 and g.rolled


@pytest.mark.parametrize('height', [64, 32])
def test_the_standings_key_works_on_both_handovers(height):
    s = new_session(width=128, height=height, dice=ScriptedDice(seed=2))
    s.start(players=2)
    app = s.app
    s.press(A.OK)                                   # P1 takes the device
    while app.scene == ui_app.PLAY:
        s.press(A.OK)
    s.press(A.OK)                                   # fills a box: the undo screen
    assert app.scene == codes.TURN and app.turn_filled
    s.press(A.STANDINGS)
    assert app.scene == codes.STANDINGS and app.items[0].startswith(' 1 P1')
    s.press(A.BACK)
    assert app.scene == codes.TURN and app.turn_filled   # undo still offered
    s.press(A.OK)                                   # passed on: P2's handover
    assert app.scene == codes.TURN and not app.turn_filled
    s.press(A.STANDINGS)
    assert app.scene == codes.STANDINGS and app.items[app.cursor].startswith('>2 P2')
    s.press(A.BACK)
    assert app.scene == codes.TURN and not app.turn_filled


def type_name(s, letters):
    """In the name entry: step each letter up from where it stands, OK after each."""
    app = s.app
    for k, ch in enumerate(letters):
        while chr(app.initials[k]) != ch:
            s.press(A.UP)
        s.press(A.OK)


@pytest.mark.parametrize('hold_buttons, height', [(True, 64), (True, 32), (False, 32)])
def test_three_letters_take_about_thirteen_presses(hold_buttons, height):
    """The name wheel starts as a handheld's does, at A and blanks (a blank is a step
    below A), and turns 1 or 5 a press (the Pico's holds -5 -1 +1 +5; the
    three-button board's LEFT/RIGHT, held for 5), so ANN takes 11 presses with its
    three OKs and three letters 13 at most on average; the legend names the keys."""
    from ui_helpers import name_presses
    s = new_session(width=128, height=height, hold_buttons=hold_buttons)
    app = s.app
    s.press(A.OK)                                   # New game
    app.setup_players = 2
    app.go(ui_app.SETUP, s.now)
    to_names_row(s)
    s.press(A.OK)
    assert app.scene == codes.NAMES and bytes(app.initials) == b'A__'
    assert app.items[0] == 'Name:  [A] _  _ '
    assert app.items[1] == ('Holds -5 -1 . +1 +5' if hold_buttons else '</> 1  held </> 5')
    keys = name_presses(app, 'ANN')
    assert len(keys) == 11
    s.press(*keys)
    assert app.title == 'Seat 2 name'
    keys = name_presses(app, 'ZO_')                 # a short name: a space at its end
    s.press(*keys)
    assert app.scene == ui_app.SETUP and app.values[app.cursor] == 'ANN ZO'
    # every letter from the start, and OK: three letters in 13 presses on average at
    # most, 18 at most
    from ui.scenes.names import start_letters
    costs = []
    for c in 'ABCDEFGHIJKLMNOPQRSTUVWXYZ':
        start_letters(app, None)
        costs.append(len(name_presses(app, c * 3)))
    assert sum(costs) <= 13 * 26 and max(costs) == 18


def to_names_row(s):
    app = s.app
    while app.items[app.cursor] != 'Names':
        s.press(A.DOWN)


def test_names_entered_at_setup_shown_everywhere_and_offered_again():
    s = new_session(dice=ScriptedDice(seed=8))
    app = s.app
    s.press(A.OK)                                   # New game
    app.setup_players = 3
    app.setup_kinds[1] = 2                          # seat 2: computer, good
    app.go(ui_app.SETUP, s.now)
    assert app.items[1:4] == ['  P1', '  Good2', '  P3']
    to_names_row(s)
    assert app.values[app.cursor] == 'P1 P3'
    s.press(A.OK)
    assert app.scene == codes.NAMES and app.title == 'Seat 1 name'
    type_name(s, 'ANN')
    assert app.title == 'Seat 3 name'               # the computer's seat is skipped
    type_name(s, 'BO_')
    assert app.scene == ui_app.SETUP and app.items[app.cursor] == 'Names'
    assert app.values[app.cursor] == 'ANN BO' and app.items[3] == '  BO'
    while app.items[app.cursor] != 'Start game':
        s.press(A.DOWN)
    s.press(A.OK)
    assert app.title == 'ANN: your turn'
    fill_turn(s)
    assert app.scene == ui_app.CPU and app.header_left.startswith('Good2 R1')
    s.press(A.OK)
    assert app.title == 'BO: your turn' and app.items[-2].startswith('ANN: ')
    s.press(A.OK)
    assert app.header_left.startswith('BO R1/13')
    s.press(A.UP)
    assert sorted(i.split()[1] for i in app.items) == ['ANN', 'BO', 'Good2']
    # remembered: a fresh boot offers them again in setup
    again = new_session(storage=s.storage)
    again.press(A.DOWN, A.OK)                       # Resume is first: New game
    assert again.app.scene == ui_app.SETUP
    assert again.app.items[1:4] == ['  ANN', '  Good2', '  BO']


def test_names_edited_but_not_played_are_forgotten():
    s = new_session(dice=ScriptedDice(seed=8))
    app = s.app
    s.press(A.OK)
    to_names_row(s)
    s.press(A.OK)
    type_name(s, 'ZED')
    assert app.items[1] == '  ZED'
    s.press(A.BACK)                                 # leave setup without playing
    assert app.scene == ui_app.MENU
    s.press(A.OK)
    assert app.items[1] == '  P1'


def test_a_named_players_high_score_is_entered_under_their_name_unasked():
    s = new_session(dice=ScriptedDice(seed=21))
    app = s.app
    s.press(A.OK)
    to_names_row(s)
    s.press(A.OK)
    type_name(s, 'AL_')
    while app.items[app.cursor] != 'Start game':
        s.press(A.DOWN)
    s.press(A.OK)
    while app.scene != ui_app.OVER:
        fill_turn(s)
    assert app.items[0].startswith('1. AL') and app.moment == codes.MOMENT_HIGH  # the banner
    s.press(A.OK)
    assert app.scene != ui_app.INITIALS     # initials entered at setup: not asked again
    assert app.records.high[0][1] == 'AL '


def play_out(s):
    """Every turn to the ranking: humans take the suggested box, computers at once."""
    app = s.app
    for _ in range(400):
        if app.scene == ui_app.OVER:
            return
        if app.scene == ui_app.CPU:
            s.press(A.OK)
        else:
            fill_turn(s)
    raise AssertionError('the game did not end')


def start_named(s, names, kinds, rules=0):
    """New game from the menu with these seat kinds and the humans' names typed in."""
    app = s.app
    s.start(players=len(kinds), kinds=kinds, rules=rules)
    app.go(ui_app.MENU, s.now)
    while app.items[app.cursor] != 'New game':
        s.press(A.DOWN)
    s.press(A.OK)
    to_names_row(s)
    s.press(A.OK)
    for name in names:
        type_name(s, name)
    while app.items[app.cursor] != 'Start game':
        s.press(A.DOWN)
    s.press(A.OK)


def to_menu(s):
    app = s.app
    while app.scene != ui_app.MENU:
        s.press(A.OK)


def test_a_game_without_a_human_enters_no_records():
    s = new_session(dice=ScriptedDice(seed=31))
    s.start(players=2, kinds=(2, 3))
    s.app.cpu_speed = 2
    for _ in range(200):
        s.wait(30)
        if s.app.scene == ui_app.OVER:
            break
    app = s.app
    assert app.scene == ui_app.OVER and app.game.over
    r = app.records
    assert r.games == 0 and r.high == [] and app.people is None


def test_stats_per_player_and_ruleset_and_high_scores_per_ruleset():
    s = new_session(dice=ScriptedDice(seed=41))
    app = s.app
    yacht = ui_app.RULES_NAMES.index('Yacht')
    start_named(s, ['ANN', 'BOB'], (0, 0))
    play_out(s)
    cards = app.game.cards
    totals = [c.total for c in cards]
    to_menu(s)
    start_named(s, ['ANN'], (0, 2), rules=yacht)
    play_out(s)
    yacht_total = app.game.cards[0].total
    to_menu(s)
    while app.items[app.cursor] != 'Lifetime stats':
        s.press(A.DOWN)
    s.press(A.OK)
    assert app.title == 'Lifetime stats' and app.title_right == 'all'
    assert app.values[0] == '2'                     # the games, once each (3 human seats)
    assert app.records.games == 3
    pages = []
    while app.scene == ui_app.STATS:
        s.press(A.OK)
        if app.scene == ui_app.STATS:
            pages.append((app.title, app.title_right, app.values[0], app.values[2]))
    assert pages == [('ANN', 'Yacht', '1', '%d' % yacht_total),
                     ('BOB', 'Yahtzee', '1', '%d' % totals[1]),
                     ('ANN', 'Yahtzee', '1', '%d' % totals[0])]
    assert app.scene == ui_app.MENU
    while app.items[app.cursor] != 'High scores':
        s.press(A.DOWN)
    s.press(A.OK)
    assert app.title_right == 'Yahtzee'
    assert app.values == ['%d' % t for t in sorted(totals, reverse=True)]
    s.press(A.OK)
    assert app.title_right == 'Yacht' and app.values == ['%d' % yacht_total]
    assert app.items == ['1 ANN']
    s.press(A.OK)
    assert app.scene == ui_app.MENU


@pytest.mark.parametrize('height', [64, 32])
def test_four_seats_two_humans_two_computers_end_to_end(height):
    """The table game: every handover, the standings and each seat's card on the way,
    to the ranking and the records, drawn on the real views of both screens."""
    s = new_session(height=height, dice=ScriptedDice(seed=16))
    app = s.app
    start_named(s, ['ANN', 'BOB'], (0, 2, 0, 3))
    g = app.game
    assert [app.player_name(p) for p in range(4)] == ['ANN', 'Good2', 'BOB', 'Easy4']
    handovers = fills = looked = 0
    seen = set()
    for _ in range(2000):
        if app.scene == ui_app.OVER:
            break
        if app.scene == ui_app.CPU:
            s.press(A.OK)
        elif app.scene == codes.TURN and not app.turn_filled:
            handovers += 1
            assert app.title.startswith(app.player_name(g.current) + ': your turn')
            s.press(A.OK)
        elif app.scene == codes.TURN:
            fills += 1
            assert app.footer == 'BACK: undo  OK: pass'
            s.press(A.OK)
        elif (app.scene == ui_app.PLAY and g.rolls_left == 2 and g.round in (2, 13) and
              (g.round, g.current) not in seen):
            seen.add((g.round, g.current))
            # once early, once late (the turn taken and rolled): the standings and
            # every card, read only
            before = bytes(g.to_bytes())
            s.press(A.UP)
            assert app.scene == codes.STANDINGS and len(app.items) == 4
            s.image()
            order = sorted(range(4), key=lambda p: (-g.cards[p].total, p))
            assert app.cursor == order.index(g.current) and app.items[app.cursor][0] == '>'
            for k in range(4):
                s.press(A.OK)
                p = order[(order.index(g.current) + k) % 4]
                assert app.scene == ui_app.CARD and app.title == app.player_name(p)
                s.image()
                s.press(A.BACK, A.DOWN)
                looked += 1
            s.press(A.BACK)
            assert app.scene == ui_app.PLAY and g.rolls_left == 2
            assert bytes(g.to_bytes())[:4] == before[:4]
        else:
            while app.scene == ui_app.PLAY:
                s.press(A.OK)
            s.press(A.OK)                           # the suggested box
            if app.dialog == ui_app.DLG_ZERO:
                s.press(A.OK)
    assert app.scene == ui_app.OVER and g.over
    s.image()
    assert handovers == 26 and fills == 26 and looked == 16    # a computer fills last
    assert [i.split(' ', 1)[1] for i in app.items] == [app.player_name(p) for _, p, _ in
                                                       g.ranking()]
    to_menu(s)
    assert app.records.games == 2
    assert sorted(r.name for r in app.people.rows) == ['ANN', 'BOB']


def test_big_moments_banner_and_tune_then_gone():
    s = new_session(dice=ScriptedDice(script=[4] * 15 + [6, 6, 6, 6, 6] * 3, seed=5))
    s.start()
    app = s.app
    tones = []
    s.press(A.OK)                                   # 4 4 4 4 4
    assert app.moment == codes.MOMENT_YAHTZEE and app.tone_freq == 784
    app.tone_freq = 0
    for _ in range(60):
        s.wait(25)
        if app.tone_freq:
            tones.append(app.tone_freq)
            app.tone_freq = 0
    assert tones == [988, 1175, 1568] and app.moment == 0   # the tune, then gone
    s.press(A.DOWN)
    while app.rows[app.cursor] != app.game.rules.five_alike_box:
        s.press(A.DOWN)
    s.press(A.OK)                                   # Yahtzee 50: no bonus yet
    assert app.moment == 0
    s.press(A.OK)                                   # 4 4 4 4 4 again
    s.wait(1500).press(A.DOWN)
    assert app.items[app.cursor] == 'Fours'
    s.press(A.OK)
    assert app.moment == codes.MOMENT_BONUS
    s.wait(1500).press(A.OK).wait(1500).press(A.DOWN)   # 4 4 4 4 4, Fours is filled
    while app.items[app.cursor] != 'Full house':
        s.press(A.DOWN)
    s.press(A.OK)
    assert app.moment == codes.MOMENT_BONUS         # a bonus Yahtzee beats the Joker


def test_joker_and_upper_bonus_moments():
    from ui import turns
    s = new_session(dice=ScriptedDice(seed=5))
    s.start()
    app = s.app
    g = app.game
    fab = g.rules.five_alike_box
    g.cards[0].scores[fab] = 0                      # a scratched Yahtzee box: no bonus
    g.cards[0].scores[2] = 9                        # threes filled: the Joker is free
    g.dice[:] = b'\x03\x03\x03\x03\x03'
    g.rolls_left = 2
    fh = g.rules.categories.index('full_house')
    turns.fill_box(app, fh, s.now)
    assert g.cards[0].scores[fh] == 25 and app.moment == codes.MOMENT_JOKER
    s.wait(1500)
    card = g.cards[0]
    for b in range(5):                              # aces..fives at par: 60 of 63
        card.scores[b] = 3 * (b + 1)
    g.dice[:] = b'\x06\x06\x06\x01\x02'
    g.rolls_left = 1
    turns.fill_box(app, 5, s.now)              # sixes 18: 78, bonus reached
    assert card.upper_bonus and app.moment == codes.MOMENT_UPPER


@pytest.mark.parametrize('rules', [n for n in OFFERED if not yc.ruleset(n).hands])
def test_the_whole_card_is_on_one_128x64_screen(rules):   # (Poker Dice: no scorecard)
    """Every box with its score or potential, the upper subtotal and bonus, the
    Yahtzee bonus and the total, all drawn at once (after a roll too); Triple
    Yahtzee's three columns as a grid (tests/test_ui_rulesets.py)."""
    from ui.views.card import card_layout, _fits_halves
    from ui.short_labels import SHORT
    s = new_session(dice=ScriptedDice(seed=3))
    s.start_game(rules)
    app = s.app
    s.press(A.OK)
    if app.scene == codes.ANNOUNCE:                 # Yamb's announce step: none
        s.press(A.OK)
    s.press(A.DOWN)
    assert app.scene == ui_app.CARD and app.view == ui_app.VIEW_CARD
    if app.game.rules.columns > 1 or app.game.rules.cells > 1:   # grids: their own tests
        return
    if not _fits_halves(app.game.rules, 64):    # three columns (Maxi Yatzy): test_ui_maxi
        return
    layout = card_layout(app)
    shown = sorted(i for _, _, i, _ in layout if i >= 0)
    assert shown == list(range(len(app.items)))
    assert max(row for _, row, _, _ in layout) * 6 + 6 <= 64
    for col, row, i, text in layout:
        assert len(text) <= 15
        if i >= 0:
            # (Kismet's "Bonus +35/55/75" shows as "+35/55/75")
            label = text[:len(text) - len(app.values[i])].rstrip()
            assert text.endswith(' ' + app.values[i]) and (
                label in (app.items[i],) + SHORT.get(app.items[i], ()) or
                label == app.items[i][6:]), text
    s.image()                                       # and the real view draws it
    small = new_session(height=32, dice=ScriptedDice(seed=3))
    small.start_game(rules)
    small.press(A.OK)
    if small.app.scene == codes.ANNOUNCE:
        small.press(A.OK)
    small.press(A.DOWN)
    assert small.app.view == ui_app.VIEW_CARD       # 128x32: the same card, 5 rows of it
    small.image()
    assert small.views.card.layout == s.views.card.layout


def test_a_cursor_move_on_the_whole_card_redraws_to_the_same_picture():
    """The card view redraws only the two rows a cursor move touches: the picture
    equals a full redraw at every step."""
    from PIL import ImageChops
    s = new_session(dice=ScriptedDice(seed=3))
    s.start()
    s.press(A.OK, A.DOWN)
    for _ in range(14):
        s.press(A.DOWN)
        moved = s.image()
        s.views.card.version = -1                   # force the full redraw
        assert ImageChops.difference(moved, s.image()).getbbox() is None


def test_held_back_of_the_default_board_opens_the_standings_of_a_game_of_several():
    from hardware import profiles
    held_back = profiles.ROLE_ACTIONS[profiles.get('default')['long_press']['BACK']]
    s = new_session()
    s.start(players=2, kinds=(0, 0))
    app = s.app
    s.press(A.OK, A.OK)                 # P1 takes the device and rolls
    assert app.scene == ui_app.PLAY
    s.press(held_back)
    assert app.scene == codes.STANDINGS and len(app.items) == 2
    s.press(A.BACK)
    assert app.scene == ui_app.PLAY
    # One seat: nothing happens (the menu stays a tap of BACK away).
    solo = new_session()
    solo.start(players=1, kinds=(0,))
    solo.press(A.OK)
    assert solo.app.scene == ui_app.PLAY
    solo.press(held_back)
    assert solo.app.scene == ui_app.PLAY


def test_held_a_of_the_three_button_board_opens_the_standings_of_a_game_of_several():
    from hardware import profiles
    three = profiles.get('three-button')
    s = new_session(hold_buttons=False, profile=three)
    s.start(players=2, kinds=(0, 0))
    s.press(A.OK, A.OK)
    assert s.app.scene == ui_app.PLAY
    s.press(profiles.ROLE_ACTIONS[three['long_press']['LEFT']])
    assert s.app.scene == codes.STANDINGS


@pytest.mark.parametrize('height', [64, 32])
def test_a_resumed_game_keeps_the_handover_recap(height):
    """Power off at a handover and resume: the next seat's handover still lists what
    the seats before it just scored (the fills replayed from the journal)."""
    s = new_session(width=128, height=height, dice=ScriptedDice(seed=6))
    s.start(players=3, kinds=(0, 2, 0))
    app = s.app
    for _ in range(4):                              # two rounds' human turns
        fill_turn(s)
        while app.scene == ui_app.CPU:
            s.wait(700)
    assert app.scene == codes.TURN and not app.turn_filled
    shown = list(app.items)
    assert app.game.current == 0 and shown[1].startswith('Good2: ') and shown[2].startswith('P3: ')
    again = new_session(width=128, height=height, storage=s.storage, dice=ScriptedDice(seed=6))
    assert again.app.items[again.app.cursor] == 'Resume game'
    again.press(A.OK)
    assert again.app.scene == codes.TURN and again.app.items == shown


@pytest.mark.parametrize('height', [64, 32])
def test_ok_on_another_seats_card_says_read_only_before_a_roll_too(height):
    s = new_session(width=128, height=height, dice=ScriptedDice(seed=2))
    s.start(players=2)
    app = s.app
    assert app.scene == codes.TURN and not app.game.rolled
    s.press(A.STANDINGS)
    app.cursor = [r for r in range(2) if 'P2' in app.items[r]][0]
    s.press(A.OK)                                   # P2's card, P1 to play
    assert app.scene == ui_app.CARD and app.title == 'P2'
    s.press(A.OK)
    assert app.dialog == ui_app.DLG_NOTE and app.dialog_lines[:2] == ['Read only:', 'P1 plays now']
    s.press(A.OK, A.BACK)                           # the note closes; BACK to the standings
    assert app.scene == codes.STANDINGS
