"""The help of a card of cells won on points (Balut): a page per cell (its score, a
worked example, its category's goal), the Points pages and the how-to. Loaded only
for such a ruleset, from ui/help_rules.py and ui/help_text.py (while a help screen is
open): the other rulesets' help screens never hold it."""

# Its functions take `h`, the globals of ui.help_rules (the module loaded and asking),
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


def cell_help(rules, b, h):
    """(title, text) of box b of a card of cells (Balut): its category's requirement
    and score (from the score table's boxes it scores as), a worked example and the
    category's goal."""
    labels = h['_labels'](rules)
    per = len(labels)
    c = b % per
    parts = []
    for t in _table_boxes(rules, b):
        kind = chr(rules.kinds[t])
        p = rules.params[t]
        if kind == 'u':
            parts.append(h['face_text'](p - 1))
        elif kind == 'f':
            parts.append(h['_FULL'] + ' Scores ' + h['_TOTAL'] + '. 5 alike is not one.')
        else:
            words = h['_KINDS'][kind]
            parts.append(words % p if '%d' in words else words)
    text = parts[0]
    for more in parts[1:]:      # the Straight: 'Needs exactly 1-2-3-4-5 ... Or needs ..'
        text += ' Or ' + more[0].lower() + more[1:]
    if 'only' not in text:
        text += h['example'](rules, b)
    return '%s %d' % (labels[c], b // per + 1), text + ' ' + _goal_text(rules, c, h)



def points_pages(rules, labels, h):
    """A game won on points (Balut): how they are earned, and a worked example on a
    card whose every figure comes from the ruleset."""
    n = rules.cells
    goals = []
    for c in range(len(labels)):
        at, points = rules.goals[0][c]
        goals.append('%s %s %d' % (labels[c], '%d+' % at if at > 0 else
                                   'all %d' % n if at == 0 else 'each', points))
    bands = rules.goals[1]
    first = ['below %d: %d' % (bands[1][0], bands[0][1])]
    for at, points in bands[1:]:
        first.append('%d: %+d' % (at, points))
    out = [('Points', '%s cells of each category: %d rounds. The most points win (equal '
            'points: the higher total). Points: %s. Total %s (and up).'
            % (h['_COUNT_WORDS'][n], rules.rounds, ', '.join(goals), ', '.join(first)))]
    # The example: the first total goal met exactly, one cell of 0 in the first
    # every-cell goal, and the total's band.
    c = 0
    while rules.goals[0][c][0] <= 0:
        c += 1
    at, points = rules.goals[0][c]
    face = h['_top'](rules, c) // 5          # a face's category: its most is five of it
    cells = [face * (at // face // n)] * n
    cells[-1] += at - sum(cells)
    e = 0
    while rules.goals[0][e][0] != 0:
        e += 1
    total = 412
    band = 0
    for low, got in bands:
        if total >= low:
            band = got
    out.append(('Points, example', '%s %s = %d: %d points. %s with a 0 in one cell: '
                'none. A total of %d: %+d. Each goal counts once the game ends.'
                % (labels[c], '+'.join(['%d' % v for v in cells]), at, points, labels[e],
                   total, band)))
    return out


def howto_cells(rules, legend):
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
