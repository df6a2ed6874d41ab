"""The play screen for any number of dice: three (Crag), five, and six, the last on a
stand-in (a five-dice game given six dice: the core's six-dice tables are not needed
to draw, hold and roll). Where each die is drawn, which button holds it, where the die
cursor goes, and that a five-dice game draws what it always drew."""
import pytest
from PIL import Image

from tools.screenshots import Session
from tools.scripted_dice import ScriptedDice
from events import actions as A
from ui import app as ui_app
from ui import codes
from ui.scenes.play import button_die


def lit(img, box):
    return img.crop(box).convert('L').histogram()[255]


def session(rules, n=None, height=64, seed=5):
    """A one-seat game of `rules` (n: give it n dice, the six-dice stand-in), rolled."""
    s = Session(128, height, dice=ScriptedDice(seed=seed), hold_buttons=height == 64)
    s.start_game(rules, kinds=(0,))
    g = s.app.game
    if n is not None and n != len(g.dice):
        g.dice = bytearray(n)
        g.held = bytearray(n)
        s.app.sync_dice()
    s.app.saved = False         # the stand-in's six dice have no save format
    s.press(A.OK)
    s.wait(600)
    return s


def die_boxes(s):
    v = s.views
    n = len(s.app.game.dice)
    return [(v.dice_x + i * v.pitch, v.dice_y, v.dice_x + i * v.pitch + v.die_size,
             v.dice_y + v.die_size) for i in range(n)]


@pytest.mark.parametrize('height', (64, 32))
@pytest.mark.parametrize('rules, n', (('crag', None), ('yahtzee', None), ('yahtzee', 6)))
def test_every_die_is_drawn_apart_on_the_screen_and_nothing_else_is(rules, n, height):
    s = session(rules, n, height)
    g = s.app.game
    img = s.image()
    boxes = die_boxes(s)
    assert len(boxes) == len(g.dice) == (n or (3 if rules == 'crag' else 5))
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        assert 0 <= x0 and x1 <= (90 if height < 64 else 128)   # 128x32: the texts at 91
        if i:
            assert x0 > boxes[i - 1][2]                          # a gap between dice
        assert g.dice[i] and lit(img, (x0, y0, x1, y1)) > 0
    shown = [tg for tg in s.views.die_grids if not tg.hidden]
    assert [tg[0] for tg in shown] == list(g.dice)              # each die its face
    # the dice row holds nothing but the dice: between and beside them it is dark
    row = (0, boxes[0][1], boxes[-1][2], boxes[0][3])
    assert lit(img, row) == sum(lit(img, b) for b in boxes)


@pytest.mark.parametrize('rules, n', (('crag', None), ('yahtzee', None), ('yahtzee', 6)))
def test_the_hold_buttons_hold_the_die_above_them(rules, n):
    """Five buttons sit under five slots: three dice take the middle three (HOLD2..4),
    five all of them, six dice the five first and HOLD5 held (HOLD_6) the sixth."""
    s = session(rules, n)
    g = s.app.game
    count = len(g.dice)
    s.image()
    five = Session(dice=ScriptedDice(seed=1))            # where the five slots are drawn
    slot_x = [five.views.dice_x + k * five.views.pitch for k in range(5)]
    presses = (A.HOLD_1, A.HOLD_2, A.HOLD_3, A.HOLD_4, A.HOLD_5, A.HOLD_6)
    for k, action in enumerate(presses):
        before = bytes(g.held)
        s.press(action)
        changed = [i for i in range(count) if g.held[i] != before[i]]
        die = button_die(count, k)
        assert changed == ([die] if die >= 0 else [])
        if count <= 5 and k < 5 and die >= 0:
            assert s.views.dice_x + die * s.views.pitch == slot_x[k]    # drawn above it
        if die >= 0:
            s.press(action)                                # let it go again
    assert [button_die(3, k) for k in range(6)] == [-1, 0, 1, 2, -1, -1]
    assert [button_die(5, k) for k in range(6)] == [0, 1, 2, 3, 4, 4]
    assert [button_die(6, k) for k in range(6)] == [0, 1, 2, 3, 4, 5]


@pytest.mark.parametrize('rules, n', (('crag', None), ('yahtzee', None), ('yahtzee', 6)))
def test_the_die_cursor_visits_every_die_then_roll_and_card(rules, n):
    s = session(rules, n, height=32)
    app = s.app
    count = len(app.game.dice)
    assert app.die_cursor == 0
    seen = [0]
    for _ in range(count + 2):
        s.press(A.RIGHT)
        seen.append(app.die_cursor)
    assert seen == list(range(count)) + [codes.CURSOR_ROLL, codes.CURSOR_CARD, 0]
    s.press(A.LEFT)
    assert app.die_cursor == codes.CURSOR_CARD
    s.press(A.LEFT, A.LEFT)
    assert app.die_cursor == count - 1
    s.press(A.OK)                                           # holds the last die
    assert app.game.held[count - 1] == 1
    img = s.image()
    v = s.views
    assert v.marker.x == v.dice_x + (count - 1) * v.pitch and not v.marker.hidden
    assert lit(img, (v.marker.x, v.marker.y, v.marker.x + v.die_size, v.marker.y + 2))


def test_a_six_dice_game_then_a_five_dice_one_draws_the_five_as_before():
    """The six-dice sheet is made only for six dice; the next five-dice game is drawn
    exactly as a five-dice game on fresh views is."""
    s = session('yahtzee', 6, seed=9)
    v = s.views
    s.image()
    assert v.die_size == 20 and len([t for t in v.die_grids if not t.hidden]) == 6
    fresh = Session(dice=ScriptedDice(seed=9))
    fresh.start_game('yahtzee', kinds=(0,))
    fresh.press(A.OK).wait(600)
    s.app.go(ui_app.MENU, s.now)
    s.app.game = None
    s.app.rng = ScriptedDice(seed=9)
    s.start_game('yahtzee', kinds=(0,))
    s.press(A.OK).wait(600)
    assert list(s.app.game.dice) == list(fresh.app.game.dice)
    assert s.image().tobytes() == fresh.image().tobytes()
    assert v.die_size == 22 and len(v.die_grids) == 5


@pytest.mark.parametrize('height', (64, 32))
def test_a_crag_hint_keeps_some_of_three_dice_or_scores(height):
    """Hints rank the holds of three dice (no table: level good's, no score shown) and OK
    applies them."""
    s = session('crag', height=height, seed=12)
    app = s.app
    g = app.game
    s.app.saved = True
    s.press(A.HINT)
    assert app.dialog == ui_app.DLG_HINT and app.dialog_lines[0] == 'Hint (no table)'
    line = app.dialog_lines[1]
    assert line.startswith('Keep ') or line.startswith('Score ')
    if line.startswith('Keep '):
        kept = sorted(int(x) for x in line[5:].split()) if line != 'Keep none' else []
        assert len(kept) < 3
        s.press(A.OK)
        assert sorted(g.dice[i] for i in range(3) if g.held[i]) == kept
    else:                       # OK on a Score hint fills that box
        card = g.card
        before = card.filled_mask
        s.press(A.OK)
        assert card.filled_mask != before
