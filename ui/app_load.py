"""Reading the saves back at power-on (ui/app_saves.py writes them): the records with
the settings and setup choices kept in them, then the game in play. App.__init__
imports this module once and drops it again: its code is needed only then."""

from ui.app_saves import (_read, load_people, SAVE_PREFIX, SAVE_VERSION, SAVE_COACH,
                          COACH_REC, F_HINTS_OFF, F_SOUND_OFF, SPEED_SHIFT)


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
    speed = (r.settings >> SPEED_SHIFT) & 3
    app.cpu_speed = speed if speed < 3 else 0
    if 0 <= r.setup_rules < len(app.yc.RULESETS):
        app.setup_rules = r.setup_rules
    if 1 <= r.setup_players <= 8:
        app.setup_players = r.setup_players
    for p in range(8):
        k = (r.setup_kinds >> (KIND_BITS * p)) & 7
        app.setup_kinds[p] = k if k < len(app.yc.KINDS) else 0


def load_game(app):
    """Read the saved game if there is a good one (sets app.game); True when there is."""
    if app.game_store is None:
        return False

    def decode(data):
        if len(data) <= SAVE_PREFIX or data[0] not in (SAVE_VERSION, SAVE_COACH):
            raise ValueError("not a game save")
        end = len(data)
        coach = b''
        lost = 0
        if data[0] == SAVE_COACH:
            kept = data[-2]
            end -= 2 + COACH_REC * kept
            if end <= SAVE_PREFIX:
                raise ValueError("coach records longer than the save")
            coach = data[end:end + COACH_REC * kept]
            lost = data[-1] - kept
        return app.yc.Game.from_bytes(data[SAVE_PREFIX:end], app.rng), data, coach, lost

    loaded = _read(app.game_store, decode)
    if loaded is None and app.large_store is not None:
        loaded = _read(app.large_store, decode)
    if loaded is None:
        return False
    game, data, coach, lost = loaded
    app.game = game
    app.hints = not (data[1] & F_HINTS_OFF)
    app.sound = not (data[1] & F_SOUND_OFF)
    app.game_id = data[2] | (data[3] << 8)
    app.new_game_state(False)
    app.coach = bytearray(coach)
    app.coach_lost = lost if lost > 0 else 0
    return True
