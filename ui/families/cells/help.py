"""The help of a card of cells won on points (Balut): a few pages said once for the
four cells of a category (the face categories together, then a page a category:
need, score, a worked example and its goal), the Points page and the how-to. Loaded only
for such a ruleset, from ui/help/rules.py and ui/help/text.py (while a help screen is
open): the other rulesets' help screens never hold it."""

# Its functions take `h`, the globals of ui.help.rules (the module loaded and asking),
# for the texts and helpers they share: an import here would make the two an import
# circle.


def _goal_text(rules, c, h):
    """Category c's goal and its points, in words (rules.goals)."""
    at, points = rules.goals[0][c]
    n = h['_COUNT_WORDS'][rules.cells].lower()
    if at > 0:
        return 'Its %s cells totalling %d or more earn %d points.' % (n, at, points)
    if at == 0:
        return 'All %s cells scoring (none 0) earn %d points.' % (n, points)
    return 'Each cell scoring earns %d points.' % points


def _table_boxes(rules, b):
    """The score table's boxes box b scores as: the one scoring exactly as b, else
    (Balut's Straight: 1-2-3-4-5 and 2-3-4-5-6) those scoring just what b does
    wherever they score."""
    from yahtzee_core.rules import Ruleset
    part = []
    for t in range(len(rules.kinds)):
        same = exact = True
        for r in range(252):
            v = Ruleset.score_roll(rules, r, t)
            w = rules.score_roll(r, b)
            exact = exact and v == w
            if v and v != w:
                same = False
                break
        if exact:
            return [t]
        if same:
            part.append(t)
    return part


def _faces(rules):
    """How many categories come first that score one face's dice (Balut's Fours,
    Fives and Sixes): they share a page."""
    n = 0
    while chr(rules.kinds[_table_boxes(rules, n)[0]]) == 'u':
        n += 1
    return n


def page_of_box(rules, b):
    """The page that explains box b's category: after Cells, the faces' page, then a
    page a category."""
    c = b % (rules.n_boxes // rules.cells)
    faces = _faces(rules)
    return 1 if c < faces else 2 + c - faces


def box_help(rules, b, h):
    """(title, text) of box b of a card of cells (Balut): its category's page."""
    return pages(rules, h)[page_of_box(rules, b)]


def _category_text(rules, c, h):
    """Category c's requirement and score (from the score table's boxes it scores
    as), a worked example and its goal."""
    parts = []
    for t in _table_boxes(rules, c):
        kind = chr(rules.kinds[t])
        if kind == 'f':
            parts.append(h['_FULL'] + ' Scores ' + h['_TOTAL'] + '. 5 alike is not one.')
        else:
            words = h['_kind_words'](kind)
            parts.append(words % rules.params[t] if '%d' in words else words)
    text = parts[0]
    for more in parts[1:]:      # the Straight: 'Needs exactly 1-2-3-4-5 ... Or needs ..'
        text += ' Or ' + more[0].lower() + more[1:]
    if 'only' not in text:
        text += h['example'](rules, c)
    return text + ' ' + _goal_text(rules, c, h)


def pages(rules, h):
    """The ruleset's own pages (help_rules.extra_pages), each said once for the four
    cells of a category: Cells, the face categories together, a page a category,
    Points (the total's part and a worked example)."""
    labels = h['_labels'](rules)
    n = rules.cells
    per = len(labels)
    faces = _faces(rules)
    out = [('Cells', '%d categories of %d cells: %d rounds. Each turn fills any open cell; '
            'dice that miss its category\'s need score 0 there. Points win, not the '
            'total: each category\'s goal earns them, and so does the total.'
            % (per, n, rules.rounds))]
    goals = []
    for c in range(faces):
        goals.append('%d (%s)' % (rules.goals[0][c][0], labels[c]))
    face = _table_boxes(rules, 0)[0] + 1        # the first face counted (Balut's 4s)
    # (the title names the first and last: the three would not fit beside '2/8')
    out.append(('%s to %s' % (labels[0], labels[faces - 1]), 'Any dice: the dice of that '
                'face, %s scores %d as %s. Goals: a category\'s %s cells totalling at '
                'least %s earn %d points.'
                % ('-'.join(['%d' % face] * 3 + ['%d' % (face - 1), '%d' % (7 - face)]),
                   3 * face, labels[0], h['_COUNT_WORDS'][n].lower(),
                   h['_joined'](goals, 'or'), rules.goals[0][0][1])))
    for c in range(faces, per):
        out.append((labels[c], _category_text(rules, c, h)))
    bands = rules.goals[1]
    first = ['below %d: %d' % (bands[1][0], bands[0][1])]
    for at, points in bands[1:]:
        first.append('%d: %+d' % (at, points))
    # the example: the first total goal met exactly, and a total's band
    at, points = rules.goals[0][0]
    cells = [face * (at // face // n)] * n
    cells[-1] += at - sum(cells)
    total = 412
    band = 0
    for low, got in bands:
        if total >= low:
            band = got
    out.append(('Points', 'Most points win (equal points: the higher total). The total '
                'earns %s and up. Example: %s %s = %d: %d points; a total of %d: %+d. '
                'Goals count when the game ends.'
                % (', '.join(first), labels[0], '+'.join(['%d' % v for v in cells]), at,
                   points, total, band)))
    return out


def howto(rules, legend, h):
    """The how-to's pages (help_text.howto) for such a ruleset; `legend` the button
    legend's page."""
    labels = rules.labels.split('|')
    first = labels[0]
    n = rules.cells
    face = 1                    # the face the first category counts (Balut's 4s)
    while rules.score((face,) * 5, 0) != 5 * face:
        face += 1
    return (
        ('How to play', 'Roll 5 dice up to 3 times a turn, keeping the ones you '
                        'like between rolls. Then fill one cell of your card.'),
        ('Cells', '%d categories of %d cells: %d rounds. Dice that miss a '
                  'category\'s need score 0 there.' % (len(labels), n, rules.rounds)),
        ('Points', '%s scores the %ds: 4-4-4-5-2 scores 12. Each category\'s %d '
                   'cells reaching its goal earn points, and so does the total. '
                   'Most points win; the rules pages list them.'
                   % (first, face, n)),
        legend,
    )
