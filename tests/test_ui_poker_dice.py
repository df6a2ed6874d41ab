"""Poker Dice on the device's screens (ui/families/poker/card.py and help.py): the play view's
hand, hand to beat and rounds won per seat; standing instead of a scorecard; the hint
and the Odds screen against the planner; the dice drawn as cards."""
import pytest

import yahtzee_core as yc
from events import actions as A
from tools import poker_table
from tools.scripted_dice import ScriptedDice
from ui import app as ui_app
from ui import codes
from ui_helpers import new_session
from yahtzee_core.poker_planner import PokerPlanner
from yahtzee_core.variants.poker_dice import HANDS, KIND_AT, hand_kind

NAME = 'poker-dice'


def session(script=(), seed=1, kinds=(0, 2, 0), height=64):
    s = new_session(height=height, hold_buttons=height == 64,
                    dice=ScriptedDice(script=script, seed=seed))
    s.start_game(NAME, kinds=kinds)
    return s


def test_the_play_view_names_the_hand_and_a_later_seat_sees_the_hand_to_beat():
    # seat 0: K-K-K-Q-Q stands on its first roll (hold all five); seat 1 (the computer)
    # plays; seat 2: a pair of aces against the best of them
    s = session(script=(5, 5, 5, 4, 4), seed=3)
    app = s.app
    g = app.game
    s.press(A.OK)                                   # take the device, roll
    assert app.view.line_a == 'Full house' and app.view.line_b == 'Hold all 5: stand'
    assert app.view.header_left == 'P1 R1 2 left' and app.view.header_right == '0-0-0'
    s.press(A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5)
    assert app.view.line_b == 'OK: stand on it'
    s.press(A.OK)                                   # stands: the round's box, no card
    assert app.scene == codes.TURN and g.cards[0].scores[0] == g.rules.score((5, 5, 5, 4, 4), 0)
    assert app.view.items[0] == 'Full house'
    s.press(A.OK)                                   # pass: the computer plays
    while g.current == 1:
        s.press(A.OK)
    g.rng = ScriptedDice(script=(6, 6, 1, 2, 3), seed=4)
    s.press(A.OK)                                   # seat 2 takes the device and rolls
    beat = g.card.beat
    assert beat == max(g.cards[0].scores[0], g.cards[1].scores[0])
    assert app.view.line_a == 'One pair loses'
    assert app.view.line_b == 'Beat ' + HANDS[hand_kind(beat)]
    # the round is not decided while seat 2 plays: nobody has won it yet
    assert [c.total for c in g.cards] == [0, 0, 0] and app.view.header_right == '0-0-0'
    s.press(A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5, A.OK)     # stands
    totals = [c.total for c in g.cards]
    assert sum(totals) == 1 and totals[2] == 0


def test_a_lead_is_no_round_won_until_every_seat_has_played():
    dice = ScriptedDice(script=(6, 6, 6, 6, 6), seed=2)
    s = new_session(dice=dice)
    s.start_game(NAME, kinds=(0, 0))
    app = s.app
    g = app.game
    s.press(A.OK, A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5, A.OK)  # five aces
    assert g.cards[0].scores[0] != 255 and g.current == 1
    assert [c.total for c in g.cards] == [0, 0]       # seat 1 has not rolled
    from ui.families.poker.card import card_rows
    items, values = [], []
    card_rows(app, g.cards[0], False, items, values, [])
    assert values[0] == 'Five' and values[-1] == '0'  # leads, no W yet
    s.press(A.OK)                                     # pass the device
    s.press(A.OK, A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5, A.OK)   # stands
    assert g.round == 2 and g.cards[0].total == 1     # decided: five aces win it
    items, values = [], []
    card_rows(app, g.cards[0], False, items, values, [])
    assert values[0] == 'Five W' and values[-1] == '1'


def test_down_opens_the_card_whose_first_row_stands_and_ok_after_the_last_roll_stands():
    s = session(seed=5, kinds=(0, 0))
    app = s.app
    g = app.game
    s.press(A.OK)
    s.press(A.DOWN)                                 # the card, as in every ruleset
    assert app.scene == codes.CARD and g.cards[0].scores[0] == 255
    assert app.view.items[0].startswith('Stand: ') and app.view.cursor == 0
    assert app.view.items[1:] == ['Round %d' % (r + 1) for r in range(5)] + ['Rounds won']
    s.press(A.DOWN)                                 # only the stand row takes the cursor
    assert app.view.cursor == 0
    s.press(A.BACK)                                 # back to the dice: nothing stood
    assert app.scene == codes.PLAY and g.cards[0].scores[0] == 255 and g.rolls_left == 2
    s.press(A.DOWN, A.OK)                           # the card's stand row
    assert app.scene == codes.TURN and g.cards[0].scores[0] != 255 and g.current == 1
    s.press(A.OK, A.OK, A.OK, A.OK)                 # pass; seat 1 rolls three times
    assert g.rolls_left == 0 and app.view.line_b == 'OK: stand on it'
    s.press(A.OK)
    assert g.cards[1].scores[0] != 255 and g.round == 2


@pytest.mark.parametrize('height', [64, 32])
def test_a_whole_game_ends_on_the_rounds_won(height):
    s = session(seed=7, kinds=(0, 3, 0), height=height)
    app = s.app
    g = app.game
    while app.scene != ui_app.OVER:
        s.play_on()
    assert g.over and g.round == g.rules.rounds + 1
    ranking = g.ranking()
    for row, (place, p, won) in enumerate(ranking):
        assert won == g.cards[p].total
        assert app.view.values[row] == '%d won' % won
    assert sum(w for _, _, w in ranking) >= g.rules.rounds   # a tie gives each a round
    # rounds won are no high score; a human placed first is told the game is won
    assert not app.pending_high and all(e[2] != g.rules.id for e in app.records.high)
    human_first = any(place == 1 and p != 1 for place, p, _ in ranking)
    assert (app.view.moment == codes.MOMENT_WON) == human_first


def test_the_hint_keeps_cards_and_gives_the_planners_chance_to_win():
    s = session(script=(1, 4, 1, 4, 2), seed=9, kinds=(0, 0))
    app = s.app
    g = app.game
    s.press(A.OK)                                   # 9-Q-9-Q-10, first of two seats
    s.press(A.HINT)
    planner = PokerPlanner(g.rules)
    h, value = planner.best_hold_index(g.card, g.dice, g.rolls_left)
    from yahtzee_core.dice import hold_dice
    kept = hold_dice(h)
    names = {1: '9', 2: '10', 3: 'J', 4: 'Q', 5: 'K', 6: 'A'}
    assert app.dialog == ui_app.DLG_HINT
    assert app.view.dialog_lines[1] == 'Keep ' + ' '.join(names[d] for d in kept)
    chance = (value // 7776 * 100 + 32767) // 65535
    assert abs(int(app.view.dialog_lines[0].split()[-1][:-1]) - chance) <= 1
    s.press(A.OK)                                   # follow it: hold those, roll
    assert g.rolls_left == 1 and sorted(g.dice[i] for i in range(5) if g.held[i]) == list(kept)


def test_the_odds_are_each_hands_chance_from_here():
    s = session(seed=11, kinds=(0, 0))
    app = s.app
    s.press(A.OK, A.BACK)                           # take the device (a roll), pause
    g = app.game
    g.dice[:] = bytes((6, 6, 1, 2, 3))              # a pair of aces, two rolls left
    while app.view.items[app.view.cursor] != 'Odds':
        s.press(A.DOWN)
    s.press(A.OK)
    for _ in range(10):
        s.wait(30)
    assert app.scene == ui_app.ODDS and app.view.title == 'Or better'
    assert app.view.items == [HANDS[k] for k in range(8, 0, -1)]
    planner = PokerPlanner(g.rules)
    for row, k in enumerate(range(8, 0, -1)):
        chance, _ = planner.chance(g.card, (6, 6, 1, 2, 3), 2, KIND_AT[k])
        p = (chance + 50) // 100
        assert app.view.values[row] == ('%d%%' % min(p, 99 if chance < 10000 else 100)
                                   if chance >= 100 else '<1%' if chance else '0%')
    assert app.view.footer == 'Keep A A'


def test_a_fresh_turns_chances_are_the_solvers():
    reach = poker_table.reach_chances()
    g = yc.Game(NAME, 2)
    planner = PokerPlanner(g.rules)
    for k in range(len(HANDS)):
        chance, keep = planner.chance(g.card, None, 3, KIND_AT[k])
        assert keep is None and abs(chance - 10000 * reach[KIND_AT[k]]) <= 1


def test_the_dice_are_drawn_as_cards_and_back_as_pips_in_another_game():
    s = session(seed=13, kinds=(0, 0))
    s.press(A.OK)
    s.image()
    views = s.views
    assert views.cards
    cards_sheet = views.dice_sheet
    s2 = new_session(dice=ScriptedDice(seed=13))
    s2.start_game('yahtzee', kinds=(0,))
    s2.press(A.OK)
    s2.image()
    assert not s2.views.cards
    size = views.die_size
    # face 1's tile: the card "9" is not the one centred pip
    a = [cards_sheet[size + x, y] for x in range(size) for y in range(size)]
    b = [s2.views.dice_sheet[size + x, y] for x in range(size) for y in range(size)]
    assert a != b


@pytest.mark.parametrize('height', [64, 32])
def test_game_over_rates_each_humans_best_hand_against_perfect_turns(height):
    """Poker Dice's percentile table is of the hand a turn ends on (perfect play's,
    exact): game over names each human's best hand of the game and where it falls
    among those turns' hands; the computer's hands are not rated, nor the game."""
    from tools.percentile_table import table_for
    from yahtzee_core.percentiles import PerfectScores, PERFECT_HANDS
    table = PerfectScores(table_for(NAME))
    assert table.play == PERFECT_HANDS
    s = new_session(height=height, hold_buttons=height == 64,
                    dice=ScriptedDice(seed=11), percentile_path=table_for)
    s.start_game(NAME, kinds=(0, 2, 0))
    app = s.app
    g = app.game
    while app.scene != ui_app.OVER:
        s.play_on()
    rows = []
    for p in (0, 2):                # the humans, seat order
        best = max(g.cards[p].scores)       # the ranks of its five hands
        rows += ['%s: %s' % (app.player_name(p), HANDS[hand_kind(best)])[:app.settings.text_cols],
                 'better than %d%%' % table.better_than(best)]
    assert app.view.items[3:] == ['Best hands'] + rows + ['of perfect turns']
    assert len(app.view.values) == len(app.view.items)
    assert max(len(t) for t in app.view.items) <= app.settings.text_cols
    assert app.records.games == 2 and app.records.rated == 0     # two human seats
    while app.scene != ui_app.MENU:
        s.press(A.OK)
    while app.view.items[app.view.cursor] != 'Lifetime stats':
        s.press(A.DOWN)
    s.press(A.OK, A.OK)             # a player's Poker Dice page: rounds won, no hands
    assert app.view.title_right == 'Poker Dice' and app.view.items[1] == 'Average'
    assert 'Perfect avg' not in app.view.items and 'Good CPU avg' not in app.view.items
