"""Rulesets: boxes, score tables, bonuses and the Joker policy.

A ruleset is data: its boxes (each a scoring kind and a parameter, see _build.py) and
its traits, every one a class attribute of Ruleset below with its default, which a
ruleset's module under ``variants/`` overrides. What data cannot say overrides one of
three hooks: points() (Generala's Double Generala; Triple Yahtzee's columns; the
Yahtzee family's Joker, which points() asks of _joker), bonus() and upper_bonus_of()
(Triple Yahtzee's columns). Box scores are computed once per
ruleset into one table (our firmware reads it in flash: score_tables.py, generated): each roll's face counts (756 bytes), from which the upper
boxes' scores and the sum of the dice follow; below the upper section, 32 bytes per
box (one bit per roll: it scores or not) for a box that scores a fixed amount or the
sum of the dice (plus a fixed amount), and 252 bytes per box (one score per roll) for
the pairs and n-alike boxes. Scoring a roll is a few lookups and shifts, no loop.
Each ruleset lives in its own module under ``variants/`` and is imported only when
asked for (variants.ruleset), so the tables of rulesets not in play never reach RAM.

>>> from yahtzee_core import ruleset
>>> rules = ruleset('yahtzee')
>>> rules.score((2, 2, 3, 3, 3), 'full_house'), rules.score((2, 2, 3, 3, 3), 'threes')
(25, 9)
>>> ruleset('yatzy').score((5, 5, 4, 4, 1), 'two_pairs')
18
"""

from .dice import IllegalMove, roll_index

# Every ruleset's name, each between spaces (its module under variants/ is the name with
# '_' for '-'). Saves store a ruleset by its number here: append new rulesets, never
# reorder or remove. One string, not a tuple: compiled to .mpy, a tuple's names load as
# a string object each (14 of them: about 0.5 KB of CircuitPython's heap, 1 KB of
# MicroPython's). yahtzee_core.RULESETS is the tuple, made anew when asked for.
NAMES = (' yahtzee yahtzee-free-joker yahtzee-1956 yatzy yacht kniffel generala kismet '
         'triple-yahtzee crag yamb maxi-yatzy balut poker-dice ')
OPEN = 255  # an unfilled box in a card's scores
# Who plays a seat (game.py). Saves store the index: append new kinds, never reorder or
# remove. Here, beside NAMES, as save.py and load.py read it and game.py loads them.
KINDS = ('human', 'perfect', 'good', 'beginner', 'casual')


# Three traits of Ruleset, explained here, not beside them (a comment there lengthens
# the class's line table, which cost every ruleset's core check 1K of heap on
# CircuitPython: bench/bench_core.py):
# - cells: a category's boxes (Balut: 4), box = cell * categories + category, every
#   cell scored alike (no multiplier); the labels and the score table are one cell's
#   (the variant's score_roll maps a box onto the table).
# - goals: where the game is won on points (Balut), ranked by them, then the total:
#   (per category (at, points): its cells totalling at least `at` > 0 earn `points`;
#   at 0, every cell scoring (none 0); at -1, each cell scoring; then ((total,
#   points), ...) from the lowest: what the card's total earns).
# - solved: perfect play is known (a strategy table can be built: tools/solver.py;
#   Poker Dice's planner is exact): level perfect and exact hints exist. False where
#   no solver can solve it (Triple Yahtzee, Yamb, Maxi Yatzy, Balut): the app offers
#   no perfect computer there and its hints give no expected score.
# - ui: its own screens, where the plain card and help do not fit it: their package
#   under the app's ui/ ('families.yamb': its card, grid, help, screens and scene
#   modules; ui.families.family(rules, 'card') finds one), '' for none. A name, not
#   an import: the core never imports the app. (A string over 10 characters loads as
#   a str, not an interned name: a new name could take a new pool of them.)
class Ruleset:
    """Base of every ruleset; a subclass sets the class attributes below.

    Box b is named ``categories[b]`` and scored by kind ``kinds[b]`` with parameter
    ``params[b]`` (see _build.py); ``labels`` names the boxes for a small screen, one
    string split at '|'. The first six boxes are the upper section, faces 1 to 6.
    Every trait a ruleset may have is here with its default (a class attribute costs
    the rulesets that keep it nothing), so nobody needs getattr to ask for one.
    """

    name = labels = ''
    categories = ()
    kinds = params = b''
    n_upper = 6
    n_dice = 5                # dice in play (Crag: 3); the tables are built for it
    turn_rolls = 3            # rolls a turn may take (Crag: 2)
    # -- bonuses --
    upper_bonus = 0           # points once the upper section totals upper_bonus_at
    upper_bonus_at = 63
    upper_tiers = None        # ((total, bonus), ...) from the lowest, where the upper
    #                           bonus steps up more than once (Kismet); then
    #                           upper_bonus and upper_bonus_at are the top tier's
    five_alike_box = -1       # index of the Yahtzee / Yatzy / Yacht box
    five_alike_bonus = 0      # points for each further five-alike (the Yahtzee bonus)
    bonus_in_upper = False    # that bonus is paid only in the five-alike's own upper
    #                           box, whatever the five-alike box holds, 0 too (Kniffel)
    # -- the Joker: a further five-alike once the five-alike box is filled (the
    # family's rule, _joker, lives with Yahtzee: variants/yahtzee.py) --
    joker_points = None       # per box: fixed score when a five-alike is a Joker, 0 = plain
    forced_upper = False      # while the matching upper box is open, it is the only choice
    lower_first = False       # else an open lower box must be taken (as a Joker) before
    #                           an upper box, which then scores 0
    # -- the rest --
    served = None             # per box: extra points when made on the turn's first roll
    instant_win = False       # a five-alike on the turn's first roll wins the game at once
    double_box = -1           # a box scoring only while the five-alike box holds points
    #                           (Generala's Double Generala), or -1
    columns = 1               # scorecard columns, box = column * boxes of one + b, scored
    #                           x1, x2, ... (Triple Yahtzee: 3 of 13)
    column_ruleset = None     # with columns: the ruleset each column is a card of (its
    #                           name: Triple Yahtzee's are Yahtzee's, for level good)
    column_orders = None      # with columns: each column's fill order, a letter each:
    #                           D down (the box above filled first), U up, F free,
    #                           A announce (only the box announced after the turn's
    #                           first roll: rules.announce; Yamb 'DFUA'). Such a
    #                           ruleset has the hooks announce(), may_roll(),
    #                           card_class (its cards keep the announce) and
    #                           roll_bonus() (load.py: variants/yamb.py)
    hands = False             # won by poker hands, a round each, not by a card's total
    #                           (Poker Dice: column_orders 'H', one column of rounds
    #                           filled in order, with its hooks)
    colours = None            # each face's colour letter, 1 to 6 ('BRGGRB': Kismet's
    #                           black, red, green), where hands ask for one colour
    cells = 1
    goals = None
    solved = True
    ui = ''

    def __init__(self):
        self.n_boxes = self.rounds = len(self.categories)
        self.id = NAMES[:NAMES.index(' ' + self.name + ' ')].count(' ')  # its number
        # _table: each roll's face counts, packed, then the columns of the boxes below
        # the upper section, box b's at _at[b]. See _build.table. Frozen into our
        # firmware (no file), this code reads them in flash (score_tables.py,
        # generated); else the builder is needed once: load it, build, let it go again.
        try:
            open(__file__).close()
            got = None
        except OSError:
            from .score_tables import find
            got = find(self.n_dice, self.kinds, self.params)
            forget('score_tables')
        if got is None:
            from . import _build
            got = _build.table(self)
            forget('_build')
        self._table, self._at = got

    def box_index(self, box):
        """Index of a box given by name or index; IllegalMove if there is none."""
        if type(box) is int:  # not a bool: fill(False) must not fill box 0
            if 0 <= box < self.n_boxes:
                return box
        elif type(box) is str and box in self.categories:
            return self.categories.index(box)
        raise IllegalMove("no box %r in %s" % (box, self.name))

    def score_roll(self, roll, box):
        """Plain score of box index `box` for roll index `roll` (see _build.table): an
        upper box's face times its count (a nibble); else a byte of the box's column,
        or, if its bit is set, a fixed score or the sum of the dice plus one."""
        t = self._table
        if box < 6:
            return (box + 1) * (t[3 * roll + (box >> 1)] >> ((box & 1) << 2) & 15)
        at = self._at[box]
        if at >= 0:
            return t[at + roll]
        at = ~at
        if not t[(at & 4095) + (roll >> 3)] >> (roll & 7) & 1:
            return 0
        at >>= 12
        if at < 128:
            return at
        roll *= 3  # the sum of the dice, from the face counts
        return at - 128 + (t[roll] & 15) + 2 * (t[roll] >> 4) + 3 * (t[roll + 1] & 15) + \
            4 * (t[roll + 1] >> 4) + 5 * (t[roll + 2] & 15) + 6 * (t[roll + 2] >> 4)

    def score(self, dice, box):
        """Plain score of the dice in a box (name or index), without card context."""
        return self.score_roll(roll_index(dice, self.n_dice), self.box_index(box))

    def _five_alike(self, roll):
        """The face of a five-alike roll index, else 0: rolls 0, 5, 20, 55, 125 and 251
        (1s to 6s), C(face + 4, 5) - 1 in colex order (no 252-byte table). Fewer dice
        (Crag) override it: all their dice alike."""
        return (0, 5, 20, 55, 125, 251).index(roll) + 1 if roll in (0, 5, 20, 55, 125, 251) \
            else 0

    def points(self, scores, roll, box, first=0):
        """Points box index `box` would score now on a card with these scores, or -1
        when this roll may not fill it (the box is filled, or a Joker rule forbids).
        first: the turn's roll the dice come from, 1 to turn_rolls (0: not said); 1,
        the first roll, is what `served` asks (Yamb's roll_bonus asks 2 too)."""
        if scores[box] != OPEN:
            return -1
        if self.joker_points and scores[self.five_alike_box] != OPEN:
            face = self._five_alike(roll)
            if face:
                return self._joker(scores, roll, face, box)
        return self.score_roll(roll, box)

    def bonus(self, scores, roll, box, pts):
        """Five-alike bonuses (units of five_alike_bonus) that filling open box `box`
        with `pts` earns: a further five-alike while the five-alike box holds points
        (bonus_in_upper: filled, and only into the five-alike's own upper box)."""
        face = self._five_alike(roll) if self.five_alike_bonus else 0
        if not face:
            return 0
        held = scores[self.five_alike_box]
        if self.bonus_in_upper:
            return 1 if box == face - 1 and held != OPEN else 0
        return 1 if held != 0 and held != OPEN else 0

    def upper_bonus_of(self, scores):
        """Upper-section bonus points of a card with these scores (Yamb: all its card
        adds to the sum of its boxes, see variants/yamb.py)."""
        t = 0
        for b in range(self.n_upper):
            if scores[b] != OPEN:
                t += scores[b]
        if self.upper_tiers is None:
            return self.upper_bonus if t >= self.upper_bonus_at else 0
        bonus = 0
        for at, points in self.upper_tiers:
            if t >= at:
                bonus = points
        return bonus


def forget(name, package='yahtzee_core'):
    """Drop a loaded module of a package (this one unless told: forget('scenes.turn',
    'ui')) so its code leaves RAM; it is imported again when next needed. The
    program's one unloader. The name its parent package holds it by goes too, where
    that package is loaded (a name dotted below a package never imported has none)."""
    import sys  # here, not at the top: one name fewer in the module's dict (8, not 10)
    name = package + '.' + name
    sys.modules.pop(name, None)
    i = name.rfind('.')
    parent = sys.modules.get(name[:i])
    if parent is not None:
        parent.__dict__.pop(name[i + 1:], None)
