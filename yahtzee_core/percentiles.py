"""Where a score falls among perfect games: a 206-byte table per ruleset.

The desktop computes the exact score distribution of optimal play
(``python -m tools.distribution``); the bundle ships its percentiles as
percentiles/NAME.pct, and game over says "287: better than 81% of perfect games".
Where no solver plays a ruleset perfectly (Yamb), the table is level good's, from
sampled games (``python -m tools.sampled_distribution``), and byte 5 says so: game
over then says "of good CPU games" and rates nothing against it. Byte 5 also says
where the table is not of final totals: Balut's is of the game's points (level
good's: what its players are ranked by), Poker Dice's of the hand a turn ends on
(perfect play's, exact: its rank 0..251; a game's rounds won depend on the others).

Layout (little-endian):

    0   b'YZPC'
    4   version (1)
    5   what it holds: 0 perfect play's totals (exact), 1 level good's totals
        (sampled games), 2 level good's game points (sampled), 3 perfect play's
        turn-final hand ranks (exact)
    6   mean, tenths (i16)
    8   99 x i16: percentile k (k = 1..99) = smallest s with P(s' <= s) >= k/100
    (signed: Balut's points go below 0; every total table is below 32768 anyway)

>>> t = PerfectScores(pack(2546, list(range(101, 200))))
>>> t.mean_tenths, t.better_than(101), t.better_than(102), t.better_than(999)
(2546, 0, 1, 99)
"""

_MAGIC = b'YZPC'
SIZE = 206


class PercentileError(ValueError):
    """The percentile table is missing or damaged."""


PERFECT = 0    # byte 5: whose play the table is, and of what
GOOD = 1
GOOD_POINTS = 2     # Balut: level good's game points
PERFECT_HANDS = 3   # Poker Dice: perfect play's turn-final hands


def pack(mean_tenths, percentiles, play=PERFECT):
    """The table's bytes from the mean (tenths) and the 99 percentiles (ints)."""
    if len(percentiles) != 99:
        raise PercentileError('need 99 percentiles, got %d' % len(percentiles))
    out = bytearray(SIZE)
    out[0:4] = _MAGIC
    out[4] = 1
    out[5] = play
    values = [mean_tenths] + list(percentiles)
    for i in range(100):
        v = values[i]
        if not -0x8000 <= v <= 0x7FFF:
            raise PercentileError('value out of range: %r' % v)
        out[6 + 2 * i] = v & 0xFF
        out[7 + 2 * i] = v >> 8 & 0xFF
    return bytes(out)


class PerfectScores:
    """One ruleset's table, read from bytes or a file (PercentileError if bad)."""

    def __init__(self, data):
        if len(data) != SIZE or bytes(data[0:4]) != _MAGIC or data[4] != 1 or \
                data[5] > PERFECT_HANDS:
            raise PercentileError('not a percentile table (version 1)')
        self.data = bytes(data)
        self.play = data[5]     # PERFECT, GOOD, GOOD_POINTS or PERFECT_HANDS
        self.mean_tenths = self._i16(6)
        last = -0x8000
        for k in range(1, 100):
            v = self.percentile(k)
            if v < last:
                raise PercentileError('percentiles out of order')
            last = v

    @classmethod
    def load(cls, path):
        try:
            with open(path, 'rb') as f:
                data = f.read(SIZE + 1)
        except OSError:
            raise PercentileError('no percentile table at %s' % path)
        return cls(data)

    def _i16(self, i):
        v = self.data[i] | self.data[i + 1] << 8
        return v - 0x10000 if v & 0x8000 else v

    def percentile(self, k):
        """Smallest score s with P(score <= s) >= k/100 in the table's games, k = 1..99."""
        return self._i16(6 + 2 * k)

    def better_than(self, score):
        """Percent of the table's games (or turns) that end strictly below `score`,
        rounded down: the number of percentiles below it."""
        n = 0
        for k in range(1, 100):
            if self.percentile(k) < score:
                n = k
            else:
                break
        return n
