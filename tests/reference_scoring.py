"""Independent reference for the rules in docs/RULES.md, written plainly and
separately from yahtzee_core so the two can be checked against each other.

Desktop-only (uses collections.Counter); speed does not matter here, clarity does.
"""
from collections import Counter

RULESETS = ("yahtzee", "yahtzee-free-joker", "yahtzee-1956", "yatzy", "yacht")

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

# Joker policy per ruleset (RULES.md "Joker variants").
JOKER_POLICY = {
    "yahtzee": "forced",
    "yahtzee-free-joker": "free",
    "yahtzee-1956": "1956",
    "yatzy": "none",
    "yacht": "none",
}
UPPER_BONUS = {"yahtzee": 35, "yahtzee-free-joker": 35, "yahtzee-1956": 35,
               "yatzy": 50, "yacht": 0}
UPPER_BONUS_THRESHOLD = 63
YAHTZEE_BONUS = 100
# Scores a Joker earns in the three boxes whose requirement a Yahtzee does not meet.
JOKER_FIXED = {"full_house": 25, "small_straight": 30, "large_straight": 40}


def boxes(ruleset):
    if ruleset.startswith("yahtzee"):
        return YAHTZEE_BOXES
    if ruleset == "yatzy":
        return YATZY_BOXES
    if ruleset == "yacht":
        return YACHT_BOXES
    raise ValueError(ruleset)


def upper_boxes(ruleset):
    return boxes(ruleset)[:6]


def lower_boxes(ruleset):
    return boxes(ruleset)[6:]


def five_alike_box(ruleset):
    return {"yatzy": "yatzy", "yacht": "yacht"}.get(ruleset, "yahtzee")


def upper_face(ruleset, box):
    """1..6 for an upper box, None for a lower box."""
    ups = upper_boxes(ruleset)
    return ups.index(box) + 1 if box in ups else None


def is_five_alike(dice):
    return len(set(dice)) == 1


def _is_full_house(counts):
    # three of one face and two of ANOTHER face: a natural five-of-a-kind is not one.
    return sorted(counts.values()) == [2, 3]


def _has_run(faces, run):
    return set(run) <= faces


def plain_score(ruleset, dice, box):
    """Score of `box` for five dice with no Joker applied."""
    dice = list(dice)
    assert len(dice) == 5 and all(1 <= d <= 6 for d in dice), dice
    counts = Counter(dice)
    faces = set(dice)
    total = sum(dice)
    most = max(counts.values())
    face = upper_face(ruleset, box)
    if face is not None:
        return face * counts[face]

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


def _joker_score(ruleset, dice, box):
    """A Yahtzee used as a Joker in a lower box."""
    return JOKER_FIXED.get(box, plain_score(ruleset, dice, box))


def legal_options(ruleset, filled, dice):
    """{box: box points} for the boxes a player may fill now (Joker applied).

    `filled` maps box name -> score already written. Bonuses are not included;
    see yahtzee_bonus_gain and upper_bonus_gain.
    """
    policy = JOKER_POLICY[ruleset]
    all_boxes = boxes(ruleset)
    open_boxes = [b for b in all_boxes if b not in filled]
    joker_time = (policy != "none" and is_five_alike(dice) and "yahtzee" in filled)
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
    """+100 for a further Yahtzee once the Yahtzee box holds 50 (wherever it goes)."""
    if JOKER_POLICY[ruleset] == "none":
        return 0
    if is_five_alike(dice) and filled.get("yahtzee") == 50:
        return YAHTZEE_BONUS
    return 0


def upper_total(ruleset, filled):
    return sum(filled.get(b, 0) for b in upper_boxes(ruleset))


def upper_bonus(ruleset, filled):
    return UPPER_BONUS[ruleset] if upper_total(ruleset, filled) >= UPPER_BONUS_THRESHOLD else 0


def upper_par(ruleset, filled):
    """Points above (+) or below (-) three of each face, over the filled upper boxes."""
    return sum(filled[b] - 3 * (i + 1)
               for i, b in enumerate(upper_boxes(ruleset)) if b in filled)


class ReferenceCard:
    """A plain model of one player's card, for checking the core's Scorecard."""

    def __init__(self, ruleset):
        self.ruleset = ruleset
        self.filled = {}
        self.yahtzee_bonus = 0

    def options(self, dice):
        return legal_options(self.ruleset, self.filled, list(dice))

    def fill(self, box, dice):
        """Points gained incl. bonuses; ValueError when illegal (nothing changes)."""
        dice = list(dice)
        opts = self.options(dice)
        if box not in opts:
            raise ValueError("illegal box %r" % (box,))
        before = self.total
        self.yahtzee_bonus += yahtzee_bonus_gain(self.ruleset, self.filled, dice)
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
