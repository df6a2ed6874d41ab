# Each ruleset family's own screens: its card, grid, help and extra scenes
# (the ruleset class names them: yahtzee_core.rules.Ruleset.ui).
