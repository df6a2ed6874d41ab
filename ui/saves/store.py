"""Saves: the game in play, the records (high scores, stats, settings and setup
choices) and the seats' names, as records of the nvm journal (yahtzee_core/journal.py;
their bytes: yahtzee_core/save.py). Plain functions of the app, and Saves, which keeps
what the journal holds of the game in play so that each save appends only what changed:
a roll's dice, a fill, an undo. Reading them back at power-on is
ui/saves/load.py's.

What a save survives: docs/ARCHITECTURE.md ("Saves and the board's flash").
"""


try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

COACH_REC = const(7)
_COACH_KEEP = const(24)     # coach records saved with a game; later ones are counted
TURN_ROOM = const(48)       # journal bytes one turn can take: 3 rolls, fill, coach
_RECORDS_FROM = const(288)  # nvm bytes from which the records are kept
_PEOPLE_FROM = const(1024)  # and the names and per-player stats
SPEED_SHIFT = const(6)      # records.settings bits 6-7: computer speed (0 = watch)


class Saves:
    """The journal (None: nothing is saved), what this nvm keeps, and what the journal
    holds of the game in play: the Game (None: no game journaled), its turn ((round -
    1) * seats + current), rolls left and undo record as last saved, the seat in
    play's card as last saved (to tell which box a fill took), and the coach records
    saved (kept, in all)."""

    def __init__(self, journal, app):
        self.journal = journal
        size = 0
        if journal is not None:
            size = journal.size
            journal.parts = lambda: game_parts(app)     # for its compactions
        self.keeps_records = size >= _RECORDS_FROM
        self.keeps_people = size >= _PEOPLE_FROM
        self.game = None
        self.turn = self.rolls = self.coach = self.coach_total = 0
        self.undo = False
        self.scores = bytearray(48)


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
    if app.saves.keeps_records:
        from yahtzee_core.save import RECORDS
        _keep(app, RECORDS, r.to_bytes())


def _keep(app, kind, data):
    j = app.saves.journal
    if j.at[kind] < 0 or j.payload(j.at[kind]) != data:    # no write when nothing changed
        write(app, kind, data)


def load_people(app):
    """Seat names and per-player stats (yahtzee_core.people), as stored; app.people
    stays None (P1, P2..., nothing per player) until there is something to keep."""
    app.people = None
    j = app.saves.journal
    from yahtzee_core.save import PEOPLE
    while app.saves.keeps_people and j.at[PEOPLE] >= 0:
        from yahtzee_core.people import People
        try:
            app.people = People.from_bytes(j.payload(j.at[PEOPLE]))
            return
        except ValueError:      # a cut-short write that passed the CRC: the one before
            j.drop(PEOPLE)


def save_people(app):
    if app.saves.keeps_people and app.people is not None:
        from yahtzee_core.save import PEOPLE
        _keep(app, PEOPLE, app.people.to_bytes())


def write(app, kind, data, reserve=0):
    """Append a record to the journal; False when there was no heap for a
    compaction's image (nothing written: a later save tries again)."""
    try:
        app.saves.journal.append(kind, data, reserve)
        return True
    except MemoryError:
        app.saves.game = None       # the next save writes the whole game again
        return False


def save_game(app):
    """Save what changed in the game in play since the last save (called after every
    roll, hold change, fill, undo and pass): a roll's dice and the holds they were
    rolled with, a fill or an undo, each one small record; a hold or a pass on its own
    writes nothing (a hold goes with the next roll); a new game, its snapshot. Not
    written for want of heap: the next save writes the whole game."""
    s = app.saves
    g = app.game
    if g is None or s.journal is None:
        return
    from yahtzee_core.save import GAME, ROLL, FILL, UNDO, roll_record
    if g is not s.game:
        # a new game: its snapshot, with room kept for the whole game (too big for this
        # nvm: nothing to resume)
        s.game = None
        s.coach = s.coach_total = 0
        room = can_save(app, len(g.players), g.round_dice is not None, g.rules)
        if not room:
            clear_game(app)
        elif write(app, GAME, snapshot(app), room):
            mark(s, g)
            save_coach(app)
            app.saved = True
        return
    n = len(g.players)
    turn = (g.round - 1) * n + g.current
    box = _filled(s, g.cards[(g.current - 1) % n]) if turn == s.turn + 1 else -1
    if turn == s.turn and g.rolls_left == s.rolls - 1:
        done = write(app, ROLL, roll_record(g))
    elif turn == s.turn and g.rolls_left == s.rolls:
        # a hold, or the device handed on (the last fill final): nothing to write. A
        # resumed game keeps that fill's undo record until the next roll, but no
        # handover offers an undo after a power cut.
        done = True
    elif box >= 0 and g.rolls_left == g.rules.turn_rolls:
        done = write(app, FILL, bytes((box,)), TURN_ROOM)   # a turn's end: a calm moment
    elif turn == s.turn - 1 and s.undo and g.last_fill is None:
        done = write(app, UNDO, b'')
    else:               # a change no action record says: the whole game again
        done = write(app, GAME, snapshot(app), TURN_ROOM)
    if done:
        mark(s, g)
        save_coach(app)


def _filled(s, card):
    # The one box filled on `card` since the last save, or -1.
    box = -1
    for b in range(len(card.scores)):
        if s.scores[b] == 255 and card.scores[b] != 255:
            if box >= 0:
                return -1
            box = b
    return box


def mark(s, g):
    """What the journal now holds of the game: its turn, rolls, undo, card in play."""
    s.game = g
    s.turn = (g.round - 1) * len(g.players) + g.current
    s.rolls = g.rolls_left
    s.undo = g.last_fill is not None
    scores = g.cards[g.current].scores if not g.over else b''
    s.scores[:len(scores)] = scores


def snapshot(app):
    """The GAME record of the game in play: its id, then its snapshot."""
    gid = app.game_id
    return bytes((gid & 0xFF, gid >> 8)) + app.game.to_bytes()


def save_coach(app):
    """Write the coach's records since the last save, if any."""
    data = coach_record(app)
    if data is not None:
        from yahtzee_core.save import COACH
        write(app, COACH, data)


def coach_record(app, before=-1):
    """The COACH record of the coach's records since the last save: [records in all,
    records kept before these] + the new ones (an undo that dropped one: none new,
    fewer kept), or None when none changed; before=0: all of them (a snapshot's)."""
    s = app.saves
    kept = len(app.coach) // COACH_REC
    total = kept + app.coach_lost
    kept = kept if kept < _COACH_KEEP else _COACH_KEEP
    total = total if total < 256 else 255
    if before < 0 and kept == s.coach and total == s.coach_total:
        return None
    if before < 0:
        before = s.coach if s.coach < kept else kept
    data = bytes((total, before)) + app.coach[COACH_REC * before:COACH_REC * kept]
    s.coach, s.coach_total = kept, total
    return data


def clear_game(app):
    """Nothing to resume any more (the game ended, or one too big replaces it)."""
    s = app.saves
    s.game = None
    j = s.journal
    if j is not None and j.game_at >= 0:
        from yahtzee_core.save import CLEAR
        write(app, CLEAR, b'')
    app.saved = False


def can_save(app, players, duplicate=False, rules=None):
    """Whether a game of this many players (of the setup's ruleset, or `rules`) can be
    saved: the journal room it wants free at its start, 0 when it cannot
    (ui/saves/start.py's room(), loaded for it and dropped again)."""
    from ui.saves import start
    try:
        return start.room(app, players, duplicate, rules)
    finally:
        from yahtzee_core.rules import forget
        forget('saves.start', 'ui')


def game_parts(app):
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
