"""ui/help/text.py and ui/help/rules.py: every box of every ruleset and every board profile has help that
fits the screen, says what the code does, and runs on MicroPython."""
import itertools
import re

import pytest

import yahtzee_core as yc
from hardware import profiles
from ui.help import rules as R
from ui.help import text as H
from ui.views import tiny_font
from yahtzee_core import dice as yd
from ui_helpers import OFFERED

HEIGHTS = (64, 32)   # the two OLEDs: 6 and 3 lines of terminalio.FONT


def all_pages(title, text):
    # 128x32 shows the pages in the 3x5 font: no character drawn as its '?'
    assert not [c for c in title + text if c != "\n" and tiny_font.CHARS.find(c.upper()) < 0]
    out = []
    for height in HEIGHTS:
        rows = H.rows_for(height)
        for page in H.pages(title, text, rows):
            assert 1 <= len(page) <= rows, page
            assert page[0] == title[:H.WIDTH]
            for line in page:
                assert 0 < len(line) <= H.WIDTH, (line, page)
                assert len(line) * 6 <= 128      # 6 px a character
            out.append(page)
        # nothing lost or reordered by the wrapping
        body = " ".join(line for page in H.pages(title, text, rows) for line in page[1:])
        assert body.split() == text.split()
    return out


def rolls_of(rules):
    """The roll indexes of the ruleset's dice: C(n + 5, 5) of them (252; Crag 56)."""
    n = rules.n_dice
    return range(len({tuple(sorted(d)) for d in itertools.product(range(1, 7), repeat=n)}))


def dice_in(text, n):
    """The first 'a-b-c' of n dice in a text, as a tuple (None if there is none)."""
    m = re.search(r'(?<![\d-])' + '-'.join([r'(\d)'] * n) + r'(?![\d-])', text)
    return tuple(int(x) for x in m.groups()) if m else None


def box_cases():
    for name in OFFERED:
        rules = yc.ruleset(name)
        if rules.cells > 1 or rules.column_orders:  # Balut's cells, Yamb's columns,
            continue                  # Poker Dice's hands: their own tests below
        for b in range(rules.n_boxes):
            yield name, b


@pytest.mark.parametrize("name, b", list(box_cases()))
def test_every_box_of_every_ruleset_has_a_page_that_states_its_score(name, b):
    rules = yc.ruleset(name)
    title, text = R.box_help(rules, rules.categories[b])
    assert (title, text) == R.box_help(rules, b)
    # Triple Yahtzee: labels name one column's boxes; box b is column b // 13, scored
    # x1, x2, x3, and its title says which
    labels = rules.labels.split("|")
    per = len(labels)
    base, times = b % per, b // per + 1
    assert title == labels[base] + (" x%d" % times if per < rules.n_boxes else "")
    all_pages(title, text)
    # What the table says the box scores must be in the text: a fixed score by its
    # number, a sum as "total" or by the dice counted.
    scores = {rules.score_roll(r, b) for r in rolls_of(rules)} - {0}
    numbers = {int(n) for n in re.findall(r"\d+", text)}
    if len(scores) == 1:
        assert scores <= numbers, text
    elif base < rules.n_upper:
        face = base + 1
        dice = dice_in(text, rules.n_dice)      # the example: dice of this ruleset
        shown = face * dice.count(face) * times
        assert "%ds only" % face in text and dice.count(face) and str(shown) in text
    else:       # (Maxi Yatzy's villa, tower, three pairs: "Scores all 6 dice")
        assert ("total" in text or "those" in text or
                "Scores all %d dice" % rules.n_dice in text), text
    # the requirement: a box that can score 0 says what it needs (upper boxes need
    # nothing: they count one face)
    if base >= rules.n_upper and min(rules.score_roll(r, b) for r in rolls_of(rules)) == 0:
        assert text.startswith("Needs"), text
    else:
        assert text.startswith("Any dice"), text
    # bonuses and Joker, as the ruleset has them (Triple Yahtzee: all three columns)
    if base < rules.n_upper:
        assert ("+%d" % (rules.upper_bonus * times) in text) if rules.upper_bonus \
            else "No bonus" in text
    if base == rules.five_alike_box:
        if rules.five_alike_bonus:
            assert "+%d" % rules.five_alike_bonus in text and "Joker" in text
        else:
            assert "No bonus, no Joker" in text
    if rules.joker_points and rules.joker_points[base]:
        assert "Joker: 5 alike scores %d" % (rules.joker_points[base] * times) in text


def test_generala_pages_give_the_served_scores_and_the_instant_win():
    rules = yc.ruleset("generala")
    for b in range(rules.n_boxes):
        text = R.box_help(rules, b)[1]
        top = max(rules.score_roll(r, b) for r in range(yd.N_ROLLS))
        if rules.served[b]:
            assert "Served: %d." % (top + rules.served[b]) in text
            # the core pays it on a first roll only
            roll = next(r for r in range(yd.N_ROLLS) if rules.score_roll(r, b) == top)
            blank = bytearray([255] * rules.n_boxes)
            assert rules.points(blank, roll, b, 1) == top + rules.served[b]
            assert rules.points(blank, roll, b, 0) == top
        else:
            assert "Served" not in text
    assert "wins the game at once" in R.box_help(rules, "generala")[1]
    assert "Generala holds 50" in R.box_help(rules, "double_generala")[1].replace(
        "the Generala box", "Generala")
    title, text = R.extra_pages(rules, False)[0]
    assert title == "Servida" and "+5" in text and "wins the game at once" in text


def _colour_classes(text):
    """The colour classes a help text names: 'Colours: 1 and 6 black, 2 and 5 red, ..'"""
    found = re.findall(r"(\d) and (\d) (black|red|green)", text)
    assert len(found) == 3, text
    return [{int(a), int(b)} for a, b, _ in found]


def test_kismet_pages_name_the_colours_the_core_scores_by():
    rules = yc.ruleset("kismet")
    for name in ("two_pair_same_colour", "flush", "full_house_same_colour"):
        classes = _colour_classes(R.box_help(rules, name)[1])
        assert sorted(map(sorted, classes)) == [[1, 6], [2, 5], [3, 4]]
    colour = {d: i for i, c in enumerate(classes) for d in c}
    for r in range(yd.N_ROLLS):
        dice = yd.roll_dice(r)
        one = len({colour[d] for d in dice}) == 1
        assert (rules.score_roll(r, rules.box_index("flush")) > 0) == one, dice
        full = sorted(dice.count(d) for d in set(dice)) == [2, 3]
        assert (rules.score_roll(r, rules.box_index("full_house_same_colour")) > 0) == \
            (full and one), dice
    # the tiers the upper pages give, against the core's bonus
    text = R.box_help(rules, 0)[1]
    tiers = [(int(lo), int(bonus)) for lo, bonus in re.findall(r"(\d+)(?:-\d+| or more): \+(\d+)", text)]
    assert tiers == [(63, 35), (71, 55), (78, 75)]
    for total in range(60, 90):
        card = bytearray([255] * rules.n_boxes)
        card[5] = total             # the upper total, in one box
        want = 0
        for lo, bonus in tiers:
            if total >= lo:
                want = bonus
        assert rules.upper_bonus_of(card) == want, total
    title, text = R.extra_pages(rules, False)[0]
    assert title == "Colours" and _colour_classes(text) == classes
    howto = H.howto(rules, profiles.get("default"))[1][1]
    assert "+35, 71 or more +55, 78 or more +75" in howto


def test_triple_yahtzee_pages_say_the_column_and_its_bonus():
    rules = yc.ruleset("triple-yahtzee")
    title, text = R.extra_pages(rules, False)[0]
    assert title == "Columns" and "x1, x2 and x3" in text and "%d rounds" % rules.rounds in text
    assert R.box_help(rules, "full_house_3") == R.box_help(rules, 34)
    assert "up to 75" in R.box_help(rules, 34)[1]
    assert "+100 times the column" in R.box_help(rules, "yahtzee_2")[1]
    assert "63 or more before x3: +105" in R.box_help(rules, "sixes_3")[1]


@pytest.mark.parametrize("name", OFFERED)
def test_the_extra_pages_fit_and_duplicate_play_has_one_for_every_ruleset(name):
    rules = yc.ruleset(name)
    plain = list(R.extra_pages(rules, False))
    both = list(R.extra_pages(rules, True))
    assert both == plain + [both[-1]] and both[-1][0] == "Duplicate"
    assert "same dice" in both[-1][1]
    for title, text in both:
        all_pages(title, text)


@pytest.mark.parametrize("profile_name", sorted(profiles.PROFILES))
def test_every_profile_has_a_legend_of_its_own_buttons(profile_name):
    profile = profiles.get(profile_name)
    title, text = H.legend(profile)
    all_pages(title, text)
    shake = profile["shake"] != "none"
    assert ("Shake" in text) == shake
    for role, long_action in profile["long_press"].items():
        # a button as a player sees it: printed on it, or a hold button by its place
        shown = profile.get("button_labels", {}).get(
            role, "button " + role[4:] if role.startswith("HOLD") else role)
        assert "Hold %s:" % shown in text
        words = {"HOLD6": "the sixth die"}.get(long_action, long_action.lower())
        assert words in text.replace("a hint", "hint")
    hold_buttons = all("HOLD%d" % i in profile["pins"] for i in range(1, 6))
    assert ("under the dice" in text) == hold_buttons
    assert ("BACK" in text) == ("BACK" in profile["pins"])
    assert not any("HOLD%d" % i in text for i in range(1, 7))      # no pin's name


def test_the_legend_follows_overrides():
    profile = profiles.get("default")
    profile["shake"] = "none"
    profile["long_press"] = {}
    text = H.legend(profile)[1]
    assert "Shake" not in text and "Hold OK" not in text and "OK: roll." in text


@pytest.mark.parametrize("name", OFFERED)
def test_howto_is_a_few_pages_that_fit(name):
    rules = yc.ruleset(name)
    for profile_name in profiles.PROFILES:
        topics = H.howto(rules, profiles.get(profile_name))
        assert 3 <= len(topics) <= 5
        for title, text in topics:
            all_pages(title, text)
        text = " ".join(t for _, t in topics)
        assert "%d rounds" % rules.rounds in text
        if rules.hands:  # Poker Dice: rounds won, no boxes, no bonus
            assert "most rounds won wins" in text and "stand on your poker hand" in text
            continue
        if rules.goals is not None:     # won on points (Balut): the goals, no bonus
            assert "Most points win" in text and "4-4-4-5-2 scores 12" in text
            assert rules.score((4, 4, 4, 5, 2), 0) == 12
            continue
        assert ("+%d" % rules.upper_bonus in text) if rules.upper_bonus else "no bonus" in text


def test_wrap_cuts_words_longer_than_a_line_and_keeps_breaks():
    assert list(H.wrap("a" * 25 + " b\nc", 10)) == ["a" * 10, "a" * 10, "aaaaa b", "c"]
    assert list(H.pages("T", "", 3)) == [["T"]]


def test_kniffel_and_triple_yahtzee_bonus_pages_say_what_the_core_pays():
    # Kniffel: a further Kniffel must go to its open upper box, +50, even after a 0
    rules = yc.ruleset("kniffel")
    text = R.box_help(rules, "kniffel")[1]
    assert "own upper box while that is open, for +50 extra, whether this box holds 50 or 0" in text
    for held in (0, 50):
        card = yc.Scorecard(rules)
        card.scores[rules.box_index("kniffel")] = held
        assert card.options((3, 3, 3, 3, 3)) == {"dreier": 15}
        assert card.fill("dreier", (3, 3, 3, 3, 3)) == 15 + 50
    # ... and once that box is filled, a Joker: any lower box, full house 25
    assert card.options((3, 3, 3, 3, 3))["full_house"] == 25
    # Triple Yahtzee: +100 times the column, once all three Yahtzee boxes hold points
    rules = yc.ruleset("triple-yahtzee")
    assert "+100 times the column it is entered in" in R.box_help(rules, "yahtzee_1")[1]
    card = yc.Scorecard(rules)
    for column in range(3):
        card.scores[13 * column + 11] = 50 * (column + 1)
    assert card.fill("chance_2", (4, 4, 4, 4, 4)) == 2 * 20 + 200
    scratched = yc.Scorecard(rules)
    for column, held in enumerate((50, 0, 150)):
        scratched.scores[13 * column + 11] = held
    assert scratched.fill("chance_2", (4, 4, 4, 4, 4)) == 2 * 20     # none scratched: no


@pytest.mark.parametrize('name', [n for n in OFFERED if yc.ruleset(n).cells == 1 and
                                  not yc.ruleset(n).column_orders])
def test_every_lower_box_page_has_a_worked_example_of_its_ruleset(name):
    # (Balut's cells: test_balut_pages_name_each_cell_and_state_its_score_goal_...;
    # Yamb's columns: test_yamb_pages_...)
    """'For example 2-2-5-5-5 scores 25.': dice that make the box, and what they score
    in the ruleset in play; the how-to's scoring page shows one too."""
    rules = yc.ruleset(name)
    n = rules.n_dice
    per = len(rules.labels.split('|'))
    dashed = '-'.join([r'(\d)'] * n)
    for b in range(rules.n_upper, per):
        text = R.box_help(rules, b)[1]
        m = re.search(r'For example ' + dashed + r' scores (\d+)\.', text)
        assert m, (name, b, text)
        dice = tuple(int(m.group(k)) for k in range(1, n + 1))
        assert rules.score(dice, b) == int(m.group(n + 1)) > 0
    scoring = H.howto(rules, profiles.get('default'))[2][1]
    m = re.search(dashed + r' scores (\d+) as ([^.]+)\. Highest', scoring)
    assert m, scoring
    box = rules.labels.split('|').index(m.group(n + 2))
    dice = tuple(int(m.group(k)) for k in range(1, n + 1))
    assert box >= rules.n_upper and rules.score(dice, box) == int(m.group(n + 1))
    assert 'Roll %d dice' % n in H.howto(rules, profiles.get('default'))[0][1]


def test_crag_pages_name_every_roll_that_makes_a_crag_and_a_thirteen():
    """Crag's own boxes, checked against every roll of three dice: the crags the page
    names are exactly the rolls that score 50; a crag scores as a Thirteen too."""
    rules = yc.ruleset('crag')
    crags = {tuple(sorted(d)) for d in itertools.product(range(1, 7), repeat=3)
             if rules.score(d, 'crag')}
    text = R.box_help(rules, 'crag')[1]
    named = {tuple(sorted(int(x) for x in m.split('-')))
             for m in re.findall(r'\d-\d-\d', text.split('For example')[0])}
    assert named == crags == {(1, 6, 6), (3, 5, 5), (4, 4, 5)}
    assert 'A crag totals 13 too' in R.box_help(rules, 'thirteen')[1]
    assert all(rules.score(d, 'thirteen') == 26 for d in crags)
    for box, dice in (('low_straight', '1-2-3'), ('high_straight', '4-5-6'),
                      ('odd_straight', '1-3-5'), ('even_straight', '2-4-6')):
        text = R.box_help(rules, box)[1]
        assert 'Needs exactly %s' % dice in text or ': %s.' % dice in text, text
        assert rules.score(tuple(int(x) for x in dice.split('-')), box) == 20


def test_maxi_yatzy_pages_show_the_sources_examples_on_six_dice():
    """Six dice: every lower box's worked example is maxiyatzy.com's roll for it
    (docs/RULES.md) and scores what the page says; the straights take a sixth die of
    any face, the bonus needs four of each face."""
    rules = yc.ruleset('maxi-yatzy')
    for b in range(rules.n_upper, rules.n_boxes):
        text = R.box_help(rules, b)[1]
        example = re.search(r'For example ([1-6](?:-[1-6]){5}) scores (\d+)\.', text)
        assert example, text
        dice = tuple(int(d) for d in example.group(1).split('-'))
        assert rules.score(dice, b) == int(example.group(2)) > 0
    assert 'sixth die any' in R.box_help(rules, 'small_straight')[1]
    assert 'exactly 1-2-3-4-5-6' in R.box_help(rules, 'full_straight')[1]
    assert '84 or more (four of each): +100' in R.box_help(rules, 'ones')[1]
    assert 'Scores those 5 dice' in R.box_help(rules, 'full_house')[1]


def test_balut_says_each_category_once_in_a_few_pages_with_its_score_goal_and_example():
    """Balut: no page per cell; Cells, the face categories together, a page a category
    (need, score, an example the core scores as said, its goal), Points. HELP on any
    of a category's four cells opens its page."""
    rules = yc.ruleset("balut")
    labels = rules.labels.split("|")
    pages = R.extra_pages(rules, False)
    titles = [t for t, _ in pages]
    assert titles == ["Cells", "Fours to Sixes", "Straight", "House", "Choice",
                      "Balut", "Points"]
    for title, text in pages:
        all_pages(title, text)
    for b in range(rules.n_boxes):
        c = b % 7
        page = R.page_of_box(rules, b)
        assert R.box_help(rules, b) == pages[page] == R.box_help(rules, rules.categories[b])
        title, text = pages[page]
        assert labels[c] in title or c < 3 and title == "%s to %s" % (labels[0], labels[2])
        at, points = rules.goals[0][c]
        if c < 3:                           # Fours, Fives, Sixes: their face's dice
            assert text.startswith("Any dice") and "%d (%s)" % (at, labels[c]) in text
            assert "earn %d points" % points in text
            continue
        scores = {rules.score_roll(r, b) for r in range(yd.N_ROLLS)} - {0}
        assert ("15" in text and "20" in text) if c == 3 else "total" in text, text
        dice, got = re.search(r"For example (\d-\d-\d-\d-\d) scores (\d+)", text).groups()
        assert rules.score(tuple(int(d) for d in dice.split("-")), b) == int(got)
        assert int(got) in scores
        assert "earn %d points" % points in text or "earns %d points" % points in text
        if at > 0:
            assert "%d or more" % at in text
    faces = pages[1][1]
    dice, got = re.search(r"(\d-\d-\d-\d-\d) scores (\d+) as Fours", faces).groups()
    assert rules.score(tuple(int(d) for d in dice.split("-")), 0) == int(got) > 0
    text = dict(pages)["Points"]
    for at, points in rules.goals[1][1:]:
        assert "%d: %+d" % (at, points) in text
    assert "below 300: -2" in text and "higher total" in text
    assert "28 rounds" in dict(pages)["Cells"]
    # the example's cells add up to the goal they are said to reach, each a Fours score
    cells, total, points = re.search(r"Fours ([\d+]+) = (\d+): (\d+) points", text).groups()
    values = [int(v) for v in cells.split("+")]
    assert sum(values) == int(total) == rules.goals[0][0][0]
    assert int(points) == rules.goals[0][0][1]
    assert all(v % 4 == 0 and v <= 20 for v in values)
    assert "a total of 412: +1" in text


def test_poker_dice_pages_name_the_cards_every_hand_and_order_the_tie_example_by_the_core():
    from yahtzee_core.variants.poker_dice import HANDS
    rules = yc.ruleset("poker-dice")
    pages = dict(R.extra_pages(rules, False))
    assert list(pages) == ["Cards", "Hands", "Ties", "A turn", "A round"]
    assert "9, 10, J, Q, K, A" in pages["Cards"]
    hands = pages["Hands"]
    at = [hands.index(h) for h in reversed(HANDS)]
    assert at == sorted(at)                   # best first, every one
    card = {"9": 1, "10": 2, "J": 3, "Q": 4, "K": 5, "A": 6}
    shown = re.findall(r"(?:[0-9JQKA]+-){4}[0-9JQKA]+", pages["Ties"])
    ranks = [rules.score(tuple(card[c] for c in h.split("-")), 0) for h in shown]
    assert len(ranks) == 3 and ranks == sorted(ranks, reverse=True)
    assert "%d rounds" % rules.rounds in pages["A round"]


def test_yamb_says_its_columns_and_rows_once_with_worked_examples_the_core_scores():
    """Yamb: no page per box; Columns, Announce, the rows a group a page (each with an
    example the core scores as said), Totals. HELP on any box opens its row's page."""
    rules = yc.ruleset("yamb")
    labels = rules.labels.split("|")
    blank = bytearray([255] * rules.n_boxes)
    pages = R.extra_pages(rules, False)
    titles = [t for t, _ in pages]
    assert titles == ["Columns", "Announce", "Ones to Sixes", "Max and Min", "Straight",
                      "Full to Yamb", "Totals"]
    for title, text in pages:
        all_pages(title, text)
    for b in range(rules.n_boxes):
        page = R.page_of_box(rules, b)
        assert R.box_help(rules, b) == pages[page] == R.box_help(rules, rules.categories[b])
        title = pages[page][0]
        row = b % 12
        assert labels[row] in title or (labels[0] in title and row < 6) or (
            row > 8 and title == "Full to Yamb")
    text = dict(pages)
    assert "48 rounds" in text["Columns"] and "Down fills Ones to Yamb" in text["Columns"]
    assert "60 or more: +30" in text["Ones to Sixes"]
    dice, got = re.search(r"(\d-\d-\d-\d-\d) scores (\d+) as Threes", text["Ones to Sixes"]).groups()
    assert rules.points(blank, yd.roll_index(tuple(int(d) for d in dice.split("-"))), 14) == int(got)
    hi, lo, ones, mid = (int(v) for v in re.search(
        r"Max (\d+), Min (\d+) and (\d+) Ones give \(\d+ - \d+\) x \d+ = (\d+)",
        text["Max and Min"]).groups())
    card = yc.Scorecard(rules)
    card.scores[6], card.scores[7], card.scores[0] = hi, lo, ones
    assert rules.column_scores(card.scores, 0)[1] == mid == (hi - lo) * ones
    roll = yd.roll_index((2, 3, 4, 5, 6))
    assert "66 made on the first roll of a turn, 56 on the second, 46" in text["Straight"]
    assert [rules.points(blank, roll, 20, k) for k in (1, 2, 3)] == [66, 56, 46]
    for k, bonus in ((9, 30), (10, 40), (11, 50)):
        assert "%s: " % labels[k] in text["Full to Yamb"] and "+%d" % bonus in text["Full to Yamb"]
    dice, got = re.search(r"(\d-\d-\d-\d-\d) in Poker scores (\d+)", text["Full to Yamb"]).groups()
    assert rules.score(tuple(int(d) for d in dice.split("-")), "poker_announce") == int(got)
    assert "6-6-6-6-6 scores %d there" % rules.score((6,) * 5, "poker_announce") in \
        text["Announce"]
    for face in range(6):
        card.scores[face] = 3 * (face + 1)
    assert "make 63, %d with the bonus" % rules.column_scores(card.scores, 0)[0] in \
        text["Totals"]


def test_the_extra_pages_counted_without_writing_them():
    """A box's rules page counts the ruleset's own pages (and duplicate play's)
    without writing their texts: the same count as the pages written."""
    import yahtzee_core as yc
    from ui.help import rules as R
    for name in yc.RULESETS:
        rules = yc.ruleset(name)
        for duplicate in (False, True):
            assert R.extra_count(rules, duplicate) == len(R.extra_pages(rules, duplicate)), \
                (name, duplicate)
