"""The `good` bot's weights (estimate.HeuristicValues), as data: read when a bot is built
for a ruleset and dropped again (rules.forget), so only that ruleset's entry stays in
RAM. Made by `python -m tools.fit_weights` (least squares to the solver's values)."""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

SLACK = const(10)    # the bonus share ramps from 0 to full over +-10 points of upper slack

# Per ruleset: (worth of each open box in card order, upper-bonus share at full
# slack (Kismet: one per tier), five-alike-bonus worth per open box while the
# five-alike box holds points[, Generala: Double Generala's extra worth while Generala
# holds 50, and while Generala is scratched]). Hundredths; least-squares fits to the
# solver's values: `python -m tools.fit_weights`. Triple Yahtzee has none of its own:
# estimate.triple_values() sums Yahtzee's per column.
WEIGHTS = {
    'yahtzee': ((560, 704, 875, 1081, 1285, 1506, 2239, 1332, 1768, 2881, 2261, 1038,
                 2704), 3212, 273),
    'yahtzee-free-joker': ((560, 704, 875, 1081, 1285, 1506, 2239, 1333, 1767, 2881,
                            2261, 1038, 2704), 3211, 273),
    'yahtzee-1956': ((553, 692, 856, 1055, 1251, 1461, 2236, 1343, 1778, 2880, 2305,
                      1057, 2696), 3203, 271),
    'yatzy': ((410, 598, 835, 1123, 1393, 1673, 1450, 1897, 1575, 1118, 607, 791, 1558,
               2609, 871), 4997, 0),
    'yacht': ((529, 705, 915, 1160, 1413, 1657, 1391, 967, 1145, 1162, 2579, 796), 0, 0),
    'kniffel': ((608, 781, 972, 1198, 1421, 1663, 2213, 1251, 1790, 2960, 2323, 671, 2731),
                3238, -24),
    'generala': ((525, 710, 932, 1168, 1414, 1668, 1229, 2272, 2750, 588, 780), 0, 0, 607,
                 -641),
    'kismet': ((709, 831, 995, 1201, 1405, 1649, 1812, 2404, 1520, 1924, 2472, 1650, 2892,
                2885, 1304), (2541, 2152, 1647), 0),
    # least squares to tools.solver.solve_small's values (no bonus: box worths only)
    'crag': ((398, 476, 604, 752, 891, 1024, 646, 636, 592, 698, 882, 1628, 2429), 0, 0),
    # no solve (2**20 masks, docs/STRATEGY.md): each box's mean score in the good bot's
    # own games, the bonus share its 100 (python -m tools.fit_weights --selfplay)
    'maxi-yatzy': ((320, 750, 1005, 1567, 1950, 2310, 1150, 2030, 2007, 1615, 1973, 183,
                    850, 1467, 1050, 2463, 1645, 1817, 2913, 2333), 10000, 0),
}


def feature_layout(rules):
    """(tiers, slack, y_open, y_box): what HeuristicValues sums for this ruleset, from
    its declared traits: the upper totals where the bonus steps up (upper_tiers, or
    the one upper_bonus_at); whether y x open boxes counts (a five-alike bonus); the
    box worth more while y (double_box: Generala's Double Generala) or -1.
    tools/fit_weights.py fits these same features. (Kniffel: its +50 needs the
    Kniffel box filled, not 50 in it, yet y x open boxes makes the better player:
    exact 247.99 against 242.48 with "Kniffel box filled x open upper boxes" instead,
    though that fits the values closer.)"""
    if rules.upper_tiers is not None:
        tiers = tuple(at for at, _ in rules.upper_tiers)
    else:
        tiers = (rules.upper_bonus_at,) if rules.upper_bonus else ()
    y_box = rules.double_box if rules.five_alike_box >= 0 and not rules.five_alike_bonus \
        else -1
    return tiers, SLACK, 1 if rules.five_alike_bonus else 0, y_box
