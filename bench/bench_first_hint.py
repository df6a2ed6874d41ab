"""The first hint on a fresh clone: the seconds from asking to the hint on show, as
the simulator gets there with nothing built yet (no compiled solver kernel, no
tables/): the kernel's compile, the table's build, then the hint itself. Run in
temporary folders, so the clone's own caches are neither used nor touched.

    .venv/bin/python bench/bench_first_hint.py [RULESET]

Goal: under 20 s on 2 cores, the compile included. The simulator starts
the compile in the background at start (sim/tables.py) and the table's bar follows
it, so a player who reads the how-to first waits for the table build alone.
"""
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def main(argv=None):
    import yahtzee_core as yc
    from tools.cli_checks import Parser, bad_rules
    ap = Parser(description=__doc__.split('\n')[0])
    ap.add_argument('rules', nargs='?', default='yahtzee', help='ruleset (default yahtzee)')
    name = ap.parse_args(argv).rules
    ap.refuse(bad_rules(name, 'RULESET'))
    from tools import cbuild
    from tools.solver import RulesModel, compiled_kernel
    from tools.strategy_table import ensure_tables
    from tools.screenshots import Session
    from tools.scripted_dice import ScriptedDice
    from events import actions as A
    with tempfile.TemporaryDirectory() as tmp:
        cbuild.CACHE_DIR = os.path.join(tmp, 'ckernels')      # a fresh clone's: empty
        t0 = time.perf_counter()
        if compiled_kernel(lanes=RulesModel(name).lanes) is None:     # the variant it needs
            print('no C compiler: %s' % cbuild.last_error)
            return 1
        t1 = time.perf_counter()
        path = ensure_tables(name, os.path.join(tmp, 'tables'))['plain']   # as the sim
        t2 = time.perf_counter()
        s = Session(dice=ScriptedDice(seed=1), table_path=path)
        s.start_game(name)
        s.press(A.OK, A.HINT)
        assert s.app.view.dialog_lines[0].startswith('Hint, total'), s.app.view.dialog_lines
        t3 = time.perf_counter()
    print('first hint of %s on a fresh clone (%d cores):' % (name, os.cpu_count() or 1))
    print('  compile the solver kernel  %6.1f s' % (t1 - t0))
    print('  build the strategy table   %6.1f s' % (t2 - t1))
    print('  the hint itself            %6.1f s' % (t3 - t2))
    print('  total                      %6.1f s' % (t3 - t0))
    return 0


if __name__ == '__main__':
    sys.exit(main())
