"""Time our solver against yatzy-solver (Rust, PyPI) on the same rules, same machine.

Each build runs in a fresh subprocess (so one's caches and heap do not help the other)
that reports its wall time for the build alone (imports excluded) and its peak
resident memory. Prints the ratio ours / theirs (below 1.0 = we are faster).

    .venv/bin/python bench/bench_solver.py [--repeat 3] [--rules yahtzee-free-joker ...]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Our ruleset -> the same rules in yatzy-solver
THEIRS = {
    'yahtzee-free-joker': 'american',
    'yahtzee': 'american+forced-joker',
    'yatzy': 'yatzy-scandinavian',
}

OURS_CODE = r'''
import json, resource, sys, time
sys.path.insert(0, %(root)r)
import numpy as np
from tools.solver import Solver
t = time.perf_counter()
s = Solver(%(rules)r, dtype=np.%(dtype)s, workers=%(workers)d).solve()
dt = time.perf_counter() - t
self_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
kids_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({'time': dt, 'value': s.expected_score, 'rss_kb': self_kb,
                  'worker_rss_kb': kids_kb}))
'''

THEIRS_CODE = r'''
import json, resource, time
import yatzy_solver as ys
v = ys.Variant(%(variant)r)
t = time.perf_counter()
s = ys.Solver.build(v)
dt = time.perf_counter() - t
value = s.state_value('upper 0 | filled -')
print(json.dumps({'time': dt, 'value': value,
                  'rss_kb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  'worker_rss_kb': 0}))
'''


def run(code):
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--rules', nargs='*', default=['yahtzee-free-joker'])
    ap.add_argument('--repeat', type=int, default=3)
    ap.add_argument('--workers', type=int, default=2)
    ap.add_argument('--float64', action='store_true', help='also time our float64 mode')
    args = ap.parse_args(argv)
    dtypes = ['float32'] + (['float64'] if args.float64 else [])
    print('cpus: %d' % os.cpu_count())
    for rules in args.rules:
        variant = THEIRS[rules]
        theirs = [run(THEIRS_CODE % {'variant': variant}) for _ in range(args.repeat)]
        t_theirs = statistics.median(r['time'] for r in theirs)
        print('%-20s yatzy-solver %-22s %.4f  median %.2f s  peak %.0f MB'
              % (rules, variant, theirs[0]['value'], t_theirs,
                 max(r['rss_kb'] for r in theirs) / 1024))
        for dtype in dtypes:
            ours = [run(OURS_CODE % {'root': ROOT, 'rules': rules, 'dtype': dtype,
                                     'workers': args.workers})
                    for _ in range(args.repeat)]
            t_ours = statistics.median(r['time'] for r in ours)
            print('%-20s ours (%s, %d proc)          %.4f  median %.2f s  peak %.0f MB'
                  ' (+ worker %.0f MB)  ratio ours/theirs %.2f'
                  % (rules, dtype, args.workers, ours[0]['value'], t_ours,
                     max(r['rss_kb'] for r in ours) / 1024,
                     max(r['worker_rss_kb'] for r in ours) / 1024, t_ours / t_theirs))
    return 0


if __name__ == '__main__':
    sys.exit(main())
