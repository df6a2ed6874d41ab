# Core checks for the real MicroPython unix port (uses gc.mem_alloc): no pytest, plain
# asserts. Usage: micropython check_core.py [ruleset]; run by tests/test_core_micropython.py
# and bench/bench_core.py. Ends with "core checks passed"; figures on lines "mem ...".
import gc
import sys

gc.collect()
_base = gc.mem_alloc()
print("mem script", _base)
_peak = [0]


def mark():
    # the most ever retained at a checkpoint (the true transient peak is what the
    # heap bisection in bench/bench_core.py finds)
    gc.collect()
    a = gc.mem_alloc() - _base
    if a > _peak[0]:
        _peak[0] = a


import yahtzee_core as yc  # noqa: E402
from yahtzee_core import dice as yd  # noqa: E402

gc.collect()
print("mem after import", gc.mem_alloc() - _base)
print("core file", yc.__file__)

NAME = sys.argv[1] if len(sys.argv) > 1 else "yahtzee"
rules = yc.ruleset(NAME)
mark()
gc.collect()
print("mem after ruleset", gc.mem_alloc() - _base)
print("variant modules", " ".join(sorted(m for m in sys.modules if ".variants." in m)))


# -- scoring: every unordered roll against a tiny inline reference --------------------
def ref_score(cats, d, b):
    c = [0] * 7
    for x in d:
        c[x] += 1
    if b < 6:
        return (b + 1) * c[b + 1]
    box = cats[b]
    s = d[0] + d[1] + d[2] + d[3] + d[4]
    m = max(c)
    pairs = [f for f in range(6, 0, -1) if c[f] >= 2]
    full = 3 in c and 2 in c

    def kind(n):
        for f in range(6, 0, -1):
            if c[f] >= n:
                return n * f
        return 0

    def run(k):
        return any(all(c[f] for f in range(lo, lo + k)) for lo in range(1, 8 - k))

    def exact(lo):
        return all(c[f] == 1 for f in range(lo, lo + 5))

    if NAME == "yatzy":
        table = {"one_pair": pairs and 2 * pairs[0] or 0,
                 "two_pairs": 2 * (pairs[0] + pairs[1]) if len(pairs) == 2 else 0,
                 "three_of_a_kind": kind(3), "four_of_a_kind": kind(4),
                 "small_straight": 15 * exact(1), "large_straight": 20 * exact(2),
                 "full_house": s * full, "chance": s, "yatzy": 50 * (m == 5)}
    elif NAME == "yacht":
        table = {"full_house": s * full, "four_of_a_kind": kind(4),
                 "little_straight": 30 * exact(1), "big_straight": 30 * exact(2),
                 "choice": s, "yacht": 50 * (m == 5)}
    else:
        table = {"three_of_a_kind": s * (m >= 3), "four_of_a_kind": s * (m >= 4),
                 "full_house": 25 * full, "small_straight": 30 * run(4),
                 "large_straight": 40 * run(5), "yahtzee": 50 * (m == 5), "chance": s}
    return table[box]


cats = rules.categories
n_checked = 0
for i in range(yd.N_ROLLS):
    d = yd.roll_dice(i)
    assert yd.roll_index(d) == i
    for b in range(len(cats)):
        want = ref_score(cats, d, b)
        assert rules.score_roll(i, b) == want, (d, cats[b], rules.score_roll(i, b), want)
        assert rules.score(d, b) == want
        n_checked += 1
mark()
print("scores checked", n_checked)


# -- a scripted four-player game with an inline LCG -------------------------------------
class Lcg:
    def __init__(self, seed):
        self.state = seed

    def __call__(self):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 16) % 6 + 1


def play_turn(game):
    """Keep the most common face between rolls, then take the best-scoring box."""
    game.roll()
    for _ in range(2):
        c = [0] * 7
        for x in game.dice:
            c[x] += 1
        keep = 1
        for f in range(2, 7):
            if c[f] >= c[keep]:
                keep = f
        for i in range(5):
            if game.dice[i] == keep:
                game.hold(i)
            else:
                game.release(i)
        game.roll()
    opts = game.cards[game.current].options(game.dice)
    best = None
    for box in sorted(opts):
        if best is None or opts[box] > opts[best]:
            best = box
    return game.fill(best)


rng = Lcg(2024)
game = yc.Game(rules, 4, rng)
mark()
print("mem after Game", gc.mem_alloc() - _base)
nvm = bytearray(512)
store = yc.SlotStore(nvm, 0, 256)
turns = 0
saved_at = len(cats) * 2 + 1
twin = None
while not game.over:
    play_turn(game)
    turns += 1
    mark()
    if turns == saved_at:
        # save mid-game, reload into a twin with an identical dice source, play on both
        store.write(game.to_bytes())
        data = yc.SlotStore(nvm, 0, 256).read()
        assert data == game.to_bytes()
        twin = yc.Game.from_bytes(data, Lcg(rng.state))
        assert twin.to_bytes() == data
assert turns == 4 * len(cats), turns
while not twin.over:
    play_turn(twin)
assert twin.to_bytes() == game.to_bytes()
for card in game.cards:
    assert card.total == sum(card.filled.values()) + card.upper_bonus + card.yahtzee_bonus
    assert card.filled_mask == (1 << len(cats)) - 1
store.write(game.to_bytes())
assert yc.Game.from_bytes(store.read()).to_bytes() == game.to_bytes()
print("save bytes", len(game.to_bytes()))
print("totals", " ".join(str(c.total) for c in game.cards))
print("ranking", game.ranking())
mark()
gc.collect()
print("mem after game", gc.mem_alloc() - _base)
print("mem max retained", _peak[0])
print("core checks passed")
