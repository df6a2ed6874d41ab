"""yahtzee_core/planner_room.py, a turn planner's speed where the heap has room, gives
the plain planner's decisions and values exactly: the last roll by point groups (with
turn-start values that make a box's zero worth more than some of its scores, so the
floor's fallback runs too), the one-loop sweeps, the kept values, and the warm steps
between decisions (RoomyPlanner.tick, which ui/hints.py tick calls)."""
import random

import pytest

import yahtzee_core as yc
from yahtzee_core import dice as D
from yahtzee_core import planner_room
from yahtzee_core.analysis import probe_card
from yahtzee_core.planner import TurnPlanner
from yahtzee_core.planner_room import RoomyPlanner
from yahtzee_core.ranking import box_options, hold_options
from yahtzee_core.planner_room import _BUILT as BUILT
from yahtzee_core.variants import ruleset

FIVE_DICE_PLAIN = [n for n in yc.RULESETS
                   if ruleset(n).n_dice == 5 and ruleset(n).columns == 1 and
                   not ruleset(n).hands and n not in ('yamb', 'balut')]


class Scrambled:
    """Turn-start values from the state's bits: no order the real tables keep (a
    higher upper subtotal may be worth less), so no shortcut can lean on one."""

    def value(self, mask, u, y):
        return (mask * 7919 + u * 104729 + y * 1299709) % 25000


def planners(rules, values):
    BUILT.clear()
    return RoomyPlanner(rules, values), TurnPlanner(rules, values)


@pytest.mark.parametrize('name', FIVE_DICE_PLAIN)
@pytest.mark.parametrize('values', ['scrambled', 'estimate'])
def test_the_same_decisions_with_room_as_without(name, values):
    rules = ruleset(name)
    if values == 'scrambled':
        source = Scrambled()
    else:
        from yahtzee_core.estimate import HeuristicValues
        source = HeuristicValues(rules)
    fast, plain = planners(rules, source)
    rng = random.Random(name)
    full = (1 << rules.n_boxes) - 1
    for _ in range(12):
        mask = rng.randrange(full)
        fab = rules.five_alike_box
        ybox = 255 if fab < 0 or not mask >> fab & 1 else rng.choice((0, 50))
        card = probe_card(rules, mask, rng.randrange(64), ybox)
        for step in range(rng.randrange(6)):    # some warm steps first, or none
            fast.tick(card)
        for _ in range(4):
            dice = tuple(rng.randrange(1, 7) for _ in range(5))
            for rolls_left in (2, 1, 2):
                assert hold_options(fast, card, dice, rolls_left) == \
                    hold_options(plain, card, dice, rolls_left)
                # the hint's best alone, found without the list: its first
                assert hold_options(fast, card, dice, rolls_left, True) == \
                    hold_options(plain, card, dice, rolls_left)[:1]
                assert fast.best_hold_index(card, dice, rolls_left) == \
                    plain.best_hold_index(card, dice, rolls_left)
                fast.tick(card)
            for first in (0, 1):
                assert box_options(fast, card, dice, first) == \
                    box_options(plain, card, dice, first)
            assert fast.best_box_index(card, dice) == plain.best_box_index(card, dice)


def test_warm_steps_leave_both_rolls_kept():
    rules = ruleset('yahtzee')
    BUILT.clear()
    planner = RoomyPlanner(rules, Scrambled())
    card = probe_card(rules, 0b1000001000011, 12, 255)
    steps = 0
    while not planner.tick(card):
        steps += 1
        assert steps <= 4
    assert steps == 4 and planner._kept == 3
    # a decision now copies the kept values: no last roll is worked out again
    planner._last_roll_values = None
    hold_options(planner, card, D.roll_dice(100), 2)
    hold_options(planner, card, D.roll_dice(100), 1)


def test_the_generated_groups_are_the_rulesets():
    """yahtzee_core/roll_groups.py (tools/roll_groups.py, frozen into our firmware) holds
    build_groups' groups of each solved five-dice ruleset, and the planner reads them."""
    from tools import roll_groups
    from yahtzee_core.roll_groups import groups
    with open(roll_groups.TARGET) as f:
        assert f.read() == roll_groups.source(), "python -m tools.roll_groups --write"
    names = [r.name for r in roll_groups.rulesets()]
    assert 'yahtzee' in names and 'yatzy' in names
    for name in names:
        assert groups(name) == planner_room.build_groups(ruleset(name))
    assert groups('yamb') is None
    BUILT.clear()
    p = RoomyPlanner(ruleset('yahtzee'), Scrambled())
    assert p.groups == planner_room.build_groups(ruleset('yahtzee'))
    assert 'groups' not in BUILT        # read from the module, nothing built


def test_the_generated_table_heads_are_the_tables_and_the_planner_reads_them(tmp_path):
    """yahtzee_core/table_heads.py (tools/table_heads.py, frozen into our firmware)
    holds the header layouts of the tables a RoomyPlanner plays, and a planner made on
    a table reads its header from there: the same values as the header read."""
    from tools import table_heads
    from tools.strategy_table import write_tables
    from yahtzee_core.advisor import TableValues
    from yahtzee_core.table_heads import HEADS
    with open(table_heads.TARGET) as f:
        assert f.read() == table_heads.source(), "python -m tools.table_heads --write"
    rules = ruleset('yahtzee')
    write_tables(rules, str(tmp_path), kinds=('plain', 'packed'))
    for path in sorted(tmp_path.iterdir()):
        read = TableValues(rules, str(path))
        flash = TableValues(rules, str(path))
        BUILT.clear()
        p = RoomyPlanner(rules, flash)
        assert flash.head in HEADS and read.head not in HEADS  # 48 bytes of name, counts
        full = (1 << rules.n_boxes) - 1
        rng = random.Random(path.name)
        for _ in range(200):
            mask = rng.randrange(full)
            u = rng.randrange(64)
            assert flash.value(mask, u, 0) == read.value(mask, u, 0)
        card = probe_card(rules, 0b1000001000011, 0, 255)
        assert p.best_hold_index(card, (1, 1, 3, 4, 5), 2) == \
            RoomyPlanner(rules, read).best_hold_index(card, (1, 1, 3, 4, 5), 2)
        read.close()
        flash.close()
