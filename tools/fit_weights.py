"""Fit the `good` bot's heuristic weights (yahtzee_core.weights.WEIGHTS) to the solver's
exact values: ordinary least squares over every reachable, unfinished turn-start
state, equally weighted, in hundredths of a point, rounded to integers.

The features are exactly those estimate.HeuristicValues sums (one truth: the feature
builder below asks HeuristicValues for its tiers, slack and feature switches):

- one per box: 1 while the box is open;
- one per upper-bonus tier (Kismet has three): the bonus ramp while the tier is not
  yet reached, clamp(u + par - T + SLACK, 0, 2 SLACK) / (2 SLACK), par = three of
  each open upper face;
- with a five-alike bonus: the five-alike box holds points (y) x open boxes (Kniffel
  too: see weights.feature_layout for the feature tried instead and why it lost);
- Generala (Double Generala scores only after a Generala): Double Generala open x y,
  and x "Generala scratched" (its box filled, y = 0).

Triple Yahtzee cannot be solved (tools.solver.Unsolvable): its bot sums per-column
estimates made of Yahtzee's weights (bots.TripleValues), nothing is fitted.

Maxi Yatzy cannot be solved either (docs/STRATEGY.md): --selfplay sets each box's worth
to its mean score in the good bot's own seeded games, starting from the weights module's
entry, and repeats with the new worths (a fixed point of "a box is worth what it
scores"); the bonus share stays the bonus (100 points: full share at full slack).

    .venv/bin/python -m tools.fit_weights --rules kniffel generala kismet
    # prints each ruleset's WEIGHTS entry and the fit's residual error
    .venv/bin/python -m tools.fit_weights --selfplay maxi-yatzy --games 60 --rounds 2
"""
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tools.solver import RulesModel, Solver  # noqa: E402
from yahtzee_core.estimate import HeuristicValues  # noqa: E402
from yahtzee_core.weights import feature_layout  # noqa: E402


def features(model, layout, mask, y, u):
    """Feature rows (len(u), n_features) of the states (mask, y[i], u[i])."""
    nb = model.n_boxes
    tiers, slack, y_open, y_box = layout
    open_ = [0 if mask >> b & 1 else 1 for b in range(nb)]
    par = sum(3 * (b + 1) for b in range(6) if open_[b])
    n = len(u)
    cols = [np.full(n, float(o)) for o in open_]
    for t in tiers:
        s = np.clip(u + par - t + slack, 0, 2 * slack) / (2.0 * slack)
        cols.append(np.where(u < t, s, 0.0))
    if y_open:
        cols.append(y * float(sum(open_)))
    if y_box >= 0:
        alive = open_[y_box]
        scratched = (mask >> model.fab & 1) * (1 - y)
        cols.append(alive * y.astype(float))
        cols.append(alive * scratched.astype(float))
    return np.stack(cols, axis=1)


def fit(name, solver=None):
    """(weights entry as weights.WEIGHTS holds it, rms error in points, states)."""
    model = RulesModel(name)
    if solver is None:
        solver = Solver(model, dtype=np.float64).solve()
    layout = feature_layout(model.rules)
    full = model.n_masks - 1
    xtx = None
    xty = None
    n_states = 0
    sq = 0.0
    rows = []
    for mask in range(full):
        y, u = model.states_of_mask(mask)
        idx = ((mask << 1 | y) << model.ushift) | u
        target = solver.V[idx] * 100.0
        X = features(model, layout, mask, y, u)
        rows.append((mask, y, u, target))
        if xtx is None:
            xtx = np.zeros((X.shape[1], X.shape[1]))
            xty = np.zeros(X.shape[1])
        xtx += X.T @ X
        xty += X.T @ target
        n_states += len(u)
    w = np.linalg.solve(xtx, xty)
    wi = [int(round(v)) for v in w]
    entry = pack(model.rules, layout, wi)
    hv = HeuristicValues(model.rules, weights=entry)
    for mask, y, u, target in rows:     # the device's own integer estimate
        for yy, uu, t in zip(y.tolist(), u.tolist(), target.tolist()):
            sq += (hv.value(mask, uu, yy) - t) ** 2
    return entry, (sq / n_states) ** 0.5 / 100.0, n_states


def pack(rules, layout, wi):
    """The WEIGHTS entry from the fitted integers in feature order."""
    tiers, slack, y_open, y_box = layout
    nb = rules.n_boxes
    k = nb
    boxes = tuple(wi[:nb])
    shares = tuple(wi[k:k + len(tiers)])
    k += len(tiers)
    per_open_y = 0
    if y_open:
        per_open_y = wi[k]
        k += 1
    extra = ()
    if y_box >= 0:
        extra += (wi[k], wi[k + 1])
    share = shares[0] if len(shares) == 1 else shares if shares else 0
    return (boxes, share, per_open_y) + extra


def solitaire(rules, bot, seed):
    """One seeded solitaire game (dice from random.Random(seed)) of a bot: its card."""
    import random
    from yahtzee_core import Game
    rng = random.Random(seed)
    game = Game(rules, 1, lambda: rng.randint(1, 6))
    n = rules.n_dice
    while not game.over:
        game.roll()
        while game.rolls_left:
            flags = bot.choose_hold(game.cards[0], tuple(game.dice), game.rolls_left)
            if all(flags):
                break
            for i in range(n):
                game.hold(i, flags[i])
            game.roll()
        game.fill(bot.choose_box(game.cards[0], tuple(game.dice)))
    return game.cards[0]


def selfplay_game(rules, weights, seed):
    """One seeded solitaire game of the good bot with these weights: its card."""
    from yahtzee_core.bots import Bot, good_planner
    planner = good_planner(rules)
    planner.values = HeuristicValues(rules, 4, weights, feature_layout(rules))
    return solitaire(rules, Bot('good', rules, planner), seed)


def selfplay(name, games, rounds, progress=print):
    """The WEIGHTS entry after `rounds` of: play `games` seeded games, each box's
    worth := its mean score (hundredths). Prints each round's mean total."""
    from yahtzee_core import ruleset
    from yahtzee_core.weights import WEIGHTS
    rules = ruleset(name)
    boxes, share, per_open_y = WEIGHTS[name][:3]
    for r in range(rounds):
        sums = [0] * rules.n_boxes
        total = 0
        for seed in range(games):
            card = selfplay_game(rules, (boxes, share, per_open_y), seed)
            for b in range(rules.n_boxes):
                sums[b] += card.scores[b]
            total += card.total
        boxes = tuple((100 * s + games // 2) // games for s in sums)
        progress('# round %d: mean total %.2f over %d games' % (r + 1, total / games, games))
    return boxes, share, per_open_y


def main(argv=None):
    from tools.cli_checks import Parser, bad_count, bad_rules
    from yahtzee_core.weights import WEIGHTS
    ap = Parser(description=__doc__.split('\n')[0])
    ap.add_argument('--rules', nargs='+', default=['kniffel', 'generala', 'kismet'],
                    help='solvable rulesets to fit: %s' % ', '.join(WEIGHTS))
    ap.add_argument('--selfplay', help='a ruleset with no solve: worths from self-play')
    ap.add_argument('--games', type=int, default=60, help='self-play games a round')
    ap.add_argument('--rounds', type=int, default=2, help='self-play rounds')
    args = ap.parse_args(argv)

    def no_weights(name, option, what):
        # the fit starts from the ruleset's entry in WEIGHTS, and prints a new one
        return None if name in WEIGHTS else '%s %s: no weights to %s (choose from %s)' % (
            option, name, what, ', '.join(WEIGHTS))
    ap.refuse(bad_count(args.games, '--games'), bad_count(args.rounds, '--rounds', what='rounds'))
    if args.selfplay:
        ap.refuse(no_weights(args.selfplay, '--selfplay', 'start from'))
    else:
        ap.refuse(*[bad_rules(name) or no_weights(name, '--rules', 'fit') for name in args.rules])
    if args.selfplay:
        print('%r: %r,' % (args.selfplay, selfplay(args.selfplay, args.games, args.rounds)))
        return 0
    for name in args.rules:
        entry, rms, n = fit(name)
        print('%r: %r,' % (name, entry))
        print('#   %d states, rms error of the estimate %.2f points' % (n, rms))
    return 0


if __name__ == '__main__':
    sys.exit(main())
