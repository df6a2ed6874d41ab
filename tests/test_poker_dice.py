"""Poker Dice (docs/RULES.md "Poker Dice"): the hands and their order against the
sources' own examples and an independent ranker (tests/reference_scoring.py), the
rounds and their winners, undo, saves and the journal's replay."""
import itertools
import random

import pytest

import yahtzee_core as yc
from yahtzee_core import save
from yahtzee_core.dice import roll_dice, IllegalMove
from yahtzee_core.replay import replay
from yahtzee_core.variants.poker_dice import HANDS, hand_kind

import reference_scoring as ref

NAME = 'poker-dice'
# the cards on the faces: 9 = 1, 10 = 2, J = 3, Q = 4, K = 5, A = 6
CARD = {'9': 1, '10': 2, 'J': 3, 'Q': 4, 'K': 5, 'A': 6}


def hand(text):
    return tuple(CARD[c] for c in text.split('-'))


def rank(dice):
    return yc.ruleset(NAME).score(dice, 0)


def name_of(dice):
    return HANDS[hand_kind(rank(dice))]


# --- the sources' examples -------------------------------------------------------------

def test_wikipedias_four_of_a_kind_example_ranks_by_the_four_then_the_odd_die():
    # "A-A-A-A-9 (Four Aces) ... K-K-K-K-J ... K-K-K-K-10 (the non-counted die (10) is
    # lower than Jack)"
    first, second, third = hand('A-A-A-A-9'), hand('K-K-K-K-J'), hand('K-K-K-K-10')
    assert rank(first) > rank(second) > rank(third)
    assert {name_of(d) for d in (first, second, third)} == {'Four of a kind'}


@pytest.mark.parametrize("text, name", [
    ('9-9-9-9-9', 'Five of a kind'), ('A-A-A-A-K', 'Four of a kind'),
    ('K-K-K-9-9', 'Full house'), ('10-J-Q-K-A', 'High straight'),
    ('9-10-J-Q-K', 'Low straight'), ('Q-Q-Q-A-9', 'Three of a kind'),
    ('J-J-9-9-A', 'Two pairs'), ('A-A-K-Q-J', 'One pair'), ('9-10-J-Q-A', 'Nothing'),
    ('9-J-Q-K-A', 'Nothing')])
def test_hand_names(text, name):
    assert name_of(hand(text)) == name == ref.poker_hand(hand(text))


def test_the_order_of_the_kinds_is_the_sources():
    # woodentoysuk's order: fives, fours, full house, straight (A to 10 or K to 9),
    # threes, two pair, one pair; the high straight above the low one.
    best_first = ('A-A-A-A-A', '9-9-9-9-9', 'A-A-A-A-K', '9-9-9-9-10', '9-9-9-10-10',
                  '10-J-Q-K-A', '9-10-J-Q-K', 'A-A-A-K-Q', '9-9-9-10-J', 'A-A-K-K-Q',
                  '10-10-9-9-J', 'A-A-K-Q-J', '9-9-10-J-Q', 'A-K-Q-J-9',
                  '9-10-J-Q-A')
    ranks = [rank(hand(t)) for t in best_first]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)
    assert rank(hand('A-A-A-A-A')) == 251 and rank(hand('9-10-J-Q-A')) == 0


def test_one_roll_counts_are_the_published_ones():
    """Out of 6**5 = 7776 ordered rolls: five of a kind 6, four 150, full house 300,
    straights 240, three 1200, two pairs 1800, one pair 3600, no hand 480 (the figures
    reference.com's page prints, and the reference ranker counts the same)."""
    core = {}
    reference = {}
    for dice in itertools.product(range(1, 7), repeat=5):
        k = name_of(dice)
        core[k] = core.get(k, 0) + 1
        k = ref.poker_hand(dice)
        reference[k] = reference.get(k, 0) + 1
    assert core == reference
    assert core['Five of a kind'] == 6 and core['Four of a kind'] == 150
    assert core['Full house'] == 300 and core['Low straight'] + core['High straight'] == 240
    assert core['Three of a kind'] == 1200 and core['Two pairs'] == 1800
    assert core['One pair'] == 3600 and core['Nothing'] == 480


# --- against the reference ranker --------------------------------------------------------

def test_every_pair_of_hands_compares_as_the_reference_ranker_does():
    rules = yc.ruleset(NAME)
    keys = [ref.poker_key(roll_dice(r)) for r in range(252)]
    for a in range(252):
        assert HANDS[hand_kind(rules.rank[a])] == ref.poker_hand(roll_dice(a))
        for b in range(252):
            assert (rules.rank[a] < rules.rank[b]) == (keys[a] < keys[b])
    assert sorted(rules.rank) == list(range(252))   # no two rolls tie


def play_poker(seed, seats, holds=0.5):
    """A random game: each turn rolls, holds some dice at random, rolls up to twice,
    stands. Returns the game and each round's hands (per seat)."""
    rnd = random.Random(seed)
    game = yc.Game(NAME, seats, lambda: rnd.randint(1, 6))
    rounds = []
    while not game.over:
        if game.current == 0:
            rounds.append([])
        game.roll()
        while game.rolls_left and rnd.random() < 0.7:
            for i in range(5):
                game.hold(i, int(rnd.random() < holds))
            game.roll()
        rounds[-1].append(tuple(game.dice))
        game.fill(game.card.round_box)
    return game, rounds


@pytest.mark.parametrize("seed", range(40))
def test_random_games_rank_as_the_reference_standings(seed):
    seats = 1 + seed % 6
    game, rounds = play_poker(seed, seats)
    assert len(rounds) == ref.POKER_ROUNDS and all(len(r) == seats for r in rounds)
    assert game.ranking() == ref.poker_standings(rounds)
    for p in range(seats):
        won = sum(p in ref.poker_round_winners(h) for h in rounds)
        assert game.cards[p].total == won


def test_equal_best_hands_each_win_the_round():
    dice = iter(hand('K-K-Q-Q-9') * 2 + hand('A-A-J-10-9'))
    game = yc.Game(NAME, 3, lambda: next(dice))
    for _ in range(3):
        game.roll()
        game.fill(game.card.round_box)
    assert [c.total for c in game.cards] == [1, 1, 0]


# --- the round's box, the hand to beat, the turn ----------------------------------------

def test_a_turn_fills_only_its_rounds_box_and_knows_the_hand_to_beat():
    dice = iter(hand('A-A-K-Q-J') + hand('9-9-9-9-9') + hand('J-J-J-A-A'))
    game = yc.Game(NAME, 2, lambda: next(dice))
    game.roll()
    assert game.card.beat == -1 and game.card.after == 1
    assert list(game.options()) == ['round_1']
    with pytest.raises(IllegalMove):
        game.fill('round_2')
    game.fill('round_1')
    game.roll()
    assert game.card.beat == rank(hand('A-A-K-Q-J')) and game.card.after == 0
    game.fill(0)
    # seat 0's second round: the box after its first
    game.roll()
    assert game.card.round_box == 1 and list(game.options()) == ['round_2']
    assert game.card.beat == -1 and [c.total for c in game.cards] == [0, 1]


def test_undo_takes_the_hand_back_and_the_round_with_it():
    dice = iter(hand('A-A-K-Q-J') + hand('9-9-9-9-9'))
    game = yc.Game(NAME, ['good', 'human'], lambda: next(dice))
    game.roll()
    game.fill(0)
    game.roll()
    game.fill(0)
    assert game.round == 2 and game.cards[1].total == 1
    game.undo()
    assert game.round == 1 and game.current == 1 and game.cards[1].total == 0
    assert list(game.dice) == list(hand('9-9-9-9-9'))
    game.fill(0)
    assert game.cards[1].total == 1


def test_no_announce_and_the_five_alike_counts_for_the_stats():
    dice = iter(hand('A-A-A-A-A'))
    game = yc.Game(NAME, 1, lambda: next(dice))
    game.roll()
    with pytest.raises(IllegalMove):
        game.rules.announce(game, 0)
    assert game.stats(0)['yahtzees'] == 1


def test_a_game_is_five_rounds_and_then_over():
    game, rounds = play_poker(3, 2)
    assert game.over and game.round == ref.POKER_ROUNDS + 1
    with pytest.raises(IllegalMove):
        game.roll()


# --- saves --------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_saves_round_trip_at_every_step(seed):
    rnd = random.Random(seed)
    game = yc.Game(NAME, ['human', 'good', 'human'][:1 + seed % 3], lambda: rnd.randint(1, 6))
    while not game.over:
        game.roll()
        data = game.to_bytes()
        back = yc.Game.from_bytes(data, game.rng)
        assert back.to_bytes() == data and back.card.beat == game.card.beat
        if game.rolls_left:
            game.hold(rnd.randrange(5))
            game.roll()
        game.fill(game.card.round_box)
        data = game.to_bytes()
        back = yc.Game.from_bytes(data, game.rng)
        assert back.to_bytes() == data and back.ranking() == game.ranking()


def test_the_journals_records_replay_a_turn():
    rnd = random.Random(4)
    game = yc.Game(NAME, 2, lambda: rnd.randint(1, 6))
    start = game.to_bytes()
    game.roll()
    first = save.roll_record(game)
    game.hold(0)
    game.roll()
    second = save.roll_record(game)
    game.fill(0)
    again = yc.Game.from_bytes(start)
    replay(again, save.ROLL, first)
    replay(again, save.ROLL, second)
    replay(again, save.FILL, b'\x00')
    assert again.to_bytes() == game.to_bytes()
    with pytest.raises(ValueError):
        replay(again, save.FILL, b'\x03')   # not seat 1's round box


def test_saves_with_a_hand_out_of_range_are_refused():
    game, _ = play_poker(5, 2)
    data = bytearray(game.to_bytes())
    body = len(data) - 2
    # the cards start at byte 16: kind, bonus count, yahtzees, then the boxes
    at = 16 + 3
    for bad in (252, 254):
        edited = bytearray(data)
        edited[at] = bad
        edited[body:] = save.crc16(edited, 0, body).to_bytes(2, 'little')
        with pytest.raises(yc.SaveError):
            yc.Game.from_bytes(bytes(edited))
