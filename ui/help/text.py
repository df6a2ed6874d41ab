"""Help on the device: pages of text wrapped to the screen, the button legend of the
board profile, and a short how-to; the rules of each box are ui/help/rules.py's. No
displayio: screens draw the lines.

Imported only while a help screen is open (ui/scenes/learn.py drops it again). Texts
are plain sentences; `pages()` wraps them to the screen lazily, one page at a time:

    for page in pages(*help_rules.box_help(rules, 'full_house'), rows=rows_for(64)):
        ...  # page: up to `rows` lines of at most WIDTH characters, the title first

terminalio.FONT is 6 px wide with 10 px between lines (ui/views/views.py): 21 characters a
line on 128 px, 6 lines on a 64 px screen and 3 on a 32 px one.
"""

from ui.codes import wrap as _wrap_line

WIDTH = 21


def rows_for(height):
    """Lines of text a screen `height` pixels high shows."""
    return height // 10


def wrap(text, width=WIDTH):
    """The lines of `text` broken at spaces (ui.codes.wrap), each at most `width`
    characters; '\n' forces a break. A generator over the paragraphs."""
    for para in text.split('\n'):
        for line in _wrap_line(para, width):
            yield line


def pages(title, text, rows, width=WIDTH):
    """Pages of `rows` lines: the title, then the wrapped text. A generator."""
    page = [title[:width]]
    for line in wrap(text, width):
        if len(page) == rows:
            yield page
            page = [title[:width]]
        page.append(line)
    yield page


# -- buttons ---------------------------------------------------------------------------
# what a long press does, by its action's name: literals in tuples (in flash when
# frozen; a dict would be made in RAM at each import)
_LONG_ACTIONS = ('HINT', 'BACK', 'HELP', 'STANDINGS', 'HOLD6')
_LONG_WORDS = ('a hint, the best move; the number after final is your expected final '
               'score, the average total of games played best from here (the coach\'s '
               '+2.3 exp. final: what a better move adds to it)',
               'back / menu',
               'help, the rules of a box (on the dice of a game of several: the standings)',
               'the standings (a game of several)',
               'the sixth die, in a game of six dice')


def legend(profile):
    """(title, text): the buttons of a board profile (a hardware.profiles dict)."""
    names = profile.get('button_labels', {})     # as printed on the buttons
    pins = profile['pins']

    def button(role):       # a hold button by its place, as the legend counts them
        return names.get(role, 'button ' + role[4:] if role[:4] == 'HOLD' else role)

    shake = profile.get('shake', 'none') != 'none'
    roll = ('Shake or %s: roll.' if shake else '%s: roll.') % button('OK')
    if all(('HOLD%d' % i) in pins for i in range(1, 6)):
        lines = ['Buttons under the dice: hold or free a die.', roll,
                 '%s after the last roll (or with all held): the scorecard.' % button('OK')]
        move = 'On the card, button 3: the rules of a box. In lists: buttons 1/2 move'
    else:
        lines = ['%s/%s: move over the dice, Roll and Card. %s: hold a die, roll or '
                 'open the card.' % (button('LEFT'), button('RIGHT'), button('OK')),
                 'Shake also rolls.' if shake else 'Pick Roll to roll.']
        move = 'In lists: %s/%s move' % (button('LEFT'), button('RIGHT'))
    lines.append('%s, %s picks.' % (move, button('OK')))
    if 'BACK' in pins:
        lines.append('%s: the menu, or back.' % button('BACK'))
    long_press = profile.get('long_press', {})
    for role in long_press:
        action = long_press[role]
        lines.append('Hold %s: %s.' % (button(role), _LONG_WORDS[_LONG_ACTIONS.index(action)]
                                       if action in _LONG_ACTIONS else action))
    return 'Buttons', '\n'.join(lines)


# -- how-to ---------------------------------------------------------------------------
def upper_bonus_text(rules):
    """The upper bonus in a sentence (the how-to's)."""
    if rules.columns > 1:
        return ("Each column's upper boxes totalling %d or more (before its x2 or x3) "
                "earn +%d times its multiplier." % (rules.upper_bonus_at, rules.upper_bonus))
    if rules.upper_tiers is not None:     # '63 or more earn +35, 71 or more +55, ...'
        tiers = ', '.join(['%d or more +%d' % t for t in rules.upper_tiers])
        return 'Upper boxes totalling %s.' % tiers.replace(' or more +', ' or more earn +', 1)
    if rules.upper_bonus:
        return 'Upper boxes totalling %d or more earn +%d.' % (rules.upper_bonus_at,
                                                                rules.upper_bonus)
    return 'There is no bonus.'


def odds_help(rules):
    """(title, text): what the Odds screen shows, "made" above all (an upper box's
    share of the bonus: three of its face for 63, four for Maxi Yatzy's 84)."""
    return ('Odds', 'Each open box: the chance to make it this turn, then the points '
            'it scores on average, playing for it from the dice showing. Made: the '
            'box scores (its need met: kinds, full house, straights); an upper box: '
            '%d or more of its face, its share of the bonus; Chance: always. Keep: '
            'the dice to keep for the box under the cursor.' % (rules.upper_bonus_at // 21))


def howto(rules, profile):
    """((title, text), ...): a short how-to for a first game, a few pages; the screen
    lets any button skip it."""
    labels = rules.labels.split('|')
    first = labels[0]
    bonus = upper_bonus_text(rules)
    # a worked example: the first lower box the roll makes (Generala's: a full house)
    lower = ''
    for roll in ((3, 3, 3, 5, 2), (2, 2, 5, 5, 5)):
        if rules.n_dice != 5:
            break
        for b in range(rules.n_upper, len(labels)):
            v = rules.score(roll, b)
            if v:
                lower = ': %d-%d-%d-%d-%d scores %d as %s' % (roll + (v, labels[b]))
                break
        if lower:
            break
    if rules.ui:    # a family's own (Yamb's columns, Balut's cells, Poker Dice's); the
        #             plain rulesets' first-boot how-to compiles no rules pages on a .py board
        from ui.help import rules as help_rules
        part = help_rules.family_help(rules)
        if part is not None:
            return part.howto(rules, legend(profile), help_rules.__dict__)
    turn, threes, asks = 'Roll 5 dice up to 3 times a turn', '3-3-3-5-2 scores 9', \
        'kinds, straights or a full house'
    if rules.n_dice != 5:       # other dice counts: ui/help/dice.py's words
        from ui.help.dice import howto_texts
        turn, threes, asks, lower = howto_texts(rules)
    return (
        ('How to play', '%s, keeping the ones you like between rolls. Then fill one box '
                        'of your scorecard.' % turn),
        ('Boxes', 'Each box once, %d in all: %d rounds. Dice that miss a box\'s need '
                  'score 0 there. %s' % (rules.n_boxes, rules.rounds, bonus)),
        ('Scoring', 'The %s box scores the 1s, and so on up to 6s: %s as %s. The boxes '
                    'below ask for %s%s. Highest total wins.'
         % (first, threes, labels[2], asks, lower)),
        legend(profile),
    )
