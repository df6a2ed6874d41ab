"""ui/help_text.py: every box of every ruleset and every board profile has help that
fits the screen, says what the code does, and runs on MicroPython."""
import re

import pytest

import yahtzee_core as yc
from hardware import profiles
from mpy_util import run_micropython
from ui import help_text as H
from yahtzee_core import dice as yd

HEIGHTS = (64, 32)   # the two OLEDs: 6 and 3 lines of terminalio.FONT


def all_pages(title, text):
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


def box_cases():
    for name in yc.RULESETS:
        rules = yc.ruleset(name)
        for b in range(rules.n_boxes):
            yield name, b


@pytest.mark.parametrize("name, b", list(box_cases()))
def test_every_box_of_every_ruleset_has_a_page_that_states_its_score(name, b):
    rules = yc.ruleset(name)
    title, text = H.box_help(rules, rules.categories[b])
    assert (title, text) == H.box_help(rules, b)
    assert title == rules.labels.split("|")[b]
    all_pages(title, text)
    # What the table says the box scores must be in the text: a fixed score by its
    # number, a sum as "total" or by the dice counted.
    scores = {rules.score_roll(r, b) for r in range(yd.N_ROLLS)} - {0}
    numbers = {int(n) for n in re.findall(r"\d+", text)}
    if len(scores) == 1:
        assert scores <= numbers, text
    elif b < rules.n_upper:
        face = b + 1
        assert "%ds only" % face in text and str(3 * face) in text
    else:
        assert "total" in text or "those" in text, text
    # the requirement: a box that can score 0 says what it needs (upper boxes need
    # nothing: they count one face)
    if b >= rules.n_upper and min(rules.score_roll(r, b) for r in range(yd.N_ROLLS)) == 0:
        assert text.startswith("Needs"), text
    else:
        assert text.startswith("Any dice"), text
    # bonuses and Joker, as the ruleset has them
    if b < rules.n_upper:
        assert ("+%d" % rules.upper_bonus in text) if rules.upper_bonus else "No bonus" in text
    if b == rules.five_alike_box:
        if rules.five_alike_bonus:
            assert "+%d" % rules.five_alike_bonus in text and "Joker" in text
        else:
            assert "No bonus, no Joker" in text
    if rules.joker_points and rules.joker_points[b]:
        assert "Joker: 5 alike scores %d" % rules.joker_points[b] in text


@pytest.mark.parametrize("profile_name", sorted(profiles.PROFILES))
def test_every_profile_has_a_legend_of_its_own_buttons(profile_name):
    profile = profiles.get(profile_name)
    title, text = H.legend(profile)
    all_pages(title, text)
    shake = profile["shake"] != "none"
    assert ("Shake" in text) == shake
    for role, long_action in profile["long_press"].items():
        assert "Hold %s" % H._BUTTON_NAMES.get(profile_name, {}).get(role, role) in text
        assert long_action.lower() in text.replace("a hint", "hint")
    hold_buttons = all("HOLD%d" % i in profile["pins"] for i in range(1, 6))
    assert ("under the dice" in text) == hold_buttons
    assert ("BACK" in text) == ("BACK" in profile["pins"])


def test_the_legend_follows_overrides():
    profile = profiles.get("default")
    profile["shake"] = "none"
    profile["long_press"] = {}
    text = H.legend(profile)[1]
    assert "Shake" not in text and "Hold OK" not in text and "OK: roll." in text


@pytest.mark.parametrize("name", yc.RULESETS)
def test_howto_is_a_few_pages_that_fit(name):
    rules = yc.ruleset(name)
    for profile_name in profiles.PROFILES:
        topics = H.howto(rules, profiles.get(profile_name))
        assert 3 <= len(topics) <= 5
        for title, text in topics:
            all_pages(title, text)
        text = " ".join(t for _, t in topics)
        assert "%d rounds" % rules.rounds in text
        assert ("+%d" % rules.upper_bonus in text) if rules.upper_bonus else "no bonus" in text


def test_wrap_cuts_words_longer_than_a_line_and_keeps_breaks():
    assert list(H.wrap("a" * 25 + " b\nc", 10)) == ["a" * 10, "a" * 10, "aaaaa b", "c"]
    assert list(H.pages("T", "", 3)) == [["T"]]


def test_runs_on_micropython(tmp_path):
    script = tmp_path / "help_check.py"
    script.write_text(
        "import yahtzee_core as yc\n"
        "from hardware import profiles\n"
        "from ui import help_text as H\n"
        "n = 0\n"
        "for name in yc.RULESETS:\n"
        "    rules = yc.ruleset(name)\n"
        "    for b in range(rules.n_boxes):\n"
        "        for page in H.pages(*H.box_help(rules, b), rows=H.rows_for(32)):\n"
        "            n += len(page)\n"
        "    for topic in H.howto(rules, profiles.get('three-button')):\n"
        "        for page in H.pages(*topic, rows=H.rows_for(64)):\n"
        "            n += len(page)\n"
        "print('lines', n)\n")
    done = run_micropython(str(script), heapsize="256K", compiled=True,
                           packages=("yahtzee_core", "ui", "hardware"))
    assert done.returncode == 0, done.stdout + done.stderr
    expected = 0
    for name in yc.RULESETS:
        rules = yc.ruleset(name)
        for b in range(rules.n_boxes):
            expected += sum(len(p) for p in H.pages(*H.box_help(rules, b), rows=3))
        for topic in H.howto(rules, profiles.get("three-button")):
            expected += sum(len(p) for p in H.pages(*topic, rows=6))
    assert done.stdout.split() == ["lines", str(expected)]
