# Score checks for MicroPython / CircuitPython: every box of every unordered roll of one
# ruleset against an inline reference written from the words of RULES.md (no core
# tables). Usage: micropython check_scores.py [ruleset]; run by
# tests/test_device_core.py. Ends with "score checks passed".
import sys

import yahtzee_core as yc
from yahtzee_core import dice as yd

NAME = sys.argv[1] if len(sys.argv) > 1 else "yahtzee"


# Kniffel's boxes are Yahtzee's under German names; Kismet's pip colours by face.
KNIFFEL = {"einer": "aces", "zweier": "twos", "dreier": "threes", "vierer": "fours",
           "fuenfer": "fives", "sechser": "sixes", "dreierpasch": "three_of_a_kind",
           "viererpasch": "four_of_a_kind", "kleine_strasse": "small_straight",
           "grosse_strasse": "large_straight", "kniffel": "yahtzee"}
COLOUR = (0, 1, 2, 3, 3, 2, 1)  # 1 and 6 black, 2 and 5 red, 3 and 4 green


POKER_KEYS = []   # Poker Dice: every roll's key (poker_key), made on first use


def poker_key(d):
    """A Poker Dice hand as a number, higher for a better hand (RULES.md): its kind,
    then its dice by how many show the face, then by face, highest first."""
    c = [0] * 7
    for x in d:
        c[x] += 1
    shape = tuple(sorted([x for x in c if x], reverse=True))
    kinds = ((1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), "low", "high", (3, 2),
             (4, 1), (5,))
    if shape == (1, 1, 1, 1, 1) and not (c[1] and c[6]):
        shape = "high" if c[6] else "low"
    key = kinds.index(shape)
    for x in sorted(d, key=lambda f: c[f] * 10 + f, reverse=True):
        key = key * 7 + x
    return key


def ref_score(name, box, d):
    """The plain score by the words of RULES.md, from face counts (no core tables)."""
    if name == "poker-dice":  # every box: the hand's place among the 252 (0 the worst)
        if not POKER_KEYS:
            for r in range(252):
                POKER_KEYS.append(poker_key(yd.roll_dice(r)))
        key = poker_key(d)
        return sum(1 for k in POKER_KEYS if k < key)
    if name == "triple-yahtzee":  # '<yahtzee box>_<column>', scored times the column
        return int(box[-1]) * ref_score("yahtzee", box[:-2], d)
    if name == "kniffel":
        return ref_score("yahtzee", KNIFFEL.get(box, box), d)
    if name == "yamb":  # '<row>_<column>', every column's row alike; a last roll's straight
        row = box[:box.index("_")]
        s = sum(d)
        c = [0] * 7
        for x in d:
            c[x] += 1
        if row in ("max", "min"):
            return s
        if row == "straight":
            return 46 if max(c) == 1 and not (c[1] and c[6]) else 0
        if row == "full":
            return s + 30 if 3 in c and 2 in c else 0
        if row == "poker":
            return s + 40 if max(c) >= 4 else 0
        if row == "yamb":
            return s + 50 if max(c) == 5 else 0
        return ref_score("yatzy", row, d)     # the six faces
    c = [0] * 7
    for x in d:
        c[x] += 1
    s = sum(d)
    top = [0] * 7  # top[n]: the highest face showing on at least n dice
    pairs = n_pairs = run = longest = 0
    for f in range(1, 7):
        for n in range(1, c[f] + 1):
            top[n] = f
        if c[f] >= 2:
            pairs += 2 * f
            n_pairs += 1
        run = run + 1 if c[f] else 0
        longest = max(longest, run)
    full = 3 in c and 2 in c
    straight = longest == 5
    if box in ("aces", "ones", "twos", "threes", "fours", "fives", "sixes"):
        f = ("aces", "twos", "threes", "fours", "fives", "sixes").index(box) + 1 \
            if box != "ones" else 1
        return f * c[f]
    if box in ("deuces", "treys"):
        f = 2 if box == "deuces" else 3
        return f * c[f]
    if name == "generala":
        # a straight: five different faces, the one missing a 6 (1-5), a 1 (2-6) or a 2
        # (3-4-5-6-1, the 1 above the 6); so 3, 4 and 5 all show
        return {"straight": 20 if not top[2] and c[3] and c[4] and c[5] else 0,
                "full_house": 30 if full else 0, "four_of_a_kind": 40 if top[4] else 0,
                "generala": 50 if top[5] else 0,
                "double_generala": 100 if top[5] else 0}[box]  # before the card's check
    if name == "kismet":
        colours = len(set(COLOUR[x] for x in d))
        pair_colours = set(COLOUR[f] for f in range(1, 7) if c[f] >= 2)
        return {"two_pair_same_colour": s if top[4] or (n_pairs == 2 and len(pair_colours) == 1)
                else 0,
                "three_of_a_kind": s if top[3] else 0, "straight": 30 if straight else 0,
                "flush": 35 if colours == 1 else 0, "full_house": s + 15 if full else 0,
                "full_house_same_colour": s + 20 if full and colours == 1 else 0,
                "four_of_a_kind": s + 25 if top[4] else 0, "yarborough": s,
                "kismet": s + 50 if top[5] else 0}[box]
    if name == "balut":  # '<category>_<cell>', four cells alike
        box = box[:-2]
        return {"fours": 4 * c[4], "fives": 5 * c[5], "sixes": 6 * c[6],
                "straight": s if straight else 0, "house": s if full else 0,
                "choice": s, "balut": s + 20 if top[5] else 0}[box]
    if name == "crag":  # three dice
        return {"crag": 50 if s == 13 and top[2] else 0, "thirteen": 26 if s == 13 else 0,
                "three_of_a_kind": 25 if top[3] else 0,
                "low_straight": 20 if c[1] and c[2] and c[3] else 0,
                "high_straight": 20 if c[4] and c[5] and c[6] else 0,
                "odd_straight": 20 if c[1] and c[3] and c[5] else 0,
                "even_straight": 20 if c[2] and c[4] and c[6] else 0}[box]
    if name == "maxi-yatzy":  # six dice: the best pick of the named shape
        lows = [f for f in range(1, 7) if c[f] >= 2]   # faces with a pair, ascending
        house = 0
        for f in range(1, 7):
            for g in range(1, 7):
                if f != g and c[f] >= 3 and c[g] >= 2:
                    house = max(house, 3 * f + 2 * g)
        shape = sorted(x for x in c if x)
        return {"one_pair": 2 * top[2],
                "two_pairs": 2 * (lows[-1] + lows[-2]) if len(lows) >= 2 else 0,
                "three_pairs": s if shape == [2, 2, 2] else 0,
                "three_of_a_kind": 3 * top[3], "four_of_a_kind": 4 * top[4],
                "five_of_a_kind": 5 * top[5],
                "small_straight": 15 if c[1] and c[2] and c[3] and c[4] and c[5] else 0,
                "large_straight": 20 if c[2] and c[3] and c[4] and c[5] and c[6] else 0,
                "full_straight": 21 if longest == 6 else 0, "full_house": house,
                "villa": s if shape == [3, 3] else 0, "tower": s if shape == [2, 4] else 0,
                "chance": s, "maxi_yatzy": 100 if top[6] else 0}[box]
    if box in ("chance", "choice"):
        return s
    if box in ("yahtzee", "yatzy", "yacht"):
        return 50 if top[5] else 0
    if name.startswith("yahtzee"):
        return {"three_of_a_kind": s if top[3] else 0, "four_of_a_kind": s if top[4] else 0,
                "full_house": 25 if full else 0, "small_straight": 30 if longest >= 4 else 0,
                "large_straight": 40 if straight else 0}[box]
    return {"one_pair": 2 * top[2], "two_pairs": pairs if n_pairs == 2 else 0,
            "three_of_a_kind": 3 * top[3], "four_of_a_kind": 4 * top[4],
            "full_house": s if full else 0,
            "small_straight": 15 if straight and c[1] else 0,
            "large_straight": 20 if straight and c[6] else 0,
            "little_straight": 30 if straight and c[1] else 0,
            "big_straight": 30 if straight and c[6] else 0}[box]



def check_scores(rules, name):
    """Every box of every unordered roll against the reference; returns the count."""
    cats = rules.categories
    n = rules.n_dice
    n_checked = 0
    i = 0
    first = yd.hold_index((1,) * n)   # the first hold of n dice (924 holds of 0..6)
    # the rolls of n dice are the holds of n dice, in the same order (Crag: 56 of them)
    while i + first < 924 and len(yd.hold_dice(i + first)) == n:
        d = yd.hold_dice(i + first)
        assert yd.roll_index(d, n) == i
        for b in range(len(cats)):
            want = ref_score(name, cats[b], d)
            assert rules.score_roll(i, b) == want, (d, cats[b], rules.score_roll(i, b), want)
            assert rules.score(d, cats[b]) == want
            n_checked += 1
        i += 1
    return n_checked


print("scores checked", check_scores(yc.ruleset(NAME), NAME))
print("score checks passed")
