# Each ruleset family's own screens: its card, grid, help and extra scenes, in the
# folder its ruleset class names (yahtzee_core.rules.Ruleset.ui).


def family(rules, part):
    """The module `part` ('card', 'grid', 'help', 'screens') of the ruleset's own
    screens (rules.ui: 'families.yamb' is ui/families/yamb/), imported if it is not
    loaded."""
    return __import__('ui.' + rules.ui + '.' + part, None, None, ('_',))
