"""Writes ui/odds_fresh.py: every box's fresh-turn odds (before the first roll, aim
'make') for every ruleset, from yahtzee_core.odds.chase (six dice: odds_six.chase,
which a board would take seconds a box for; fewer dice are left to the screen)
(desktop only).

    python -m tools.odds_fresh            # print the module it would write
    python -m tools.odds_fresh --write    # rewrite ui/odds_fresh.py
    python -m tools.odds_fresh --check    # exit 1 when it differs from chase

The figures never change within a ruleset (chase has no card), so the Odds screen
before the first roll reads them instead of running chase on the board for seconds;
tests/test_ui_learn.py checks them against chase. A ruleset of several columns has
its first column's figures (the screen multiplies the points by the column).
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import yahtzee_core as yc  # noqa: E402
from yahtzee_core.odds import chase  # noqa: E402
from yahtzee_core.odds_six import chase as six_chase  # noqa: E402  (Maxi Yatzy's six dice)
from ui.codes import MENU_RULES  # noqa: E402

TARGET = os.path.join(ROOT, 'ui', 'odds_fresh.py')


def source():
    lines = ['"""Fresh-turn odds of every box (chance in 1/10,000, expected points in',
             'hundredths; yahtzee_core.odds.chase before the first roll, aim \'make\'),',
             'per ruleset: chance and points of box 0, then box 1, ... (Triple Yahtzee:',
             'its first column; box b of column c has the chance of box b and c times',
             'its points; Balut: one cell of each category; Yamb: one column, the',
             'others alike). Written by',
             'tools/odds_fresh.py; tests/test_ui_learn.py',
             'checks them against chase."""',
             '',
             'FRESH = {']
    for name in [yc.RULESETS[i] for i in MENU_RULES]:   # the rulesets the device offers
        rules = yc.ruleset(name)
        if rules.n_dice < 5:    # fewer dice: the screen works them out (odds_small.py)
            continue
        if rules.hands:         # Poker Dice: its hands' chances (ui/families/poker/card.py)
            continue
        figures = []
        # one column of a ruleset of several (Triple Yahtzee): the others score it x2, x3
        # (Balut's cells: one cell of each category, the others score alike)
        # (Yamb's columns: one column, the others score alike)
        for b in range(rules.n_boxes // (rules.columns * rules.cells)):
            figures.extend((six_chase if rules.n_dice > 5 else chase)(rules, b)[:2])
        lines.append('    %r: (' % name)
        for k in range(0, len(figures), 10):
            lines.append('        %s,' % ', '.join('%d' % v for v in figures[k:k + 10]))
        lines.append('    ),')
    lines.append('}')
    return '\n'.join(lines) + '\n'


def main(argv=None):
    from tools.cli_checks import Parser
    ap = Parser(description=__doc__.split('\n\n')[0].replace('\n', ' '))
    what = ap.add_mutually_exclusive_group()
    what.add_argument('--write', action='store_true', help='rewrite ui/odds_fresh.py')
    what.add_argument('--check', action='store_true',
                      help='exit 1 when ui/odds_fresh.py differs from chase')
    args = ap.parse_args(argv)
    text = source()
    if args.check:
        with open(TARGET) as f:
            same = f.read() == text
        print('ui/odds_fresh.py is %s' % ('up to date' if same else 'out of date'))
        return 0 if same else 1
    if not args.write:
        sys.stdout.write(text)
        return 0
    with open(TARGET, 'w') as f:
        f.write(text)
    print('wrote', TARGET)
    return 0


if __name__ == '__main__':
    sys.exit(main())
