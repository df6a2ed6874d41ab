"""Optimal-play advisor: reads the strategy table with seeks; the turn itself is planned
by planner.TurnPlanner (integers only, see there).

The table (written on the desktop by ``python -m tools.strategy_table``) gives the
optimal expected REMAINING score of every turn-start state in hundredths of a point;
a decision reads at most 44 of them (Kismet 45). Working memory: the planner's (about
3.2 KB) and the 1208-byte table header (Kismet's, with its subtotals past 63: 1464).
Fewer dice (Crag's three, _AT_N_DICE): small_planner.SmallPlanner plans the turn, and a
state is its filled-box mask alone (16 KB for Crag's 13 boxes).

>>> adv = Advisor('yahtzee', 'tables/yahtzee.yzt')          # doctest: +SKIP
>>> adv.best_hold(card, (1, 3, 3, 5, 6), 2)                 # doctest: +SKIP
((3, 3), 25123)
"""

from . import dice as _dice
from .planner import TurnPlanner
from .variants import ruleset as _ruleset

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x


# Strategy-table header (little endian), defined here once: tools/strategy_table.py
# writes with these offsets, TableValues reads with them. Private names: compiled into
# the code, so a board keeps none of them (public, their names and dict entries held
# 0.4 KB of CircuitPython's heap, 0.6 KB of MicroPython's); the desktop writer reads
# them as fmt._AT_NAME and so on.
MAGIC = b'YZST'
_VERSION = const(2)
_AT_VERSION = const(4)        # B format version
_AT_FLAGS = const(5)          # B FLAG_* bits
_AT_N_BOXES = const(6)        # B
_AT_FAB = const(7)            # B five-alike box index (255: none)
_AT_NAME = const(8)           # full ruleset name, NUL padded
_NAME_BYTES = const(31)
_AT_N_DICE = const(39)        # B dice of the ruleset; 0: five (what the byte held when
                              # it ended the name field, so five-dice tables stay as
                              # they were)
_AT_N_STATES = const(40)      # I values stored (packed: live states only)
_AT_UNIT = const(44)          # H 100: hundredths of a point
_AT_PER_SLOT = const(46)      # H values stored per lower slot
_AT_OFFSETS = const(48)       # 64H offset of each upper mask inside a lower slot
_AT_BITMAPS = const(176)      # 64 x 8 bytes: stored subtotals of each upper mask
_AT_RANKS = const(688)        # 64 x 8 bytes: stored subtotals below each bitmap byte
_AT_BITS = const(1200)        # B packed: bits per residual (0: plain table)
_AT_U_WIDER = const(1201)     # B bitmap bytes per upper mask past the 8 above, for
                              # subtotals from 64 (Kismet's tiers, to 78: 2); those
                              # bitmaps (64 x _AT_U_WIDER bytes) and their ranks (as
                              # many, counted from subtotal 0) follow _HEADER, then the
                              # values. 0 for every other ruleset (no extra bytes).
_AT_STEP = const(1202)        # H packed: hundredths per residual unit
_AT_GROUPS = const(1204)      # I packed: groups (lower slots x 64), one base each
_HEADER = const(1208)
_FLAG_Y = const(1)            # five-alike flag in the state
_FLAG_U = const(2)            # upper subtotal tracked
_FLAG_PACKED = const(4)       # base per group + bit-packed residuals of live subtotals


class TableError(ValueError):
    """The strategy table is missing, foreign or damaged."""


def _u16(b, i):
    return b[i] | b[i + 1] << 8


def _u32(b, i):
    return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24


def _bad_field(head, rules, wider):
    """The header field that does not fit the ruleset or the rest of the header, or
    None: checked at open, so a damaged header never reaches the planner's arithmetic
    (a five-alike box index under 6 made a negative shift, a huge step an overflow)."""
    flags = head[_AT_FLAGS]
    fab = rules.five_alike_box
    nl = rules.n_boxes - 6
    packed = flags & _FLAG_PACKED
    bits = head[_AT_BITS]
    step = _u16(head, _AT_STEP)
    if flags & ~(_FLAG_Y | _FLAG_U | _FLAG_PACKED):
        return 'flags'
    if head[_AT_FAB] != (fab if fab >= 0 else 255) or flags & _FLAG_Y and fab < 6:
        return 'five-alike box'
    if _u16(head, _AT_UNIT) != 100:
        return 'unit'
    if (head[_AT_N_DICE] or 5) != rules.n_dice:
        return 'dice count'
    if wider > 2 or bits > 16 or packed and (not step or step * ((1 << bits) - 1) > 65535) \
            or not packed and (bits or step or _u32(head, _AT_GROUPS)):
        return 'packing (bits, step, groups)'
    if nl > 20:
        return 'size (no table of this ruleset)'
    slots = (1 << nl) + ((1 << (nl - 1)) if flags & _FLAG_Y else 0)
    per = _u16(head, _AT_PER_SLOT)
    if _u32(head, _AT_N_STATES) != slots * per or \
            packed and _u32(head, _AT_GROUPS) != slots * 64:
        return 'state count'
    total = 0               # each upper mask's subtotals: offsets, bitmaps and ranks agree
    for um in range(64):
        if _u16(head, _AT_OFFSETS + 2 * um) != total:
            return 'offsets'
        for j in range(8 + wider):
            at = _AT_BITMAPS + 8 * um + j if j < 8 else _HEADER + wider * um + j - 8
            rank = head[at + _AT_RANKS - _AT_BITMAPS] if j < 8 else head[at + 64 * wider]
            if rank != total - _u16(head, _AT_OFFSETS + 2 * um) & 255:
                return 'ranks'
            b = head[at]
            while b:
                b &= b - 1
                total += 1
    return 'offsets' if total != per else None


class TableValues:
    """Expected remaining score (hundredths) of a turn-start state.

    Plain tables: one uint16 per reachable state, one seek each. Packed tables
    (_FLAG_PACKED): a uint16 base per (lower slot, upper mask) group, the value of
    every state whose upper subtotal no longer matters (bonus secured or out of
    reach: the same remaining game), and for the other ("live") subtotals a residual
    of _AT_BITS bits in units of _AT_STEP hundredths: value = base + residual * step.
    One seek for a settled state, two for a live one (the base is kept per group)."""

    # Class attributes, set on an instance only for a table with subtotals past 63
    # (an instance's attributes cost a board RAM): where the values start, and the
    # bitmap bytes per upper mask past the first 8 (_AT_U_WIDER).
    data_at = _HEADER
    wider = 0

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
        head = f.read(_HEADER)
        if len(head) != _HEADER or head[0:4] != MAGIC or head[_AT_VERSION] != _VERSION:
            self.close()
            raise TableError('not a strategy table (version 2): rebuild it')
        wider = head[_AT_U_WIDER]
        if wider:
            # the wider subtotals' bitmaps and ranks join the header in RAM
            head += f.read(128 * wider)
            self.wider = wider
            self.data_at = _HEADER + 128 * wider
        try:
            name = bytes(head[_AT_NAME:_AT_NAME + _NAME_BYTES]).rstrip(b'\0').decode()
        except UnicodeError:
            name = None
        if name != rules.name or head[_AT_N_BOXES] != rules.n_boxes:
            self.close()
            raise TableError('table is for %s, not %s' % (name or 'no ruleset', rules.name))
        bad = _bad_field(head, rules, wider)
        if bad:
            self.close()
            raise TableError('damaged strategy table: its %s' % bad)
        self.head = head
        self.flags = head[_AT_FLAGS]
        self.fab = head[_AT_FAB] if head[_AT_FAB] != 255 else -1
        self.n_states = _u32(head, _AT_N_STATES)
        self.per_slot = _u16(head, _AT_PER_SLOT)
        self.n_lower = rules.n_boxes - 6
        self.packed = bool(self.flags & _FLAG_PACKED)
        self.bits = head[_AT_BITS]
        self.step = _u16(head, _AT_STEP)
        self.residuals_at = self.data_at + 2 * _u32(head, _AT_GROUPS)
        if self.packed:
            end = self.residuals_at + ((self.n_states * self.bits + 7) >> 3)
            end += 2 if self.bits and self.n_states else 0   # 3-byte reads at the end
        else:
            end = self.data_at + 2 * self.n_states
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
        """Position k of a stored state (packed: of a live state) in the table; -1
        if subtotal u is not stored for this upper mask (packed: a settled state)."""
        head = self.head
        um = mask & 63
        if u < 64:
            at = _AT_BITMAPS + um * 8 + (u >> 3)
            ranks = _AT_RANKS - _AT_BITMAPS
        else:
            at = _HEADER + um * self.wider + ((u - 64) >> 3)
            ranks = 64 * self.wider
        bits = head[at]
        if not bits >> (u & 7) & 1:
            return -1
        bits &= (1 << (u & 7)) - 1
        rank = head[at + ranks]
        while bits:
            bits &= bits - 1
            rank += 1
        return self._slot(mask, y) * self.per_slot + _u16(head, _AT_OFFSETS + 2 * um) + rank

    def value(self, mask, u, y):
        self.reads += 1
        f = self.f
        buf = self.buf
        if not self.packed:
            f.seek(self.data_at + 2 * self.index(mask, u, y))
            f.readinto(self.buf2)
            self.seeks += 1
            return self.buf2[0] | self.buf2[1] << 8
        g = self._slot(mask, y) * 64 + (mask & 63)
        if g != self._group:
            f.seek(self.data_at + 2 * g)
            f.readinto(self.buf2)
            self.seeks += 1
            self._group = g
            self._base = self.buf2[0] | self.buf2[1] << 8
        k = self.index(mask, u, y)
        if k < 0:
            return self._base            # bonus settled: u no longer matters
        pos = k * self.bits
        f.seek(self.residuals_at + (pos >> 3))
        f.readinto(buf)
        self.seeks += 1
        # at most 16 bits at a shift of at most 7: within 3 bytes, a small int
        r = ((buf[0] | buf[1] << 8 | buf[2] << 16) >> (pos & 7)) & ((1 << self.bits) - 1)
        return self._base + r * self.step


class Advisor:
    """Optimal-play hints from a strategy table.

    Values are expected FINAL scores in hundredths of a point: the card's total so
    far plus the optimal expectation of everything still to come."""

    # Every option ranked: ranking.Hints (from the same table), loaded only for hints
    # and the analysis; playing the best move needs only the planner.

    def __init__(self, rules, table_file):
        if isinstance(rules, str):
            rules = _ruleset(rules)
        self.rules = rules
        self.table = TableValues(rules, table_file)
        planner = TurnPlanner
        if rules.n_dice != 5:   # Crag's three dice: their hold tables
            from .small_planner import SmallPlanner as planner
        else:
            try:                # 100 KB free (our firmware): the same, faster
                from gc import mem_free
                roomy = mem_free() >= 102400
            except ImportError:     # CPython
                roomy = True
            if roomy:
                from .planner_room import RoomyPlanner as planner
        self.planner = planner(rules, self.table)

    def close(self):
        self.table.close()

    def expected_final(self, card):
        """At the start of a turn: total so far plus optimal expected rest (hundredths)."""
        return 100 * card.total + self.planner.expected_remaining(card)

    def best_hold(self, card, dice, rolls_left):
        """(dice to keep as a sorted tuple, expected final score in hundredths)."""
        h, v = self.planner.best_hold_index(card, dice, rolls_left)
        s = 6 ** len(dice)      # the holds of n dice are on the 6**n scale (7776)
        return _dice.hold_dice(h), 100 * card.total + (v + s // 2) // s

    def best_box(self, card, dice, first=0):
        """(box index, expected final score in hundredths); first=1 on the turn's
        first roll (served points)."""
        b, v = self.planner.best_box_index(card, dice, first)
        return b, 100 * card.total + v

