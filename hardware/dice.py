"""Where the dice come from: the system's random numbers, or a seeded generator.

A board rolls with `random` unless settings.toml sets YAHTZEE_DICE_SEED; then it rolls
SeededDice, and the simulator's --dice-seed rolls the same ones, so one input script
plays the same game on a PC and on the board (tools/pico_emu). For repeatable tests,
not for play: the system's numbers are the default.
"""

_MASK = 0xFFFFF            # 20 bits of state
_MULTIPLIER = 1021         # = 1 mod 4, and with an odd increment: every state, in turn
_INCREMENT = 12345


class SeededDice:
    """A linear congruential generator of 20 bits (period 2**20) whose every product
    stays below 2**30, a small int on a board: a roll allocates nothing. A face comes
    from the top 16 bits (the low bits of such a generator repeat quickly)."""

    def __init__(self, seed):
        self.state = seed & _MASK

    def __call__(self):
        self.state = (self.state * _MULTIPLIER + _INCREMENT) & _MASK
        return (((self.state >> 4) * 6) >> 16) + 1

