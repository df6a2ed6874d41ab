"""Reading a save back, first half: needed once, at power-on, so Game.from_bytes
unloads it before loading the second half (load_checks.py): the two never share RAM,
and this runs at the heap's peak (a game in play and the one being read).

Every field is checked: here the envelope (magic, version, ruleset, length, CRC), rolls
left within the turn's, and that each box score is one its box can score (plain, as a
Joker, served or 0); in load_checks.py, boxes filled in an order the rules allow, bonus
and Yahtzee counts the card allows, dice and flags that fit the rolls left, duplicate
play's dice of the round, and an undo record that, taken back and filled again, gives
exactly the saved card. A CRC only proves the bytes are as written; these checks make an edited
save a SaveError instead of a game that fails later.

Few names: a board interns every function and argument name of a module it loads for
good, and this module loads at the heap's peak (a game in play and the one being read),
where a single name too many costs a new block of the name table (about 1.3K). So the
functions are named with names the firmware or the game already holds (envelope,
unpack, decode; cards) and the checks raise SaveError themselves; decode() adds the
common prefix.
"""

from .rules import NAMES, OPEN, KINDS
from .variants import ruleset
from .save import unpack_dice, pack_dice, SaveError, MAGIC, VERSION, HEAD, crc16, save_size


def decode(data, rng, Game):
    """The Game in save.encode() bytes, its cards checked; SaveError for anything else.
    Game.from_bytes passes its class (game.py loads this module: it does not import
    game back) and then has load_checks.decode() check the turn, the duplicate dice
    and the undo record."""
    # In steps: a board loads each function's bytecode as one block, and small blocks
    # still fit a fragmented heap.
    try:
        rules, n = envelope(data)
        game = unpack(data, rules, n, rng, Game)
        cards(data, game)
    except SaveError as refused:
        raise SaveError("not a usable save: " + refused.args[0])
    return game


def envelope(data):
    """(rules, players): what the bytes claim to be, and that they arrived whole."""
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
    if data[3] >= NAMES.count(' ') - 1:     # past the rulesets NAMES holds
        raise SaveError("unknown ruleset")
    end = 0                 # the ruleset's name: after data[3] + 1 spaces in NAMES
    for _ in range(data[3] + 1):
        start = end + 1
        end = NAMES.find(' ', start)
    n = data[4]
    if not 1 <= n <= 8:
        raise SaveError("bad player count")
    rules = ruleset(NAMES[start:end])
    end = save_size(rules, n, data[7] >> 3 & 1) - 2
    if size != end + 2:
        raise SaveError("wrong length (truncated?)")
    if crc16(data, 0, end) != data[end] | data[end + 1] << 8:
        raise SaveError("checksum mismatch (corrupt)")
    return rules, n


def unpack(data, rules, n, rng, Game):
    """The game the bytes describe: players, turn and dice (load_checks.py checks
    that they fit together)."""
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
    if game.current >= n or not 1 <= game.round <= rules.rounds + 1 or \
            game.rolls_left > rules.turn_rolls:     # (Crag's turn has two)
        raise SaveError("turn out of range")
    # the dice: bits 0-19 in bytes 8-10, a sixth die's 20-23 in byte 7's high nibble
    bits = (data[8] | data[9] << 8 | data[10] << 16) & 0xFFFFF | data[7] >> 4 << 20
    unpack_dice(bits, game.dice, game.held)
    if pack_dice(game.dice, game.held) != bits:
        raise SaveError("turn out of range")  # a die (or its flag) past the ruleset's
    game.turn_yahtzee = (data[10] >> 5) & 1  # flag bit 21
    return game


def cards(data, game):
    """Each card's boxes and counts from the bytes, each box score one its box can
    score: its plain score for some roll (0 where it can fail), its Joker score, a
    served score, or one with a roll bonus (Yamb's straight made early). A search,
    not a table: this runs once per power-on, at the heap's peak."""
    rules = game.rules
    step = 3 + rules.n_boxes
    served = rules.served
    n = (0, 6, 21, 56, 126, 252, 462)[rules.n_dice]  # rolls: C(n_dice + 5, 5)
    for p in range(len(game.cards)):
        o = HEAD + p * step
        card = game.cards[p]
        if data[o + 1]:  # else the class-level 0 (see Scorecard)
            card.bonus_count = data[o + 1]
        game.yahtzees[p] = data[o + 2]
        card.scores[:] = data[o + 3:o + step]
        for b in range(rules.n_boxes):
            v = card.scores[b]
            ok = v == OPEN or rules.joker_points and v == rules.joker_score(b) != 0
            # Yamb's straight made early: one or two rolls' bonus more
            k = rules.roll_bonus(b % len(rules.kinds)) if rules.column_orders else 0
            r = 0
            while not ok and r < n:
                s = rules.score_roll(r, b)
                ok = s == v or served and s and s + served[b] == v or \
                    k and s and v - s in (k, 2 * k)
                r += 1
            if not ok:
                raise SaveError("impossible box score")
