"""Saves: the game in play and the records (high scores, stats, last choices) in nvm,
through the core's two-slot SlotStore (layout in ui/nvm_layout.py; App.__init__ makes
the stores). Plain functions of the app."""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# Save payload: [version, flags, game id lo, game id hi] + Game.to_bytes(); version 2
# (written only when the coach has noted decisions) adds the coach's records
# (ui/coach.py, COACH_REC bytes each) and two bytes: records kept, records in all.
_SAVE_VERSION = const(1)
_SAVE_COACH = const(2)
_COACH_REC = const(7)
SAVE_PREFIX = const(4)         # bytes before the game (bench/bench_app.py reads it)
_F_HINTS_OFF = const(1)
_F_SOUND_OFF = const(2)
_SPEED_SHIFT = const(6)        # records.settings bits 6-7: computer speed (0 = watch)


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


def load_records(app):
    """Read the records and the settings and setup choices kept in them."""
    if app.records_store is None:
        return
    lay = app.layout
    if lay.people_slot:
        from yahtzee_core import SlotStore
        app.people_store = SlotStore(app.records_store.buf, lay.people_offset, lay.people_slot)
        load_people(app)
    records = _read(app.records_store, app.records.from_bytes)
    if records is None:
        return
    app.records = records
    from yahtzee_core.records import (SOUND_OFF, HINTS_OFF, HOWTO_DONE, COACH_SHIFT,
                                      KIND_BITS, DUPLICATE)
    r = app.records
    app.setup_duplicate = bool(r.settings & DUPLICATE)
    app.sound = not (r.settings & SOUND_OFF)
    app.hints = not (r.settings & HINTS_OFF)
    app.howto_done = bool(r.settings & HOWTO_DONE)
    mode = (r.settings >> COACH_SHIFT) & 3
    app.coach_mode = mode if mode < 3 else 0
    speed = (r.settings >> _SPEED_SHIFT) & 3
    app.cpu_speed = speed if speed < 3 else 0
    if 0 <= r.setup_rules < len(app.yc.RULESETS):
        app.setup_rules = r.setup_rules
    if 1 <= r.setup_players <= 8:
        app.setup_players = r.setup_players
    for p in range(8):
        k = (r.setup_kinds >> (KIND_BITS * p)) & 7
        app.setup_kinds[p] = k if k < len(app.yc.KINDS) else 0


def save_records(app):
    from yahtzee_core.records import (SOUND_OFF, HINTS_OFF, HOWTO_DONE, COACH_SHIFT,
                                      KIND_BITS, DUPLICATE)
    r = app.records
    r.settings = ((0 if app.hints else HINTS_OFF) | (0 if app.sound else SOUND_OFF) |
                  (DUPLICATE if app.setup_duplicate else 0) |
                  (HOWTO_DONE if app.howto_done else 0) | (app.coach_mode << COACH_SHIFT) |
                  app.cpu_speed << _SPEED_SHIFT)
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


def load_game(app):
    """Read the saved game if there is a good one (sets app.game); True when there is."""
    if app.game_store is None:
        return False

    def decode(data):
        if len(data) <= SAVE_PREFIX or data[0] not in (_SAVE_VERSION, _SAVE_COACH):
            raise ValueError("not a game save")
        end = len(data)
        coach = b''
        lost = 0
        if data[0] == _SAVE_COACH:
            kept = data[-2]
            end -= 2 + _COACH_REC * kept
            if end <= SAVE_PREFIX:
                raise ValueError("coach records longer than the save")
            coach = data[end:end + _COACH_REC * kept]
            lost = data[-1] - kept
        return app.yc.Game.from_bytes(data[SAVE_PREFIX:end], app.rng), data, coach, lost

    loaded = _read(app.game_store, decode)
    if loaded is None and app.large_store is not None:
        loaded = _read(app.large_store, decode)
    if loaded is None:
        return False
    game, data, coach, lost = loaded
    app.game = game
    app.hints = not (data[1] & _F_HINTS_OFF)
    app.sound = not (data[1] & _F_SOUND_OFF)
    app.game_id = data[2] | (data[3] << 8)
    app.new_game_state(False)
    app.coach = bytearray(coach)
    app.coach_lost = lost if lost > 0 else 0
    return True


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
    n = len(app.coach) // _COACH_REC + app.coach_lost
    if n:           # the coach's records that fit after the game (the first ones)
        kept = (room - 2) // _COACH_REC
        kept = 0 if kept < 0 else (kept if kept < n - app.coach_lost else n - app.coach_lost)
        if room >= 2:
            g += app.coach[:_COACH_REC * kept] + bytes((kept, n if n < 256 else 255))
    head = bytes((_SAVE_COACH if n and room >= 2 else _SAVE_VERSION,
                  (0 if app.hints else _F_HINTS_OFF) |
                  (0 if app.sound else _F_SOUND_OFF), app.game_id & 0xFF,
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
