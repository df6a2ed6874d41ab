# The rules core's game check for MicroPython / CircuitPython (uses gc.mem_alloc): a
# scripted four-player game with a mid-game save round trip (the nvm journal:
# check_journal.py). No pytest, plain asserts,
# kept small because its own code shares the heap under test (the heap budget): the
# work happens in main(), whose locals intern no names, and it prints line by line
# rather than join generators (each generator is one more code object in RAM). The
# score tables are checked by check_scores.py.
# Usage: micropython check_core.py [ruleset]; run by tests/test_device_core.py and
# bench/bench_core.py. Ends with "core checks passed"; figures on lines "mem ...".
import gc
import sys


def main(name):
    # Helpers as closures and labels longer than 10 characters: neither interns a name.
    def mem(label):
        gc.collect()
        print("mem", label, gc.mem_alloc() - base)

    def lcg(state):
        def rng():
            state[0] = (state[0] * 1103515245 + 12345) & 0x7FFFFFFF
            return (state[0] >> 16) % 6 + 1
        return rng

    def play_turn(game):
        """Keep the most common face between rolls, then take the best-scoring box."""
        game.roll()
        if game.rules.column_orders:
            import yamb_turn        # Yamb, only its announce column open: announce
            yamb_turn.announce(game)
        for _ in range(game.rules.turn_rolls - 1):     # two more rolls; Crag one
            c = [0] * 7
            for x in game.dice:
                c[x] += 1
            keep = c.index(max(c))
            for i in range(len(game.dice)):
                game.hold(i, 1 if game.dice[i] == keep else 0)
            game.roll()
        best = -1
        for box, points in game.options().items():
            if points > best or (points == best and box < choice):
                choice, best = box, points
        return game.fill(choice)

    gc.collect()
    base = gc.mem_alloc()
    print("mem the script", base)
    import yahtzee_core as yc
    mem("after the import")
    print("core module file", yc.__file__)
    rules = yc.ruleset(name)
    mem("after the ruleset")
    loaded = ""
    for m in sorted(sys.modules):
        if m.startswith("yahtzee_core.variants."):
            loaded += " " + m
    print("variant modules" + loaded)
    n_boxes = len(rules.categories)

    seed = [2024]
    game = yc.Game(rules, 4, lcg(seed))
    mem("after the Game")
    turns = 0
    twin = None
    while not game.over:
        play_turn(game)
        turns += 1
        if turns == n_boxes * 2 + 1:
            # save mid-game, reload into a twin with an identical dice source, play on both
            # (the journal in nvm around saves: check_journal.py)
            data = game.to_bytes()
            twin = yc.Game.from_bytes(data, lcg([seed[0]]))
            assert twin.to_bytes() == data
    # A Generala served ends the game at once; else every box is filled.
    assert turns == 4 * n_boxes or game.winner >= 0, turns
    while twin and not twin.over:
        play_turn(twin)
    assert twin is None or twin.to_bytes() == game.to_bytes()
    twin = None  # done with: the final round trip needs its room
    for card in game.cards:
        assert card.total == sum(card.filled.values()) + card.upper_bonus + \
            card.yahtzee_bonus if not rules.hands else card.total <= n_boxes  # rounds won
        assert len(card.filled) == n_boxes or game.winner >= 0
        print("final total", card.total)
    assert yc.Game.from_bytes(game.to_bytes()).to_bytes() == game.to_bytes()
    print("save size in bytes", len(game.to_bytes()))
    print("final ranking", game.ranking())
    mem("after the whole game")


main(sys.argv[1] if len(sys.argv) > 1 else "yahtzee")
if "QSTR" in sys.argv:
    import micropython
    micropython.qstr_info(1)
print("core checks passed")
