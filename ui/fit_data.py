"""Which games fit this board (fit, below; setup asks, ui/scenes/menus.py): the
figures are written by bench/bench_fits.py (its docstring says how each is measured),
not by hand; it keeps fit as it is. (Lower-case names the app already has: a board
compiling .py would intern new ones.)"""

# the free heap at the menu, bytes, per sys.platform: .py, .mpy, our firmware
free = {'RP2040': (38468, 37476, 152848)}
# KB left beside a game's working set, .py and .mpy (bench/bench_fits.py says why)
reserve = (11, 3)
# a game's working set, KB, .py and .mpy: a row per ruleset (yahtzee_core.rules.NAMES:
# yahtzee yahtzee-free-joker yahtzee-1956 yatzy yacht kniffel generala
# kismet triple-yahtzee crag yamb maxi-yatzy balut poker-dice),
# a column per level (rules.KINDS: human perfect good beginner casual; human: a solo game)
need = (
    b'\x1e7$$&\x1e7$$\'\x1e7$$\'\x1f8$$\'\x1d6##&\x1fA$$\'\x1d5##%\x1eC&$\'\'888;\x1c(""$&,,,.(.-.5$))),%+-+-',
    b'\x1e6##&\x1e7$$&\x1e7$$\'\x1e8$$\'\x1d5#"%\x1f7$$\'\x1d5""%\x1e:&#&\'///3\x1c\'!!#&+++.\'---5#)((,%+-+-',
)


def fit(app):
    """The setup's game fits this board's heap: its working set (App.begin_game: its
    scene modules, its computers, the hint source), measured per ruleset and level,
    with `reserve` KB left for what a turn makes and lets go (a save's compaction
    image, a hint's sweep, the drawing), against the free heap at the menu; off the
    boards measured (the desktop, a unix port) every game fits."""
    import sys
    room = free.get(sys.platform)
    if room is None:
        return True
    # the bundle on the drive, loaded into RAM (0: .py, 1: .mpy); else (2) the game
    # frozen into our firmware, whose code stays in flash: the .mpy figures bound it
    kind = 1 if __file__.endswith('.mpy') else 0
    try:
        from os import stat
        stat(__file__ if __file__[:1] == '/' else '/' + __file__)
    except OSError:
        kind = 2
    row = need[min(kind, 1)]
    kinds = app.yc.KINDS
    settings = app.settings
    at = settings.setup_rules * len(kinds)      # rows: rules.NAMES x rules.KINDS
    sizes = [row[at + k] for k in range(1, len(kinds))
             if any(settings.setup_kinds[p] == k for p in range(settings.setup_players))] or [row[at]]
    # the largest, and each other level's computer beside it (over a beginner's game)
    over = sum(sizes) - max(sizes) - (len(sizes) - 1) * row[at + kinds.index('beginner')]
    return (max(sizes) + max(over, 0) + reserve[min(kind, 1)]) * 1024 <= room[kind]
