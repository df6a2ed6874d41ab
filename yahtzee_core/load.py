"""Reading a save back: needed once, at power-on, so the game unloads it after use.

Every field is checked (magic, version, ruleset, length, CRC, then that the cards,
dice and undo record agree with the turn), so a corrupt or foreign save is refused
with SaveError instead of becoming a broken game.
"""

from .rules import RULESETS, OPEN, ruleset
from .save import SaveError, MAGIC, VERSION, HEAD, crc16, save_size
from .game import Game, KINDS


def _refuse(why):
    raise SaveError("not a usable save: " + why)


def _dice(bits, dice, held):
    for i in range(5):
        dice[i] = (bits >> (3 * i)) & 7
        held[i] = (bits >> (15 + i)) & 1


def decode_game(data, rng=None):
    """The Game in encode_game() bytes; SaveError for anything else."""
    # The envelope: what the bytes claim to be, and that they arrived whole.
    if len(data) <= HEAD:
        _refuse("too short")
    if data[0:2] != MAGIC:
        _refuse("foreign bytes")
    if data[2] != VERSION:
        _refuse("format version %d, this build reads %d" % (data[2], VERSION))
    if data[3] >= len(RULESETS):
        _refuse("unknown ruleset")
    n = data[4]
    if not 1 <= n <= 8:
        _refuse("bad player count")
    rules = ruleset(RULESETS[data[3]])
    end = save_size(rules, n) - 2
    if len(data) != end + 2:
        _refuse("wrong length (truncated?)")
    if crc16(data, 0, end) != data[end] | data[end + 1] << 8:
        _refuse("checksum mismatch (corrupt)")

    # The contents: a CRC only proves the bytes are as written, so check they make a game.
    step = 3 + rules.n_boxes
    players = []
    for o in range(HEAD, end, step):
        if data[o] >= len(KINDS):
            _refuse("unknown player kind")
        players.append(KINDS[data[o]])
    game = Game(rules, players, rng)
    game.current, game.round, game.rolls_left = data[5], data[6], data[7]
    if game.current >= n or not 1 <= game.round <= rules.rounds + 1 or game.rolls_left > 3:
        _refuse("turn out of range")
    flags = data[8] | data[9] << 8 | data[10] << 16
    _dice(flags, game.dice, game.held)
    game.turn_yahtzee = (flags >> 21) & 1
    rolled = game.rolled
    for d in game.dice:
        if (d == 0) == rolled or d > 6:
            _refuse("dice do not match the rolls left")
    for p in range(n):
        o = HEAD + p * step
        card = game.cards[p]
        card.bonus_count, game.yahtzees[p] = data[o + 1], data[o + 2]
        card.scores[:] = data[o + 3:o + step]
        done = 0
        for v in card.scores:
            done += v != OPEN
            if 50 < v < OPEN:
                _refuse("box score out of range")
        # One box per completed turn; a bonus needs a filled box, a Yahtzee a turn.
        if done != game.round - 1 + (p < game.current) or card.bonus_count > done \
                or game.yahtzees[p] > done + 1:
            _refuse("cards do not match the turn")

    if flags >> 22 & 1:
        box = data[11]
        prev = game.cards[game.current - 1]  # index -1 is the last player: right at wrap
        if rolled or box >= rules.n_boxes or prev.scores[box] == OPEN:
            _refuse("bad undo record")
        dice = bytearray(5)
        held = bytearray(5)
        _dice(data[13] | data[14] << 8 | data[15] << 16, dice, held)
        game.last_fill = (box, flags >> 23, data[12] & 1, bytes(dice), bytes(held),
                          data[12] >> 1)
    return game
