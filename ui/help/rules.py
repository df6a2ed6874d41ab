"""The rules in words, made from the ruleset in play: a page per box (what it needs and
scores, from its kind letter and parameter: yahtzee_core/_build.py), the ruleset's
own pages (served hands, colours, columns; Yamb's and Balut's rows said once, in a
few pages, not a page a box) and duplicate play's. Nothing here names a
ruleset: every figure and rule comes from the
ruleset's data and traits (yahtzee_core/rules.py), so a new ruleset has its help.

Loaded only while a help screen is open, with ui/help/text.py (ui/scenes/learn.py).
Rulesets of other than five dice (Crag's three) take their words from ui/help/dice.py;
a ruleset with a family's help (ui/families/: Yamb's columns, Balut's cells, Poker
Dice's hands) its own pages and its boxes' from there.
"""

_FACE_WORDS = ('1s', '2s', '3s', '4s', '5s', '6s')
_TOTAL = 'the total of all 5 dice'
_FULL = 'Needs 3 of one face and 2 of another.'
# What a box of each kind needs and scores: %d is its parameter (yahtzee_core/_build.py).
# Literals only, the kinds a string: frozen into our firmware, both stay in flash (a
# dict, or a string joined at import, would be made in RAM each time the page opens).
_KIND_LETTERS = 'kslabcpexmzgjhq'
_KIND_TEXTS = (
    'Needs %d dice alike. Scores the total of all 5 dice.',
    'Needs 4 in a row: 1234, 2345 or 3456. Scores %d.',
    'Needs 5 in a row: 12345 or 23456. Scores %d.',
    'Needs exactly 1-2-3-4-5. Scores %d.',
    'Needs exactly 2-3-4-5-6. Scores %d.',
    'Any dice. Scores the total of all 5 dice.',
    'Needs 2 pairs of different faces. Scores those 4 dice.',
    'Needs 1-2-3-4-5, 2-3-4-5-6 or 3-4-5-6-1 (the 1 above the 6). Scores %d.',
    'Needs 4 dice alike (poker). Scores %d.',
    'Needs 4 dice alike. Scores the total of all 5 dice + %d.',
    'Needs all 5 dice alike. Scores the total of all 5 dice + %d.',
    'Needs 3 of one face and 2 of another. Scores the total of all 5 dice + %d.',
    'Needs a full house of one colour. Scores the total of all 5 dice + %d.',
    'Needs all 5 dice one colour. Scores %d.',
    'Needs 2 pairs (or 4 alike) whose 4 dice are all one colour. Scores the total '
    'of all 5 dice.',
)


def _kind_words(kind):
    """What a box of kind `kind` (a letter) needs and scores, or None."""
    i = _KIND_LETTERS.find(kind)
    return _KIND_TEXTS[i] if i >= 0 else None


# Rolls a lower box's page may show as its worked example: the first that scores there
# (five alike last: it fits most boxes but shows least)
_EXAMPLES = ((3, 3, 3, 5, 2), (2, 2, 5, 5, 3), (4, 4, 4, 4, 1), (2, 2, 5, 5, 5),
             (1, 2, 3, 4, 6), (2, 3, 4, 5, 6), (1, 2, 3, 4, 5), (6, 6, 6, 6, 6))
_COLOUR_NAMES = ('black', 'red', 'green')     # colour letters B, R, G
_COUNT_WORDS = ('No', 'One', 'Two', 'Three', 'Four', 'Five')
_DUPLICATE = ('Duplicate', 'Every player gets the same dice in a round: the same first '
              'roll, and each later roll gives the same new faces to the dice not held. '
              'The same choices score the same, so the table compares skill, not luck.')


def _dice():
    """ui/help/dice.py: the words for other dice counts (loaded for those only)."""
    from ui.help import dice as help_dice
    return help_dice


def _labels(rules):
    """One column's box labels (Triple Yahtzee's columns share them)."""
    return rules.labels.split('|')


def face_text(b, times=1):
    """What upper box b (face b + 1) scores, with an example (times: a column's
    multiplier, Triple Yahtzee)."""
    face = b + 1
    text = ('Any dice. Scores the %s only: %d-%d-%d-%d-%d scores %d'
            % (_FACE_WORDS[b], face, face, face, 7 - face if face != 1 else 2,
               6 if face != 6 else 5, 3 * face))
    return text + (', x%d here: %d.' % (times, 3 * face * times) if times > 1 else '.')


def _tiers(rules):
    """The upper bonus's tiers: '63 or more +35, 71 or more +55, 78 or more +75'."""
    return ', '.join(['%d or more +%d' % tier for tier in rules.upper_tiers])


def _upper(rules, b, times):
    text = face_text(b, times) if rules.n_dice == 5 else _dice().face_text(b, rules.n_dice)
    tiers = rules.upper_tiers
    if tiers is not None:           # '63-70: +35; 71-77: +55; 78 or more: +75'
        parts = []
        for i in range(len(tiers) - 1):
            parts.append('%d-%d: +%d' % (tiers[i][0], tiers[i + 1][0] - 1, tiers[i][1]))
        text += ' Upper boxes %s; %d or more: +%d.' % (('; '.join(parts),) + tiers[-1])
    elif not rules.upper_bonus:
        text += ' No bonus.'
    elif times > 1:
        text += (" This column's upper boxes %d or more before x%d: +%d."
                 % (rules.upper_bonus_at, times, rules.upper_bonus * times))
    else:
        text += (' Upper boxes %d or more (%s of each): +%d.'
                 % (rules.upper_bonus_at, _COUNT_WORDS[rules.upper_bonus_at // 21].lower(),
                    rules.upper_bonus))
    if rules.bonus_in_upper:
        text += (' A further %s of this face must come here: +%d extra.'
                 % (_labels(rules)[rules.five_alike_box], rules.five_alike_bonus))
    return text


def _top(rules, b, times=1):
    """The most box b scores (column 1 of Triple Yahtzee, times `times`)."""
    top = 0
    for r in range(252):
        v = rules.score_roll(r, b)
        if v > top:
            top = v
    return top * times


def _colours(rules):
    """'1 and 6 black, 2 and 5 red, 3 and 4 green' (rules.colours: each face's)."""
    c = rules.colours
    parts = []
    for f in range(6):
        for g in range(f + 1, 6):
            if c[f] == c[g]:
                parts.append('%d and %d %s' % (f + 1, g + 1, _COLOUR_NAMES['BRG'.index(c[f])]))
    return ', '.join(parts)


def _joker_rule(rules, five):
    """Where a further five-alike may go (the Joker policy's traits)."""
    if rules.forced_upper and rules.bonus_in_upper:     # its upper box: said just before
        return ('Joker: if that box is filled, any open lower box; if none is open, any '
                'upper box, for 0.')
    if rules.forced_upper:
        return ('Joker: a further %s must fill its upper box; if that is filled, any '
                'lower box; else any upper box, for 0.' % five)
    if rules.lower_first:
        return ('Joker: a further %s must fill an open lower box; only if none is open '
                'an upper box, for 0.' % five)
    return 'Joker: a further %s may fill any open box.' % five


def example(rules, b):
    """'For example 3-3-3-5-2 scores 16.' for lower box b: the first of _EXAMPLES that
    scores there in this ruleset ('' when none does)."""
    if rules.n_dice != 5:
        return _dice().example(rules, b)
    for dice in _EXAMPLES:
        v = rules.score(dice, b)
        if v:
            return ' For example %d-%d-%d-%d-%d scores %d.' % (dice + (v,))
    return ''


def _lower(rules, b, times):
    """What lower box b (of one column) needs and scores, a worked example, and its
    rules."""
    kind = chr(rules.kinds[b])
    p = rules.params[b]
    labels = _labels(rules)
    five = labels[rules.five_alike_box]
    fab = rules.five_alike_box
    if kind == 'n':
        text = ('Needs 2 dice alike. Scores those 2 dice (the highest pair).' if p == 2 else
                'Needs %d dice alike. Scores those %d dice only.' % (p, p))
    elif kind == 'f':
        text = _FULL + (' Scores %d.' % p if p else ' Scores ' + _TOTAL + '.')
    elif kind == 'y' and b == rules.double_box:
        text = ('Needs all 5 dice alike while the %s box holds %d. Scores %d; 0 before '
                'that.' % (five, rules.params[fab], p))
    elif kind == 'y':
        text = 'Needs all 5 dice alike. Scores %d.' % p
    elif _kind_words(kind) is not None:
        words = _kind_words(kind)
        text = words % p if '%d' in words else words
    else:
        text = ''               # a kind of other dice counts only
    if rules.n_dice != 5:
        text = _dice().needs(rules, b, text)
    text += example(rules, b)
    if rules.served is not None and rules.served[b]:
        text += ' Served: %d.' % (_top(rules, b) + rules.served[b])
    if times > 1:
        text += ' In this column it counts x%d: up to %d.' % (times, _top(rules, b, times))
    if kind == 'f' or kind == 'g':
        text += ' 5 alike is not a full house.'
    if kind == 'h' or kind == 'j' or kind == 'q':
        text += ' Colours: %s.' % _colours(rules)
    joker = rules.joker_points
    if b == fab:
        if rules.columns > 1:
            text += (' Once all %s %s boxes hold points (none scratched), each further %s '
                     'earns +%d times the column it is entered in, if that box scores.'
                     % (_COUNT_WORDS[rules.columns].lower(), five, five,
                        rules.five_alike_bonus))
        elif rules.bonus_in_upper:
            text += (' A further %s must fill its own upper box while that is open, for '
                     '+%d extra, whether this box holds %d or 0.'
                     % (five, rules.five_alike_bonus, p))
        elif rules.five_alike_bonus:
            text += (' Each further %s: +%d, if this box holds %d (none if it holds 0).'
                     % (five, rules.five_alike_bonus, p))
        if joker:
            text += ' ' + _joker_rule(rules, five)
        elif not rules.five_alike_bonus:
            text += ' No bonus, no Joker.'
        if rules.instant_win:
            text += ' Made on the first roll of a turn (served) it wins the game at once.'
    elif joker and joker[b]:
        if rules.columns > 1:
            n = _COUNT_WORDS[rules.columns].lower()
            when = 'all %s %s boxes and the %s upper boxes of its face are' % (n, five, n)
        elif rules.forced_upper or not rules.lower_first:
            when = 'the %s box and its upper box are' % five
        else:
            when = 'the %s box is' % five
        text += ' Joker: 5 alike scores %d here once %s filled.' % (joker[b] * times, when)
    return text


def family_help(rules):
    """The help of the ruleset's family (ui/families/), or None: the plain help's."""
    if rules.ui:
        from ui.families import family
        return family(rules, 'help')
    return None


def box_help(rules, box):
    """(title, text) of one box (name or index) of the ruleset."""
    b = rules.box_index(box)
    part = family_help(rules)
    if part is not None:   # a family's: its boxes share pages (Yamb's rows, Balut's cells)
        return part.box_help(rules, b, globals())
    labels = _labels(rules)
    per = len(labels)           # Triple Yahtzee: labels name one column's boxes
    times = b // per + 1
    b %= per
    title = labels[b] + (' x%d' % times if per < rules.n_boxes else '')
    return title, (_upper(rules, b, times) if b < rules.n_upper else _lower(rules, b, times))


def box_pages(rules):
    """How many pages come first, one a box: every box's, but none where many boxes
    share their rules (Yamb's columns and Balut's cells say them once, in their own
    pages; Poker Dice's rounds)."""
    return 0 if family_help(rules) is not None else rules.n_boxes


def page_of_box(rules, b):
    """The rules page that explains box b (HELP on the card opens it)."""
    part = family_help(rules)
    return b if part is None else part.page_of_box(rules, b)


def _joined(words, last='and'):
    """'a, b and c'"""
    return '%s %s %s' % (', '.join(words[:-1]), last, words[-1]) if len(words) > 1 else \
        words[0]


def extra_count(rules, duplicate):
    """How many pages extra_pages gives, without writing theirs (a family's are)."""
    part = family_help(rules)
    return ((rules.served is not None) + (rules.colours is not None) +
            (len(part.pages(rules, globals())) if part is not None else rules.columns > 1) +
            bool(duplicate))


def extra_pages(rules, duplicate):
    """(title, text) pages after the boxes: the ruleset's own rules (served hands,
    colours, columns), then duplicate play when `duplicate` (the game in play, or the
    next one, has it on)."""
    out = []
    labels = _labels(rules)
    if rules.served is not None:
        hands = []
        scores = []
        for b in range(len(labels)):
            if rules.served[b]:
                hands.append(labels[b].lower())
                scores.append('%d' % (_top(rules, b) + rules.served[b]))
                extra = rules.served[b]
        text = ('A %s made on the first roll of a turn is served: +%d (%s).'
                % (_joined(hands, 'or'), extra, ', '.join(scores)))
        if rules.instant_win:
            text += (' A %s served wins the game at once, whatever the cards hold: '
                     'nothing more is played.' % labels[rules.five_alike_box])
        out.append(('Servida', text))
    if rules.colours is not None:
        boxes = [labels[b] for b in range(len(labels)) if chr(rules.kinds[b]) in 'hjq']
        text = ('The dice have coloured pips: %s. %s ask for one colour.'
                % (_colours(rules), _joined(boxes)))
        if rules.upper_tiers is not None:
            text += ' The upper bonus has tiers: %s.' % _tiers(rules)
        out.append(('Colours', text))
    part = family_help(rules)
    if part is not None:
        # the family's own pages (ui/families/): Yamb's columns and announce, Balut's
        # cells and points, Poker Dice's hands, a page a topic
        out.extend(part.pages(rules, globals()))
    elif rules.columns > 1:
        n = rules.columns
        marks = ['x%d' % (c + 1) for c in range(n)]
        out.append(('Columns', '%s columns of the %d %s boxes, scored %s: %d rounds. Any '
                    'open box of any column may be filled. Each column has its own upper '
                    'bonus: +%d times its multiplier.'
                    % (_COUNT_WORDS[n], len(labels), labels[rules.five_alike_box],
                       _joined(marks), rules.rounds, rules.upper_bonus)))
    if duplicate:
        out.append(_DUPLICATE)
    return out
