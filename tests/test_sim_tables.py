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
