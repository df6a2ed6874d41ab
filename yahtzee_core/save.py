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
"""

VERSION = 1
_MAGIC = b'YZ'
_HEAD = 16     # bytes before the players; then per player: kind, bonuses, Yahtzees, boxes
_UNDO = 0x40   # flag bits in byte 10, after the five held bits and turn_yahtzee (bit 5)


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


def _put16(buf, o, v):
    buf[o] = v & 0xFF
    buf[o + 1] = v >> 8


def _get16(buf, o):
    return buf[o] | (buf[o + 1] << 8)


def _pack(dice, held):
    """Five dice (3 bits each) and their held flags (1 bit each) in 20 bits."""
    v = 0
    for i in range(5):
        v |= (dice[i] << (3 * i)) | (held[i] << (15 + i))
    return v


def _unpack(v, dice, held):
    for i in range(5):
        dice[i] = (v >> (3 * i)) & 7
        held[i] = (v >> (15 + i)) & 1


def save_size(rules, players):
    return _HEAD + players * (3 + rules.n_boxes) + 2


def encode_game(game):
    """A whole game in progress as bytes: ruleset, players, cards, dice, holds, undo."""
    from .game import KINDS
    rules = game.rules
    n = len(game.kinds)
    buf = bytearray(save_size(rules, n))
    buf[0:2] = _MAGIC
    buf[2], buf[3], buf[4] = VERSION, rules.id, n
    buf[5], buf[6], buf[7] = game.current, game.round, game.rolls_left
    v = _pack(game.dice, game.held)
    _put16(buf, 8, v & 0xFFFF)
    buf[10] = (v >> 16) | (game.turn_yahtzee << 5)
    if game.last_fill:
        box, bonus, counted, dice, held, rolls_left = game.last_fill
        buf[10] |= _UNDO | (bonus << 7)
        buf[11] = box
        buf[12] = counted | (rolls_left << 1)
        v = _pack(dice, held)
        _put16(buf, 13, v & 0xFFFF)
        buf[15] = v >> 16
    o = _HEAD
    for p in range(n):
        buf[o] = KINDS.index(game.kinds[p])
        buf[o + 1] = game.cards[p].bonus_count
        buf[o + 2] = game.yahtzees[p]
        buf[o + 3:o + 3 + rules.n_boxes] = game.cards[p].scores
        o += 3 + rules.n_boxes
    _put16(buf, o, crc16(buf, 0, o))
    return bytes(buf)


class SlotStore:
    """Two slots over any bytearray-like store (e.g. microcontroller.nvm).

    A slot holds [sequence u16][length u16][payload][CRC-16 of all before]. read()
    returns the payload of the newest slot whose CRC holds, or None; an empty payload
    records "nothing saved" (clear()).
    """

    def __init__(self, buf, offset=0, slot_size=None):
        self.slot_size = (len(buf) - offset) // 2 if slot_size is None else slot_size
        if self.slot_size <= 6 or offset + 2 * self.slot_size > len(buf):
            raise ValueError("the store is too small for two slots")
        self.buf = buf
        self.offset = offset
        self.capacity = self.slot_size - 6  # the largest payload

    def _newest(self):
        """(offset, sequence, length) of the newest slot whose CRC holds, or None."""
        best = None
        for k in range(2):
            o = self.offset + k * self.slot_size
            seq, length = _get16(self.buf, o), _get16(self.buf, o + 2)
            if length <= self.capacity and crc16(self.buf, o, o + 4 + length) == _get16(self.buf, o + 4 + length):
                # Sequence numbers wrap: newer means ahead by less than half the range.
                if best is None or 0 < (seq - best[1]) & 0xFFFF < 0x8000:
                    best = (o, seq, length)
        return best

    def read(self):
        n = self._newest()
        return bytes(self.buf[n[0] + 4:n[0] + 4 + n[2]]) if n and n[2] else None

    def write(self, payload):
        size = len(payload)
        if size > self.capacity:
            raise ValueError("a %d-byte save does not fit a %d-byte slot" % (size, self.capacity))
        n = self._newest()
        o, seq = (self.offset, 0) if n is None else (
            2 * self.offset + self.slot_size - n[0], (n[1] + 1) & 0xFFFF)
        rec = bytearray(size + 6)
        _put16(rec, 0, seq)
        _put16(rec, 2, size)
        rec[4:4 + size] = payload
        _put16(rec, 4 + size, crc16(rec, 0, 4 + size))
        self.buf[o:o + size + 6] = rec  # one write: a cut leaves this slot's CRC broken

    def clear(self):
        """Record "nothing saved" as the newest state (as power-safe as write)."""
        self.write(b'')
