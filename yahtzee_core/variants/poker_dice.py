"""Poker Dice: five dice whose faces are the cards 9, 10, J, Q, K and A (faces 1 to 6),
three rolls a turn as in Yahtzee, and a poker hand at the end. A game is ROUNDS
rounds; in each every seat plays one turn and stands on its hand, and the round's best
hand wins it (equal best hands each win it). Most rounds won wins the game. Hands,
best first: five of a kind, four of a kind, full house, high straight (10 to A), low
straight (9 to K), three of a kind, two pairs, one pair, nothing; equal kinds compare
the dice of the combination, then the others, highest first (Wikipedia's "Poker
dice"), so two hands tie only with the same dice. See docs/RULES.md.

The card is one box per round, filled in order (column_orders 'H'), holding the hand's
rank: 0 (9-10-J-Q-A, the worst) to 251 (five aces), one byte per roll index in RANK.
A card keeps the game's cards (its table) to count the rounds it won: its total."""

from ..rules import Ruleset, NAMES, OPEN
from ..dice import IllegalMove, N_ROLLS, roll_dice
from ..scorecard import Scorecard

ROUNDS = 5
# Each hand kind's first rank, worst kind first (the kinds of HANDS): nothing 4 rolls,
# one pair 60, two pairs 60, three of a kind 60, low and high straight 1 each, full
# house 30, four of a kind 30, five of a kind 6.
KIND_AT = b'\x00\x04\x40\x7c\xb8\xb9\xba\xd8\xf6'
HANDS = ('Nothing', 'One pair', 'Two pairs', 'Three of a kind', 'Low straight',
         'High straight', 'Full house', 'Four of a kind', 'Five of a kind')


def _ranks():
    # RANK[roll]: the hand's place among all 252 (every roll is a different hand once
    # the dice outside the combination count). Built once: a key per roll (its kind,
    # then its dice ordered by how many show the face, then by face), sorted.
    keys = []
    for r in range(N_ROLLS):
        d = roll_dice(r)
        n = [0] * 7
        for f in d:
            n[f] += 1
        groups = sorted(n[1:], reverse=True)  # largest group first
        top, second = groups[0], groups[1]
        if top == 1:
            kind = 5 if n[1] == 0 else 4 if n[6] == 0 else 0  # 10-A, 9-K, or nothing
        else:
            kind = (0, 0, 1, 3, 7, 8)[top] + (top == 2 and second == 2) + \
                3 * (top == 3 and second == 2)
        key = kind
        for c in range(5, 0, -1):  # the dice of the larger groups first, high first
            for f in range(6, 0, -1):
                if n[f] == c:
                    for _ in range(c):
                        key = key * 7 + f
        keys.append(key << 8 | r)  # (below 2**30: a board's small int)
    keys.sort()
    rank = bytearray(N_ROLLS)
    for i in range(N_ROLLS):
        rank[keys[i] & 255] = i
    return bytes(rank)


def hand_kind(rank):
    """The kind of a hand's rank: an index into HANDS."""
    k = 8
    while KIND_AT[k] > rank:
        k -= 1
    return k


class PokerCard(Scorecard):
    """A seat's card (Game makes it through PokerDice.card_class): the ranks of its
    hands, one box per round, and the game's cards, which say who won each round."""

    announced = -1  # no announce in Poker Dice (save.py asks every ordered card)

    def __init__(self, rules, table):
        Scorecard.__init__(self, rules)
        self.table = table  # every seat's card, this one too

    def best(self, r):
        """The best rank in round r's box over the table so far, -1 if none."""
        best = -1
        for c in self.table:
            v = c.scores[r]
            if v != OPEN and v > best:
                best = v
        return best

    @property
    def total(self):
        """Rounds this seat has won: only rounds every seat has played (a hand that
        leads a round while a seat is still to roll has not won it yet)."""
        won = 0
        for r in range(len(self.scores)):
            v = self.scores[r]
            if v == OPEN or not self.decided(r):
                break
            won += v == self.best(r)
        return won

    def decided(self, r):
        """Every seat has stood on a hand in round r."""
        for c in self.table:
            if c.scores[r] == OPEN:
                return False
        return True

    @property
    def round_box(self):
        """The box this seat's next hand fills (its first open box), -1 when full."""
        for r in range(len(self.scores)):
            if self.scores[r] == OPEN:
                return r
        return -1

    @property
    def beat(self):
        """The hand this seat's turn must reach to win the round: the best rank stood
        on this round so far (a tie wins it too), -1 while none has played."""
        r = self.round_box
        return self.best(r) if r >= 0 else -1

    @property
    def after(self):
        """Seats still to play this round after this one."""
        r = self.round_box
        n = 0
        for c in self.table:
            n += c is not self and c.scores[r] == OPEN
        return n if r >= 0 else 0

    def unfilled(self, b):
        """Game.undo took box b back: nothing else to restore."""


class PokerDice(Ruleset):
    name = 'poker-dice'
    # literals, kept in flash where frozen (tests/test_scoring_rulesets.py derives them)
    categories = ('round_1', 'round_2', 'round_3', 'round_4', 'round_5')
    labels = 'Round 1|Round 2|Round 3|Round 4|Round 5'
    kinds = b'h' * ROUNDS     # a hand in each box (no _build table: score_roll)
    n_upper = 0
    column_orders = 'H'       # one column of hands, a round's each, filled in order
    hands = True
    ui = 'families.poker'   # ui/families/poker/
    card_class = PokerCard

    def __init__(self):
        # No box table (_build): a box scores the hand's rank, RANK[roll].
        self.n_boxes = self.rounds = ROUNDS
        self.id = NAMES[:NAMES.index(' ' + self.name + ' ')].count(' ')  # its number
        self.rank = _ranks()

    def score_roll(self, roll, box):
        return self.rank[roll]

    def points(self, scores, roll, box, first=0):
        """The hand's rank, in the round's box only (the first open one)."""
        if scores[box] != OPEN or box and scores[box - 1] == OPEN:
            return -1
        return self.rank[roll]

    def roll_bonus(self, row):
        """No points for rolls left unused (load.py asks every ordered ruleset)."""
        return 0

    def announce(self, game, box, resumed=0):
        raise IllegalMove("no announce in poker dice")

    def may_roll(self, game):
        """Any turn may roll while it has rolls left."""
        return True


RULES = PokerDice
