"""Fuzz the save reader with edited real saves whose checksum is made right again.

    .venv/bin/python tests/save_fuzz.py [COUNT] [SEED]    (prints the counts)

Each input is a real save (games of every ruleset and 1 to 4 players, caught mid-turn,
right after a fill with its undo record, with Yahtzee bonuses, after a Yamb announce,
finished) with one to
three bytes changed (a random value, a bit flip, plus or minus one) and the CRC-16
recomputed, so only the reader's field checks stand between it and the game. Each must
be refused with SaveError, or load and play to the end (random holds, rolls, fills and
undos) with every step's save loading back to the same bytes. tests/test_saves_fuzz.py
runs a small count; the issue's figures come from a large one run by hand.
"""
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import yahtzee_core as yc  # noqa: E402
from yahtzee_core.save import crc16  # noqa: E402


def dice_source(rnd, sticky):
    """Seeded dice; with sticky > 0 a die repeats the previous face that often (more
    five-alikes, so saves with Yahtzee bonuses and Jokers)."""
    last = [1]

    def die():
        if rnd.random() >= sticky:
            last[0] = rnd.randrange(1, 7)
        return last[0]
    return die


def open_announce_boxes(game):
    """The open boxes of the current card's announce column (Yamb), else none."""
    rules = game.rules
    if not rules.column_orders or 'A' not in rules.column_orders:  # (Poker Dice: 'D')
        return []
    per = rules.n_boxes // rules.columns
    a = rules.column_orders.index('A') * per
    return [b for b in range(a, a + per) if game.card.scores[b] == 255]


def random_step(game, rnd):
    """One random legal action: roll, toggle a die, announce (Yamb), fill a legal box,
    or undo."""
    if game.can_undo and rnd.random() < 0.15:
        game.undo()
    elif game.rolled and open_announce_boxes(game) and game.card.announced < 0 and \
            game.rolls_left == game.rules.turn_rolls - 1 and \
            (not game.options() or rnd.random() < 0.25):
        game.rules.announce(game, rnd.choice(open_announce_boxes(game)))
    elif not game.rolled:
        game.roll()
    elif game.rolls_left and rnd.random() < 0.6:
        if rnd.random() < 0.5:
            game.toggle(rnd.randrange(len(game.dice)))
        else:
            game.roll()
    else:
        opts = game.options()
        game.fill(rnd.choice(sorted(opts)))


def real_saves(seed=1):
    """Saves of real games at many points: every ruleset, 1 to 4 players."""
    rnd = random.Random(seed)
    saves = []
    for name in yc.RULESETS:
        for players in range(1, 5):
            for sticky in (0, 0.85):
                game = yc.Game(name, players, dice_source(rnd, sticky))
                while not game.over:
                    random_step(game, rnd)
                    if rnd.random() < 0.08:
                        saves.append(game.to_bytes())
                saves.append(game.to_bytes())
    return saves


def mutate(data, rnd):
    """Change one to three bytes before the CRC, then recompute the CRC."""
    bad = bytearray(data)
    body = len(bad) - 2
    for _ in range(rnd.choice((1, 1, 2, 3))):
        pos = rnd.randrange(body)
        how = rnd.randrange(3)
        if how == 0:
            bad[pos] = rnd.randrange(256)
        elif how == 1:
            bad[pos] ^= 1 << rnd.randrange(8)
        else:
            bad[pos] = (bad[pos] + rnd.choice((-1, 1))) & 0xFF
    crc = crc16(bad, 0, body)
    bad[body], bad[body + 1] = crc & 0xFF, crc >> 8
    return bytes(bad)


def play_to_end(game, rnd):
    """Random legal play until the game is over; each step's save must load back."""
    steps = 0
    while not game.over:
        game.options()
        game.ranking()
        for p in range(len(game.cards)):
            game.stats(p)
        random_step(game, rnd)
        data = game.to_bytes()
        assert yc.Game.from_bytes(data, game.rng).to_bytes() == data
        steps += 1
        assert steps < 2000, "the game does not end"
    return steps


def fuzz(count, seed=0):
    """(tried, refused, unchanged, played): inputs tried, refused with SaveError, equal to
    the original save after the edit, loaded and played to the end."""
    rnd = random.Random(seed)
    saves = real_saves(seed + 1)
    seen = set(saves)
    tried = refused = unchanged = played = 0
    for _ in range(count):
        data = mutate(rnd.choice(saves), rnd)
        tried += 1
        try:
            game = yc.Game.from_bytes(data, dice_source(rnd, 0.3))
        except yc.SaveError:
            refused += 1
            continue
        unchanged += data in seen
        play_to_end(game, rnd)
        played += 1
    return tried, refused, unchanged, played


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    s = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    tried, refused, unchanged, played = fuzz(n, s)
    print("save fuzz: %d inputs tried, %d refused, %d loaded and played to the end "
          "(%d of them an unchanged real save), seed %d" % (tried, refused, played,
                                                             unchanged, s))
