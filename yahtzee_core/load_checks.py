"""Reading a save back, second half (load.py reads the cards first, and is unloaded
before this loads): duplicate play's dice of the round must be dice, the turn and the
cards ones a game reaches (rolls, boxes filled in an order the rules allow, counts), and
the undo record must take back exactly the last fill (the journal's
action records after the snapshot: replay.py). Layouts: save.py. Names as in load.py:
ones the firmware or the game already holds."""
from .dice import IllegalMove, roll_index
from .rules import OPEN
from .save import SaveError, unpack_dice, pack_dice


def decode(data, game):
    """Check the duplicate dice, the turn and the undo record of the Game load.decode()
    read from data; SaveError when they are not ones a game reaches."""
    try:
        if game.round_dice is not None:
            round_dice(data, len(data) - 8, game)
        check_turn(game)  # and the cards
        check_undo(data, game)
        rules = game.rules
        if data[10] & 0x10:  # flag bit 20: the turn announced the box in byte 11 (an
            if not rules.column_orders:  # undo record's turn has not rolled: refused)
                raise SaveError("bad undo record")
            rules.announce(game, data[11], 1)
        if rules.column_orders and game.rolls_left < rules.turn_rolls - 1 and \
                not rules.may_roll(game):  # Yamb: a second roll needs a box for its dice
            raise IllegalMove("rolled again unannounced")
    except IllegalMove:  # the engine refused the undo record's fill, the announce or
        raise SaveError("not a usable save: a move the rules refuse")  # the roll
    except SaveError as refused:
        raise SaveError("not a usable save: " + refused.args[0])


def round_dice(data, start, game):
    """Duplicate play's 15 dice of the round (3 bits each, a roll per 2 bytes): all
    1..6, or all 0 before round 1's first roll draws them."""
    fresh = game.round == 1 and not game.current and not game.rolled
    dice = bytearray(5)
    spare = bytearray(5)  # bit 15 of each pair is unused: must be 0
    for j in range(3):
        unpack_dice(data[start + 2 * j] | data[start + 2 * j + 1] << 8, dice, spare)
        game.round_dice[5 * j:5 * j + 5] = dice
        for v in dice:
            if (v == 0) != fresh or v > 6 or spare[0]:
                raise SaveError("bad duplicate dice")


def check_undo(data, game):
    """The undo record (save.unpack_undo) must take back exactly the last fill: undo
    it, check the turn that restores, fill the box again, compare."""
    rules = game.rules
    record = game.last_fill = unpack_undo(data, len(game.dice))
    if record is not None:
        box = record[0]
        card = game.cards[game.current - 1]  # index -1 is the last player: right at wrap
        scores = bytes(card.scores)
        bonus = card.bonus_count
        if game.rolled or box >= rules.n_boxes or data[12] & 7 > 5 or data[12] >> 4 or \
                pack_dice(record[3], record[4]) != data[13] | data[14] << 8 | data[15] << 16:
            raise SaveError("bad undo record")
        game.undo()
        check_turn(game)
        game.fill(box)
        if game.last_fill != record or card.scores != scores or card.bonus_count != bonus:
            raise SaveError("bad undo record")
    elif data[10] >> 7 or data[11] and not data[10] & 0x10 or \
            data[12] | data[13] | data[14] | data[15]:
        raise SaveError("bad undo record")


def check_turn(game):
    """Refuse dice, flags and cards that no play of the game reaches."""
    rules = game.rules
    counted = game.turn_yahtzee
    rolled = game.rolled
    bad = counted and not rolled
    n = len(game.dice)
    for i in range(n):
        d = game.dice[i]
        bad |= (d == 0) == rolled or d > 6 or (game.held[i] and not rolled)
    first = game.rolls_left == rules.turn_rolls - 1
    same = game.round_dice
    if rolled and not bad:
        five = rules._five_alike(roll_index(game.dice, n))
        # A five-alike is counted on the roll that shows it; after one roll, only then.
        # On the first roll it wins at once where the rules say so, and only then.
        bad = game.round > rules.rounds or (five and not counted) or \
            (first and counted and not five) or \
            (game.winner >= 0) != (first and five and same is None and rules.instant_win)
        # Duplicate play: each die is this turn's draw for its place on some roll so far
        # (the roll with r rolls left draws round_dice[15 - 5 * r + i]).
        for i in range(n if same is not None else 0):
            d = game.dice[i]
            bad |= d not in (same[i] if rules.turn_rolls > 2 else d + 8,
                             same[5 + i] if game.rolls_left < 2 else d + 8,
                             same[10 + i] if not game.rolls_left else d + 8)
    if bad or (game.winner >= 0 and not rolled):
        raise SaveError("dice do not match the turn")
    check_cards(game, counted)


def check_cards(game, counted):
    """Each card's filled boxes, bonuses and Yahtzee count fit the turn."""
    rules = game.rules
    box = rules.five_alike_box
    cols = rules.columns * rules.cells
    nb = rules.n_boxes
    per = nb // cols                # boxes of one column (Balut: of one cell)
    again = bytearray(nb)           # a card filled again, in an order the rules allow
    for p in range(len(game.cards)):
        card = game.cards[p]
        done = 0
        for v in card.scores:
            done += v != OPEN
        # Filled in an order the rules allow (Yamb's Down and Up columns, Poker Dice's
        # rounds): fill the boxes again on a blank card, each once rules.points takes
        # it (roll 1: no five-alike, so no Joker rule), sweeping down then up until
        # all are filled or a sweep fills none.
        for b in range(nb):
            again[b] = OPEN
        left = done
        step = 1
        while left:
            moved = 0
            b = 0 if step > 0 else nb - 1
            for _ in range(nb):
                if again[b] == OPEN and card.scores[b] != OPEN and \
                        rules.points(again, 1, b) >= 0:
                    again[b] = card.scores[b]
                    left -= 1
                    moved = 1
                b += step
            if not moved:
                raise SaveError("boxes filled out of order")
            step = -step
        d = rules.double_box        # scores only with the Generala in (roll 0: five 1s)
        if d >= 0 and again[d] != OPEN and again[d]:
            again[d] = OPEN
            if not rules.points(again, 0, d):
                raise SaveError("boxes filled out of order")
        # One box per completed turn. A bonus needs the five-alike boxes filled (with
        # points, unless bonus_in_upper) and a turn other than the ones that filled them;
        # each such box and this turn's roll count a Yahtzee, a bonus Yahtzee pays 1 to
        # `cols` units, and no turn counts more than one.
        bonus = card.bonus_count
        scored = filled = 0
        for c in range(cols if box >= 0 else 0):  # (none: Poker Dice)
            v = card.scores[box + per * c]
            scored += v not in (0, OPEN)
            filled += v != OPEN
        now = counted if p == game.current else 0
        if done != game.round - 1 + (p < game.current) or \
                bonus and (not rules.five_alike_bonus or bonus >= done * cols or
                           (filled if rules.bonus_in_upper else scored) < cols) or \
                not scored + (bonus + cols - 1) // cols + now <= game.yahtzees[p] <= done + now:
            raise SaveError("cards do not match the turn")


def unpack_undo(data, n=5):
    """The undo record (Game.last_fill) of snapshot `data` with n dice, or None when it
    has none."""
    if not data[10] >> 6 & 1:
        return None
    dice = bytearray(n)
    held = bytearray(n)
    unpack_dice(data[13] | data[14] << 8 | data[15] << 16, dice, held)
    return (data[11], data[10] >> 7 | (data[12] >> 3) << 1, data[12] & 1,
            bytes(dice), bytes(held), data[12] >> 1 & 3)
