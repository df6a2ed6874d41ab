"""The action records after a snapshot (save.py: ROLL, FILL, UNDO, ANNOUNCE), played on
the game read back, at power-on. Its own module: Game.from_bytes's checks
(load_checks.py) never need it, and it never needs them, so neither is in RAM while
the other works (the heap is at its peak then)."""
from .save import SaveError, ROLL, FILL, UNDO, ANNOUNCE


class _Draws:
    """A dice source that hands out a ROLL record's dice, then 0 (no die)."""

    def __init__(self, data):
        self.data = data
        self.k = 2      # nibble position: data[1] low nibble first

    def __call__(self):
        k = self.k
        self.k = k + 1
        return self.data[k // 2] >> 4 * (k & 1) & 15 if k < 2 * len(self.data) else 0


def replay(game, kind, data):
    """Play one action record (ROLL, FILL, UNDO, ANNOUNCE) on the game through its own
    methods. One that does not fit the game raises SaveError (or the game's
    IllegalMove, a ValueError too) and changes nothing."""
    if kind == ROLL and data:
        mask = data[0]
        drawn = 0       # the dice the record holds: nibbles up to the first 0
        while drawn < 2 * len(data) - 2 and data[1 + drawn // 2] >> 4 * (drawn & 1) & 15:
            drawn += 1
        n = len(game.dice)
        want = n
        if game.round_dice is not None:
            want = 15 if game.current == 0 and not game.rolled else 0
        elif game.rolled:
            for i in range(n):
                want -= mask >> i & 1
        if mask >> n or (mask and not game.rolled) or drawn != want or \
                len(data) != 1 + (drawn + 1) // 2:
            raise SaveError("bad roll record")
        held = bytes(game.held)
        rng = game.rng
        game.rng = _Draws(data)
        try:
            if game.rolled:
                for i in range(n):
                    game.hold(i, mask >> i & 1)
            game.roll()
        except ValueError:      # the game refused a die (or a hold): as it was
            game.held[:] = held
            raise
        finally:
            game.rng = rng
    elif kind == FILL and len(data) == 1:
        game.fill(data[0])
    elif kind == UNDO and not data:
        game.undo()
    elif kind == ANNOUNCE and len(data) == 1 and game.rules.column_orders:
        game.rules.announce(game, data[0])   # Yamb's (Poker Dice's refuses)
    else:
        raise SaveError("bad action record")
