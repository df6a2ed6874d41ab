"""Optimal-play advisor: reads the strategy table with seeks, plans the turn itself.

The table (written on the desktop by ``python -m tools.strategy_table``) gives the
optimal expected REMAINING score of every turn-start state in hundredths of a point.
A decision needs only the values of the states the turn can end in (at most 44: six
upper-subtotal outcomes for each open upper box, one per other box, two for the
Yahtzee box); everything inside the turn is computed here, in integers:

- after the last roll, each roll takes its best box: 100 * points (bonuses included)
  plus the next state's table value;
- a hold's value is the sum over the six faces of the hold with one more die, so a
  hold of k dice carries its expectation times 6**(5 - k); multiplying by 6**k puts
  every hold on the common scale 6**5 = 7776 (at most about 7776 * 46000 < 2**30, so
  CircuitPython never needs a big integer);
- the best hold within a roll is the best "sub-hold", pushed up from each hold to the
  holds with one more die; its value divided by 7776 (rounded) gives the roll's value
  with one roll left, and the same sweep again gives the first roll's choice.

Working memory: one array of 462 32-bit ints (the 252 rolls are its last holds), the
1260-byte child table and the 1208-byte table header: about 5 KB.

>>> adv = Advisor('yahtzee', 'tables/yahtzee.yzt')          # doctest: +SKIP
>>> adv.best_hold(card, (1, 3, 3, 5, 6), 2)                 # doctest: +SKIP
((3, 3), 25123)
"""

from array import array

from . import dice as _dice
from .rules import OPEN, ruleset as _ruleset

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

SCALE = const(7776)           # 6 ** 5: the common scale of hold values (analysis.py too)
_SCALE = const(SCALE)
_HALF = const(3888)
_N_ROLLS = const(252)
_N_HOLDS = const(462)
_N_SMALL = const(210)         # holds of 0..4 dice (the ones with children)

# Strategy-table header (little endian), defined here once: tools/strategy_table.py
# writes with these offsets, TableValues reads with them.
MAGIC = b'YZST'
VERSION = const(2)
AT_VERSION = const(4)         # B format version
AT_FLAGS = const(5)           # B FLAG_* bits
AT_N_BOXES = const(6)         # B
AT_FAB = const(7)             # B five-alike box index (255: none)
AT_NAME = const(8)            # full ruleset name, NUL padded
NAME_BYTES = const(32)
AT_N_STATES = const(40)       # I values stored (packed: live states only)
AT_UNIT = const(44)           # H 100: hundredths of a point
AT_PER_SLOT = const(46)       # H values stored per lower slot
AT_OFFSETS = const(48)        # 64H offset of each upper mask inside a lower slot
AT_BITMAPS = const(176)       # 64 x 8 bytes: stored subtotals of each upper mask
AT_RANKS = const(688)         # 64 x 8 bytes: stored subtotals below each bitmap byte
AT_BITS = const(1200)         # B packed: bits per residual (0: plain table)
AT_STEP = const(1202)         # H packed: hundredths per residual unit
AT_GROUPS = const(1204)       # I packed: groups (lower slots x 64), one base each
HEADER = const(1208)
FLAG_Y = const(1)             # five-alike flag in the state
FLAG_U = const(2)             # upper subtotal tracked
FLAG_PACKED = const(4)        # base per group + bit-packed residuals of live subtotals


class TableError(ValueError):
    """The strategy table is missing, foreign or damaged."""


def _u16(b, i):
    return b[i] | b[i + 1] << 8


def _u32(b, i):
    return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24


class TableValues:
    """Expected remaining score (hundredths) of a turn-start state.

    Plain tables: one uint16 per reachable state, one seek each. Packed tables
    (FLAG_PACKED): a uint16 base per (lower slot, upper mask) group, the value of
    every state whose upper subtotal no longer matters (bonus secured or out of
    reach: the same remaining game), and for the other ("live") subtotals a residual
    of AT_BITS bits in units of AT_STEP hundredths: value = base + residual * step.
    One seek for a settled state, two for a live one (the base is kept per group)."""

    def __init__(self, rules, table_file):
        self.rules = rules
        if isinstance(table_file, str):
            try:
                f = open(table_file, 'rb')
            except OSError:
                raise TableError('no strategy table at %s' % table_file)
            self._own = True
        else:
            f = table_file
            self._own = False
        self.f = f
        head = f.read(HEADER)
        if len(head) != HEADER or head[0:4] != MAGIC or head[AT_VERSION] != VERSION:
            self.close()
            raise TableError('not a strategy table (version 2): rebuild it')
        name = bytes(head[AT_NAME:AT_NAME + NAME_BYTES]).rstrip(b'\0').decode()
        if name != rules.name or head[AT_N_BOXES] != rules.n_boxes:
            self.close()
            raise TableError('table is for %s, not %s' % (name, rules.name))
        self.head = head
        self.flags = head[AT_FLAGS]
        self.fab = head[AT_FAB] if head[AT_FAB] != 255 else -1
        self.n_states = _u32(head, AT_N_STATES)
        self.per_slot = _u16(head, AT_PER_SLOT)
        self.n_lower = rules.n_boxes - 6
        self.packed = bool(self.flags & FLAG_PACKED)
        self.bits = head[AT_BITS]
        self.step = _u16(head, AT_STEP)
        self.residuals_at = HEADER + 2 * _u32(head, AT_GROUPS)
        if self.packed:
            end = self.residuals_at + ((self.n_states * self.bits + 7) >> 3)
            end += 2 if self.bits and self.n_states else 0   # 3-byte reads at the end
        else:
            end = HEADER + 2 * self.n_states
        f.seek(0, 2)
        size = f.tell()
        if size != end:
            self.close()
            raise TableError('damaged strategy table: %d bytes, not %d' % (size, end))
        self.buf = bytearray(3)
        self.buf2 = bytearray(2)
        self._group = -1
        self._base = 0
        self.reads = 0
        self.seeks = 0

    def close(self):
        if self._own and self.f is not None:
            self.f.close()
        self.f = None

    def _slot(self, mask, y):
        lm = mask >> 6
        if y:
            j = self.fab - 6
            return (1 << self.n_lower) + ((lm & ((1 << j) - 1)) | ((lm >> (j + 1)) << j))
        return lm

    def index(self, mask, u, y):
        """Position k of a stored state (packed: of a live state) in the table."""
        head = self.head
        um = mask & 63
        at = um * 8 + (u >> 3)
        bits = head[AT_BITMAPS + at] & ((1 << (u & 7)) - 1)
        rank = head[AT_RANKS + at]
        while bits:
            bits &= bits - 1
            rank += 1
        return self._slot(mask, y) * self.per_slot + _u16(head, AT_OFFSETS + 2 * um) + rank

    def value(self, mask, u, y):
        self.reads += 1
        f = self.f
        buf = self.buf
        if not self.packed:
            f.seek(HEADER + 2 * self.index(mask, u, y))
            f.readinto(self.buf2)
            self.seeks += 1
            return self.buf2[0] | self.buf2[1] << 8
        g = self._slot(mask, y) * 64 + (mask & 63)
        if g != self._group:
            f.seek(HEADER + 2 * g)
            f.readinto(self.buf2)
            self.seeks += 1
            self._group = g
            self._base = self.buf2[0] | self.buf2[1] << 8
        if not self.head[AT_BITMAPS + (mask & 63) * 8 + (u >> 3)] >> (u & 7) & 1:
            return self._base            # bonus settled: u no longer matters
        pos = self.index(mask, u, y) * self.bits
        f.seek(self.residuals_at + (pos >> 3))
        f.readinto(buf)
        self.seeks += 1
        # at most 16 bits at a shift of at most 7: within 3 bytes, a small int
        r = ((buf[0] | buf[1] << 8 | buf[2] << 16) >> (pos & 7)) & ((1 << self.bits) - 1)
        return self._base + r * self.step


class TurnPlanner:
    """Best play within one turn against any source of turn-start values: the
    strategy table (Advisor, `perfect` bot) or a heuristic (`good` bot).

    ``values.value(mask, u, y)`` must return the expected remaining score in
    hundredths of a point."""

    def __init__(self, rules, values):
        if isinstance(rules, str):
            rules = _ruleset(rules)
        self.rules = rules
        self.values = values
        self.n_boxes = rules.n_boxes
        self.cap = rules.upper_bonus_at if rules.upper_bonus else 0
        self.ubonus = rules.upper_bonus
        self.fab = rules.five_alike_box
        self.has_y = self.fab >= 0 and rules.five_alike_bonus > 0
        # level[k]: the first hold of k dice (and the end)
        self.level = array('H', [_dice.hold_index((1,) * k) for k in range(6)] + [_N_HOLDS])
        # children[h * 6 + f - 1]: the hold h of k dice with one more die showing f, as
        # its place among the holds of k + 1 dice (fewer than 256): a byte, not a uint16
        ch = bytearray(_N_SMALL * 6)
        for h in range(_N_SMALL):
            kept = _dice.hold_dice(h)
            up = self.level[len(kept) + 1]
            for f in range(1, 7):
                ch[h * 6 + f - 1] = _dice.hold_index(kept + (f,)) - up
        self.children = ch
        self.base5 = _dice.hold_index((1, 1, 1, 1, 1))    # keep-all of roll 0
        self.x = array('i', bytes(4 * _N_HOLDS))
        # e[r]: the value of roll r, kept where the sweep reads it: in x, as the hold of
        # all five dice (a view, no second array)
        self.e = memoryview(self.x)[self.base5:]
        self.nv = array('i', bytes(4 * 6 * rules.n_boxes))
        self.five = bytearray(6)          # roll index of each five-alike
        for f in range(1, 7):
            self.five[f - 1] = _dice.roll_index((f, f, f, f, f))
        self._key = -1
        self._stage = 0                   # 3: self.e holds the last-roll values
        self._scratch = None

    # -- state ----------------------------------------------------------------------
    def state(self, card):
        mask = card.filled_mask
        u = 0
        if self.cap:
            u = card.upper_total
            if u > self.cap:
                u = self.cap
        y = 0
        if self.has_y:
            s = card.scores[card.rules.five_alike_box]
            y = 1 if (s != OPEN and s > 0) else 0
        return mask, u, y

    def expected_remaining(self, card):
        mask, u, y = self.state(card)
        if mask == (1 << self.n_boxes) - 1:
            return 0
        return self.values.value(mask, u, y)

    def _prepare(self, card):
        """Read the next-state values of the turn (cached for this state)."""
        mask, u, y = self.state(card)
        key = (mask << 8 | u) << 1 | y
        if key == self._key:
            return
        nv = self.nv
        val = self.values.value
        cap = self.cap
        full = (1 << self.n_boxes) - 1
        for b in range(self.n_boxes):
            if mask >> b & 1:
                continue
            nmask = mask | (1 << b)
            if nmask == full:
                for c in range(6):
                    nv[b * 6 + c] = 0
                if b < 6:
                    for c in range(6):
                        p = c * (b + 1)
                        nv[b * 6 + c] = 100 * self._crossing(u, p)
                continue
            if b < 6:
                for c in range(6):
                    p = c * (b + 1)
                    nu = u + p if cap else 0
                    if nu > cap:
                        nu = cap
                    nv[b * 6 + c] = val(nmask, nu, y) + 100 * self._crossing(u, p)
            elif b == self.fab:
                nv[b * 6] = val(nmask, u, 0)
                nv[b * 6 + 1] = val(nmask, u, 1) if self.has_y else nv[b * 6]
            else:
                nv[b * 6] = val(nmask, u, y)
        self._key = key
        self._stage = 0
        self._mask = mask
        self._u = u

    def _crossing(self, u, p):
        if self.cap and u < self.cap <= u + p:
            return self.ubonus
        return 0

    def _box_value(self, b, pts):
        """Hundredths: points now (with the upper bonus) plus the next state's value."""
        nv = self.nv
        if b < 6:
            f = b + 1
            c = pts // f
            if c * f == pts and c <= 5:
                return 100 * pts + nv[b * 6 + c]
            # not a plain count of the face (no ruleset does this): ask the table
            u = self._u + pts
            nu = u if u < self.cap else self.cap
            return 100 * (pts + self._crossing(self._u, pts)) + \
                self.values.value(self._mask | (1 << b), nu, self._key & 1)
        if b == self.fab:
            return 100 * pts + nv[b * 6 + (1 if pts > 0 else 0)]
        return 100 * pts + nv[b * 6]

    def _five_alike(self, card, face):
        """(best value, best box) of a five-alike of `face` (Joker rules and bonus,
        asked of the rules: no options dict, no allocation but the bonus probe)."""
        roll = self.five[face - 1]
        points = self.rules.points
        scores = card.scores
        best = -1
        best_b = -1
        for b in range(self.n_boxes):
            pts = points(scores, roll, b)
            if pts >= 0:
                v = self._box_value(b, pts)
                if v > best:
                    best, best_b = v, b
        if best_b >= 0 and self.has_y:
            best += 100 * self._bonus(card, (face,) * 5, self.rules.categories[best_b])
        return best, best_b

    def _bonus(self, card, d, name):
        """Five-alike bonus this roll earns: fill a scratch copy of the card."""
        from .scorecard import Scorecard
        s = self._scratch
        if s is None or s.rules is not self.rules:
            s = self._scratch = Scorecard(self.rules)
        s.scores[:] = card.scores
        before = s.yahtzee_bonus
        s.fill(name, d)
        return s.yahtzee_bonus - before

    def _last_roll_values(self, card):
        """self.e[r] = value (hundredths) of roll r after the last roll."""
        self._prepare(card)
        if self._stage == 3:
            return
        e = self.e
        mask = self._mask
        score = self.rules.score_roll
        nb = self.n_boxes
        for r in range(_N_ROLLS):
            best = -1
            for b in range(nb):
                if mask >> b & 1:
                    continue
                v = self._box_value(b, score(r, b))
                if v > best:
                    best = v
            e[r] = best
        for f in range(1, 7):
            e[self.five[f - 1]] = self._five_alike(card, f)[0]
        self._stage = 3

    def _sweep(self):
        """From self.e (values of the 252 rolls, the tail of self.x) fill self.x with
        every hold's expectation on the 7776 scale (self.e scaled too)."""
        x = self.x
        ch = self.children
        lv = self.level
        for k in range(4, -1, -1):        # the holds of k + 1 dice are complete
            up = lv[k + 1]
            for h in range(lv[k], up):
                i = h * 6
                x[h] = x[up + ch[i]] + x[up + ch[i + 1]] + x[up + ch[i + 2]] + \
                    x[up + ch[i + 3]] + x[up + ch[i + 4]] + x[up + ch[i + 5]]
        mult = 1
        for k in range(6):
            for h in range(lv[k], lv[k + 1]):
                x[h] *= mult
            mult *= 6
        self._stage = 0

    def _push_best(self):
        """x[h] = best value over the holds inside h; then self.e = each roll's value
        with one roll left (hundredths)."""
        x = self.x
        ch = self.children
        lv = self.level
        for k in range(5):                # parents before their children
            up = lv[k + 1]
            for h in range(lv[k], up):
                v = x[h]
                i = h * 6
                for j in range(i, i + 6):
                    c = up + ch[j]
                    if v > x[c]:
                        x[c] = v
        e = self.e
        for r in range(_N_ROLLS):
            e[r] = (e[r] + _HALF) // _SCALE

    def _hold_values(self, card, rolls_left):
        """Leave in self.x the value of every hold (7776 scale) with `rolls_left`."""
        self._last_roll_values(card)
        self._sweep()
        if rolls_left == 2:
            self._push_best()
            self._sweep()

    # -- decisions ------------------------------------------------------------------
    def hold_options(self, card, dice, rolls_left):
        """[(value hundredths of the rest of the turn and game, kept sorted tuple)] for
        every distinct choice of dice to keep, best first (ties: fewer dice first)."""
        if rolls_left not in (1, 2):
            raise ValueError('holding needs 1 or 2 rolls left')
        self._hold_values(card, rolls_left)
        d = sorted(dice)
        out = []
        seen = []
        for sub in range(32):
            kept = tuple(d[i] for i in range(5) if sub >> i & 1)
            h = _dice.hold_index(kept)
            if h in seen:
                continue
            seen.append(h)
            out.append(((self.x[h] + _HALF) // _SCALE, kept, h))
        out.sort(key=_rank_key)
        return [(v, kept) for v, kept, h in out]

    def best_hold_index(self, card, dice, rolls_left):
        """(hold index, value on the 7776 scale) of the best hold: the smallest hold
        index among equal values. Allocation-light (for bots)."""
        self._hold_values(card, rolls_left)
        x = self.x
        c = [0, 0, 0, 0, 0, 0, 0]
        for v in dice:
            c[v] += 1
        best_h = -1
        best = -1
        # every sub-multiset of the dice, by counts
        for c1 in range(c[1] + 1):
            for c2 in range(c[2] + 1):
                for c3 in range(c[3] + 1):
                    for c4 in range(c[4] + 1):
                        for c5 in range(c[5] + 1):
                            for c6 in range(c[6] + 1):
                                packed = c1 | c2 << 3 | c3 << 6 | c4 << 9 | c5 << 12 | c6 << 15
                                k = c1 + c2 + c3 + c4 + c5 + c6
                                h = self.level[k] + _dice.rank_counts(packed)
                                v = x[h]
                                if v > best or (v == best and h < best_h):
                                    best, best_h = v, h
        return best_h, best

    def box_options(self, card, dice):
        """[(value hundredths, box index)] for every legal box, best first."""
        self._prepare(card)
        opts = card.options(dice)
        cats = self.rules.categories
        bonus = 0
        out = []
        for b in range(self.n_boxes):
            if cats[b] in opts:
                if not out and self.has_y and dice[0] == dice[1] == dice[2] == dice[3] == dice[4]:
                    bonus = 100 * self._bonus(card, tuple(dice), cats[b])
                out.append((self._box_value(b, opts[cats[b]]), b))
        out = [(v + bonus, b) for v, b in out]
        out.sort(key=_box_key)
        return out

    def best_box_index(self, card, dice):
        """(box index, value hundredths): the lowest box index among equal values.
        Allocation-light, like box_options without its options dict and lists."""
        self._prepare(card)
        r = _dice.roll_index(dice)
        points = self.rules.points
        scores = card.scores
        best = -1
        best_b = -1
        for b in range(self.n_boxes):
            pts = points(scores, r, b)
            if pts >= 0:
                v = self._box_value(b, pts)
                if v > best:
                    best, best_b = v, b
        if best_b >= 0 and self.has_y and dice[0] == dice[1] == dice[2] == dice[3] == dice[4]:
            best += 100 * self._bonus(card, tuple(dice), self.rules.categories[best_b])
        return best_b, best


def _rank_key(item):
    return (-item[0], len(item[1]), item[2])


def _box_key(item):
    return (-item[0], item[1])


class RankedOptions:
    """Every hold or box ranked by expected final score (hundredths), from any turn
    planner in ``self.planner``: shared by the Advisor and the table-less Hints."""

    def hold_options(self, card, dice, rolls_left):
        """[(expected final hundredths, kept sorted tuple)] best first."""
        t = 100 * card.total
        return [(t + v, kept) for v, kept in self.planner.hold_options(card, dice, rolls_left)]

    def box_options(self, card, dice):
        """[(expected final hundredths, box index)] best first."""
        t = 100 * card.total
        return [(t + v, b) for v, b in self.planner.box_options(card, dice)]


class Advisor(RankedOptions):
    """Optimal-play hints from a strategy table.

    Values are expected FINAL scores in hundredths of a point: the card's total so
    far plus the optimal expectation of everything still to come."""

    def __init__(self, rules, table_file):
        if isinstance(rules, str):
            rules = _ruleset(rules)
        self.rules = rules
        self.table = TableValues(rules, table_file)
        self.planner = TurnPlanner(rules, self.table)

    def close(self):
        self.table.close()

    def expected_final(self, card):
        """At the start of a turn: total so far plus optimal expected rest (hundredths)."""
        return 100 * card.total + self.planner.expected_remaining(card)

    def best_hold(self, card, dice, rolls_left):
        """(dice to keep as a sorted tuple, expected final score in hundredths)."""
        h, v = self.planner.best_hold_index(card, dice, rolls_left)
        return _dice.hold_dice(h), 100 * card.total + (v + _HALF) // _SCALE

    def best_box(self, card, dice):
        """(box index, expected final score in hundredths)."""
        b, v = self.planner.best_box_index(card, dice)
        return b, 100 * card.total + v

