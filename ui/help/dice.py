"""The help's words for rulesets of other than five dice (Crag's three, Maxi Yatzy's
six): what a box
needs with n dice, worked examples of n dice, the how-to's sentences. Nothing here
names a ruleset: the texts come from the box kinds (yahtzee_core/_build.py) and the
traits n_dice and turn_rolls.

Its own module, loaded by ui/help/rules.py and ui/help/text.py only for such a
ruleset, so the five-dice help pages (compiled in RAM on a board) carry none of it.
"""

# What a lower box of each kind needs with n dice (%s: the straight of n dice, %d:
# the box's parameter); the kinds not listed read as help_rules' with n for 5.
_NEEDS = {
    'a': 'Needs %s. Scores %d.',
    'b': 'Needs %s. Scores %d.',
    'l': 'Needs %s. Scores %d.',
    'o': 'Needs all the dice different and odd: 1-3-5. Scores %d.',
    'v': 'Needs all the dice different and even: 2-4-6. Scores %d.',
    't': 'Needs dice totalling 13. Scores %d.',
    'r': 'Needs 2 dice alike and a total of 13: 6-6-1, 5-5-3 or 4-4-5. Scores %d.',
    'y': 'Needs all %d dice alike. Scores %d.',
}
# Six dice's own kinds (no parameter) and the full house of five of the six dice.
_SIX = {
    'd': 'Needs 3 pairs of different faces. Scores all 6 dice.',
    'i': 'Needs 2 sets of 3 alike (different faces). Scores all 6 dice.',
    'w': 'Needs 4 alike and a pair of another face. Scores all 6 dice.',
    'f': 'Needs 3 of one face and 2 of another. Scores those 5 dice (the best).',
}
# Worked examples of three dice, the first that scores in a box is shown: the four
# straights, a Thirteen, a crag, all alike last (it fits most boxes but shows least).
_EXAMPLES_3 = ((1, 3, 5), (2, 4, 6), (1, 2, 3), (4, 5, 6), (2, 5, 6), (5, 5, 3),
               (4, 4, 4))
# Six dice: maxiyatzy.com's examples, one per box in its order (docs/RULES.md); the
# first that scores in a box is shown.
_EXAMPLES_6 = ((6, 4, 2, 6, 5, 1), (2, 1, 3, 3, 5, 5), (2, 2, 5, 5, 6, 6),
               (4, 5, 3, 5, 5, 4), (2, 4, 2, 2, 5, 2), (3, 3, 2, 3, 3, 3),
               (1, 2, 3, 4, 5, 3), (2, 3, 4, 5, 6, 6), (1, 2, 3, 4, 5, 6),
               (3, 4, 4, 6, 6, 6), (2, 2, 2, 5, 5, 5), (3, 3, 6, 6, 6, 6),
               (4, 4, 4, 4, 4, 4))
# What the lower boxes ask for, by kind letter: the how-to's words.
_ASKS = (('knxmyz', 'kinds'), ('slabeov', 'straights'), ('fgj', 'a full house'),
         ('pd', 'pairs'), ('iw', 'villas and towers'), ('tr', 'totals'), ('hq', 'colours'))


def n_rolls(n):
    """C(n + 5, 5): the rolls of n dice (56 for three, 252 for five)."""
    r = 1
    for k in range(1, 6):
        r = r * (n + k) // k
    return r


def dashed(dice):
    """'3-3-5'"""
    return '-'.join(['%d' % d for d in dice])


def face_dice(face, n):
    """An upper box's example roll of n dice: half of them (2 of 3) show the face, the
    others differ: 3-3-4."""
    alike = (n + 1) // 2
    others = [7 - face if face != 1 else 2, 6 if face != 6 else 5]
    for f in range(1, 7):
        if f != face and f not in others:
            others.append(f)
    return (face,) * alike + tuple(others[:n - alike])


def face_text(b, n):
    """What upper box b (face b + 1) scores, with an example of n dice."""
    face = b + 1
    dice = face_dice(face, n)
    return ('Any dice. Scores the %ss only: %s scores %d.'
            % (face, dashed(dice), face * dice.count(face)))


def example_rolls(n):
    """The worked examples' rolls of n dice: _EXAMPLES_3, _EXAMPLES_6, else every roll
    of n dice."""
    if n == 3:
        return _EXAMPLES_3
    if n == 6:
        return _EXAMPLES_6
    from yahtzee_core.dice import hold_dice, hold_index
    first = hold_index((1,) * n)
    return [hold_dice(first + r) for r in range(n_rolls(n))]


def example(rules, b):
    """' For example 1-3-5 scores 20.' for lower box b ('' when no example scores)."""
    for dice in example_rolls(rules.n_dice):
        v = rules.score(dice, b)
        if v:
            return ' For example %s scores %d.' % (dashed(dice), v)
    return ''


def needs(rules, b, text):
    """What lower box b needs and scores with the ruleset's dice; `text`: help_rules'
    words for five dice, used (with n for 5) for the kinds not in _NEEDS."""
    n = rules.n_dice
    kind = chr(rules.kinds[b])
    p = rules.params[b]
    if kind == 'a' or kind == 'b' or kind == 'l' and n > 5:
        k = n if kind == 'l' else min(n, 5)   # six dice: five in a row, the sixth any
        straight = dashed(range(7 - k, 7) if kind == 'b' else range(1, k + 1))
        return _NEEDS[kind] % ('exactly ' + straight if k == n else
                               straight + ' (the sixth die any)', p)
    if kind in _SIX and (kind != 'f' or not p):
        return _SIX[kind]
    if kind == 'y':
        return _NEEDS[kind] % (n, p)
    if kind in _NEEDS:
        text = _NEEDS[kind] % p
    else:
        text = text.replace('all 5 dice', 'all %d dice' % n)
    crag = rules.kinds.find(b'r')
    if kind == 't' and crag >= 0:
        text += ' A %s totals 13 too.' % rules.labels.split('|')[crag].lower()
    return text


def howto_texts(rules):
    """The how-to's words that depend on the dice: (how a turn rolls, the upper
    boxes' example, what the lower boxes ask for, the first lower box an example
    roll makes)."""
    n = rules.n_dice
    labels = rules.labels.split('|')
    turn = 'twice' if rules.turn_rolls == 2 else '%d times' % rules.turn_rolls
    words = []
    for k in rules.kinds[rules.n_upper:]:
        for letters, word in _ASKS:
            if chr(k) in letters and word not in words:
                words.append(word)
    asks = ', '.join(words[:-1]) + ' or ' + words[-1] if len(words) > 1 else words[0]
    lower = ''
    for roll in example_rolls(n):
        for b in range(rules.n_upper, len(labels)):
            v = rules.score(roll, b)
            if v:
                lower = ': %s scores %d as %s' % (dashed(roll), v, labels[b])
                break
        if lower:
            break
    threes = face_dice(3, n)
    return ('Roll %d dice up to %s a turn' % (n, turn),
            '%s scores %d' % (dashed(threes), 3 * threes.count(3)), asks, lower)
