"""The child tables of the holds of n dice, a table a level (small_planner.py's planner
and odds_six.py read them): built where they are not read in flash (our firmware
freezes six dice's in odds_tables.SIX_CHILDREN), then this module is let go."""

from .dice import hold_dice, hold_index


def level_children(n):
    """children[k][6 * (h - lv[k]) + f - 1] for n dice, lv[k] the first hold of k
    dice: hold h of k dice with a die f more is hold h + (lv[k + 1] - lv[k]) + that
    byte (small_planner.py's module doc); a table a level, so no block is larger than five dice's
    1.5 KB."""
    lv = [hold_index((1,) * k) for k in range(n + 1)]
    ch = [None] * n
    for k in range(n - 1, -1, -1):
        ch[k] = bytearray(6 * (lv[k + 1] - lv[k]))
    for k in range(n):
        first = lv[k]
        past = lv[k + 1] - first
        for h in range(first, lv[k + 1]):
            kept = hold_dice(h)
            for f in range(1, 7):
                ch[k][6 * (h - first) + f - 1] = hold_index(kept + (f,)) - h - past
    return ch
