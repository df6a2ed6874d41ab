"""High scores and lifetime stats: plain numbers in, compact versioned bytes out.

The app keeps one Records object, updates it when a game ends and writes
``to_bytes()`` as a record of the nvm journal (yahtzee_core/journal.py, which adds its
own CRC). Nothing here knows about nvm offsets or the display.

Layout of version 5 (little-endian):

    0      version (5)
    1..    n entries of 5 bytes (n from the size, 0..N_HIGH): score | (ruleset id & 7)
           << 13 u16, three initials (ASCII; bit 7 of the first: ruleset id bit 3,
           clear in records written before there were more than 8 rulesets)
    then   games u32, points u32, best u16, yahtzees u16, upper_bonuses u16, wins u16,
           zeros u16, last_game u16, settings u8, setup ruleset u8, setup players u8,
           setup kinds u32 (3 bits a seat), rated u32, rated points u32, perfect u32,
           played u32
    last   a CRC-16 of all before (save.CHECK_POLY: not the journal's polynomial, so a
           cut-short write must pass two different checks to be read)

High scores are kept per ruleset: the best PER_RULES of each, N_HIGH in all; a full
table gives up the lowest score of the ruleset holding most, so one ruleset's games
never push another's best score out (nine rulesets: each keeps at least its best).
Version 4 (without `played`: read as `games`) is still read, version 3 (4 without the
check), and versions 1 and 2 (a count byte, 6-byte entries with a ruleset byte, one
table of 8 for all rulesets), their tables trimmed to that rule.
Version 1 (setup kinds u16 of 2 bits a seat, no rated fields) is still read: its
seats keep their kinds and its games count as not rated. "Rated" games are those
whose ruleset had a percentile table (yahtzee_core.percentiles): for them `perfect`
sums perfect play's mean score (tenths), so the lifetime stats can set the player's
average beside perfect play's over the same games, whatever the rulesets.

>>> r = Records()
>>> r.add_score(250, 'ABC', 0)[0], r.add_score(300, 'XYZ', 3)[0], r.high[0][0]
(250, 300, 300)
>>> Records.from_bytes(r.to_bytes()).high == r.high
True
"""

from .save import SaveError, crc16, CHECK_POLY

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

VERSION = 5
N_HIGH = 10             # high-score entries kept in all (fits the 96-byte nvm slot)
PER_RULES = 3           # of which at most this many of one ruleset
_ENTRY_SIZE = const(5)
_OLD_ENTRY_SIZE = const(6)      # versions 1 and 2
_FIELDS_V1 = (4, 4, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2)   # byte sizes of the fixed fields
_FIELDS_V4 = (4, 4, 2, 2, 2, 2, 2, 2, 1, 1, 1, 4, 4, 4, 4)   # versions 3 and 4
_FIELDS = _FIELDS_V4 + (4,)
_FIXED_SIZE = const(4 + 4 + 2 * 6 + 1 + 1 + 1 + 4 + 4 + 4 + 4 + 4)
KIND_BITS = 3           # setup kinds: bits a seat (yahtzee_core.KINDS index)
MAX_SIZE = 1 + N_HIGH * _ENTRY_SIZE + _FIXED_SIZE + 2

# settings bits (a set bit turns the feature OFF, so erased/new records mean "on")
SOUND_OFF = 1
HINTS_OFF = 2
HOWTO_DONE = 4          # the first-boot how-to was shown (set: do not show again)
COACH_SHIFT = 3         # bits 3-4: the coach setting (0 off, 1 mistakes, 2 always)
DUPLICATE = 32          # the last setup chose duplicate play (off in erased records)


def _u16(v):
    return 0 if v < 0 else (0xFFFF if v > 0xFFFF else v)


def _u32(v):
    return 0 if v < 0 else (0xFFFFFFFF if v > 0xFFFFFFFF else v)


class Records:
    """High-score table (best first, ties keep the older entry first) and lifetime
    stats summed over every human seat of every finished game."""

    def __init__(self):
        self.high = []          # [score, initials str of 3, ruleset id]
        self.games = 0          # human player-games finished (a seat each)
        self.played = 0         # finished games with a human seat (once each)
        self.points = 0         # their total points
        self.best = 0
        self.yahtzees = 0       # five-alikes rolled
        self.upper_bonuses = 0        # upper-section bonuses earned
        self.wins = 0           # games with an opponent a human won (ties count)
        self.zeros = 0          # boxes scratched with 0
        self.last_game = 0      # id of the last game counted: a replayed end is ignored
        self.settings = 0
        self.setup_rules = 0    # last new-game setup, offered again next time
        self.setup_players = 1
        self.setup_kinds = 0    # KIND_BITS a seat
        self.rated = 0          # human player-games with perfect play's mean known
        self.rated_points = 0   # their points
        self.perfect = 0        # sum of perfect play's mean over them, tenths

    # -- high scores ---------------------------------------------------------------
    def add_score(self, score, initials, ruleset_id):
        """Insert an entry; returns it (a list that stays the same object while kept)
        or None when the score does not stay: past the ruleset's best PER_RULES, or a
        full table whose ruleset holding most entries (the lowest of those on a tie)
        gives up its lowest."""
        if score <= 0:
            return None
        high = self.high
        entry = [score if score < 8192 else 8191, _clean_initials(initials), ruleset_id & 15]
        i = 0
        while i < len(high) and high[i][0] >= score:
            i += 1                  # ties keep the older entry first
        high.insert(i, entry)
        counts = [0] * 16
        for e in high:
            counts[e[2]] += 1
        top = counts[entry[2]]
        if top <= PER_RULES:
            top = max(counts) if len(high) > N_HIGH else 0
        if top:
            for i in range(len(high) - 1, -1, -1):
                if counts[high[i][2]] == top:
                    high.pop(i)
                    break
        for e in high:
            if e is entry:
                return entry
        return None

    @staticmethod
    def set_initials(entry, initials):
        """Name an entry add_score returned."""
        entry[1] = _clean_initials(initials)

    # -- lifetime stats ------------------------------------------------------------
    def add_game(self, score, yahtzees=0, bonus=False, zeros=0, won=False,
                 perfect_tenths=None):
        """Count one human seat of a finished game; perfect_tenths: perfect play's mean
        score in that game's ruleset (tenths), when known."""
        self.games += 1
        if perfect_tenths is not None:
            self.rated += 1
            self.rated_points += score
            self.perfect += perfect_tenths
        self.points += score
        if score > self.best:
            self.best = score
        self.yahtzees += yahtzees
        if bonus:
            self.upper_bonuses += 1
        self.zeros += zeros
        if won:
            self.wins += 1

    @property
    def average(self):
        """Mean points per game, rounded to the nearest integer (0 before any game)."""
        if not self.games:
            return 0
        return (2 * self.points + self.games) // (2 * self.games)

    def versus_perfect(self):
        """(your mean, perfect play's mean) in tenths of a point over the rated games,
        rounded; None before any."""
        n = self.rated
        if not n:
            return None
        return (20 * self.rated_points + n) // (2 * n), (2 * self.perfect + n) // (2 * n)

    # -- bytes ---------------------------------------------------------------------
    def to_bytes(self):
        n = len(self.high)
        out = bytearray(1 + n * _ENTRY_SIZE + _FIXED_SIZE + 2)
        out[0] = VERSION
        i = 1
        for score, initials, rid in self.high:
            _put(out, i, score | (rid & 7) << 13, 2)
            for k in range(3):
                out[i + 2 + k] = ord(initials[k])
            out[i + 2] |= (rid & 8) << 4
            i += _ENTRY_SIZE
        for value, size in ((self.games, 4), (self.points, 4), (self.best, 2),
                            (self.yahtzees, 2), (self.upper_bonuses, 2), (self.wins, 2),
                            (self.zeros, 2), (self.last_game, 2), (self.settings, 1),
                            (self.setup_rules, 1), (self.setup_players, 1),
                            (self.setup_kinds, 4), (self.rated, 4),
                            (self.rated_points, 4), (self.perfect, 4), (self.played, 4)):
            _put(out, i, _u32(value) if size == 4 else (_u16(value) if size == 2 else value & 0xFF), size)
            i += size
        _put(out, i, crc16(out, 0, i, 0xFFFF, CHECK_POLY), 2)
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        """Records from to_bytes(); SaveError for foreign, truncated or bad bytes."""
        if data is None or len(data) < 2:
            raise SaveError("no records")
        version = data[0]
        if not 1 <= version <= VERSION:
            raise SaveError("records version %d not supported" % version)
        sizes = _FIELDS_V1 if version == 1 else (_FIELDS if version == 5 else _FIELDS_V4)
        if version >= 4:
            end = len(data) - 2
            if crc16(data, 0, end, 0xFFFF, CHECK_POLY) != _get(data, end, 2):
                raise SaveError("records fail their check (a cut-short write)")
            data = data[:end]
            version = 3
        fixed = 0
        for size in sizes:
            fixed += size
        if version == 3:
            step = _ENTRY_SIZE
            i = 1
            n = (len(data) - 1 - fixed) // step
            ok = 0 <= n <= N_HIGH and len(data) == 1 + n * step + fixed
        else:
            step = _OLD_ENTRY_SIZE
            i = 2
            n = data[1]
            ok = n <= 8 and len(data) == 2 + n * step + fixed
        if not ok:
            raise SaveError("records have the wrong size")
        r = cls()
        for _ in range(n):
            score = _get(data, i, 2)
            initials = ''
            high_id = 0
            for k in range(3):
                c = data[i + 2 + k]
                if k == 0 and step == _ENTRY_SIZE:
                    high_id = (c & 0x80) >> 4     # ruleset id bit 3
                    c &= 0x7F
                if not 32 <= c < 127:
                    raise SaveError("records hold bad initials")
                initials += chr(c)
            if step == _ENTRY_SIZE:
                r.high.append([score & 8191, initials, score >> 13 | high_id])
            else:
                r.high.append([score, initials, data[i + 5] & 7])
            i += step
        fields = []
        for size in sizes:
            fields.append(_get(data, i, size))
            i += size
        if data[0] == 1:        # 2 bits a seat, nothing rated yet
            kinds = 0
            for p in range(8):
                kinds |= (fields[11] >> (2 * p) & 3) << (KIND_BITS * p)
            fields = fields[:11] + [kinds, 0, 0, 0]
        if len(fields) < len(_FIELDS):  # before version 5: games as the seats counted
            fields.append(fields[0])
        (r.games, r.points, r.best, r.yahtzees, r.upper_bonuses, r.wins, r.zeros,
         r.last_game, r.settings, r.setup_rules, r.setup_players, r.setup_kinds,
         r.rated, r.rated_points, r.perfect, r.played) = fields
        for k in range(1, n):
            if r.high[k][0] > r.high[k - 1][0]:
                raise SaveError("records table out of order")
        if version < 3:             # one table of all rulesets: trim it per ruleset
            old = r.high
            r.high = []
            for e in old:
                r.add_score(e[0], e[1], e[2])
        return r


    # -- CSV (the app's "Export CSV"; pure: the caller writes the lines) -------------
    def to_csv_lines(self, rules_names=()):
        """High scores and lifetime stats as CSV lines (no line ends), one table:
        section,item,value,initials,rules. `rules_names[id]` names a ruleset id
        (yahtzee_core.RULESETS); an id it does not cover is written as the number."""
        lines = ['section,item,value,initials,rules']
        for i in range(len(self.high)):
            score, initials, rid = self.high[i]
            name = rules_names[rid] if rid < len(rules_names) else '%d' % rid
            lines.append('high score,%d,%d,%s,%s' % (i + 1, score, csv_field(initials.rstrip()),
                                                     csv_field(name)))
        for item, value in (('games', self.played), ('player games', self.games),
                            ('points', self.points),
                            ('average', self.average), ('best', self.best),
                            ('yahtzees', self.yahtzees), ('upper bonuses', self.upper_bonuses),
                            ('wins', self.wins), ('zeros', self.zeros)):
            lines.append('lifetime,%s,%d,,' % (item, value))
        return lines


def csv_field(text):
    """A CSV field: quoted (inner quotes doubled) when it holds , " or a line end."""
    for c in text:
        if c == ',' or c == '"' or c == '\n' or c == '\r':
            return '"' + text.replace('"', '""') + '"'
    return text


def _clean_initials(initials):
    s = ''
    for c in str(initials)[:3]:
        s += c if 32 <= ord(c) < 127 else '?'
    while len(s) < 3:
        s += ' '
    return s


def _put(buf, at, value, size):
    for k in range(size):
        buf[at + k] = (value >> (8 * k)) & 0xFF


def _get(buf, at, size):
    v = 0
    for k in range(size):
        v |= buf[at + k] << (8 * k)
    return v
