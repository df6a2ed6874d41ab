"""Saves: the game in play, the records (high scores, stats, settings and setup
choices) and the seats' names, as records of the nvm journal (yahtzee_core/journal.py;
their bytes: yahtzee_core/save.py). Plain functions of the app, and Saves, which keeps
what the journal holds of the game in play so that each save appends only what changed:
a roll's dice, a fill, an undo. Reading them back at power-on is
ui/app_load.py's.

What a save survives: docs/ARCHITECTURE.md ("Saves and the board's flash").
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

COACH_REC = const(7)
COACH_KEEP = const(24)      # coach records saved with a game; later ones are counted
TURN_ROOM = const(48)       # journal bytes one turn can take: 3 rolls, fill, coach
TURN_BYTES = const(32)      # what a turn takes on average, to plan a game's room
END_BYTES = const(300)      # a game's end: the records and the names
RECORDS_FROM = const(288)   # nvm bytes from which the records are kept
PEOPLE_FROM = const(1024)   # and the names and per-player stats
SPEED_SHIFT = const(6)      # records.settings bits 6-7: computer speed (0 = watch)


class Saves:
    """The journal (None: nothing is saved) and what it holds of the game in play:
    the Game object (None: no game journaled), its turn ((round - 1) * seats +
    current), rolls left and undo record as last saved, the seat in play's card as last
    saved (to tell which box a fill took), and the coach records saved."""

    def __init__(self, journal):
        self.journal = journal
        self.game = None
        self.turn = self.rolls = 0
        self.undo = False
        self.scores = bytearray(40)
        self.coach = self.coach_total = 0


def keeps_records(app):
    j = app.saves.journal
    return j is not None and j.size >= RECORDS_FROM


def keeps_people(app):
    j = app.saves.journal
    return j is not None and j.size >= PEOPLE_FROM


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
    if keeps_records(app):
        from yahtzee_core.save import RECORDS
        _keep(app, RECORDS, r.to_bytes())


def _keep(app, kind, data):
    j = app.saves.journal
    if not j.same(kind, data):      # never a write when nothing changed
        j.append(kind, data)


def load_people(app):
    """Seat names and per-player stats (yahtzee_core.people), as stored; app.people
    stays None (P1, P2..., nothing per player) until there is something to keep."""
    app.people = None
    j = app.saves.journal
    from yahtzee_core.save import PEOPLE
    while keeps_people(app) and j.at[PEOPLE] >= 0:
        from yahtzee_core.people import People
        try:
            app.people = People.from_bytes(j.payload(j.at[PEOPLE]))
            return
        except ValueError:      # a cut-short write that passed the CRC: the one before
            j.drop(PEOPLE)


def save_people(app):
    if keeps_people(app) and app.people is not None:
        from yahtzee_core.save import PEOPLE
        _keep(app, PEOPLE, app.people.to_bytes())


def save_game(app):
    """Save what changed in the game in play since the last save (called after every
    roll, hold change, fill, undo and pass): a roll's dice and the holds they were
    rolled with, a fill or an undo, each one small record; a hold or a pass on its own
    writes nothing (a hold goes with the next roll); a new game, its snapshot."""
    s = app.saves
    g = app.game
    if g is None or s.journal is None:
        return
    if g is not s.game:
        _start(app)
        return
    from yahtzee_core.save import GAME, ROLL, FILL, UNDO, roll_record
    n = len(g.players)
    turn = (g.round - 1) * n + g.current
    box = _filled(s, g.cards[(g.current - 1) % n]) if turn == s.turn + 1 else -1
    if turn == s.turn and g.rolls_left == s.rolls - 1:
        _put(app, ROLL, roll_record(g))
    elif turn == s.turn and g.rolls_left == s.rolls:
        # a hold, or the device handed on (the last fill final): nothing to write. A
        # resumed game keeps that fill's undo record until the next roll, but no
        # handover offers an undo after a power cut.
        _mark(s, g)
    elif box >= 0 and g.rolls_left == 3:
        _put(app, FILL, bytes((box,)), TURN_ROOM)     # a turn's end: a calm moment
    elif turn == s.turn - 1 and s.undo and g.last_fill is None:
        _put(app, UNDO, b'')
    else:               # a change no action record says: the whole game again
        _put(app, GAME, _snapshot(app), TURN_ROOM)
    _save_coach(app)


def _filled(s, card):
    # The one box filled on `card` since the last save, or -1.
    box = -1
    for b in range(len(card.scores)):
        if s.scores[b] == 255 and card.scores[b] != 255:
            if box >= 0:
                return -1
            box = b
    return box


def _put(app, kind, data, reserve=0):
    s = app.saves
    s.journal.append(kind, data, reserve)
    _mark(s, app.game)


def _mark(s, g):
    # What the journal now holds of the game: the turn, rolls, undo, the card in play.
    s.game = g
    s.turn = (g.round - 1) * len(g.players) + g.current
    s.rolls = g.rolls_left
    s.undo = g.last_fill is not None
    scores = g.cards[g.current].scores if not g.over else b''
    s.scores[:len(scores)] = scores


def _snapshot(app):
    gid = app.game_id
    return bytes((gid & 0xFF, gid >> 8)) + app.game.to_bytes()


def _coach_counts(app):
    kept = len(app.coach) // COACH_REC
    total = kept + app.coach_lost
    return (kept if kept < COACH_KEEP else COACH_KEEP), (total if total < 256 else 255)


def _save_coach(app):
    # The coach's records since the last save: [records in all, records kept before
    # these] + the new ones (an undo that dropped one: none new, fewer kept).
    s = app.saves
    kept, total = _coach_counts(app)
    if kept != s.coach or total != s.coach_total:
        from yahtzee_core.save import COACH
        before = s.coach if s.coach < kept else kept
        s.journal.append(COACH, bytes((total, before)) +
                         app.coach[COACH_REC * before:COACH_REC * kept])
        s.coach, s.coach_total = kept, total


def game_parts(app):
    """The records that restart the game in play in a compacted journal: its snapshot
    and its coach records (yahtzee_core.journal.Journal.parts)."""
    s = app.saves
    g = app.game
    if g is None or g is not s.game or g.over:
        return ()
    from yahtzee_core.save import GAME, COACH
    kept, total = _coach_counts(app)
    parts = [(GAME, _snapshot(app))]
    if total:
        parts.append((COACH, bytes((total, 0)) + app.coach[:COACH_REC * kept]))
    _mark(s, g)
    s.coach, s.coach_total = kept, total
    return parts


def _start(app):
    # A new game: its snapshot, where the journal has room for the whole game (else
    # it is compacted now, a calm moment); too big for this nvm: nothing to resume.
    s = app.saves
    g = app.game
    s.game = None
    s.coach = s.coach_total = 0
    if not can_save(app, len(g.players), g.round_dice is not None, g.rules):
        clear_game(app)
        return
    from yahtzee_core.save import GAME
    room = g.rules.rounds * len(g.players) * TURN_BYTES + END_BYTES
    half = s.journal.size // 2
    _put(app, GAME, _snapshot(app), room if room < half else half)
    _save_coach(app)
    app.saved = True


def clear_game(app):
    """Nothing to resume any more (the game ended, or one too big replaces it)."""
    s = app.saves
    s.game = None
    j = s.journal
    if j is not None and j.game_at >= 0:
        from yahtzee_core.save import CLEAR
        j.append(CLEAR, b'')
    app.saved = False


def can_save(app, players, duplicate=False, rules=None):
    """True when a game of this many players (of the setup's ruleset) can be saved:
    its snapshot and a turn's records fit the nvm."""
    j = app.saves.journal
    if j is None:
        return False
    from yahtzee_core.save import save_size
    from yahtzee_core.journal import HEADER, FRAME
    if rules is None:
        rules = app.yc.ruleset(app.yc.RULESETS[app.setup_rules])
    return HEADER + FRAME + 2 + save_size(rules, players, duplicate) + TURN_ROOM <= j.size
