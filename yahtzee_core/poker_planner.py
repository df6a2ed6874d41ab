"""Poker Dice's turn planning (loaded only for it): which dice to keep to win the
round. planner.py's TurnPlanner does the turn's sums (a hold is the sum of its six
children, the best hold within a roll its best sub-hold); only the values of the
final hands differ, and there is one box to fill, the round's.

A final hand h is worth, on the scale 0..65535 (1 = 65535):
- nothing when it is below the hand to beat (card.beat: the best hand stood on this
  round so far; equal hands each win the round, so reaching it is enough);
- level perfect: the chance that each of the seats still to play this round
  (card.after) fails to beat h outright, LATER[h] (one seat; tools/poker_table.py
  works it out for a player who plays a whole turn for it) to the power of their
  number; with no seat before or after (a game alone) the hand's rank, so the bot
  plays for the best hand it can;
- level good: 1 at the hand to beat or above (the seats after are not looked at);
  the first to play goes for the best hand it can (its rank);
- level casual: as good, but any hand of the kind of the one to beat counts as
  reaching it (it does not look at which dice break a tie).
Working memory: the planner's 462 ints and its child table (TurnPlanner)."""

from . import dice as _dice
from .dice import roll_index as _roll_index
from .planner import TurnPlanner
from .variants.poker_dice import KIND_AT, hand_kind

PERFECT, GOOD, CASUAL = 0, 1, 2
_FULL = 7776 * 65535        # a certain hand on a hold's scale (6**5 x the value 1)
_HALF_SCALE = _FULL // 2
# LATER[2h:2h + 2] (little-endian): 65535 x the chance that one seat after this one,
# playing its turn to beat hand h outright, fails (python -m tools.poker_table).
LATER = (
    b'\x00\x00\x01\x00\x02\x00\x0c\x00\r\x00\x11\x00\x17\x00#\x00+\x002\x00'
    b'7\x00;\x00?\x00C\x00L\x00X\x00k\x00\x9c\x00\xa3\x00\xaf\x00'
    b'\xcb\x00\xd4\x00\xea\x00\xff\x00\r\x01"\x01o\x01\xa2\x01\xb4\x01\xe3\x01'
    b'\x1d\x02U\x02\x81\x02\xee\x02\xf0\x02-\x03P\x03z\x03\xac\x03\xf7\x03'
    b'=\x04\x15\x05\xeb\x05\x9d\x06\xa1\x06\xad\x06\xb6\x06\xc4\x06C\x07\x9b\x07'
    b'\xe2\x07H\x08\xc4\x08@\tH\tW\tn\t\x8f\t\xae\t\xe3\t'
    b'&\n\xa1\n&\x0b\xa2\x0b\xee\x0b\x83\x0c\x05\r\x8a\r\xd6\rk\x0e'
    b'\xd3\x0er\x0f\xdc\x0f\xaa\x10\x1e\x114\x12c\x12\xca\x128\x13\xd7\x13'
    b'\x11\x14\x96\x14\x13\x15\x17\x16*\x16u\x16C\x17e\x18\xba\x18@\x19'
    b'\x9d\x19N\x1a\xad\x1aL\x1b\xb1\x1b\xd2\x1c\x17\x1d\x83\x1d4\x1e\x7f\x1f'
    b"\x14 \xb9 \xae!b#\x17$\n%\x99%2&-'\x86("
    b"<)H*'+A,H-u.\xc6//1\x922-4"
    b'\xbb6^9\x9b;\xa0=\xd5=\x1e>}>\xea>t?\x12@'
    b'\xc3@kA\x0fB\xaeB\xffBhC\xebC\x7fD E\xcfE'
    b'\x95F\x99GBH\xe9HaI\xf3I\x9eJ[K\x0fL\xe3L'
    b'\xcaM\xe6N\xd2O}PWQSRISLT(U\x17V'
    b'8WaX\xbaY\xacZ\x04\\\x84]\xd9^\x13`\xda`\xa7a'
    b'\xefb@d\xe3e@gPhri\xbej l\x1dm7n'
    b'Oo\x8fp\xf7qCs\xc9w\x1a{\xdc|\xab~\x89\x80j\x82'
    b'\xa2\x84\x94\x85\xa6\x87\xc7\x89\xd2\x8bj\x8et\x8f\xaa\x90\x10\x93@\x95'
    b'B\x98e\x99\xb6\x9a"\x9c\x87\x9e\xf0\xa1@\xa3\xb7\xa4\r\xa6\x99\xa7'
    b'\x99\xab\x1c\xad\xac\xae\x7f\xb0\xc4\xb2\x8e\xb5\x89\xb6\xc9\xb7\x18\xb9;\xba'
    b'\x9b\xbb\xc1\xbc2\xbe\xad\xbf\x07\xc1\x94\xc2\xef\xc3\x99\xc5E\xc7\xdc\xc8'
    b'\xb0\xcaY\xccO\xceD\xd0\x19\xd2\x82\xd4\xaa\xd6.\xd9\xa8\xdb\xfc\xdd'
    b'\xb6\xe1\xdb\xe4P\xe8\xb7\xeb*\xef7\xf4\x81\xf5\xeb\xf6{\xf8K\xfa'
    b'\x99\xfc\xff\xff'
)


class _NoValues:
    """TurnPlanner's turn-start values: Poker Dice has none (a round is one turn)."""

    def value(self, mask, u, y):
        return 0


class PokerPlanner(TurnPlanner):
    """The best hold to win the round, at a level (PERFECT, GOOD or CASUAL: bots.py's
    quarters 0, 4 and 1)."""

    target = -1     # chance(): the rank a hand must reach, in place of the level's values

    def __init__(self, rules, level=PERFECT):
        TurnPlanner.__init__(self, rules, _NoValues())
        self.play = level
        self._aim = None

    def hand_value(self, h, beat, after):
        """The worth of standing on hand rank h (0..65535): see the module's words."""
        if beat < 0 and (after == 0 or self.play != PERFECT):
            return h << 8             # first to play (good), or alone: the best hand
        if self.play == CASUAL and beat >= 0:
            beat = KIND_AT[hand_kind(beat)]     # the kind is enough
        if h < beat:
            return 0
        if self.play != PERFECT:
            return 65535
        v = 65535
        w = LATER[2 * h] | LATER[2 * h + 1] << 8
        for _ in range(after):
            v = v * w // 65535
        return v

    def _last_roll_values(self, card):
        aim = (card.beat, card.after, self.target)
        if aim == self._aim and self._stage == 3:
            return
        e = self.e
        rank = self.rules.rank
        t = self.target
        for r in range(252):
            e[r] = (65535 if rank[r] >= t else 0) if t >= 0 else \
                self.hand_value(rank[r], aim[0], aim[1])
        self._aim = aim
        self._stage = 3

    def best_hold_index(self, card, dice, rolls_left):
        """TurnPlanner's best hold, but standing (keeping all five) where nothing
        better is to be had: no roll for nothing."""
        h, v = TurnPlanner.best_hold_index(self, card, dice, rolls_left)
        stand = self.base5 + _roll_index(dice)
        return (stand, v) if self.x[stand] == v else (h, v)

    def best_box_index(self, card, dice, first=0):
        """The round's box: the only one a hand may fill."""
        return card.round_box, 0

    def chance(self, card, dice, rolls_left, at):
        """(chance in 1/10,000, dice to keep or None) of standing on a hand ranked `at`
        or better, playing for it from these dice (dice None: before the turn's first
        roll) with rolls_left: the Odds screen's figure for a hand kind."""
        self.target = at
        try:
            if dice is None:    # a whole turn: the value of keeping nothing, 3 rolls
                self._hold_values(card, 2)
                self._push_best()
                self._sweep()
                v, keep = self.x[0], None
            elif rolls_left == 0:
                return (10000 if self.rules.score(dice, 0) >= at else 0), None
            else:
                h, v = self.best_hold_index(card, dice, rolls_left)
                keep = _dice.hold_dice(h)
        finally:
            self.target = -1
            self._aim = None
        return (v * 10000 + _HALF_SCALE) // _FULL, keep


def planner(rules, quarters):
    """The bots' planner (bots.py): quarters 0 level perfect, 4 good, 1 casual."""
    return PokerPlanner(rules, 1 if quarters == 4 else 2 if quarters else 0)
