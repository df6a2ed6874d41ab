"""Where a score falls among perfect games: a 206-byte table per ruleset.

The desktop computes the exact score distribution of optimal play
(``python -m tools.distribution``); the bundle ships its percentiles as
percentiles/NAME.pct, and game over says "287: better than 81% of perfect games".
Where no solver plays a ruleset perfectly (Yamb), the table is level good's, from
sampled games (``python -m tools.sampled_distribution``), and byte 5 says so: game
over then says "of good CPU games" and rates nothing against it.

Layout (little-endian):

    0   b'YZPC'
    4   version (1)
    5   whose play: 0 perfect play's (exact), 1 level good's (sampled games)
    6   mean score of perfect play, tenths of a point (u16)
    8   99 x u16: percentile k (k = 1..99) = smallest s with P(score <= s) >= k/100

>>> t = PerfectScores(pack(2546, list(range(101, 200))))
>>> t.mean_tenths, t.better_than(101), t.better_than(102), t.better_than(999)
(2546, 0, 1, 99)
"""

_MAGIC = b'YZPC'
SIZE = 206


class PercentileError(ValueError):
    """The percentile table is missing or damaged."""


PERFECT = 0    # byte 5: whose play the table is
GOOD = 1


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
        if not 0 <= v <= 0xFFFF:
            raise PercentileError('value out of range: %r' % v)
        out[6 + 2 * i] = v & 0xFF
        out[7 + 2 * i] = v >> 8
    return bytes(out)


class PerfectScores:
    """One ruleset's table, read from bytes or a file (PercentileError if bad)."""

    def __init__(self, data):
        if len(data) != SIZE or bytes(data[0:4]) != _MAGIC or data[4] != 1 or data[5] > GOOD:
            raise PercentileError('not a percentile table (version 1)')
        self.data = bytes(data)
        self.play = data[5]     # PERFECT or GOOD
        self.mean_tenths = data[6] | data[7] << 8
        last = 0
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

    def percentile(self, k):
        """Smallest score s with P(score <= s) >= k/100 under perfect play, k = 1..99."""
        i = 6 + 2 * k
        return self.data[i] | self.data[i + 1] << 8

    def better_than(self, score):
        """Percent of perfect games that end strictly below `score`, rounded down:
        the number of percentiles below it."""
        n = 0
        for k in range(1, 100):
            if self.percentile(k) < score:
                n = k
            else:
                break
        return n
