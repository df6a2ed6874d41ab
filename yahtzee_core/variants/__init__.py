"""The rulesets, one module each (its name with '_' for '-', its class named RULES),
imported only when a ruleset is asked for: the tables of rulesets not in play never
reach RAM. A variant module subclasses rules.Ruleset and sets its data and traits."""

from ..rules import NAMES

built = {}      # name: the ruleset, once asked for (ui.app forgets those not in play)


def ruleset(name):
    """The ruleset called `name` (one of yahtzee_core.RULESETS); built once, then
    shared."""
    # before the dict lookup: a list is no key
    if type(name) is not str or ' ' in name or ' ' + name + ' ' not in NAMES:
        raise ValueError("unknown ruleset %r; choose one of: %s"
                         % (name, ', '.join(NAMES.split())))
    r = built.get(name)
    if r is None:
        module = __import__('yahtzee_core.variants.' + name.replace('-', '_'), None, None,
                            ('RULES',))
        r = built[name] = module.RULES()
    return r
