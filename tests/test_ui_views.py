"""The real displayio views rendered by Blinka: golden images and in-place updates.

Regenerate the golden images after a deliberate change of the looks with
    .venv/bin/python -m tools.screenshots --golden
and look at them (python -m tools.screenshots --write writes 4x copies to docs/screens/).
"""
import os

import pytest
from PIL import Image, ImageChops

from tools import screenshots
from tools.screenshots import Session, render
from tools.scripted_dice import ScriptedDice
from events import actions as A
from ui import app as ui_app

GOLDEN = screenshots.GOLDEN_DIR


@pytest.fixture(scope='module')
def rendered():
    return dict(screenshots.all_screens())


def test_every_golden_image_has_a_screen(rendered):
    names = sorted(f[:-4] for f in os.listdir(GOLDEN) if f.endswith('.png'))
    assert names == sorted(rendered)
    for key in ('menu', 'play_rolled', 'play_held', 'scorecard', 'confirm_zero', 'hint',
                'game_over', 'computer_turn', 'small_play', 'hint_no_table', 'export_done',
                'shake_lost', 'howto', 'legend', 'rules_box', 'odds', 'odds_fresh',
                'hint_first_roll', 'coach_note', 'coach_list', 'coach_page', 'small_howto',
                'small_legend', 'small_rules_box', 'small_odds', 'small_coach_page',
                'odds_help', 'small_odds_help', 'coach_always_hint', 'coach_always_best',
                'small_coach_always_hint', 'small_coach_always_best'):
        assert key in rendered


@pytest.mark.parametrize('name', sorted(f[:-4] for f in os.listdir(GOLDEN) if f.endswith('.png')))
def test_screen_matches_golden(rendered, name):
    want = Image.open(os.path.join(GOLDEN, name + '.png')).convert('1')
    got = rendered[name]
    assert got.size == want.size
    diff = ImageChops.logical_xor(got, want)
    assert diff.getbbox() is None, '%s differs in %s; rerun tools.screenshots --golden if intended' % (
        name, diff.getbbox())


def lit(img, box):
    """Lit pixels inside box (x0, y0, x1, y1)."""
    return sum(1 for v in img.crop(box).get_flattened_data() if v)


def test_held_dice_are_drawn_inverted():
    s = Session(dice=ScriptedDice(script=[4, 4, 4, 4, 4], seed=7))
    s.start()
    s.press(A.OK)
    before = s.image()
    s.press(A.HOLD_2)
    after = s.image()
    die = (s.views.dice_x + s.views.pitch, s.views.dice_y,
           s.views.dice_x + s.views.pitch + s.views.die_size, s.views.dice_y + s.views.die_size)
    area = s.views.die_size ** 2
    assert lit(before, die) < area // 2 < lit(after, die)
    other = (s.views.dice_x, s.views.dice_y, s.views.dice_x + s.views.die_size,
             s.views.dice_y + s.views.die_size)
    assert lit(before, other) == lit(after, other)


def test_views_update_in_place_without_new_objects():
    s = Session(dice=ScriptedDice(seed=3))
    s.start()
    s.press(A.OK)
    v = s.views
    s.image()
    ids = [id(x) for x in v.die_grids] + [id(v.list_group), id(v.play_group), id(v.root)]
    n_root = len(v.root)
    s.press(A.SHAKE_START)
    for _ in range(10):
        s.wait(80)
        v.update(s.app)
    s.press(A.SHAKE_END)
    s.image()
    assert [id(x) for x in v.die_grids] + [id(v.list_group), id(v.play_group), id(v.root)] == ids
    assert len(v.root) == n_root
    assert [g[0] for g in v.die_grids] == list(s.app.game.dice)     # nothing held


def test_dialog_overlays_and_hides():
    s = Session(dice=ScriptedDice(script=[1, 2, 3, 4, 6] * 3, seed=7))
    s.start()
    s.press(A.OK, A.OK, A.OK, A.OK)
    app = s.app
    while app.view.items[app.view.cursor] != 'Yahtzee':
        s.press(A.DOWN)
    plain = s.image()
    s.press(A.OK)
    assert app.dialog == ui_app.DLG_ZERO
    shown = s.image()
    assert not s.views.dialog_layer.hidden
    assert ImageChops.logical_xor(plain, shown).getbbox() is not None
    s.press(A.BACK)
    assert s.image().tobytes() == plain.tobytes()


def test_render_is_one_bit_and_sized_from_the_display():
    s = Session(width=128, height=32, hold_buttons=False)
    img = s.image()
    assert img.mode == '1' and img.size == (128, 32)
    assert len(set(img.get_flattened_data())) == 2
    assert s.views.list_rows == 2


def test_render_refuses_a_group_shown_elsewhere():
    import displayio
    s = Session()
    first = render(s.views.root, 128, 64)
    again = render(s.views.root, 128, 64)    # released after each render: reusable
    assert first.getbbox() is not None and first.tobytes() == again.tobytes()
    holder = displayio.Group()
    holder.append(s.views.root)              # now part of another picture
    with pytest.raises(ValueError, match='shown elsewhere'):
        render(s.views.root, 128, 64)
    holder.remove(s.views.root)
    assert render(s.views.root, 128, 64).tobytes() == first.tobytes()


def _game_over_with_a_high_score(height):
    """A three-seat game played by OK alone to its end, where P1's score is a high."""
    s = Session(128, height, dice=ScriptedDice(seed=11))
    s.start(players=3, kinds=(0, 2, 3))
    while s.app.scene != ui_app.OVER:
        s.press(A.OK)
    assert s.app.view.moment and s.app.pending_high
    return s


@pytest.mark.parametrize('height', [64, 32])
def test_the_high_score_banner_hides_no_place_and_no_name_line(height):
    s = _game_over_with_a_high_score(height)
    rows = (0, 12, 128, height - 11 if height == 64 else height)   # under the title
    with_banner = s.image()
    assert s.views.moment_group.hidden is False
    s.wait(1500)
    assert not s.app.view.moment
    assert ImageChops.logical_xor(with_banner.crop(rows), s.image().crop(rows)).getbbox() is None
    # OK at once: the initials screen, its name line clear of the banner
    s = _game_over_with_a_high_score(height)
    s.press(A.OK)
    assert s.app.scene == ui_app.INITIALS and s.app.view.moment
    with_banner = s.image()
    s.wait(1500)
    assert ImageChops.logical_xor(with_banner.crop(rows), s.image().crop(rows)).getbbox() is None


def test_the_docs_pictures_are_the_goldens_at_four_times():
    """docs/screens/ shows what the app draws: each picture is its golden, 4x (both
    written by tools.screenshots; rerun it with --write after a change)."""
    names = sorted(f for f in os.listdir(GOLDEN) if f.endswith('.png'))
    for name in names:
        want = Image.open(os.path.join(GOLDEN, name)).convert('1')
        with Image.open(os.path.join(screenshots.DOCS_DIR, name)) as doc:
            got = doc.convert('1').resize(want.size, Image.NEAREST)
        assert doc.size == (want.width * 4, want.height * 4), name
        assert ImageChops.logical_xor(got, want).getbbox() is None, name


@pytest.mark.parametrize('height', [64, 32])
def test_a_line_of_text_starts_at_its_top_row(height):
    """A title at row 0 shows its capitals' first row (a cut one turned R into K), and
    the 128x32 dialog's first line clears its frame."""
    import displayio
    from ui.views.views import Views
    views = Views(128, height)
    group = displayio.Group()
    views._label(group, 0, 0, 'HRA')
    lit = [y for y in range(height) if render(group, 128, height).crop((0, y, 128, y + 1)).getbbox()]
    assert lit[0] == 0 and lit[-1] == 7          # capitals 8 rows high, all on screen
    s = Session(128, height, hold_buttons=height == 64)
    s.app.dialog = ui_app.DLG_NOTE
    s.app.view.dialog_lines[:] = ['HHHH', '', '']
    s.app.version += 1
    img = s.image()
    x0 = s.views.dialog_x0 + 4
    top = 1 if height == 32 else 8 + 3
    assert img.getpixel((x0, top + 7)) != 0 and img.getpixel((x0, top + 8)) == 0  # H's last row


def test_a_lines_grid_on_the_screen_is_its_text():
    """displayio works out every pixel of a line's grid on the screen, blank tiles
    too: a line's grid reaches onto the screen only as far as its text (a
    right-aligned one: to the screen's edge past it), through text changes."""
    s = Session(128, 64, dice=ScriptedDice(seed=7))
    s.start()
    s.press(A.SHAKE_START).wait(200).press(A.SHAKE_END, A.BACK)
    views = s.views
    for texts in (('Paused', 'Resume', ''), ('Made% pts', 'Chance', 'Keep 5 6'),
                  ('Paused', 'Card', '')):
        s.app.set_list(texts[0], [texts[1]], ['on'], cursor=0, footer=texts[2])
        s.image()
        for lbl in [views.title, views.footer, views.title_right] + views.row_left[:1] + \
                views.row_right[:1]:
            g = lbl.grid
            w = g.tile_width
            shown = max(0, g.x), min(128, g.x + w * g.width)
            ends = lbl.x, lbl.x + w * len(lbl.text)
            if lbl in (views.title_right, views.row_right[0]):
                assert shown == (ends[0], 128), (texts, lbl.text)
            else:
                assert shown[1] == ends[1] and shown[0] <= ends[0] < shown[0] + w, \
                    (texts, lbl.text)
