"""Yahtzee rules core: exact rules for every ruleset, lookup-table scoring, the game
engine and power-safe saves. Pure Python for CPython, MicroPython and CircuitPython:
no floats, no clock, no randomness of its own.

>>> import yahtzee_core
>>> rules = yahtzee_core.ruleset('yahtzee')
>>> rules.score((3, 3, 3, 3, 3), 'three_of_a_kind')
15
>>> yahtzee_core.Scorecard(rules).options((1, 2, 3, 4, 6))['small_straight']
30
"""

from .rules import RULESETS, ruleset, IllegalMove
from .scorecard import Scorecard
from .game import Game, KINDS, MAX_PLAYERS
from .save import SlotStore, SaveError


def Advisor(rules, table_file):
    """The optimal-play advisor (imported only when asked for; see advisor.py)."""
    from .advisor import Advisor as _Advisor
    return _Advisor(rules, table_file)
