"""Writes yahtzee_core/table_heads.py: the part of a strategy table's header that a
planner reads at every value (each upper mask's offset, its subtotals' bitmap and
ranks: advisor.TableValues.index) for the tables of the rulesets a RoomyPlanner plays,
plain and packed, each distinct one once (desktop only). It follows from the ruleset
alone (tools/strategy_table.py u_layout), not from the values. Our firmware freezes
the module, so a board whose table's header matches one reads it from flash: no
1.2 KB of it on the heap through a game (planner_room); tests/test_planner_room.py
checks them.

    python -m tools.table_heads            # print the module it would write
    python -m tools.table_heads --write    # rewrite yahtzee_core/table_heads.py
    python -m tools.table_heads --check    # exit 1 when it differs from the rulesets'
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

TARGET = os.path.join(ROOT, 'yahtzee_core', 'table_heads.py')

MATCH = '''

def flash_head(head):
    """The header bytes index() reads, from flash, where one here matches `head`'s
    offsets, bitmaps and ranks (bytes _AT_OFFSETS to _AT_BITS); else None."""
    part = head[48:1200]
    for h in HEADS:
        if h[48:1200] == part:
            return h
    return None
'''


def heads():
    """Each distinct header layout as index() reads it: 1200 bytes, the first 48
    (magic, name, counts: never read there) zero."""
    from tools.roll_groups import rulesets
    from tools.strategy_table import header_bytes, lower_slot_count, table_model, u_layout
    from yahtzee_core import advisor as fmt
    out = []
    for r in rulesets():
        model = table_model(r)
        for live in (False, True):
            per_slot = u_layout(model, live)[1]
            head = header_bytes(model, lower_slot_count(model) * per_slot, live)
            if head[fmt._AT_U_WIDER]:
                continue            # subtotals past 63 (Kismet): kept in RAM as read
            block = bytes(fmt._AT_OFFSETS) + head[fmt._AT_OFFSETS:fmt._AT_BITS]
            if block not in out:
                out.append(block)
    return out


def source():
    from tools.roll_groups import _bytes
    out = ['"""Strategy tables\' header layouts, as advisor.TableValues.index reads them',
           '(bytes 48 to 1199: offsets, bitmaps, ranks; the first 48 zero), each distinct',
           'one of the rulesets a RoomyPlanner plays once. Written by tools/table_heads.py;',
           'tests/test_planner_room.py checks them."""',
           '',
           'HEADS = (']
    for h in heads():
        out.append(_bytes(h, '    ') + ',')
    out.append(')')
    out.append(MATCH.rstrip('\n'))
    return '\n'.join(out) + '\n'


def main(argv=None):
    from tools.cli_checks import generated_file
    return generated_file(argv, "strategy tables' header layouts for yahtzee_core/table_heads.py.",
                          TARGET, source, 'tools.table_heads')


if __name__ == '__main__':
    sys.exit(main())
