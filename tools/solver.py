"""Optimal solitaire play by backward induction (desktop only: numpy, and a C kernel).

A turn-start state is (filled-box mask, upper subtotal capped where the upper bonus is
settled: 63, or 78 for Kismet's tiers; whether the five-alike box holds points, when
that matters: a Yahtzee bonus, Generala's Double Generala). Its value is the expected
REMAINING score under optimal play, bonuses included; ``Solver.V`` holds it (float64)
at the flat index ((mask * 2 + y) * L + u), L = ``RulesModel.lanes`` (64, or 128 when
the cap is above 63). States are solved by filled-box count, most filled first; all
states of one count are independent. Rulesets too large for this (Triple Yahtzee's
39 boxes) raise ``Unsolvable`` with the reason.

Inside a turn the work is three sweeps over the 462 holds:
- after the last roll, each of the 252 rolls takes its best box (points + bonuses +
  value of the next state);
- a hold's expectation is the mean over the six faces of the hold with one more die,
  level by level from five dice down to none (1260 row operations, not a 462x252
  matrix product);
- the best hold within a roll is the best "sub-hold": best(h) = max(E(h), best(h - one
  die)), again level by level, so no per-roll hold lists are needed;
- served hands (Generala: a straight, full or poker made on the turn's first roll
  scores 5 more): after the first roll a roll may also be scored at once, at its
  first-roll points (``Ruleset.points(..., first=1)``); its value is the better of
  that and its best hold. A Generala served wins the game at once in the real game;
  no decision can change the chance of that (it is the first roll, before any
  choice), so the solver maximises the expected score and scores it like any
  Generala.

Two implementations of those sweeps give the same values:
- the compiled kernel (tools/solver_kernel.c, built on first use by tools/cbuild.py
  into build/ckernels/, one shared object per precision and lanes, seconds each,
  then cached): all upper subtotals of one mask
  at once as 64-byte vectors, one layer's masks taken from an atomic counter by
  ``workers`` threads (ctypes releases the GIL), while one more thread asks the core
  for the next layers' Joker tables. Used whenever a C compiler works;
- numpy sweeps over chunks of state columns on forked processes: the fallback
  (``Solver(..., compiled=False)``), and the twin the tests compare the kernel with.

For tools built on the solver (exact score distributions, policies of new rulesets):
``Solver.turn_holds(mask, y)`` runs one state's turn in the kernel and returns every
hold's value with one and with two rolls left (all subtotals at once), from which the
optimal hold of any roll is an argmax over its sub-holds; ``kernel_tables`` and
``kernel_function(compiled_kernel(np.float64, model.lanes), model, np.float64)``
(``solve_masks_f64``, or
``solve_masks_f64_l128`` for 128 lanes) solve any list of masks whose successors are
in ``V``. ``PolicyEvaluator`` (numpy) evaluates other policies exactly.

Every rule comes from yahtzee_core: plain scores from ``Ruleset.points`` on an empty
card (``rules.score_roll`` but for Double Generala); the upper bonus of each subtotal
from ``rules.upper_bonus_of``; what a five-alike may fill under
a Joker rule (and on a first roll), and the bonus it pays (``Ruleset.points``,
``Ruleset.bonus``), from a probe card set to each combination of filled boxes
(``RulesModel.joker_masks``); served points from ``Ruleset.points(..., first=1)``.

    python -m tools.solver --rules yahtzee --out tables/yahtzee.values.npy
"""

import ctypes
import os
import sys
import mmap
import multiprocessing as mp
import threading
import time

import numpy as np

from tools import cbuild

from yahtzee_core import dice as _dice
from yahtzee_core.variants import ruleset as _ruleset
from yahtzee_core.scorecard import Scorecard

N_ROLLS = _dice.N_ROLLS
N_HOLDS = _dice.N_HOLDS
N_DICE = 5  # the tables below are five dice's; fewer dice: solve_small()


def _hold_levels():
    """(first hold index, count) of the holds of each size 0..5; holds of one size
    are contiguous in yahtzee_core's ranking, and keep-all of roll r is hold base + r."""
    sizes = [len(_dice.hold_dice(h)) for h in range(N_HOLDS)]
    levels = []
    for k in range(N_DICE + 1):
        idx = [h for h in range(N_HOLDS) if sizes[h] == k]
        assert idx == list(range(idx[0], idx[0] + len(idx)))
        levels.append((idx[0], len(idx)))
    base = levels[N_DICE][0]
    for r in range(N_ROLLS):
        assert _dice.hold_index(_dice.roll_dice(r)) == base + r
    return levels


HOLD_LEVELS = _hold_levels()
ROLL_BASE = HOLD_LEVELS[N_DICE][0]  # hold index of "keep all five" of roll 0
NEG = -1.0e9


# --------------------------------------------------------------------------- dice graph
def _upper_step(u, p, cap, upper_bonus):
    """Upper subtotal after an upper box scores p (capped at cap, where the bonus is
    settled) and the bonus that pays: upper_bonus[u] is the card's upper bonus at
    subtotal u (RulesModel.upper_bonus_by_u, tiers included); arrays broadcast."""
    nu = np.minimum(u + p, cap)
    return nu, upper_bonus[nu] - upper_bonus[u]


def _distinct(dice_tuple):
    return len(set(dice_tuple))


class TurnGraph:
    """Index arrays linking holds and rolls, built once from yahtzee_core.dice.

    The solver keeps its own ("inner") order of the 462 holds: by size, and within a
    size by the number of distinct faces, so that "best of the sub-holds" can be taken
    over a fixed number of parents for each contiguous group."""

    def __init__(self):
        core_of = []
        self.level = []
        self.groups = [None]       # per size k >= 1: [(start, end, parents (m, d))]
        for k, (off, cnt) in enumerate(HOLD_LEVELS):
            hs = sorted(range(off, off + cnt),
                        key=lambda h: (_distinct(_dice.hold_dice(h)), h))
            self.level.append((len(core_of), cnt))
            core_of.extend(hs)
        self.core_of = np.array(core_of, dtype=np.intp)     # inner -> core hold index
        inner_of = np.empty(N_HOLDS, dtype=np.intp)
        inner_of[self.core_of] = np.arange(N_HOLDS)
        self.inner_of = inner_of
        self.children = []         # per size k < 5: (cnt, 6) inner indices, flattened
        for k in range(N_DICE):
            off, cnt = self.level[k]
            ch = np.empty((cnt, 6), dtype=np.intp)
            for i in range(cnt):
                kept = _dice.hold_dice(int(self.core_of[off + i]))
                for f in range(6):
                    ch[i, f] = inner_of[_dice.hold_index(kept + (f + 1,))]
            self.children.append(ch.T.ravel())   # face-major: contiguous blocks
        for k in range(1, N_DICE + 1):
            off, cnt = self.level[k]
            groups = []
            i = off
            while i < off + cnt:
                d = _distinct(_dice.hold_dice(int(self.core_of[i])))
                j = i
                rows = []
                while j < off + cnt and _distinct(_dice.hold_dice(int(self.core_of[j]))) == d:
                    kept = _dice.hold_dice(int(self.core_of[j]))
                    subs = []
                    for f in sorted(set(kept)):
                        lst = list(kept)
                        lst.remove(f)
                        subs.append(inner_of[_dice.hold_index(tuple(lst))])
                    rows.append(subs)
                    j += 1
                groups.append((i, j, np.array(rows, dtype=np.intp).T.ravel(), d))
                i = j
            self.groups.append(groups)
        self.roll_base = self.level[N_DICE][0]
        # inner row (0..251 within size 5) -> core roll index, and back
        self.roll_of_row = self.core_of[self.roll_base:] - ROLL_BASE
        self.row_of_roll = np.empty(N_ROLLS, dtype=np.intp)
        self.row_of_roll[self.roll_of_row] = np.arange(N_ROLLS)
        counts = np.array([_roll_orders(_dice.roll_dice(r)) for r in range(N_ROLLS)],
                          dtype=np.int64)
        self.roll_counts = counts                        # by core roll index
        self.row_prob = counts[self.roll_of_row] / float(6 ** N_DICE)


_GRAPH = None


def turn_graph():
    global _GRAPH
    if _GRAPH is None:
        _GRAPH = TurnGraph()
    return _GRAPH


# ----------------------------------------------------------------------------- rules
def reachable_upper(track_u, cap):
    """For each upper mask (6 bits): sorted array of reachable capped upper subtotals."""
    out = []
    for um in range(64):
        sums = {0}
        if track_u:
            for b in range(6):
                if um >> b & 1:
                    f = b + 1
                    sums = {min(cap, s + c * f) for s in sums for c in range(6)}
        out.append(np.array(sorted(sums), dtype=np.int64))
    return out


# Most boxes an exact solve takes: 2**16 filled masks (the largest solvable ruleset,
# Yatzy and Kismet, has 15 boxes; Triple Yahtzee's 39 are far beyond, see unsolvable()).
MAX_BOXES = 16


class Unsolvable(ValueError):
    """The ruleset's state space is too large for an exact solve (the message says why)."""


def goal_states(rules):
    """(states per category, their product): where a game is won on points (Balut's
    goals), a turn-start state needs, per category, its cells filled and its progress
    toward the goal (the total up to the goal; whether every cell scored; the cells
    that scored), read from the core's score table; the card's total then adds one
    factor per total up to the top band's (rules.goals[1])."""
    per = []
    n_table = rules.n_boxes // rules.cells
    for c in range(n_table):
        values = set(rules.score_roll(r, c) for r in range(252))
        at = rules.goals[0][c][0]
        step = {(0, 0)}
        seen = set(step)
        for _ in range(rules.cells):
            nxt = set()
            for k, p in step:
                for v in values:
                    if at > 0:
                        q = min(p + v, at)
                    elif at == 0:
                        q = 1 if v and (k == 0 or p) else 0
                    else:
                        q = p + (v > 0)
                    nxt.add((k + 1, q))
            seen |= nxt
            step = nxt
        per.append(len(seen))
    product = 1
    for n in per:
        product *= n
    return per, product


def unsolvable(rules):
    """Why an exact solve of this ruleset is out of reach (one line), or None."""
    six = six_dice_unsolved(rules)
    if six:
        return six
    if rules.hands:
        return ('%s has no strategy table: a game is rounds of one turn each, won against '
                'the other seats\' hands, and its computer players solve each turn as it '
                'comes (python -m tools.poker_table; docs/STRATEGY.md)' % rules.name)
    columns = rules.columns
    if rules.goals is not None:
        per, product = goal_states(rules)
        totals = rules.goals[1][-1][0] + 1
        return ('%s cannot be solved exactly: its %d boxes are %d categories of %d cells '
                'won on points; the categories\' progress toward their goals alone makes '
                '%s states (%s), times %d totals for the total-score points: about %.1e '
                'turn-start states (see docs/STRATEGY.md)'
                % (rules.name, rules.n_boxes, len(per), rules.cells,
                   '{:,}'.format(product), ' x '.join(str(n) for n in per), totals,
                   product * totals))
    if rules.n_boxes <= MAX_BOXES and columns == 1:
        return None
    upper = 64 ** columns
    return ('%s cannot be solved exactly: %d boxes make 2**%d = %.1e filled-box masks, '
            'times %s upper subtotals (%d per column) and the bonus states: about %.0e '
            'turn-start states, beyond any table or solve (see docs/STRATEGY.md)'
            % (rules.name, rules.n_boxes, rules.n_boxes, 2.0 ** rules.n_boxes,
               '{:,}'.format(upper), 64, 2.0 ** rules.n_boxes * upper))


def _upper_bonus_by_total(rules):
    """The core's upper bonus (Ruleset.upper_bonus_of) of a card whose upper boxes
    total u, for every u from 0 to the most the six boxes can hold (105)."""
    most = sum(5 * f for f in range(1, rules.n_upper + 1))
    out = []
    for u in range(most + 1):
        scores = bytearray(b'\xff' * rules.n_boxes)
        scores[0] = u           # only the total counts, not how the boxes make it
        out.append(rules.upper_bonus_of(scores))
    return out


class RulesModel:
    """Everything the solver needs about one ruleset, read from yahtzee_core."""

    def __init__(self, rules):
        if isinstance(rules, str):
            rules = _ruleset(rules)
        why = unsolvable(rules)
        if why:
            raise Unsolvable(why)
        self.rules = rules
        self.name = rules.name
        self.n_dice = N_DICE
        nb = self.n_boxes = rules.n_boxes
        self.n_upper = rules.n_upper
        assert self.n_upper == 6
        self.fab = rules.five_alike_box
        # The upper subtotal is tracked up to `cap`, the least total from which the
        # core's upper bonus no longer changes (63 for Yahtzee, 78 for Kismet's tiers);
        # upper_bonus_by_u[u] is the bonus at capped subtotal u.
        by_total = _upper_bonus_by_total(rules)
        self.track_u = any(by_total)
        cap = len(by_total) - 1
        while cap > 0 and by_total[cap - 1] == by_total[-1]:
            cap -= 1
        self.cap = cap if self.track_u else 0
        self.upper_bonus_by_u = np.array(by_total[:self.cap + 1], dtype=np.int64)
        self.upper_bonus = int(by_total[-1])       # the most it pays (one tier: the bonus)
        # Lanes: upper subtotals per (mask, y) in the value array, a power of two.
        self.ushift = 6 if self.cap < 64 else 7
        assert self.cap < 128
        self.lanes = 1 << self.ushift
        # Plain points: what each box scores on an empty card (Ruleset.points): the
        # table's score (Ruleset.score_roll) except where the core asks more of the card
        # (Double Generala: 100 only once Generala holds 50). Until the five-alike box is
        # filled every card scores so; after it, five-alikes are probed (joker_masks).
        empty = bytearray(b'\xff' * nb)
        self.scores = np.array([[rules.points(empty, r, b) for r in range(N_ROLLS)]
                                for b in range(nb)], dtype=np.int64)
        self.five_rolls = [r for r in range(N_ROLLS)
                           if len(set(_dice.roll_dice(r))) == 1]
        self.five_faces = [_dice.roll_dice(r)[0] for r in self.five_rolls]
        self.upper_sets = reachable_upper(self.track_u, self.cap)
        # plain points of the five-alike rolls, (6, nb)
        self.five_plain = self.scores[:, self.five_rolls].T.astype(np.int16)
        # Served hands (Generala): a box may score more on the turn's first roll.
        # first_scores[b][r]: points(first=1) on an empty card (the served points do not
        # depend on the rest of the card; five-alikes in special states are probed).
        self.served = rules.served is not None
        self.first_scores = self.scores
        if self.served:
            self.first_scores = np.array([[rules.points(empty, r, b, first=1)
                                           for r in range(N_ROLLS)] for b in range(nb)],
                                         dtype=np.int64)
        self.five_first = self.first_scores[:, self.five_rolls].T.astype(np.int16)
        # y: whether the five-alike box holds points. The advisor's planner keeps it
        # whenever there is a five-alike bonus; the solver also wherever the core's
        # points or bonus for a five-alike depend on it (Generala's Double Generala).
        self.has_y = bool(self.fab >= 0 and (rules.five_alike_bonus or
                                             self._content_matters()))
        # a five-alike may score otherwise than plainly (Joker rule, bonus, content)
        self.jokers_apply = bool(self.fab >= 0 and (rules.joker_points or
                                                    rules.five_alike_bonus or self.has_y))
        self._joker_pts = self._joker_bonus = self._joker_first_pts = None
        self._popcount = None

    @property
    def joker_pts(self):
        """(masks, 2, 6, boxes) int16: points box b takes for five-alike f in state
        (mask, y), -1 = not allowed; filled by joker_masks() (allocated on first use:
        12 MB for Yatzy, which the compiled solver does not need)."""
        if self._joker_pts is None:
            self._joker_pts = np.full((self.n_masks, 2, 6, self.n_boxes), -1, dtype=np.int16)
        return self._joker_pts

    @property
    def joker_bonus(self):
        """(masks, 2, 6) int16: bonus paid by five-alike f in state (mask, y)."""
        if self._joker_bonus is None:
            self._joker_bonus = np.zeros((self.n_masks, 2, 6), dtype=np.int16)
        return self._joker_bonus

    @property
    def joker_first_pts(self):
        """As joker_pts, on the turn's first roll (served rulesets only)."""
        if self._joker_first_pts is None:
            self._joker_first_pts = np.full((self.n_masks, 2, 6, self.n_boxes), -1,
                                            dtype=np.int16)
        return self._joker_first_pts

    def _content_matters(self):
        """Whether a five-alike scores, or earns a bonus, differently with the
        five-alike box holding points than holding 0: probed on cards with that box
        filled and every other box open, and with exactly one other box open."""
        rules = self.rules
        full = (1 << self.n_boxes) - 1
        masks = [1 << self.fab] + [full ^ (1 << b) for b in range(self.n_boxes)
                                   if b != self.fab]
        for mask in masks:
            seen = []
            for y in (0, 1):
                scores = self.probe_card(mask, y).scores
                row = []
                for r in self.five_rolls:
                    for b in range(self.n_boxes):
                        p = rules.points(scores, r, b)
                        row.append((p, rules.bonus(scores, r, b, p) if p >= 0 else 0))
                        if self.served:
                            row.append(rules.points(scores, r, b, first=1))
                seen.append(row)
            if seen[0] != seen[1]:
                return True
        return False

    # State index in the flat value array: ((mask * 2 + y) * lanes + u).
    def vidx(self, mask, y, u):
        return ((mask << 1) | y) << self.ushift | u

    @property
    def n_masks(self):
        return 1 << self.n_boxes

    def y_values(self, mask):
        return (0, 1) if self.has_y and mask >> self.fab & 1 else (0,)

    def states_of_mask(self, mask):
        """(y, u) arrays of the reachable states with this filled mask."""
        us = self.upper_sets[mask & 63]
        ys = self.y_values(mask)
        y = np.repeat(np.array(ys, dtype=np.int64), len(us))
        u = np.tile(us, len(ys))
        return y, u

    def n_states(self):
        total = 0
        for mask in range(self.n_masks):
            total += len(self.upper_sets[mask & 63]) * len(self.y_values(mask))
        return total

    def probe_card(self, mask, y):
        """A scorecard with exactly the boxes of `mask` filled; the five-alike box holds
        its five-alike score when y, else 0. Other filled boxes hold 0 (only whether a
        box is open matters to the Joker rules; the upper subtotal is tracked apart)."""
        card = Scorecard(self.rules)
        s = card.scores
        for b in range(self.n_boxes):
            if mask >> b & 1:
                s[b] = 0
        if y:
            s[self.fab] = max(self.scores[self.fab])
        return card

    def joker_masks(self, masks):
        """Fill the Joker table for these masks: what each box takes for each
        five-alike roll (-1 = not allowed), on a later roll and (served rulesets) on
        the first, and the bonus it pays.

        The core's Ruleset.points consults a Joker rule only once the five-alike box is
        filled (whatever it holds; -1 for a filled box), and pays a five-alike bonus
        only then; so with it open five-alikes score plainly (on the first roll: as on
        an empty card), and for the other masks a probe card is asked Ruleset.points of
        each open box (what Scorecard.options() lists) and Ruleset.bonus (in units of
        five_alike_bonus) once per mask and five-alike box content. The bonus is asked
        for the first legal box: a fill earns the same bonus in any box it may take.
        tests/test_solver.py checks all this against full probes through
        Scorecard.options() and Scorecard.fill() of sampled masks, every legal box."""
        pts, bonus = self.joker_pts, self.joker_bonus
        masks = np.asarray(masks, dtype=np.int64)
        if not len(masks):
            return
        opened = ((masks[:, None] >> np.arange(self.n_boxes)) & 1) == 0        # (M, nb)
        pts[masks, 0] = np.where(opened[:, None, :], self.five_plain[None], -1)
        bonus[masks, 0] = 0
        if self.served:
            self.joker_first_pts[masks, 0] = np.where(opened[:, None, :],
                                                      self.five_first[None], -1)
        if not self.jokers_apply:
            return
        rules = self.rules
        points = rules.points
        unit = rules.five_alike_bonus
        five_rolls = self.five_rolls
        nf = len(five_rolls)
        for mask in masks[(masks >> self.fab & 1) == 1].tolist():
            open_boxes = [b for b in range(self.n_boxes) if not mask >> b & 1]
            for y in self.y_values(mask):
                scores = self.probe_card(mask, y).scores
                rows = [[-1] * self.n_boxes for _ in range(nf)]
                paid = [0] * nf
                for fi in range(nf):
                    row = rows[fi]
                    for b in open_boxes:
                        row[b] = points(scores, five_rolls[fi], b)
                    if unit:
                        b = next((b for b in open_boxes if row[b] >= 0), None)
                        if b is not None:
                            paid[fi] = unit * rules.bonus(scores, five_rolls[fi], b, row[b])
                pts[mask, y] = rows
                bonus[mask, y] = paid
                if self.served:
                    self.joker_first_pts[mask, y] = [
                        [points(scores, r, b, first=1) if not mask >> b & 1 else -1
                         for b in range(self.n_boxes)] for r in five_rolls]

    def masks_of_layer(self, popcount):
        """Masks with `popcount` boxes filled, ascending."""
        if self._popcount is None:
            m = np.arange(self.n_masks, dtype=np.int64)
            self._popcount = sum((m >> b) & 1 for b in range(self.n_boxes))
        return np.flatnonzero(self._popcount == popcount).tolist()

    def states_of_masks(self, masks):
        """Column arrays (mask, y, u) of every reachable state with these masks."""
        ms, ys, us = [], [], []
        for mask in masks:
            y, u = self.states_of_mask(mask)
            ms.append(np.full(len(u), mask, dtype=np.int64))
            ys.append(y)
            us.append(u)
        return np.concatenate(ms), np.concatenate(ys), np.concatenate(us)


# ------------------------------------------------------------------------ turn sweeps
class Workspace:
    """Per-thread buffers, allocated once (page faults serialise threads)."""

    def __init__(self, S, n_stack, max_entries, dtype):
        self.A = np.empty((N_HOLDS, S), dtype=dtype)
        self.B = np.empty((N_HOLDS, S), dtype=dtype)
        self.G = np.empty((n_stack, S), dtype=dtype)
        rows = max(N_ROLLS * N_DICE, 126 * 6, max_entries)
        self.T = np.empty((rows, S), dtype=dtype)
        self.U = np.empty((N_ROLLS, S), dtype=dtype)


def expect_holds(A, T, graph, S):
    """Rows of size 5 in A hold the values of the 252 rolls; fill every smaller hold
    with its expectation (the mean over the next die), size by size."""
    for k in range(N_DICE - 1, -1, -1):
        off, cnt = graph.level[k]
        ch = graph.children[k]
        buf = T[:cnt * 6, :S]
        np.take(A[:, :S], ch, axis=0, out=buf, mode='clip')
        out = A[off:off + cnt, :S]
        b6 = buf.reshape(6, cnt, S)
        np.add(b6[0], b6[1], out=out)
        for f in range(2, 6):
            np.add(out, b6[f], out=out)
        np.divide(out, 6, out=out)


def best_subholds(A, B, T, U, graph, S):
    """B[h] = best value of A over every hold inside h (h itself included)."""
    B[0, :S] = A[0, :S]
    for k in range(1, N_DICE + 1):
        for start, end, parents, d in graph.groups[k]:
            m = end - start
            out = B[start:end, :S]
            if d == 1:
                np.maximum(A[start:end, :S], B[parents, :S], out=out)
                continue
            buf = T[:m * d, :S]
            np.take(B[:, :S], parents, axis=0, out=buf, mode='clip')
            bd = buf.reshape(d, m, S)
            np.maximum(A[start:end, :S], bd[0], out=out)
            for j in range(1, d):
                np.maximum(out, bd[j], out=out)


# ------------------------------------------------------------------- compiled kernel
_HERE = os.path.dirname(os.path.abspath(__file__))
KERNEL_SOURCE = os.path.join(_HERE, 'solver_kernel.c')
KERNEL_HEADERS = (os.path.join(_HERE, 'solver_kernel_turn.h'),)
_INT_FIELDS = ('n_boxes', 'n_upper', 'fab', 'has_y', 'track_u', 'cap', 'n_stack',
               'n_served')
_PTR_FIELDS = ('pos_start', 'pos_box', 'pos_row', 'row_start', 'row_pts', 'child',
               'par_start', 'par', 'roll_prob', 'five_roll', 'joker_pts', 'joker_bonus',
               'special', 'lanes', 'upper_bonus', 'served_slot', 'served_face',
               'served_pts', 'joker_first_pts')


class KernelTables(ctypes.Structure):
    """One ruleset as the C kernel sees it (struct Tables in solver_kernel.c)."""
    _fields_ = ([(n, ctypes.c_int32) for n in _INT_FIELDS]
                + [(n, ctypes.c_void_p) for n in _PTR_FIELDS])


def kernel_defines(dtype=np.float32, lanes=64):
    """The -D flags of one variant of the kernel: the precision inside a turn and the
    lanes (upper subtotals) of a row; each variant is its own shared object."""
    return ((() if np.dtype(dtype) == np.float32 else ('-DKERNEL_F64',))
            + (() if lanes == 64 else ('-DKERNEL_LANES=%d' % lanes,)))


def kernel_built(dtype=np.float32, lanes=64):
    """True when that variant is compiled already (a first table will not wait for it)."""
    return cbuild.built(KERNEL_SOURCE, KERNEL_HEADERS, kernel_defines(dtype, lanes))


def compiled_kernel(dtype=np.float32, lanes=64):
    """The C kernel's variant for this precision and lanes (tools/solver_kernel.c,
    built once into build/ckernels/: seconds), or None when no C compiler works
    (cbuild.last_error says why)."""
    lib = cbuild.load(KERNEL_SOURCE, KERNEL_HEADERS, kernel_defines(dtype, lanes))
    if lib is not None and not hasattr(lib, 'typed'):
        suffix = '%s%s' % ('f32' if np.dtype(dtype) == np.float32 else 'f64',
                           '' if lanes == 64 else '_l%d' % lanes)
        fn = getattr(lib, 'solve_masks_' + suffix)
        fn.argtypes = [ctypes.POINTER(KernelTables), ctypes.c_void_p, ctypes.c_int64,
                       ctypes.POINTER(ctypes.c_int64), ctypes.c_void_p]
        fn.restype = ctypes.c_int
        fn = getattr(lib, 'turn_holds_' + suffix)
        fn.argtypes = [ctypes.POINTER(KernelTables), ctypes.c_int64, ctypes.c_int,
                       ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        fn.restype = ctypes.c_int
        lib.typed = True
    return lib


_CORE_GRAPH = None


def core_hold_graph():
    """Hold tables in yahtzee_core's order for the kernel: (children (210, 6): the hold
    with one more die of each face; parent offsets and the distinct holds with one die
    fewer, flattened; roll probabilities (252,))."""
    global _CORE_GRAPH
    if _CORE_GRAPH is None:
        child = np.array([[_dice.hold_index(_dice.hold_dice(h) + (f + 1,))
                           for f in range(6)] for h in range(ROLL_BASE)], dtype=np.int32)
        starts, parents = [0], []
        for h in range(N_HOLDS):
            kept = _dice.hold_dice(h)
            parents += sorted(set(_dice.hold_index(kept[:i] + kept[i + 1:])
                                  for i in range(len(kept))))
            starts.append(len(parents))
        counts = np.array([_roll_orders(_dice.roll_dice(r)) for r in range(N_ROLLS)])
        _CORE_GRAPH = (child, np.array(starts, dtype=np.int32),
                       np.array(parents, dtype=np.int32), counts / float(6 ** N_DICE))
    return _CORE_GRAPH


def _roll_orders(dice):
    """Number of ordered throws that give these five dice (5! over the repeats)."""
    c = 120
    for f in set(dice):
        for j in range(2, dice.count(f) + 1):
            c //= j
    return c


def kernel_function(kernel, m, dtype, what='solve_masks'):
    """The kernel's entry point for this model's lanes and the precision in a turn."""
    name = '%s_%s%s' % (what, 'f32' if dtype == np.float32 else 'f64',
                        '' if m.lanes == 64 else '_l%d' % m.lanes)
    return getattr(kernel, name)


def served_plan(m):
    """The served rolls of a ruleset (Generala): (rolls, face of each five-alike among
    them or -1, per roll the (box, first-roll points) that beat a later roll's, as on
    an empty card). Every five-alike is listed: in special states its first-roll
    points come from the probed table. None without served hands."""
    if not m.served:
        return None
    rolls, faces, gains = [], [], []
    for r in range(N_ROLLS):
        g = [(b, int(m.first_scores[b][r])) for b in range(m.n_boxes)
             if m.first_scores[b][r] > m.scores[b][r]]
        face = m.five_rolls.index(r) if r in m.five_rolls else -1
        if g or face >= 0:
            rolls.append(r)
            faces.append(face)
            gains.append(g)
    return rolls, faces, gains


def served_points(m, gains):
    """(K, n_boxes) first-roll points of the boxes that gain on each served roll of
    served_plan(m) (-1: no gain)."""
    out = np.full((len(gains), m.n_boxes), -1, dtype=np.int64)
    for k, g in enumerate(gains):
        for b, p in g:
            out[k, b] = p
    return out


def kernel_tables(m, special):
    """KernelTables of RulesModel m; the Joker table and `special` (Solver.special)
    are shared, so the kernel sees them as they are filled."""
    child, par_start, par, roll_prob = core_hold_graph()
    row_start, row_pts, row_of = [0], [], {}
    for b in range(m.n_boxes):
        for p in sorted(set(int(p) for p in m.scores[b] if p > 0)):
            row_of[b, p] = len(row_pts)
            row_pts.append(p)
        row_start.append(len(row_pts))
    pos_start, pos_box, pos_row = [0], [], []
    for r in range(N_ROLLS):
        for b in range(m.n_boxes):
            p = int(m.scores[b][r])
            if p > 0:
                pos_box.append(b)
                pos_row.append(row_of[b, p])
        pos_start.append(len(pos_box))
    lanes = [int(m.upper_sets[um].max()) + 1 if m.track_u else 1 for um in range(64)]

    def i32(x):
        return np.ascontiguousarray(x, dtype=np.int32)

    arrays = {'pos_start': i32(pos_start), 'pos_box': i32(pos_box), 'pos_row': i32(pos_row),
              'row_start': i32(row_start), 'row_pts': i32(row_pts), 'child': child,
              'par_start': par_start, 'par': par, 'roll_prob': roll_prob,
              'five_roll': i32(m.five_rolls), 'special': special.view(np.uint8),
              'lanes': i32(lanes), 'upper_bonus': i32(m.upper_bonus_by_u)}
    if m.jokers_apply:               # else no state is special: the kernel never looks
        arrays['joker_pts'], arrays['joker_bonus'] = m.joker_pts, m.joker_bonus
    plan = served_plan(m)
    n_served = 0
    if plan is not None:
        rolls, faces, gains = plan
        n_served = len(rolls)
        slot = np.full(N_ROLLS, -1)
        slot[rolls] = np.arange(n_served)
        arrays['served_slot'] = i32(slot)
        arrays['served_face'] = i32(faces)
        arrays['served_pts'] = served_points(m, gains).astype(np.int16)
        arrays['joker_first_pts'] = m.joker_first_pts
    for a in arrays.values():
        assert a.flags.c_contiguous
    t = KernelTables(m.n_boxes, m.n_upper, m.fab, int(m.has_y), int(m.track_u),
                     m.cap, len(row_pts), n_served,
                     *[arrays[n].ctypes.data if n in arrays else None
                       for n in _PTR_FIELDS])
    t.keep = arrays                 # the kernel reads these: keep them alive
    return t


class Solver:
    """Backward induction over every reachable state of a ruleset."""

    def __init__(self, rules, dtype=np.float32, chunk=512, workers=2, compiled=None):
        """compiled: None = the C kernel when a C compiler is there (else numpy),
        True = the C kernel or RuntimeError, False = numpy only."""
        self.model = rules if isinstance(rules, RulesModel) else RulesModel(rules)
        self.dtype = np.dtype(dtype).type
        self.chunk = chunk
        self.workers = workers
        m = self.model
        self.V = np.zeros(m.n_masks * 2 * m.lanes, dtype=np.float64)
        self.special = np.zeros((m.n_masks, 2), dtype=bool)
        self.kernel = None if compiled is False else compiled_kernel(self.dtype, m.lanes)
        if compiled and self.kernel is None:
            raise RuntimeError('no compiled solver kernel: %s' % cbuild.last_error)
        if self.kernel is None:
            self._plan_final_roll()
        self.solved = False

    @property
    def graph(self):
        """The numpy sweeps' TurnGraph (built on first use)."""
        return turn_graph()

    def _plan_final_roll(self):
        """Stack rows: 0 = best zero-point box; then one row per (box, positive plain
        score). For each roll (inner order), the stack rows of its positive-scoring
        boxes, padded with row 0, grouped like the size-5 hold groups. Five-alike
        rolls are scored plainly here; states whose Joker table differs from plain
        scoring (or that earn a bonus) are redone by five_alike_rows()."""
        m = self.model
        g = self.graph
        rows = {}
        self.stack_boxes = []          # (box, first row, points array)
        n = 1
        for b in range(m.n_boxes):
            pos = sorted(set(int(p) for p in m.scores[b] if p > 0))
            self.stack_boxes.append((b, n, np.array(pos, dtype=np.int64)))
            for p in pos:
                rows[(b, p)] = n
                n += 1
        self.n_stack = n
        self.roll_groups = []
        widest = 0
        for start, end, _, _ in g.groups[N_DICE]:
            lists = []
            for i in range(start, end):
                r = int(g.roll_of_row[i - g.roll_base])
                lists.append([rows[(b, int(m.scores[b][r]))] for b in range(m.n_boxes)
                              if m.scores[b][r] > 0])
            w = max(len(lst) for lst in lists) + 1
            idx = np.zeros((end - start, w), dtype=np.intp)
            for i, lst in enumerate(lists):
                idx[i, :len(lst)] = lst
            self.roll_groups.append((start, end, idx.T.ravel(), w))
            widest = max(widest, (end - start) * w)
        self.max_entries = widest
        self.five_rows = g.roll_base + g.row_of_roll[m.five_rolls]
        nb = m.n_boxes
        self._box_bits = np.array([1 << b for b in range(nb)], dtype=np.int64)
        self._is_upper = np.arange(nb) < m.n_upper
        self._is_fab = np.arange(nb) == m.fab
        self._served = served_plan(m)

    def mark_special(self, masks):
        """special[mask, y]: five-alike rolls do not score plainly in this state (nor,
        on the first roll, as on an empty card)."""
        m = self.model
        masks = np.asarray(masks, dtype=np.int64)
        opened = ((masks[:, None] >> np.arange(m.n_boxes)) & 1) == 0      # (M, nb)
        plain = np.where(opened[:, None, :], m.five_plain[None], -1)  # (M, 6, nb)
        first = np.where(opened[:, None, :], m.five_first[None], -1)
        for y in (0, 1):
            differs = (m.joker_pts[masks, y] != plain).any(axis=(1, 2))
            differs |= (m.joker_bonus[masks, y] != 0).any(axis=1)
            if m.served:
                differs |= (m.joker_first_pts[masks, y] != first).any(axis=(1, 2))
            self.special[masks, y] = differs

    # -- one chunk of states ----------------------------------------------------------
    def final_roll_values(self, mask, y, u, ws):
        """Rows of size 5 of ws.A: value of each roll after the last roll: the best
        legal box, its points and bonuses plus the next state's value."""
        m = self.model
        V = self.V
        S = len(mask)
        G = ws.G[:, :S]
        M0 = G[0]
        M0.fill(NEG)
        cap = m.cap
        for b, first, pos in self.stack_boxes:
            bit = 1 << b
            closed = (mask & bit) != 0
            if closed.all():
                G[first:first + len(pos)] = NEG
                continue
            nidx = ((mask | bit) << 1 | y) << m.ushift
            if b < m.n_upper:
                p = pos[:, None]
                if m.track_u:
                    nu, bonus = _upper_step(u, p, cap, m.upper_bonus_by_u)
                    rows = p + bonus + V[nidx + nu]
                else:
                    rows = p + V[nidx + u]
                zero = V[nidx + u]
            elif b == m.fab:
                # filled with 0 the flag stays 0; with points it records them
                zero = V[((mask | bit) << 1) << m.ushift | u]
                hit = V[((mask | bit) << 1 | int(m.has_y)) << m.ushift | u]
                rows = pos[:, None] + hit
            else:
                zero = V[nidx + u]
                rows = pos[:, None] + zero
            if closed.any():
                zero = np.where(closed, NEG, zero)
                rows[:, closed] = NEG
            np.maximum(M0, zero, out=M0)
            G[first:first + len(pos)] = rows
        A = ws.A
        for start, end, idx, w in self.roll_groups:
            mcount = end - start
            buf = ws.T[:mcount * w, :S]
            np.take(G, idx, axis=0, out=buf, mode='clip')
            bw = buf.reshape(w, mcount, S)
            out = A[start:end, :S]
            out[...] = bw[0]
            for j in range(1, w):
                np.maximum(out, bw[j], out=out)
        cols = np.flatnonzero(self.special[mask, y])
        if len(cols):
            A[self.five_rows[:, None], cols[None, :]] = \
                self.five_alike_rows(mask[cols], y[cols], u[cols]).T

    def five_alike_rows(self, mask, y, u):
        """Values (S, 6) of the six five-alike rolls, from the Joker table and bonus,
        for states whose Joker rules differ from plain scoring."""
        m = self.model
        best = self.best_fills(mask, y, u, m.joker_pts[mask, y])
        assert (best > NEG / 2).all(), "a five-alike roll with no legal box"
        return best + m.joker_bonus[mask, y]

    def best_fills(self, mask, y, u, pts):
        """(S, K): for each state and each of K rolls, the best over the boxes that
        pts (S, K, nb) allows (>= 0) of its points, the upper bonus crossed and the
        next state's value; NEG where no box is allowed."""
        m = self.model
        S, K = pts.shape[:2]
        flat = np.flatnonzero(pts.ravel() >= 0)         # legal (state, roll, box), sorted
        b = flat % m.n_boxes
        sk = flat // m.n_boxes                          # state * K + roll
        st = sk // K
        p = pts.ravel()[flat].astype(np.int64)
        su = u[st]
        sy = y[st]
        nmask = mask[st] | self._box_bits[b]
        if m.track_u:
            up = self._is_upper[b]
            nu, bonus = _upper_step(su, p, m.cap, m.upper_bonus_by_u)
            nu = np.where(up, nu, su)
            bonus = np.where(up, bonus, 0)
        else:
            nu, bonus = su, 0
        ny = np.where(self._is_fab[b], p > 0, sy) if m.has_y else sy
        val = p + bonus + self.V[((nmask << 1) | ny) << m.ushift | nu]
        best = np.full(S * K, NEG)
        if len(flat):
            starts = np.flatnonzero(np.r_[True, sk[1:] != sk[:-1]])
            best[sk[starts]] = np.maximum.reduceat(val, starts)
        return best.reshape(S, K)

    def served_rows(self, mask, y, u):
        """Values (S, K) of the K served rolls (served_plan) scored at once after the
        turn's first roll: the boxes that gain there, as on an empty card, or in
        special states for a five-alike every box at its probed first-roll points."""
        m = self.model
        rolls, faces, gains = self._served
        K = len(rolls)
        static = served_points(m, gains)
        opened = ((mask[:, None] >> np.arange(m.n_boxes)) & 1) == 0      # (S, nb)
        pts = np.where(opened[:, None, :], static[None], -1)            # (S, K, nb)
        bonus = np.zeros((len(mask), K))
        special = self.special[mask, y]
        for k, f in enumerate(faces):
            if f >= 0:
                pts[special, k] = m.joker_first_pts[mask[special], y[special], f]
                bonus[special, k] = m.joker_bonus[mask[special], y[special], f]
        return self.best_fills(mask, y, u, pts) + bonus

    def solve_chunk(self, mask, y, u, ws):
        g = self.graph
        m = self.model
        S = len(mask)
        A, B = ws.A, ws.B
        self.final_roll_values(mask, y, u, ws)
        expect_holds(A, ws.T, g, S)                 # one roll left
        best_subholds(A, B, ws.T, ws.U, g, S)
        rb = g.roll_base
        A[rb:, :S] = B[rb:, :S]
        expect_holds(A, ws.T, g, S)                 # two rolls left
        best_subholds(A, B, ws.T, ws.U, g, S)
        if self._served is not None:                # or score a served hand at once
            rows = rb + g.row_of_roll[self._served[0]]
            B[rows, :S] = np.maximum(B[rows, :S], self.served_rows(mask, y, u).T)
        vals = g.row_prob @ B[rb:, :S].astype(np.float64)
        self.V[((mask << 1) | y) << m.ushift | u] = vals

    def solve(self, down_to=0, progress=None):
        """Solve every reachable state with at least `down_to` boxes filled;
        progress(layer), if given, is called in this process as each layer (number of
        filled boxes) is done.

        Compiled: `workers` threads run the C kernel on one layer's masks (it releases
        the GIL) while one more thread asks the core for the next layers' Joker
        tables. numpy: with workers > 1 the work is split between forked processes
        that share the value array (threads would serialise on the GIL: the Joker
        probes are Python and the numpy calls are short)."""
        self.down_to = down_to
        self.progress = progress
        if self.kernel is not None:
            self._solve_compiled(down_to)
            self.solved = True
            return self
        nw = max(1, self.workers)
        if nw > 1 and 'fork' not in mp.get_all_start_methods():
            nw = 1
        if nw == 1:
            self._solve_part(0, 1, None)
        else:
            shared = mmap.mmap(-1, self.V.nbytes)          # MAP_SHARED|MAP_ANONYMOUS
            V = np.frombuffer(shared, dtype=np.float64)
            V[:] = self.V
            self.V = V
            ctx = mp.get_context('fork')
            barrier = ctx.Barrier(nw, timeout=3600)
            procs = [ctx.Process(target=self._worker_main, args=(i, nw, barrier))
                     for i in range(1, nw)]
            for pr in procs:
                pr.start()
            try:
                self._solve_part(0, nw, barrier)
            except BaseException:
                barrier.abort()
                raise
            finally:
                for pr in procs:
                    pr.join()
            if any(pr.exitcode != 0 for pr in procs):
                raise RuntimeError('a solver worker failed')
            self.V = np.array(V)                           # private copy; unmap shared
            del V
            shared.close()
        self.solved = True
        return self

    def _solve_compiled(self, down_to):
        m = self.model
        fn = kernel_function(self.kernel, m, self.dtype)
        tables = kernel_tables(m, self.special)
        layers = [np.array(m.masks_of_layer(pc), dtype=np.int64)
                  for pc in range(m.n_boxes - 1, down_to - 1, -1)]
        ready = [threading.Event() for _ in layers]
        failed = []

        def probe_layers():
            try:
                for masks, event in zip(layers, ready):
                    if m.jokers_apply:
                        m.joker_masks(masks)
                        self.mark_special(masks)
                    event.set()
            except BaseException as exc:        # reported by the solving thread
                failed.append(exc)
                for event in ready:
                    event.set()

        prober = threading.Thread(target=probe_layers, daemon=True)
        prober.start()
        nw = max(1, self.workers)
        for pc, masks, event in zip(range(m.n_boxes - 1, down_to - 1, -1), layers, ready):
            event.wait()
            if failed:
                raise failed[0]
            taken = ctypes.c_int64(0)
            args = (ctypes.byref(tables), masks.ctypes.data, len(masks),
                    ctypes.byref(taken), self.V.ctypes.data)
            codes = []
            helpers = [threading.Thread(target=lambda: codes.append(fn(*args)))
                       for _ in range(nw - 1)]
            for th in helpers:
                th.start()
            codes.append(fn(*args))
            for th in helpers:
                th.join()
            if any(codes):
                raise MemoryError('solver kernel: no memory for its buffers')
            if self.progress is not None:
                self.progress(pc)
        prober.join()

    def _worker_main(self, part, parts, barrier):
        try:
            self._solve_part(part, parts, barrier)
        except BaseException:
            barrier.abort()
            os._exit(1)
        os._exit(0)

    def _solve_part(self, part, parts, barrier):
        """Solve this worker's share of every layer; all workers meet after each."""
        m = self.model
        ws = Workspace(self.chunk, self.n_stack, self.max_entries, self.dtype)
        for pc in range(m.n_boxes - 1, self.down_to - 1, -1):
            masks = m.masks_of_layer(pc)[part::parts]
            if masks:
                m.joker_masks(masks)
                self.mark_special(masks)
                mask, y, u = m.states_of_masks(masks)
                for s in range(0, len(mask), self.chunk):
                    e = s + self.chunk
                    self.solve_chunk(mask[s:e], y[s:e], u[s:e], ws)
            if barrier is not None:
                barrier.wait()
            if part == 0 and self.progress is not None:
                self.progress(pc)

    def turn_holds(self, mask, y=0):
        """One turn in detail, from the compiled kernel (the states after it must be
        solved): (values (L,), holds (2, 462, L)), L = model.lanes, lane u = upper
        subtotal u (only the reachable ones mean anything). holds[0][h]: expected remaining score of
        keeping hold h (yahtzee_core hold index) with one roll left, for a roll's own
        hold (ROLL_BASE + roll) its value after the last roll; holds[1]: the same with
        two rolls left (a roll's own hold: its value with one roll left). The best
        hold of a roll is the best of its sub-holds (tools.solver.core_holds())."""
        if self.kernel is None:
            raise RuntimeError('turn_holds needs the compiled kernel: %s' % cbuild.last_error)
        m = self.model
        if m.served:
            raise NotImplementedError('turn_holds: served hands (%s) are scored at once '
                                      'after the first roll, which holds do not show' % m.name)
        if m.jokers_apply:
            m.joker_masks([mask])
            self.mark_special([mask])
        fn = kernel_function(self.kernel, m, self.dtype, 'turn_holds')
        values = np.zeros(m.lanes)
        holds = np.zeros((2, N_HOLDS, m.lanes))
        if fn(ctypes.byref(kernel_tables(m, self.special)), mask, y, self.V.ctypes.data,
              values.ctypes.data, holds.ctypes.data):
            raise MemoryError('solver kernel: no memory for its buffers')
        return values, holds

    # -- results ---------------------------------------------------------------------
    def value(self, mask=0, y=0, u=0):
        """Expected remaining score from the start of a turn in this state."""
        return float(self.V[self.model.vidx(mask, y, u)])

    @property
    def expected_score(self):
        return self.value(0, 0, 0)

    def state_value_array(self):
        """Values of the reachable states in table order (see tools.strategy_table)."""
        from tools.strategy_table import state_order
        return self.V[state_order(self.model)]


class SmallSolution:
    """solve_small's result: V[mask], the expected remaining score of each filled-box
    mask at a turn's start under optimal play; expected_score = V[0]."""

    def __init__(self, rules, V):
        self.rules = rules
        self.V = V
        self.expected_score = float(V[0])
        self.n_states = len(V)


def small_turn_tables(n):
    """(rolls, prob, holds, P, subholds) for n dice (up to six, holds up to 924): the
    sorted rolls (yahtzee_core's
    roll indexes), each roll's chance, the holds of 0..n dice, P[h, r] the chance that
    rolling the dice hold h leaves out gives roll r, and each roll's sub-holds (hold
    indexes). Straight from counting, none of the five-dice tables above."""
    from itertools import product
    from collections import Counter
    start = _dice.hold_index((1,) * n)
    rolls = []
    while start + len(rolls) < 924 and \
            len(_dice.hold_dice(start + len(rolls))) == n:
        rolls.append(_dice.hold_dice(start + len(rolls)))
    holds = [_dice.hold_dice(h) for h in range(start + len(rolls))]
    index = {d: i for i, d in enumerate(rolls)}
    prob = np.zeros(len(rolls))
    for d in product(range(1, 7), repeat=n):
        prob[index[tuple(sorted(d))]] += 1.0 / 6 ** n
    P = np.zeros((len(holds), len(rolls)))
    for h, kept in enumerate(holds):
        k = n - len(kept)
        for d in product(range(1, 7), repeat=k):
            P[h, index[tuple(sorted(kept + d))]] += 1.0 / 6 ** k
    subholds = []
    for d in rolls:
        c = Counter(d)
        subs = set()
        for counts in product(*[range(c[f] + 1) for f in sorted(c)]):
            kept = tuple(sorted(f for f, m in zip(sorted(c), counts) for _ in range(m)))
            subs.add(_dice.hold_index(kept))
        subholds.append(sorted(subs))
    return rolls, prob, holds, P, subholds


def upper_pairs(rules):
    """The reachable (filled upper boxes, upper subtotal capped at the bonus's total)
    pairs: what an exact solve tracks besides the lower boxes' mask."""
    cap = rules.upper_bonus_at
    reach = {(0, 0)}
    for f in range(1, 7):
        for m, u in list(reach):
            for c in range(rules.n_dice + 1):
                reach.add((m | 1 << (f - 1), min(cap, u + f * c)))
    return len(reach)


def six_dice_unsolved(rules):
    """Why a six-dice ruleset (Maxi Yatzy) is not solved here (one line, with its
    size), or None for fewer dice."""
    if rules.n_dice < 6:
        return None
    pairs = upper_pairs(rules)
    states = pairs << (rules.n_boxes - 6)
    return ('%s cannot be solved exactly here: %d boxes and a bonus at %d make %s turn-start '
            'states (2**%d lower masks x %s upper (mask, subtotal) pairs), each turn over '
            '924 holds and 462 rolls; the solver and its kernel are five dice\'s, and a '
            'table would be %d MB at 16 bits, far past a board\'s flash (see '
            'docs/STRATEGY.md)' % (rules.name, rules.n_boxes, rules.upper_bonus_at,
                                   '{:,}'.format(states), rules.n_boxes - 6,
                                   '{:,}'.format(pairs), 2 * states // 1000000))


def small_unsupported(rules):
    """Why solve_small cannot solve this ruleset (None: it can): it models plain box
    scores and nothing the card changes (bonuses, Jokers, served hands)."""
    six = six_dice_unsolved(rules)
    if six:
        return six
    if rules.columns != 1 or rules.joker_points or rules.served is not None or \
            rules.five_alike_bonus or rules.double_box >= 0 or any(
                _upper_bonus_by_total(rules)):
        return ('%s: solve_small models plain box scores only (no bonus, Joker or served '
                'hand)' % rules.name)
    if rules.n_boxes > 16:
        return '%s: too many boxes for solve_small' % rules.name
    return None


def solve_small(rules):
    """Exact optimal solitaire play of a ruleset whose boxes score the dice alone (no
    bonus, Joker or served hand), any number of dice up to five: Crag's three dice.
    A turn-start state is then only the filled-box mask; states are solved by filled
    count, most filled first, all masks of one count at once (numpy): the last roll's
    rolls take their best box (points + next state), a hold's value is P . that, a
    roll's value with one more roll to come is its best sub-hold, and the turn's value
    is the rolls' chances . the first roll's values."""
    if isinstance(rules, str):
        rules = _ruleset(rules)
    why = small_unsupported(rules)
    if why:
        raise Unsolvable(why)
    nb = rules.n_boxes
    rolls, prob, holds, P, subholds = small_turn_tables(rules.n_dice)
    R = len(rolls)
    S = np.array([[rules.score_roll(r, b) for b in range(nb)] for r in range(R)],
                 dtype=np.float64)
    width = max(len(s) for s in subholds)
    sub = np.array([s + [s[-1]] * (width - len(s)) for s in subholds])   # padded (R, w)
    masks = np.arange(1 << nb)
    filled = np.array([bin(m).count('1') for m in masks])
    V = np.zeros(1 << nb)
    for count in range(nb - 1, -1, -1):
        ms = masks[filled == count]
        last = np.full((len(ms), R), -np.inf)
        for b in range(nb):
            free = (ms >> b & 1) == 0
            if not free.any():
                continue
            cand = S[:, b][None, :] + V[ms[free] | (1 << b)][:, None]
            last[free] = np.maximum(last[free], cand)
        for _ in range(rules.turn_rolls - 1):
            E = last @ P.T                            # every hold's value
            last = E[:, sub].max(axis=2)              # each roll: its best sub-hold
        V[ms] = last @ prob
    return SmallSolution(rules, V)


def solve(rules, dtype=np.float32, workers=2):
    return Solver(rules, dtype=dtype, workers=workers).solve()


def main(argv=None):
    from tools.cli_checks import Parser, bad_rules, bad_out_file, bad_workers
    ap = Parser(description=__doc__.split('\n')[0])
    ap.add_argument('--rules', default='yahtzee', help='ruleset name')
    ap.add_argument('--out', default=None, help='write the values (.npy, remaining score '
                    'per state in table order) here')
    ap.add_argument('--float64', action='store_true',
                    help='double precision inside a turn (default single; values between '
                         'turns are always double)')
    ap.add_argument('--workers', type=int, default=2, help='processes (default 2)')
    args = ap.parse_args(argv)
    out = args.out
    if out and not out.endswith('.npy'):
        out += '.npy'                   # numpy's name for it: the one to check and say
    import yahtzee_core as yc
    if args.rules in yc.RULESETS and _ruleset(args.rules).hands:
        # Poker Dice: no strategy table; a round is won, not scored: the expected rounds
        # won of the first of two seats at level perfect (tools/poker_table.py)
        from tools import poker_table
        t0 = time.perf_counter()
        first, second = poker_table.two_seats()
        rounds = _ruleset(args.rules).rounds
        print('ruleset: %s  two perfect seats, %d rounds  time: %.2f s'
              % (args.rules, rounds, time.perf_counter() - t0))
        print('a round won: first seat %.4f, second seat %.4f (equal hands: both)'
              % (first, second))
        print('expected score: %.4f' % (rounds * first))
        return 0
    ap.refuse(bad_rules(args.rules), bad_workers(args.workers),
              out and bad_out_file(args.out, '--out'), out and bad_out_file(out, '--out'))
    if _ruleset(args.rules).n_dice != N_DICE:
        # fewer dice (Crag): no five-dice tables, no strategy table format; V by mask
        t0 = time.perf_counter()
        try:
            small = solve_small(args.rules)
        except Unsolvable as why:
            print(why, file=sys.stderr)
            return 2
        print('ruleset: %s  states: %d  time: %.2f s' % (args.rules, small.n_states,
                                                         time.perf_counter() - t0))
        print('expected score: %.4f' % small.expected_score)
        if out:
            d = os.path.dirname(out)
            if d:
                os.makedirs(d, exist_ok=True)
            np.save(out, small.V)
            print('wrote', out, '(remaining score by filled-box mask)')
        return 0
    model = RulesModel(args.rules)
    t0 = time.perf_counter()
    s = Solver(model, dtype=np.float64 if args.float64 else np.float32,
               workers=args.workers).solve()
    dt = time.perf_counter() - t0
    print('ruleset: %s  states: %d  time: %.2f s' % (args.rules, s.model.n_states(), dt))
    print('expected score: %.4f' % s.expected_score)
    if out:
        d = os.path.dirname(out)
        if d:
            os.makedirs(d, exist_ok=True)
        np.save(out, s.state_value_array())
        print('wrote', out)
    return 0


if __name__ == '__main__':
    sys.exit(main())


# ------------------------------------------------------------------ policy evaluation
class CoreHolds:
    """Hold tables in yahtzee_core's own hold order (the advisor's order), for
    replaying the advisor's integer arithmetic and tie-breaks exactly."""

    def __init__(self):
        self.level = HOLD_LEVELS
        ch = np.empty((ROLL_BASE, 6), dtype=np.intp)
        for h in range(ROLL_BASE):
            kept = _dice.hold_dice(h)
            for f in range(6):
                ch[h, f] = _dice.hold_index(kept + (f + 1,))
        self.children = ch
        # distinct sub-holds of each roll, ascending hold index, padded by repeating
        # the last one (argmax keeps the first of equal values)
        subs = []
        for r in range(N_ROLLS):
            d = _dice.roll_dice(r)
            hs = sorted(set(_dice.hold_index(tuple(d[i] for i in range(5) if s >> i & 1))
                            for s in range(32)))
            subs.append(hs)
        self.sub_groups = []
        for w in sorted(set(len(s) for s in subs)):
            rows = np.array([r for r in range(N_ROLLS) if len(subs[r]) == w], dtype=np.intp)
            self.sub_groups.append((rows, np.array([subs[r] for r in rows], dtype=np.intp)))
        self.parents = [None]
        for k in range(1, N_DICE + 1):
            off, cnt = HOLD_LEVELS[k]
            pa = np.empty((cnt, k), dtype=np.intp)
            for i in range(cnt):
                kept = _dice.hold_dice(off + i)
                ps = []
                for f in sorted(set(kept)):
                    lst = list(kept)
                    lst.remove(f)
                    ps.append(_dice.hold_index(tuple(lst)))
                pa[i] = ps + [ps[0]] * (k - len(ps))
            self.parents.append(pa)
        g = turn_graph()
        self.roll_prob = g.roll_counts / float(6 ** N_DICE)


_CORE_HOLDS = None


def core_holds():
    global _CORE_HOLDS
    if _CORE_HOLDS is None:
        _CORE_HOLDS = CoreHolds()
    return _CORE_HOLDS


def beginner_hold_table():
    """Hold index per roll for the beginner bot's rule (asked of yahtzee_core.bots)."""
    from yahtzee_core.bots import beginner_keep
    return np.array([_dice.hold_index(beginner_keep(_dice.roll_dice(r)))
                     for r in range(N_ROLLS)], dtype=np.intp)


class PolicyEvaluator:
    """Exact expected score of a policy (no simulation): backward induction of the
    policy's own values, its choices replayed from the advisor's integer arithmetic.

    guide: int array over the solver's flat state index (hundredths of expected
    remaining score), the values a TurnPlanner reads (table or heuristic); with
    hold_table (hold index per roll) holds follow that table instead and boxes take
    the most points now (the beginner).

    Served hands (Generala): after the turn's first roll the planner values keeping
    all five dice as the better of its plain value and the best box at first-roll
    points; a bot that keeps all five there stands and scores them so (the box of
    TurnPlanner.best_box_index(first=1)), as replayed here; with a hold table (the
    beginner), keeping all five after the first roll stands too (five alike)."""

    def __init__(self, rules, guide=None, hold_table=None, chunk=256):
        self.model = rules if isinstance(rules, RulesModel) else RulesModel(rules)
        m = self.model
        self.guide = None if guide is None else np.asarray(guide, dtype=np.int64)
        self.hold_table = hold_table
        self.chunk = chunk
        self.ch = core_holds()
        self.W = np.zeros(m.n_masks * 2 * m.lanes, dtype=np.float64)
        self.max_int = 0
        self._plan()

    def _plan(self):
        """Stack rows (per column): one per (box, points) a plain roll can give; for
        each roll the row of every box in box order. Served rulesets: the same for
        the first roll's points (self.first_plan)."""
        m = self.model
        self.n_stack, self.stack, self.entry = self._stack_of(m.scores)
        self.first_plan = self._stack_of(m.first_scores) if m.served else None

    def _stack_of(self, scores):
        m = self.model
        rows = {}
        stack = []                      # (box, first row, points array)
        n = 0
        for b in range(m.n_boxes):
            pts = sorted(set(int(p) for p in scores[b]))
            stack.append((b, n, np.array(pts, dtype=np.int64)))
            for p in pts:
                rows[(b, p)] = n
                n += 1
        entry = np.array([[rows[(b, int(scores[b][r]))] for b in range(m.n_boxes)]
                          for r in range(N_ROLLS)], dtype=np.intp)   # (252, nb)
        return n, stack, entry

    def _final(self, mask, y, u, served=False):
        """(integer planner values, true values) of each roll after the last roll,
        each (252, S), with the planner's box choice (lowest index among ties) in
        self.last_boxes; served=True: scored on the turn's first roll (first-roll
        points, box choice in self.served_boxes). Without a guide (the beginner) boxes
        take the most points now."""
        m = self.model
        S = len(mask)
        NEGI = -(1 << 40)
        Q = self.guide
        W = self.W
        n_stack, stack, entry = self.first_plan if served else \
            (self.n_stack, self.stack, self.entry)
        RI = np.empty((n_stack, S), dtype=np.int64)
        RT = np.empty((n_stack, S))
        for b, first, pts in stack:
            bit = 1 << b
            p = pts[:, None]
            if b < m.n_upper and m.track_u:
                nu, cross = _upper_step(u, p, m.cap, m.upper_bonus_by_u)
            else:
                nu = np.broadcast_to(u, (len(pts), S))
                cross = 0
            ny = np.broadcast_to(y, (len(pts), S))
            if b == m.fab and m.has_y:
                ny = np.broadcast_to((p > 0).astype(np.int64), (len(pts), S))
            nidx = (((mask | bit) << 1) | ny) << m.ushift | nu
            gain = p + cross
            ri = 100 * gain + Q[nidx] if Q is not None else np.broadcast_to(p, (len(pts), S))
            closed = (mask & bit) != 0
            RI[first:first + len(pts)] = np.where(closed, NEGI, ri)
            RT[first:first + len(pts)] = gain + W[nidx]
        # running max over boxes in box order: strict ">" keeps the lowest index
        rowsel = np.repeat(entry[:, :1], S, axis=1)                    # (252, S)
        boxsel = np.zeros((N_ROLLS, S), dtype=np.intp)
        best_i = RI[entry[:, 0]]
        for b in range(1, m.n_boxes):
            v = RI[entry[:, b]]
            gt = v > best_i
            np.maximum(best_i, v, out=best_i)
            np.copyto(rowsel, entry[:, b:b + 1], where=gt)
            np.copyto(boxsel, b, where=gt)
        best_t = RT[rowsel, np.arange(S)[None, :]]
        # five-alike rolls: Joker table and bonus
        five = np.array(m.five_rolls)
        jp = (m.joker_first_pts if served else m.joker_pts)[mask, y].astype(np.int64)
        jb = m.joker_bonus[mask, y].astype(np.int64)                   # (S, 6)
        bi = np.full((S, 6), NEGI, dtype=np.int64)
        bt = np.zeros((S, 6))
        bb = np.zeros((S, 6), dtype=np.intp)
        for b in range(m.n_boxes):
            p = jp[:, :, b]
            legal = p >= 0
            p = np.where(legal, p, 0)
            bit = 1 << b
            u2 = u[:, None]
            if b < m.n_upper and m.track_u:
                nu, cross = _upper_step(u2, p, m.cap, m.upper_bonus_by_u)
            else:
                nu = np.broadcast_to(u2, p.shape)
                cross = 0
            ny = (p > 0).astype(np.int64) if (b == m.fab and m.has_y) else \
                np.broadcast_to(y[:, None], p.shape)
            nidx = ((((mask | bit) << 1)[:, None]) | ny) << m.ushift | nu
            gain = p + cross
            ri = 100 * gain + Q[nidx] if Q is not None else p
            take = legal & (ri > bi)
            bi = np.where(take, ri, bi)
            bt = np.where(take, gain + W[nidx], bt)
            bb = np.where(take, b, bb)
        boxsel[five] = bb.T
        if served:
            self.served_boxes = boxsel
        else:
            self.last_boxes = boxsel
        best_i[five] = (bi + (100 * jb if Q is not None else 0)).T
        best_t[five] = (bt + jb).T
        return best_i, best_t

    def _sweep_int(self, E):
        """Integer hold values on the 7776 scale (as TurnPlanner._sweep)."""
        ch = self.ch
        X = np.empty((N_HOLDS, E.shape[1]), dtype=np.int64)
        X[ROLL_BASE:] = E
        for k in range(N_DICE - 1, -1, -1):
            off, cnt = HOLD_LEVELS[k]
            X[off:off + cnt] = X[ch.children[off:off + cnt]].sum(axis=1)
        for k in range(N_DICE + 1):
            off, cnt = HOLD_LEVELS[k]
            X[off:off + cnt] *= 6 ** k
        self.max_int = max(self.max_int, int(X.max()))
        return X

    def _push_int(self, X):
        """Each roll's value with one roll left, hundredths (as TurnPlanner._push_best):
        the best hold inside it, then rounded down from the 7776 scale."""
        B = X.copy()
        for k in range(1, N_DICE + 1):
            off, cnt = HOLD_LEVELS[k]
            pa = self.ch.parents[k]                      # (cnt, k), padded
            acc = B[off:off + cnt]
            for j in range(k):
                np.maximum(acc, B[pa[:, j]], out=acc)
        return (B[ROLL_BASE:] + 3888) // 7776

    def _expect(self, F5):
        """Float expectation of every hold (core order) from the roll values F5."""
        ch = self.ch
        F = np.empty((N_HOLDS, F5.shape[1]))
        F[ROLL_BASE:] = F5
        for k in range(N_DICE - 1, -1, -1):
            off, cnt = HOLD_LEVELS[k]
            F[off:off + cnt] = F[ch.children[off:off + cnt]].mean(axis=1)
        return F

    def _choose(self, X):
        """Hold chosen for each roll (252, S): best X, lowest hold index on ties."""
        out = np.empty((N_ROLLS, X.shape[1]), dtype=np.intp)
        for rows, sub in self.ch.sub_groups:             # rolls with w sub-holds
            best = X[sub[:, 0]]
            pick = np.repeat(sub[:, :1], X.shape[1], axis=1)
            for j in range(1, sub.shape[1]):
                v = X[sub[:, j]]
                gt = v > best
                np.maximum(best, v, out=best)
                np.copyto(pick, sub[:, j:j + 1], where=gt)
            out[rows] = pick
        return out

    def _chunk(self, mask, y, u):
        S = len(mask)
        cols = np.arange(S)[None, :]
        Ei, Et = self._final(mask, y, u)
        if self.hold_table is None:
            X1 = self._sweep_int(Ei)
            h1 = self._choose(X1)
            E2 = self._push_int(X1)
            X2 = self._sweep_int(E2)
            if self.first_plan is not None:
                # keeping all five after the first roll: stand and score them served
                # where that is worth more (TurnPlanner._hold_values)
                Si, St = self._final(mask, y, u, served=True)
                Si = Si * 7776                 # the planner's hold scale
                self.max_int = max(self.max_int, int(Si.max()))
                np.maximum(X2[ROLL_BASE:], Si, out=X2[ROLL_BASE:])
            h2 = self._choose(X2)
        else:
            h1 = h2 = np.repeat(self.hold_table[:, None], S, axis=1)
            if self.first_plan is not None:     # the beginner stands on five alike
                St = self._final(mask, y, u, served=True)[1]
        F1 = self._expect(Et)
        W2 = F1[h1, cols]
        F2 = self._expect(W2)
        W1 = F2[h2, cols]
        if self.first_plan is not None:
            # a bot keeping all five dice of its first roll stands: scores them served
            stand = h2 == ROLL_BASE + np.arange(N_ROLLS)[:, None]
            W1 = np.where(stand, St, W1)
        self.W[((mask << 1) | y) << self.model.ushift | u] = self.ch.roll_prob @ W1
        return self.last_boxes, h1, h2

    def decisions(self, mask, y, u):
        """The policy's choices in one state (its successors must be evaluated):
        (box per roll, hold per roll with one roll left, hold with two), core order;
        served rulesets: the box each roll is scored in when the bot stands on it
        (self.served_boxes[:, 0])."""
        a = np.array([mask], dtype=np.int64)
        boxes, h1, h2 = self._chunk(a, np.array([y], dtype=np.int64),
                                    np.array([u], dtype=np.int64))
        return boxes[:, 0], h1[:, 0], h2[:, 0]

    def run(self, down_to=0):
        """Evaluate every state with at least `down_to` boxes filled."""
        m = self.model
        for pc in range(m.n_boxes - 1, down_to - 1, -1):
            masks = m.masks_of_layer(pc)
            m.joker_masks(masks)
            mask, y, u = m.states_of_masks(masks)
            for s in range(0, len(mask), self.chunk):
                e = s + self.chunk
                self._chunk(mask[s:e], y[s:e], u[s:e])
        return self

    @property
    def expected_score(self):
        return float(self.W[0])


def guide_from_table(model, q):
    """Flat guide array (hundredths) from table-ordered uint16 values."""
    from tools.strategy_table import state_order
    g = np.zeros(model.n_masks * 2 * model.lanes, dtype=np.int64)
    g[state_order(model)] = q
    return g
