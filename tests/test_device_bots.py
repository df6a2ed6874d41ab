"""Whole games between `good` computer players on the real interpreters: MicroPython
and CircuitPython 10's 32-bit build (skipped without ../shared/circuitpython), for
every family ruleset, compiled .mpy under a heap budget, and the same game as CPython
plays it (the same dice, the same decisions, the same totals: integers only, hold
values below 2**30). Generala is also played to an instant win (a Generala served).

Budgets: the smallest heap from which every larger one completes, as
`bench/bench_bots.py --heap` prints it, plus 3K (near the limit the outcome is not
monotonic: the heap's layout decides whether a block still finds room)."""
import os
import re
import subprocess
import sys

import pytest

from mpy_util import REPO_ROOT, ports, run_micropython

CHECK_BOTS = REPO_ROOT / 'tests' / 'mpy' / 'check_bots.py'
FAMILY = ('kniffel', 'generala', 'kismet', 'triple-yahtzee', 'balut', 'poker-dice', 'yamb')
# measured (every heap from), two runs: MicroPython kniffel 59-63K, generala 59-62K,
# kismet 59-64K, triple 70-72K, balut 57K; CircuitPython 41-42K, 41-42K, 44-45K, 50-51K,
# balut 43K; Poker Dice (one run) 53K and 40K; Yamb (one run, announces included) 63K
# and 68K (bench/bench_bots.py --heap --rules NAME)
BOTS_HEAP = {'micropython': {'kniffel': '66K', 'generala': '65K', 'kismet': '67K',
                             'triple-yahtzee': '75K', 'balut': '61K', 'poker-dice': '56K',
                             'yamb': '66K'},
             'circuitpython': {'kniffel': '45K', 'generala': '45K', 'kismet': '48K',
                               'triple-yahtzee': '54K', 'balut': '46K', 'poker-dice': '43K',
                               'yamb': '71K'}}
PLAIN_HEAP = '256K'
INSTANT_WIN_SEED = '22'      # check_bots' dice: seat 1 rolls a Generala served in round 2


def figures(stdout):
    return {m.group(1): m.group(2) for m in re.finditer(r'^(.+?) (-?\d+)$', stdout, re.M)}


def totals(stdout):
    return re.findall(r'^final total (\d+)$', stdout, re.M)


def cpython_game(*args):
    done = subprocess.run([sys.executable, str(CHECK_BOTS)] + list(args),
                          capture_output=True, text=True, cwd=str(REPO_ROOT),
                          env=dict(os.environ, PYTHONPATH=str(REPO_ROOT)))
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize('port_form', ports(forms=(True, False)))
@pytest.mark.parametrize('name', FAMILY)
def test_good_bots_play_a_whole_game(name, port_form):
    port, compiled = port_form
    heap = BOTS_HEAP[port][name] if compiled else PLAIN_HEAP
    done = run_micropython(CHECK_BOTS, heapsize=heap, compiled=compiled, args=[name],
                           port=port, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.rstrip().endswith('bot checks passed'), done.stdout
    fig = figures(done.stdout)
    print(port, name, 'heap', heap, fig)
    assert int(fig['largest hold value']) < 1 << 30
    boxes = {'kniffel': 13, 'generala': 11, 'kismet': 15, 'triple-yahtzee': 39,
             'balut': 28, 'poker-dice': 5, 'yamb': 48}[name]
    assert int(fig['turns']) == 2 * boxes or int(fig['winner at once']) >= 0
    assert totals(done.stdout) == totals(cpython_game(name))


@pytest.mark.parametrize('port', ports())
def test_generala_won_at_once_on_the_interpreters(port):
    done = run_micropython(CHECK_BOTS, heapsize=BOTS_HEAP[port]['generala'], compiled=True,
                           args=['generala', INSTANT_WIN_SEED], port=port)
    assert done.returncode == 0, done.stdout + done.stderr
    fig = figures(done.stdout)
    assert fig['winner at once'] == '1' and int(fig['turns']) < 22
    assert totals(done.stdout) == totals(cpython_game('generala', INSTANT_WIN_SEED))
