# A scripted full game with advice on every decision, for MicroPython / CircuitPython.
# Usage: micropython check_advisor.py TABLE_PATH [RULESET [SEED]]
# Prints one "name value" line per figure, then "advisor checks passed". The work
# happens in main(): its locals intern no names, so the heap it runs in is the
# advisor's (tests/test_advisor.py runs it under a fixed budget).
import gc
import sys


def main(argv):
    gc.collect()
    base = gc.mem_alloc()

    from yahtzee_core import ruleset, Scorecard

    path = argv[1]
    name = argv[2] if len(argv) > 2 else 'yahtzee'
    state = [int(argv[3]) if len(argv) > 3 else 12345]

    # the rules first: building their score table needs transient room
    rules = ruleset(name)
    card = Scorecard(rules)
    gc.collect()
    core_bytes = gc.mem_alloc() - base
    before_advisor = gc.mem_alloc()
    from yahtzee_core.advisor import Advisor
    adv = Advisor(rules, path)
    gc.collect()
    advisor_bytes = gc.mem_alloc() - before_advisor

    def die():
        # 31-bit LCG kept below 2**30 after the multiply-and-mask: no big ints
        state[0] = (state[0] * 1103515245 + 12345) & 0x3FFFFFFF
        return (state[0] >> 16) % 6 + 1

    n = rules.n_dice
    dice = [0] * n
    worst_turn = 0
    reads_max = 0
    seeks_max = 0
    decisions = 0
    start_value = adv.expected_final(card)
    for _ in range(rules.rounds):
        reads0 = adv.table.reads
        seeks0 = adv.table.seeks
        gc.collect()
        gc.disable()
        a0 = gc.mem_alloc()
        for i in range(n):
            dice[i] = die()
        for rolls_left in range(rules.turn_rolls - 1, 0, -1):
            kept = adv.best_hold(card, dice, rolls_left)[0]
            decisions += 1
            need = list(kept)
            new = []
            for d in dice:
                if d in need:
                    need.remove(d)
                    new.append(d)
            while len(new) < n:
                new.append(die())
            dice = new
        box = adv.best_box(card, dice)[0]
        decisions += 1
        used = gc.mem_alloc() - a0
        gc.enable()
        if used > worst_turn:
            worst_turn = used
        card.fill(box, tuple(dice))
        reads = adv.table.reads - reads0
        if reads > reads_max:
            reads_max = reads
        if adv.table.seeks - seeks0 > seeks_max:
            seeks_max = adv.table.seeks - seeks0

    gc.collect()
    print('expected at start', start_value)
    print('final score', card.total)
    print('decisions', decisions)
    print('table reads per turn max', reads_max)
    print('table seeks per turn max', seeks_max)
    print('core resident bytes', core_bytes)
    print('advisor resident bytes', advisor_bytes)
    print('turn allocation bytes max', worst_turn)
    print('heap used bytes', gc.mem_alloc())
    print('heap free bytes', gc.mem_free())


main(sys.argv)
print('advisor checks passed')
