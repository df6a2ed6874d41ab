"""A computer seat that plays below the level asked for (no strategy table) says so once
a game, in a note that holds its turn until a key closes it."""
from tools.scripted_dice import ScriptedDice
from events import actions as A
from ui import app as ui_app
from ui import codes
from ui_helpers import fill_turn, new_session

HUMAN, PERFECT, GOOD, BEGINNER = 0, 1, 2, 3
DIALOG_COLS = 18        # 21 columns less the dialog box's frame and margins


def play_cpu_turn(s):
    """Let the clock run until the computer seat in play has filled its box."""
    g = s.app.game
    p = g.current
    for _ in range(20):
        if g.current != p or g.over:
            return
        s.wait(600)
    raise AssertionError('computer turn did not end')


def test_perfect_seat_without_a_table_says_it_plays_good_once_and_waits_for_a_key():
    s = new_session(dice=ScriptedDice(seed=9))       # table_path=None: no strategy table
    s.start(players=2, kinds=(HUMAN, PERFECT))
    app = s.app
    g = app.game
    assert app.dialog == ui_app.DLG_NONE            # the human plays first
    fill_turn(s)
    assert app.scene == ui_app.CPU
    assert app.dialog == ui_app.DLG_NOTE
    assert app.view.dialog_lines == ['no strategy table:', 'playing at level', 'good']
    bot = app.bots[1]
    assert bot.fallback and bot.note == 'no strategy table: playing at level good'
    for _ in range(3):                              # the turn waits for the note
        s.wait(600)
    assert not g.rolled and app.dialog == ui_app.DLG_NOTE
    s.press(A.OK)                                   # closes the note, skips nothing
    assert app.dialog == ui_app.DLG_NONE and app.scene == ui_app.CPU and not g.rolled
    play_cpu_turn(s)
    assert app.scene == codes.TURN and g.cards[1].scores.count(255) == 12
    # the next computer turn starts without the note
    fill_turn(s)
    assert app.scene == ui_app.CPU and app.dialog == ui_app.DLG_NONE
    play_cpu_turn(s)
    assert g.cards[1].scores.count(255) == 11
    assert s.image().size == (128, 64)


def test_note_is_shown_once_a_game_even_for_two_fallback_seats():
    s = new_session(dice=ScriptedDice(seed=2))
    s.start(players=3, kinds=(HUMAN, PERFECT, PERFECT))
    app = s.app
    fill_turn(s)
    assert app.dialog == ui_app.DLG_NOTE
    s.press(A.HOLD_3)                               # any key closes it
    play_cpu_turn(s)
    assert app.game.current == 2 and app.scene == ui_app.CPU
    assert app.dialog == ui_app.DLG_NONE and app.bots[2].fallback
    # a new game tells again
    play_cpu_turn(s)
    s.press(A.BACK)
    while app.view.items[app.view.cursor] != 'Main menu':
        s.press(A.DOWN)
    s.press(A.OK)
    s.start(players=2, kinds=(PERFECT, HUMAN))
    assert app.scene == ui_app.CPU and app.dialog == ui_app.DLG_NOTE


def test_levels_that_need_no_table_show_no_note():
    s = new_session(dice=ScriptedDice(seed=5))
    s.start(players=3, kinds=(HUMAN, GOOD, BEGINNER))
    app = s.app
    fill_turn(s)
    for p in (1, 2):
        assert app.game.current == p and app.scene == ui_app.CPU
        assert app.dialog == ui_app.DLG_NONE
        play_cpu_turn(s)
    assert not app.bots[1].fallback and not app.bots[2].fallback


def test_no_heap_for_a_computer_at_the_start_leaves_the_game_unstarted():
    # the computers are made as the game starts (App.begin_game): no heap for one
    # and the game does not start half made; the menu says why, no beginner stands in
    tries = []

    def no_heap(rules):
        tries.append(rules.name)
        raise MemoryError('table index')

    s = new_session(dice=ScriptedDice(seed=7), table_path=no_heap)
    s.start(players=2, kinds=(PERFECT, HUMAN))
    app = s.app
    assert tries and app.scene == ui_app.MENU and app.bots is None
    assert app.dialog == ui_app.DLG_NOTE and app.view.dialog_lines[0] == 'Game too large'


class LongNoteBot:
    """A fallback bot whose note is too long for the dialog (how it plays does not matter)."""
    fallback = True
    note = 'strategy table unusable (bad magic 0x1234 in header): playing at level good'

    def choose_hold(self, card, dice, rolls_left):
        return bytearray(5)

    def choose_box(self, card, dice):
        return max(card.options(dice).items(), key=lambda kv: kv[1])[0]


def test_a_long_note_keeps_its_start_and_what_happens_now():
    s = new_session(dice=ScriptedDice(seed=3), bot_factory=lambda kind, rules: LongNoteBot())
    s.start(players=2, kinds=(PERFECT, HUMAN))
    lines = s.app.view.dialog_lines
    assert s.app.dialog == ui_app.DLG_NOTE
    assert all(len(line) <= DIALOG_COLS for line in lines), lines
    assert lines == ['strategy table unu', 'playing at level', 'good']
