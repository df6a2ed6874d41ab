"""The save reader refuses fields no play of the ruleset produces (the holes the
reliability audit found), with a checksum that is right: encode() writes whatever
a Game holds, so each test edits a real game's fields and saves it."""
import pytest

import yahtzee_core as yc
from yahtzee_core.dice import roll_index
from game_helpers import assert_rejected, lcg, mid_game, play


def filled_game(name="yahtzee", players=2):
    """A game right after a fill (undo record present), mid-way."""
    game = play(yc.Game(name, players, lcg(5)), 9, seed=2)
    game.roll()
    game.fill(sorted(game.options())[0])
    assert game.can_undo
    return game


class Undo:
    """Game.last_fill by name (its layout is documented in game.py)."""
    FIELDS = ("box", "bonus", "counted", "dice", "held", "rolls_left")

    def __init__(self, record):
        for name, value in zip(self.FIELDS, record):
            setattr(self, name, value)

    def record(self):
        return tuple(getattr(self, name) for name in self.FIELDS)


def set_box(card, b, value):
    """Give box b `value`, opening another filled box if b was open, so the count of
    filled boxes still matches the turn."""
    if card.scores[b] == 255:
        other = [i for i in range(len(card.scores)) if card.scores[i] != 255 and i != b]
        card.scores[other[0]] = 255
    card.scores[b] = value


@pytest.mark.parametrize("box, value", [("aces", 25), ("chance", 50), ("chance", 0),
                                        ("full_house", 1), ("full_house", 49),
                                        ("large_straight", 35), ("yahtzee", 100)])
def test_box_scores_the_ruleset_cannot_produce_are_refused(box, value):
    game = mid_game("yahtzee", players=2)
    set_box(game.cards[0], game.rules.box_index(box), value)
    assert_rejected(game.to_bytes())


def test_every_achievable_box_score_is_accepted():
    """The reader's table of possible scores is not too strict: each value a box can
    score, plain or as a Joker, loads (only that box is edited)."""
    for name in yc.RULESETS:
        rules = yc.ruleset(name)
        game = mid_game(name, players=1)
        card = game.cards[0]
        for b in range(rules.n_boxes):
            if card.scores[b] == 255:
                continue
            rolls = roll_index((6,) * rules.n_dice, rules.n_dice) + 1   # all sixes: the last
            values = {rules.score_roll(r, b) for r in range(rolls)}
            served = rules.served
            if served:
                values |= {v + served[b] for v in values if v}
            joker = rules.joker_points
            if joker and joker[b % 13]:
                values.add(joker[b % 13] * (b // 13 + 1))
            keep = card.scores[b]
            fives = {rules.five_alike_box + 13 * c for c in range(rules.columns)}
            for v in values:
                card.scores[b] = v
                if b in fives and card.bonus_count and v == 0 \
                        and name != 'kniffel':
                    continue  # a bonus needs points in that box (Kniffel: an entry)
                if b == rules.double_box and v and card.scores[rules.five_alike_box] != 50:
                    continue  # a double needs the Generala (test_saves_reachable.py)
                rolled = game.yahtzees[0]
                if b in fives and v:  # points there: one rolled
                    game.yahtzees[0] = max(rolled, 1 + card.bonus_count)
                yc.Game.from_bytes(game.to_bytes())
                game.yahtzees[0] = rolled
            card.scores[b] = keep


@pytest.mark.parametrize("name", ["yacht", "yatzy"])
def test_yahtzee_bonus_in_a_ruleset_without_one_is_refused(name):
    game = filled_game(name)
    card = game.cards[0]
    set_box(card, game.rules.five_alike_box, 50)
    game.yahtzees[0] = 3
    yc.Game.from_bytes(game.to_bytes())      # the Yacht/Yatzy itself is fine
    card.bonus_count = 1
    assert_rejected(game.to_bytes())


@pytest.mark.parametrize("yahtzee_box", [0, 255])
def test_bonus_without_50_in_the_yahtzee_box_is_refused(yahtzee_box):
    game = filled_game()
    card = game.cards[0]
    if yahtzee_box == 255:
        if card.scores[11] != 255:
            set_box(card, 12, card.scores[11])  # keep the count: move it to chance
            card.scores[11] = 255
    else:
        set_box(card, 11, yahtzee_box)
    card.bonus_count = 1
    game.yahtzees[0] = 3
    assert_rejected(game.to_bytes())


def test_yahtzee_counts_must_match_the_card():
    game = filled_game()
    card = game.cards[0]
    set_box(card, 11, 50)
    card.bonus_count = 1
    done = 13 - card.scores.count(255)
    for count, ok in ((0, False), (1, False), (2, True), (done, True), (done + 1, False),
                      (200, False)):
        game.yahtzees[0] = count
        if ok:
            yc.Game.from_bytes(game.to_bytes())
        else:
            assert_rejected(game.to_bytes())


def test_turn_yahtzee_flag_must_match_the_dice():
    game = mid_game("yahtzee", players=2)   # rolled once, no five-alike
    game.turn_yahtzee = 1
    game.yahtzees[game.current] += 1
    assert_rejected(game.to_bytes())        # after one roll only a five-alike counts
    game.rolls_left = 1
    yc.Game.from_bytes(game.to_bytes())     # an earlier roll may have shown one


def test_held_dice_before_the_first_roll_are_refused():
    game = filled_game()
    game.held[2] = 1
    assert_rejected(game.to_bytes())


@pytest.mark.parametrize("edit", ["die_0", "die_7", "rolls_95", "rolls_3", "bonus",
                                  "counted", "other_box", "open_box", "held"])
def test_undo_records_that_do_not_replay_the_fill_are_refused(edit):
    game = filled_game()
    u = Undo(game.last_fill)
    if edit == "die_0":
        u.dice = b"\x00" + u.dice[1:]
    elif edit == "die_7":
        u.dice = b"\x07" + u.dice[1:]
    elif edit == "rolls_95":
        u.rolls_left = 95
    elif edit == "rolls_3":
        u.rolls_left = 3
    elif edit == "bonus":
        u.bonus = 1
    elif edit == "counted":
        u.counted = 1
        u.rolls_left = 2
    elif edit == "other_box":
        prev = game.cards[game.current - 1]
        u.box = [b for b in range(13) if prev.scores[b] != 255 and b != u.box][0]
    elif edit == "open_box":
        prev = game.cards[game.current - 1]
        u.box = prev.scores.index(255)
    elif edit == "held":
        # held flags are part of the turn undo restores: a die held before the last
        # roll is legal, so only a held die with no roll yet is refused
        u.rolls_left = 2
        u.held = b"\x01\x00\x00\x00\x00"
        game.last_fill = u.record()
        yc.Game.from_bytes(game.to_bytes())
        return
    game.last_fill = u.record()
    assert_rejected(game.to_bytes())


def test_undo_record_with_an_unearned_bonus_is_refused():
    """A Yahtzee on the second Yahtzee turn earns the bonus; the same fill claimed
    with bonus=0 (or a bonus claimed for a plain fill) does not replay."""
    dice = iter([5] * 10)
    game = yc.Game("yahtzee", 1, lambda: next(dice))
    game.roll()
    game.fill("yahtzee")
    game.roll()
    game.fill("fives")
    assert game.cards[0].bonus_count == 1
    yc.Game.from_bytes(game.to_bytes())
    u = Undo(game.last_fill)
    u.bonus = 0
    game.last_fill = u.record()
    assert_rejected(game.to_bytes())


def test_a_loaded_edge_game_undoes_and_saves_what_it_loads():
    game = filled_game("yahtzee-1956", players=3)
    back = yc.Game.from_bytes(game.to_bytes(), lcg(3))
    back.undo()
    again = back.to_bytes()
    assert yc.Game.from_bytes(again).to_bytes() == again
