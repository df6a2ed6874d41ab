"""Reading the nvm journal at power-on (journal.py's format): where each kind's newest
record is, where the game in play starts, where the next record goes, and whether the
next write must rewrite the journal. Loaded by Journal() and dropped again."""

from .save import crc16

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


def scan(j):
    nvm = j.nvm
    size = j.size
    if size >= _HEADER and nvm[0] == 0x59 and nvm[1] == 0x4A and nvm[2] == _FORMAT:
        j._generation(nvm[3])
        p = _HEADER
        while p + _FRAME <= size and nvm[p] != 0xFF:
            e = p + _FRAME + ((nvm[p] & 15) << 8 | nvm[p + 1])
            if e > size or crc16(nvm, p, e - 2, j.seed) != nvm[e - 2] | nvm[e - 1] << 8:
                break               # cut short: the end (and dirty, below)
            j._note(nvm[p] >> 4, p)
            p = e
        j.end = p
    else:   # blank, or foreign bytes (another program's, the layout before the journal)
        j.end = p = 0
    for i in range(p, size):
        if nvm[i] != 0xFF:
            j.dirty = True          # a cut-short record, or foreign bytes
            break
