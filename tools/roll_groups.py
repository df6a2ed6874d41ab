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
           'tools/roll_groups.py; tests/test_planner_room.py checks them; odds_last_roll,',
           'odds.py\'s last roll a group at a time (tests/test_scoring_odds.py)."""',
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
    out.append(LAST_ROLL)
    return '\n'.join(out) + '\n'


# odds._last_roll from the groups, here so that a board compiling odds.py from its drive
# (the groups are not read there: flash.tables_in_flash) never compiles it
LAST_ROLL = '''

def odds_last_roll(name, b, joker, par, made, lo, base):
    """odds._last_roll's values of box b after the last roll, a group at a time:
    made[base + r] 1 when roll r scores at least par, lo[base + r] its points divided
    by g, the greatest common divisor of the box's scores and joker (0: none); Joker
    points are not written. (g, top), top the largest of them; None: not here."""
    at = _AT.get(name)
    if at is None:
        return None
    rolls, pts, ends = _BOXES[at[b]]
    g = top = joker
    for p in pts:
        if p > top:
            top = p
        if p and g != 1:
            a = g
            while a:
                a, p = p % a, a
            g = p
    g = g or 1
    start = 0
    for i in range(len(pts)):
        p = pts[i]
        m = 1 if p >= par else 0
        p //= g
        end = ends[i]
        for j in range(start, end):
            r = base + rolls[j]
            made[r] = m
            lo[r] = p
        start = end
    return g, top'''


def main(argv=None):
    from tools.cli_checks import generated_file
    return generated_file(argv, "planner_room's point groups as bytes: yahtzee_core/roll_groups.py.", TARGET, source, 'tools.roll_groups')


if __name__ == '__main__':
    sys.exit(main())
