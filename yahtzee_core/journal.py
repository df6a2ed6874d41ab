"""The saves' home in nvm: a journal of checked records appended into erased bytes.

Flash is erased a whole unit at a time, and a board's nvm is often one such unit (an
RP2040's 4 KB is one sector, a SAMD51's 8 KB one block). CircuitPython rewrites a byte
that is not 0xFF by erasing and reprogramming the whole unit; on an RP2040 a write into
bytes that still read 0xFF is programmed page by page without an erase (a SAMD51
erases at every write, whatever the bytes hold). So the journal
never rewrites a byte: each save is a record appended after the last one, and only
when the nvm is full does it erase and write back what is still live (compaction):
the records and the names first, then the game in play as one fresh snapshot.

    offset 0   header: b'YJ', FORMAT, generation (one more at each compaction)
    then       records, one after another:
               [kind << 4 | length >> 8] [length & 0xFF] [payload] [CRC-16, LE]
    then       erased bytes (0xFF) to the end

The record kinds and payloads are save.py's. The CRC covers the record and the
generation, so a record left over from before a compaction never reads as a new one.
Reading stops at the first record whose CRC fails (a write the power cut short: only
ever the last); anything but erased bytes after it makes the next write a compaction.
Reading the nvm at power-on (journal_scan.py) and compacting (journal_compact.py) are
modules of their own, loaded only for that and dropped after: what stays in RAM while
a game is played is this module's appending.

What a power cut can cost (docs/ARCHITECTURE.md has the figures per board):
- while a record is appended: that record (the action in flight), nothing else;
- while a compaction erases the nvm and programs it back: everything, until the
  records, names and game are programmed again (the first pages). That window is the
  one a single erase unit makes unavoidable; compactions are rare and come at calm
  moments (a turn's end, a game's start), see append(). On a SAMD51 every write opens
  it (CircuitPython erases the block each time).

>>> nvm = bytearray(b'\\xff' * 256)
>>> j = Journal(nvm)
>>> j.append(RECORDS, b'abc')
>>> Journal(nvm).payload(Journal(nvm).at[RECORDS])
b'abc'
"""

from .rules import forget
from .save import crc16, RECORDS, PEOPLE, GAME, CLEAR

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

FORMAT = const(1)
HEADER = const(4)
FRAME = const(4)            # bytes a record adds to its payload
# at[] is indexed by kind: save.py's 1..8; ANNOUNCE (9) is not kept there (a resumed
# game reads it among the game's records, no one asks where the newest one is)
_KINDS = const(9)


class Journal:
    """The journal over a board's nvm (any bytearray-like of fixed size), read when
    made.

    at[kind]: where the newest record of that kind starts (-1: none); game_at: the
    GAME record the game in play starts from (-1: no game to resume); older: the
    records before the newest (a cut-short write that passed the CRC falls back to
    them, see drop(); older[0]: the GAME before game_at's); end: where the
    next record goes (0 on blank or foreign nvm: the header goes first); dirty: the
    next write must be a compaction (after a cut-short write, or over foreign bytes).
    `parts` is set by the app: a function returning [(kind, payload)] that restart the
    game in play (a GAME snapshot, its COACH record), for a compaction to write in
    place of that game's records."""

    def __init__(self, nvm):
        self.nvm = nvm
        self.size = len(nvm)
        self.parts = None
        self.at = [-1] * _KINDS
        # the record before the newest RECORDS, PEOPLE; at 0, the GAME before game_at
        # (-1: none since a CLEAR): where to resume when game_at's does not decode
        self.older = [-1, -1, -1]
        self.game_at = -1
        self.end = self.gen = self.seed = 0
        self.dirty = False
        from . import journal_scan
        try:
            journal_scan.scan(self)
        finally:
            forget('journal_scan')

    def _generation(self, gen):
        self.gen = gen
        self.seed = crc16(bytes((gen,)), 0, 1)

    def _note(self, kind, p):
        if kind == RECORDS or kind == PEOPLE:
            self.older[kind] = self.at[kind]
        elif kind == GAME:
            self.older[0] = self.game_at
            self.game_at = p
        elif kind == CLEAR:
            self.game_at = -1
        if kind < _KINDS:
            self.at[kind] = p

    def record(self, p):
        """(kind, payload start, payload length) of the record at p."""
        nvm = self.nvm
        return nvm[p] >> 4, p + 2, (nvm[p] & 15) << 8 | nvm[p + 1]

    def payload(self, p):
        """The payload of the record at p (p >= 0), as bytes."""
        _, start, n = self.record(p)
        return bytes(self.nvm[start:start + n])

    def drop(self, kind):
        """The newest RECORDS or PEOPLE did not decode (a cut-short write that passed
        the CRC): read the one before it, and rewrite without it at the next write."""
        self.at[kind] = self.older[kind]
        self.older[kind] = -1
        self.dirty = True

    # -- writing -------------------------------------------------------------------
    def append(self, kind, payload, reserve=0):
        """Add a record. It is appended into erased bytes (no erase) unless the nvm is
        full, or needs rewriting after a cut: then the journal is compacted. `reserve`:
        room to keep free for what follows; when less is left and compacting would make
        it, this write compacts now (a calm moment) rather than a later one."""
        if self.dirty or self.end + len(payload) + FRAME + reserve > self.size:
            self.compact(kind, payload, reserve)
        else:
            self.put(kind, payload)

    def put(self, kind, payload):
        """Append a record into the erased bytes at the end (there is room)."""
        end = self.end
        head = end == 0             # the first record on blank nvm writes the header too
        rec = bytearray(len(payload) + FRAME + (HEADER if head else 0))
        o = 0
        if head:
            self._generation(0)
            rec[0:4] = bytes((0x59, 0x4A, FORMAT, 0))
            o = HEADER
        self.frame(rec, o, kind, payload)
        self.nvm[end:end + len(rec)] = rec
        self._note(kind, end + o)
        self.end = end + len(rec)

    def frame(self, buf, o, kind, payload):
        """Write record (kind, payload) into buf at o: header, payload, CRC."""
        n = len(payload)
        buf[o] = kind << 4 | n >> 8
        buf[o + 1] = n & 0xFF
        buf[o + 2:o + 2 + n] = payload
        c = crc16(buf, o, o + 2 + n, self.seed)
        buf[o + 2 + n] = c & 0xFF
        buf[o + 3 + n] = c >> 8

    def compact(self, kind=0, payload=None, reserve=0):
        """Erase once and write back what is live, the record being added included
        (journal_compact.py); for a `reserve` only, when compacting makes the room.
        MemoryError (no room for the nvm's image): nothing was written."""
        import gc
        gc.collect()    # the image wants one block: the room garbage held first
        try:
            from . import journal_compact
            journal_compact.compact(self, kind, payload, reserve)
        finally:
            forget('journal_compact')
