# The nvm journal's check for MicroPython / CircuitPython (uses gc.mem_alloc): a
# scripted four-player game saved from mid-game on in the journal of a 1 KB nvm (a
# snapshot, a record per roll, announce (Yamb) and fill, the records; compactions whenever it fills),
# then read back as at power-on, the records and a replay of every action. No pytest, plain asserts,
# kept small because its own code shares the heap under test (the heap budget): the
# work happens in main(), whose locals intern no names, and it prints line by line
# rather than join generators (each generator is one more code object in RAM). The
# score tables are checked by check_scores.py.
# Usage: micropython check_journal.py [ruleset]; run by tests/test_device_core.py.
# Ends with "journal checks passed"; figures on lines "mem ...".
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

    def play_turn(game, log):
        """Keep the most common face between rolls, then take the best-scoring box;
        each roll and the fill go to `log` (the journal, once it has the game)."""
        game.roll()
        log(game, 4, -1)    # save.ROLL
        if game.rules.column_orders:
            import yamb_turn        # Yamb, only its announce column open: announce
            yamb_turn.announce(game, log)
        for _ in range(game.rules.turn_rolls - 1):     # two more rolls; Crag one
            c = [0] * 7
            for x in game.dice:
                c[x] += 1
            keep = c.index(max(c))
            for i in range(len(game.dice)):
                game.hold(i, 1 if game.dice[i] == keep else 0)
            game.roll()
            log(game, 4, -1)
        best = -1
        for box, points in game.options().items():
            if points > best or (points == best and box < choice):
                choice, best = box, points
        gained = game.fill(choice)
        log(game, 5, game.rules.box_index(choice))     # save.FILL
        return gained

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
    # The journal of a 1 KB nvm: the game's snapshot after the first turn, then a
    # record per roll and fill, compacted (erased and rewritten) whenever it fills up.
    nvm = bytearray(b"\xff" * (1024 if n_boxes > 5 else 384))  # Poker Dice's game is short
    journal = [None]
    from yahtzee_core.save import roll_record

    def log(game, kind, box):
        j = journal[0]
        if j is not None:
            j.append(kind, roll_record(game) if box < 0 else bytes((box,)))

    turns = 0
    while not game.over:
        play_turn(game, log)
        turns += 1
        if turns == 1:
            j = journal[0] = yc.Journal(nvm)
            j.parts = lambda: [(3, game.to_bytes())]    # save.GAME: the game as it is
            from yahtzee_core.records import Records
            high = Records()
            high.add_score(game.cards[0].total, "ABC", rules.id)
            j.append(1, high.to_bytes())                # save.RECORDS
            j.append(3, game.to_bytes())
    # A Generala served ends the game at once; else every box is filled.
    assert turns == 4 * n_boxes or game.winner >= 0, turns
    j = journal[0] = None
    mem("after the game and its journal")
    # a power-on: the snapshot read back, every record after it replayed
    from yahtzee_core.replay import replay
    j = yc.Journal(nvm)
    assert not j.dirty and j.game_at >= 0
    twin = yc.Game.from_bytes(j.payload(j.game_at), lcg([0]))
    p = j.game_at
    records = 0
    while p < j.end:
        kind, start, n = j.record(p)
        if kind != 3:
            replay(twin, kind, j.payload(p))
            records += 1
        p = start + n + 2
    assert twin.to_bytes() == game.to_bytes()
    assert Records.from_bytes(j.payload(j.at[1])).high == high.high
    mem("after the power-on")
    print("records replayed", records)
    print("journal compactions", j.gen)
    assert j.gen > 0
    twin = j = None  # done with: the final round trip needs its room
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
print("journal checks passed")
