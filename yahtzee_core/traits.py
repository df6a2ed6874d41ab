"""Traits of a ruleset that the turn planner and the `good` bot's estimate need
beyond the plain attributes, asked of the core once with a probe card: loaded only by
rulesets that need them (Kismet's tiers, Generala's Double Generala, Triple
Yahtzee's columns), so the others' players pay no RAM for this code."""

from . import dice as _dice


def upper_steps(rules):
    """(cap, bonus_at) of a ruleset's upper bonus: bonus_at[u] is the bonus of a card
    whose upper boxes total u (Ruleset.upper_bonus_of: Kismet's tiers too) for u up to
    cap, the least total from which it no longer changes (cap 0: no upper bonus).
    Triple Yahtzee: its first column's (a column pays it times its multiplier)."""
    scores = bytearray(b'\xff' * rules.n_boxes)
    last = -1
    cap = 0
    for u in range(106):          # six upper boxes hold at most 5 * 21 = 105
        scores[0] = u
        v = rules.upper_bonus_of(scores)
        if v != last:
            cap = u
            last = v
    bonus_at = bytearray(cap + 1)
    for u in range(cap + 1):
        scores[0] = u
        bonus_at[u] = rules.upper_bonus_of(scores)
    return cap, bonus_at


def five_alike_box_scoring(rules):
    """The box other than the five-alike box whose points for a five-alike depend on
    what the five-alike box holds (Generala's Double Generala: 100 only after a
    Generala), or -1. Asked of the core with a probe card, once."""
    fab = rules.five_alike_box
    if fab < 0 or getattr(rules, 'columns', 1) > 1:
        return -1
    scores = bytearray(b'\xff' * rules.n_boxes)
    sixes = _dice.roll_index((6, 6, 6, 6, 6))
    held = rules.score_roll(sixes, fab)
    for b in range(rules.n_boxes):
        if b != fab:
            scores[fab] = 0
            p = rules.points(scores, sixes, b)
            scores[fab] = held
            if rules.points(scores, sixes, b) != p:
                return b
    return -1
