"""Maxi Yatzy (six dice, 20 boxes) on the device: its whole card in three columns on
128x64 (every box, its value whole, the name of the box under the cursor below), the
list on 128x32 with the cursor kept in view."""

import pytest

import yahtzee_core as yc
from tools.scripted_dice import ScriptedDice
from events import actions as A
from ui import app as ui_app
from ui import codes
from ui.views import tiny_font
from ui_helpers import new_session
from ui import seats

MAXI = 'maxi-yatzy'


def card_session(height=64, rounds=4, seed=4, dice=(5, 5, 5, 2, 2, 4)):
    """Two seats (a human and a computer), some rounds in, the human's card open after
    a roll of `dice`."""
    s = new_session(width=128, height=height, dice=ScriptedDice(seed=seed),
                    hold_buttons=height == 64)
    s.start_game(MAXI, kinds=(0, 3))
    app = s.app
    g = app.game
    while (g.round < rounds or g.current != 0 or app.scene != codes.TURN or
           seats.turn_filled):
        s.play_on()
    g.rng = ScriptedDice(script=list(dice))
    s.press(A.OK)                   # take the device and roll
    s.wait(600)
    if height == 64:
        s.press(A.DOWN)
    else:
        s.play_on()
    assert app.scene == ui_app.CARD
    return s


def test_the_whole_card_shows_every_box_once_in_three_columns_within_the_screen():
    s = card_session()
    app = s.app
    s.image()
    layout = s.views.card.layout
    rules = yc.ruleset(MAXI)
    shown = [line for line in layout if 0 <= line[3] < rules.n_boxes]
    assert sorted(app.rows[line[3]] for line in shown) == list(range(rules.n_boxes))
    assert len({line[0] for line in shown}) == 3            # three columns
    for x, y, w, i, text, tx in layout:
        assert 0 <= x and x + w <= 128 and 0 <= y and y + 6 <= 64
        assert tx + 4 * len(text) - 1 <= x + w                # the text inside its cell
        if i >= 0:
            assert text.endswith(app.view.values[i]), (text, app.view.values[i])   # value whole
    # no two boxes read alike, and none is left without a label
    labels = [text[:len(text) - len(app.view.values[i])].strip() for x, y, w, i, text, tx in shown]
    assert all(len(label) >= 4 for label in labels) and len(set(labels)) == len(labels)
    cells = [(x, y, w) for x, y, w, i, text, tx in layout]
    for a in range(len(cells)):                             # no two cells overlap
        for b in range(a):
            (xa, ya, wa), (xb, yb, wb) = cells[a], cells[b]
            assert ya != yb or xa + wa <= xb or xb + wb <= xa
    # Upper, Bonus and Total are on the card, with their values
    for name in ('Upper', 'Bonus', 'Total'):
        i = app.view.items.index(name)
        assert any(line[3] == i for line in layout)


class Pixels:
    """A stand-in Bitmap for tiny_font.draw: the pixels set to 1."""

    def __init__(self, width):
        self.width = width
        self.lit = set()

    def __setitem__(self, xy, value):
        (self.lit.add if value else self.lit.discard)(xy)


def test_the_box_under_the_cursor_is_named_in_full_below_the_card():
    s = card_session()
    app = s.app
    labels = yc.ruleset(MAXI).labels.split('|')
    seen = set()
    for _ in range(25):
        img = s.image()
        b = app.rows[app.view.cursor]
        name = [line for line in s.views.card.layout if line[3] == -2][0]
        assert b >= 0
        x, y, w, tx = name[0], name[1], name[2], name[5]
        want = Pixels(128)
        tiny_font.draw(want, tx, y + 1, labels[b])
        got = {(px, py) for px in range(x, x + w) for py in range(y, y + 6)
               if img.getpixel((px, py))}
        assert got == want.lit, labels[b]          # the box's own name, in full
        seen.add(b)
        s.press(A.DOWN)
    assert len(seen) > 3


def test_the_128x32_card_keeps_the_cursor_in_view_down_all_rows():
    """The whole card's 3x5 rows on a 128x32 screen, 5 at a time: the cursor's row
    is on screen (its highlight's top row lit across) on every step down."""
    s = card_session(height=32)
    app = s.app
    assert app.view.kind == codes.VIEW_CARD
    for _ in range(len(app.view.items) + 2):
        img = s.image()
        line = [e for e in s.views.card.layout if e[3] == app.view.cursor][0]
        y = line[1] + s.views.card.grid.y
        assert 0 <= y <= 30 - 6, (app.view.cursor, y)
        assert all(img.getpixel((x, y)) for x in range(line[0], line[0] + line[2]))
        s.press(A.DOWN)


@pytest.mark.parametrize('height', (64, 32))
def test_the_odds_screen_shows_six_dice_odds_before_and_after_a_roll(height):
    """Before the roll: the stored fresh-turn figures (ui/odds_fresh.py); after it,
    each row worked out from the six dice showing (odds_six.py), the dice to keep for
    the box under the cursor; closed, the six-dice odds leave RAM."""
    import sys
    from test_ui_learn import odds_value, to_menu_item
    from ui.scenes import menus as scene_menus
    from yahtzee_core.odds_six import chase
    s = new_session(dice=ScriptedDice(seed=6), height=height, hold_buttons=height == 64)
    s.start_game(MAXI, kinds=(0,))
    app = s.app
    rules = app.game.rules
    s.press(A.BACK)
    to_menu_item(s, scene_menus.M_ODDS)
    s.press(A.OK)
    assert app.scene == ui_app.ODDS and len(app.view.items) == 20
    assert app.view.values == [odds_value(*chase(rules, b)[:2]) for b in range(20)]
    s.press(A.BACK, A.BACK)
    assert app.scene == ui_app.PLAY
    s.press(A.OK)
    s.wait(600)
    dice = tuple(app.game.dice)
    assert len(dice) == 6 and app.game.rolls_left == 2
    # the hint planner's values, before it lends their array to the odds (small_planner)
    from ui import hints
    from yahtzee_core.ranking import Hints
    card = app.game.card
    hinted = hints.hint_source(app).hold_options(card, dice, 2)
    values = list(app.hint_source.planner.x)
    s.press(A.BACK)
    to_menu_item(s, scene_menus.M_ODDS)
    s.press(A.OK)
    while '...' in app.view.values:
        s.wait(25)
    figures = [chase(rules, b, dice, 2) for b in range(20)]
    assert app.view.values == [odds_value(c, p) for c, p, k in figures]
    keep = figures[0][2]
    gap = '' if height < 64 else ' '    # 128x32: the faces without gaps, beside the title
    want = 'keep ' + (gap.join('%d' % d for d in keep) if keep else 'none')
    assert (app.view.title_right if height < 64 else app.view.footer.lower()) == want
    s.press(A.BACK, A.BACK)
    assert app.scene == ui_app.PLAY and 'yahtzee_core.odds_six' not in sys.modules
    # the odds worked in the planner's array; its hints are worked out again, the same
    assert list(app.hint_source.planner.x) != values
    assert app.hint_source.hold_options(card, dice, 2) == hinted == \
        Hints(rules).hold_options(card, dice, 2)


def test_setup_does_not_offer_duplicate_play_for_six_dice():
    """A duplicate round deals 15 dice, three rolls of five (the core refuses six):
    setup shows Duplicate off for Maxi Yatzy, its row says why instead of turning it
    on, and Start starts a plain game, never a refusal. The setting is kept for the
    next ruleset."""
    s = new_session()
    app = s.app
    while app.view.items[app.view.cursor] != 'New game':
        s.press(A.DOWN)
    s.press(A.OK)
    app.settings.setup_duplicate = True
    while app.view.items[app.view.cursor] != 'Rules':
        s.press(A.DOWN)
    while app.view.values[app.view.cursor] != 'Maxi Yatzy':
        s.press(A.OK)
    assert app.view.values[app.view.cursor + 1] == 'off'
    s.press(A.DOWN, A.OK)           # the Duplicate row
    assert app.dialog == ui_app.DLG_NOTE and app.view.dialog_lines[1] == 'five dice at most'
    s.press(A.OK)
    assert app.view.values[app.view.cursor] == 'off'
    while app.view.items[app.view.cursor] != 'Start game':
        s.press(A.DOWN)
    s.press(A.OK)
    assert app.game is not None and app.game.rules.n_dice == 6 and app.game.round_dice is None
    assert app.settings.setup_duplicate


def test_the_odds_help_says_an_upper_box_is_made_with_four_of_its_face():
    from ui.help import text as help_text
    assert '4 or more of its face' in help_text.odds_help(yc.ruleset(MAXI))[1]
    assert '3 or more of its face' in help_text.odds_help(yc.ruleset('yahtzee'))[1]


def test_game_over_says_the_percentiles_are_of_good_bot_games_and_rates_nothing():
    """Maxi Yatzy has no exact solve: its percentile table is level good's simulated
    games (marked in the table): game over says so, and the records keep no rating
    against perfect play (none in the lifetime stats; the ruleset's page names the
    good bot's average)."""
    from yahtzee_core.percentiles import PerfectScores, pack, GOOD
    table = pack(3561, [250 + 2 * k for k in range(1, 100)], GOOD)
    s = new_session(dice=ScriptedDice(seed=8), percentile_path=lambda name: table)
    s.start_game(MAXI, kinds=(0, 2))                        # a human and level good
    app = s.app
    for _ in range(4000):
        if app.scene == ui_app.OVER:
            break
        s.play_on()
        if app.dialog == ui_app.DLG_ZERO:
            s.press(A.OK)
    assert app.scene == ui_app.OVER
    human = [t for _, p, t in app.game.ranking() if p == 0][0]
    assert app.view.items[2] == '%d: better than %d%%' % (
        human, PerfectScores(table).better_than(human))
    assert app.view.items[3] == 'of good CPU games'
    r = app.records
    assert r.games == 1 and r.rated == 0
    while app.scene != ui_app.MENU:
        s.press(A.OK)
    while app.view.items[app.view.cursor] != 'Lifetime stats':
        s.press(A.DOWN)
    s.press(A.OK)
    assert 'Perfect avg' not in app.view.items
    s.press(A.OK)                               # the player's Maxi Yatzy page
    assert app.view.items[1:3] == ['Average', 'Good CPU avg'] and app.view.values[2] == '356.1'


@pytest.mark.parametrize('name, kept', (('maxi-yatzy', (2, 5, 5, 5)), ('crag', (4,))))
def test_a_hints_hold_value_is_the_mean_of_its_completions_best_boxes(name, kept):
    """Other dice counts than five: a hold's value in the hints (hundredths of the
    final total) with one roll left is the mean, over the ordered rolls of the other
    dice, of the best box's value then; on the planner's own scale (6**n), not five
    dice's."""
    from itertools import product
    from yahtzee_core.ranking import Hints
    rules = yc.ruleset(name)
    card = yc.Scorecard(rules)
    card.fill(0, (1,) * rules.n_dice)               # a box filled: a card in play
    hints = Hints(rules, None)
    n = rules.n_dice
    dice = kept + (1,) * (n - len(kept))
    values = dict((k, v) for v, k in hints.hold_options(card, dice, 1))
    outcomes = list(product(range(1, 7), repeat=n - len(kept)))
    total = sum(hints.box_options(card, kept + rolled)[0][0] for rolled in outcomes)
    assert abs(values[tuple(sorted(kept))] - total / len(outcomes)) <= 1
    assert 100 * card.total < values[tuple(sorted(kept))] < 100 * (card.total + 600)
