"""Time the exact score distribution of optimal play (tools.distribution) per ruleset,
check its mean against the solver's expected score, and optionally against games
sampled by an independent solver (yatzy-solver, Rust, PyPI) on the same rules.

Each ruleset runs in a fresh subprocess (so peak memory is its own) that reports wall
and CPU time (solver included), peak resident memory, the distribution's mean and the
solver's expected score (float64). The check: |mean - solver| < 1e-9, for every
ruleset. With --sample N, yatzy-solver plays N optimal games (seeded) where it has the
same rules, and the sample's mean, standard deviation and a few tail frequencies are
shown beside the exact figures (standard errors from the exact distribution).

    .venv/bin/python bench/bench_distribution.py [--rules NAME ...] [--json-dir DIR]
        [--sample 100000]
"""

import json
import math
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from bench.bench_solver import THEIRS  # noqa: E402  our ruleset -> yatzy-solver's

CODE = r'''
import json, resource, sys, time
sys.path.insert(0, %(root)r)
from tools import distribution as dist
t, c = time.perf_counter(), time.process_time()
d = dist.compute(%(rules)r)
dt, dc = time.perf_counter() - t, time.process_time() - c
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
if %(path)r:
    with open(%(path)r, 'w') as f:
        json.dump(d.as_json(), f, indent=1)
print(json.dumps({'time': dt, 'cpu': dc + kids.ru_utime + kids.ru_stime,
                  'rss_kb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  'mean': d.mean, 'solver': d.solver_value, 'std': d.std,
                  'probs': d.probs.tolist()}))
'''


def run(rules, path):
    out = subprocess.run([sys.executable, '-c', CODE % {'root': ROOT, 'rules': rules,
                                                         'path': path or ''}],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def compare_sample(rules, probs, games, seed=1):
    """yatzy-solver's sampled optimal games beside the exact distribution."""
    import numpy as np
    import yatzy_solver as ys
    solver = ys.Solver.build(ys.Variant(THEIRS[rules]))
    scores = np.asarray(solver.simulate(games, seed=seed)['scores'], dtype=np.int64)
    p = np.asarray(probs)
    s = np.arange(len(p))
    mean = float(s @ p)
    sd = math.sqrt(float(((s - mean) ** 2) @ p))
    print('  yatzy-solver, %d sampled games: mean %.3f (exact %.3f, %+.1f standard errors),'
          ' standard deviation %.3f (exact %.3f)'
          % (games, scores.mean(), mean, (scores.mean() - mean) / (sd / math.sqrt(games)),
             scores.std(), sd))
    for t in (200, 250, 300, 400, 500):
        q = math.fsum(p[t:].tolist())
        f = float((scores >= t).mean())
        se = math.sqrt(q * (1 - q) / games)
        print('    P(score >= %d): sampled %.5f, exact %.5f (%+.1f standard errors)'
              % (t, f, q, (f - q) / se if se else 0.0))


def main(argv=None):
    import yahtzee_core as yc
    from tools.cli_checks import Parser, bad_count, bad_out_folder, bad_rules
    ap = Parser()
    ap.add_argument('--rules', nargs='*', default=list(yc.RULESETS))
    ap.add_argument('--json-dir', default=None, help='also write NAME.json here')
    ap.add_argument('--sample', type=int, default=0,
                    help='games of yatzy-solver to sample for comparison (0: none)')
    args = ap.parse_args(argv)
    ap.refuse(*[bad_rules(r) for r in args.rules] +
              [bad_count(args.sample, '--sample', least=0),
               args.json_dir and bad_out_folder(args.json_dir, '--json-dir')])
    if args.json_dir:
        os.makedirs(args.json_dir, exist_ok=True)
    ok = True
    for name in args.rules:
        path = os.path.join(args.json_dir, name + '.json') if args.json_dir else None
        r = run(name, path)
        diff = r['mean'] - r['solver']
        good = abs(diff) < 1e-9
        ok &= good
        print('%-18s wall %7.1f s  cpu %7.1f s  peak %5.0f MB  mean %.9f  solver %.9f  '
              'difference %.1e %s  sd %.4f'
              % (name, r['time'], r['cpu'], r['rss_kb'] / 1024, r['mean'], r['solver'],
                 diff, 'ok' if good else 'FAIL', r['std']))
        if args.sample and name in THEIRS:
            compare_sample(name, r['probs'], args.sample)
    print('mean = solver expected score to 1e-9 for every ruleset: %s'
          % ('yes' if ok else 'NO'))
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
