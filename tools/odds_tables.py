"""Writes yahtzee_core/odds_tables.py: odds.py's fixed tables (odds._tables built: each
hold's children, the five-dice planners' too, largest die and parent, each roll's
orderings) and six dice's child tables (child_tables.level_children: Maxi Yatzy's
planner and odds_six.py) as bytes (desktop only). Our firmware freezes the module, so
the planners and the Odds screen read them in flash instead of working them out;
tests/test_odds_tables.py checks them.

    python -m tools.odds_tables            # print the module it would write
    python -m tools.odds_tables --write    # rewrite yahtzee_core/odds_tables.py
    python -m tools.odds_tables --check    # exit 1 when it differs from the built tables
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

TARGET = os.path.join(ROOT, 'yahtzee_core', 'odds_tables.py')


def _bytes(data, indent):
    data = bytes(data)
    return '\n'.join(indent + 'b"' + ''.join('\\x%02x' % c for c in data[at:at + 20]) + '"'
                     for at in range(0, len(data), 20))


def _little(a):
    """A uint16 array's bytes as a board (little-endian) holds them."""
    from array import array
    a = array('H', a)
    if sys.byteorder != 'little':
        a.byteswap()
    return a.tobytes()


def built():
    """(children, top, parent, ways) as odds._tables builds them where the generated
    module would cost heap (flash.tables_in_flash false)."""
    from yahtzee_core import flash, odds
    saved, real = odds._work, flash.tables_in_flash
    flash.tables_in_flash = lambda: False
    odds._work = None
    try:
        ch, ways, _, _, _, (_, top, parent) = odds._tables()
    finally:
        odds._work, flash.tables_in_flash = saved, real
    return ch, top, parent, ways


def six_children():
    """child_tables.level_children(6): a bytearray a level of holds of 0..5 dice."""
    from yahtzee_core.child_tables import level_children
    return level_children(6)


def source():
    ch, top, parent, ways = built()
    out = ['"""odds.py\'s fixed tables (as odds._tables builds them) as bytes: FIVE_CHILDREN',
           '(planner.five_children: every five-dice planner and the odds read them in',
           'place), TOP, PARENT (uint16), WAYS; and six dice\'s child tables, SIX_CHILDREN',
           '(child_tables.level_children(6), a level each: read in place by SmallPlanner',
           'and odds_six.py). Written by tools/odds_tables.py; tests/test_odds_tables.py',
           'checks them."""',
           '',
           'FIVE_CHILDREN = (']
    for c in ch:
        out.append(_bytes(c, '    ') + ',')
    out.append(')')
    out.append('TOP = (')
    out.append(_bytes(top, '    '))
    out.append(')')
    out.append('PARENT = (')
    out.append(_bytes(_little(parent), '    '))
    out.append(')')
    out.append('WAYS = (')
    out.append(_bytes(ways, '    '))
    out.append(')')
    out.append('SIX_CHILDREN = (')
    for c in six_children():
        out.append(_bytes(c, '    ') + ',')
    out.append(')')
    return '\n'.join(out) + '\n'


def main(argv=None):
    from tools.cli_checks import generated_file
    return generated_file(argv, "odds.py's fixed tables as bytes for yahtzee_core/odds_tables.py.", TARGET, source, 'tools.odds_tables')


if __name__ == '__main__':
    sys.exit(main())
