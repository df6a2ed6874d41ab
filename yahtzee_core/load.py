"""Reading a save back: needed once, at power-on, so the game unloads it after use.

Every field is checked: the envelope (magic, version, ruleset, length, CRC), then
that each field is something the ruleset can produce: every box score one its box can
score (plain, as a Joker or 0) here; bonus and Yahtzee counts the card allows, dice and
flags that fit the rolls left, and an undo record that, taken back and filled again,
gives exactly the saved card in load_checks.py. A CRC only proves the bytes are as
written; these checks make an edited save a SaveError instead of a game that fails
later.
"""

from .dice import IllegalMove
from .rules import RULESETS, OPEN, ruleset, forget
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
    # In steps: a board loads each function's bytecode as one block, and small blocks
    # still fit a fragmented heap.
    rules, n, end = _envelope(data)
    # The checks against play are a module of their own (compiling one large module
    # from .py source needs its whole parse tree in RAM at once), loaded before the
    # game's objects take the heap's free runs.
    from . import load_checks
    try:
        game = _contents(data, rules, n, end, rng)
        load_checks.check_turn(game)
        load_checks.check_undo(data, game)
    except IllegalMove:  # the engine refused to replay the undo record's fill
        _refuse("bad undo record")
    finally:
        forget('load_checks')
    return game


def _envelope(data):
    """(rules, players, end of the CRC'd bytes): what the bytes claim to be, and that
    they arrived whole."""
    try:
        size = len(data)
    except TypeError:  # None, a number: not bytes at all
        size = 0
    if size <= HEAD:
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
    return rules, n, end


def _contents(data, rules, n, end, rng):
    """The game the bytes describe, each box score one its box can score."""
    step = 3 + rules.n_boxes
    players = []
    for o in range(HEAD, end, step):
        if data[o] >= len(KINDS):
            _refuse("unknown player kind")
        players.append(KINDS[data[o]])
    game = Game(rules, players, rng)
    game.current, game.round, game.rolls_left = data[5], data[6], data[7]
    flags = data[8] | data[9] << 8 | data[10] << 16
    if flags & 1 << 20 or game.current >= n or game.rolls_left > 3 or \
            not 1 <= game.round <= rules.rounds + 1:
        _refuse("turn out of range")
    _dice(flags, game.dice, game.held)
    game.turn_yahtzee = (flags >> 21) & 1
    # Bit v & 7 of byte 7 * b + (v >> 3): box b scores v for some roll (0 where the
    # box can fail); or v is its Joker score.
    ok = bytearray(7 * rules.n_boxes)
    table = rules._table
    joker = rules.joker_points
    for r in range(len(table)):
        v = table[r]
        ok[7 * (r // 252) + (v >> 3)] |= 1 << (v & 7)
    for p in range(n):
        o = HEAD + p * step
        card = game.cards[p]
        card.bonus_count, game.yahtzees[p] = data[o + 1], data[o + 2]
        card.scores[:] = data[o + 3:o + step]
        for b in range(rules.n_boxes):
            v = card.scores[b]
            if v != OPEN and not (joker and v == joker[b] != 0) and \
                    (v > 55 or not ok[7 * b + (v >> 3)] >> (v & 7) & 1):
                _refuse("impossible box score")
    return game
