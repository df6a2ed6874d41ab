"""A game's save at its start, worked out (ui/saves/store.py writes it, and each action
after it): whether a game of some size fits the nvm (setup, a new game) and the room
its journal keeps free for it. Loaded for that and dropped again: ui/saves/store.py loads
it, this module never imports the store back."""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_TURN_BYTES = const(28)     # a turn's bytes, to plan a game's room (mixed play: 29-33
                            # in games of 3-4 seats; bench/bench_saves.py --mixed)
_END_BYTES = const(300)     # a game's end: the records and the names
_TURN_ROOM = const(48)      # the store's TURN_ROOM (tests/test_saves_app.py holds it so)


def room(app, players, duplicate=False, rules=None):
    """The journal room a game of this many players (of the setup's ruleset, or
    `rules`) wants free at its start: its turns and its end (with less, the store
    has the journal compacted then, a calm moment, unless that costs an erase more:
    a game larger than a compacted journal holds; journal_compact.compact). 0 when
    the game cannot be saved: its snapshot and a turn's records do not fit the nvm."""
    j = app.saves.journal
    if j is None:
        return 0
    from yahtzee_core.save import save_size
    from yahtzee_core.journal import HEADER, FRAME
    if rules is None:       # the setup's: the one it shows is built, the rest forgotten
        from ui.codes import rules_name
        name = rules_name(app.setup_rules)
        keep_only(app, name)
        rules = app.yc.ruleset(name)
    if HEADER + FRAME + 2 + save_size(rules, players, duplicate) + _TURN_ROOM > j.size:
        return 0
    return rules.rounds * players * _TURN_BYTES + _END_BYTES


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
