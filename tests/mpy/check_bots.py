# A scripted whole game between `good` computer players, for MicroPython /
# CircuitPython. Usage: micropython check_bots.py [RULESET [SEED [SEATS]]]
# Every decision is the bot's (holds, Yamb's announce after the first roll, then the
# box, served on a first roll); the game runs through yahtzee_core.Game, so an illegal
# move would raise. Prints one "name value" line per figure, then "bot checks passed".
# The work happens in main(): its locals intern no names, so the heap it runs in is the
# bots' (tests/test_device_bots.py runs it under a fixed budget; bench/bench_bots.py
# --heap prints the smallest heap).
# CPython runs it too (its heap figures read 0): the same game, for comparison.
import gc
import sys


def main(argv):
    def mem_alloc():
        return gc.mem_alloc() if hasattr(gc, 'mem_alloc') else 0

    gc.collect()
    base = mem_alloc()
    import yahtzee_core as yc
    from yahtzee_core.bots import make_bot

    name = argv[1] if len(argv) > 1 else 'yahtzee'
    state = [int(argv[2]) if len(argv) > 2 else 2024]
    seats = int(argv[3]) if len(argv) > 3 else 2

    def die():
        # 31-bit LCG kept below 2**30 after the multiply-and-mask: no big ints
        state[0] = (state[0] * 1103515245 + 12345) & 0x3FFFFFFF
        return (state[0] >> 16) % 6 + 1

    rules = yc.ruleset(name)
    game = yc.Game(rules, ('good',) * seats, die)
    gc.collect()
    core_bytes = mem_alloc() - base
    before = mem_alloc()
    bots = []
    for _ in range(seats):
        bots.append(make_bot('good', rules))
    gc.collect()
    bot_bytes = mem_alloc() - before

    announces = 'A' in (rules.column_orders or '')     # Yamb
    worst_turn = 0
    largest = 0          # the largest hold value seen: must stay a small int
    served = 0
    turns = 0
    while not game.over:
        bot = bots[game.current]
        gc.collect()
        gc.disable()
        a0 = mem_alloc()
        game.roll()
        if announces:
            b = bot.choose_announce(game.card, game.dice)
            if b >= 0:
                rules.announce(game, b)
        while game.rolls_left and not game.over:
            flags = bot.choose_hold(game.card, game.dice, game.rolls_left)
            for v in bot.planner.x:
                if v > largest:
                    largest = v
            keep = 0
            n = len(game.dice)
            for i in range(n):
                game.hold(i, flags[i])
                keep += flags[i]
            if keep == n:
                break
            game.roll()
        if game.over:      # Generala served: the game is won at once
            gc.enable()
            break
        first = 1 if game.rolls_left == 2 else 0
        box = bot.choose_box(game.card, game.dice, first)
        used = mem_alloc() - a0
        gc.enable()
        if used > worst_turn:
            worst_turn = used
        served += first
        game.fill(box)
        turns += 1

    gc.collect()
    assert largest <= 0x3FFFFFFF, largest        # below 2**30: never a long int
    for card in game.cards:
        assert card.total == sum(card.filled.values()) + card.upper_bonus + \
            card.yahtzee_bonus if not rules.hands else card.total <= rules.n_boxes
        assert len(card.filled) == rules.n_boxes or game.winner >= 0
        print('final total', card.total)
    print('turns', turns)
    print('winner at once', game.winner)
    print('boxes filled on a first roll', served)
    print('largest hold value', largest)
    print('core resident bytes', core_bytes)
    print('bots resident bytes', bot_bytes)
    print('turn allocation bytes max', worst_turn)
    print('heap used bytes', mem_alloc())
    print('heap free bytes', gc.mem_free() if hasattr(gc, 'mem_free') else 0)


main(sys.argv)
print('bot checks passed')
