"""Writes yahtzee_core/roll_groups.py: planner_room's point groups (each box's 252 rolls
grouped by the box's plain points) of every solved five-dice ruleset, as bytes
(desktop only). Our firmware freezes the module, so a board reads the groups from
flash: no 4.5 KB of them on the heap, and no 300 ms building them for the first
planner; tests/test_planner_room.py checks them against the rulesets.

    python -m tools.roll_groups            # print the module it would write
    python -m tools.roll_groups --write    # rewrite yahtzee_core/roll_groups.py
    python -m tools.roll_groups --check    # exit 1 when it differs from the rulesets
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

TARGET = os.path.join(ROOT, 'yahtzee_core', 'roll_groups.py')


def rulesets():
    """The rulesets whose perfect play a RoomyPlanner plays: solved (a strategy
    table), five dice, boxes (not Poker Dice's hands)."""
    from yahtzee_core.rules import NAMES
    from yahtzee_core.variants import ruleset
    out = []
    for name in NAMES.split():
        r = ruleset(name)
        if r.solved and r.n_dice == 5 and not r.hands:
            out.append(r)
    return out


def _bytes(data, indent):
    lines = []
    for at in range(0, len(data), 20):
        lines.append(indent + 'b"' + ''.join('\\x%02x' % c for c in data[at:at + 20]) + '"')
    return '\n'.join(lines) if lines else indent + 'b""'


def source():
    from yahtzee_core.planner_room import build_groups
    boxes = []          # each distinct (rolls, points, ends) once
    index = {}
    names = []
    for r in rulesets():
        at = []
        for g in build_groups(r):
            if g not in index:
                index[g] = len(boxes)
                boxes.append(g)
            at.append(index[g])
        names.append((r.name, bytes(at)))
    out = ['"""planner_room\'s point groups of the solved five-dice rulesets: for each box',
           '(rolls, points, ends), as planner_room.build_groups makes them. Written by',
           'tools/roll_groups.py; tests/test_planner_room.py checks them."""',
           '',
           '_BOXES = (']
    for i, (rolls, pts, ends) in enumerate(boxes):
        out.append('    (  # %d' % i)
        out.append(_bytes(rolls, '        ') + ',')
        out.append(_bytes(pts, '        ') + ',')
        out.append(_bytes(ends, '        ') + '),')
    out.append(')')
    out.append('')
    out.append('')
    out.append('_AT = {    # ruleset: its boxes\' places in _BOXES')
    for name, at in names:
        out.append('    %r: %r,' % (name, at))
    out.append('}')
    out.append('')
    out.append('')
    out.append('def groups(name):')
    out.append('    """The ruleset\'s groups, a tuple a box (None: not here)."""')
    out.append('    at = _AT.get(name)')
    out.append('    return None if at is None else tuple([_BOXES[i] for i in at])')
    return '\n'.join(out) + '\n'


def main(argv):
    text = source()
    if '--write' in argv:
        with open(TARGET, 'w') as f:
            f.write(text)
    elif '--check' in argv:
        with open(TARGET) as f:
            if f.read() != text:
                print('yahtzee_core/roll_groups.py differs: python -m tools.roll_groups --write')
                return 1
    else:
        sys.stdout.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
