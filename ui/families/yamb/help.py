"""The help of a card of columns filled in an order (Yamb): a few pages read once, not
a page per box: the columns and their orders, the announce, then the rows a group a
page (Ones to Sixes, Max and Min, the Straight, Full to Yamb, each with a worked
example) and how a column adds up. A box's help (HELP on the card) opens its row's
page. Loaded only for such a ruleset, from ui/help/rules.py and ui/help/text.py
(while a help screen is open): the other rulesets' help screens never hold it.
Every figure comes from the ruleset."""

# Its functions take `h`, the globals of ui.help.rules (the module loaded and asking),
# for the texts and helpers they share: an import here would make the two an import
# circle.

_COLUMN_NAMES = {'D': 'Down', 'F': 'Free', 'U': 'Up', 'A': 'Announce'}
_MAX, _MIN, _STRAIGHT = 6, 7, 8     # rows of the middle section and the straight
# the worked example of a column's middle section: Max, Min and the Ones box
_EXAMPLE_MAX, _EXAMPLE_MIN, _EXAMPLE_ONES = (6, 6, 5, 5, 6), (1, 1, 2, 3, 2), (1, 1, 1, 4, 6)
# the rows' pages, after Columns and Announce: Ones to Sixes, Max and Min, the
# Straight, Full to Yamb; then Totals
_ROW_PAGE = (2, 2, 2, 2, 2, 2, 3, 3, 4, 5, 5, 5)


def _dashed(dice):
    return '-'.join(['%d' % d for d in dice])


def _middle(rules):
    """(max, min, ones, (max - min) x ones) of the worked example."""
    hi = rules.score(_EXAMPLE_MAX, _MAX)
    lo = rules.score(_EXAMPLE_MIN, _MIN)
    ones = rules.score(_EXAMPLE_ONES, 0)
    return hi, lo, ones, (hi - lo) * ones


def _first_roll(rules, dice, k):
    """What the dice score in row k made on a turn's first roll (on an empty card's
    Free column, which any box may take)."""
    from yahtzee_core.dice import roll_index
    free = rules.column_orders.find('F') * rules.n_boxes // rules.columns
    return rules.points(bytearray(b'\xff' * rules.n_boxes),
                        roll_index(dice, rules.n_dice), free + k, 1)


def page_of_box(rules, b):
    """The page that explains box b's row."""
    return _ROW_PAGE[b % (rules.n_boxes // rules.columns)]


def box_help(rules, b, h):
    """(title, text) of box b: its row's page."""
    return pages(rules, h)[page_of_box(rules, b)]


def pages(rules, h):
    """The ruleset's own pages (help_rules.extra_pages): Columns, Announce, the rows'
    four pages, Totals."""
    labels = h['_labels'](rules)
    per = len(labels)
    orders = rules.column_orders
    names = [_COLUMN_NAMES[o] for o in orders]
    first, last = labels[0], labels[per - 1]
    out = [('Columns', '%s columns (%s) of the same %d rows: %d rounds, a box a turn. '
            'Down fills %s to %s in order, Up %s to %s, Free any order, Announce only as '
            'announced. On the card: dots, a box this turn cannot fill; (12), what the '
            'dice score there now.'
            % (h['_COUNT_WORDS'][len(orders)], h['_joined'](names), per, rules.rounds,
               first, last, last, first))]
    pk = rules.kinds.find(b'm')     # the four-alike row
    out.append(('Announce', 'After the first roll of a turn you may announce one open '
                'Announce box (or not; a hint advises). The turn must then fill that box, '
                'whatever the dice: %s, announce %s, roll on for a fifth 6: %s scores %d '
                'there. Once only Announce boxes are left, every turn announces.'
                % (_dashed((6, 6, 6, 6, 2)), labels[pk], _dashed((6, 6, 6, 6, 6)),
                   rules.score((6, 6, 6, 6, 6), pk))))
    out.append(('%s to %s' % (labels[0], labels[5]),
                'Any dice: the dice of that face, %s scores %d as %s. A column\'s six '
                'totalling %d or more: +%d.'
                % (_dashed((3, 3, 3, 5, 2)), rules.score((3, 3, 3, 5, 2), 2), labels[2],
                   rules.upper_bonus_at, rules.upper_bonus)))
    hi, lo, ones, mid = _middle(rules)
    out.append(('%s and %s' % (labels[_MAX], labels[_MIN]),
                'Any dice: the total of all 5, %s as high as you can, %s as low. They '
                'count only as (%s - %s) x %s: %s %d, %s %d and %d %s give (%d - %d) x %d '
                '= %d.'
                % (labels[_MAX], labels[_MIN], labels[_MAX], labels[_MIN], labels[0],
                   labels[_MAX], hi, labels[_MIN], lo, ones, labels[0], hi, lo, ones,
                   mid)))
    top = rules.params[_STRAIGHT]
    step = rules.roll_bonus(_STRAIGHT)
    out.append((labels[_STRAIGHT], '1-2-3-4-5 or 2-3-4-5-6: %d made on the first roll of '
                'a turn, %d on the second, %d on the third (%s on the first roll: %d).'
                % (top + 2 * step, top + step, top, _dashed((2, 3, 4, 5, 6)),
                   _first_roll(rules, (2, 3, 4, 5, 6), _STRAIGHT))))
    parts = []
    for k in range(_STRAIGHT + 1, per):
        kind = chr(rules.kinds[k])
        need = ('3 of one face and 2 of another' if kind == 'g' else
                '%d alike' % (4 if kind == 'm' else 5))
        parts.append('%s: %s, the dice +%d' % (labels[k], need, rules.params[k]))
    out.append(('%s to %s' % (labels[_STRAIGHT + 1], last), '; '.join(parts) + ' (%s in %s '
                'scores %d). 5 alike is no %s.' % (
                    _dashed((5, 5, 5, 5, 2)), labels[pk], rules.score((5, 5, 5, 5, 2), pk),
                    labels[_STRAIGHT + 1])))
    up = 3 * 21                 # three of each face
    out.append(('Totals', 'Each column adds up three rows of the card: Upper, its six '
                'upper boxes (three of each face make %d, %d with the bonus); Middle, '
                '(%s - %s) x %s; Lower, %s to %s. The card\'s total: the %s columns\'. '
                'Highest total wins.'
                % (up, up + rules.upper_bonus if up >= rules.upper_bonus_at else up,
                   labels[_MAX], labels[_MIN], labels[0], labels[_STRAIGHT], last,
                   h['_COUNT_WORDS'][len(orders)].lower())))
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
