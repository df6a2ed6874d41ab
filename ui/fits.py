"""Which games fit the heap of the firmware this runs on, asked by setup before a game
starts: a game's working set (App.begin_game: its scene modules, its computers, the
hint source), measured per ruleset and computer level, against the free heap at the
menu measured on the emulated board, with RESERVE left for what a turn makes and lets
go (a save's compaction image, a hint's sweep, the drawing). The figures are data
(ui/fit_data.py, written by bench/bench_fits.py)."""

import sys


def flavour():
    """'ours' (the game frozen into our firmware: its modules are on no drive), else
    'mpy' or 'py' (the bundle on the drive, loaded into RAM)."""
    f = __file__
    if not _on_drive(f if f[:1] == '/' else '/' + f):
        return 'ours'
    return 'mpy' if f.endswith('.mpy') else 'py'


def _on_drive(path):
    import os
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def fits(rules_name, players):
    """True when a game of this ruleset and seats (game.KINDS names) fits the board's
    heap; off the boards measured (the desktop, a unix port) always."""
    from ui.fit_data import FREE, NEED, RESERVE, KINDS, RULESETS
    free = FREE.get(sys.platform)
    if free is None or rules_name not in RULESETS:
        return True
    form = flavour()
    # a frozen module's code stays in flash: the .mpy bundle's figures bound ours
    bundle = 'mpy' if form == 'ours' else form
    need = NEED[bundle]
    row = RULESETS.index(rules_name) * len(KINDS)
    levels = [k for k in KINDS if k in players and k != 'human'] or ['human']
    each = [need[row + KINDS.index(k)] for k in levels]
    # the largest, and each other level's computer beside it (over a beginner's game)
    extra = sum(each) - max(each) - (len(each) - 1) * need[row + KINDS.index('beginner')]
    return (max(each) + max(extra, 0) + RESERVE[bundle]) * 1024 <= free[form]
