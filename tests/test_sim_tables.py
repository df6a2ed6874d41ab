"""The simulator builds a ruleset's strategy table the first time it is needed (a
fresh clone has none), shows a progress bar while it does, caches it, and rebuilds
it when the sources it came from change."""
import os

import pytest

import sim
from hardware.desktop import VirtualClock
from sim import Options, build_session, run_headless
from sim.script import parse
from sim.tables import TableCache
import yahtzee_core as yc


def test_first_use_builds_with_a_progress_bar_then_reuses(tmp_path, capfd):
    rules = yc.ruleset('yacht')          # the quickest ruleset to solve
    builds = []
    cache = TableCache(str(tmp_path))
    cache.after_build = lambda: builds.append(1)
    path = cache(rules)
    assert path == os.path.join(str(tmp_path), 'yacht.yzt') and os.path.isfile(path)
    assert builds == [1]
    assert 'strategy table yacht' in capfd.readouterr().err     # the tqdm bar
    adv = yc.Advisor(rules, path)                                # a real table
    assert adv.expected_final(yc.Scorecard(rules)) > 16000
    adv.close()
    mtime = os.stat(path).st_mtime_ns
    # the next run (a new cache on the same folder) reuses it: no build, no bar
    again = TableCache(str(tmp_path))
    again.after_build = lambda: builds.append(2)
    assert again(rules) == path and builds == [1]
    assert os.stat(path).st_mtime_ns == mtime
    assert 'strategy table' not in capfd.readouterr().err


def test_changed_sources_rebuild_the_table(tmp_path):
    rules = yc.ruleset('yacht')
    cache = TableCache(str(tmp_path), progress=False)
    path = cache(rules)
    stamp = tmp_path / 'yacht.stamp'
    lines = stamp.read_text().split('\n')
    stamp.write_text('\n'.join(['0123456789abcdef'] + lines[1:]))   # other sources
    from tools.strategy_table import HEADER
    with open(path, 'r+b') as f:                     # and a stale value: the empty card's
        f.seek(HEADER)
        f.write(b'\0\0')
    fresh = TableCache(str(tmp_path), progress=False)
    built = []
    fresh.after_build = lambda: built.append(1)
    assert fresh(rules) == path and built == [1]
    assert stamp.read_text().split('\n')[0] == lines[0]
    assert yc.Advisor(rules, path).expected_final(yc.Scorecard(rules)) > 16000


def test_unwritable_folder_falls_back_without_a_table(tmp_path):
    blocker = tmp_path / 'not-a-folder'
    blocker.write_text('a file where the tables folder should be')
    cache = TableCache(str(blocker), progress=False)
    assert cache(yc.ruleset('yacht')) is None
    assert 'yacht' in cache.failed


@pytest.mark.parametrize('rules', ['yacht', 'generala'])   # generala: served hands
def test_a_perfect_seat_in_the_simulator_gets_its_table_built(tmp_path, monkeypatch, rules):
    monkeypatch.setattr(sim, 'TABLES_DIR', str(tmp_path / 'tables'))
    options = Options(players=['perfect'], rules=rules, seed=3, save=str(tmp_path / 's.sav'))
    session = build_session(options, clock=VirtualClock(),
                            script_events=parse('wait 3000\n'))
    try:
        run_headless(session)
        bot = session.app.bots[0]
    finally:
        session.hw.close()
    assert os.path.isfile(tmp_path / 'tables' / (rules + '.yzt'))
    assert not getattr(bot, 'fallback', False)        # perfect play, not the good fallback


def test_the_kernel_compile_is_said_and_done_before_the_bar(tmp_path, capfd, monkeypatch):
    """A fresh clone's first table: the line saying the kernel compiles comes first,
    and the kernel is ready before the bar is made, so the bar moves from its start
    (here the kernel is built already; `built` says it is not, as on a fresh clone)."""
    from tools import cbuild, strategy_table
    events = []
    real_load, real_bar = cbuild.load, strategy_table.layer_progress
    monkeypatch.setattr(cbuild, 'built', lambda *a: False)
    monkeypatch.setattr(cbuild, 'load', lambda *a: events.append('kernel') or real_load(*a))
    monkeypatch.setattr(strategy_table, 'layer_progress',
                        lambda *a, **k: events.append('bar') or real_bar(*a, **k))
    assert TableCache(str(tmp_path))(yc.ruleset('yacht')) is not None
    err = capfd.readouterr().err
    assert events[:2] == ['kernel', 'bar']
    assert 0 <= err.find('compiling the solver kernel') < err.find('strategy table yacht')


def test_two_threads_loading_one_kernel_compile_it_once(tmp_path, monkeypatch):
    """The simulator compiles in the background while a first hint may ask for the
    kernel too: the second caller waits for the first compile instead of a second."""
    import threading
    from tools import cbuild
    source = tmp_path / 'tiny.c'
    source.write_text('int tiny(void) { return 7; }\n')
    monkeypatch.setattr(cbuild, 'CACHE_DIR', str(tmp_path / 'cache'))
    compiles = []
    real = cbuild._compile
    monkeypatch.setattr(cbuild, '_compile', lambda *a: compiles.append(1) or real(*a))
    assert not cbuild.built(str(source))
    libs = []
    threads = [threading.Thread(target=lambda: libs.append(cbuild.load(str(source))))
               for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(libs) == 2 and libs[0] is libs[1] and libs[0].tiny() == 7
    assert len(compiles) == 1 and cbuild.built(str(source))


def test_an_interactive_session_starts_the_kernel_compile_at_once(tmp_path, monkeypatch):
    import sim.tables
    started = []
    monkeypatch.setattr(sim.tables, 'compile_kernel_in_background', started.append)
    for script, want in ((None, ['yahtzee']), (parse('wait 10\n'), [])):
        started.clear()
        session = build_session(Options(save=str(tmp_path / 'k.sav')), clock=VirtualClock(),
                                script_events=script)
        session.hw.close()
        assert started == want
    started.clear()
    session = build_session(Options(table=sim.no_tables), clock=VirtualClock())
    session.hw.close()
    assert started == []                            # --no-tables: no kernel needed


def test_the_compile_bar_moves_while_the_kernel_compiles(tmp_path, capfd, monkeypatch):
    """A compile slower than the bar's guess: the bar says "compiling" and is redrawn
    with a growing time while it lasts, never frozen, and stretches past its guess."""
    import time
    import tools.solver
    from tools import strategy_table
    monkeypatch.setattr(tools.solver, 'kernel_built', lambda **k: False)
    monkeypatch.setattr(tools.solver, 'compiled_kernel',
                        lambda **k: time.sleep(1.6) or 'lib')
    monkeypatch.setattr(strategy_table, 'COMPILE_GUESS_S', 1)
    assert strategy_table.compile_kernel_with_bar('yahtzee') == 'lib'
    err = capfd.readouterr().err
    draws = [d for d in err.split('\r') if d.startswith('compiling the solver kernel')]
    assert len(draws) >= 4
    assert len(set(d.split('%')[0] for d in draws)) >= 3          # the bar moved
    assert '00:01' in err                                         # past its 1 s guess


def test_each_kernel_variant_is_its_own_library(tmp_path, monkeypatch):
    """The table of yahtzee needs float and 64 lanes only: asking for it compiles
    that variant alone, and the other variants are other files with their own names."""
    import numpy as np
    from tools import cbuild
    from tools.solver import compiled_kernel, kernel_built
    monkeypatch.setattr(cbuild, 'CACHE_DIR', str(tmp_path / 'cache'))
    monkeypatch.setattr(cbuild, '_loaded', {})
    lib = compiled_kernel(np.float32, 64)
    assert lib.solve_masks_f32 and kernel_built(np.float32, 64)
    assert not hasattr(lib, 'solve_masks_f64') and not hasattr(lib, 'solve_masks_f32_l128')
    assert not kernel_built(np.float64, 64) and not kernel_built(np.float32, 128)
    assert len(os.listdir(tmp_path / 'cache')) == 1
    assert compiled_kernel(np.float32, 128).solve_masks_f32_l128
    assert len(os.listdir(tmp_path / 'cache')) == 2


def test_quitting_during_the_background_compile_leaves_no_temporary_file(tmp_path):
    """The simulator compiles the kernel in a daemon thread; a player who quits first
    ends the program mid-compile: the compiler is stopped and its temporary .so
    removed (they were left in build/ckernels/ before)."""
    import subprocess
    import sys
    cache = tmp_path / 'cache'
    code = ("import sys, time; sys.path.insert(0, %r)\n"
            "from tools import cbuild\n"
            "cbuild.CACHE_DIR = %r\n"
            "from sim.tables import compile_kernel_in_background\n"
            "compile_kernel_in_background('yahtzee')\n"
            "import os\n"
            "for _ in range(3000):     # no compiler: no file, and no 'compiling'\n"
            "    if os.path.isdir(cbuild.CACHE_DIR) and os.listdir(cbuild.CACHE_DIR):\n"
            "        time.sleep(0.3)\n"
            "        print('compiling')\n"
            "        break\n"
            "    time.sleep(0.01)\n" % (sim.ROOT, str(cache)))
    done = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                          timeout=120)
    if 'compiling' not in done.stdout:
        pytest.skip('no C compiler here: ' + done.stderr[-200:])
    import time
    time.sleep(1)                   # a compiler left running would write its file now
    assert os.listdir(cache) == []
