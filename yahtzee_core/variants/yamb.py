"""Yamb (Jamb), the Balkan game, with five dice: four columns of the same twelve rows,
box = column * 12 + row. The columns differ in the order they are filled: Down from
Ones to Yamb, Free in any order, Up from Yamb to Ones, and Announce only in the box the
player announced after the turn's first roll (Yamb.announce: the turn must then fill
it). Rows: Ones to Sixes (30 bonus once a column's six total 60), Max and Min (the sum
of the dice; the column scores (Max - Min) x Ones for them), Straight (1-5 or 2-6: 66,
56 or 46 made on the turn's first, second or third roll), Full (sum + 30), Poker (four
alike: sum + 40), Yamb (five alike: sum + 50). No Joker, no further-Yamb bonus. See
docs/RULES.md for the sources and the choices where they differ."""

from ..rules import Ruleset, OPEN
from ..dice import IllegalMove
from ..scorecard import Scorecard

_ROWS = ('ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'max', 'min', 'straight',
         'full', 'poker', 'yamb')


class YambCard(Scorecard):
    """Yamb's card (Game makes it through Yamb.card_class): the turn's announce, in
    `announced`, binds the turn to that box; an unbound turn fills no Announce box."""

    announced = -1  # the box this turn announced (Yamb.announce), else -1

    def __init__(self, rules, table):
        Scorecard.__init__(self, rules)  # (table: the game's cards, not needed here)

    def _unbound(self, b):
        # True where the announce keeps box b from this turn's dice
        a = self.announced
        return b != a if a >= 0 else b >= 36

    def points_into(self, dice, out, first=0):
        Scorecard.points_into(self, dice, out, first)
        for b in range(48):
            if self._unbound(b):
                out[b] = OPEN

    def options(self, dice, first=0):
        out = Scorecard.options(self, dice, first)
        for b in range(48):
            if self._unbound(b) and self.rules.categories[b] in out:
                del out[self.rules.categories[b]]
        return out

    def fill(self, box, dice, first=0):
        b = self.rules.box_index(box)
        if self._unbound(b) and self.scores[b] == OPEN:
            raise IllegalMove("box %s is closed now" % self.rules.categories[b])
        gained = Scorecard.fill(self, b, dice, first)
        if self.announced >= 0:
            self.announced = -1  # the bound box is filled: the next turn is free
        return gained

    def unfilled(self, b):
        """Game.undo took box b back: an Announce box was filled only as the turn's
        bound box, so the turn is bound to it again."""
        if b >= 36:
            self.announced = b


class Yamb(Ruleset):
    name = 'yamb'
    solved = False
    categories = tuple(row + '_' + column for column in ('down', 'free', 'up', 'announce')
                       for row in _ROWS)
    labels = 'Ones|Twos|Threes|Fours|Fives|Sixes|Max|Min|Straight|Full|Poker|Yamb'
    kinds = b'uuuuuucclgmz'        # one column's boxes, letters explained in _build.py
    # params: 1, 2, 3, 4, 5, 6, -, -, 46 (a third roll's straight), +30, +40, +50
    params = b'\x01\x02\x03\x04\x05\x06\x00\x00\x2e\x1e\x28\x32'
    upper_bonus = 30               # per column, once its six upper boxes total 60
    upper_bonus_at = 60
    five_alike_box = 11            # the first column's Yamb; every column's: 11 + 12 c
    columns = 4
    column_orders = 'DFUA'         # Down, Free, Up, Announce
    ui = 'families.yamb'   # ui/families/yamb/
    card_class = YambCard          # Game's cards: they keep the turn's announce

    def roll_bonus(self, row):
        """Points more for each roll of the turn left unused: a straight's 10 (66, 56,
        46 made on the first, second, third roll). load.py's check of a saved score
        asks it too."""
        return 10 if row == 8 else 0

    def score_roll(self, roll, box):
        return Ruleset.score_roll(self, roll, box % 12)

    def points(self, scores, roll, box, first=0):
        """-1 where the column's order forbids the box (Down: the box above is open;
        Up: the box below is open); the Announce column's binding is the card's
        (YambCard: card.announced). first: the turn's roll the dice come from (1 to
        3; 0, not said: scored as the last roll's)."""
        if scores[box] != OPEN:
            return -1
        row = box % 12
        column = box // 12
        if column == 0 and row and scores[box - 1] == OPEN or \
                column == 2 and row < 11 and scores[box + 1] == OPEN:
            return -1
        v = Ruleset.score_roll(self, roll, row)
        if v and 0 < first < 3:
            v += self.roll_bonus(row) * (3 - first)
        return v

    def announce(self, game, box, resumed=0):
        """The announce, game.rules.announce(game, box) (Game has no method for it: the
        other rulesets' heap carries no announce code): binds the turn to `box` (a name
        or index), an open box of the Announce column, once, after the turn's first
        roll (and before another; resumed=1: a save's announce, after any roll of the
        turn)."""
        card = game.card
        b = self.box_index(box)
        if b < 36 or card.scores[b] != OPEN:
            raise IllegalMove("%s is no open box of the announce column" % self.categories[b])
        if card.announced >= 0 or not game.rolled or game.rolls_left != 2 and not resumed:
            raise IllegalMove("announce once, after the turn's first roll")
        card.announced = b

    def may_roll(self, game):
        """Game.roll's rule after the first roll: with only Announce boxes open, an
        unannounced turn has no box for its dice, so it must announce first (False)."""
        card = game.card
        if card.announced < 0:
            for b in range(36):
                if card.scores[b] == OPEN:
                    return True
            return False
        return True

    def column_scores(self, scores, column):
        """(upper, middle, lower) of one column: its six upper boxes plus the bonus;
        (Max - Min) x Ones once the three are filled, else 0; its four boxes below."""
        c = 12 * column
        up = low = 0
        for b in range(c, c + 6):
            if scores[b] != OPEN:
                up += scores[b]
        for b in range(c + 8, c + 12):
            if scores[b] != OPEN:
                low += scores[b]
        hi = scores[c + 6]
        lo = scores[c + 7]
        one = scores[c]
        mid = (hi - lo) * one if hi != OPEN and lo != OPEN and one != OPEN else 0
        return up + (self.upper_bonus if up >= self.upper_bonus_at else 0), mid, low

    def upper_bonus_of(self, scores):
        """What the card adds to the plain sum of its boxes: each column's upper bonus
        and its middle section, (Max - Min) x Ones, in place of Max and Min themselves
        (so a card's total is the sum of its columns' three sections)."""
        t = 0
        for c in range(4):
            up, mid, low = self.column_scores(scores, c)
            t += up + mid + low
        for b in range(len(scores)):
            if scores[b] != OPEN:
                t -= scores[b]
        return t


RULES = Yamb
