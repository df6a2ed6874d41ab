# Core checks for the real MicroPython unix port (uses gc.mem_alloc): no pytest, plain
# asserts, kept small because its own code shares the heap under test.
# Usage: micropython check_core.py [ruleset]; run by tests/test_core_micropython.py and
# bench/bench_core.py. Ends with "core checks passed"; figures on lines "mem ...".
import gc
import sys

gc.collect()
_base = gc.mem_alloc()
print("mem script", _base)

import yahtzee_core as yc  # noqa: E402
from yahtzee_core import dice as yd  # noqa: E402

gc.collect()
print("mem after import", gc.mem_alloc() - _base)
print("core file", yc.__file__)
NAME = sys.argv[1] if len(sys.argv) > 1 else "yahtzee"
rules = yc.ruleset(NAME)
gc.collect()
print("mem after ruleset", gc.mem_alloc() - _base)
print("variant modules", " ".join(sorted(m for m in sys.modules if ".variants." in m)))


# -- scoring: every unordered roll of every box against the reference -----------------
# The reference leaves the heap again: the game below runs without its code.
import score_reference  # noqa: E402
print("scores checked", score_reference.check_scores(rules, NAME))
del score_reference
del sys.modules["score_reference"]
gc.collect()
cats = rules.categories


# -- a scripted four-player game: an LCG for dice, a greedy player -------------------
def lcg(state):
    def rng():
        state[0] = (state[0] * 1103515245 + 12345) & 0x7FFFFFFF
        return (state[0] >> 16) % 6 + 1
    return rng


def play_turn(game):
    """Keep the most common face between rolls, then take the best-scoring box."""
    game.roll()
    for _ in range(2):
        c = [0] * 7
        for x in game.dice:
            c[x] += 1
        keep = c.index(max(c))
        for i in range(5):
            game.hold(i, 1 if game.dice[i] == keep else 0)
        game.roll()
    best = -1
    for box, points in game.options().items():
        if points > best or (points == best and box < choice):
            choice, best = box, points
    return game.fill(choice)


seed = [2024]
game = yc.Game(rules, 4, lcg(seed))
gc.collect()
print("mem after Game", gc.mem_alloc() - _base)
nvm = bytearray(512)
store = yc.SlotStore(nvm, 0, 256)
turns = 0
twin = None
while not game.over:
    play_turn(game)
    turns += 1
    if turns == len(cats) * 2 + 1:
        # save mid-game, reload into a twin with an identical dice source, play on both
        store.write(game.to_bytes())
        data = yc.SlotStore(nvm, 0, 256).read()
        assert data == game.to_bytes()
        twin = yc.Game.from_bytes(data, lcg([seed[0]]))
        assert twin.to_bytes() == data
assert turns == 4 * len(cats), turns
while not twin.over:
    play_turn(twin)
assert twin.to_bytes() == game.to_bytes()
for card in game.cards:
    assert card.total == sum(card.filled.values()) + card.upper_bonus + card.yahtzee_bonus
    assert len(card.filled) == len(cats)
store.write(game.to_bytes())
assert yc.Game.from_bytes(store.read()).to_bytes() == game.to_bytes()
print("save bytes", len(game.to_bytes()))
print("totals", " ".join(str(c.total) for c in game.cards))
print("ranking", game.ranking())
gc.collect()
print("mem after game", gc.mem_alloc() - _base)
print("core checks passed")
