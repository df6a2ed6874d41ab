"""Learning on the device (ui/scenes/learn.py): the first-boot how-to, the rules of each
box and the button legend (PAGES), the Odds screen (ODDS) and the hint before the
first roll. Texts and figures are checked against ui/help/text.py and
yahtzee_core.odds.chase, computed here."""
import sys

import pytest

import yahtzee_core as yc
from hardware import profiles
from tools.screenshots import Session
from tools.scripted_dice import ScriptedDice
from events import actions as A
from ui import app as ui_app
from ui.scenes import menus as scene_menus
from ui.help import rules as help_rules
from ui.help import text as help_text
from ui import codes
from ui.codes import PG_HOWTO, PG_RULES
from ui.short_labels import fit
from ui_helpers import OFFERED, new_session, yacht_table  # noqa: F401
from yahtzee_core.odds import chase


def page_lines(app, title, text):
    """What a page shows: its title and every line of its wrapped text."""
    assert app.view.title == title
    assert app.view.items == list(help_text.wrap(text, app.settings.text_cols - 1))


def to_menu_item(s, code):
    app = s.app
    from ui.scenes import menus
    for _ in range(len(menus.menu_codes)):
        if menus.menu_codes[app.view.cursor] == code:
            return
        s.press(A.DOWN)
    raise AssertionError('no menu item %d in %r' % (code, app.view.items))


# -- how-to ---------------------------------------------------------------------------
def test_the_how_to_shows_at_the_first_boot_only_and_any_page_can_skip_it():
    s = Session(first_howto=True)
    app = s.app
    assert app.scene == ui_app.PAGES and app.page_kind == PG_HOWTO
    pages = help_text.howto(yc.ruleset('yahtzee'), profiles.get('default'))
    for k, (title, text) in enumerate(pages):
        assert app.view.title_right == '%d/%d' % (k + 1, len(pages))
        page_lines(app, title, text)
        for _ in range((len(app.view.items) - 1) // app.settings.list_rows + 1):
            s.press(A.OK)           # the rest of the page, then the next
    assert app.scene == ui_app.MENU
    again = Session(storage=s.storage, first_howto=True)
    assert again.app.scene == ui_app.MENU               # remembered in the records
    skip = Session(first_howto=True)
    skip.press(A.OK, A.BACK)                            # skipped on its second page
    assert skip.app.scene == ui_app.MENU
    assert Session(storage=skip.storage, first_howto=True).app.scene == ui_app.MENU


def test_a_first_boot_how_to_without_room_leaves_the_menu_with_a_note(monkeypatch):
    """The first boot's how-to that finds no heap (a stock .py board whose menu left
    too little): App.run's note over the menu, and the menu does not open the how-to
    again this power-on (it did, round and round, to a stack overflow); the next
    power-on offers it again."""
    from ui import codes
    from ui.scenes import learn as scene_learn
    enter, handle, tick = scene_learn.SCENES[codes.PAGES]
    tries = []

    def no_room(app, now):
        tries.append(1)
        raise MemoryError("memory allocation failed, allocating 640 bytes")

    monkeypatch.setitem(scene_learn.SCENES, codes.PAGES, (no_room, handle, tick))
    s = Session(first_howto=True)
    app = s.app
    assert tries == [1]
    assert app.scene == ui_app.MENU and app.view.items[0] == 'New game', app.view.items
    assert app.dialog == codes.DLG_NOTE and app.view.dialog_lines[0] == 'No memory free'
    s.press(A.OK)                                       # the note closes: the menu
    assert app.scene == ui_app.MENU and tries == [1]
    monkeypatch.undo()
    assert Session(storage=s.storage, first_howto=True).app.scene == ui_app.PAGES


def test_the_how_to_follows_the_boot_notes_and_needs_records_to_remember_it():
    s = Session(first_howto=True, has_shake=False)
    assert s.app.scene == ui_app.BOOT
    s.press(A.OK)
    assert s.app.scene == ui_app.PAGES and s.app.page_kind == PG_HOWTO
    # an nvm with no room for records could not remember it: never shown
    assert Session(first_howto=True, storage=bytearray(b'\xff' * 256)).app.scene == ui_app.MENU


def test_the_how_to_is_in_the_menu_too():
    s = new_session()
    to_menu_item(s, scene_menus.M_HOWTO)
    s.press(A.OK)
    assert s.app.scene == ui_app.PAGES and s.app.page_kind == PG_HOWTO
    s.press(A.BACK)
    assert s.app.scene == ui_app.MENU


# -- rules and legend -----------------------------------------------------------------
OWN_PAGES = {'generala': ['Servida'], 'kismet': ['Colours'], 'triple-yahtzee': ['Columns'],
             'balut': ['Cells', 'Fours to Sixes', 'Straight', 'House', 'Choice',
                       'Balut', 'Points'],
             'yamb': ['Columns', 'Announce', 'Ones to Sixes', 'Max and Min', 'Straight',
                      'Full to Yamb', 'Totals'],
             'poker-dice': ['Cards', 'Hands', 'Ties', 'A turn', 'A round']}   # (no box pages)


@pytest.mark.parametrize('duplicate', [False, True])
@pytest.mark.parametrize('rid', codes.MENU_RULES)
def test_the_rules_pages_cover_every_box_of_the_ruleset_then_the_buttons(rid, duplicate):
    s = new_session()
    app = s.app
    app.settings.setup_rules = rid           # no game: the ruleset New game offers
    app.settings.setup_duplicate = duplicate  # and its duplicate option
    rules = yc.ruleset(yc.RULESETS[rid])
    extra = list(help_rules.extra_pages(rules, duplicate))
    # the ruleset's own rules, then duplicate play only when it is on
    assert [t for t, _ in extra] == OWN_PAGES.get(rules.name, []) + ['Duplicate'] * duplicate
    # a page a box, but none for Yamb's columns, Balut's cells, Poker Dice's rounds
    boxes = 0 if rules.hands or rules.column_orders or rules.cells > 1 else rules.n_boxes
    assert boxes == help_rules.box_pages(rules)
    total = boxes + len(extra) + 1
    to_menu_item(s, scene_menus.M_RULES)
    s.press(A.OK)
    assert app.scene == ui_app.PAGES and app.page_kind == PG_RULES
    for b in range(boxes):
        page_lines(app, *help_rules.box_help(rules, b))
        assert app.view.title_right == '%d/%d' % (b + 1, total)
        s.press(A.HOLD_5)           # the next page
    for title, text in extra:
        page_lines(app, title, text)
        # the title and the page number share the title row apart (6 px a character)
        assert (len(title) + 1 + len(app.view.title_right)) * 6 <= 128, title
        s.press(A.HOLD_5)
    page_lines(app, *help_text.legend(profiles.get('default')))
    assert app.view.title_right == '%d/%d' % (total, total)
    s.press(A.HOLD_5)               # no wrap-around: the last page stays
    assert app.view.title_right == '%d/%d' % (total, total)
    s.press(A.HOLD_4)               # a page back
    assert app.view.title == (extra[-1][0] if extra else help_rules.box_help(rules, boxes - 1)[0])
    s.press(A.HOLD_5)
    for _ in range(len(app.view.items)):
        s.press(A.OK)               # the rest of the last page, then done
        if app.scene != ui_app.PAGES:
            break
    assert app.scene == ui_app.MENU and 'ui.help.rules' not in sys.modules
    to_menu_item(s, scene_menus.M_RULES)
    s.press(A.OK)
    s.press(A.HOLD_4)               # the first page: nothing before it
    assert app.view.title_right == '1/%d' % total
    s.press(A.BACK)
    assert app.scene == ui_app.MENU and 'ui.help.rules' not in sys.modules


def test_a_duplicate_game_in_play_has_the_duplicate_page_whatever_setup_says_now():
    s = new_session(dice=ScriptedDice(seed=4))
    s.app.settings.setup_duplicate = True
    s.start()
    app = s.app
    assert app.game.round_dice is not None
    app.settings.setup_duplicate = False
    rules = app.game.rules
    s.press(A.BACK)
    to_menu_item(s, scene_menus.M_RULES)
    s.press(A.OK)
    for _ in range(rules.n_boxes):
        s.press(A.HOLD_5)
    assert app.view.title == 'Duplicate' and 'same dice' in ' '.join(app.view.items)
    s.press(A.BACK)
    assert app.scene == ui_app.PAUSE


def test_a_press_on_a_box_shows_its_rules_and_comes_back_to_it():
    s = new_session(dice=ScriptedDice(seed=4))
    s.start(rules=yc.RULESETS.index('yatzy'))
    app = s.app
    rules = app.game.rules
    s.press(A.OK, A.DOWN)           # rolled: the card, on the best box
    assert app.scene == ui_app.CARD
    s.press(A.DOWN)
    row = app.view.cursor
    box = app.rows[row]
    filled = list(app.game.card.scores)
    s.press(A.HOLD_3)               # free on the card of a hold-button board
    assert app.scene == ui_app.PAGES
    page_lines(app, *help_rules.box_help(rules, box))
    s.press(A.DOWN)                 # scrolls the page, fills nothing
    s.press(A.BACK)
    assert app.scene == ui_app.CARD and app.view.cursor == row
    assert list(app.game.card.scores) == filled
    s.press(A.HELP)                 # the long press of a three-button board
    assert app.scene == ui_app.PAGES and app.view.title == help_rules.box_help(rules, box)[0]
    s.press(A.BACK)
    assert app.scene == ui_app.CARD and app.view.cursor == row


def test_the_legend_is_the_one_of_the_board_in_use():
    three = profiles.get('three-button')
    s = new_session(hold_buttons=False, profile=three)
    to_menu_item(s, scene_menus.M_RULES)
    s.press(A.OK)
    for _ in range(13):
        s.press(A.RIGHT)            # C: the next page
    page_lines(s.app, *help_text.legend(three))
    assert 'Hold A: help' in ' '.join(s.app.view.items)     # its long press for the rules


def test_the_help_modules_leave_ram_when_the_pages_close():
    s = new_session()
    to_menu_item(s, scene_menus.M_RULES)
    s.press(A.OK)
    assert 'ui.help.text' in sys.modules and 'ui.scenes.learn' in sys.modules
    s.press(A.BACK)
    assert 'ui.help.text' not in sys.modules and 'ui.scenes.learn' not in sys.modules


# -- odds -----------------------------------------------------------------------------
def odds_value(chance, points):
    """The row's text, from chase's figures (whole percent, points to a tenth)."""
    if chance == 0:
        pct = '0%'
    elif chance < 100:
        pct = '<1%'
    else:
        p = (chance + 50) // 100
        pct = '%d%%' % (99 if p == 100 and chance < 10000 else p)
    tenths = (points + 5) // 10
    return '%s %d.%d' % (pct, tenths // 10, tenths % 10)


def test_odds_before_the_first_roll_come_from_the_hint_and_show_a_fresh_turn():
    s = new_session(dice=ScriptedDice(seed=2))
    s.start()
    app = s.app
    rules = app.game.rules
    s.press(A.HINT)
    assert app.view.dialog_lines[2] == 'OK: odds per box'
    s.press(A.OK)
    assert app.scene == ui_app.ODDS and app.view.title_right == 'new turn'
    want = [odds_value(*chase(rules, b)[:2]) for b in range(rules.n_boxes)]
    assert app.view.items == rules.labels.split('|') and app.view.values == want
    assert app.view.footer == 'A fresh turn'
    s.press(A.BACK)
    assert app.scene == ui_app.PLAY and 'yahtzee_core.odds' not in sys.modules


def test_odds_with_dice_list_the_open_boxes_and_what_to_keep():
    s = new_session(dice=ScriptedDice(seed=9))
    s.start()
    app = s.app
    g = app.game
    s.press(A.OK, A.DOWN)
    b0 = app.rows[app.view.cursor]
    s.press(A.OK)
    if app.dialog == ui_app.DLG_ZERO:
        s.press(A.OK)
    s.press(A.OK)                   # next turn's first roll
    rules = g.rules
    dice = tuple(g.dice)
    s.press(A.BACK)
    to_menu_item(s, scene_menus.M_ODDS)
    s.press(A.OK)
    assert app.scene == ui_app.ODDS and app.view.title_right == '2 left'
    open_boxes = [b for b in range(rules.n_boxes) if b != b0]
    figures = [chase(rules, b, dice, 2) for b in open_boxes]
    assert app.view.items == [app.box_label(b) for b in open_boxes]
    # the rows on screen at once, the others one a frame (the press's own frame
    # already worked out the first row below the screen)
    rows = app.settings.list_rows + 1
    want = [odds_value(c, p) for c, p, k in figures]
    assert app.view.values == want[:rows] + ['...'] * (len(want) - rows)
    s.wait(25)
    assert app.view.values[rows] == want[rows] and app.view.values[rows + 1] == '...'
    while '...' in app.view.values:
        s.wait(25)
    assert app.view.values == want
    for row in range(len(open_boxes)):
        keep = figures[row][2]
        assert app.view.cursor == row
        assert app.view.footer == 'Keep ' + (' '.join('%d' % d for d in keep) if keep else 'none')
        s.press(A.DOWN)
    s.press(A.OK)
    assert app.scene == ui_app.PAUSE


def test_odds_out_of_heap_close_with_a_note_and_the_game_goes_on(monkeypatch):
    """A board's heap too small for a row's figures: the Odds overlay goes, a note
    says why, and the game goes on where it was opened from; with room it opens."""
    import yahtzee_core.odds as odds
    s = new_session(dice=ScriptedDice(seed=9))
    s.start()
    app = s.app
    s.press(A.OK)                   # the first roll
    real_chase = odds.chase

    def tight(rules, b, *args, **kw):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(odds, "chase", tight)
    s.press(A.BACK)
    to_menu_item(s, scene_menus.M_ODDS)
    s.press(A.OK)
    assert app.scene == ui_app.PAUSE and app.dialog == codes.DLG_NOTE
    assert app.view.dialog_lines[0] == 'No memory free'
    s.press(A.BACK)                 # the note closes
    monkeypatch.setattr(odds, "chase", real_chase)
    to_menu_item(s, scene_menus.M_ODDS)
    s.press(A.OK)
    assert app.scene == ui_app.ODDS and 'no memory' not in app.view.values


# -- the hint before the first roll ---------------------------------------------------
def test_the_first_hint_of_a_turn_gives_the_expected_final_score(yacht_table):
    from yahtzee_core.advisor import Advisor
    table = yacht_table
    s = new_session(dice=ScriptedDice(seed=2), table_path=table)
    s.start(rules=yc.RULESETS.index('yacht'))
    app = s.app
    s.press(A.HINT)
    adv = Advisor('yacht', table)
    v = adv.expected_final(app.game.card)
    adv.close()
    t = (v + 5) // 10                   # to one decimal
    assert app.view.dialog_lines == ['Hint', 'Exp. final %d.%d' % (t // 10, t % 10),
                                'OK: odds per box']


def test_the_stored_fresh_turn_odds_are_chases():
    from ui.odds_fresh import FRESH
    from yahtzee_core.odds_six import chase as six_chase
    stored = [name for name in OFFERED if yc.ruleset(name).n_dice >= 5 and
              not yc.ruleset(name).hands]  # (Poker Dice's hands: on the screen)
    assert sorted(FRESH) == sorted(stored)    # (fewer dice: worked out on the screen)
    assert 'maxi-yatzy' in stored           # six dice: too long to work out on a board
    for name in stored:
        rules = yc.ruleset(name)
        want = []
        # one column (Triple Yahtzee), one cell of each category (Balut)
        for b in range(rules.n_boxes // (rules.columns * rules.cells)):
            want.extend((six_chase if rules.n_dice > 5 else chase)(rules, b)[:2])
        assert list(FRESH[name]) == want, name


def test_balut_odds_before_the_first_roll_give_each_open_cell_its_category_figures():
    """Balut's 28 boxes are four cells of its seven categories (box = cell * 7 +
    category): a fresh turn's figures are its category's, at any handover too."""
    s = new_session(dice=ScriptedDice(seed=1))
    s.start(players=2, rules=yc.RULESETS.index('balut'))
    app = s.app
    rules = app.game.rules
    assert app.scene == codes.TURN
    s.press(A.BACK)                 # the handover's pause menu, before the roll
    to_menu_item(s, scene_menus.M_ODDS)
    s.press(A.OK)
    assert app.scene == ui_app.ODDS and len(app.view.items) == 28
    for row in range(28):
        assert app.view.values[row] == odds_value(*chase(rules, row % 7)[:2])


def test_triple_yahtzee_odds_name_each_column_and_multiply_its_points():
    s = new_session(dice=ScriptedDice(seed=3))
    s.start(rules=yc.RULESETS.index('triple-yahtzee'))
    app = s.app
    rules = app.game.rules
    s.press(A.BACK)
    to_menu_item(s, scene_menus.M_ODDS)
    s.press(A.OK)                   # before the first roll: the stored figures
    assert app.scene == ui_app.ODDS and len(app.view.items) == 39
    labels = rules.labels.split('|')
    assert app.view.items[0] == 'Aces x1' and app.view.items[13] == 'Aces x2'
    assert app.view.items[38] == 'Chance x3' and app.view.items[9] == 'Sm str x1'
    for b in range(39):
        assert app.view.items[b].startswith(fit(labels[b % 13], 8))
        # every row fits beside its figures: 20 columns of 6 px up to the scrollbar
        assert len(app.view.items[b]) + 1 + len(app.view.values[b]) <= 20, (app.view.items[b], app.view.values[b])
        c, p, _ = chase(rules, b)
        assert app.view.values[b] == odds_value(c, p)
    base = chase(rules, 12)
    assert chase(rules, 38)[:2] == (base[0], 3 * base[1])   # Chance x3
    s.press(A.BACK, A.BACK)         # back to the dice; roll
    s.press(A.OK)
    dice = tuple(app.game.dice)
    # level good's planner (no table for Triple) lends its values' array to the odds
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
    for b in (0, 11, 24, 37, 38):
        assert app.view.values[b] == odds_value(*chase(rules, b, dice, 2)[:2])
        one = chase(rules, b % 13, dice, 2)
        assert chase(rules, b, dice, 2) == (one[0], (b // 13 + 1) * one[1], one[2])
    s.press(A.BACK, A.BACK)
    assert app.scene == ui_app.PLAY
    # the odds worked in it; its hints are worked out again, the same
    assert list(app.hint_source.planner.x) != values
    assert app.hint_source.hold_options(card, dice, 2) == hinted == \
        Hints(rules).hold_options(card, dice, 2)


CIRCUITPY = __import__('mpy_util').REPO_ROOT.parent / 'shared' / 'circuitpython' / \
    'circuitpython-10.2.1-unix32'


@pytest.mark.skipif(not CIRCUITPY.exists(),
                    reason='no CircuitPython 32-bit interpreter at ../shared/circuitpython')
def test_the_learning_screens_run_on_32bit_circuitpython_from_plain_sources():
    """As on a board: every module compiled from .py at import, 32-bit objects: the
    app, level good's planner for the hints (made as the game starts) and the Odds
    screen with dice all in RAM at once, the odds compiled as they open. Scanned by
    hand: 167K runs out opening the Odds, 168K and up pass; budget 169K."""
    import os
    import subprocess
    from mpy_util import REPO_ROOT
    env = dict(os.environ, MICROPYPATH='%s:%s' % (REPO_ROOT, REPO_ROOT / 'tests' / 'mpy'))
    done = subprocess.run([str(CIRCUITPY), '-X', 'heapsize=169K',
                           str(REPO_ROOT / 'tests' / 'mpy' / 'check_learn.py')],
                          capture_output=True, text=True, env=env, cwd=str(REPO_ROOT),
                          timeout=300)
    assert done.returncode == 0, done.stdout[-1000:] + done.stderr
    assert 'learn checks passed' in done.stdout


@pytest.mark.parametrize('height', (64, 32))
def test_crag_odds_screen_works_out_three_dice_before_and_after_a_roll(height):
    """Crag has no stored fresh-turn figures: the screen works them out (odds_small.py,
    two rolls a turn), then, after a roll, each row from the three dice showing."""
    s = new_session(dice=ScriptedDice(seed=4), height=height, hold_buttons=height == 64)
    s.start_game('crag', kinds=(0,))
    app = s.app
    rules = app.game.rules
    from yahtzee_core.odds_small import chase as small_chase
    s.press(A.BACK)
    to_menu_item(s, scene_menus.M_ODDS)
    s.press(A.OK)
    assert app.scene == ui_app.ODDS and len(app.view.items) == 13
    assert app.view.values == [odds_value(*small_chase(rules, b, None, 2)[:2]) for b in range(13)]
    s.press(A.BACK, A.BACK)
    assert app.scene == ui_app.PLAY and 'yahtzee_core.odds_small' not in sys.modules
    if app.hold_buttons:
        s.press(A.OK)
    else:
        s.press(A.OK)                   # the cursor starts on "Roll"
    s.wait(600)
    dice = tuple(app.game.dice)
    assert len(dice) == 3 and app.game.rolls_left == 1
    s.press(A.BACK)
    to_menu_item(s, scene_menus.M_ODDS)
    s.press(A.OK)
    while '...' in app.view.values:
        s.wait(25)
    figures = [small_chase(rules, b, dice, 1) for b in range(13)]
    assert app.view.values == [odds_value(c, p) for c, p, k in figures]
    keep = figures[0][2]
    want = 'keep ' + (' '.join('%d' % d for d in keep) if keep else 'none')
    assert (app.view.title_right if height < 64 else app.view.footer.lower()) == want


@pytest.mark.parametrize('three', [False, True])
def test_ok_reads_a_page_to_its_end_before_the_next_and_left_pages_back(three):
    """OK shows the rest of a long page first; LEFT (A; HOLD_4) turns back a page,
    RIGHT (C; HOLD_5) on: a three-button board reads every line and pages both ways."""
    profile = profiles.get('three-button' if three else 'default')
    s = new_session(hold_buttons=not three, profile=profile)
    app = s.app
    app.settings.setup_rules = yc.RULESETS.index('yamb')
    to_menu_item(s, scene_menus.M_RULES)
    s.press(A.OK)
    rows = app.settings.list_rows
    assert app.view.title == 'Columns' and len(app.view.items) > rows
    assert app.view.footer == ('B: more  A/C: page' if three else 'OK: more  4/5: page')
    s.press(A.OK)                   # more of the same page
    assert app.view.title == 'Columns' and app.view.top > 0
    while app.view.top + rows < len(app.view.items):
        s.press(A.OK)
    assert app.view.footer.startswith('B: next' if three else 'OK: next')
    s.press(A.OK)
    assert app.view.title == 'Announce' and app.view.top == 0
    s.press(A.LEFT if three else A.HOLD_4)
    assert app.view.title == 'Columns' and app.view.title_right.startswith('1/')
    s.press(A.RIGHT if three else A.HOLD_5, A.RIGHT if three else A.HOLD_5)
    assert app.view.title == 'Ones to Sixes'


def test_help_on_a_yamb_box_opens_its_rows_page_and_comes_back():
    s = new_session(dice=ScriptedDice(seed=4))
    s.start(rules=yc.RULESETS.index('yamb'))
    app = s.app
    s.press(A.OK)
    if app.scene == ui_app.ANNOUNCE:
        s.press(A.OK)               # no announce
    s.press(A.DOWN)
    assert app.scene == ui_app.CARD
    box = app.rows[app.view.cursor]
    s.press(A.HOLD_3)
    assert app.scene == ui_app.PAGES
    page_lines(app, *help_rules.box_help(app.game.rules, box))
    s.press(A.BACK)
    assert app.scene == ui_app.CARD and app.rows[app.view.cursor] == box
