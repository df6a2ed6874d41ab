"""Saves: the game in play and the records (high scores, stats, last choices) in nvm,
through the core's two-slot SlotStore (layout in ui/nvm_layout.py; App.__init__ makes
the stores). Plain functions of the app. Reading the records and the game back at
power-on is ui/app_load.py's (loaded for that once)."""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# Save payload: [version, flags, game id lo, game id hi] + Game.to_bytes(); version 2
# (written only when the coach has noted decisions) adds the coach's records
# (ui/coach.py, COACH_REC bytes each) and two bytes: records kept, records in all.
SAVE_VERSION = const(1)
SAVE_COACH = const(2)
COACH_REC = const(7)
SAVE_PREFIX = const(4)         # bytes before the game (bench/bench_app.py reads it)
F_HINTS_OFF = const(1)
F_SOUND_OFF = const(2)
SPEED_SHIFT = const(6)        # records.settings bits 6-7: computer speed (0 = watch)


def _read(store, decode):
    """decode(payload) of the newest save in `store`; when that payload does not
    decode (a torn write that passed the slot's CRC), of the older slot's. None when
    there is none, or the newest is empty ("nothing saved")."""
    for older in (False, True):
        try:
            data = store.read(older)
        except Exception:
            return None
        if data is None:
            return None
        try:
            return decode(data)
        except ValueError:
            pass
    return None


def save_records(app):
    from yahtzee_core.records import (SOUND_OFF, HINTS_OFF, HOWTO_DONE, COACH_SHIFT,
                                      KIND_BITS, DUPLICATE)
    r = app.records
    r.settings = ((0 if app.hints else HINTS_OFF) | (0 if app.sound else SOUND_OFF) |
                  (DUPLICATE if app.setup_duplicate else 0) |
                  (HOWTO_DONE if app.howto_done else 0) | (app.coach_mode << COACH_SHIFT) |
                  app.cpu_speed << SPEED_SHIFT)
    r.setup_rules = app.setup_rules
    r.setup_players = app.setup_players
    k = 0
    for p in range(8):
        k |= (app.setup_kinds[p] & 7) << (KIND_BITS * p)
    r.setup_kinds = k
    if app.records_store is not None:
        app.records_store.write(r.to_bytes())


def load_people(app):
    """Seat names and per-player stats (yahtzee_core.people), when stored; app.people
    stays None (P1, P2..., nothing per player) until there is something to keep."""
    if app.people_store is not None:
        app.people = _read(app.people_store, _people_from)


def _people_from(data):
    from yahtzee_core.people import People
    return People.from_bytes(data)


def save_people(app):
    if app.people_store is not None and app.people is not None:
        app.people_store.write(app.people.to_bytes())


def save_game(app):
    """Write the game in play (called after every roll, hold change and fill)."""
    game = app.game
    if game is None:
        return
    store = _store_for(app, game.rules, len(game.players), game.round_dice is not None)
    if store is None:
        # Does not fit this board's nvm: play on without a save (start_game told the
        # player and left no older game to be resumed in this one's place).
        return
    g = game.to_bytes()
    room = store.capacity - SAVE_PREFIX - len(g)
    n = len(app.coach) // COACH_REC + app.coach_lost
    if n:           # the coach's records that fit after the game (the first ones)
        kept = (room - 2) // COACH_REC
        kept = 0 if kept < 0 else (kept if kept < n - app.coach_lost else n - app.coach_lost)
        if room >= 2:
            g += app.coach[:COACH_REC * kept] + bytes((kept, n if n < 256 else 255))
    head = bytes((SAVE_COACH if n and room >= 2 else SAVE_VERSION,
                  (0 if app.hints else F_HINTS_OFF) |
                  (0 if app.sound else F_SOUND_OFF), app.game_id & 0xFF,
                  app.game_id >> 8))
    store.write(head + g)
    app.saved = True


def clear_game(app):
    for store in (app.game_store, app.large_store):
        if store is not None:
            store.write(b'')  # records "nothing saved"
    app.saved = False


def _store_for(app, rules, players, duplicate):
    """The store a game of this size is saved in (the game slots, else the large-game
    region), or None when it fits neither."""
    from yahtzee_core.save import save_size
    need = SAVE_PREFIX + save_size(rules, players, duplicate)
    for store in (app.game_store, app.large_store):
        if store is not None and need <= store.capacity:
            return store
    return None


def can_save(app, players, duplicate=False):
    """True when a game with this many players (of the setup's ruleset) can be saved."""
    rules = app.yc.ruleset(app.yc.RULESETS[app.setup_rules])
    return _store_for(app, rules, players, duplicate) is not None
