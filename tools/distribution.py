"""Exact distribution of the final score under optimal play (desktop only: numpy).

No sampling: the probability of every final score, to double precision, when every
decision is the solver's optimal one (tools.solver, values in float64).

Method. For each turn-start state the optimal turn (best hold after the first and the
second roll, best box after the last) induces a distribution over (next state, points
gained this turn): the first roll's 252 outcomes are pushed through the chosen holds
(hold -> roll transition matrix) twice, then each final roll lands in its best box.
A probability vector over the score so far is then carried forward, layer by layer
(boxes filled), from the empty card: state t of layer k+1 receives, for each source s
and gain g, q(s -> t, g) times the vector of s shifted by g. Only two layers are in
memory at a time. Every quantity is a sum of non-negative terms, so tail
probabilities (P(score >= 1000) ~ 1e-9) keep full relative precision.

Decisions are the argmax of the same float64 values the solver maximises (ties, within
TIE: the lowest box index, the lowest hold index), so the distribution's mean equals
the solver's expected score to rounding (checked, 1e-9).

    python -m tools.distribution --rules yahtzee --json out/yahtzee.dist.json
"""

import json
import math
import os
import sys
import time

import numpy as np

from yahtzee_core import dice as _dice
from tools.solver import RulesModel, Solver, core_holds

N_ROLLS = _dice.N_ROLLS
N_HOLDS = _dice.N_HOLDS
# Options whose values differ by less than this are ties (exactly equal in exact
# arithmetic, apart in the last bits by the solver's order of operations): the lowest
# box or hold index wins, so the distribution does not depend on float noise.
TIE = 1e-9


def _dice_count():
    """The dice of the five-dice machinery above (RulesModel, Solver)."""
    from tools.solver import N_DICE
    return N_DICE


def hold_transitions():
    """(462, 252): probability that rerolling the dice a hold leaves out gives each
    roll (core hold and roll order); keep-all holds map to their own roll."""
    ch = core_holds()
    base = N_HOLDS - N_ROLLS
    T = np.zeros((N_HOLDS, N_ROLLS))
    T[base + np.arange(N_ROLLS), np.arange(N_ROLLS)] = 1.0
    for h in range(base - 1, -1, -1):      # children have one more die: higher index
        T[h] = T[ch.children[h]].mean(axis=0)
    return T


class TurnPolicy:
    """The optimal turn of a batch of turn-start states, from the solver's values V."""

    def __init__(self, model, V):
        self.model = model
        self.V = V
        self.T = hold_transitions()
        self.TT = np.ascontiguousarray(self.T.T)
        self.ch = core_holds()
        self.p0 = self.ch.roll_prob

    def last_roll(self, mask, y, u):
        """Best box of each final roll (252, S) and what it gives: box, box points,
        upper bonus crossed, Yahtzee bonus, next state's flat index, value."""
        m = self.model
        V = self.V
        S = len(mask)
        best = np.full((N_ROLLS, S), -np.inf)
        box = np.zeros((N_ROLLS, S), dtype=np.int64)
        pts = np.zeros((N_ROLLS, S), dtype=np.int64)
        cross = np.zeros((N_ROLLS, S), dtype=np.int64)
        nxt = np.zeros((N_ROLLS, S), dtype=np.int64)

        plain = np.ones(N_ROLLS, dtype=bool)
        plain[m.five_rolls] = False
        for b in range(m.n_boxes):
            p = np.broadcast_to(m.scores[b][:, None], (N_ROLLS, S))
            open_ = np.broadcast_to(((mask >> b) & 1) == 0, (N_ROLLS, S)) & plain[:, None]
            bit = 1 << b
            if b < m.n_upper and m.track_u:
                s = u[None, :] + p
                nu = np.minimum(s, m.cap)
                c = np.where((u[None, :] < m.cap) & (s >= m.cap), m.upper_bonus, 0)
            else:
                nu = np.broadcast_to(u[None, :], (N_ROLLS, S))
                c = 0
            ny = (p > 0).astype(np.int64) if (b == m.fab and m.has_y) else \
                np.broadcast_to(y[None, :], (N_ROLLS, S))
            idx = (((mask | bit) << 1)[None, :] | ny) << 6 | nu
            val = p + c + V[idx]
            take = open_ & (val > best + TIE)
            np.copyto(best, val, where=take)
            np.copyto(box, b, where=take)
            np.copyto(pts, p, where=take)
            np.copyto(cross, c, where=take)
            np.copyto(nxt, idx, where=take)
        ybonus = np.zeros((N_ROLLS, S), dtype=np.int64)
        jp_all = m.joker_pts[mask, y].astype(np.int64)          # (S, 6, nb), -1: no
        for fi, r in enumerate(m.five_rolls):
            bst = np.full(S, -np.inf)
            jb = m.joker_bonus[mask, y, fi].astype(np.int64)
            for b in range(m.n_boxes):
                p = jp_all[:, fi, b]
                legal = p >= 0
                p = np.where(legal, p, 0)
                bit = 1 << b
                if b < m.n_upper and m.track_u:
                    s = u + p
                    nu = np.minimum(s, m.cap)
                    c = np.where((u < m.cap) & (s >= m.cap), m.upper_bonus, 0)
                else:
                    nu = u
                    c = np.zeros(S, dtype=np.int64)
                ny = (p > 0).astype(np.int64) if (b == m.fab and m.has_y) else y
                idx = (((mask | bit) << 1) | ny) << 6 | nu
                val = p + c + V[idx]
                take = legal & (val > bst + TIE)
                bst = np.where(take, val, bst)
                box[r] = np.where(take, b, box[r])
                pts[r] = np.where(take, p, pts[r])
                cross[r] = np.where(take, c, cross[r])
                nxt[r] = np.where(take, idx, nxt[r])
            best[r] = bst + jb
            ybonus[r] = jb
        return box, pts, cross, ybonus, nxt, best

    def _best_holds(self, E):
        """For each roll (252, S): the hold among its sub-holds with the highest E
        (lowest hold index on ties), and that value."""
        S = E.shape[1]
        pick = np.empty((N_ROLLS, S), dtype=np.int64)
        val = np.empty((N_ROLLS, S))
        for rows, sub in self.ch.sub_groups:
            cand = E[sub]                                      # (n, w, S)
            j = (cand >= cand.max(axis=1)[:, None, :] - TIE).argmax(axis=1)   # first tie
            pick[rows] = np.take_along_axis(sub[:, :, None].repeat(S, axis=2),
                                            j[:, None, :], axis=1)[:, 0, :]
            val[rows] = np.take_along_axis(cand, j[:, None, :], axis=1)[:, 0, :]
        return pick, val

    def _push(self, prob, holds):
        """Roll probabilities (252, S) -> probabilities of the next roll after the
        holds chosen for each roll."""
        S = prob.shape[1]
        flat = holds * S + np.arange(S)[None, :]
        mass = np.bincount(flat.ravel(), weights=prob.ravel(),
                           minlength=N_HOLDS * S).reshape(N_HOLDS, S)
        return self.TT @ mass

    def outcomes(self, mask, y, u):
        """Final-roll probabilities (252, S) under the optimal turn, with last_roll()'s
        arrays, and the turn-start values the decisions imply (S,)."""
        box, pts, cross, ybonus, nxt, best = self.last_roll(mask, y, u)
        h1, v1 = self._best_holds(self.T @ best)             # one roll left
        h2, v2 = self._best_holds(self.T @ v1)               # two rolls left
        value = self.p0 @ v2
        S = len(mask)
        p1 = self._push(np.repeat(self.p0[:, None], S, axis=1), h2)
        pf = self._push(p1, h1)
        return pf, (box, pts, cross, ybonus, nxt), value


class Distribution:
    """Result of propagate(): final score probabilities and per-box statistics."""

    def __init__(self, name, probs, boxes, upper, yahtzee, solver_value):
        self.rules = name
        self.probs = probs                 # probs[s] = P(final score == s)
        self.boxes = boxes                 # {box: (mean, P(zero))}
        self.upper = upper                 # (mean, P(zero)) or None
        self.yahtzee = yahtzee             # (mean, P(zero)) or None
        self.solver_value = solver_value

    @property
    def mean(self):
        return float(np.dot(np.arange(len(self.probs)), self.probs))

    @property
    def std(self):
        s = np.arange(len(self.probs))
        return math.sqrt(float(np.dot((s - self.mean) ** 2, self.probs)))

    def at_least(self, s):
        """P(score >= s), summed from the tail (no cancellation)."""
        return math.fsum(self.probs[s:].tolist()) if s < len(self.probs) else 0.0

    def percentile(self, k):
        """Smallest s with P(score <= s) >= k/100."""
        cdf = np.cumsum(self.probs)
        return int(np.searchsorted(cdf, k / 100.0 - 1e-15))

    def as_json(self):
        p = self.probs
        out = {'rules': self.rules, 'mean': self.mean, 'median': self.percentile(50),
               'mode': int(p.argmax()), 'mode_probability': float(p.max()),
               'percentiles': {str(k): self.percentile(k) for k in range(1, 100)},
               'at_least': {str(s): self.at_least(s) for s in range(50, 1551, 50)},
               'boxes': {b: {'mean': mz[0], 'zero': mz[1]} for b, mz in self.boxes.items()}}
        if self.upper is not None:
            out['upper_bonus'] = {'mean': self.upper[0], 'zero': self.upper[1]}
        if self.yahtzee is not None:
            out['yahtzee_bonus'] = {'mean': self.yahtzee[0], 'zero': self.yahtzee[1]}
        return out


def solve_values(model, workers=2, down_to=0):
    """Solver values in double precision inside the turn too (the decisions the
    distribution follows) for the states with at least `down_to` boxes filled, and
    the Joker tables of their masks."""
    solver = Solver(model, dtype=np.float64, workers=workers).solve(down_to=down_to)
    for pc in range(down_to, model.n_boxes + 1):
        model.joker_masks(model.masks_of_layer(pc))   # forked workers filled their own
    return solver.V


def propagate(model, V, start=(0, 0, 0), chunk=1024, progress=None):
    """Distribution of the score gained from turn-start state start = (mask, y, u)
    to the end of the game under the optimal turns."""
    m = model
    policy = TurnPolicy(m, V)
    mask0, y0, u0 = start
    nb = m.n_boxes
    box_mean = np.zeros(nb)
    box_zero = np.zeros(nb)
    up_mean = up_hit = yb_mean = 0.0
    # layer k: flat state index -> row; P[row] = probabilities of score so far;
    # P0[row] = probability of being here with no Yahtzee bonus yet
    idx = np.array([m.vidx(mask0, y0, u0)], dtype=np.int64)
    P = np.ones((1, 1))
    P0 = np.ones(1)
    max_gain = int(m.scores.max()) + m.upper_bonus + int(m.joker_bonus.max()) + 50
    for pc in range(bin(mask0).count('1'), nb):
        keep = P.sum(axis=1) > 0
        idx, P, P0 = idx[keep], P[keep], P0[keep]
        mask = idx >> 7
        y = (idx >> 6) & 1
        u = idx & 63
        n, L = P.shape
        pi = P.sum(axis=1)
        # next layer's rows: every state a turn can reach, found chunk by chunk
        parts = []
        for s in range(0, n, chunk):
            sl = slice(s, s + chunk)
            pf, (box, pts, cross, yb, nxt), value = policy.outcomes(mask[sl], y[sl], u[sl])
            err = np.abs(value - V[idx[sl]]).max()
            assert err < 1e-8, 'turn decisions disagree with the solver (%g)' % err
            w = pf * pi[None, sl]
            box_mean += np.bincount(box.ravel(), (w * pts).ravel(), minlength=nb)
            box_zero += np.bincount(box.ravel(), (w * (pts == 0)).ravel(), minlength=nb)
            up_mean += float((w * cross).sum())
            up_hit += float((w * (cross > 0)).sum())
            yb_mean += float((w * yb).sum())
            gain = pts + cross + yb
            src = np.broadcast_to(np.arange(s, s + pf.shape[1])[None, :], pf.shape)
            nz = pf > 0
            parts.append((src[nz], nxt[nz], gain[nz], pf[nz], yb[nz] > 0))
        src = np.concatenate([a[0] for a in parts])
        dst = np.concatenate([a[1] for a in parts])
        gain = np.concatenate([a[2] for a in parts])
        q = np.concatenate([a[3] for a in parts])
        bonus = np.concatenate([a[4] for a in parts])
        parts = None
        nidx, drow = np.unique(dst, return_inverse=True)
        Pn = np.zeros((len(nidx), L + max_gain))
        P0n = np.bincount(drow[~bonus], weights=(q * P0[src])[~bonus], minlength=len(nidx))
        _spread(P, Pn, src, drow, gain, q)
        nz = np.flatnonzero(Pn.any(axis=0))
        Pn = Pn[:, :nz[-1] + 1] if len(nz) else Pn[:, :1]
        idx, P, P0 = nidx, Pn, P0n
        if progress is not None:
            progress(pc + 1, nb)
    probs = P.sum(axis=0)
    boxes = {m.rules.categories[b]: (float(box_mean[b]), float(box_zero[b]))
             for b in range(nb)}
    upper = (up_mean, 1.0 - up_hit) if m.track_u else None
    yahtzee = (yb_mean, float(P0.sum())) if m.has_y else None
    return Distribution(m.name, probs, boxes, upper, yahtzee, float(V[m.vidx(*start)]))


def _spread(P, Pn, src, drow, gain, q, rows_per_block=4096):
    """Pn[drow, gain:gain+L] += q * P[src] for every transition. Equal (gain, drow,
    src) entries (different rolls, same outcome) are merged first; then entries are
    grouped by gain and destination (sorted; summed by reduceat), so no scattered
    adds are needed."""
    L = P.shape[1]
    n_src, n_dst = P.shape[0], Pn.shape[0]
    key = (gain.astype(np.int64) * n_dst + drow) * n_src + src
    key, inv = np.unique(key, return_inverse=True)
    q = np.bincount(inv.ravel(), weights=q, minlength=len(key))
    src = key % n_src
    drow = key // n_src % n_dst
    gain = key // (n_src * n_dst)
    cuts = np.flatnonzero(np.diff(gain)) + 1
    bounds = np.concatenate(([0], cuts, [len(gain)]))
    for a, b in zip(bounds[:-1], bounds[1:]):
        g = int(gain[a])
        for c in range(a, b, rows_per_block):
            e = min(b, c + rows_per_block)
            d = drow[c:e]
            starts = np.flatnonzero(np.r_[True, d[1:] != d[:-1]])
            contrib = P[src[c:e]] * q[c:e, None]
            Pn[d[starts], g:g + L] += np.add.reduceat(contrib, starts, axis=0)


def summary(dist):
    lines = ['ruleset: %s' % dist.rules,
             'mean %.9f (solver %.9f, difference %.1e)  standard deviation %.4f'
             % (dist.mean, dist.solver_value, dist.mean - dist.solver_value, dist.std),
             'median %d  mode %d (P %.6f)  total probability %.15f'
             % (dist.percentile(50), int(dist.probs.argmax()), float(dist.probs.max()),
                math.fsum(dist.probs.tolist())),
             'percentiles 1/10/25/75/90/99: %s' % ' '.join(
                 str(dist.percentile(k)) for k in (1, 10, 25, 75, 90, 99)),
             'P(score >= s): ' + '  '.join('%d: %.6g' % (s, dist.at_least(s))
                                           for s in (200, 300, 400, 500, 750, 1000))]
    if dist.upper is not None:
        lines.append('upper bonus: mean %.4f, P(none) %.6f' % dist.upper)
    if dist.yahtzee is not None:
        lines.append('Yahtzee bonus: mean %.4f, P(none) %.6f' % dist.yahtzee)
    return '\n'.join(lines)


def small_distribution(name):
    """The Distribution of a ruleset of fewer dice (Crag), from tools.solver's
    solve_small (float64): a state is the filled-box mask, so a probability vector over
    the score so far is kept per mask and carried forward, masks by filled count. Each
    turn follows the solver's argmax (ties within TIE: the lowest box, the lowest
    hold): the rolls' chances pushed through each roll's chosen hold, then each final
    roll's box."""
    from tools.solver import solve_small, small_turn_tables, _ruleset
    rules = _ruleset(name)
    solution = solve_small(rules)
    V = solution.V
    nb = rules.n_boxes
    rolls, prob, holds, P, subholds = small_turn_tables(rules.n_dice)
    R = len(rolls)
    S = np.array([[rules.score_roll(r, b) for b in range(nb)] for r in range(R)])
    top = int(S.max(axis=0).sum())
    full = (1 << nb) - 1
    F = np.zeros((1 << nb, top + 1))
    F[0, 0] = 1.0
    box_mean = np.zeros(nb)
    box_zero = np.zeros(nb)
    order = sorted(range(full), key=lambda m: bin(m).count('1'))
    for m in order:
        reach = F[m].sum()
        if reach == 0.0:
            continue
        free = [b for b in range(nb) if not m >> b & 1]
        # the last roll: each roll's best box (lowest index within TIE)
        vals = np.array([[S[r, b] + V[m | 1 << b] for b in free] for r in range(R)])
        best = vals.max(axis=1)
        pick = [free[int(np.argmax(vals[r] >= best[r] - TIE))] for r in range(R)]
        value = best
        # holds: backwards for their values, forwards for the chances
        choices = []
        for _ in range(rules.turn_rolls - 1):
            E = P @ value
            chosen = []
            for r in range(R):
                subs = subholds[r]              # ascending hold indexes
                e = E[subs]
                chosen.append(subs[int(np.argmax(e >= e.max() - TIE))])
            value = E[chosen]
            choices.append(chosen)
        d = prob.copy()
        for chosen in reversed(choices):
            d = d @ P[chosen]
        gains = {}
        for r in range(R):
            if d[r] > 0.0:
                key = (pick[r], int(S[r, pick[r]]))
                gains[key] = gains.get(key, 0.0) + d[r]
        for (b, g), q in gains.items():
            nxt = m | 1 << b
            F[nxt, g:] += q * F[m, :top + 1 - g]
            box_mean[b] += reach * q * g
            if g == 0:
                box_zero[b] += reach * q
    names = rules.categories
    boxes = {names[b]: (float(box_mean[b]), float(box_zero[b])) for b in range(nb)}
    return Distribution(name, F[full], boxes, None, None, solution.expected_score)


def compute(name, workers=2, progress=None):
    from tools.solver import _ruleset
    if _ruleset(name).n_dice != _dice_count():
        return small_distribution(name)
    model = RulesModel(name)
    V = solve_values(model, workers)
    return propagate(model, V, progress=progress)


def main(argv=None):
    from tools.cli_checks import Parser, bad_rules, bad_out_file, bad_workers
    ap = Parser(description=__doc__.split('\n')[0])
    ap.add_argument('--rules', default='yahtzee', help='ruleset name')
    ap.add_argument('--json', default=None, metavar='PATH', help='write the JSON here')
    ap.add_argument('--workers', type=int, default=2, help='solver processes (default 2)')
    args = ap.parse_args(argv)
    ap.refuse(bad_rules(args.rules), bad_workers(args.workers),
              args.json and bad_out_file(args.json, '--json'))
    t0 = time.perf_counter()
    dist = compute(args.rules, args.workers)
    dt = time.perf_counter() - t0
    print(summary(dist))
    print('time: %.1f s' % dt)
    if args.json:
        d = os.path.dirname(args.json)
        if d:
            os.makedirs(d, exist_ok=True)
        with open(args.json, 'w') as f:
            json.dump(dist.as_json(), f, indent=1)
        print('wrote', args.json)
    return 0


if __name__ == '__main__':
    sys.exit(main())
