"""Saves: size, exact round trip, rejection of bad bytes, and the two-slot power-safe store."""
import random

import pytest

import reference_scoring as ref
import yahtzee_core as yc
from game_helpers import assert_rejected, lcg, mid_game, play


# --- encoding ------------------------------------------------------------------------

def test_every_save_fits_the_nvm_game_slot(capsys):
    """The real limit: the app's game slot on a board with room (ui/nvm_layout.py; its
    large-game region for Triple Yahtzee of 4 players and more),
    less the SlotStore's and the app's headers. Every ruleset, 1 to 8 players, at
    any point of the game (the size never changes), and save_size says it first."""
    from ui.app_saves import SAVE_PREFIX
    from ui.nvm_layout import GAME_SLOT_MAX, LARGE_SLOT
    from yahtzee_core.save import save_size
    room = yc.SlotStore(bytearray(2 * GAME_SLOT_MAX), 0, GAME_SLOT_MAX).capacity - SAVE_PREFIX
    # Triple Yahtzee (39 boxes a seat) from 4 players: the large-game region instead
    large = yc.SlotStore(bytearray(2 * LARGE_SLOT), 0, LARGE_SLOT).capacity - SAVE_PREFIX
    rows = []
    for name in ref.RULESETS:
        sizes = []
        for players in range(1, 9):
            game = yc.Game(name, players, lcg(players))
            start = len(game.to_bytes())
            play(game, players * 2)
            sizes.append(len(game.to_bytes()))
            assert sizes[-1] == start == save_size(game.rules, players), (name, players)
        rows.append("%-20s %s" % (name, " ".join("%3d" % s for s in sizes)))
        assert max(sizes) <= (large if name == 'triple-yahtzee' else room), (name, sizes, room)
        assert sizes[2] <= room, (name, sizes, room)        # three seats: the game slot
        assert sizes == sorted(sizes)
    with capsys.disabled():
        print("\nsave bytes for 1..8 players:\n" + "\n".join(rows))


@pytest.mark.parametrize("name", ref.RULESETS)
def test_round_trip_is_exact_at_every_turn_of_a_game(name):
    game = yc.Game(name, 3, lcg(11))
    pick = random.Random(5)
    checked = 0
    while not game.over:
        for step in range(3):
            data = game.to_bytes()
            assert isinstance(data, (bytes, bytearray))
            back = yc.Game.from_bytes(data, lcg(1))
            assert back.to_bytes() == data
            assert back.current == game.current and back.round == game.round
            assert bytes(back.dice) == bytes(game.dice)
            assert bytes(back.held) == bytes(game.held)
            assert back.rolls_left == game.rolls_left and back.can_undo == game.can_undo
            assert [c.total for c in back.cards] == [c.total for c in game.cards]
            assert [bytes(c.scores) for c in back.cards] == [bytes(c.scores) for c in game.cards]
            assert [back.stats(p) for p in range(3)] == [game.stats(p) for p in range(3)]
            checked += 1
            game.roll()
            if step < 2:
                game.toggle(pick.randrange(5))
        opts = game.cards[game.current].options(game.dice)
        game.fill(pick.choice(sorted(opts)))
    data = game.to_bytes()
    back = yc.Game.from_bytes(data)
    assert back.over and back.to_bytes() == data
    assert back.ranking() == game.ranking()
    assert checked == 3 * 3 * len(ref.boxes(name))


def test_every_seat_kind_survives_a_save():
    # saves store the index into yc.KINDS: kinds are appended, never reordered
    assert yc.KINDS[:4] == ('human', 'perfect', 'good', 'beginner')
    game = play(yc.Game('yacht', list(yc.KINDS), lcg(4)), 7, 4)
    assert yc.Game.from_bytes(game.to_bytes(), lcg(0)).players == game.players


def test_loaded_game_keeps_undo_and_continues_identically():
    game = mid_game()
    game.fill(sorted(game.cards[game.current].options(game.dice))[0])
    assert game.can_undo
    data = game.to_bytes()
    twin = yc.Game.from_bytes(data, lcg(99))
    game.rng = lcg(99)  # same dice from here on for both
    assert twin.can_undo
    twin.undo()
    game.undo()
    assert twin.to_bytes() == game.to_bytes()
    play(game, 30, seed=8)
    play(twin, 30, seed=8)
    assert twin.to_bytes() == game.to_bytes()


def test_loaded_game_without_rng_cannot_roll_but_can_fill():
    game = mid_game()
    back = yc.Game.from_bytes(game.to_bytes())
    before = back.to_bytes()
    with pytest.raises(yc.IllegalMove):
        back.roll()
    assert back.to_bytes() == before
    box = sorted(back.cards[back.current].options(back.dice))[0]
    assert back.fill(box) == game.fill(box)
    assert back.to_bytes() == game.to_bytes()


# --- rejecting bad bytes ----------------------------------------------------------------

# Each single bit, and the whole byte inverted.
FLIPS = (0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0xFF)


@pytest.mark.parametrize("name", ref.RULESETS)
def test_every_single_byte_flip_is_rejected(name):
    game = mid_game(name, players=4 if name == "yahtzee" else 1)
    data = game.to_bytes()
    for pos in range(len(data)):
        for flip in FLIPS:
            bad = bytearray(data)
            bad[pos] ^= flip
            try:
                yc.Game.from_bytes(bytes(bad), lcg(0))
            except yc.SaveError:
                continue
            pytest.fail("byte %d xor %#x was accepted" % (pos, flip))


@pytest.mark.parametrize("players", [1, 4, 8])
def test_every_truncation_and_extension_is_rejected(players):
    data = mid_game("yatzy", players=players).to_bytes()
    for n in range(len(data)):
        assert_rejected(data[:n])
    assert_rejected(data + b"\x00")
    assert_rejected(data + data)


@pytest.mark.parametrize("foreign", [
    b"", b"\x00", b"\x89PNG\r\n\x1a\n" + bytes(80), b"\xff" * 82, bytes(82),
    b"hello, this is not a save file at all, just text of roughly the size.....",
    bytes(range(256)),
])
def test_foreign_bytes_are_rejected(foreign):
    assert_rejected(foreign)


def test_random_bytes_are_rejected():
    rnd = random.Random(2024)
    for _ in range(300):
        assert_rejected(bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 200))))


def test_decode_with_valid_checksum_raises_only_save_error():
    """Bytes that pass the checksum but hold nonsense are refused with SaveError (never
    another exception), and whatever is accepted is a game that saves and loads stably."""
    from yahtzee_core.save import crc16
    data = bytearray(mid_game("yahtzee", players=2).to_bytes())
    body = len(data) - 2
    if crc16(data, 0, body) != data[body] | (data[body + 1] << 8):
        pytest.skip("save does not end in a little-endian CRC-16 of the rest")
    accepted = rejected = 0
    for pos in range(body):
        for value in (0, 1, 2, 5, 7, 9, 13, 14, 16, 50, 51, 127, 200, 254, 255):
            bad = bytearray(data)
            bad[pos] = value
            c = crc16(bad, 0, body)
            bad[body], bad[body + 1] = c & 0xFF, c >> 8
            try:
                game = yc.Game.from_bytes(bytes(bad), lcg(0))
            except yc.SaveError:
                rejected += 1
                continue
            accepted += 1
            again = game.to_bytes()
            assert yc.Game.from_bytes(again).to_bytes() == again
            for card in game.cards:
                assert all(v == 255 or v <= 50 for v in card.scores)
            assert 0 <= game.current < len(game.cards)
            assert 0 <= game.rolls_left <= 3
    assert accepted and rejected


# --- the two-slot store ----------------------------------------------------------------

class PowerCut(Exception):
    pass


class CutBuffer:
    """A bytearray stand-in whose writes stop dead after `budget` bytes (a power cut)."""

    def __init__(self, data, budget):
        self.data = data
        self.budget = budget

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        return self.data[key]

    def __setitem__(self, key, value):
        if isinstance(key, slice):
            start, stop, step = key.indices(len(self.data))
            assert step == 1
            value = bytes(value)
            assert len(value) == stop - start, "slot writes must not resize the store"
            n = min(len(value), self.budget)
            self.data[start:start + n] = value[:n]
            self.budget -= n
            if n < len(value):
                raise PowerCut()
        else:
            if self.budget == 0:
                raise PowerCut()
            self.data[key] = value
            self.budget -= 1


def payload(i, size=40):
    return bytes((i * 7 + k * 13) & 0xFF for k in range(size))


@pytest.mark.parametrize("fill", [0x00, 0xFF])
def test_blank_store_reads_none(fill):
    store = yc.SlotStore(bytearray([fill]) * 256, 0, 128)
    assert store.read() is None


def test_write_read_and_clear():
    nvm = bytearray(300)
    store = yc.SlotStore(nvm, 20, 120)
    for i in range(5):
        store.write(payload(i, 50 + i))
        assert store.read() == payload(i, 50 + i)
        assert yc.SlotStore(nvm, 20, 120).read() == payload(i, 50 + i)  # after a reboot
    store.write(b'')  # "nothing saved"
    assert store.read() is None
    store.write(b"x")
    assert store.read() == b"x"


def test_store_stays_inside_its_two_slots():
    nvm = bytearray(b"\xa5" * 400)
    store = yc.SlotStore(nvm, 37, 100)
    for i in range(6):
        store.write(payload(i, 60))
    assert nvm[:37] == b"\xa5" * 37 and nvm[237:] == b"\xa5" * (400 - 237)


def test_oversized_payload_is_refused_without_damage():
    nvm = bytearray(256)
    store = yc.SlotStore(nvm, 0, 128)
    store.write(payload(1, 20))
    before = bytes(nvm)
    with pytest.raises(ValueError):
        store.write(bytes(200))
    assert bytes(nvm) == before and store.read() == payload(1, 20)


@pytest.mark.parametrize("history", [0, 1, 2, 5])
def test_power_cut_at_every_byte_keeps_previous_save(history):
    size = 60
    base = bytearray(256)
    store = yc.SlotStore(base, 0, 128)
    for i in range(history):
        store.write(payload(i, size))
    old = store.read()
    new = payload(100, size)
    record_bytes = None
    for budget in range(0, 200):
        nvm = bytearray(base)
        try:
            yc.SlotStore(CutBuffer(nvm, budget), 0, 128).write(new)
        except PowerCut:
            seen = yc.SlotStore(nvm, 0, 128).read()
            assert seen in (old, new), "cut after %d bytes left %r" % (budget, seen)
            if budget == 0:
                assert seen == old
            # the store recovers: the next write and read work
            after = yc.SlotStore(nvm, 0, 128)
            after.write(payload(7, 30))
            assert after.read() == payload(7, 30)
            continue
        record_bytes = budget
        assert yc.SlotStore(nvm, 0, 128).read() == new
        break
    assert record_bytes is not None and record_bytes >= size


def test_power_cut_while_saving_a_real_game():
    nvm_base = bytearray(512)
    store = yc.SlotStore(nvm_base, 0, 256)
    game = mid_game("yahtzee", 4)
    store.write(game.to_bytes())
    old = game.to_bytes()
    game.fill(sorted(game.cards[game.current].options(game.dice))[0])
    new = game.to_bytes()
    for budget in range(len(new) + 20):
        nvm = bytearray(nvm_base)
        try:
            yc.SlotStore(CutBuffer(nvm, budget), 0, 256).write(new)
        except PowerCut:
            pass
        data = yc.SlotStore(nvm, 0, 256).read()
        assert data in (old, new)
        assert yc.Game.from_bytes(data).to_bytes() == data


def test_sequence_numbers_wrap():
    nvm = bytearray(64)
    store = yc.SlotStore(nvm, 0, 32)
    n = 70000  # more writes than a 16-bit sequence counts
    history = {}
    for i in range(n):
        p = (i & 0xFFFF).to_bytes(2, "little") + bytes([i % 251])
        store.write(p)
        if 65520 <= i <= 65545:
            history[i] = bytes(nvm)
        if i % 997 == 0 or 65530 <= i <= 65545:
            assert store.read() == p, i
            assert yc.SlotStore(nvm, 0, 32).read() == p, i
    assert store.read() == ((n - 1) & 0xFFFF).to_bytes(2, "little") + bytes([(n - 1) % 251])
    # a power cut in the middle of the writes around the wrap keeps the previous save
    for i in range(65532, 65540):
        prev = history[i - 1]
        old = yc.SlotStore(bytearray(prev), 0, 32).read()
        new = (i & 0xFFFF).to_bytes(2, "little") + bytes([i % 251])
        for budget in range(12):
            buf = bytearray(prev)
            try:
                yc.SlotStore(CutBuffer(buf, budget), 0, 32).write(new)
            except PowerCut:
                assert yc.SlotStore(buf, 0, 32).read() in (old, new)
