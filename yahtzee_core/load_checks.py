"""The loaded game against play (load.py's second step, dropped with it): the turn,
dice and flags as some play leaves them, counts the cards allow, and an undo record
that replays. Refusals are load's SaveError."""

from .dice import roll_index
from .rules import OPEN
from .load import _refuse, _dice


def check_undo(data, game):
    """The undo record (layout: Game.last_fill in game.py) must take back exactly the
    last fill: undo it, check the turn that restores, fill the box again, compare."""
    rules = game.rules
    flags = data[10]  # bits 16-23 of the flags
    box = data[11]
    if flags >> 6 & 1:
        dice = bytearray(5)
        held = bytearray(5)
        _dice(data[13] | data[14] << 8 | data[15] << 16, dice, held)
        record = game.last_fill = (box, flags >> 7, data[12] & 1, bytes(dice),
                                   bytes(held), data[12] >> 1)
        card = game.cards[game.current - 1]  # index -1 is the last player: right at wrap
        scores = bytes(card.scores)
        bonus = card.bonus_count
        if game.rolled or box >= rules.n_boxes or data[12] > 5 or data[15] >> 4:
            _refuse("bad undo record")
        game.undo()
        check_turn(game)
        game.fill(box)
        if game.last_fill != record or card.scores != scores or card.bonus_count != bonus:
            _refuse("bad undo record")
    elif flags >> 7 or box | data[12] | data[13] | data[14] | data[15]:
        _refuse("bad undo record")


def check_turn(game):
    """Refuse dice, flags and cards that no play of the game reaches."""
    rules = game.rules
    counted = game.turn_yahtzee
    rolled = game.rolled
    bad = counted and not rolled
    for i in range(5):
        d = game.dice[i]
        bad |= (d == 0) == rolled or d > 6 or (game.held[i] and not rolled)
    if rolled and not bad:
        five = rules._five_alike[roll_index(game.dice)]
        # A five-alike is counted on the roll that shows it; after one roll, only then.
        bad = game.over or (five and not counted) or \
            (game.rolls_left == 2 and counted and not five)
    if bad:
        _refuse("dice do not match the turn")
    box = rules.five_alike_box
    for p in range(len(game.cards)):
        card = game.cards[p]
        done = 0
        for v in card.scores:
            done += v != OPEN
        # One box per completed turn. A bonus needs points in the five-alike box and
        # a turn other than the one that filled it; each bonus, that box and this
        # turn's roll count a Yahtzee each, and no turn counts more than one.
        bonus = card.bonus_count
        scored = card.scores[box] not in (0, OPEN)
        now = counted if p == game.current else 0
        if done != game.round - 1 + (p < game.current) or \
                bonus and (not rules.five_alike_bonus or not scored or bonus >= done) or \
                not scored + bonus + now <= game.yahtzees[p] <= done + now:
            _refuse("cards do not match the turn")
