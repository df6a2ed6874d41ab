"""Triple Yahtzee's turn planning (see TriplePlanner); its own module so that the
other rulesets' players never load it. Its column estimate is estimate.triple_values."""

from .planner import TurnPlanner
from .rules import OPEN


class TriplePlanner(TurnPlanner):
    """Triple Yahtzee's turn planning. 39 boxes are too many for one state: a 39-bit
    mask is a heap-allocated long int on CircuitPython (above 2**30), and no table
    holds 2**39 masks. So the value of a turn-start state is the sum over the three
    columns of the column's multiplier times an estimate of that column alone,
    ``values.value(mask, u, y)`` with the column's 13-bit mask, its upper subtotal
    before multiplying (capped at 63) and y = all three Yahtzee boxes hold points
    (the Yahtzee bonus is live). A fill changes one column (and maybe y), so a turn's
    next-state values take at most 6 + 39 * 6 column estimates, every one a small int.

    Values are kept relative to self.offset (the least next-state value of the turn,
    in hundredths): an absolute Triple value (about 1,700 points) times 7776 would pass
    2**30; relative ones stay below about 100,000 hundredths."""

    by_column = 1         # a further Yahtzee's bonus is 100 x the column it goes into

    def __init__(self, rules, values):
        TurnPlanner.__init__(self, rules, values)
        self.has_y = True
        n = rules.n_boxes
        self.inner = bytearray(n)         # box b is box inner[b] of column b // 13
        for b in range(n):
            self.inner[b] = b % 13
        self.seen = bytearray(n)          # the scores the turn was prepared for
        self.cmask = [0, 0, 0]            # per column: 13-bit filled mask
        self.cu = [0, 0, 0]               # per column: upper subtotal / multiplier, capped
        self.cv = [0, 0, 0, 0, 0, 0]      # column c's estimate with y = 0 at 2c, 1 at 2c + 1
        self.total = 0                    # the state's own value (hundredths)

    def _column(self, mask, u, y):
        return 0 if mask == 0x1FFF else self.values.value(mask, u, y)

    def _rest(self, c, y):
        """Value of the columns other than c (hundredths), with flag y."""
        t = 0
        for d in range(3):
            if d != c:
                t += (d + 1) * self.cv[2 * d + y]
        return t

    def expected_remaining(self, card):
        self._prepare(card)
        return self.total

    def _prepare(self, card):
        scores = card.scores
        if self._key == 0 and self.seen == scores:
            return
        k = 0
        for b in range(self.n_boxes):
            if scores[b] == OPEN:
                self.open[k] = b
                k += 1
        self.n_open = k
        cap = self.cap
        y = 1
        for c in range(3):
            m = 0
            t = 0
            for i in range(13):
                s = scores[13 * c + i]
                if s != OPEN:
                    m |= 1 << i
                    if i < 6:
                        t += s
            t //= c + 1
            self.cmask[c] = m
            self.cu[c] = t if t < cap else cap
            s = scores[13 * c + 11]
            if s == OPEN or s == 0:
                y = 0
        for c in range(3):
            for yy in range(2):
                self.cv[2 * c + yy] = self._column(self.cmask[c], self.cu[c], yy)
        self.total = self._rest(-1, y)
        nv = self.nv
        low = -1
        ob = self.open
        for k in range(self.n_open):
            b = ob[k]
            c = b // 13
            i = b - 13 * c
            m = c + 1
            nm = self.cmask[c] | 1 << i
            u = self.cu[c]
            if i < 6:
                for n in range(6):
                    p = n * (i + 1)
                    nu = u + p
                    if nu > cap:
                        nu = cap
                    nv[b * 6 + n] = self._rest(c, y) + m * self._column(nm, nu, y) + \
                        100 * m * (self.bonus_at[nu] - self.bonus_at[u])
                top = 6
            elif i == 11:
                # scratched: y stays 0; with points, y once the other two hold points
                nv[b * 6] = self._rest(c, 0) + m * self._column(nm, u, 0)
                y2 = 1
                for d in range(3):
                    s = scores[13 * d + 11]
                    if d != c and (s == OPEN or s == 0):
                        y2 = 0
                nv[b * 6 + 1] = self._rest(c, y2) + m * self._column(nm, u, y2)
                top = 2
            else:
                nv[b * 6] = self._rest(c, y) + m * self._column(nm, u, y)
                top = 1
            for j in range(b * 6, b * 6 + top):
                if low < 0 or nv[j] < low:
                    low = nv[j]
        if low < 0:
            low = 0
        for k in range(self.n_open):
            b = ob[k]
            i = self.inner[b]
            for j in range(b * 6, b * 6 + (6 if i < 6 else 2 if i == 11 else 1)):
                nv[j] -= low
        self.offset = low
        self.seen[:] = scores
        self._key = 0
        self._stage = 0

    def _box_value(self, b, pts):
        nv = self.nv
        i = self.inner[b]
        if i < 6:
            # upper boxes score a count of their face times the column: never else
            return 100 * pts + nv[b * 6 + pts // ((i + 1) * (b // 13 + 1))]
        if i == 11:
            return 100 * pts + nv[b * 6 + (1 if pts > 0 else 0)]
        return 100 * pts + nv[b * 6]
