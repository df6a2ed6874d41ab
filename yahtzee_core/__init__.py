"""Yahtzee rules core: exact rules for every ruleset, lookup-table scoring, the game
engine and saves that survive a power cut on flash. Pure Python for CPython, MicroPython and CircuitPython:
no floats, no clock, no randomness of its own.

>>> import yahtzee_core
>>> rules = yahtzee_core.ruleset('yahtzee')
>>> rules.score((3, 3, 3, 3, 3), 'three_of_a_kind')
15
>>> yahtzee_core.Scorecard(rules).options((1, 2, 3, 4, 6))['small_straight']
30

Only the rules module loads with the package; the rest loads when first named, so a
program pays heap only for the parts it uses (the app: saves, records, game, scorecard
and load at start-up; the advisor and bots once a game needs them).
"""

from .rules import IllegalMove
from .variants import ruleset


def __getattr__(name):
    if name == 'RULESETS':  # every ruleset's name: a tuple, made anew (rules.NAMES)
        from .rules import NAMES
        return tuple(NAMES.split())
    # Public name -> the submodule defining it, imported on first use and kept.
    module = ('scorecard' if name == 'Scorecard' else
              'game' if name in ('Game', 'MAX_PLAYERS') else
              'rules' if name == 'KINDS' else
              'save' if name == 'SaveError' else
              'journal' if name == 'Journal' else
              'advisor' if name == 'Advisor' else None)
    # On a board a collection first lets the module's code (and, from a .py, the
    # compiler's work) take the room garbage held instead of breaking up what is
    # left: the plain .py bundle ran out of heap compiling the bots without it
    # (tools/pico_emu). CPython has no such heap (no mem_free): no collection.
    import gc
    if hasattr(gc, 'mem_free'):
        gc.collect()
    try:
        value = __import__('yahtzee_core.' + (module or name), None, None, (name,))
    except ImportError:
        raise AttributeError(name)
    if module:  # a public name, not a submodule: keep it for next time
        value = globals()[name] = getattr(value, name)
    return value
