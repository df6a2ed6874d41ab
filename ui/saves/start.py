"""A game's save from its start (ui/saves/store.py saves each action after it): whether
a game of some size fits the nvm (setup), its first snapshot (a new game), and its
snapshot again when the journal is compacted. Loaded for that and dropped again: a game
needs it at its start and about once in two games after."""

from ui.saves.store import (TURN_ROOM, write, mark, snapshot, coach_record, save_coach,
                          clear_game)

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_TURN_BYTES = const(28)     # a turn's bytes, to plan a game's room (mixed play: 29-33
                            # in games of 3-4 seats; bench/bench_saves.py --mixed)
_END_BYTES = const(300)     # a game's end: the records and the names


def parts(app):
    """The records that restart the game in play in a compacted journal: its snapshot
    and its coach records (yahtzee_core.journal.Journal.parts); () without one."""
    s = app.saves
    g = app.game
    if g is None or g is not s.game or g.over:
        return ()
    from yahtzee_core.save import GAME, COACH
    out = [(GAME, snapshot(app))]
    coach = coach_record(app, 0)
    if coach[0]:                # records in all
        out.append((COACH, coach))
    mark(s, g)
    return out


def start(app):
    """A new game: its snapshot, where the journal has room for the whole game (else
    it is compacted now, a calm moment, unless that costs an erase more: a game larger
    than a compacted journal holds; journal_compact.compact); too big for this nvm:
    nothing to resume."""
    s = app.saves
    g = app.game
    s.game = None
    s.coach = s.coach_total = 0
    if not fits(app, len(g.players), g.round_dice is not None, g.rules):
        clear_game(app)
        return
    from yahtzee_core.save import GAME
    room = g.rules.rounds * len(g.players) * _TURN_BYTES + _END_BYTES
    if write(app, GAME, snapshot(app), room):
        mark(s, g)
        save_coach(app)
        app.saved = True


def fits(app, players, duplicate=False, rules=None):
    """True when a game of this many players (of the setup's ruleset) can be saved:
    its snapshot and a turn's records fit the nvm."""
    j = app.saves.journal
    if j is None:
        return False
    from yahtzee_core.save import save_size
    from yahtzee_core.journal import HEADER, FRAME
    if rules is None:       # the setup's: the one it shows is built, the rest forgotten
        from ui.codes import rules_name
        name = rules_name(app.setup_rules)
        keep_only(app, name)
        rules = app.yc.ruleset(name)
    return HEADER + FRAME + 2 + save_size(rules, players, duplicate) + TURN_ROOM <= j.size


def keep_only(app, name):
    """Forget the rulesets built but `name` and the loaded game's (2-5K of heap each:
    a setup whose player looked through the fourteen would not fit them all, and the
    game then starts with its own alone). Each is built again when next asked for."""
    import sys
    from yahtzee_core import variants
    keep = (name, app.game.rules.name if app.game is not None else name)
    built = variants.built
    for other in list(built):
        if other not in keep:
            del built[other]
    # their modules, and a base class's (Kniffel's Yahtzee: the class lives on)
    for module in [m[22:] for m in sys.modules if m.startswith('yahtzee_core.variants.')]:
        if module.replace('_', '-') not in keep:
            app.yc.rules.forget(module, 'yahtzee_core.variants')
