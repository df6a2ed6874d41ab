"""Help texts of the rulesets of the Yahtzee family beyond the first five (Kniffel,
Generala, Kismet, Triple Yahtzee) and of duplicate play, as data. ui/help_text.py
imports this module only for them, so the other rulesets' help costs no more RAM;
it leaves RAM with help_text when the pages close (ui/scene_learn.py).
"""

from ui.help_text import face_text, _YAHTZEE, _FIVE_NOT_FULL

_COLOURS = ' Colours: 1 and 6 black, 2 and 5 red, 3 and 4 green.'

# Kniffel's boxes are Yahtzee's, in the same order, under German names.
_KNIFFEL_AS = {'dreierpasch': 'three_of_a_kind', 'viererpasch': 'four_of_a_kind',
               'kleine_strasse': 'small_straight', 'grosse_strasse': 'large_straight',
               'kniffel': 'yahtzee'}
_KNIFFEL_BOX = (' A further Kniffel must fill its own upper box while that is open, '
                'for +50 extra, whether this box holds 50 or 0. Joker: if that box is '
                'filled, any open lower box; if none is open, any upper box, for 0.')
_KNIFFEL_UPPER = ' A further Kniffel of this face must come here: +50 extra.'

_GENERALA = {
    'straight': 'Needs 1-2-3-4-5, 2-3-4-5-6 or 3-4-5-6-1 (the 1 above the 6). Scores 20.',
    'full_house': 'Needs 3 of one face and 2 of another. Scores 30.',
    'four_of_a_kind': 'Needs 4 dice alike (poker). Scores 40.',
    'generala': ('Needs all 5 dice alike. Scores 50. No bonus, no Joker. Made on the '
                 'first roll of a turn (served) it wins the game at once.'),
    'double_generala': ('Needs all 5 dice alike while the Generala box holds 50. '
                        'Scores 100; 0 before that.'),
}

_KISMET = {
    'two_pair_same_colour': ('Needs 2 pairs (or 4 alike) whose 4 dice are all one '
                             'colour. Scores the total of all 5 dice.' + _COLOURS),
    'three_of_a_kind': 'Needs 3 dice alike. Scores the total of all 5 dice.',
    'straight': 'Needs 5 in a row: 12345 or 23456. Scores 30.',
    'flush': 'Needs all 5 dice one colour. Scores 35.' + _COLOURS,
    'full_house': 'Needs 3 of one face and 2 of another. Scores the total of all 5 dice + 15.',
    'full_house_same_colour': ('Needs a full house of one colour. Scores the total of '
                               'all 5 dice + 20.' + _COLOURS),
    'four_of_a_kind': 'Needs 4 dice alike. Scores the total of all 5 dice + 25.',
    'yarborough': 'Any dice. Scores the total of all 5 dice.',
    'kismet': 'Needs all 5 dice alike. Scores the total of all 5 dice + 50. No bonus, no Joker.',
}
_KISMET_UPPER = ' Upper boxes 63-70: +35; 71-77: +55; 78 or more: +75.'

_TRIPLE_BOX = (' Once all three Yahtzee boxes hold points (none scratched), each further '
               'Yahtzee earns +100 times the column it is entered in, if that box scores. '
               'Joker: a further Yahtzee may fill any open box.')
_TRIPLE_JOKER = ('Joker: 5 alike scores %d here once all three Yahtzee boxes and the '
                 'three upper boxes of its face are filled.')

_EXTRA = {
    'generala': ('Servida', 'A straight, full or poker made on the first roll of a turn '
                 'is served: +5 (25, 35, 45). A Generala served wins the game at once, '
                 'whatever the cards hold: nothing more is played.'),
    'kismet': ('Colours', 'The dice have coloured pips: 1 and 6 black, 2 and 5 red, 3 and '
               '4 green. 2 pair colour, Flush and Full colour ask for one colour. The '
               'upper bonus has tiers: 63 or more +35, 71 or more +55, 78 or more +75.'),
    'triple-yahtzee': ('Columns', 'Three columns of the 13 Yahtzee boxes, scored x1, x2 '
                       'and x3: 39 rounds. Any open box of any column may be filled. '
                       'Each column has its own upper bonus: +35 times its multiplier.'),
}
HOWTO_BONUS = {
    'kismet': ('Upper boxes totalling 63 or more earn +35, 71 or more +55, 78 or '
               'more +75.'),
    'triple-yahtzee': ('Each column\'s upper boxes totalling 63 or more (before its '
                       'x2 or x3) earn +35 times its multiplier.'),
}
_DUPLICATE = ('Duplicate', 'Every player gets the same dice in a round: the same first '
              'roll, and each later roll gives the same new faces to the dice not held. '
              'The same choices score the same, so the table compares skill, not luck.')


def box_help(rules, b):
    """(title, text) of box index b of one of these rulesets (help_text.box_help)."""
    name = rules.categories[b]
    labels = rules.labels.split('|')
    times = 1
    per = len(labels)           # Triple Yahtzee: labels name one column's boxes
    if per < rules.n_boxes:
        times = b // per + 1
        b %= per
        name = name[:-2]        # 'chance_2' -> 'chance'
    title = labels[b] + (' x%d' % times if per < rules.n_boxes else '')
    kniffel = rules.name == 'kniffel'
    if b < rules.n_upper:
        text = face_text(b, times)
        if rules.name == 'kismet':
            return title, text + _KISMET_UPPER
        if not rules.upper_bonus:
            return title, text + ' No bonus.'
        text += (' Upper boxes 63 or more (three of each): +%d.' % rules.upper_bonus
                 if times == 1 else ' This column\'s upper boxes 63 or more before x%d: '
                 '+%d.' % (times, rules.upper_bonus * times))
        return title, text + (_KNIFFEL_UPPER if kniffel else '')
    if rules.name == 'generala':
        text = _GENERALA[name]
        if rules.served[b]:
            text += ' Served: %d.' % (_top(rules, b) + rules.served[b])
    elif rules.name == 'kismet':
        text = _KISMET[name]
    else:
        text = _YAHTZEE[_KNIFFEL_AS.get(name, name) if kniffel else name]
        if times > 1:
            text += ' In this column it counts x%d: up to %d.' % (times, _top(rules, b, times))
    if name == 'full_house':
        text += _FIVE_NOT_FULL
    joker = rules.joker_points
    if b == rules.five_alike_box and (kniffel or per < rules.n_boxes):
        text += _KNIFFEL_BOX if kniffel else _TRIPLE_BOX
    elif joker and joker[b]:
        text += ' ' + (_TRIPLE_JOKER if per < rules.n_boxes else
                       'Joker: 5 alike scores %d here once the Kniffel box and its upper '
                       'box are filled.') % (joker[b] * times)
    return title, text


def _top(rules, b, times=1):
    """The most box b scores (column 1 of Triple Yahtzee, times `times`)."""
    top = 0
    for r in range(252):
        v = rules.score_roll(r, b)
        if v > top:
            top = v
    return top * times


def extra_pages(rules, duplicate):
    """help_text.extra_pages: the ruleset's own page, then duplicate play."""
    out = []
    page = _EXTRA.get(rules.name)
    if page:
        out.append(page)
    if duplicate:
        out.append(_DUPLICATE)
    return out
