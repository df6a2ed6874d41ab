"""The help of a card of columns filled in an order (Yamb): a page per box (its row's
need and score with a worked example, then its column's order), the Columns,
Announce and Sections pages, and the how-to. Loaded only for such a ruleset, from
ui/help_rules.py and ui/help_text.py (while a help screen is open): the other
rulesets' help screens never hold it. Every figure comes from the ruleset."""

# Its functions take `h`, the globals of ui.help_rules (the module loaded and asking),
# for the texts and helpers they share: an import here would make the two an import
# circle.

_ORDER_WORDS = {
    'D': 'Down column: filled from the top, each box only once the one above is filled.',
    'F': 'Free column: its boxes in any order.',
    'U': 'Up column: filled from the bottom, each box only once the one below is filled.',
    'A': ('Announce column: only by announcing this box after the first roll of a turn; '
          'that turn must then fill it.'),
}
_COLUMN_NAMES = {'D': 'Down', 'F': 'Free', 'U': 'Up', 'A': 'Announce'}
_MAX, _MIN, _STRAIGHT = 6, 7, 8     # rows of the middle section and the straight
# the worked example of a column's middle section: Max, Min and the Ones box
_EXAMPLE_MAX, _EXAMPLE_MIN, _EXAMPLE_ONES = (6, 6, 5, 5, 6), (1, 1, 2, 3, 2), (1, 1, 1, 4, 6)


def _dashed(dice):
    return '-'.join(['%d' % d for d in dice])


def _straight_scores(rules):
    """What the straight scores made on the turn's first, second and third roll."""
    top = rules.params[_STRAIGHT]
    step = rules.roll_bonus(_STRAIGHT)
    return top + 2 * step, top + step, top


def _middle(rules):
    """(max, min, ones, (max - min) x ones) of the worked example."""
    hi = rules.score(_EXAMPLE_MAX, _MAX)
    lo = rules.score(_EXAMPLE_MIN, _MIN)
    ones = rules.score(_EXAMPLE_ONES, 0)
    return hi, lo, ones, (hi - lo) * ones


def _row_text(rules, k, h):
    """What row k needs and scores, with a worked example."""
    labels = h['_labels'](rules)
    if k < rules.n_upper:
        return '%s A column\'s six upper boxes totalling %d or more: +%d.' % (
            h['face_text'](k), rules.upper_bonus_at, rules.upper_bonus)
    if k == _MAX or k == _MIN:
        hi, lo, ones, mid = _middle(rules)
        return ('Any dice. Scores the total of all 5 dice, %s: %s scores %d. The column '
                'counts (%s - %s) x %s, not %s and %s themselves: %d, %d and %d %s give '
                '(%d - %d) x %d = %d.'
                % ('as high as you can' if k == _MAX else 'as low as you can',
                   _dashed(_EXAMPLE_MAX if k == _MAX else _EXAMPLE_MIN), hi if k == _MAX
                   else lo, labels[_MAX], labels[_MIN], labels[0], labels[_MAX],
                   labels[_MIN], hi, lo, ones, labels[0], hi, lo, ones, mid))
    if k == _STRAIGHT:
        first, second, third = _straight_scores(rules)
        return ('Needs 5 in a row: 12345 or 23456. Scores %d made on the first roll of a '
                'turn, %d on the second, %d on the third. For example 2-3-4-5-6 on the '
                'first roll scores %d.' % (first, second, third,
                                           _first_roll(rules, (2, 3, 4, 5, 6),
                                                       _STRAIGHT)))
    text = h['_KINDS'][chr(rules.kinds[k])] % rules.params[k] + h['example'](rules, k)
    if k == rules.five_alike_box:
        return text + ' No bonus for a further %s, no Joker.' % labels[k]
    return text + (' 5 alike is not a full house.' if chr(rules.kinds[k]) == 'g' else '')


def _first_roll(rules, dice, k):
    """What the dice score in row k made on a turn's first roll (on an empty card's
    Free column, which any box may take)."""
    from yahtzee_core.dice import roll_index
    free = rules.column_orders.find('F') * rules.n_boxes // rules.columns
    return rules.points(bytearray(b'\xff' * rules.n_boxes),
                        roll_index(dice, rules.n_dice), free + k, 1)


def box_help(rules, b, h):
    """(title, text) of box b: 'Ones D', its row's need and score, its column's
    order."""
    labels = h['_labels'](rules)
    per = len(labels)
    order = rules.column_orders[b // per]
    return '%s %s' % (labels[b % per], order), (_row_text(rules, b % per, h) + ' ' +
                                                _ORDER_WORDS[order])


def pages(rules, h):
    """The ruleset's own pages: its columns (with the card's marks), the announce and
    the sections a column adds up, each with a worked example."""
    labels = h['_labels'](rules)
    per = len(labels)
    orders = rules.column_orders
    names = ['%s (%s)' % (_COLUMN_NAMES[o], o) for o in orders]
    first, last = labels[0], labels[per - 1]
    out = [('Columns', '%s columns of the %d boxes: %s. %d rounds. Down goes from %s to '
            '%s, Up from %s to %s, Free in any order, Announce only as announced. With '
            'Down\'s %s and %s filled, Down takes only its %s. On the card a box this '
            'turn cannot fill is dotted; |12| is what the dice score there now.'
            % (h['_COUNT_WORDS'][len(orders)], per, h['_joined'](names), rules.rounds,
               first, last, last, first, labels[0], labels[1], labels[2]))]
    dice = (6, 6, 6, 6, 2)
    pk = rules.kinds.find(b'm')     # the four-alike row
    out.append(('Announce', 'After the first roll of a turn you may announce one open '
                'box of the Announce column (or not). The turn must then fill that box, '
                'whatever the dice. Example: %s, announce %s, keep the four 6s and roll '
                'on for a fifth; %s scores %d there, a roll without four alike 0. When '
                'only Announce boxes are left, every turn must announce.'
                % (_dashed(dice), labels[pk], _dashed((6, 6, 6, 6, 6)),
                   rules.score((6, 6, 6, 6, 6), pk))))
    hi, lo, ones, mid = _middle(rules)
    up = 3 * 21                 # three of each face
    out.append(('Sections', 'Each column adds up three parts. Upper: %s to %s, +%d once '
                'they total %d (UP on the card): three of each face make %d, %d with the '
                'bonus. Middle (MM): (%s - %s) x %s: %d, %d and %d %s make %d. Lower '
                '(LO): %s to %s. TO: the column\'s total; the card\'s is the four '
                'columns\'.'
                % (labels[0], labels[5], rules.upper_bonus, rules.upper_bonus_at, up,
                   up + rules.upper_bonus if up >= rules.upper_bonus_at else up,
                   labels[_MAX], labels[_MIN], labels[0], hi, lo, ones, labels[0], mid,
                   labels[_STRAIGHT], labels[per - 1])))
    return out


def howto(rules, legend, h):
    """The how-to's pages (help_text.howto) for such a ruleset; `legend` the button
    legend's page."""
    labels = h['_labels'](rules)
    per = len(labels)
    return (
        ('How to play', 'Roll 5 dice up to 3 times a turn, keeping the ones you like '
                        'between rolls. Then fill one box of your card.'),
        ('Columns', '%d boxes in each of %d columns: %d rounds. Down fills from %s to %s, '
                    'Up the other way, Free in any order. A column\'s upper boxes '
                    'totalling %d or more earn +%d.'
         % (per, rules.columns, rules.rounds, labels[0], labels[per - 1],
            rules.upper_bonus_at, rules.upper_bonus)),
        ('Announce', 'After your first roll you may announce a box of the Announce '
                     'column: that turn must fill it. Highest total wins; the rules '
                     'pages show how a column adds up.'),
        legend,
    )
