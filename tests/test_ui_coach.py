"""The coach (ui/coach.py) in scripted games against the real (small) Yacht strategy
table: known mistakes appear in its notes and its end-of-game list with the costs the
table gives for them, computed here from the table's own ranked options (Hints)."""
import yahtzee_core as yc
from yahtzee_core import dice as D
from yahtzee_core.ranking import Hints
from tools.screenshots import Session
from tools.scripted_dice import ScriptedDice
from events import actions as A
from ui import app as ui_app
from ui import coach
from ui.codes import COACH_FLAG, COACH_OFF, PG_COACH
from ui_helpers import new_session, play_turn_by_hints, yacht_table  # noqa: F401

YACHT = yc.RULESETS.index('yacht')


def turn_on_coach(s):
    """Main menu: step the Coach item to 'mistakes'."""
    app = s.app
    while app.items[app.cursor] != 'Coach':
        s.press(A.DOWN)
    s.press(A.OK)
    assert app.values[app.cursor] == 'mistakes' and app.coach_mode == COACH_FLAG


def expected_mistakes(table):
    """The two planned mistakes and their costs, from the table's ranked options:
    turn 1, five sixes scored in Ones; turn 2, 6 6 6 2 1 rolled again in full."""
    adv = Hints('yacht', table)
    assert not adv.fallback
    rules = yc.ruleset('yacht')
    card = yc.Scorecard(rules)
    opts = adv.box_options(card, (6, 6, 6, 6, 6))
    ones = [v for v, b in opts if b == 0][0]
    first = (0, 1, D.roll_index((6, 6, 6, 6, 6)), 0, 0, opts[0][1], opts[0][0] - ones)
    card.fill('ones', (6, 6, 6, 6, 6))
    holds = adv.hold_options(card, (6, 6, 6, 2, 1), 2)
    none = [v for v, kept in holds if kept == ()][0]
    second = (0, 2, D.roll_index((6, 6, 6, 2, 1)), 2, D.hold_index(()),
              D.hold_index(holds[0][1]), holds[0][0] - none)
    adv.close()
    return first, second


def make_two_mistakes(s):
    app = s.app
    s.press(A.OK, A.DOWN)                   # five sixes, straight to the card
    while app.items[app.cursor] != 'Ones':
        s.press(A.UP)
    s.press(A.OK, A.OK)                     # Ones, yes to the 0
    assert app.game.cards[0].scores[0] == 0
    first_note = None
    if app.dialog == ui_app.DLG_NOTE:
        first_note = list(app.dialog_lines)
        s.press(A.BACK)                     # close the note
    s.press(A.OK)                           # 6 6 6 2 1
    assert sorted(app.game.dice) == [1, 2, 6, 6, 6]
    s.press(A.OK)                           # roll all five again: the second mistake
    second_note = None
    if app.dialog == ui_app.DLG_NOTE:
        second_note = list(app.dialog_lines)
        s.press(A.BACK)
    return first_note, second_note


def test_known_mistakes_are_noted_and_listed_with_the_advisors_costs(yacht_table):
    first, second = expected_mistakes(yacht_table)
    assert first[6] > 2000 and second[6] > 100     # both clear mistakes
    s = new_session(dice=ScriptedDice(seed=12, script=[6] * 5 + [6, 6, 6, 2, 1]),
                    table_path=yacht_table)
    turn_on_coach(s)
    s.start(rules=YACHT)
    app = s.app
    note1, note2 = make_two_mistakes(s)
    # the move, and what it adds to the expected final score (the hint's "final")
    best_box = 'Score ' + app.box_label(first[5])
    assert note1 == ['Coach', best_box, '+%s exp. final' % coach.points(first[6], 1)]
    kept = ' '.join('%d' % d for d in D.hold_dice(second[5]))
    assert note2 == ['Coach', 'Keep ' + kept, '+%s exp. final' % coach.points(second[6], 1)]
    assert [coach.record(app, i) for i in range(coach.entries(app))] == [first, second]
    while not app.game.over:
        play_turn_by_hints(s)
    # the hints' own play costs nothing: the list holds exactly the two mistakes
    assert coach.entries(app) == 2
    while app.scene != ui_app.PAGES:
        s.press(A.OK)
    assert app.page_kind == PG_COACH and app.title == 'Coach'
    assert app.items[:2] == ['P1 lost', '  decisions']
    assert app.values[:2] == [coach.points(first[6] + second[6]), '2']
    s.press(A.OK)
    assert app.title == 'R1 6 6 6 6 6' and app.title_right == '-' + coach.points(first[6])
    assert app.values[:2] == ['Score Ones', 'Score ' + app.box_label(first[5])]
    s.press(A.OK)
    assert app.title == 'R2 1 2 6 6 6' and app.title_right == '-' + coach.points(second[6])
    assert app.values == ['Reroll all', 'Keep ' + kept, '2']
    s.press(A.OK)
    assert app.scene == ui_app.MENU


def test_the_list_survives_a_power_cut(yacht_table):
    first, second = expected_mistakes(yacht_table)
    s = new_session(dice=ScriptedDice(seed=12, script=[6] * 5 + [6, 6, 6, 2, 1]),
                    table_path=yacht_table)
    turn_on_coach(s)
    s.start(rules=YACHT)
    make_two_mistakes(s)
    back = Session(storage=s.storage, dice=ScriptedDice(seed=4), table_path=yacht_table)
    app = back.app
    assert app.scene == ui_app.MENU and app.coach_mode == COACH_FLAG
    back.press(A.OK)                                # Resume game
    assert app.scene == ui_app.PLAY and app.game.round == 2
    assert [coach.record(app, i) for i in range(coach.entries(app))] == [first, second]
    while not app.game.over:
        play_turn_by_hints(back)
    while app.scene != ui_app.PAGES:
        back.press(A.OK)
    assert app.title_right == '2' and app.values[1] == '2'


def test_below_the_threshold_nothing_is_said_but_the_list_keeps_it(yacht_table):
    first, second = expected_mistakes(yacht_table)
    s = new_session(dice=ScriptedDice(seed=12, script=[6] * 5 + [6, 6, 6, 2, 1]),
                    table_path=yacht_table, coach_threshold=first[6] + 1)
    turn_on_coach(s)
    s.start(rules=YACHT)
    assert make_two_mistakes(s) == (None, None)
    assert coach.entries(s.app) == 2


def test_undo_takes_the_boxs_entry_back(yacht_table):
    s = new_session(dice=ScriptedDice(seed=12, script=[6] * 5), table_path=yacht_table)
    turn_on_coach(s)
    s.start(rules=YACHT)
    app = s.app
    s.press(A.OK, A.DOWN)
    while app.items[app.cursor] != 'Ones':
        s.press(A.UP)
    s.press(A.OK, A.OK, A.BACK)
    assert coach.entries(app) == 1
    s.press(A.BACK)
    while app.items[app.cursor] != 'Undo last box':
        s.press(A.DOWN)
    s.press(A.OK)
    assert coach.entries(app) == 0


def test_without_a_table_the_coach_says_it_is_unavailable():
    s = new_session(dice=ScriptedDice(seed=5))
    turn_on_coach(s)
    s.start()
    app = s.app
    s.press(A.OK, A.OK)                 # a hold decision (roll all again)
    assert app.dialog == ui_app.DLG_NOTE
    assert app.dialog_lines == ['Coach', 'unavailable:', 'no strategy table']
    s.press(A.BACK)
    while not app.game.over:
        s.press(A.OK)
        if app.dialog != ui_app.DLG_NONE:
            s.press(A.OK)
    while app.scene != ui_app.PAGES:
        s.press(A.OK)
    assert app.items == ['Unavailable:', 'no strategy table'] and coach.entries(app) == 0


def test_the_coach_setting_is_kept_in_the_records():
    s = new_session()
    turn_on_coach(s)
    s.press(A.OK)
    assert s.app.coach_mode == 2 and s.app.values[s.app.cursor] == 'always'
    assert Session(storage=s.storage).app.coach_mode == 2
    s.press(A.OK)
    assert Session(storage=s.storage).app.coach_mode == COACH_OFF


def test_a_full_save_slot_keeps_the_game_and_the_first_records_and_counts_the_rest():
    nvm = bytearray(b'\xff' * 256)          # a SAMD21: the game save only, 128 B a slot
    s = new_session(storage=nvm, dice=ScriptedDice(seed=3))
    s.start()
    app = s.app
    s.press(A.OK)
    for k in range(40):                     # more costly decisions than the slot holds
        coach.add(app, 0, 1 + k % 13, (1, 2, 3, 4, 6), 2, k, 400 + k, 100 + k)
    from ui.saves.store import save_game
    save_game(app)
    back = Session(storage=nvm, dice=ScriptedDice(seed=3)).app
    assert back.saved and back.game.to_bytes() == app.game.to_bytes()
    kept = coach.entries(back)
    assert 0 < kept < 40 and back.coach_lost == 40 - kept
    assert bytes(back.coach) == bytes(app.coach[:kept * coach.REC])
    assert coach.record(back, kept - 1) == (0, 1 + (kept - 1) % 13, D.roll_index((1, 2, 3, 4, 6)),
                                            2, kept - 1, 400 + kept - 1, 100 + kept - 1)
    back.coach_mode = COACH_FLAG
    back.open(ui_app.PAGES, 0, PG_COACH, back=ui_app.MENU)
    assert back.footer == '%d not kept' % (40 - kept)


def test_on_always_every_roll_brings_its_hint_and_no_note_costs_a_press(yacht_table):
    """Coach "always", two humans following the hints: after every roll the hint is
    on show already (OK alone follows it); a best move's note heads it ("Best,
    final" and the expected final score) or the filler's handover title; no note ever waits for a key.
    A mistake still gets its note."""
    from ui.codes import COACH_ALWAYS
    s = new_session(dice=ScriptedDice(seed=4), table_path=yacht_table)
    s.app.coach_mode = COACH_ALWAYS
    s.start(players=2, rules=YACHT)
    app = s.app
    g = app.game
    heads = set()
    handovers = 0
    while g.round < 4:
        assert app.dialog != ui_app.DLG_NOTE
        if app.scene == ui_app.TURN:
            if app.turn_filled:
                assert app.title.endswith(': best move')
                handovers += 1
            s.press(A.OK)
            continue
        assert app.scene == ui_app.PLAY and g.rolled and app.dialog == ui_app.DLG_HINT
        heads.add(app.dialog_lines[0].split(' ')[0])
        total = app.dialog_lines[0].split(' ')[-1]
        assert total.replace('.', '').isdigit()
        s.press(A.OK)
    assert heads == {'Hint,', 'Best,'} and handovers == 5    # round 4 starts at the 6th fill
    # a mistake: a first roll's hint to keep dice turned down (BACK), all five rolled
    # again instead: its note waits to be read
    while not (app.scene == ui_app.PLAY and g.rolls_left == 2 and
               app.dialog_lines[1].startswith('Keep ') and app.dialog_lines[1] != 'Keep none'):
        s.press(A.OK)
    s.press(A.BACK)
    assert app.dialog == ui_app.DLG_NONE
    s.press(A.OK)
    assert app.dialog == ui_app.DLG_NOTE and app.dialog_lines[0] == 'Coach'
    assert app.dialog_lines[1].startswith('Keep ')


def test_crag_mistakes_are_judged_on_three_dice():
    """Crag's table (three dice): rolling a crag (6 6 1, 50 points) away is noted with
    the cost its ranked holds give, listed with the roll's three dice, and the hints'
    own play adds nothing to the list."""
    import os
    from tools import strategy_table
    from mpy_util import REPO_ROOT
    table = strategy_table.ensure_tables('crag', os.path.join(str(REPO_ROOT), 'tables'))['plain']
    hints = Hints('crag', table)
    assert not hints.fallback
    card = yc.Scorecard(yc.ruleset('crag'))
    holds = hints.hold_options(card, (6, 6, 1), 1)
    none = [v for v, kept in holds if kept == ()][0]
    assert holds[0][1] == (1, 6, 6) and holds[0][0] - none > 1000
    hints.close()
    s = new_session(dice=ScriptedDice(seed=7, script=[6, 6, 1]), table_path=table)
    turn_on_coach(s)
    s.start(rules=yc.RULESETS.index('crag'))
    app = s.app
    s.press(A.OK)                           # the first roll: 6 6 1
    assert sorted(app.game.dice) == [1, 6, 6]
    s.press(A.OK)                           # rolled again, all three: the mistake
    cost = holds[0][0] - none
    assert app.dialog == ui_app.DLG_NOTE
    assert app.dialog_lines == ['Coach', 'Keep 1 6 6', '+%s exp. final' % coach.points(cost, 1)]
    s.press(A.BACK)
    assert [coach.record(app, i) for i in range(coach.entries(app))] == [
        (0, 1, D.roll_index((6, 6, 1), 3), 1, D.hold_index(()), D.hold_index((1, 6, 6)), cost)]
    while not app.game.over:
        play_turn_by_hints(s)
    assert coach.entries(app) == 1
    while app.scene != ui_app.PAGES:
        s.press(A.OK)
    s.press(A.OK)
    assert app.title == 'R1 1 6 6' and app.title_right == '-' + coach.points(cost)
    assert app.values == ['Reroll all', 'Keep 1 6 6', '1']
