"""The save format, in one place: a game as bytes, the actions that follow it, and the
kinds of record the nvm journal (journal.py) keeps.

A game in progress is saved as a snapshot (``Game.to_bytes()``: 82 bytes for four
players of Yahtzee, with a format version and a CRC) followed by one small record per
action since (a roll, a fill, an undo); resuming reads the snapshot back
(load.py, then load_checks.py: every field checked) and replays the actions through
the Game's own methods (replay.py), so a resumed game is the same game, dice
included. This module writes; the reading lives in those three, loaded only at power-on
(the heap is at its peak then), against the layouts below.

>>> from yahtzee_core import Game
>>> from yahtzee_core.replay import replay
>>> game = Game('yatzy', 4, lambda: 3)
>>> start = game.to_bytes()
>>> game.roll()
>>> action = roll_record(game)
>>> again = Game.from_bytes(start)
>>> replay(again, ROLL, action)
>>> again.to_bytes() == game.to_bytes()
True
"""

# The layouts, as comments: a board compiling this plain source builds a docstring in
# RAM as one string, and these made it 3 KB (the bundle drops docstrings; plain
# sources copied as they are keep them).
#
# Snapshot layout (integers little-endian): MAGIC, version, ruleset id, players,
# current player, round, rolls left (bits 0-1; bit 2: the current player won at once,
# bit 3: duplicate play; bits 4-7: a sixth die and its held flag, pack_dice's bits
# 20-23, Maxi Yatzy's, else 0); bytes 8-10: five dice (Crag: three, the rest 0) and
# their held flags (pack_dice's bits 0-19), with turn_yahtzee (bit 21), an undo record
# follows (bit 22), its bonus units' low bit (bit 23), the turn announced a box (bit
# 20: Yamb; byte 11 is then that box, as a turn that has rolled keeps no undo record);
# bytes 11-15: the undo record (box; turn_yahtzee | rolls left << 1 | the bonus units'
# high bit << 3, as Triple Yahtzee pays 1 to 3; the turn's dice and held flags,
# pack_dice, all 24 bits): the tuple Game.last_fill, written by encode(), read by
# load_checks.unpack_undo().
# Then per player: kind, Yahtzee bonuses, Yahtzees rolled, one byte per box (255 =
# open). In duplicate play (five dice or fewer), the round's 15 dice (a roll's five per
# 2 bytes) follow.
# Last, the CRC-16 of everything before it.
#
# Journal records (kinds below; journal.py frames and checks each one):
#
#     RECORDS  records.Records.to_bytes()        (its own check inside)
#     PEOPLE   people.People.to_bytes()          (its own check inside)
#     GAME     the app's game id (u16), then a snapshot: a game starts (or restarts
#              after the journal was compacted) here
#     ROLL     held flags (bits 0-5), then the dice the roll drew, a nibble each, low
#              nibble first, 0 padding: the five (Crag three, Maxi Yatzy six; fewer,
#              held ones kept) it rolled, or in duplicate play at seat 0's first roll
#              of a round, the round's 15 (Crag's two rolls: three of each of the last
#              two fives)
#     FILL     the box filled
#     UNDO     nothing: the last fill taken back
#     ANNOUNCE the box announced (Yamb: rules.announce(game, box))
#     COACH    the coach's costly decisions (ui/saves/store.py: records in all, records
#              kept before this one, the new ones)
#     CLEAR    nothing: no game to resume

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

MAGIC = b'YZ'
VERSION = 1
HEAD = 16  # bytes before the players

# Journal record kinds: numbers stored in nvm, never reused for another meaning.
RECORDS = const(1)
PEOPLE = const(2)
GAME = const(3)
ROLL = const(4)
FILL = const(5)
UNDO = const(6)
COACH = const(7)
CLEAR = const(8)
ANNOUNCE = const(9)

# CRC-16/CCITT: snapshots and journal frames (private: a literal, no name in the
# module's dict, which stays at 23 entries with ANNOUNCE; the next size takes 6 more)
_CRC_POLY = const(0x1021)
CHECK_POLY = const(0x8005)   # a second CRC-16 inside records and people: a torn write
                             # must pass both to be read (about 1 in 2**31)


class SaveError(ValueError):
    """The bytes are not a save this version can read: corrupt, truncated or foreign."""


def crc16(data, start, end, crc=0xFFFF, poly=_CRC_POLY):
    """CRC-16 (MSB first, no final xor) of data[start:end], continuing from `crc`;
    integers only, no table. The default is CRC-16/CCITT-FALSE."""
    for i in range(start, end):
        crc ^= data[i] << 8
        for _ in range(8):
            crc = ((crc << 1) ^ poly) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def save_size(rules, players, duplicate=0):
    return HEAD + players * (3 + rules.n_boxes) + 6 * duplicate + 2


def pack_dice(dice, held):
    """Five dice (3 bits each) and their held flags (bits 15-19) as one int; fewer dice
    (Crag's three) leave the bits of the rest 0; a sixth die (Maxi Yatzy) takes bits
    20-22, its flag bit 23 (i // 5 moves die 5 past the flags, and its flag past it)."""
    v = 0
    for i in range(len(dice)):
        v |= dice[i] << 3 * i + i // 5 * 5 | held[i] << 15 + i + i // 5 * 3
    return v


def unpack_dice(packed, dice, held):
    """pack_dice's int back into `dice` and `held` (as many dice as they hold). The
    argument is named as dice.py's (a new name would stay in a board's RAM)."""
    for i in range(len(dice)):
        dice[i] = packed >> 3 * i + i // 5 * 5 & 7
        held[i] = packed >> 15 + i + i // 5 * 3 & 1


def encode(game):
    """A whole game in progress as bytes: ruleset, players, cards, dice, holds, undo."""
    from .rules import KINDS
    rules = game.rules
    n = len(game.players)
    same = game.round_dice
    buf = bytearray(save_size(rules, n, same is not None))
    buf[0:2] = MAGIC
    bits = pack_dice(game.dice, game.held)
    buf[2:8] = bytes((VERSION, rules.id, n, game.current, game.round, game.rolls_left |
                      (game.winner >= 0) << 2 | (same is not None) << 3 | bits >> 20 << 4))
    flags = game.turn_yahtzee << 21
    if rules.column_orders and game.card.announced >= 0:  # Yamb's card
        flags |= 1 << 20
        buf[11] = game.card.announced
    undo = game.last_fill
    if undo:
        box, bonus, counted, dice, held, rolls_left = undo
        flags |= (1 | (bonus & 1) << 1) << 22
        buf[11] = box
        buf[12] = counted | rolls_left << 1 | bonus >> 1 << 3
        buf[13:16] = pack_dice(dice, held).to_bytes(3, 'little')
    buf[8:11] = (bits & 0xFFFFF | flags).to_bytes(3, 'little')
    o = HEAD
    for p in range(n):
        card = game.cards[p]
        buf[o:o + 3] = bytes((KINDS.index(game.players[p]), card.bonus_count, game.yahtzees[p]))
        buf[o + 3:o + 3 + rules.n_boxes] = card.scores
        o += 3 + rules.n_boxes
    if same is not None:
        for j in range(3):  # one roll's five dice per 2 bytes (15 bits)
            buf[o:o + 2] = pack_dice(same[5 * j:5 * j + 5], b'\0\0\0\0\0').to_bytes(2, 'little')
            o += 2
    buf[o:] = crc16(buf, 0, o).to_bytes(2, 'little')
    return bytes(buf)


# -- actions -------------------------------------------------------------------------
def roll_record(game):
    """The ROLL payload of the roll the game just made."""
    same = game.round_dice
    held = game.held
    if same is not None:    # the round's dice were drawn at seat 0's first roll
        src = same
        n = 15 if game.rolls_left == game.rules.turn_rolls - 1 and game.current == 0 else 0
    else:
        src = game.dice
        n = len(src)
    out = bytearray(1 + (n + 1) // 2)
    k = 0
    for i in range(n):
        if same is not None or not held[i]:
            out[1 + k // 2] |= src[i] << 4 * (k & 1)
            k += 1
    for i in range(len(held)):
        out[0] |= held[i] << i
    return bytes(out[:1 + (k + 1) // 2])
