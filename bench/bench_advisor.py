"""Cost of one turn-start decision of the advisor, as a ratio to one plain scoring pass
of all 252 rolls (every box of every roll looked up once), timed in the same process;
and the heap a 1-player game advised on every hold and box needs
(tests/mpy/check_advisor.py, compiled .mpy) on CircuitPython 10.2.1 (32-bit, when
its desktop build is there: tests/mpy_util.py) and MicroPython: the lowest heap that passed and the
lowest from which every larger heap passes.

Runs itself under CPython and then under the MicroPython unix port (compiled .mpy):

    .venv/bin/python bench/bench_advisor.py [TABLE]

(TABLE defaults to tables/yahtzee.yzt, built if missing.)
"""
import sys

try:
    import time
    ticks = time.ticks_us

    def elapsed(t0):
        return time.ticks_diff(time.ticks_us(), t0)
except AttributeError:  # CPython
    import time

    def ticks():
        return time.perf_counter_ns() // 1000

    def elapsed(t0):
        return ticks() - t0


def measure(table, name='yahtzee', repeat=5):
    from yahtzee_core import ruleset, Scorecard
    from yahtzee_core.advisor import Advisor
    rules = ruleset(name)
    card = Scorecard(rules)
    adv = Advisor(rules, table)
    planner = adv.planner
    nb = rules.n_boxes
    score = rules.score_roll
    best_pass = None
    best_dec = None
    for _ in range(repeat):
        t0 = ticks()
        top = 0
        for r in range(252):
            for b in range(nb):
                p = score(r, b)
                if p > top:
                    top = p
        t = elapsed(t0)
        best_pass = t if best_pass is None or t < best_pass else best_pass
        planner._key = -1          # forget the turn: read the table again, plan again
        t0 = ticks()
        planner.best_hold_index(card, (1, 3, 3, 5, 6), 2)
        t = elapsed(t0)
        best_dec = t if best_dec is None or t < best_dec else best_dec
    return best_pass, best_dec


def main():
    if sys.implementation.name == 'micropython':
        p, d = measure(sys.argv[1])
        print('scoring pass us', p)
        print('turn-start decision us', d)
        return
    import os
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sys.path.insert(0, root)
    sys.path.insert(0, os.path.join(root, 'tests'))
    from tools.cli_checks import Parser, bad_in_file
    ap = Parser(description='Scoring pass and turn-start decision times, CPython and '
                'MicroPython')
    ap.add_argument('table', nargs='?', help="Yahtzee's plain strategy table (default: "
                    "built in tables/)")
    table = ap.parse_args().table
    if table:
        ap.refuse(bad_in_file(table, 'TABLE'))
    else:
        from tools.strategy_table import ensure_tables
        table = ensure_tables('yahtzee', os.path.join(root, 'tables'))['plain']
    p, d = measure(table)
    print('CPython     scoring pass %8d us  turn-start decision %8d us  ratio %.1f' % (p, d, d / p))
    from mpy_util import run_micropython
    done = run_micropython(os.path.abspath(__file__), heapsize='256K', compiled=True,
                           args=[os.path.abspath(table)])
    if done.returncode:
        print('MicroPython run failed:', done.stdout, done.stderr)
        return
    fig = dict(line.rsplit(' ', 1) for line in done.stdout.strip().splitlines())
    p, d = int(fig['scoring pass us']), int(fig['turn-start decision us'])
    print('MicroPython scoring pass %8d us  turn-start decision %8d us  ratio %.1f' % (p, d, d / p))
    heap_floors(table)


def heap_floors(table):
    import os
    from mpy_util import (CIRCUITPYTHON_MISSING, circuitpython_available, heap_floor,
                          run_micropython)
    check = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'mpy',
                         'check_advisor.py')
    print('heap for a 1-player game advised on every decision (check_advisor.py, .mpy), '
          'lowest that passed / lowest from which every larger heap passes:')
    if not circuitpython_available():
        print('  CircuitPython: ' + CIRCUITPYTHON_MISSING)
    for port in (('circuitpython',) if circuitpython_available() else ()) + ('micropython',):
        def completes(k):
            done = run_micropython(check, heapsize='%dK' % k, compiled=True, port=port,
                                   args=[os.path.abspath(table)])
            return done.returncode == 0 and 'advisor checks passed' in done.stdout
        low, reliable = heap_floor(completes, lo=8, hi=256)
        print('  %-13s %s / %s K' % (port, low, reliable))


if __name__ == '__main__':
    main()
