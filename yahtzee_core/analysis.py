"""Post-game analysis: points lost by each decision against optimal play.

As in Verhoeff's advisor, a decision's loss is the optimal expected final score of
the best choice minus that of the choice made, both judged at the moment of the
decision; the game's loss is their sum. (Luck is not a loss: a good choice that
rolls badly loses nothing.)

The game or app feeds a DecisionLog as it goes, 8 bytes per decision:

    log = DecisionLog()
    log.hold(card, dice, rolls_left, held_flags)   # before a re-roll
    log.box(card, dice, box_index)                 # when a box is filled
    report = analyze(advisor, log)                 # after the game (needs the table)
    report.total, report.losses                    # hundredths of a point

Record layout (little endian): filled mask (2 bytes), capped upper subtotal (1),
Yahtzee box score (1, 255 = open or no such box), roll index (1), rolls left (1:
0 for a box choice), choice (2: hold index, or box index).
"""

from . import dice as _dice
from .rules import OPEN

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_REC = const(8)


class DecisionLog:
    def __init__(self, data=None):
        self.data = bytearray(data) if data else bytearray()

    def __len__(self):
        return len(self.data) // _REC

    def _add(self, card, dice, rolls_left, choice):
        rules = card.rules
        mask = card.filled_mask
        u = card.upper_total
        cap = rules.upper_bonus_at
        if u > cap:
            u = cap
        fab = rules.five_alike_box
        ybox = card.scores[fab] if fab >= 0 else OPEN
        r = _dice.roll_index(dice, len(dice))
        self.data.extend(bytes((mask & 255, mask >> 8, u, ybox, r, rolls_left,
                                choice & 255, choice >> 8)))

    def hold(self, card, dice, rolls_left, held):
        """Record a hold: `held` is 0/1 flags, one per die in `dice`."""
        kept = tuple(sorted(dice[i] for i in range(len(dice)) if held[i]))
        self._add(card, dice, rolls_left, _dice.hold_index(kept))

    def box(self, card, dice, box):
        b = card.rules.box_index(box)
        self._add(card, dice, 0, b)

    def drop_box(self):
        """Forget the last decision when it was a box (its fill was undone); the
        turn's holds before it stay decisions."""
        if len(self) and self.data[-3] == 0:     # rolls left 0: a box
            self.data = self.data[:-_REC]

    def record(self, i):
        """(mask, u, ybox, roll index, rolls left, choice) of decision i."""
        d = self.data
        o = i * _REC
        return (d[o] | d[o + 1] << 8, d[o + 2], d[o + 3], d[o + 4], d[o + 5],
                d[o + 6] | d[o + 7] << 8)


def probe_card(rules, mask, u, ybox):
    """A card that plays like the recorded one: the same boxes open, the same capped
    upper subtotal (all of it in the first filled upper box) and the same Yahtzee box."""
    from .scorecard import Scorecard
    card = Scorecard(rules)
    s = card.scores
    first = -1
    for b in range(rules.n_boxes):
        if mask >> b & 1:
            s[b] = 0
            if b < 6 and first < 0:
                first = b
    if first >= 0:
        s[first] = u
    fab = rules.five_alike_box
    if fab >= 0 and mask >> fab & 1:
        s[fab] = ybox if ybox != OPEN else 0
    return card


class Report:
    def __init__(self):
        self.losses = []        # (decision number, rolls left, loss in hundredths)
        self.total = 0          # hundredths, rounded from the exact sum

    def worst(self, n=3):
        return sorted(self.losses, key=_loss_key)[:n]


def _loss_key(item):
    return -item[2]


def judge(planner, card, dice, rolls_left, choice):
    """(value of the best choice, value of the choice made, best choice) of one
    decision judged by a TurnPlanner, values on the planner's scale (6**n units of a
    hundredth of the rest of the game for n dice: five dice's planner._SCALE); a choice
    is a hold index (rolls_left 1 or 2) or a box index (rolls_left 0). ValueError for
    a box that was not legal."""
    if rolls_left:
        best_h, best = planner.best_hold_index(card, dice, rolls_left)
        return best, planner.x[choice], best_h
    from .ranking import box_options
    opts = box_options(planner, card, dice)
    s = 6 ** len(dice)
    for v, b in opts:
        if b == choice:
            return opts[0][0] * s, v * s, opts[0][1]
    raise ValueError('box %d was not a legal choice' % choice)


def analyze(advisor, log):
    """Report of the points each logged decision lost against optimal play."""
    planner = advisor.planner if hasattr(advisor, 'planner') else advisor
    rules = planner.rules
    n = rules.n_dice
    scale = 6 ** n              # the planner's values are on this scale (judge)
    half = scale // 2
    first_roll = _dice.hold_index((1,) * n)     # roll 0 of n dice among the holds
    rep = Report()
    exact = 0                   # on the scale
    for i in range(len(log)):
        mask, u, ybox, r, rolls_left, choice = log.record(i)
        card = probe_card(rules, mask, u, ybox)
        try:
            best, chosen, _ = judge(planner, card, _dice.hold_dice(first_roll + r),
                                    rolls_left, choice)
        except ValueError as e:
            raise ValueError('decision %d: %s' % (i, e))
        loss = best - chosen
        exact += loss
        rep.losses.append((i, rolls_left, (loss + half) // scale))
    rep.total = (exact + half) // scale
    return rep
