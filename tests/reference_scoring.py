"""Independent reference for the rules in docs/RULES.md, written plainly and
separately from yahtzee_core so the two can be checked against each other.

Desktop-only (uses collections.Counter); speed does not matter here, clarity does.
Kniffel, Generala, Kismet, Triple Yahtzee, Crag, Maxi Yatzy and Balut are read from the
same page (Maxi Yatzy's boxes by picking dice out of the six, not by counting faces); `first` below means "the dice are the turn's first roll" (Generala's served
hands and its instant win).
"""
from collections import Counter
from itertools import combinations

RULESETS = ("yahtzee", "yahtzee-free-joker", "yahtzee-1956", "yatzy", "yacht",
            "kniffel", "generala", "kismet", "triple-yahtzee", "crag", "yamb",
            "maxi-yatzy", "balut", "poker-dice")
# The rulesets where every open box takes any roll (Joker rules aside): the shared card
# and game models below play them. Yamb's column orders and its announce are modelled
# on their own (YambCard, the end of this file; tests/test_yamb.py), and so are Poker
# Dice's hands and rounds (poker_key and the rest at the end; tests/test_poker_dice.py).
CARD_RULESETS = tuple(name for name in RULESETS if name not in ("yamb", "poker-dice"))

YAHTZEE_BOXES = (
    "aces", "twos", "threes", "fours", "fives", "sixes",
    "three_of_a_kind", "four_of_a_kind", "full_house",
    "small_straight", "large_straight", "yahtzee", "chance",
)
YATZY_BOXES = (
    "ones", "twos", "threes", "fours", "fives", "sixes",
    "one_pair", "two_pairs", "three_of_a_kind", "four_of_a_kind",
    "small_straight", "large_straight", "full_house", "chance", "yatzy",
)
YACHT_BOXES = (
    "ones", "twos", "threes", "fours", "fives", "sixes",
    "full_house", "four_of_a_kind", "little_straight", "big_straight",
    "choice", "yacht",
)
# Kniffel's boxes are Yahtzee's, one for one, under their German names.
KNIFFEL_BOXES = (
    "einer", "zweier", "dreier", "vierer", "fuenfer", "sechser",
    "dreierpasch", "viererpasch", "full_house",
    "kleine_strasse", "grosse_strasse", "kniffel", "chance",
)
GENERALA_BOXES = (
    "ones", "twos", "threes", "fours", "fives", "sixes",
    "straight", "full_house", "four_of_a_kind", "generala", "double_generala",
)
KISMET_BOXES = (
    "aces", "deuces", "treys", "fours", "fives", "sixes",
    "two_pair_same_colour", "three_of_a_kind", "straight", "flush", "full_house",
    "full_house_same_colour", "four_of_a_kind", "yarborough", "kismet",
)
# Crag: three dice, two rolls a turn (DICE, TURN_ROLLS below); the boxes as on a score
# sheet, the six faces first.
CRAG_BOXES = (
    "ones", "twos", "threes", "fours", "fives", "sixes",
    "odd_straight", "even_straight", "low_straight", "high_straight",
    "three_of_a_kind", "thirteen", "crag",
)
# Maxi Yatzy: six dice; maxiyatzy.com's boxes in its order.
MAXI_BOXES = (
    "ones", "twos", "threes", "fours", "fives", "sixes",
    "one_pair", "two_pairs", "three_pairs", "three_of_a_kind", "four_of_a_kind",
    "five_of_a_kind", "small_straight", "large_straight", "full_straight",
    "full_house", "villa", "tower", "chance", "maxi_yatzy",
)
# Balut: seven categories, each scored in four cells; the card lists cell 1 of every
# category, then cell 2, and so on (the boxes "fours_1" .. "balut_4").
BALUT_CATEGORIES = ("fours", "fives", "sixes", "straight", "house", "choice", "balut")
BALUT_CELLS = 4
BALUT_BOXES = tuple("%s_%d" % (category, cell) for cell in range(1, BALUT_CELLS + 1)
                    for category in BALUT_CATEGORIES)
# The points at the end (docs/RULES.md, Balut): a category's four cells reaching a total,
# or all four holding a score, or 2 for each balut; then points for the total score.
BALUT_TOTAL_GOALS = {"fours": (52, 2), "fives": (65, 2), "sixes": (78, 2), "choice": (100, 2)}
BALUT_ALL_SCORING = {"straight": 4, "house": 3}
BALUT_EACH_BALUT = 2
# (lowest total, points), highest band first.
BALUT_TOTAL_BANDS = ((650, 6), (600, 5), (550, 4), (500, 3), (450, 2), (400, 1), (350, 0),
                     (300, -1), (0, -2))
DICE = {"crag": 3, "maxi-yatzy": 6}   # dice per roll where not five
TURN_ROLLS = {"crag": 2}    # rolls a turn may take where not three
# Triple Yahtzee: Yahtzee's 13 boxes three times, column 1 (x1), then 2 (x2), then 3 (x3).
TRIPLE_COLUMNS = 3
TRIPLE_BOXES = tuple("%s_%d" % (box, column)
                     for column in range(1, TRIPLE_COLUMNS + 1) for box in YAHTZEE_BOXES)

# Joker policy per ruleset (RULES.md "Joker variants").
JOKER_POLICY = {
    "yahtzee": "forced",
    "yahtzee-free-joker": "free",
    "yahtzee-1956": "1956",
    "yatzy": "none",
    "yacht": "none",
    # Kniffel's Joker takes the same boxes as the forced Joker; only its bonus differs.
    "kniffel": "forced",
    "generala": "none",
    "kismet": "none",
    "triple-yahtzee": "triple",
    "crag": "none",
    "maxi-yatzy": "none",
    "balut": "none",
}
# The upper bonus at 63: for kismet the lowest tier (KISMET_TIERS), for triple-yahtzee
# that of column 1 (column m pays this times m).
UPPER_BONUS = {"yahtzee": 35, "yahtzee-free-joker": 35, "yahtzee-1956": 35,
               "yatzy": 50, "yacht": 0,
               "kniffel": 35, "generala": 0, "kismet": 35, "triple-yahtzee": 35,
               "crag": 0, "maxi-yatzy": 100, "balut": 0}
# Kismet's tiered upper bonus: (lowest upper total, bonus), highest tier first.
KISMET_TIERS = ((78, 75), (71, 55), (63, 35))
# Points of one further-five-alike bonus (Scorecard.bonus_count counts these units).
FIVE_ALIKE_BONUS = {"yahtzee": 100, "yahtzee-free-joker": 100, "yahtzee-1956": 100,
                    "yatzy": 0, "yacht": 0,
                    "kniffel": 50, "generala": 0, "kismet": 0, "triple-yahtzee": 100,
                    "crag": 0, "maxi-yatzy": 0, "balut": 0}
UPPER_BONUS_THRESHOLD = 63
MAXI_BONUS_THRESHOLD = 84    # Maxi Yatzy's upper bonus needs 84 (four of each face)
YAHTZEE_BONUS = 100
# Scores a Joker earns in the three boxes whose requirement a Yahtzee does not meet.
# Kniffel's names for the same three boxes are here too (no other ruleset has them).
JOKER_FIXED = {"full_house": 25, "small_straight": 30, "large_straight": 40,
               "kleine_strasse": 30, "grosse_strasse": 40}

# Generala: the extra points of a hand made on the turn's first roll ("servido").
GENERALA_SERVED_EXTRA = {"straight": 5, "full_house": 5, "four_of_a_kind": 5}
GENERALA_SCORES = {"straight": 20, "full_house": 30, "four_of_a_kind": 40,
                   "generala": 50, "double_generala": 100}

# Kismet: the colour of each face's pips.
KISMET_COLOUR = {1: "black", 6: "black", 2: "red", 5: "red", 3: "green", 4: "green"}


def boxes(ruleset):
    if ruleset == "yamb":
        return YAMB_BOXES
    if ruleset == "triple-yahtzee":
        return TRIPLE_BOXES
    if ruleset.startswith("yahtzee"):
        return YAHTZEE_BOXES
    table = {"yatzy": YATZY_BOXES, "yacht": YACHT_BOXES, "kniffel": KNIFFEL_BOXES,
             "generala": GENERALA_BOXES, "kismet": KISMET_BOXES, "crag": CRAG_BOXES,
             "maxi-yatzy": MAXI_BOXES,
             "balut": BALUT_BOXES, "poker-dice": POKER_BOXES}
    if ruleset in table:
        return table[ruleset]
    raise ValueError(ruleset)


def upper_boxes(ruleset):
    """The six upper boxes (for triple-yahtzee: column 1's; see column_boxes); Balut
    has none (its Fours, Fives and Sixes are categories with goals of their own)."""
    if ruleset == "balut":
        return ()
    return boxes(ruleset)[:6]


def lower_boxes(ruleset):
    return tuple(b for b in boxes(ruleset) if upper_face(ruleset, b) is None)


def five_alike_box(ruleset):
    """The box for five alike (for triple-yahtzee: column 1's; see five_alike_boxes)."""
    return {"yatzy": "yatzy", "yacht": "yacht", "kniffel": "kniffel",
            "generala": "generala", "kismet": "kismet",
            "triple-yahtzee": "yahtzee_1", "crag": "three_of_a_kind",
            "maxi-yatzy": "maxi_yatzy",
            "balut": "balut_1"}.get(ruleset, "yahtzee")


def five_alike_boxes(ruleset):
    """Every box for five alike: three for triple-yahtzee, one elsewhere."""
    if ruleset == "triple-yahtzee":
        return tuple("yahtzee_%d" % column for column in range(1, TRIPLE_COLUMNS + 1))
    return (five_alike_box(ruleset),)


def column_of(ruleset, box):
    """The column (1..3) of a triple-yahtzee box, which is also its multiplier; 1 for
    every box of the one-column rulesets."""
    if ruleset != "triple-yahtzee":
        return 1
    return int(box.rsplit("_", 1)[1])


def base_box(ruleset, box):
    """The Yahtzee box a triple-yahtzee box is a copy of ("full_house_3" ->
    "full_house"); the box itself for the other rulesets."""
    if ruleset != "triple-yahtzee":
        return box
    return box.rsplit("_", 1)[0]


def column_boxes(ruleset, column):
    """The boxes of one column, in card order (the whole card for one-column rulesets)."""
    return tuple(b for b in boxes(ruleset) if column_of(ruleset, b) == column)


def upper_face(ruleset, box):
    """1..6 for an upper box (in any column), None for a lower box."""
    if ruleset == "triple-yahtzee":
        box = base_box(ruleset, box)
        ruleset = "yahtzee"
    ups = upper_boxes(ruleset)
    return ups.index(box) + 1 if box in ups else None


def matching_upper_boxes(ruleset, face):
    """The upper box(es) of a face: one per column."""
    return tuple(b for b in boxes(ruleset) if upper_face(ruleset, b) == face)


def is_five_alike(dice):
    return len(set(dice)) == 1


def _is_full_house(counts):
    # three of one face and two of ANOTHER face: a natural five-of-a-kind is not one.
    return sorted(counts.values()) == [2, 3]


def _has_run(faces, run):
    return set(run) <= faces


def kismet_colour_count(dice):
    """How many colours five dice show (a flush shows one)."""
    return len(set(KISMET_COLOUR[d] for d in dice))


def _kismet_two_pair_same_colour(counts):
    """Two pairs whose four dice share a colour. Four alike counts as two pairs (of one
    face, so of one colour); otherwise the two pairs are of two faces, which must then
    be the two faces of one colour."""
    if max(counts.values()) >= 4:
        return True
    pair_faces = [f for f, c in counts.items() if c >= 2]
    return len(pair_faces) == 2 and \
        KISMET_COLOUR[pair_faces[0]] == KISMET_COLOUR[pair_faces[1]]


def plain_score(ruleset, dice, box):
    """Score of `box` for five dice (Crag: three) with no Joker applied."""
    dice = list(dice)
    assert len(dice) == DICE.get(ruleset, 5) and all(1 <= d <= 6 for d in dice), dice
    counts = Counter(dice)
    faces = set(dice)
    total = sum(dice)
    most = max(counts.values())
    face = upper_face(ruleset, box)
    if face is not None:
        return column_of(ruleset, box) * face * counts[face]

    if ruleset == "triple-yahtzee":
        # Stored multiplied: the Yahtzee score of the same box, times the column.
        return column_of(ruleset, box) * plain_score("yahtzee", dice, base_box(ruleset, box))

    if ruleset == "kniffel":
        # Scored exactly as Yahtzee's box at the same place on the card.
        return plain_score("yahtzee", dice, YAHTZEE_BOXES[KNIFFEL_BOXES.index(box)])

    if ruleset == "generala":
        if box == "straight":
            # 1-2-3-4-5, 2-3-4-5-6, or 3-4-5-6 with the 1 above the 6
            return 20 if faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}, {3, 4, 5, 6, 1}) else 0
        if box == "full_house":
            return 30 if _is_full_house(counts) else 0
        if box == "four_of_a_kind":
            return 40 if most >= 4 else 0
        if box == "generala":
            return 50 if most == 5 else 0
        if box == "double_generala":
            # Without a card: what five alike would score once the Generala box holds
            # 50 (legal_options applies that condition).
            return 100 if most == 5 else 0
        raise KeyError(box)

    if ruleset == "balut":
        category = box.rsplit("_", 1)[0]
        if category in ("fours", "fives", "sixes"):
            face = ("fours", "fives", "sixes").index(category) + 4
            return face * dice.count(face)
        if category == "straight":
            # 1-2-3-4-5 (15) or 2-3-4-5-6 (20): the dice's total either way
            return total if sorted(dice) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]) else 0
        if category == "house":
            return total if _is_full_house(counts) else 0
        if category == "choice":
            return total
        if category == "balut":
            return 20 + total if most == 5 else 0
        raise KeyError(box)

    if ruleset == "crag":
        if box == "crag":
            # a pair (three alike cannot total 13) in dice totalling 13
            return 50 if total == 13 and most >= 2 else 0
        if box == "thirteen":
            return 26 if total == 13 else 0   # a crag totals 13 too
        if box == "three_of_a_kind":
            return 25 if most == 3 else 0
        runs = {"low_straight": {1, 2, 3}, "high_straight": {4, 5, 6},
                "odd_straight": {1, 3, 5}, "even_straight": {2, 4, 6}}
        return 20 if faces == runs[box] else 0

    if ruleset == "maxi-yatzy":
        return _maxi_score(dice, box)

    if ruleset == "kismet":
        one_colour = kismet_colour_count(dice) == 1
        if box == "two_pair_same_colour":
            return total if _kismet_two_pair_same_colour(counts) else 0
        if box == "three_of_a_kind":
            return total if most >= 3 else 0
        if box == "straight":
            return 30 if faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}) else 0
        if box == "flush":
            return 35 if one_colour else 0
        if box == "full_house":
            return total + 15 if _is_full_house(counts) else 0
        if box == "full_house_same_colour":
            return total + 20 if _is_full_house(counts) and one_colour else 0
        if box == "four_of_a_kind":
            return total + 25 if most >= 4 else 0
        if box == "yarborough":
            return total
        if box == "kismet":
            return total + 50 if most == 5 else 0
        raise KeyError(box)

    if ruleset.startswith("yahtzee"):
        if box == "three_of_a_kind":
            return total if most >= 3 else 0
        if box == "four_of_a_kind":
            return total if most >= 4 else 0
        if box == "full_house":
            return 25 if _is_full_house(counts) else 0
        if box == "small_straight":
            runs = ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6))
            return 30 if any(_has_run(faces, r) for r in runs) else 0
        if box == "large_straight":
            return 40 if faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}) else 0
        if box == "yahtzee":
            return 50 if most == 5 else 0
        if box == "chance":
            return total
        raise KeyError(box)

    if ruleset == "yatzy":
        pair_faces = sorted(f for f, c in counts.items() if c >= 2)
        if box == "one_pair":
            return 2 * pair_faces[-1] if pair_faces else 0
        if box == "two_pairs":
            # two pairs of different faces; five dice hold at most two such faces
            return 2 * pair_faces[0] + 2 * pair_faces[1] if len(pair_faces) == 2 else 0
        if box == "three_of_a_kind":
            trips = [f for f, c in counts.items() if c >= 3]
            return 3 * trips[0] if trips else 0
        if box == "four_of_a_kind":
            quads = [f for f, c in counts.items() if c >= 4]
            return 4 * quads[0] if quads else 0
        if box == "small_straight":
            return 15 if sorted(dice) == [1, 2, 3, 4, 5] else 0
        if box == "large_straight":
            return 20 if sorted(dice) == [2, 3, 4, 5, 6] else 0
        if box == "full_house":
            return total if _is_full_house(counts) else 0
        if box == "chance":
            return total
        if box == "yatzy":
            return 50 if most == 5 else 0
        raise KeyError(box)

    if ruleset == "yacht":
        if box == "full_house":
            return total if _is_full_house(counts) else 0
        if box == "four_of_a_kind":
            quads = [f for f, c in counts.items() if c >= 4]
            return 4 * quads[0] if quads else 0
        if box == "little_straight":
            return 30 if sorted(dice) == [1, 2, 3, 4, 5] else 0
        if box == "big_straight":
            return 30 if sorted(dice) == [2, 3, 4, 5, 6] else 0
        if box == "choice":
            return total
        if box == "yacht":
            return 50 if most == 5 else 0
        raise KeyError(box)
    raise ValueError(ruleset)


# Maxi Yatzy: a box made of some of the six dice scores the best such pick; the
# shape of a pick is its sorted face counts (two pairs: [2, 2]).
MAXI_SHAPES = {"one_pair": [2], "two_pairs": [2, 2], "three_pairs": [2, 2, 2],
               "three_of_a_kind": [3], "four_of_a_kind": [4], "five_of_a_kind": [5],
               "full_house": [2, 3], "villa": [3, 3], "tower": [2, 4]}


def _maxi_score(dice, box):
    if box in MAXI_SHAPES:
        shape = MAXI_SHAPES[box]
        best = 0
        for pick in combinations(dice, sum(shape)):
            if sorted(Counter(pick).values()) == shape:
                best = max(best, sum(pick))
        return best
    faces = set(dice)
    if box == "small_straight":
        return 15 if {1, 2, 3, 4, 5} <= faces else 0
    if box == "large_straight":
        return 20 if {2, 3, 4, 5, 6} <= faces else 0
    if box == "full_straight":
        return 21 if faces == {1, 2, 3, 4, 5, 6} else 0
    if box == "chance":
        return sum(dice)
    if box == "maxi_yatzy":
        return 100 if len(faces) == 1 else 0
    raise KeyError(box)


def _joker_score(ruleset, dice, box):
    """A Yahtzee used as a Joker in a lower box (triple-yahtzee: times its column)."""
    fixed = JOKER_FIXED.get(base_box(ruleset, box))
    if fixed is None:
        return plain_score(ruleset, dice, box)
    return column_of(ruleset, box) * fixed


def generala_points(filled, dice, box, first=False):
    """Points of an open Generala box: the plain score, +5 for a straight, full or
    poker served (made on the first roll), and the Double Generala only while the
    Generala box holds 50."""
    points = plain_score("generala", dice, box)
    if box == "double_generala" and filled.get("generala") != 50:
        return 0
    if first and points:
        points += GENERALA_SERVED_EXTRA.get(box, 0)
    return points


def instant_win(ruleset, dice, first, duplicate=False):
    """True when these dice win the game at once: a Generala served (five alike on the
    turn's first roll), whatever the card holds; never in Duplicate play, where every
    seat gets the same first roll."""
    return ruleset == "generala" and bool(first) and is_five_alike(dice) and not duplicate


def _triple_joker_open(filled, face):
    """Triple Yahtzee's Joker: all three Yahtzee boxes and all three upper boxes of the
    face are filled (with anything, zeros included)."""
    needed = five_alike_boxes("triple-yahtzee") + matching_upper_boxes("triple-yahtzee", face)
    return all(b in filled for b in needed)


def legal_options(ruleset, filled, dice, first=False):
    """{box: box points} for the boxes a player may fill now (Joker applied).

    `filled` maps box name -> score already written. Bonuses are not included;
    see yahtzee_bonus_gain / five_alike_bonus_gain and upper_bonus. `first`: the dice
    are the turn's first roll (only Generala looks at it).
    """
    policy = JOKER_POLICY[ruleset]
    all_boxes = boxes(ruleset)
    open_boxes = [b for b in all_boxes if b not in filled]
    dice = list(dice)
    if ruleset == "generala":
        return {b: generala_points(filled, dice, b, first) for b in open_boxes}
    if policy == "triple":
        # Free choice of any open box; full house and straights are Jokers only when
        # every Yahtzee box and every upper box of the face is filled.
        if is_five_alike(dice) and _triple_joker_open(filled, dice[0]):
            return {b: (_joker_score(ruleset, dice, b) if upper_face(ruleset, b) is None
                        else plain_score(ruleset, dice, b)) for b in open_boxes}
        return {b: plain_score(ruleset, dice, b) for b in open_boxes}
    joker_time = (policy != "none" and is_five_alike(dice)
                  and five_alike_box(ruleset) in filled)
    if not joker_time:
        return {b: plain_score(ruleset, dice, b) for b in open_boxes}

    face = dice[0]
    matching = upper_boxes(ruleset)[face - 1]
    open_lower = [b for b in open_boxes if upper_face(ruleset, b) is None]
    open_upper = [b for b in open_boxes if upper_face(ruleset, b) is not None]

    if policy == "forced":
        if matching not in filled:
            return {matching: 5 * face}
        if open_lower:
            return {b: _joker_score(ruleset, dice, b) for b in open_lower}
        return {b: 0 for b in open_upper}  # matching box is filled, so these score 0

    if policy == "free":
        if matching in filled:
            return {b: (_joker_score(ruleset, dice, b) if b in open_lower
                        else plain_score(ruleset, dice, b)) for b in open_boxes}
        return {b: plain_score(ruleset, dice, b) for b in open_boxes}

    if policy == "1956":
        if open_lower:
            return {b: _joker_score(ruleset, dice, b) for b in open_lower}
        return {b: 0 for b in open_upper}  # even the matching upper box scores 0

    raise ValueError(policy)


def yahtzee_bonus_gain(ruleset, filled, dice):
    """+100 for a further Yahtzee once the Yahtzee box holds 50 (wherever it goes).
    The Yahtzee family's rule; five_alike_bonus_gain covers every ruleset."""
    if JOKER_POLICY[ruleset] == "none":
        return 0
    if is_five_alike(dice) and filled.get("yahtzee") == 50:
        return YAHTZEE_BONUS
    return 0


def five_alike_bonus_gain(ruleset, filled, dice, box, points):
    """Bonus points earned by filling `box` with `dice` for `points`, on a card whose
    filled boxes (before this fill) are `filled`:
    - the Yahtzee family: +100 once the Yahtzee box holds 50, wherever the dice go;
    - kniffel: +50 when the Kniffel box holds an entry (50 or 0) and the dice go into
      their open matching upper box (the only box then allowed), else nothing;
    - triple-yahtzee: +100 x the column of the box, once all three Yahtzee boxes hold
      points (none scratched), if the box scores more than 0;
    - the others: never."""
    dice = list(dice)
    if not is_five_alike(dice):
        return 0
    if ruleset in ("yahtzee", "yahtzee-free-joker", "yahtzee-1956"):
        return yahtzee_bonus_gain(ruleset, filled, dice)
    if ruleset == "kniffel":
        if "kniffel" in filled and upper_face(ruleset, box) == dice[0]:
            return FIVE_ALIKE_BONUS[ruleset]
        return 0
    if ruleset == "triple-yahtzee":
        if all(filled.get(b, 0) > 0 for b in five_alike_boxes(ruleset)) and points > 0:
            return FIVE_ALIKE_BONUS[ruleset] * column_of(ruleset, box)
        return 0
    return 0


def column_upper_total(ruleset, filled, column):
    """A column's upper boxes, unmultiplied (the points of the dice)."""
    return sum(filled.get(b, 0) // column
               for b in column_boxes(ruleset, column) if upper_face(ruleset, b))


def upper_total(ruleset, filled):
    return sum(filled.get(b, 0) for b in upper_boxes(ruleset))


def upper_bonus(ruleset, filled):
    if ruleset == "kismet":
        total = upper_total(ruleset, filled)
        for lowest, bonus in KISMET_TIERS:
            if total >= lowest:
                return bonus
        return 0
    if ruleset == "triple-yahtzee":
        # Each column on its own: 63 of its dice earn 35 times the column.
        return sum(UPPER_BONUS[ruleset] * column for column in range(1, TRIPLE_COLUMNS + 1)
                   if column_upper_total(ruleset, filled, column) >= UPPER_BONUS_THRESHOLD)
    threshold = MAXI_BONUS_THRESHOLD if ruleset == "maxi-yatzy" else UPPER_BONUS_THRESHOLD
    return UPPER_BONUS[ruleset] if upper_total(ruleset, filled) >= threshold else 0


def upper_par(ruleset, filled):
    """Points above (+) or below (-) three of each face (Maxi Yatzy: four, its bonus
    needs 84), over the filled upper boxes."""
    each = 4 if ruleset == "maxi-yatzy" else 3
    return sum(filled[b] - each * (i + 1)
               for i, b in enumerate(upper_boxes(ruleset)) if b in filled)


class ReferenceCard:
    """A plain model of one player's card, for checking the core's Scorecard."""

    def __init__(self, ruleset):
        self.ruleset = ruleset
        self.filled = {}
        self.yahtzee_bonus = 0   # bonus points for further five-alikes
        self.bonus_count = 0     # those bonuses in units of FIVE_ALIKE_BONUS

    def options(self, dice, first=False):
        return legal_options(self.ruleset, self.filled, list(dice), first)

    def fill(self, box, dice, first=False):
        """Points gained incl. bonuses; ValueError when illegal (nothing changes)."""
        dice = list(dice)
        opts = self.options(dice, first)
        if box not in opts:
            raise ValueError("illegal box %r" % (box,))
        before = self.total
        bonus = five_alike_bonus_gain(self.ruleset, self.filled, dice, box, opts[box])
        self.yahtzee_bonus += bonus
        if bonus:
            self.bonus_count += bonus // FIVE_ALIKE_BONUS[self.ruleset]
        self.filled[box] = opts[box]
        return self.total - before

    @property
    def upper_total(self):
        return upper_total(self.ruleset, self.filled)

    @property
    def upper_bonus(self):
        return upper_bonus(self.ruleset, self.filled)

    @property
    def upper_par(self):
        return upper_par(self.ruleset, self.filled)

    @property
    def total(self):
        return sum(self.filled.values()) + self.upper_bonus + self.yahtzee_bonus

    @property
    def full(self):
        return len(self.filled) == len(boxes(self.ruleset))


# -- Yamb (docs/RULES.md "Yamb"): four columns of twelve rows ---------------------------
YAMB_ROWS = ("ones", "twos", "threes", "fours", "fives", "sixes", "max", "min",
             "straight", "full", "poker", "yamb")
YAMB_COLUMNS = ("down", "free", "up", "announce")
YAMB_BOXES = tuple("%s_%s" % (row, column) for column in YAMB_COLUMNS for row in YAMB_ROWS)
YAMB_STRAIGHT = {1: 66, 2: 56, 3: 46}   # by the turn's roll the straight is made on
YAMB_PLUS = {"full": 30, "poker": 40, "yamb": 50}
YAMB_UPPER_BONUS, YAMB_UPPER_AT = 30, 60


def yamb_score(dice, row, roll=3):
    """Points of five dice in a Yamb row (any column), made on the turn's roll `roll`."""
    dice = sorted(dice)
    counts = Counter(dice)
    most = max(counts.values())
    if row in YAMB_ROWS[:6]:
        face = YAMB_ROWS.index(row) + 1
        return face * counts[face]
    if row in ("max", "min"):
        return sum(dice)
    if row == "straight":
        return YAMB_STRAIGHT[roll] if dice in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]) else 0
    if row == "full":
        return sum(dice) + 30 if sorted(counts.values()) == [2, 3] else 0
    if row == "poker":
        return sum(dice) + 40 if most >= 4 else 0
    if row == "yamb":
        return sum(dice) + 50 if most == 5 else 0
    raise KeyError(row)


class YambCard:
    """A plain model of a Yamb card: the boxes a roll may fill, and the totals."""

    def __init__(self):
        self.filled = {}
        self.announced = None

    def legal(self, box):
        row, column = box.split("_")
        if box in self.filled:
            return False
        if self.announced is not None:
            return box == self.announced
        i = YAMB_ROWS.index(row)
        if column == "down":
            return all("%s_down" % r in self.filled for r in YAMB_ROWS[:i])
        if column == "up":
            return all("%s_up" % r in self.filled for r in YAMB_ROWS[i + 1:])
        return column == "free"

    def options(self, dice, roll=3):
        return {b: yamb_score(dice, b.split("_")[0], roll) for b in YAMB_BOXES if self.legal(b)}

    def column_sections(self, column):
        get = lambda row: self.filled.get("%s_%s" % (row, column))
        upper = sum(get(r) or 0 for r in YAMB_ROWS[:6])
        if upper >= YAMB_UPPER_AT:
            upper += YAMB_UPPER_BONUS
        hi, lo, ones = get("max"), get("min"), get("ones")
        middle = (hi - lo) * ones if None not in (hi, lo, ones) else 0
        lower = sum(get(r) or 0 for r in YAMB_ROWS[8:])
        return upper, middle, lower

    @property
    def total(self):
        return sum(sum(self.column_sections(c)) for c in YAMB_COLUMNS)


def balut_points(filled):
    """Balut's points of a card (box name -> score): each category's as its cells
    stand, plus the band of the card's total."""
    points = 0
    for category in BALUT_CATEGORIES:
        cells = [filled[b] for b in BALUT_BOXES
                 if b.rsplit("_", 1)[0] == category and b in filled]
        if category in BALUT_TOTAL_GOALS:
            at, worth = BALUT_TOTAL_GOALS[category]
            if sum(cells) >= at:
                points += worth
        elif category in BALUT_ALL_SCORING:
            if len(cells) == BALUT_CELLS and all(cells):
                points += BALUT_ALL_SCORING[category]
        else:
            points += BALUT_EACH_BALUT * sum(1 for v in cells if v)
    total = sum(filled.values())
    for lowest, worth in BALUT_TOTAL_BANDS:
        if total >= lowest:
            return points + worth
    raise ValueError(total)


def balut_standings(cards):
    """[(place, seat)] for Balut cards (box -> score dicts): most points first, then
    the higher total; equal points and totals share a place."""
    keys = [(balut_points(c), sum(c.values())) for c in cards]
    return sorted((1 + sum(k > keys[p] for k in keys), p) for p in range(len(cards)))


# -- Poker Dice (docs/RULES.md "Poker Dice"): a poker hand on five dice a round ---------
# Faces 1..6 are the cards 9, 10, J, Q, K, A.
POKER_CARDS = {1: "9", 2: "10", 3: "J", 4: "Q", 5: "K", 6: "A"}
POKER_ROUNDS = 5
POKER_BOXES = tuple("round_%d" % r for r in range(1, POKER_ROUNDS + 1))   # one hand a round
# Hand kinds, best first.
POKER_HANDS = ("Five of a kind", "Four of a kind", "Full house", "High straight",
               "Low straight", "Three of a kind", "Two pairs", "One pair", "Nothing")


def poker_hand(dice):
    """The name of the poker hand five dice make."""
    shape = sorted(Counter(dice).values(), reverse=True)
    if shape == [5]:
        return "Five of a kind"
    if shape == [4, 1]:
        return "Four of a kind"
    if shape == [3, 2]:
        return "Full house"
    if sorted(dice) == [2, 3, 4, 5, 6]:
        return "High straight"
    if sorted(dice) == [1, 2, 3, 4, 5]:
        return "Low straight"
    if shape == [3, 1, 1]:
        return "Three of a kind"
    if shape == [2, 2, 1]:
        return "Two pairs"
    if shape == [2, 1, 1, 1]:
        return "One pair"
    return "Nothing"


def poker_key(dice):
    """A sortable key of a hand: higher beats lower, equal keys tie. The kind, then the
    dice of the combination (the larger group first, the higher face first among
    groups of a size), then the rest, highest first."""
    counts = Counter(dice)
    ordered = sorted(dice, key=lambda f: (counts[f], f), reverse=True)
    return (len(POKER_HANDS) - POKER_HANDS.index(poker_hand(dice)), tuple(ordered))


def poker_round_winners(hands):
    """The seats whose hand is the best of the round (all of them on a tie)."""
    keys = [poker_key(h) for h in hands]
    return [p for p in range(len(hands)) if keys[p] == max(keys)]


def poker_standings(rounds):
    """[(place, seat, rounds won)] from each round's hands (a list of per-seat dice):
    most rounds won first, equal counts sharing a place."""
    won = [0] * len(rounds[0])
    for hands in rounds:
        for p in poker_round_winners(hands):
            won[p] += 1
    return sorted((1 + sum(w > won[p] for w in won), p, won[p]) for p in range(len(won)))
