"""The core on the real MicroPython unix port and on CircuitPython 10's 32-bit build:
compiled .mpy under a fixed small heap, and plain .py sources.

The heap for the compiled run is a regression budget, not the target: the target was
24K on this 64-bit interpreter (16K on a 32-bit board) and the core does not reach it.
bench/bench_core.py prints the smallest heap that works: 37-39K for this script by
ruleset, 44K for Triple Yahtzee (about 4K of it is the script's own code). Near the
limit the outcome is not monotonic (the heap's layout decides whether a module's
bytecode or a new qstr pool still finds a free run), hence a margin of 1K over the
lowest heap from which every larger one passes, for the worst ruleset.
"""
import re

import pytest

import reference_scoring as ref
from mpy_util import REPO_ROOT, ports, run_micropython

CHECK_CORE = REPO_ROOT / "tests" / "mpy" / "check_core.py"
CHECK_JOURNAL = REPO_ROOT / "tests" / "mpy" / "check_journal.py"
CHECK_SCORES = REPO_ROOT / "tests" / "mpy" / "check_scores.py"
CHECK_LAZY = REPO_ROOT / "tests" / "mpy" / "check_lazy_rulesets.py"
# Variant modules that must NOT be loaded when only this ruleset is in play.
NOT_LOADED = {"yahtzee": ("yatzy", "yacht", "1956", "free"),
              "yahtzee-free-joker": ("yatzy", "yacht", "1956"),
              "yahtzee-1956": ("yatzy", "yacht", "free"),
              "yatzy": ("yahtzee", "yacht"),
              "yacht": ("yahtzee", "yatzy"),
              "kniffel": ("yatzy", "yacht", "1956", "free", "generala", "kismet", "triple"),
              "generala": ("yahtzee", "yatzy", "yacht", "kniffel", "kismet", "triple"),
              "kismet": ("yahtzee", "yatzy", "yacht", "kniffel", "generala", "triple"),
              "triple-yahtzee": ("yatzy", "yacht", "1956", "free", "kniffel", "generala",
                                 "kismet"),
              "crag": ("yahtzee", "yatzy", "yacht", "kniffel", "generala", "kismet"),
              "yamb": ("yahtzee", "yatzy", "yacht", "kniffel", "generala", "kismet",
                       "triple", "crag"),
              "balut": ("yahtzee", "yatzy", "yacht", "kniffel", "generala", "kismet",
                        "triple", "crag"),
              "maxi-yatzy": ("yahtzee", "yacht", "kniffel", "generala", "kismet", "crag"),
              "poker-dice": ("yahtzee", "yatzy", "yacht", "kniffel", "generala", "kismet",
                             "triple", "crag", "yamb", "balut")}
# Budgets: fail if the core grows past what it needs (floors measured with
# tests/mpy_util.heap_floor, every ruleset; bench/bench_core.py prints them), plus 1K.
# CircuitPython's is the project's target for a 32-bit board: 25-27K by five-dice
# ruleset (MicroPython 37-39K; Crag 25K / 36K), short of the 24K aimed for
# (docs/FIGURES.md).
COMPILED_HEAP = {"micropython": "40K", "circuitpython": "28K"}
# Triple Yahtzee's 39 boxes, Balut's 28: MicroPython passes 44K, fails 45K, passes every
# heap from 46K, so no 1K margin there
COMPILED_HEAP_TRIPLE = {"micropython": "46K", "circuitpython": "31K"}
# Yamb's 48 boxes (four cards of them, and the check's `filled` dicts at the end);
# measured: MicroPython passes 46K, fails 47K, passes every heap from 48K (so no 1K
# margin); CircuitPython passes 31K, fails 32K, passes every heap from 33K
COMPILED_HEAP_YAMB = {"micropython": "48K", "circuitpython": "33K"}
# Maxi Yatzy: a 4.6 KB table (462 rolls of six dice, 20 boxes); measured: CircuitPython
# fails 31K, passes every heap from 32K (no 1K margin)
COMPILED_HEAP_SIX = {"micropython": "43K", "circuitpython": "32K"}
# Poker Dice: its rank table is built at the ruleset's start (a list of 252 keys, sorted);
# measured 39K and 27K (40K and 27K while Game had an announce method)
COMPILED_HEAP_POKER = {"micropython": "40K", "circuitpython": "28K"}
PLAIN_HEAP = "256K"  # generous: bench/bench_core.py finds and prints the smallest
# check_journal.py: the core check's game with the nvm journal around it (a 1 KB nvm, a
# compaction's 1 KB image, the records, the replay at power-on). Lowest heap from which
# every larger one passes, the worst ruleset: CircuitPython 37K (Triple Yahtzee 39K),
# plus 1K; MicroPython's is not monotonic near its floor (Kismet passes 54K and 55K,
# fails 56K, passes from 57K), so its budget is the first heap every ruleset passes.
JOURNAL_HEAP = {"micropython": "57K", "circuitpython": "38K"}
JOURNAL_HEAP_TRIPLE = {"micropython": "63K", "circuitpython": "40K"}
# Yamb: 48 boxes and 192 turns of records; measured 72K and 41K (compiled)
JOURNAL_HEAP_YAMB = {"micropython": "73K", "circuitpython": "42K"}
JOURNAL_HEAP_SIX = {"micropython": "59K", "circuitpython": "41K"}   # 58K / 40K measured
JOURNAL_HEAP_POKER = {"micropython": "59K", "circuitpython": "40K"}   # 58K / 39K measured


def _figures(stdout):
    return {m.group(1): m.group(2) for m in re.finditer(r"^(.+?) (-?\d+)$", stdout, re.M)}


def _check_output(done, name):
    out = done.stdout
    assert done.returncode == 0, "MicroPython failed:\n%s\n%s" % (out, done.stderr)
    assert out.rstrip().endswith("core checks passed"), out
    assert int(_figures(out)["save size in bytes"]) == 16 + 4 * (3 + len(ref.boxes(name))) + 2
    variants = re.search(r"^variant modules (.*)$", out, re.M).group(1).split()
    assert variants, "no variant module loaded for %s" % name
    for module in variants:
        tail = module.rsplit(".", 1)[-1]
        assert not any(word in tail for word in NOT_LOADED[name]), (name, variants)
    return out


@pytest.mark.parametrize("port", ports())
@pytest.mark.parametrize("name", ref.RULESETS)
def test_check_core_compiled_in_a_small_heap(name, port):
    budget = {"triple-yahtzee": COMPILED_HEAP_TRIPLE, "balut": COMPILED_HEAP_TRIPLE,
              "yamb": COMPILED_HEAP_YAMB,
              "maxi-yatzy": COMPILED_HEAP_SIX,
              "poker-dice": COMPILED_HEAP_POKER}.get(name, COMPILED_HEAP)
    done = run_micropython(CHECK_CORE, heapsize=budget[port], compiled=True,
                           args=[name], port=port)
    out = _check_output(done, name)
    core_file = re.search(r"^core module file (.*)$", out, re.M).group(1)
    assert core_file.endswith(".mpy"), "the compiled run imported sources: %s" % core_file


@pytest.mark.parametrize("port_form", ports(forms=(True, False)))
@pytest.mark.parametrize("name", ref.RULESETS)
def test_check_journal_on_both_interpreters(name, port_form):
    """The journal appends a game's records, compacts a full nvm and replays it at
    power-on on the board's interpreters: compiled in a small heap, and from .py."""
    port, compiled = port_form
    budget = {"triple-yahtzee": JOURNAL_HEAP_TRIPLE, "balut": JOURNAL_HEAP_TRIPLE,
              "yamb": JOURNAL_HEAP_YAMB,
              "maxi-yatzy": JOURNAL_HEAP_SIX,
              "poker-dice": JOURNAL_HEAP_POKER}.get(name, JOURNAL_HEAP)
    done = run_micropython(CHECK_JOURNAL, heapsize=budget[port] if compiled else PLAIN_HEAP,
                           compiled=compiled, args=[name], port=port)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert out.rstrip().endswith("journal checks passed"), out
    assert int(_figures(out)["journal compactions"]) > 0
    assert int(_figures(out)["records replayed"]) > 0


@pytest.mark.parametrize("port_form", ports(forms=(True, False)))
@pytest.mark.parametrize("name", ref.RULESETS)
def test_every_score_table_matches_the_reference(name, port_form):
    port, compiled = port_form
    done = run_micropython(CHECK_SCORES, heapsize="64K" if compiled else PLAIN_HEAP,
                           compiled=compiled, args=[name], port=port)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.rstrip().endswith("score checks passed"), done.stdout
    rolls = {3: 56, 5: 252, 6: 462}[ref.DICE.get(name, 5)]   # C(n + 5, 5) rolls
    assert int(_figures(done.stdout)["scores checked"]) == rolls * len(ref.boxes(name))


@pytest.mark.parametrize("port", ports())
@pytest.mark.parametrize("name", ["yahtzee", "yatzy", "yacht"])
def test_check_core_plain_sources(name, port):
    done = run_micropython(CHECK_CORE, heapsize=PLAIN_HEAP, compiled=False, args=[name],
                           port=port)
    out = _check_output(done, name)
    core_file = re.search(r"^core module file (.*)$", out, re.M).group(1)
    assert core_file.endswith(".py"), core_file


@pytest.mark.parametrize("port", ports())
def test_one_ruleset_does_not_build_the_others(port):
    done = run_micropython(CHECK_LAZY, heapsize="128K", compiled=True, port=port)
    assert done.returncode == 0, done.stdout + done.stderr
    rows = {}
    for line in done.stdout.splitlines():
        m = re.match(r"after (\w+) (\d+) \[(.*)\]$", line)
        rows[m.group(1)] = (int(m.group(2)), m.group(3).replace("'", "").replace(",", " ").split())
    assert rows["import"][1] == []
    tails = {k: [m.rsplit(".", 1)[-1] for m in v[1]] for k, v in rows.items()}
    assert [t for t in tails["yacht"] if "yatzy" in t or "yahtzee" in t] == []
    assert "yacht" in tails["yacht"]
    assert "yatzy" in tails["yatzy"]
    # Yatzy's score table appears only when Yatzy is asked for: 756 bytes of face
    # counts, 4 lower boxes of 252 bytes and 5 of 32 (one bit per roll); Yacht's 1 and 5
    assert rows["yatzy"][0] - rows["yacht"][0] >= 756 + 4 * 252 + 5 * 32
    assert rows["yacht"][0] - rows["import"][0] >= 756 + 252 + 5 * 32


def test_an_argument_too_long_for_the_interpreter_is_refused_before_it_runs():
    script = REPO_ROOT / "tests" / "mpy" / "echo_length.py"
    done = run_micropython(script, compiled=False, args=["x" * 255])
    assert done.stdout.strip() == "255"
    with pytest.raises(ValueError, match="longer than 255 bytes"):
        run_micropython(script, compiled=False, args=["x" * 256])
