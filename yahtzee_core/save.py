"""Saves that survive pulling the battery.

A game is encoded compactly (82 bytes for four players of Yahtzee) with a format
version and a CRC. The two-slot store keeps the previous save readable while the next
one is written: each write goes to the slot that does not hold the newest save, under a
higher sequence number, so a power cut mid-write leaves a slot whose CRC fails and the
reader falls back to the other one.

>>> from yahtzee_core import Game
>>> store = SlotStore(bytearray(256))
>>> game = Game('yatzy', 4, lambda: 3)
>>> game.roll()
>>> store.write(game.to_bytes())
>>> Game.from_bytes(store.read()).to_bytes() == game.to_bytes()
True

Layout (integers little-endian): MAGIC, version, ruleset id, players, current player,
round, rolls left (bits 0-1; bit 2: the current player won at once, bit 3: duplicate
play); bytes 8-10: five dice (3 bits each), their held flags (bits 15-19),
turn_yahtzee (bit 21), an undo record follows (bit 22), its bonus (bit 23); bytes
11-15: the undo record (box; turn_yahtzee | rolls left << 1; dice and held as above).
Then per player: kind, Yahtzee bonuses, Yahtzees rolled, one byte per box (255 =
open). In duplicate play, the round's 15 dice (3 bits each, 6 bytes) follow. Last, the
CRC-16 of everything before it.
"""

MAGIC = b'YZ'
VERSION = 1
HEAD = 16  # bytes before the players


class SaveError(ValueError):
    """The bytes are not a save this version can read: corrupt, truncated or foreign."""


def crc16(data, start, end):
    """CRC-16/CCITT-FALSE of data[start:end]; integers only, no table."""
    crc = 0xFFFF
    for i in range(start, end):
        crc ^= data[i] << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def save_size(rules, players, duplicate=0):
    return HEAD + players * (3 + rules.n_boxes) + 6 * duplicate + 2


def dice_bits(dice, held):
    """Five dice (3 bits each) and their held flags (bits 15-19) as one int."""
    v = 0
    for i in range(5):
        v |= (dice[i] << (3 * i)) | (held[i] << (15 + i))
    return v


def encode(game):
    """A whole game in progress as bytes: ruleset, players, cards, dice, holds, undo."""
    from .game import KINDS
    rules = game.rules
    n = len(game.players)
    same = game.round_dice
    buf = bytearray(save_size(rules, n, same is not None))
    buf[0:2] = MAGIC
    buf[2:8] = bytes((VERSION, rules.id, n, game.current, game.round, game.rolls_left |
                      (game.winner >= 0) << 2 | (same is not None) << 3))
    flags = game.turn_yahtzee << 21
    undo = game.last_fill
    if undo:
        # the undo record's layout is documented at Game.last_fill in game.py
        box, bonus, counted, dice, held, rolls_left = undo
        flags |= (1 | bonus << 1) << 22
        buf[11] = box
        buf[12] = counted | (rolls_left << 1)
        buf[13:16] = dice_bits(dice, held).to_bytes(3, 'little')
    buf[8:11] = (dice_bits(game.dice, game.held) | flags).to_bytes(3, 'little')
    o = HEAD
    for p in range(n):
        card = game.cards[p]
        buf[o:o + 3] = bytes((KINDS.index(game.players[p]), card.bonus_count, game.yahtzees[p]))
        buf[o + 3:o + 3 + rules.n_boxes] = card.scores
        o += 3 + rules.n_boxes
    if same is not None:
        for j in range(3):  # one roll's five dice per 2 bytes (15 bits)
            buf[o:o + 2] = dice_bits(same[5 * j:5 * j + 5], b'\0\0\0\0\0').to_bytes(2, 'little')
            o += 2
    buf[o:] = crc16(buf, 0, o).to_bytes(2, 'little')
    return bytes(buf)


def _dice(data, start, dice, held):
    # Five dice (3 bits each) and their held flags (bits 15-19) from 3 bytes at start.
    bits = data[start] | data[start + 1] << 8 | data[start + 2] << 16
    for i in range(5):
        dice[i] = (bits >> (3 * i)) & 7
        held[i] = (bits >> (15 + i)) & 1


class SlotStore:
    """Two slots over any bytearray-like store (e.g. microcontroller.nvm).

    A slot holds [sequence u16][length u16][payload][CRC-16 of all before]. read()
    returns the payload of the newest slot whose CRC holds, or None; writing an empty
    payload records "nothing saved". A payload that passes the slot's CRC but not the
    reader's own checks (a game save has its own CRC-16 and field checks, so a torn
    write must beat both) is left to the reader: it asks read(older=True) next. A
    wider slot CRC would cost 32-bit arithmetic a board does in long ints, and change
    the slot format of every save on a device.
    """

    def __init__(self, buf, offset=0, slot_size=None):
        self.slot_size = (len(buf) - offset) // 2 if slot_size is None else slot_size
        if self.slot_size <= 6 or offset + 2 * self.slot_size > len(buf):
            raise ValueError("the store is too small for two slots")
        self.buf = buf
        self.offset = offset
        self.capacity = self.slot_size - 6  # the largest payload

    def _newest(self, skip=-1):
        """(offset, sequence, end) of the newest slot whose CRC holds, not counting the
        slot at offset `skip`; or None."""
        best = None
        buf = self.buf
        for k in range(2):
            o = self.offset + k * self.slot_size
            if o == skip:
                continue
            seq = buf[o] | buf[o + 1] << 8
            end = o + 4 + (buf[o + 2] | buf[o + 3] << 8)
            if end - o - 4 <= self.capacity and crc16(buf, o, end) == buf[end] | buf[end + 1] << 8:
                # Sequence numbers wrap: newer means ahead by less than half the range.
                if best is None or 0 < (seq - best[1]) & 0xFFFF < 0x8000:
                    best = (o, seq, end)
        return best

    def read(self, older=False):
        """The newest intact payload, or None when there is none (or it is empty).
        older=True: the other intact slot's payload, for a reader whose newest payload
        does not decode (a torn write can pass a 16-bit CRC, about 1 in 65,536 cuts)."""
        n = self._newest()
        if older and n:
            n = self._newest(n[0])
        return bytes(self.buf[n[0] + 4:n[2]]) if n and n[2] > n[0] + 4 else None

    def write(self, payload):
        """Store `payload` (b'' = nothing saved) in the slot not holding the newest save."""
        size = len(payload)
        if size > self.capacity:
            raise ValueError("a %d-byte save does not fit a %d-byte slot" % (size, self.capacity))
        n = self._newest()
        o, seq = (self.offset, 0) if n is None else (
            2 * self.offset + self.slot_size - n[0], n[1] + 1)
        rec = bytearray(size + 6)
        rec[0:4] = ((seq & 0xFFFF) | size << 16).to_bytes(4, 'little')
        rec[4:4 + size] = payload
        rec[4 + size:] = crc16(rec, 0, 4 + size).to_bytes(2, 'little')
        self.buf[o:o + size + 6] = rec  # one write: a cut leaves this slot's CRC broken
