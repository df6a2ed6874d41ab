"""Compacting the nvm journal (journal.py's format): one erase, then what is still live
written back, the records and names first: they are programmed first, so a cut after
their pages costs at most the game. Loaded for that and dropped again."""

from .save import RECORDS, PEOPLE, GAME, COACH, CLEAR

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# journal.py's HEADER, FRAME and FORMAT, private here: compiled to plain numbers, and
# no import of journal.py (which loads this module). tests/test_saves_journal.py holds
# them equal.
_HEADER = const(4)
_FRAME = const(4)
_FORMAT = const(1)


def compact(j, kind, payload, reserve):
    """Write back what is live with (kind, payload) added: the newest records and
    names, then the game in play (the app's `parts`, or the GAME being added; none
    after a CLEAR). When only `reserve` asked for it, it compacts now (a calm moment:
    a game's start, a turn's end) unless that costs an erase more than appending and
    compacting when full would for those `reserve` bytes (each compaction leaves
    `room`): then the record is just appended."""
    if payload is not None and not j.dirty:
        need = len(payload) + _FRAME
        free = j.size - j.end - need        # left after appending here
        room = j.size - live(j) - need      # left after compacting
        if free >= 0 and (room <= 0 or
                          -(-reserve // room) > -(-(reserve - free) // room)):
            j.put(kind, payload)
            return
    parts = []
    for k in (RECORDS, PEOPLE):
        if k == kind:
            parts.append((k, payload))
        elif j.at[k] >= 0:
            parts.append((k, j.payload(j.at[k])))
    if kind == GAME:
        parts.append((kind, payload))
    elif kind != CLEAR and (kind > PEOPLE or j.game_at >= 0) and j.parts is not None:
        parts += j.parts()
    rewrite(j, parts)


def live(j):
    """Bytes a compaction would write now (the game's snapshot as it was saved)."""
    total = _HEADER
    for kind in (RECORDS, PEOPLE, GAME, COACH):
        p = j.at[kind]
        if p >= 0 and (kind < GAME or j.game_at >= 0 and p >= j.game_at):
            total += _FRAME + j.record(p)[2]
    return total


def rewrite(j, parts):
    """Erase once and write `parts` ([(kind, payload)], records and names first).
    Parts that do not fit are left out, the names first, then the records: a game in
    play comes first; a game alone too big is not saved."""
    room = j.size - _HEADER
    for _, data in parts:
        room -= len(data) + _FRAME
    while room < 0 and parts and parts[0][0] <= PEOPLE:
        k = 1 if len(parts) > 1 and parts[1][0] == PEOPLE else 0
        room += len(parts.pop(k)[1]) + _FRAME    # the names, then the records
    if room < 0:
        parts = []
    size = j.size
    img = bytearray(size)       # first: when there is no room for it, nothing changed
    gen = (j.gen + 1) & 0xFF
    img[0:4] = bytes((0x59, 0x4A, _FORMAT, gen))
    j._generation(gen)
    j.at = [-1] * len(j.at)
    j.older = [-1, -1, -1]
    j.game_at = -1
    o = _HEADER
    for kind, data in parts:
        j.frame(img, o, kind, data)
        j._note(kind, o)
        o += _FRAME + len(data)
    for i in range(o, size):
        img[i] = 0xFF               # erased: where the next records go
    j.nvm[0:size] = img
    j.end = o
    j.dirty = False
