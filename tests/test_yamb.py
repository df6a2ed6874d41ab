"""Yamb: the scores from the sources' own examples (docs/RULES.md "Yamb"), the column
orders and the announce as legal-move rules of the core, random games against the plain
model (reference_scoring.YambCard), and saves and journal records mid-turn after an
announce."""
import random

import pytest

import reference_scoring as ref
import yahtzee_core as yc
from yahtzee_core import save
from yahtzee_core.replay import replay
from game_helpers import assert_unchanged, assert_rejected

BOX = yc.ruleset('yamb').categories.index


def scripted(*rolls):
    """A dice source handing out these dice, then 1s."""
    faces = [d for roll in rolls for d in roll]
    return lambda: faces.pop(0) if faces else 1


@pytest.mark.parametrize("dice, row, roll, points", [
    # The Incompleat Gamester: the straight scores 66, 56 or 46 on the first, second or
    # third attempt; full, poker (carriage) and yamb the sum plus 30, 40 and 50.
    ((1, 2, 3, 4, 5), "straight", 1, 66), ((2, 3, 4, 5, 6), "straight", 2, 56),
    ((6, 5, 4, 3, 2), "straight", 3, 46), ((1, 2, 3, 4, 6), "straight", 1, 0),
    ((3, 3, 3, 5, 5), "full", 3, 49), ((6, 6, 6, 6, 2), "poker", 2, 66),
    ((4, 4, 4, 4, 4), "yamb", 1, 70), ((4, 4, 4, 4, 4), "poker", 1, 60),
    ((4, 4, 4, 4, 4), "full", 1, 0), ((2, 2, 3, 3, 4), "full", 1, 0),
    # Max and Min: the sum of the dice; the upper rows: a face's dice
    ((6, 6, 5, 5, 4), "max", 3, 26), ((1, 1, 2, 1, 3), "min", 3, 8),
    ((5, 1, 5, 3, 5), "fives", 3, 15), ((5, 1, 5, 3, 5), "ones", 3, 1),
])
def test_yamb_scores_from_the_sources(dice, row, roll, points):
    game = yc.Game('yamb', 1, scripted(dice, dice, dice))
    for _ in range(roll):
        game.roll()
    opts = game.options()
    assert opts[row + "_free"] == points == ref.yamb_score(dice, row, roll)


def test_a_column_scores_its_upper_bonus_and_max_minus_min_times_ones():
    rules = yc.ruleset('yamb')
    card = yc.Scorecard(rules)
    # Free column: ones 3 (three 1s), the rest of the upper 60 in all -> +30;
    # Max 28, Min 7: the middle is (28 - 7) x 3 = 63; full 3-3-3-5-5 = 49.
    for row, v in (("ones", 3), ("twos", 6), ("threes", 9), ("fours", 12), ("fives", 15),
                   ("sixes", 15), ("max", 28), ("min", 7), ("full", 49)):
        card.scores[BOX(row + "_free")] = v
    assert rules.column_scores(card.scores, 1) == (60 + 30, 63, 49)
    assert card.total == 60 + 30 + 63 + 49
    card.scores[BOX("min_free")] = 30        # Min above Max: the middle counts negative
    assert card.total == 60 + 30 + (28 - 30) * 3 + 49
    model = ref.YambCard()
    model.filled = {rules.categories[b]: v for b, v in enumerate(card.scores) if v != 255}
    assert model.total == card.total


def test_down_fills_from_the_top_and_up_from_the_bottom():
    game = yc.Game('yamb', 1, scripted((1, 1, 2, 3, 4)))
    game.roll()
    assert_unchanged(game, game.fill, "twos_down")      # Ones first
    assert_unchanged(game, game.fill, "sixes_up")       # Yamb first
    opts = game.options()
    assert "ones_down" in opts and "yamb_up" in opts and "twos_down" not in opts
    assert game.fill("ones_down") == 2
    game.roll()
    assert "twos_down" in game.options() and "ones_down" not in game.options()


def test_the_announce_binds_the_turn_to_one_box():
    game = yc.Game("yamb", 2, scripted((6, 6, 6, 2, 3), (6, 3), (6, 1)))
    announce = game.rules.announce
    assert_unchanged(game, announce, game, "poker_announce")  # before the first roll
    game.roll()
    assert "poker_announce" not in game.options()              # not announced: closed
    assert_unchanged(game, game.fill, "poker_announce")
    assert_unchanged(game, announce, game, "poker_free")      # not the announce column
    game.rules.announce(game, "poker_announce")
    assert game.card.announced == BOX("poker_announce")
    assert game.options() == {"poker_announce": 0}             # the one box, 0 now
    assert_unchanged(game, announce, game, "yamb_announce")   # once a turn
    assert_unchanged(game, game.fill, "ones_down")
    game.hold(0), game.hold(1), game.hold(2)
    game.roll()
    assert_unchanged(game, game.fill, "sixes_free")            # still bound
    assert game.options() == {"poker_announce": 6 * 4 + 3 + 40}
    game.roll()
    assert game.fill("poker_announce") == 6 * 4 + 1 + 40
    assert game.card.announced == -1 and game.cards[0].announced == -1
    game.undo()                                                # the bound turn is back
    assert game.card.announced == BOX("poker_announce")
    assert game.fill("poker_announce") == 65
    # next seat: the announce comes after the first roll only
    game.roll()
    game.roll()
    assert_unchanged(game, game.rules.announce, game, "yamb_announce")


def test_when_only_announce_boxes_are_open_the_turn_must_announce():
    game = yc.Game('yamb', 1, scripted())
    for b in range(36):
        game.card.scores[b] = 0
    game.round = 37
    game.roll()
    assert game.options() == {}                       # no box takes unannounced dice
    assert_unchanged(game, game.roll)                 # nor another roll
    game.rules.announce(game, "yamb_announce")
    game.roll()
    assert game.fill("yamb_announce") == 55           # 1-1-1-1-1: 5 + 50


def play_random(seed, players=2, announce=0.3):
    """A whole random game checked against the plain model at every step; returns it
    and the saves and journal actions taken along the way."""
    rnd = random.Random(seed)
    game = yc.Game('yamb', players, lambda: rnd.randint(1, 6))
    models = [ref.YambCard() for _ in range(players)]
    snapshots = []
    while not game.over:
        model = models[game.current]
        game.roll()
        announce_boxes = [b for b in ref.YAMB_BOXES[36:] if b not in model.filled]
        opts = game.options()
        if announce_boxes and (not opts or rnd.random() < announce):
            box = rnd.choice(announce_boxes)
            game.rules.announce(game, box)
            model.announced = box
            snapshots.append(game.to_bytes())
        for _ in range(rnd.randrange(3)):
            if game.rolls_left:
                for i in range(5):
                    game.hold(i, rnd.randrange(2))
                game.roll()
        opts = game.options()
        assert opts == model.options(list(game.dice), 3 - game.rolls_left)
        box = rnd.choice(sorted(opts))
        before = game.card.total
        gained = game.fill(box)
        model.filled[box] = opts[box]
        model.announced = None
        assert gained == game.cards[models.index(model)].total - before
        assert [c.total for c in game.cards] == [m.total for m in models]
        snapshots.append(game.to_bytes())
    return game, models, snapshots


@pytest.mark.parametrize("seed", range(4))
def test_random_games_match_the_plain_model(seed):
    game, models, snapshots = play_random(seed)
    assert all(len(m.filled) == 48 for m in models)
    for data in snapshots[::5]:
        assert yc.Game.from_bytes(data).to_bytes() == data


def test_a_save_after_an_announce_and_the_journal_replay_it():
    rnd = random.Random(5)
    die = lambda: rnd.randint(1, 6)
    game = yc.Game('yamb', 3, die)
    game.roll()
    start = game.to_bytes()
    game.rules.announce(game, "full_announce")
    data = game.to_bytes()
    assert data[10] & 0x10 and data[11] == BOX("full_announce")
    back = yc.Game.from_bytes(data, die)
    assert back.card.announced == BOX("full_announce") and back.to_bytes() == data
    again = yc.Game.from_bytes(start, die)
    replay(again, save.ANNOUNCE, bytes((BOX("full_announce"),)))
    assert again.to_bytes() == data
    # after the second roll the announce still binds, and still saves
    game.roll()
    data = game.to_bytes()
    back = yc.Game.from_bytes(data, die)
    assert back.options() == game.options() == {"full_announce": game.options()["full_announce"]}
    with pytest.raises(ValueError):
        replay(back, save.ANNOUNCE, bytes((BOX("yamb_announce"),)))   # after the 2nd roll


def recrc(data):
    bad = bytearray(data)
    bad[-2:] = save.crc16(bad, 0, len(bad) - 2).to_bytes(2, 'little')
    return bad


def test_saves_with_an_impossible_announce_are_refused():
    rnd = random.Random(2)
    game = yc.Game('yamb', 2, lambda: rnd.randint(1, 6))
    game.roll()
    game.rules.announce(game, "yamb_announce")
    data = game.to_bytes()
    for box in (BOX("yamb_free"), 48, 200):                  # not an announce box
        bad = bytearray(data)
        bad[11] = box
        assert_rejected(recrc(bad))
    bad = bytearray(data)
    bad[7] = bad[7] & ~3 | 3                                 # no roll yet
    assert_rejected(recrc(bad))
    fresh = yc.Game('yamb', 2, lambda: 3).to_bytes()
    bad = bytearray(fresh)
    bad[10] |= 0x10                                          # announce before a roll
    bad[11] = BOX("yamb_announce")
    assert_rejected(recrc(bad))
    other = yc.Game('yahtzee', 1, lambda: 3)
    other.roll()
    bad = bytearray(other.to_bytes())
    bad[10] |= 0x10                                          # a ruleset with no announce
    assert_rejected(recrc(bad))


def test_other_rulesets_refuse_the_announce():
    """The announce is the ruleset's hook, not Game's (no code of it in the other
    rulesets' heap): they have none, and a journal's ANNOUNCE record is refused."""
    game = yc.Game('triple-yahtzee', 1, lambda: 2)
    game.roll()
    assert_unchanged(game, lambda b: game.rules.announce(game, b), 0, error=AttributeError)
    assert_unchanged(game, replay, game, save.ANNOUNCE, b'\x00', error=save.SaveError)


def bot_game(kind, seed, players=1, next_turn=None):
    """A whole game of computer players of one level; returns the totals and the
    announces made. next_turn(bot): the bot for the next turn (default: the same)."""
    from yahtzee_core.bots import make_bot
    rnd = random.Random(seed)
    game = yc.Game('yamb', players, lambda: rnd.randint(1, 6))
    bot = make_bot(kind, game.rules)
    announces = 0
    while not game.over:
        if next_turn is not None:
            bot = next_turn(bot)
        game.roll()
        box = bot.choose_announce(game.card, game.dice)
        if box >= 0:
            game.rules.announce(game, box)
            announces += 1
        while game.rolls_left:
            held = bot.choose_hold(game.card, game.dice, game.rolls_left)
            if all(held):
                break
            for i in range(5):
                game.hold(i, held[i])
            game.roll()
        game.fill(bot.choose_box(game.card, game.dice, 3 - game.rolls_left))
    return [c.total for c in game.cards], announces


def test_the_computer_levels_play_whole_games_and_announce():
    good, good_announces = bot_game('good', 1)
    casual, casual_announces = bot_game('casual', 1)
    beginner = [bot_game('beginner', s) for s in range(1, 4)]
    # every level fills the Announce column through announces (12 boxes a card)
    assert good_announces == casual_announces == 12
    assert all(a == 12 for _, a in beginner)
    # good plans its turns; beginner keeps its most common face and takes the most now
    assert good[0] > max(t[0] for t, _ in beginner)
    assert casual[0] > max(t[0] for t, _ in beginner)


def test_a_computer_made_again_each_turn_plays_the_same_and_shares_the_child_tables():
    """The bot closed and made again before every turn: the game is the same, and
    every planner reads the one set of child tables (built once: planner.children)."""
    from yahtzee_core.bots import make_bot
    tables = []

    def made_again(bot):
        bot.close()
        assert bot.planner.x is None            # a closed planner keeps nothing
        bot = make_bot('good', 'yamb')
        tables.append(bot.planner.children)
        return bot

    totals = bot_game('good', 1, next_turn=made_again)[0]
    assert len(tables) == 48 and len(set(id(t) for t in tables)) == 1
    assert totals == bot_game('good', 1)[0]
