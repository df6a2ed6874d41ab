"""A turn planner's speed where the heap has room: RoomyPlanner, the TurnPlanner that
advisor.Advisor makes with 100 KB free (a board running our firmware, or CPython): its
tables made once, and the turn's hold values kept per state, for a decision in a
fraction of the plain loops' time, with the same results. Its own module so that a
board short of heap never holds its code.

- the child table: TurnPlanner's (planner.five_children, in flash on our firmware),
  which the sweeps read over the holds in two loops (the holds of four dice read
  their children, the rolls, through the rolls' view e);
- the strategy table's header layout (TableValues.head, read at every value): from
  table_heads.py (generated, in flash on our firmware) where one there matches;
- groups (the plain five-dice rulesets: the planner's own box values): each box's 252
  rolls grouped by the box's points (about 4.5 KB a ruleset; the solved rulesets'
  generated in roll_groups.py, in flash on our firmware, others kept in _BUILT): the
  last roll's values are one value a group, written over the group's rolls, in
  place of a box value per roll and box;
- x1 and x2 (1.8 KB each): every hold's value with one and with two rolls left, kept
  for the state they were worked out for (_kept_for): x1 is TurnPlanner's x, where the
  last roll and its sweep are worked out, x2 the push and the second sweep from a
  copy of it; a decision reads the one its rolls left ask for (x and e name it), so
  the turn's later decisions (the computer's second hold, a hint after a hint, a
  computer's turn after a human's box hint on another state) find them kept. The
  Odds screen borrows both (lend, odds.lend), and they are worked out again after.
"""

from array import array

from . import dice as _dice
from .planner import TurnPlanner
# what the planners share, kept while this module is (it goes with the game's core
# code at the game's end: App.end_game)
_BUILT = {}

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_SCALE = const(7776)          # 6 ** 5: the common scale of hold values (planner.py's)
_N_ROLLS = const(252)
_N_HOLDS = const(462)


class RoomyPlanner(TurnPlanner):
    """TurnPlanner's decisions and values, from the tables above (five dice)."""

    def __init__(self, rules, values):
        TurnPlanner.__init__(self, rules, values)
        self.groups = _roll_groups(rules)
        _flash_head(values)
        self.x1 = self.x
        self.e1 = self.e
        self.x2 = array('i', range(_N_HOLDS))
        self.e2 = memoryview(self.x2)[self.base5:]
        self._kept = 0          # 1: x1 holds _kept_for's values, 2: x2 does (both: 3)
        self._kept_for = -1     # the state key (BoxPlanner._key) they are kept for

    def _use(self, n):
        """x and e: x1 (n 1: one roll left, and the last roll's work) or x2 (n 2)."""
        if n == 2:
            self.x = self.x2
            self.e = self.e2
        else:
            self.x = self.x1
            self.e = self.e1

    def _kept_now(self):
        """What x1 and x2 keep for the state prepared now (0: nothing)."""
        return self._kept if self._kept_for == self._key else 0

    def _last_roll_values(self, card):
        self._prepare(card)
        if self._stage == 3:
            return
        self._use(1)
        last_roll(self, card)
        self._stage = 3

    def _hold_values(self, card, rolls_left, dice=None):
        hold_values(self, card, rolls_left)
        if rolls_left == 2 and self.served and dice is not None:
            r = _dice.roll_index(dice)
            v = self._best_box(card, r, 1)[0] * _SCALE
            if v > self.x[self.base5 + r]:
                self.x[self.base5 + r] = v

    def lend(self):
        """x1 and x2 as another's scratch (odds.lend: the Odds screen's): the values
        they keep are forgotten, worked out again when next asked for."""
        self._kept = 0
        self._stage = 0
        return self.x1, self.x2

    def release(self):
        TurnPlanner.release(self)
        self.x1 = self.x2 = self.e1 = self.e2 = None

    version = -1    # the app's picture version at the last tick (ui/hints.py tick)

    def tick(self, card):
        """warm() below: one step of the next decision's work for the card."""
        return warm(self, card)


def _flash_head(values):
    """A strategy table's header layout (advisor.TableValues.head, 1.2 KB read at
    open) from flash where table_heads.py (generated) has one that matches it and it
    costs no heap to read (flash.tables_in_flash: our firmware): the heap keeps none
    of it through the game."""
    head = getattr(values, 'head', None)
    if head is None or values.wider:
        return
    from .flash import tables_in_flash
    if tables_in_flash():
        from .table_heads import flash_head
        h = flash_head(head)
        if h is not None:
            values.head = h


def _roll_groups(rules):
    """Per box: (rolls, points, ends), three bytes objects (build_groups): read from
    roll_groups.py (generated) where it costs no heap (flash.tables_in_flash: our
    firmware) and has the ruleset, else built once and kept in _BUILT."""
    from .flash import tables_in_flash
    if tables_in_flash():
        from .roll_groups import groups
        out = groups(rules.name)
        if out is not None:
            return out
    kept = _BUILT.get('groups')
    if kept is not None and kept[0] == rules.name:
        return kept[1]
    out = build_groups(rules)
    _BUILT['groups'] = (rules.name, out)
    return out


def build_groups(rules):
    """Per box: (rolls, points, ends), three bytes objects: the 252 roll indices grouped
    by the box's plain points (Ruleset.score_roll, under 256), most first; group g
    scores points[g] and ends before rolls[ends[g]]."""
    score = rules.score_roll
    out = []
    for b in range(rules.n_boxes):
        by = {}
        for r in range(_N_ROLLS):
            p = score(r, b)
            if p in by:
                by[p].append(r)
            else:
                by[p] = [r]
        pts = sorted(by, reverse=True)
        rolls = bytearray()
        ends = []
        for p in pts:
            rolls.extend(bytes(by[p]))
            ends.append(len(rolls))
        out.append((bytes(rolls), bytes(pts), bytes(ends)))
    return tuple(out)


def last_roll(planner, card):
    """planner.e[r]: the best box value of each roll r after the last roll (its state
    prepared), the five-alikes' with their bonuses: TurnPlanner._last_roll_values'
    values, box by box over the box's point groups. A box's zero-point group is worth
    one value whichever roll; where each of the box's scoring groups is worth at least
    as much, that value is a floor under every roll (written once) and the group
    needs no loop."""
    e = planner.e
    groups = planner.groups
    ob = planner.open
    n = planner.n_open
    box_value = planner._box_value
    floor = -1
    for i in range(n):
        b = ob[i]
        pts = groups[b][1]
        last = len(pts) - 1
        if pts[last] == 0:
            v0 = box_value(b, 0)
            for g in range(last):
                if box_value(b, pts[g]) < v0:
                    break
            else:
                if v0 > floor:
                    floor = v0
    for r in range(_N_ROLLS):
        e[r] = floor
    for i in range(n):
        b = ob[i]
        rolls, pts, ends = groups[b]
        at = 0
        for g in range(len(pts)):
            end = ends[g]
            v = box_value(b, pts[g])
            if v > floor:
                for j in range(at, end):
                    r = rolls[j]
                    if v > e[r]:
                        e[r] = v
            at = end
    for f in range(1, 7):
        e[planner.five[f - 1]] = planner._five_alike(card, f)[0]


def hold_values(planner, card, rolls_left):
    """TurnPlanner._hold_values' sweeps (before any served hand), each done once per
    state: x1 keeps the first sweep's results, x2 the second's; x and e are left on
    the one rolls_left asks for."""
    planner._prepare(card)
    kept = planner._kept_now()
    if not kept & 1:
        planner._last_roll_values(card)     # (in x1)
        planner._sweep()
        kept = 1
    if rolls_left == 2 and not kept & 2:
        planner.x2[:] = planner.x1
        planner._use(2)
        planner._push_best()
        planner._sweep()
        kept |= 2
    planner._kept = kept
    planner._kept_for = planner._key
    planner._use(rolls_left)
    planner._stage = 0


def warm(planner, card):
    """One step of hold_values' work for this card's state, a frame's worth (at most
    about 30 ms on a Pico): reading the state's values, the last roll, its sweep
    (x1), then the push and the second sweep (x2). The app calls it on idle frames
    before the decision is asked for (ui/hints.py warm), so that the hint or the
    computer's turn finds the values kept. Each step starts from what the planner
    keeps for the state (x1, the last roll in e: _stage 3), so a decision taken
    between two steps costs nothing but the work done again. True: nothing left."""
    key = planner._key
    planner._prepare(card)
    if planner._key != key:
        return False
    kept = planner._kept_now()
    if kept == 3:
        return True
    if not kept & 1:
        if planner._stage != 3:
            planner._last_roll_values(card)
            return False
        planner._use(1)
        planner._sweep()
        planner._kept = 1
        planner._kept_for = planner._key
        return False
    planner.x2[:] = planner.x1
    planner._use(2)
    planner._push_best()
    planner._sweep()
    planner._kept = 3
    planner._stage = 0
    return False
