"""Who plays: the seat names last entered at setup, and lifetime stats per player
name and ruleset. Plain numbers in, compact versioned bytes out (the app keeps them
as a record of the nvm journal, beside records.py's high scores).

Layout of version 2 (little-endian):

    0      version (2)
    1..24  eight seat names, 3 ASCII bytes each (spaces pad; all spaces = no name)
    25     n, the number of stats rows (0..N_ROWS)
    26..   n rows of 18 bytes: name (3), ruleset id u8, games u16, points u32,
           best u16, yahtzees u16, upper bonuses u16, wins u16
    last   a CRC-16 of all before (save.CHECK_POLY, as in records.py)

Version 1 (the same without the check) is still read.

>>> p = People()
>>> p.names[0] = 'ANN'
>>> p.add_game('ANN', 0, 250, yahtzees=1, won=True).games
1
>>> again = People.from_bytes(p.to_bytes())
>>> again.names[0], again.find('ANN', 0).best
('ANN', 250)
"""

from .save import SaveError, crc16, CHECK_POLY

VERSION = 2
SEATS = 8
N_ROWS = 8              # name and ruleset pairs kept (the least played goes first)
ROW_SIZE = 18
_HEAD = 1 + 3 * SEATS + 1
MAX_SIZE = _HEAD + N_ROWS * ROW_SIZE + 2
_FIELDS = (2, 4, 2, 2, 2, 2)    # games, points, best, yahtzees, upper bonuses, wins


class PlayerStats:
    """One player's finished games in one ruleset."""

    def __init__(self, name, rules_id):
        self.name = name
        self.rules_id = rules_id
        self.games = 0
        self.points = 0
        self.best = 0
        self.yahtzees = 0
        self.upper_bonuses = 0
        self.wins = 0

    @property
    def average(self):
        """Mean points per game, rounded to the nearest integer (0 before any game)."""
        if not self.games:
            return 0
        return (2 * self.points + self.games) // (2 * self.games)

    def _values(self):
        return (self.games, self.points, self.best, self.yahtzees, self.upper_bonuses,
                self.wins)


class People:
    def __init__(self):
        self.names = [''] * SEATS      # setup's seat names ('' = none entered)
        self.rows = []                 # PlayerStats, most recently played first

    def find(self, name, rules_id):
        for r in self.rows:
            if r.name == name and r.rules_id == rules_id:
                return r
        return None

    def add_game(self, name, rules_id, score, yahtzees=0, bonus=False, won=False):
        """Count one finished game of a named human; returns its row."""
        name = clean_name(name)
        row = self.find(name, rules_id)
        if row is None:
            row = PlayerStats(name, rules_id & 0xFF)
            if len(self.rows) >= N_ROWS:    # make room: drop the least played row
                least = 0
                for i in range(len(self.rows)):
                    if self.rows[i].games <= self.rows[least].games:
                        least = i
                self.rows.pop(least)
        else:
            self.rows.remove(row)
        self.rows.insert(0, row)
        row.games = min(row.games + 1, 0xFFFF)
        row.points = min(row.points + score, 0xFFFFFFFF)
        if score > row.best:
            row.best = min(score, 0xFFFF)
        row.yahtzees = min(row.yahtzees + yahtzees, 0xFFFF)
        row.upper_bonuses = min(row.upper_bonuses + (1 if bonus else 0), 0xFFFF)
        row.wins = min(row.wins + (1 if won else 0), 0xFFFF)
        return row

    def to_bytes(self):
        out = bytearray(_HEAD + len(self.rows) * ROW_SIZE + 2)
        out[0] = VERSION
        for s in range(SEATS):
            _put_name(out, 1 + 3 * s, self.names[s])
        out[_HEAD - 1] = len(self.rows)
        i = _HEAD
        for r in self.rows:
            _put_name(out, i, r.name)
            out[i + 3] = r.rules_id
            i += 4
            values = r._values()
            for k in range(len(_FIELDS)):
                for b in range(_FIELDS[k]):
                    out[i + b] = (values[k] >> (8 * b)) & 0xFF
                i += _FIELDS[k]
        c = crc16(out, 0, i, 0xFFFF, CHECK_POLY)
        out[i] = c & 0xFF
        out[i + 1] = c >> 8
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        """People from to_bytes(); SaveError for foreign, truncated or bad bytes."""
        if data is None or len(data) < _HEAD or not 1 <= data[0] <= VERSION:
            raise SaveError("not a people record this version reads")
        end = len(data) - 2 * (data[0] == VERSION)
        if end < len(data) and crc16(data, 0, end, 0xFFFF, CHECK_POLY) != \
                data[end] | data[end + 1] << 8:
            raise SaveError("people record fails its check (a cut-short write)")
        n = data[_HEAD - 1]
        if n > N_ROWS or end != _HEAD + n * ROW_SIZE:
            raise SaveError("people record has the wrong size")
        p = cls()
        for s in range(SEATS):
            p.names[s] = _get_name(data, 1 + 3 * s)
        i = _HEAD
        for _ in range(n):
            r = PlayerStats(_get_name(data, i), data[i + 3])
            if not r.name:
                raise SaveError("a stats row without a name")
            i += 4
            values = []
            for size in _FIELDS:
                v = 0
                for b in range(size):
                    v |= data[i + b] << (8 * b)
                values.append(v)
                i += size
            r.games, r.points, r.best, r.yahtzees, r.upper_bonuses, r.wins = values
            p.rows.append(r)
        return p


def clean_name(name):
    """Up to three printable ASCII characters, trailing spaces dropped."""
    s = ''
    for c in str(name)[:3]:
        s += c if 32 <= ord(c) < 127 else '?'
    return s.rstrip()


def _put_name(buf, at, name):
    name = clean_name(name)
    for k in range(3):
        buf[at + k] = ord(name[k]) if k < len(name) else 32


def _get_name(buf, at):
    s = ''
    for k in range(3):
        c = buf[at + k]
        if not 32 <= c < 127:
            raise SaveError("a name holds a byte that is not printable ASCII")
        s += chr(c)
    return s.rstrip()
