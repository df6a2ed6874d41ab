"""Time our solver against yatzy-solver (Rust, PyPI) on the same rules, same machine.

Each build runs in a fresh subprocess (so one's caches and heap do not help the other)
that reports its wall time for the build alone (imports excluded) and its peak
resident memory (ours: the process and any forked workers, summed). Runs alternate
(theirs, ours, theirs, ours, ...) so both see the same machine load; the ratio printed
is the median of the per-pair ratios ours / theirs (below 1.0 = we are faster). Our C
kernel is compiled (and cached) before the first timed run.

    .venv/bin/python bench/bench_solver.py [--repeat 5] [--rules yatzy yahtzee ...]

Kniffel, Generala and Kismet have no yatzy-solver twin: they are timed ours alone.
"""

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
# Ours only: rulesets yatzy-solver does not play, timed alone.
OURS_ONLY = ('kniffel', 'generala', 'kismet')

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
print(json.dumps({'time': dt, 'value': s.expected_score, 'rss_kb': self_kb + kids_kb,
                  'kernel': 'C' if s.kernel is not None else 'numpy'}))
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
                  'rss_kb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
'''


def run(code):
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def load():
    return '%.1f' % os.getloadavg()[0] if hasattr(os, 'getloadavg') else '?'


def main(argv=None):
    sys.path.insert(0, ROOT)
    from tools.cli_checks import Parser, bad_count, bad_workers
    ap = Parser(description=__doc__.split('\n')[0])
    ap.add_argument('--rules', nargs='*', default=['yatzy', 'yahtzee', 'yahtzee-free-joker'],
                    choices=sorted(THEIRS) + list(OURS_ONLY))
    ap.add_argument('--repeat', type=int, default=5, help='pairs of runs (default 5)')
    ap.add_argument('--workers', type=int, default=2)
    ap.add_argument('--float64', action='store_true',
                    help='double precision inside a turn (default single)')
    args = ap.parse_args(argv)
    ap.refuse(bad_count(args.repeat, '--repeat', what='pairs of runs'),
              bad_workers(args.workers))
    dtype = 'float64' if args.float64 else 'float32'
    from tools.solver import RulesModel, compiled_kernel
    from tools import cbuild
    # build (or find) the cached kernel variants the runs use, untimed
    for lanes in sorted(set(RulesModel(r).lanes for r in args.rules)):
        kernel = compiled_kernel(dtype, lanes)
    print('cpus: %d  load average at start: %s  kernel: %s' % (
        os.cpu_count(), load(), 'C (compiled)' if kernel else
        'numpy (no C kernel: %s)' % cbuild.last_error))
    for rules in args.rules:
        if rules in OURS_ONLY:
            ours = [run(OURS_CODE % {'root': ROOT, 'rules': rules, 'dtype': dtype,
                                     'workers': args.workers}) for _ in range(args.repeat)]
            print('%-19s ours (%s, %s, %d workers)  %.4f  median %6.2f s  peak %4.0f MB  '
                  '(no yatzy-solver twin)'
                  % (rules, ours[0]['kernel'], dtype, args.workers, ours[0]['value'],
                     statistics.median(r['time'] for r in ours),
                     max(r['rss_kb'] for r in ours) / 1024))
            continue
        variant = THEIRS[rules]
        theirs, ours = [], []
        for _ in range(args.repeat):
            theirs.append(run(THEIRS_CODE % {'variant': variant}))
            ours.append(run(OURS_CODE % {'root': ROOT, 'rules': rules, 'dtype': dtype,
                                         'workers': args.workers}))
        t_theirs = statistics.median(r['time'] for r in theirs)
        t_ours = statistics.median(r['time'] for r in ours)
        ratio = statistics.median(o['time'] / t['time'] for o, t in zip(ours, theirs))
        print('%-19s yatzy-solver %-22s %.4f  median %6.2f s  peak %4.0f MB'
              % (rules, variant, theirs[0]['value'], t_theirs,
                 max(r['rss_kb'] for r in theirs) / 1024))
        print('%-19s ours (%s, %s, %d workers)  %.4f  median %6.2f s  peak %4.0f MB  '
              'ratio ours/theirs %.3f (median of %d alternated pairs)'
              % (rules, ours[0]['kernel'], dtype, args.workers, ours[0]['value'], t_ours,
                 max(r['rss_kb'] for r in ours) / 1024, ratio, args.repeat))
    print('load average at end: %s (other jobs share the machine: the ratio is what '
          'matters)' % load())
    return 0


if __name__ == '__main__':
    sys.exit(main())
