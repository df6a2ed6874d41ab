"""Game snapshots: size, exact round trip, rejection of bad bytes; and the action
records that follow a snapshot in the journal, replayed to the same game."""
import random

import pytest

import reference_scoring as ref
import yahtzee_core as yc
from game_helpers import assert_rejected, lcg, mid_game, play


# --- encoding ------------------------------------------------------------------------

def test_every_save_fits_a_pico_journal(capsys):
    """Every ruleset, 1 to 8 players, at any point of the game (the size never
    changes, save_size says it first): a snapshot and a turn's records fit the
    RP2040's 4 KB nvm (ui/saves/store.py can_save's rule), with the records and names."""
    from ui.saves.store import TURN_ROOM
    from yahtzee_core.journal import HEADER, FRAME
    from yahtzee_core.people import MAX_SIZE as PEOPLE_MAX
    from yahtzee_core.records import MAX_SIZE as RECORDS_MAX
    from yahtzee_core.save import save_size
    room = 4096 - HEADER - 3 * FRAME - RECORDS_MAX - PEOPLE_MAX - TURN_ROOM - 2
    rows = []
    for name in ref.CARD_RULESETS:
        sizes = []
        for players in range(1, 9):
            game = yc.Game(name, players, lcg(players))
            start = len(game.to_bytes())
            play(game, players * 2)
            sizes.append(len(game.to_bytes()))
            assert sizes[-1] == start == save_size(game.rules, players), (name, players)
        rows.append("%-20s %s" % (name, " ".join("%3d" % s for s in sizes)))
        assert save_size(yc.ruleset(name), 8, 1) <= room, name
        assert sizes == sorted(sizes)
    with capsys.disabled():
        print("\nsave bytes for 1..8 players:\n" + "\n".join(rows))


@pytest.mark.parametrize("name", ref.CARD_RULESETS)
def test_round_trip_is_exact_at_every_turn_of_a_game(name):
    game = yc.Game(name, 3, lcg(11))
    pick = random.Random(5)
    checked = 0
    rolls = game.rules.turn_rolls           # three; Crag two
    while not game.over:
        for step in range(rolls):
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
            if step < rolls - 1:
                game.toggle(pick.randrange(len(game.dice)))
        opts = game.cards[game.current].options(game.dice)
        game.fill(pick.choice(sorted(opts)))
    data = game.to_bytes()
    back = yc.Game.from_bytes(data)
    assert back.over and back.to_bytes() == data
    assert back.ranking() == game.ranking()
    assert checked == 3 * rolls * len(ref.boxes(name))


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


@pytest.mark.parametrize("name", ref.CARD_RULESETS)
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


# --- action records ---------------------------------------------------------------------

@pytest.mark.parametrize("name", ref.CARD_RULESETS)
@pytest.mark.parametrize("duplicate", [False, True])
def test_a_snapshot_and_its_action_records_replay_to_the_same_game(name, duplicate):
    """Every roll, fill and undo of a 3-seat game as a record after the starting
    snapshot: replayed through the game's own methods (with no dice source of its
    own), the game is the same at every step, dice and holds included."""
    from yahtzee_core.replay import replay
    from yahtzee_core.save import FILL, ROLL, UNDO, roll_record
    if duplicate and yc.ruleset(name).n_dice > 5:   # duplicate play deals 5 dice at most
        with pytest.raises(ValueError):
            yc.Game(name, 2, lcg(7), duplicate)
        return
    game = yc.Game(name, ('human', 'good', 'human'), lcg(7), duplicate)
    twin = yc.Game.from_bytes(game.to_bytes())
    pick = random.Random(3)
    kinds = set()

    def step(kind, data=b''):
        replay(twin, kind, data)
        kinds.add(kind)
        assert twin.to_bytes() == game.to_bytes()

    def fill():
        box = pick.choice(sorted(game.rules.box_index(b) for b in game.options()))
        game.fill(box)
        step(FILL, bytes((box,)))

    while not game.over:
        game.roll()
        step(ROLL, roll_record(game))
        while game.rolls_left and not game.over and pick.random() < 0.8:
            for i in range(len(game.dice)):
                game.hold(i, int(pick.random() < 0.5))
            game.roll()
            step(ROLL, roll_record(game))
        if game.over:           # won at once (Generala served)
            break
        fill()
        if game.can_undo and not game.over and pick.random() < 0.3:
            game.undo()
            step(UNDO)
            fill()
    assert kinds == {ROLL, FILL, UNDO}


def test_action_records_that_do_not_fit_the_game_are_refused():
    from yahtzee_core.replay import replay
    from yahtzee_core.save import FILL, ROLL, SaveError
    game = yc.Game('yahtzee', 2, lcg(1))
    for kind, data in ((ROLL, b'\x01\x11\x11\x01'),    # holds before any roll
                       (ROLL, b'\x00\x11\x11'),          # four dice for five
                       (ROLL, b'\x00\x11\x11\x07'),     # a 7
                       (ROLL, b'\x00\x11\x11\x11\x11'),  # dice left over
                       (ROLL, b'\x00\x11\x01\x11'),     # a gap
                       (FILL, b'\x00'),                  # a fill before a roll
                       (FILL, b''), (99, b'')):
        before = game.to_bytes()
        with pytest.raises(ValueError):     # SaveError, IllegalMove or a bad die
            replay(game, kind, data)
        assert game.to_bytes() == before
    assert issubclass(SaveError, ValueError)
