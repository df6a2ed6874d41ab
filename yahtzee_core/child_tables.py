"""The child tables of the holds of n dice: five dice's a table a face (every
five-dice planner and odds.py read them), others a table a level (small_planner.py's
planner and odds_six.py): built where they are not read in flash (our firmware freezes
them in odds_tables.FIVE_CHILDREN and SIX_CHILDREN), then this module is let go."""

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


def five_children():
    """children[f - 1][h]: hold h of 0..4 dice with a die f more, a bytearray of 210 a
    face: that hold's index where h keeps fewer than four dice (at most 209), else the
    index less 210, the roll's index (the rolls are holds 210..461: a planner reads them
    through its view x[210:], so a child is a byte and a sweep adds nothing to it)."""
    four = hold_index((1,) * 4)
    rolls = hold_index((1,) * 5)
    ch = tuple([bytearray(rolls) for _ in range(6)])
    for h in range(rolls):
        kept = hold_dice(h)
        base = 0 if h < four else rolls
        for f in range(1, 7):
            ch[f - 1][h] = hold_index(kept + (f,)) - base
    return ch
