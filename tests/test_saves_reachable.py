"""A save loads only when it holds a state some play of its ruleset reaches: states
random play reaches (every ruleset, 1 and 3 seats, plain and duplicate; a seeded
sample) load back to the same bytes, and states no play reaches, with a checksum that
is right, are refused: rolls left past the turn's, boxes filled in an order the rules
refuse (Yamb's Down and Up columns, Poker Dice's rounds), a Double Generala without the
Generala, a Yamb turn that rolled again with no box for its dice. The App refuses such
a save as it refuses a corrupt one: no game to resume, the records and names kept."""
import random

import pytest

import yahtzee_core as yc
from game_helpers import assert_rejected, lcg, play
from save_fuzz import dice_source, random_step

OPEN = 255


@pytest.mark.parametrize("name", yc.RULESETS)
def test_every_state_random_play_reaches_loads_back(name):
    # a seeded quarter of the states of two games (reading a save back is slow)
    rnd = random.Random(name)
    states = 0
    for players, duplicate in ((1, False), (3, yc.ruleset(name).n_dice <= 5)):
        game = yc.Game(name, players, dice_source(rnd, 0.5), duplicate)
        while not game.over:
            random_step(game, rnd)
            if rnd.random() < 0.25 or game.over:
                data = game.to_bytes()
                assert yc.Game.from_bytes(data, None).to_bytes() == data
                states += 1
    assert states > 20


def resave(game, edit):
    """The game's save with `edit` applied to its bytes, its CRC made right again."""
    from yahtzee_core.save import crc16
    data = bytearray(game.to_bytes())
    edit(data)
    c = crc16(data, 0, len(data) - 2)
    data[-2], data[-1] = c & 0xFF, c >> 8
    return bytes(data)


def test_rolls_left_past_the_turns_rolls_are_refused():
    game = yc.Game('crag', 2, lcg(1))          # Crag: two rolls a turn
    assert yc.Game.from_bytes(resave(game, lambda d: None), None).rolls_left == 2
    assert_rejected(resave(game, lambda d: d.__setitem__(7, d[7] & ~3 | 3)))


def card_at_round(name, players, turns):
    game = play(yc.Game(name, players, lcg(3)), turns, seed=4)
    game.pass_turn()        # no undo record: the cards are edited
    assert not game.rolled
    return game


def test_a_later_poker_dice_round_filled_first_is_refused():
    game = card_at_round('poker-dice', 2, 2)     # round 2: each seat's round 1 box filled
    card = game.cards[1]
    yc.Game.from_bytes(game.to_bytes(), None)
    card.scores[1], card.scores[0] = card.scores[0], OPEN
    assert_rejected(game.to_bytes())


@pytest.mark.parametrize("column, row", [(0, 1), (0, 11), (2, 0), (2, 10)])
def test_a_yamb_box_out_of_its_columns_order_is_refused(column, row):
    # Down (column 0) fills from Ones to Yamb, Up (column 2) from Yamb to Ones
    game = card_at_round('yamb', 1, 1)
    card = game.cards[0]
    filled = [b for b in range(48) if card.scores[b] != OPEN]
    assert len(filled) == 1
    yc.Game.from_bytes(game.to_bytes(), None)
    b = 12 * column + row
    card.scores[filled[0]] = OPEN
    card.scores[b] = 3 if row == 0 else 2 * (row + 1) if row < 6 else 0
    if row >= 6:        # a score the row can take: Straight 0 or Yamb 0
        card.scores[b] = 0
    assert_rejected(game.to_bytes())
    # the same box in the Free column loads
    card.scores[b], card.scores[12 + row] = OPEN, card.scores[b]
    yc.Game.from_bytes(game.to_bytes(), None)


def test_a_double_generala_without_the_generala_is_refused():
    game = card_at_round('generala', 1, 2)
    card = game.cards[0]
    filled = [b for b in range(11) if card.scores[b] != OPEN]
    for b in filled:
        card.scores[b] = OPEN
    card.scores[9], card.scores[10] = 50, 100     # the Generala, then its double: loads
    game.yahtzees[0] = 1
    yc.Game.from_bytes(game.to_bytes(), None)
    card.scores[9] = 0                            # crossed out: no double can score
    assert_rejected(game.to_bytes())
    card.scores[10] = 0                           # a double crossed out: loads
    yc.Game.from_bytes(game.to_bytes(), None)


def test_a_yamb_turn_that_rolled_again_with_only_announce_boxes_open_is_refused():
    game = card_at_round('yamb', 1, 36)           # every box but the Announce column's
    assert [b for b in range(48) if game.cards[0].scores[b] == OPEN] == list(range(36, 48))
    game.roll()
    yc.Game.from_bytes(game.to_bytes(), None)     # after the first roll: must announce
    game.dice[:] = bytes((1, 2, 3, 4, 6))
    game.turn_yahtzee = 0
    game.rolls_left = 1
    assert_rejected(game.to_bytes())              # rolled again, unannounced
    game.rules.announce(game, 40, 1)
    yc.Game.from_bytes(game.to_bytes(), None)     # announced, then rolled: loads


def test_the_app_refuses_an_unreachable_game_and_keeps_the_records_and_names():
    from hardware.flash_model import FlashNvm
    from tools.screenshots import Session
    from ui.saves.store import save_people, save_records
    from yahtzee_core.journal import Journal
    from yahtzee_core.people import People
    from yahtzee_core.save import CLEAR, GAME
    nvm = FlashNvm("rp2040")
    s = Session(storage=nvm)
    s.start()
    s.app.people = People()
    s.app.people.names[0] = 'ZED'
    save_people(s.app)
    s.app.sound = False
    save_records(s.app)
    game = yc.Game('crag', 1, lcg(1))
    j = Journal(nvm)
    j.append(CLEAR, b'')        # the game started above is over: none before this one
    j.append(GAME, b'\x07\x00' + resave(game, lambda d: d.__setitem__(7, 3)))
    back = Session(storage=FlashNvm("rp2040", data=bytes(nvm)))
    assert back.app.game is None and not back.app.saved
    assert back.app.people.names[0] == 'ZED' and back.app.sound is False
    ok = FlashNvm("rp2040", data=bytes(nvm))
    Journal(ok).append(GAME, b'\x07\x00' + game.to_bytes())    # the same, reachable
    assert Session(storage=ok).app.saved
