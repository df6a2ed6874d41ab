"""Reading a save back: needed once, at power-on, so the game unloads it after use.

Every field is checked: the envelope (magic, version, ruleset, length, CRC), then
that each field is something the ruleset can produce: every box score one its box can
score (plain, as a Joker or 0), bonus and Yahtzee counts the card allows, dice and
flags that fit the rolls left, and an undo record that, taken back and filled again,
gives exactly the saved card. A CRC only proves the bytes are as written; these checks
make an edited save a SaveError instead of a game that fails later.

Few names: a board interns every function and argument name of a module it loads for
good, and this module loads at the heap's peak (a game in play and the one being read),
where a single name too many costs a new block of the name table (about 1.3K). So the
functions are named with names the firmware already holds (envelope, unpack, decode)
and the checks raise SaveError themselves; decode() adds the common prefix.
"""

from .dice import IllegalMove, roll_index
from .rules import RULESETS, OPEN, ruleset
from .save import SaveError, MAGIC, VERSION, HEAD, crc16, save_size
from .game import Game, KINDS


def decode(data, rng=None):
    """The Game in save.encode() bytes; SaveError for anything else."""
    # In steps: a board loads each function's bytecode as one block, and small blocks
    # still fit a fragmented heap.
    try:
        rules, n, end = envelope(data)
        game = unpack(data, rules, n, end, rng)
        check_turn(game)
        check_undo(data, game)
    except IllegalMove:  # the engine refused to replay the undo record's fill
        raise SaveError("not a usable save: bad undo record")
    except SaveError as refused:
        raise SaveError("not a usable save: " + refused.args[0])
    return game


def envelope(data):
    """(rules, players, end of the CRC'd bytes): what the bytes claim to be, and that
    they arrived whole."""
    try:
        size = len(data)
    except TypeError:  # None, a number: not bytes at all
        size = 0
    if size <= HEAD:
        raise SaveError("too short for a save")
    if data[0:2] != MAGIC:
        raise SaveError("foreign bytes")
    if data[2] != VERSION:
        raise SaveError("format version %d, this build reads %d" % (data[2], VERSION))
    if data[3] >= len(RULESETS):
        raise SaveError("unknown ruleset")
    n = data[4]
    if not 1 <= n <= 8:
        raise SaveError("bad player count")
    rules = ruleset(RULESETS[data[3]])
    end = save_size(rules, n, data[7] >> 3 & 1) - 2
    if len(data) != end + 2:
        raise SaveError("wrong length (truncated?)")
    if crc16(data, 0, end) != data[end] | data[end + 1] << 8:
        raise SaveError("checksum mismatch (corrupt)")
    return rules, n, end


def _dice(data, start, dice, held):
    # Five dice (3 bits each) and their held flags (bits 15-19) from 3 bytes at start.
    bits = data[start] | data[start + 1] << 8 | data[start + 2] << 16
    for i in range(5):
        dice[i] = (bits >> (3 * i)) & 7
        held[i] = (bits >> (15 + i)) & 1


def unpack(data, rules, n, end, rng):
    """The game the bytes describe, each box score one its box can score."""
    step = 3 + rules.n_boxes
    players = []
    for o in range(HEAD, HEAD + n * step, step):
        if data[o] >= len(KINDS):
            raise SaveError("unknown player kind")
        players.append(KINDS[data[o]])
    game = Game(rules, players, rng, data[7] & 8)
    game.current, game.round, game.rolls_left = data[5], data[6], data[7] & 3
    if data[7] & 4:
        game.winner = game.current
    if data[10] & 0x10 or game.current >= n or data[7] >> 4 or \
            not 1 <= game.round <= rules.rounds + 1:  # 0x10 of byte 10: flag bit 20
        raise SaveError("turn out of range")
    _dice(data, 8, game.dice, game.held)
    game.turn_yahtzee = (data[10] >> 5) & 1  # flag bit 21
    # Bit v & 7 of byte 7 * b + (v >> 3): box b scores v for some roll (0 where the
    # box can fail); or v is its Joker score.
    # Bit v & 7 of byte w * b + (v >> 3): box b scores v for some roll (0 where the box
    # can fail), as a Joker, or served.
    top = getattr(rules, 'top_score', 55)
    w = top // 8 + 1
    nb = rules.n_boxes
    ok = bytearray(w * nb)
    joker = rules.joker_points
    served = getattr(rules, 'served', 0)
    for b in range(nb):
        for v in range(252):
            v = rules.score_roll(v, b)
            ok[w * b + (v >> 3)] |= 1 << (v & 7)
            if served and v:
                v += served[b]
                ok[w * b + (v >> 3)] |= 1 << (v & 7)
        v = joker[b % 13] * (b // 13 + 1) if joker else 0
        if v:
            ok[w * b + (v >> 3)] |= 1 << (v & 7)
    for p in range(n):
        o = HEAD + p * step
        card = game.cards[p]
        card.bonus_count, game.yahtzees[p] = data[o + 1], data[o + 2]
        card.scores[:] = data[o + 3:o + step]
        for b in range(nb):
            v = card.scores[b]
            if v != OPEN and (v > top or not ok[w * b + (v >> 3)] >> (v & 7) & 1):
                raise SaveError("impossible box score")
    same = game.round_dice
    if same is not None:
        # drawn at the round's first roll: before it, round 1 holds none
        fresh = game.round == 1 and not game.current and not game.rolled
        dice = bytearray(5)
        spare = bytearray(5)  # bit 15 of each pair, unused: must be 0
        for j in range(3):
            _dice(data, end - 6 + 2 * j, dice, spare)
            same[5 * j:5 * j + 5] = dice
            for v in dice:
                if (v == 0) != fresh or v > 6 or spare[0]:
                    raise SaveError("bad duplicate dice")
    return game





def check_undo(data, game):
    """The undo record (layout: Game.last_fill in game.py) must take back exactly the
    last fill: undo it, check the turn that restores, fill the box again, compare."""
    rules = game.rules
    flags = data[10]  # bits 16-23 of the flags
    box = data[11]
    if flags >> 6 & 1:
        dice = bytearray(5)
        held = bytearray(5)
        _dice(data, 13, dice, held)
        record = game.last_fill = (box, flags >> 7, data[12] & 1, bytes(dice),
                                   bytes(held), data[12] >> 1)
        card = game.cards[game.current - 1]  # index -1 is the last player: right at wrap
        scores = bytes(card.scores)
        bonus = card.bonus_count
        if game.rolled or box >= rules.n_boxes or data[12] > 5 or data[15] >> 4:
            raise SaveError("bad undo record")
        game.undo()
        check_turn(game)
        game.fill(box)
        if game.last_fill != record or card.scores != scores or card.bonus_count != bonus:
            raise SaveError("bad undo record")
    elif flags >> 7 or box | data[12] | data[13] | data[14] | data[15]:
        raise SaveError("bad undo record")


def check_turn(game):
    """Refuse dice, flags and cards that no play of the game reaches."""
    rules = game.rules
    counted = game.turn_yahtzee
    rolled = game.rolled
    bad = counted and not rolled
    for i in range(5):
        d = game.dice[i]
        bad |= (d == 0) == rolled or d > 6 or (game.held[i] and not rolled)
    first = game.rolls_left == 2
    same = game.round_dice
    if rolled and not bad:
        five = rules._five_alike[roll_index(game.dice)]
        # A five-alike is counted on the roll that shows it; after one roll, only then.
        # On the first roll it wins at once where the rules say so, and only then.
        bad = game.round > rules.rounds or (five and not counted) or \
            (first and counted and not five) or \
            (game.winner >= 0) != (first and five and getattr(rules, 'instant_win', 0))
        # Duplicate play: each die is this turn's draw for its place on some roll so far.
        for i in range(5 if same is not None else 0):
            d = game.dice[i]
            bad |= d not in (same[i], same[5 + i] if game.rolls_left < 2 else d + 8,
                             same[10 + i] if not game.rolls_left else d + 8)
    if bad or (game.winner >= 0 and not rolled):
        raise SaveError("dice do not match the turn")
    box = rules.five_alike_box
    cols = getattr(rules, 'columns', 1)
    for p in range(len(game.cards)):
        card = game.cards[p]
        done = 0
        for v in card.scores:
            done += v != OPEN
        # One box per completed turn. A bonus needs the five-alike boxes filled (with
        # points, but for Kniffel) and a turn other than the ones that filled them;
        # each such box and this turn's roll count a Yahtzee, a bonus Yahtzee pays 1 to
        # `cols` units, and no turn counts more than one.
        bonus = card.bonus_count
        scored = filled = 0
        for c in range(cols):
            v = card.scores[box + 13 * c]
            scored += v not in (0, OPEN)
            filled += v != OPEN
        now = counted if p == game.current else 0
        if done != game.round - 1 + (p < game.current) or \
                bonus and (not rules.five_alike_bonus or bonus >= done * cols or
                           (filled if rules.name == 'kniffel' else scored) < cols) or \
                not scored + (bonus + cols - 1) // cols + now <= game.yahtzees[p] <= done + now:
            raise SaveError("cards do not match the turn")
