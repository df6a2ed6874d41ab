"""Writes yahtzee_core/odds_tables.py: the hold tables yahtzee_core/odds.py sweeps
through, as bytes literals (desktop only).

    python -m tools.odds_tables            # rewrite yahtzee_core/odds_tables.py
    python -m tools.odds_tables --check    # exit 1 when it differs from dice.py's

Building them on a board (hold_dice / hold_index for 1260 children) cost more than
all the sweeps of an Odds screen; read from a literal they cost next to nothing.
tests/test_core_odds.py checks them against yahtzee_core/dice.py.
"""
import os
import sys
from array import array

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import yahtzee_core as yc  # noqa: E402
from yahtzee_core import odds  # noqa: E402
from yahtzee_core.dice import N_HOLDS, N_ROLLS, hold_dice, hold_index, roll_index  # noqa: E402

TARGET = os.path.join(ROOT, 'yahtzee_core', 'odds_tables.py')
N_SMALL = 210     # holds of 0..4 dice: the ones with children


def children():
    """children[(f - 1) * 210 + h]: hold h (0..4 dice) with one more die showing f."""
    return [hold_index(hold_dice(h) + (f,)) for f in range(1, 7) for h in range(N_SMALL)]


def ways():
    """ways[r]: the orderings of roll r, 5! / prod(count!)."""
    out = []
    for r in range(N_ROLLS):
        d = hold_dice(N_SMALL + r)
        w = 120
        for f in set(d):
            for k in range(2, d.count(f) + 1):
                w //= k
        out.append(w)
    return out


def swap_ones():
    """swap[(f - 2) * 252 + r]: the roll index of roll r with its 1s and fs swapped."""
    out = []
    for f in range(2, 7):
        for r in range(N_ROLLS):
            swap = {1: f, f: 1}
            out.append(roll_index([swap.get(d, d) for d in hold_dice(N_SMALL + r)]))
    return out


def ones_make(ch):
    """The Ones box's rolls with one roll to come, aim 'make', as odds._one_roll_packed
    leaves them (the same in every ruleset: a count of 1s, made with three)."""
    made = array('i', bytes(4 * N_HOLDS))
    lo = array('i', bytes(4 * N_HOLDS))
    g, top = odds._last_roll(yc.ruleset('yahtzee'), 0, made, lo)
    assert (g, top) == (1, 5)
    odds._one_roll_packed(made, lo, ch, 'make')
    return made[N_SMALL:]


def _literal(name, data, width=32):
    lines = ['%s = (' % name]
    for k in range(0, len(data), width):
        lines.append('    %r' % data[k:k + width])
    lines.append(')')
    return lines


def source():
    flat = children()
    ch = array('H', flat)
    if sys.byteorder != 'little':
        ch.byteswap()
    ones = ones_make(tuple(array('H', flat[N_SMALL * f:N_SMALL * (f + 1)]) for f in range(6)))
    if sys.byteorder != 'little':
        ones.byteswap()
    lines = ['"""Hold tables of yahtzee_core/odds.py, written by tools/odds_tables.py',
             '(tests/test_core_odds.py checks them against yahtzee_core/dice.py).',
             '',
             'CHILDREN: 1260 little-endian uint16, hold h (0..4 dice) with one more die',
             'showing f at (f - 1) * 210 + h (hold indices as dice.hold_index). WAYS: 252',
             'bytes, the orderings of each roll (5! / prod(count!)). SWAP_ONES: 1260 bytes,',
             'the roll index of roll r with faces 1 and f swapped at (f - 2) * 252 + r.',
             'ONES_MAKE: 252 little-endian int32, the Ones box\'s rolls with one roll to',
             'come (odds._one_roll_packed, aim \'make\')."""',
             '']
    lines += _literal('CHILDREN', ch.tobytes())
    lines += _literal('WAYS', bytes(ways()))
    lines += _literal('SWAP_ONES', bytes(swap_ones()))
    lines += _literal('ONES_MAKE', ones.tobytes())
    return '\n'.join(lines) + '\n'


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    text = source()
    if '--check' in argv:
        with open(TARGET) as f:
            same = f.read() == text
        print('yahtzee_core/odds_tables.py is %s' % ('up to date' if same else 'out of date'))
        return 0 if same else 1
    with open(TARGET, 'w') as f:
        f.write(text)
    print('wrote', TARGET)
    return 0


if __name__ == '__main__':
    sys.exit(main())
