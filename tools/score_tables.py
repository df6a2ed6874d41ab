"""Writes yahtzee_core/score_tables.py: every ruleset's score table (what
yahtzee_core/_build.table makes of its boxes' kinds and params: Ruleset._table and
_at) as bytes and a tuple (desktop only). Our firmware freezes the module, so a
ruleset reads its scores from flash instead of building 0.2 to 4.6 KB of them in RAM
when a game starts; tests/test_score_tables.py checks them.

    python -m tools.score_tables            # print the module it would write
    python -m tools.score_tables --write    # rewrite yahtzee_core/score_tables.py
    python -m tools.score_tables --check    # exit 1 when it differs from the built tables
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

TARGET = os.path.join(ROOT, 'yahtzee_core', 'score_tables.py')


def _bytes(data, indent):
    data = bytes(data)
    return '\n'.join(indent + 'b"' + ''.join('\\x%02x' % c for c in data[at:at + 20]) + '"'
                     for at in range(0, len(data), 20))


def built():
    """[(n_dice, kinds, params, table, at)] for each distinct (n_dice, kinds, params)
    of the rulesets that score a card (not Poker Dice's hands), in RULESETS' order,
    each as _build.table makes it."""
    import yahtzee_core as yc
    from yahtzee_core import _build
    from yahtzee_core.variants import ruleset
    out = []
    seen = set()
    for name in yc.RULESETS:
        r = ruleset(name)
        if r.hands:
            continue
        key = (r.n_dice, bytes(r.kinds), bytes(r.params))
        if key in seen:
            continue
        seen.add(key)
        table, at = _build.table(r)
        out.append(key + (bytes(table), tuple(at)))
    return out


def source():
    out = ['"""Each ruleset\'s score table as _build.table makes it from the ruleset\'s',
           'n_dice, kinds and params: TABLES holds (n_dice, kinds, params, table, at), the',
           'table\'s bytes and its boxes\' offsets (rules.Ruleset._table and _at). Read in',
           'flash on our firmware (rules.Ruleset: flash.tables_in_flash); written by',
           'tools/score_tables.py; tests/test_score_tables.py checks them."""',
           '',
           'TABLES = (']
    for n, kinds, params, table, at in built():
        out.append('    (%d, %r,' % (n, kinds))
        out.append('     %r,' % params)
        out.append(_bytes(table, '     ') + ',')
        line = '     ('
        for a in at:
            item = '%d, ' % a
            if len(line) + len(item) > 88:
                out.append(line.rstrip())
                line = '      '
            line += item
        out.append(line.rstrip() + ')),')
    out.append(')')
    out.append('')
    out.append('')
    out.append('def find(n_dice, kinds, params):')
    out.append('    """(table, at) of these boxes, or None (a ruleset not generated here)."""')
    out.append('    for t in TABLES:')
    out.append('        if t[0] == n_dice and t[1] == kinds and t[2] == params:')
    out.append('            return t[3], t[4]')
    out.append('    return None')
    return '\n'.join(out) + '\n'


def main(argv=None):
    from tools.cli_checks import generated_file
    return generated_file(argv, "Each ruleset's score table as bytes for "
                          "yahtzee_core/score_tables.py.", TARGET, source, 'tools.score_tables')


if __name__ == '__main__':
    sys.exit(main())
