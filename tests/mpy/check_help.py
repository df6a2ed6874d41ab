# Every help page of every ruleset (ui/help/rules.py: its boxes' and its own) and the how-to of the three-button
# board (ui/help/text.py) under MicroPython: prints the number of lines, which
# tests/test_ui_help.py compares with CPython's.
import yahtzee_core as yc
from hardware import profiles
from ui.help import text as H
from ui.help import rules as R
from ui.codes import MENU_RULES

n = 0
for rid in MENU_RULES:                      # the rulesets the device offers
    name = yc.RULESETS[rid]
    rules = yc.ruleset(name)
    for b in range(rules.n_boxes if not rules.hands else 0):  # (Poker Dice:
        for page in H.pages(*R.box_help(rules, b), rows=H.rows_for(32)):    # topics)
            n += len(page)
    for topic in R.extra_pages(rules, False):
        for page in H.pages(*topic, rows=H.rows_for(32)):
            n += len(page)
    for topic in H.howto(rules, profiles.get('three-button')):
        for page in H.pages(*topic, rows=H.rows_for(64)):
            n += len(page)
print('lines', n)
