"""Poker Dice's table of later seats (desktop only, numpy): for every hand h, the
chance that one player after, who plays a whole turn (three rolls, holds as they
like) to beat h outright, fails. yahtzee_core/poker_planner.py keeps it as bytes
(LATER) and its `perfect` level plans by it; this tool prints the literal and the
test recomputes it (tests/test_poker_dice_bots.py).

    python -m tools.poker_table          # the literal, and each kind's figures

With --json, the exact distribution of the hand a turn ends on instead, played by
level perfect as the first of two seats (nothing to beat, one seat after), in
tools.distribution's JSON shape with the hand's rank (0..251) for the score: the
device's percentile table of Poker Dice (tools/percentile_table.py):

    python -m tools.poker_table --json docs/distribution/poker-dice.json
"""
import itertools
import json
import math
import sys

import numpy as np

from yahtzee_core import dice as yd
from yahtzee_core.variants import ruleset


def outcome_matrix():
    """M[h, r]: the chance that hold h (0..461) with the other dice rolled ends as roll r."""
    m = np.zeros((yd.N_HOLDS, yd.N_ROLLS))
    for h in range(yd.N_HOLDS):
        kept = yd.hold_dice(h)
        n = 5 - len(kept)
        for faces in itertools.product(range(1, 7), repeat=n):
            m[h, yd.roll_index(kept + faces)] += 1
        m[h] /= 6 ** n
    return m


def sub_holds():
    """S[r, h]: True when hold h keeps some of roll r's dice (keeping all five: standing)."""
    s = np.zeros((yd.N_ROLLS, yd.N_HOLDS), dtype=bool)
    for r in range(yd.N_ROLLS):
        d = yd.roll_dice(r)
        for k in range(6):
            for kept in itertools.combinations(d, k):
                s[r, yd.hold_index(kept)] = True
    return s


def best_chances(values, m, s, rolls=3):
    """The value of a turn of `rolls` rolls played to maximise the expected final
    value (values: per final roll), from before its first roll."""
    f = np.asarray(values, dtype=float)
    for _ in range(rolls - 1):
        e = m @ f                                   # each hold's expectation
        f = np.where(s, e[None, :], -1.0).max(axis=1)
    return float(m[0] @ f)                          # the first roll: all five dice


def final_distribution(values, m, s, rolls=3):
    """The chances of each final roll when a turn of `rolls` rolls is played to
    maximise the expected final value (values per final roll; the best hold of each
    roll, standing where nothing better is to be had)."""
    f = [np.asarray(values, dtype=float)]
    policy = []
    for _ in range(rolls - 1):          # backwards: the last decision first
        e = m @ f[-1]
        table = np.where(s, e[None, :], -1.0)
        best = table.max(axis=1)
        stand = np.array([yd.hold_index(yd.roll_dice(r)) for r in range(yd.N_ROLLS)])
        choice = np.where(table[np.arange(yd.N_ROLLS), stand] >= best - 1e-12, stand,
                          table.argmax(axis=1))
        policy.append(choice)
        f.append(best)
    d = m[0].copy()                     # the first roll: all five dice
    for choice in reversed(policy):     # forwards: the first decision first
        d = d @ m[choice]
    return d


def two_seats(reach=None):
    """(first, second): the chance each of two seats at level perfect wins a round
    (equal hands win it for both), the first playing for LATER's worth, the second
    for the first's hand (tools.solver --rules poker-dice)."""
    rank = np.frombuffer(ruleset('poker-dice').rank, dtype=np.uint8)
    m, s = outcome_matrix(), sub_holds()
    reach = reach_chances() if reach is None else reach
    later = np.frombuffer(later_table(reach), dtype='<u2').astype(float) / 65535
    d1 = final_distribution(later[rank], m, s)
    first = second = 0.0
    by_rank = np.zeros(yd.N_ROLLS)
    np.add.at(by_rank, rank, d1)        # the first seat's hand, by rank
    for h in range(yd.N_ROLLS):
        if by_rank[h]:
            d2 = final_distribution(rank >= h, m, s)
            above = d2[rank > h].sum()
            first += by_rank[h] * (1 - above)
            second += by_rank[h] * d2[rank >= h].sum()
    return first, second


def reach_chances():
    """reach[h]: the best chance a turn ends on a hand ranked h or better."""
    rank = np.frombuffer(ruleset('poker-dice').rank, dtype=np.uint8)
    m, s = outcome_matrix(), sub_holds()
    return [best_chances(rank >= h, m, s) for h in range(yd.N_ROLLS)]


def later_table(reach=None):
    """LATER: for each rank h, 65535 x the chance a later seat fails to beat it
    outright (to reach h + 1), two bytes little-endian."""
    reach = reach_chances() if reach is None else reach
    out = bytearray()
    for h in range(yd.N_ROLLS):
        beat = reach[h + 1] if h + 1 < yd.N_ROLLS else 0.0
        out += int(math.floor(65535 * (1 - beat) + 0.5)).to_bytes(2, 'little')
    return bytes(out)


def first_seat_hands(m=None, s=None):
    """by_rank[h]: the chance a turn ends on the hand ranked h, played by level
    perfect as the first of two seats: no hand to beat, a final hand h worth LATER[h]
    (the device's table, the chance the seat after fails to beat it), standing where
    rolling is no better (yahtzee_core/poker_planner.py)."""
    from yahtzee_core.poker_planner import LATER
    rank = np.frombuffer(ruleset('poker-dice').rank, dtype=np.uint8)
    m = outcome_matrix() if m is None else m
    s = sub_holds() if s is None else s
    later = np.frombuffer(LATER, dtype='<u2').astype(float) / 65535
    d = final_distribution(later[rank], m, s)
    by_rank = np.zeros(yd.N_ROLLS)
    np.add.at(by_rank, rank, d)
    return by_rank


def hand_summary(by_rank):
    """The distribution's JSON dict (tools.distribution's shape, "score": "hand"):
    mean rank, median, mode, percentile k = the smallest rank h with P(rank <= h) >=
    k/100, and each hand kind's chance."""
    from yahtzee_core.variants.poker_dice import KIND_AT, HANDS
    cdf = np.cumsum(by_rank)

    def percentile(k):
        return int(np.searchsorted(cdf, k / 100.0 - 1e-15))
    bounds = list(KIND_AT) + [yd.N_ROLLS]
    return {'rules': 'poker-dice', 'play': 'perfect', 'score': 'hand',
            'note': "the hand a turn ends on (its rank among the 252, 0 the worst), "
                    "played by level perfect as the first of two seats; exact",
            'mean': float(np.dot(np.arange(yd.N_ROLLS), by_rank)),
            'median': percentile(50), 'mode': int(by_rank.argmax()),
            'mode_probability': float(by_rank.max()),
            'percentiles': {str(k): percentile(k) for k in range(1, 100)},
            'kinds': {HANDS[k]: math.fsum(by_rank[bounds[k]:bounds[k + 1]].tolist())
                      for k in range(len(HANDS))}}


def main(argv=None):
    from tools.cli_checks import Parser, bad_out_file, write_text
    ap = Parser(description=__doc__.split('\n')[0])
    ap.add_argument('--json', help="write the first seat's hand distribution here")
    args = ap.parse_args(argv)
    if args.json:
        ap.refuse(bad_out_file(args.json, '--json'))
        out = hand_summary(first_seat_hands())
        write_text(ap, args.json, '--json', json.dumps(out, indent=1) + '\n')
        print('poker-dice, first of two perfect seats: mean rank %.2f, median %d, '
              'percentiles 1/10/25/75/90/99 at %s' % (
                  out['mean'], out['median'],
                  '/'.join(str(out['percentiles'][str(k)]) for k in (1, 10, 25, 75, 90, 99))))
        for kind, p in out['kinds'].items():
            print('%-16s %.6f' % (kind, p))
        return 0
    from yahtzee_core.variants.poker_dice import KIND_AT, HANDS
    reach = reach_chances()
    for k, at in enumerate(KIND_AT):
        print("%-16s reached in a turn played for it: %.4f" % (HANDS[k], reach[at]))
    table = later_table(reach)
    print("LATER = (")
    for i in range(0, len(table), 24):
        print("    %r" % table[i:i + 24])
    print(")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
