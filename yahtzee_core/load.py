"""Reading a save back: needed once, at power-on, so the game unloads it after use.

Every field is checked (magic, version, ruleset, length, CRC, then that the cards,
dice and undo record agree with the turn), so a corrupt or foreign save is refused
with SaveError instead of becoming a broken game.
"""

from .rules import RULESETS, OPEN, ruleset
from .save import SaveError, VERSION, crc16, save_size, _MAGIC, _HEAD, _UNDO, _get16, _unpack


def decode_game(data, rng=None):
    """The Game in encode_game() bytes; SaveError for anything else."""
    from .game import Game, KINDS
    n = len(data) > 4 and data[4]
    why = ("foreign bytes" if data[0:2] != _MAGIC else
           "format version %d, this build reads %d" % (data[2], VERSION) if data[2] != VERSION else
           "unknown ruleset" if data[3] >= len(RULESETS) else
           "bad player count" if not 1 <= n <= 8 else None) if len(data) > _HEAD else "too short"
    if why is None:
        rules = ruleset(RULESETS[data[3]])
        end = save_size(rules, n) - 2
        why = ("wrong length (truncated?)" if len(data) != end + 2 else
               "checksum mismatch (corrupt)" if crc16(data, 0, end) != _get16(data, end) else None)
    if why is None:
        step = 3 + rules.n_boxes
        kinds = [KINDS[data[o]] if data[o] < len(KINDS) else 'bad' for o in range(_HEAD, end, step)]
        try:
            game = Game(rules, kinds, rng)
        except ValueError:
            why = "unknown player kind"
    if why is None:
        game.current, game.round, game.rolls_left = data[5], data[6], data[7]
        _unpack(_get16(data, 8) | ((data[10] & 31) << 16), game.dice, game.held)
        game.turn_yahtzee = (data[10] >> 5) & 1
        rolled = game.rolled
        why = ("turn out of range" if game.current >= n or not 1 <= game.round <= rules.rounds + 1
               or game.rolls_left > 3 else
               "dice do not match the rolls left"
               if any((d == 0) == rolled or d > 6 for d in game.dice) else None)
        o = _HEAD
        for p in range(n):
            card = game.cards[p]
            card.bonus_count, game.yahtzees[p] = data[o + 1], data[o + 2]
            card.scores[:] = data[o + 3:o + step]
            done = 0
            for v in card.scores:
                done += v != OPEN
                if 50 < v < OPEN:
                    why = why or "box score out of range"
            # One box per completed turn; a bonus needs a filled box, a Yahtzee a turn.
            if done != game.round - 1 + (p < game.current) or card.bonus_count > done \
                    or game.yahtzees[p] > done + 1:
                why = why or "cards do not match the turn"
            o += step
    if why is None and data[10] & _UNDO:
        box = data[11]
        prev = game.cards[game.current - 1]  # index -1 is the last player: right at wrap
        if rolled or box >= rules.n_boxes or prev.scores[box] == OPEN:
            why = "bad undo record"
        else:
            dice = bytearray(5)
            held = bytearray(5)
            _unpack(_get16(data, 13) | (data[15] << 16), dice, held)
            game.last_fill = (box, data[10] >> 7, data[12] & 1, bytes(dice), bytes(held),
                              data[12] >> 1)
    if why is not None:
        raise SaveError("not a usable save: " + why)
    return game

