"""Property tests: random action sequences (illegal ones mixed in) against a plain model.

For every ruleset, hypothesis draws a player count, a dice stream and a list of actions.
Each action is applied to the game and to a model built from reference_scoring; after
each one the card totals, stats and turn state must agree, a rejected action must leave
the save bytes untouched, and at random points the game is saved and loaded into a twin
that must then play on identically. Undo must restore the bytes from before the fill.
"""
import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reference_scoring as ref
import yahtzee_core as yc

SETTINGS = settings(max_examples=30, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


class ListDice:
    """A dice source cycling through a drawn list; clonable so twins see the same dice."""

    def __init__(self, faces, pos=0):
        self.faces = faces
        self.pos = pos

    def __call__(self):
        v = self.faces[self.pos % len(self.faces)]
        self.pos += 1
        return v

    def clone(self):
        return ListDice(self.faces, self.pos)


class Model:
    """What RULES.md says the game state should be, independent of the core."""

    def __init__(self, name, players):
        self.name = name
        self.players = players
        self.cards = [ref.ReferenceCard(name) for _ in range(players)]
        self.yahtzees = [0] * players
        self.turn_yahtzee = False
        self.rolls = 0          # rolls this turn: a fill after one is served (Generala)
        self.winner = None      # the seat that won at once (Generala served)
        self.current = 0
        self.fills = 0
        self.undo_state = None

    @property
    def rounds(self):
        return len(ref.boxes(self.name))

    @property
    def over(self):
        return self.fills == self.rounds * self.players or self.winner is not None

    @property
    def first(self):
        return self.rolls == 1

    @property
    def round(self):
        return self.fills // self.players + 1

    def on_roll(self, dice):
        self.undo_state = None
        self.rolls += 1
        if ref.is_five_alike(dice) and not self.turn_yahtzee:
            self.turn_yahtzee = True
            self.yahtzees[self.current] += 1
        if ref.instant_win(self.name, dice, self.first):
            self.winner = self.current

    def options(self, dice):
        return ref.legal_options(self.name, self.cards[self.current].filled, dice,
                                 self.first)

    def on_fill(self, box, dice):
        snapshot = (copy.deepcopy(self.cards[self.current]), self.turn_yahtzee,
                    self.current, self.fills, self.rolls)
        gained = self.cards[self.current].fill(box, dice, self.first)
        self.undo_state = snapshot
        self.turn_yahtzee = False
        self.rolls = 0
        self.fills += 1
        self.current = (self.current + 1) % self.players
        return gained

    def on_undo(self):
        card, self.turn_yahtzee, self.current, self.fills, self.rolls = self.undo_state
        self.cards[self.current] = card
        self.undo_state = None

    def stats(self, p):
        card = self.cards[p]
        return {"yahtzees": self.yahtzees[p], "yahtzee_bonuses": card.bonus_count,
                "zeros": sum(1 for v in card.filled.values() if v == 0)}


def check_against_model(game, model):
    assert game.over == model.over
    assert game.round == model.round
    assert game.current == model.current
    assert game.can_undo == (model.undo_state is not None)
    for p, (card, mcard) in enumerate(zip(game.cards, model.cards)):
        assert card.filled == mcard.filled
        assert card.total == mcard.total
        assert card.total == sum(card.filled.values()) + card.upper_bonus + card.yahtzee_bonus
        assert card.upper_bonus == mcard.upper_bonus
        assert card.yahtzee_bonus == mcard.yahtzee_bonus
        assert card.upper_par == mcard.upper_par
        assert game.stats(p) == model.stats(p)


ACTION = st.one_of(
    st.tuples(st.just("roll"), st.just(0)),
    st.tuples(st.just("roll"), st.just(0)),
    st.tuples(st.sampled_from(["hold", "release", "toggle"]), st.integers(-1, 5)),
    st.tuples(st.just("fill_legal"), st.integers(0, 20)),
    st.tuples(st.just("fill_any"), st.integers(0, 20)),
    st.tuples(st.just("fill_bad_name"), st.just(0)),
    st.tuples(st.just("undo"), st.just(0)),
    st.tuples(st.just("save_load"), st.just(0)),
)

GAME_INPUT = st.tuples(
    st.integers(1, 4),
    st.lists(st.integers(1, 6), min_size=1, max_size=40),
    st.lists(ACTION, min_size=40, max_size=300),
)


def resolve(game, model, kind, arg):
    """Turn a drawn action into a concrete (method name, argument)."""
    if kind in ("fill_legal", "fill_any", "fill_bad_name"):
        if kind == "fill_bad_name":
            return "fill", "no_such_box"
        if kind == "fill_legal" and game.rolled and not game.over:
            opts = sorted(model.options(list(game.dice)))
            return "fill", opts[arg % len(opts)]
        boxes = ref.boxes(model.name)
        return "fill", boxes[arg % len(boxes)]
    return kind, arg


def apply(game, method, arg):
    """Apply one concrete action; return the outcome as comparable data."""
    try:
        if method == "roll":
            game.roll()
            return ("rolled", bytes(game.dice))
        if method in ("hold", "release", "toggle"):
            getattr(game, method)(arg)
            return ("held", bytes(game.held))
        if method == "fill":
            return ("filled", arg, game.fill(arg))
        if method == "undo":
            game.undo()
            return ("undone",)
    except yc.IllegalMove:
        return ("illegal",)
    raise AssertionError(method)


def run_sequence(name, players, faces, actions):
    rng = ListDice(faces)
    game = yc.Game(name, players, rng)
    model = Model(name, players)
    twins = []  # (game, rng) loaded from saves along the way
    undo_bytes = None  # the save bytes from just before the last fill
    for kind, arg in actions:
        if kind == "save_load":
            data = game.to_bytes()
            twin_rng = rng.clone()
            twin = yc.Game.from_bytes(data, twin_rng)
            assert twin.to_bytes() == data
            twins = twins[-1:] + [(twin, twin_rng)]  # two twins at most keep it fast
            continue
        before = game.to_bytes()
        rolled_before = game.rolled
        dice_before = bytes(game.dice)
        method, marg = resolve(game, model, kind, arg)
        outcome = apply(game, method, marg)
        if outcome[0] == "illegal":
            assert game.to_bytes() == before, "a rejected %s changed the game" % kind
        # the model's view of what just happened
        if outcome[0] == "rolled":
            assert not model.over
            model.on_roll(list(game.dice))
        elif outcome[0] == "filled":
            _, box, gained = outcome
            assert rolled_before
            assert gained == model.on_fill(box, list(dice_before))
            undo_bytes = before
        elif outcome[0] == "undone":
            model.on_undo()
            assert game.to_bytes() == undo_bytes
        elif outcome[0] == "illegal":
            if method == "roll":
                assert model.over or game.rolls_left == 0
            if method == "fill" and rolled_before and not model.over:
                assert marg not in model.options(list(dice_before)), \
                    "a box the reference allows was refused: %s" % marg
            if method == "undo":
                assert model.undo_state is None
        check_against_model(game, model)
        # twins loaded from earlier saves must behave exactly the same
        for twin, _ in twins:
            assert apply(twin, method, marg) == outcome
            assert twin.to_bytes() == game.to_bytes()
    return game, model, rng


def finish(game, model):
    """Play the game out with legal moves; it must end after exactly the right turns."""
    while not model.over:
        assert not game.over
        if not game.rolled:
            game.roll()
            model.on_roll(list(game.dice))
        if model.over:  # a Generala served on that roll
            break
        opts = model.options(list(game.dice))
        box = max(sorted(opts), key=opts.get)
        dice = list(game.dice)
        assert game.fill(box) == model.on_fill(box, dice)
        check_against_model(game, model)
    assert game.over
    if model.winner is not None:  # won at once: the winner first, then by totals
        assert game.winner == model.winner and game.ranking()[0][:2] == (1, model.winner)
        return
    assert all(card.filled_mask == (1 << len(ref.boxes(model.name))) - 1 for card in game.cards)
    before = game.to_bytes()
    with pytest.raises(yc.IllegalMove):
        game.roll()
    with pytest.raises(yc.IllegalMove):
        game.fill(ref.boxes(model.name)[0])
    assert game.to_bytes() == before
    data = game.to_bytes()
    assert yc.Game.from_bytes(data).to_bytes() == data
    # ranking: best first, places shared on ties
    rows = game.ranking()
    totals = [c.total for c in game.cards]
    assert sorted(r[1] for r in rows) == list(range(len(totals)))
    for place, p, total in rows:
        assert total == totals[p]
        assert place == 1 + sum(1 for t in totals if t > total)
    assert [r[2] for r in rows] == sorted(totals, reverse=True)


@pytest.mark.parametrize("name", ref.CARD_RULESETS)
@SETTINGS
@given(GAME_INPUT)
def test_random_action_sequences_match_the_model(name, game_input):
    players, faces, actions = game_input
    game, model, rng = run_sequence(name, players, faces, actions)
    finish(game, model)


@pytest.mark.parametrize("name", ref.CARD_RULESETS)
@SETTINGS
@given(st.integers(1, 3), st.lists(st.integers(1, 6), min_size=1, max_size=12),
       st.lists(st.integers(0, 20), min_size=1, max_size=60))
def test_undo_after_every_fill_restores_exactly(name, players, faces, picks):
    """Fill, undo, check bytes, fill again: the game stays in lockstep with the model."""
    rng = ListDice(faces)
    game = yc.Game(name, players, rng)
    model = Model(name, players)
    for pick in picks:
        if model.over:
            break
        if not game.rolled:
            game.roll()
            model.on_roll(list(game.dice))
            if model.over:  # a Generala served
                break
        before = game.to_bytes()
        opts = sorted(model.options(list(game.dice)))
        box = opts[pick % len(opts)]
        dice = list(game.dice)
        game.fill(box)
        game.undo()
        assert game.to_bytes() == before
        assert not game.can_undo
        assert game.fill(box) == model.on_fill(box, dice)
        check_against_model(game, model)
    finish(game, model)
