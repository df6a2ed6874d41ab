"""Figures for the rules core (printed, never asserted).

    .venv/bin/python bench/bench_core.py [--quick]

(a) the smallest heap (1K steps) at which tests/mpy/check_core.py (the score tables of
    one ruleset, a 4-player game with a mid-game save round trip) completes, on CircuitPython
    10.2.1 (32-bit, when its desktop build is there: tests/mpy_util.py) and on MicroPython, for .mpy
    compiled code and for plain .py sources: the lowest found by bisection, and the
    lowest from which every larger heap completes;
(b) bytes retained after importing the core, and after building each ruleset;
(c) the time to score all boxes of all 252 rolls through the core versus a naive
    counting scorer in the same process, on CPython and on MicroPython.
"""
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from mpy_util import (CIRCUITPYTHON_MISSING, circuitpython_available, heap_floor,  # noqa: E402
                      run_micropython)

CHECK_CORE = ROOT / "tests" / "mpy" / "check_core.py"
RULESETS = ("yahtzee", "yahtzee-free-joker", "yahtzee-1956", "yatzy", "yacht", "kniffel",
            "generala", "kismet", "triple-yahtzee", "yamb",
            "balut")


def core_check_completes(heap_k, compiled, name, port):
    done = run_micropython(CHECK_CORE, heapsize="%dK" % heap_k, compiled=compiled, args=[name],
                           port=port)
    return done.returncode == 0 and "core checks passed" in done.stdout


def available_ports():
    """CircuitPython first (the boards' interpreter), when its desktop build is there."""
    return (("circuitpython",) if circuitpython_available() else ()) + ("micropython",)


# Shared by the CPython and MicroPython timings: no f-strings, no floats in the loops.
SCORING_BENCH = """
import gc
try:
    from time import ticks_us, ticks_diff
except ImportError:  # CPython
    from time import perf_counter_ns
    def ticks_us():
        return perf_counter_ns() // 1000
    def ticks_diff(a, b):
        return a - b
import yahtzee_core
from yahtzee_core import dice as yd

def naive_score(name, cats, d, b):
    c = [0] * 7
    for x in d:
        c[x] += 1
    if b < 6:
        return (b + 1) * c[b + 1]
    box = cats[b]
    s = d[0] + d[1] + d[2] + d[3] + d[4]
    m = max(c)
    full = 3 in c and 2 in c
    if box in ('three_of_a_kind', 'four_of_a_kind'):
        n = 3 if box[0] == 't' else 4
        if name.startswith('yahtzee'):
            return s if m >= n else 0
        for f in range(6, 0, -1):
            if c[f] >= n:
                return n * f
        return 0
    if box == 'one_pair':
        for f in range(6, 0, -1):
            if c[f] >= 2:
                return 2 * f
        return 0
    if box == 'two_pairs':
        p = [f for f in range(1, 7) if c[f] >= 2]
        return 2 * (p[0] + p[1]) if len(p) == 2 else 0
    if box == 'full_house':
        return (25 if name.startswith('yahtzee') else s) if full else 0
    if box in ('small_straight', 'large_straight', 'little_straight', 'big_straight'):
        if name.startswith('yahtzee'):
            k = 4 if box[0] == 's' else 5
            for lo in range(1, 8 - k):
                if all(c[f] for f in range(lo, lo + k)):
                    return 30 if k == 4 else 40
            return 0
        lo = 1 if box in ('small_straight', 'little_straight') else 2
        ok = all(c[f] == 1 for f in range(lo, lo + 5))
        pts = {'yatzy': 15 if lo == 1 else 20, 'yacht': 30}[name]
        return pts if ok else 0
    if box in ('chance', 'choice'):
        return s
    return 50 if m == 5 else 0

def run(name, reps):
    rules = yahtzee_core.ruleset(name)
    cats = rules.categories
    nb = len(cats)
    rolls = [yd.roll_dice(i) for i in range(yd.N_ROLLS)]
    gc.collect()
    t0 = ticks_us()
    acc = 0
    for _ in range(reps):
        for i in range(yd.N_ROLLS):
            for b in range(nb):
                acc += rules.score_roll(i, b)
    t1 = ticks_us()
    for _ in range(reps):
        for d in rolls:
            for b in range(nb):
                acc += rules.score(d, b)
    t2 = ticks_us()
    acc2 = 0
    for _ in range(reps):
        for d in rolls:
            for b in range(nb):
                acc2 += naive_score(name, cats, d, b)
    t3 = ticks_us()
    assert acc == 2 * acc2
    return ticks_diff(t1, t0), ticks_diff(t2, t1), ticks_diff(t3, t2)

def report(impl, reps):
    for name in ('yahtzee', 'yatzy', 'yacht'):
        a, b, c = run(name, reps)
        # per pass over 252 rolls x all boxes, in microseconds; ratio naive / core
        print('%s %-8s score_roll %7d us  score(dice) %7d us  naive %7d us  naive/score_roll x%d.%d  naive/score x%d.%d' % (
            impl, name, a // reps, b // reps, c // reps,
            c // max(a, 1), (10 * c // max(a, 1)) % 10,
            c // max(b, 1), (10 * c // max(b, 1)) % 10))
"""


def micropython_script(body, tmp):
    path = Path(tmp) / "bench_script.py"
    path.write_text(textwrap.dedent(body))
    return path


def main():
    from tools.cli_checks import Parser
    ap = Parser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer rulesets' heap floors")
    quick = ap.parse_args().quick
    with tempfile.TemporaryDirectory(prefix="bench_core_") as tmp:
        run_all(tmp, quick=quick)


def run_all(tmp, quick):
    print("(a) smallest heap for tests/mpy/check_core.py (KiB, 1K steps):")
    print("    lowest that passed / lowest from which every larger heap passed")
    if not circuitpython_available():
        print("    (CircuitPython: %s; MicroPython only)" % CIRCUITPYTHON_MISSING)
    for port in available_ports():
        print("  %s:" % ("CircuitPython 10.2.1 unix32" if port == "circuitpython"
                         else "MicroPython unix (64-bit)"))
        for name in (RULESETS[:1] + RULESETS[3:]) if quick else RULESETS:
            t = time.perf_counter()
            compiled = heap_floor(lambda k: core_check_completes(k, True, name, port))
            plain = heap_floor(lambda k: core_check_completes(k, False, name, port))
            print("    %-20s compiled .mpy: %s / %s K   plain .py: %s / %s K   (%.1f s)"
                  % ((name,) + compiled + plain + (time.perf_counter() - t,)))

    print("(b) bytes retained (gc.mem_alloc delta after gc.collect)")
    retained = micropython_script("""
        import gc, sys
        gc.collect()
        base = gc.mem_alloc()
        import yahtzee_core
        gc.collect()
        print('    import yahtzee_core: %d bytes' % (gc.mem_alloc() - base))
        name = sys.argv[1]
        before = gc.mem_alloc()
        rules = yahtzee_core.ruleset(name)
        gc.collect()
        print('    + ruleset(%r): %d bytes' % (name, gc.mem_alloc() - before))
        before = gc.mem_alloc()
        game = yahtzee_core.Game(rules, 4, lambda: 3)
        gc.collect()
        print('    + Game(rules, 4 players): %d bytes' % (gc.mem_alloc() - before))
        before = gc.mem_alloc()
        journal = yahtzee_core.Journal(bytearray(b'\\xff' * 512))
        journal.append(3, game.to_bytes())
        game = yahtzee_core.Game.from_bytes(journal.payload(journal.game_at), lambda: 3)
        gc.collect()
        print('    + Journal (512-byte nvm) append/read + from_bytes: %d bytes' % (
            gc.mem_alloc() - before))
        """, tmp)
    for port, compiled in [(p, c) for p in available_ports() for c in (True, False)]:
        print("  %s, %s:" % (port, "compiled .mpy" if compiled else "plain .py"))
        for name in ("yahtzee", "yatzy", "yacht"):
            done = run_micropython(retained, heapsize="512K", compiled=compiled, args=[name],
                                   port=port)
            lines = done.stdout.rstrip().splitlines() or [done.stderr.strip()]
            print("\n".join(lines if name == "yahtzee" else lines[1:2]))

    reps = 3 if quick else 10
    print("(c) scoring all boxes of all 252 rolls, per pass (core vs naive counting)")
    namespace = {}
    exec(compile(SCORING_BENCH, "scoring_bench", "exec"), namespace)
    namespace["report"]("  CPython    ", reps)
    mpy = micropython_script(SCORING_BENCH + "\nreport('  MicroPython', %d)\n" % reps, tmp)
    done = run_micropython(mpy, heapsize="1M", compiled=True)
    print(done.stdout.rstrip() or done.stderr)


if __name__ == "__main__":
    main()
