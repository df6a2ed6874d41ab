"""Reading the saves back at power-on (ui/saves/store.py writes them): the journal in
nvm (moving today's older layout over once), the records with the settings and setup
choices kept in them, the names, then the game in play: its snapshot, with every
action since replayed through the game itself. And the deep sleep's note: written
just before the sleep (sleep_note), read at the wake (woken). App.__init__ imports
this module once and drops it again, the loop once before a deep sleep: its code is
needed only then."""

from yahtzee_core.save import RECORDS, GAME
from ui.saves.store import Saves, load_people, mark, coach_record
from ui.turns import note_fill

_MIN_NVM = 64   # smaller nvm holds nothing useful: not used
_NOTE_MARK = 0x5A   # the first byte of a sleep note


def open_saves(app, storage):
    """The journal over `storage` (None: nothing is saved) as app.saves, then the
    records and names it holds."""
    j = None
    if storage is not None and len(storage) >= _MIN_NVM:
        from yahtzee_core.journal import Journal
        j = Journal(storage)
        if j.dirty and not j.end:       # not a journal: the layout before it, once
            from ui.saves import legacy as nvm_legacy
            nvm_legacy.move(j)
            from yahtzee_core.rules import forget
            forget('saves.legacy', 'ui')
    app.saves = Saves(j, app)
    load_records(app)
    load_people(app)


def load_records(app):
    """Read the records and the settings and setup choices kept in them."""
    if not app.saves.keeps_records:
        return
    j = app.saves.journal
    records = None
    while records is None and j.at[RECORDS] >= 0:
        try:
            records = app.records.from_bytes(j.payload(j.at[RECORDS]))
        except ValueError:      # a cut-short write that passed the CRC: the one before
            j.drop(RECORDS)
    if records is None:
        return
    app.records = records
    from yahtzee_core.records import (SOUND_OFF, HINTS_OFF, HOWTO_DONE, COACH_SHIFT,
                                      KIND_BITS, DUPLICATE)
    from ui.saves.store import SPEED_SHIFT
    from ui.codes import MENU_RULES
    r = app.records
    app.setup_duplicate = bool(r.settings & DUPLICATE)
    app.sound = not (r.settings & SOUND_OFF)
    app.hints = not (r.settings & HINTS_OFF)
    app.howto_done = bool(r.settings & HOWTO_DONE)
    mode = (r.settings >> COACH_SHIFT) & 3
    app.coach_mode = mode if mode < 3 else 0
    speed = (r.settings >> SPEED_SHIFT) & 3
    app.cpu_speed = speed if speed < 3 else 0
    if r.setup_rules in MENU_RULES:
        app.setup_rules = r.setup_rules
    if 1 <= r.setup_players <= 8:
        app.setup_players = r.setup_players
    for p in range(8):
        k = (r.setup_kinds >> (KIND_BITS * p)) & 7
        app.setup_kinds[p] = k if k < len(app.yc.KINDS) else 0


def load_game(app):
    """The game in play, if the journal holds one that reads back (sets app.game);
    True when there is. An action record that does not replay (a cut-short write that
    passed its CRC) ends the game where it was before that action; a GAME record
    that does not read back (the same, or a state no play reaches) gives way to the
    game before it, with its actions up to that record, as the records and names do."""
    j = app.saves.journal
    if j is None or j.game_at < 0:
        return False
    at = j.game_at
    stop = j.end
    for before in (j.older[0], -1):
        data = j.payload(at)
        try:
            if len(data) < 3:
                raise ValueError("no game")
            game = app.yc.Game.from_bytes(data[2:], app.rng)
            break
        except ValueError:
            j.dirty = True          # rewrite without it at the next save
            if before < 0:
                return False
            stop = at
            at = j.at[GAME] = j.game_at = before
    from yahtzee_core.save import COACH, PEOPLE, FILL, UNDO
    from yahtzee_core.replay import replay      # dropped again below
    coach = b''
    total = 0
    fills = []      # (seat, box, points) of the fills since the snapshot
    _, start, n = j.record(at)
    p = start + n + 2
    while p < stop:
        kind, start, n = j.record(p)
        if kind == COACH and n >= 2:
            total, before = j.nvm[start], j.nvm[start + 1]
            coach = coach[:7 * before] + bytes(j.nvm[start + 2:start + n])
        elif kind != RECORDS and kind != PEOPLE:
            seat = game.current
            before = game.cards[seat].total
            try:
                replay(game, kind, j.payload(p))
            except ValueError:      # SaveError, IllegalMove, a die out of range
                j.dirty = True
                break
            if kind == FILL:        # for the handovers' recap (as note_fill had it)
                fills.append((seat, j.nvm[start], game.cards[seat].total - before))
                if len(fills) > 7:
                    fills.pop(0)
            elif kind == UNDO and fills:
                fills.pop()
        p = start + n + 2
    from yahtzee_core.rules import forget
    forget('replay')
    app.game = game
    app.game_id = data[0] | data[1] << 8
    app.new_game_state(False)
    if len(game.players) > 1:   # the others' last fills, as the handover showed them
        for seat, box, gained in fills:
            note_fill(app, seat, box, gained)
    app.coach = bytearray(coach)
    lost = total - len(coach) // 7
    app.coach_lost = lost if lost > 0 else 0
    mark(app.saves, game)
    coach_record(app)           # the coach's records as saved
    return True


def sleep_note(app):
    """Before a deep sleep: the game in play saved (every roll, fill and undo is
    already; a hold goes with the next roll, so the holds ride in the note), and the
    few bytes that bring the wake back to this screen: the mark, scene, cursor + 1
    (0: none; the die cursor on the dice), seat in play, held dice (a bit each),
    flags (1: the handover was taken), the game's id and round. b'': no game to
    come back to."""
    g = app.game
    if g is None or g.over or not app.saved:
        return b''
    from ui.saves.store import save_game
    save_game(app)
    held = 0
    for i in range(len(g.dice)):
        held |= g.held[i] << i
    from ui.codes import VIEW_PLAY
    cursor = app.die_cursor if app.view == VIEW_PLAY else app.cursor
    return bytes((_NOTE_MARK, app.scene, (cursor + 1) & 0xFF, g.current, held,
                  1 if app.turn_taken else 0, app.game_id & 0xFF, app.game_id >> 8,
                  g.round & 0xFF))


def woken(app, note, now):
    """A wake from deep sleep (`note` from sleep_note): back on the screen of the game
    it slept on (a computer's turn or a handover: the turn again, which leads there),
    its holds and cursor put back; the main menu when it slept elsewhere or the note
    is not of the saved game. No boot notes, no question. The screen comes back
    dimmed, like an idle one: the waking press, if still held while the board
    starts, only brightens it and moves nothing."""
    from ui.codes import (MENU, PLAY, CARD, PAUSE, CPU, TURN, STANDINGS, ODDS, VIEW_PLAY,
                          DIM, CURSOR_ROLL, CURSOR_CARD)
    g = app.game
    scene = note[1] if len(note) >= 9 else -1
    if (scene < 0 or note[0] != _NOTE_MARK or g is None or g.over or not app.saved
            or note[3] != g.current or note[6] | note[7] << 8 != app.game_id
            or note[8] != g.round & 0xFF):
        scene = MENU
    elif scene == CPU or scene == TURN or scene == STANDINGS or scene == ODDS:
        scene = PLAY
    elif scene != PLAY and scene != CARD and scene != PAUSE:
        scene = MENU
    cursor = -1
    if scene != MENU:
        app.turn_taken = bool(note[5] & 1)
        if g.rolled and g.rolls_left:
            for i in range(len(g.dice)):
                g.hold(i, (note[4] >> i) & 1)
        cursor = note[2] - 1
    app.go(scene, now)
    app.power = DIM
    app.eat_press = True
    if cursor >= 0:
        if app.view == VIEW_PLAY:
            if cursor < len(g.dice) or cursor == CURSOR_ROLL or cursor == CURSOR_CARD:
                app.die_cursor = cursor     # (a note from before six dice: left alone)
        elif cursor < len(app.items):
            app.cursor = cursor
            app.scroll_to_cursor()
