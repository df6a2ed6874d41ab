"""Turn flow for 1 to 8 players: roll up to three times (the ruleset's turn_rolls),
hold dice between rolls, fill a box. (Yamb's announce is its ruleset's:
game.rules.announce(game, box), as no method here would cost the other rulesets heap.)

Randomness comes from an injected callable returning 1..6, so tests script the dice and
the device passes its own. An illegal action raises IllegalMove before changing
anything.

>>> dice = iter([6, 6, 6, 6, 6])
>>> game = Game('yahtzee', 2, lambda: next(dice))
>>> game.roll()
>>> list(game.dice)
[6, 6, 6, 6, 6]
>>> game.fill('yahtzee'), game.current, game.round
(50, 1, 1)
"""

from .dice import IllegalMove, roll_index
from .rules import forget, KINDS
from .variants import ruleset
from .scorecard import Scorecard

MAX_PLAYERS = 8


def _die(rng):
    # One die from the injected source, checked: the caller commits only once all are good.
    v = rng()
    if not (isinstance(v, int) and 1 <= v <= 6):
        raise ValueError("the dice source gave %r, not 1..6" % (v,))
    return v


def _index(v, n):
    # An int 0..n-1, not a bool: True would quietly mean 1. (Few, short messages: each
    # string constant of a module stays in a board's RAM once the module is loaded.)
    if type(v) is not int or not 0 <= v < n:
        raise IllegalMove("%r is not 0..%d" % (v, n - 1))
    return v


class Game:
    # Class-level defaults, set on a game only when it differs: they keep the instance's
    # attribute table at 12 entries (a 14-entry one takes the next size, 136 bytes).
    winner = -1        # the seat that won at once (Generala)
    # Duplicate play: every seat's roll with r rolls left gives die i
    # round_dice[15 - 5 * r + i] (unless held), drawn once per round at seat 0's first
    # roll (Crag's two rolls use the last ten). None: plain play.
    round_dice = None
    # The next roll's dice (up to six), checked before any is committed; in duplicate
    # play first a new round's 15 dice, likewise (copied to the game before the roll's).
    _new = bytearray(15)

    def __init__(self, rules, players=1, rng=None, duplicate=False):
        if isinstance(rules, str):
            rules = ruleset(rules)
        if type(players) is int:
            players = ('human',) * players
        elif isinstance(players, (tuple, list)):
            players = tuple(players)
        else:
            players = ()
        if not 1 <= len(players) <= MAX_PLAYERS:
            raise ValueError("a game has 1 to 8 players")
        for k in players:
            if k not in KINDS:
                raise ValueError("unknown player kind %r; choose from %s" % (k, ', '.join(KINDS)))
        self.rules = rules
        self.players = players  # who plays each seat: a name from KINDS
        self.rng = rng
        self.cards = []
        for _ in players:  # Yamb's cards keep the announce, Poker Dice's the table
            self.cards.append(rules.card_class(rules, self.cards) if rules.column_orders
                              else Scorecard(rules))
        self.yahtzees = bytearray(len(players))  # turns with a five-alike rolled, per player
        self.dice = bytearray(rules.n_dice)     # all 0 until the turn's first roll
        self.held = bytearray(rules.n_dice)
        self.rolls_left = rules.turn_rolls
        self.current = 0
        self.round = 1
        self.turn_yahtzee = 0                   # this turn's five-alike is counted
        if duplicate:
            # The round's dice are 15 (save.py): 3 rolls of 5. Two names the heap holds
            # anyway say why: a message string would stay in a board's RAM (50 bytes).
            if rules.n_dice > 5:
                raise ValueError("duplicate", "n_dice")
            self.round_dice = bytearray(15)
        # The undo record of the last fill, None once a roll has happened since:
        # (box, bonus, counted, dice, held, rolls_left) = the box filled; the bonus
        # units the fill paid (0 or 1; Triple Yahtzee 0 to 3); the turn's turn_yahtzee;
        # and the turn's dice, held flags and rolls left before the fill (its bytes:
        # save.encode writes them, save.unpack_undo reads them).
        self.last_fill = None

    @property
    def over(self):
        return self.round > self.rules.rounds or self.winner >= 0

    @property
    def rolled(self):
        """True once the current turn has rolled."""
        return self.rolls_left < self.rules.turn_rolls

    @property
    def card(self):
        return self.cards[self.current]

    @property
    def can_undo(self):
        return self.last_fill is not None

    def options(self):
        """{box name: points now} for the current player's legal boxes."""
        return self.card.options(self.dice, self.rules.turn_rolls - self.rolls_left) \
            if self.rolled and not self.over else {}

    def stats(self, p):
        """Player p's counts: Yahtzees rolled, Yahtzee bonuses, boxes filled with 0."""
        _index(p, len(self.cards))
        zeros = 0
        for v in self.cards[p].scores:
            zeros += v == 0
        return {'yahtzees': self.yahtzees[p], 'yahtzee_bonuses': self.cards[p].bonus_count,
                'zeros': zeros}

    def ranking(self):
        """[(place, player, total)] best first; equal totals share a place: 1, 1, 3.
        A seat that won at once (Generala served) is first whatever the totals. Where
        the game is won on points (Balut), points rank first, then the total."""
        rows = []
        w = self.winner
        cards = self.cards
        r = self.rules
        keys = []
        for c in cards:  # the total; won on points: points first (a total is below 4096)
            keys.append(c.total if r.goals is None else r.game_points(c.scores) * 4096 + c.total)
        for p in range(len(cards)):
            place = 1
            if p != w:
                place += w >= 0
                for q in range(len(cards)):
                    place += q != w and keys[q] > keys[p]
            rows.append((place, p, cards[p].total))
        rows.sort()
        return rows

    def _check(self, unrolled=None):
        # Every action but undo needs a game in progress; those that need a rolled
        # turn say why in `unrolled`.
        if self.over:
            raise IllegalMove("the game is over")
        if unrolled and not self.rolled:
            raise IllegalMove(unrolled)

    def roll(self):
        """Roll every die not held: all of them on the turn's first roll."""
        self._check()
        if not self.rolls_left or self.rng is None:
            raise IllegalMove("no dice source (loaded without one)" if self.rolls_left
                              else "no rolls left: fill a box")
        first = not self.rolled
        if self.rules.column_orders and not first and not self.rules.may_roll(self):
            raise IllegalMove("only announce boxes are open: announce one first")  # Yamb
        same = self.round_dice
        new = self._new
        if same is not None and first and self.current == 0:
            for i in range(15):  # a new round: the dice every seat will get
                new[i] = _die(self.rng)
            same[:] = new
        n = len(self.dice)
        k = 15 - 5 * self.rolls_left   # this roll's dice in round_dice
        for i in range(n):
            if first or not self.held[i]:
                new[i] = same[k + i] if same is not None else _die(self.rng)
            else:
                new[i] = self.dice[i]
        # Commit only once all are good: a bad source changes nothing.
        for i in range(n):
            self.dice[i] = new[i]
            if first:
                self.held[i] = 0
        self.rolls_left -= 1
        self.last_fill = None
        if self.rules._five_alike(roll_index(self.dice, n)) and not self.turn_yahtzee:
            self.turn_yahtzee = 1
            self.yahtzees[self.current] += 1
            # Not in Duplicate play: every seat gets the same first roll, so it would
            # always be seat 0's (docs/RULES.md); there it scores like any Generala.
            if first and same is None and self.rules.instant_win:
                self.winner = self.current

    def hold(self, i, keep=1):
        """Keep die i (0-4; 0-2 of three) out of the next roll; keep=0 releases it."""
        self._check("roll before holding dice")
        if not self.rolls_left:
            raise IllegalMove("no rolls left: holding changes nothing")
        _index(i, len(self.held))
        _index(keep, 2)
        self.held[i] = keep

    def release(self, i):
        self.hold(i, 0)

    def toggle(self, i):
        self.hold(i, 1 - self.held[_index(i, len(self.held))])

    def fill(self, box):
        """Fill a box of the current player's card with the dice; returns the points
        gained, bonuses included, and passes the turn."""
        self._check("roll before filling a box")
        card = self.card
        n = self.rules.turn_rolls
        b = self.rules.box_index(box)
        bonuses = card.bonus_count
        gained = card.fill(b, self.dice, n - self.rolls_left)  # served, roll bonus
        # the undo record; a computer's box is final and keeps none
        self.last_fill = (b, card.bonus_count - bonuses, self.turn_yahtzee,
                          bytes(self.dice), bytes(self.held), self.rolls_left
                          ) if self.players[self.current] == 'human' else None
        self.dice[:] = self.held[:] = bytes(len(self.dice))
        self.rolls_left = n
        self.turn_yahtzee = 0
        self.current += 1
        if self.current == len(self.players):
            self.current = 0
            self.round += 1
        return gained

    def undo(self):
        """Take back the last box a human filled, bonuses too; allowed until the
        next roll or pass_turn(). A computer's fill keeps no undo record."""
        if self.last_fill is None:
            raise IllegalMove("nothing to undo")
        b, bonus, self.turn_yahtzee, dice, held, self.rolls_left = self.last_fill
        if self.current == 0:
            self.current = len(self.players)
            self.round -= 1
        self.current -= 1
        card = self.card
        card.scores[b] = 255  # rules.OPEN (a literal: no name in the module's dict)
        card.bonus_count -= bonus
        self.dice[:] = dice
        self.held[:] = held
        self.last_fill = None
        if self.rules.column_orders:
            card.unfilled(b)  # Yamb: the turn's announce again

    def pass_turn(self):
        """The device is handed to the next player: the box just filled is final."""
        self.last_fill = None

    def to_bytes(self):
        """The whole game as compact, versioned, checksummed bytes (see save.py)."""
        from .save import encode
        return encode(self)

    @staticmethod
    def from_bytes(data, rng=None):
        """The game saved in `data`; SaveError when the bytes are not a good save."""
        # In two halves that never share RAM: resuming happens once per power-on, at
        # the heap's peak. On a board a collection before each half lets its code take
        # the room that garbage (the first half's code) held, not fresh room past it;
        # CPython (no mem_free) has no such heap, and a collection there costs time.
        import gc
        tidy = gc.collect if hasattr(gc, 'mem_free') else int
        tidy()
        from . import load
        try:
            game = load.decode(data, rng, Game)
        finally:
            forget('load')
        load = None  # the module's last reference: its code can go now
        tidy()
        from . import load_checks
        try:
            load_checks.decode(data, game)
        finally:
            forget('load_checks')
        return game
