"""Help on the device, as data: a page per box of the ruleset in play, a button legend
for the board profile, and a short how-to. No displayio: screens draw the lines.

Import it only when a help screen opens and drop it afterwards (5.9 KB of RAM on a
32-bit CircuitPython, from .py): nothing else imports it. Texts are plain sentences;
`pages()` wraps them to the screen lazily, one page at a time:

    for page in pages(*box_help(rules, 'full_house'), rows=rows_for(64)):
        ...  # page: up to `rows` lines of at most WIDTH characters, the title first

terminalio.FONT is 6 px wide with 10 px between lines (ui/views.py): 21 characters a
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


# -- boxes ---------------------------------------------------------------------------
_FACE_WORDS = ('1s', '2s', '3s', '4s', '5s', '6s')

# Lower boxes by ruleset family; upper boxes are written from the face (_upper()).
_YAHTZEE = {
    'three_of_a_kind': 'Needs 3 dice alike. Scores the total of all 5 dice.',
    'four_of_a_kind': 'Needs 4 dice alike. Scores the total of all 5 dice.',
    'full_house': 'Needs 3 of one face and 2 of another. Scores 25.',
    'small_straight': 'Needs 4 in a row: 1234, 2345 or 3456. Scores 30.',
    'large_straight': 'Needs 5 in a row: 12345 or 23456. Scores 40.',
    'yahtzee': 'Needs all 5 dice alike. Scores 50.',
    'chance': 'Any dice. Scores the total of all 5 dice.',
}
_YATZY = {
    'one_pair': 'Needs 2 dice alike. Scores those 2 dice (the highest pair).',
    'two_pairs': 'Needs 2 pairs of different faces. Scores those 4 dice.',
    'three_of_a_kind': 'Needs 3 dice alike. Scores those 3 dice only.',
    'four_of_a_kind': 'Needs 4 dice alike. Scores those 4 dice only.',
    'small_straight': 'Needs exactly 1-2-3-4-5. Scores 15.',
    'large_straight': 'Needs exactly 2-3-4-5-6. Scores 20.',
    'full_house': 'Needs 3 of one face and 2 of another. Scores the total of all 5 dice.',
    'chance': 'Any dice. Scores the total of all 5 dice.',
    'yatzy': 'Needs all 5 dice alike. Scores 50. No bonus, no Joker.',
}
_YACHT = {
    'full_house': 'Needs 3 of one face and 2 of another. Scores the total of all 5 dice.',
    'four_of_a_kind': 'Needs 4 dice alike. Scores those 4 dice only.',
    'little_straight': 'Needs exactly 1-2-3-4-5. Scores 30.',
    'big_straight': 'Needs exactly 2-3-4-5-6. Scores 30.',
    'choice': 'Any dice. Scores the total of all 5 dice.',
    'yacht': 'Needs all 5 dice alike. Scores 50. No bonus, no Joker.',
}
_FIVE_NOT_FULL = ' 5 alike is not a full house.'
_BONUS_100 = (' Each further Yahtzee: +100, if this box holds 50 (none if it holds 0).')
# What a further Yahtzee must or may do, by ruleset (shown on the Yahtzee box) ...
_JOKER_RULE = {
    'yahtzee': ('Joker: a further Yahtzee must fill its upper box; if that is filled, '
                'any lower box; else any upper box, for 0.'),
    'yahtzee-free-joker': 'Joker: a further Yahtzee may fill any open box.',
    'yahtzee-1956': ('Joker: a further Yahtzee must fill an open lower box; only if '
                     'none is open an upper box, for 0.'),
}
# ... and when it scores full points in full house and the straights.
_JOKER_SCORE = {
    'yahtzee': 'Joker: 5 alike scores %d here once the Yahtzee box and its upper box '
               'are filled.',
    'yahtzee-free-joker': 'Joker: 5 alike scores %d here once the Yahtzee box and its '
                          'upper box are filled.',
    'yahtzee-1956': 'Joker: 5 alike scores %d here once the Yahtzee box is filled.',
}


def face_text(b, times=1):
    """What upper box b (face b + 1) scores, with an example (times: a column's
    multiplier, Triple Yahtzee)."""
    face = b + 1
    text = ('Any dice. Scores the %s only: %d-%d-%d-%d-%d scores %d'
            % (_FACE_WORDS[b], face, face, face, 7 - face if face != 1 else 2,
               6 if face != 6 else 5, 3 * face))
    return text + (', x%d here: %d.' % (times, 3 * face * times) if times > 1 else '.')


def _upper(rules, b):
    text = face_text(b)
    if rules.upper_bonus:
        text += (' Upper boxes 63 or more (three of each): +%d.' % rules.upper_bonus)
    else:
        text += ' No bonus.'
    return text


# Rulesets whose texts live in ui/help_more.py (loaded only for them).
_MORE = ('kniffel', 'generala', 'kismet', 'triple-yahtzee')


def box_help(rules, box):
    """(title, text) of one box (name or index) of the ruleset."""
    b = rules.box_index(box)
    if rules.name in _MORE:
        from ui import help_more
        return help_more.box_help(rules, b)
    name = rules.categories[b]
    title = rules.labels.split('|')[b]
    if b < rules.n_upper:
        return title, _upper(rules, b)
    family = _YATZY if rules.name == 'yatzy' else _YACHT if rules.name == 'yacht' else _YAHTZEE
    text = family[name]
    if 'full' in name:
        text += _FIVE_NOT_FULL
    if rules.joker_points:
        if b == rules.five_alike_box:
            text += _BONUS_100 + ' ' + _JOKER_RULE[rules.name]
        elif rules.joker_points[b]:
            text += ' ' + _JOKER_SCORE[rules.name] % rules.joker_points[b]
    return title, text


def extra_pages(rules, duplicate):
    """(title, text) pages after the boxes: a ruleset's own rules (Generala's served
    hands, Kismet's colours, Triple Yahtzee's columns), then duplicate play when
    `duplicate` (the game in play, or the next one, has it on)."""
    if rules.name not in _MORE and not duplicate:
        return ()
    from ui import help_more
    return help_more.extra_pages(rules, duplicate)


# -- buttons ---------------------------------------------------------------------------
# What the FeatherWing prints on its buttons, by profile (else the role names are shown).
_BUTTON_NAMES = {'three-button': {'LEFT': 'A', 'OK': 'B', 'RIGHT': 'C'}}
_LONG_WORDS = {'HINT': 'a hint', 'BACK': 'back / menu', 'HELP': 'help, the rules of a box (on the dice of a game of several: the standings)',
               'STANDINGS': 'the standings (a game of several)'}


def legend(profile):
    """(title, text): the buttons of a board profile (a hardware.profiles dict)."""
    names = _BUTTON_NAMES.get(profile['name'], {})
    pins = profile['pins']

    def button(role):
        return names.get(role, role)

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
        lines.append('Hold %s: %s.' % (button(role), _LONG_WORDS.get(long_press[role],
                                                                     long_press[role])))
    return 'Buttons', '\n'.join(lines)


# -- how-to ---------------------------------------------------------------------------
def howto(rules, profile):
    """((title, text), ...): a short how-to for a first game, a few pages; the screen
    lets any button skip it."""
    first = rules.labels.split('|')[0]
    bonus = ('Upper boxes totalling 63 or more earn +%d.' % rules.upper_bonus
             if rules.upper_bonus else 'There is no bonus.')
    if rules.name in _MORE:     # tiers (Kismet), a bonus per column (Triple Yahtzee)
        from ui import help_more
        bonus = help_more.HOWTO_BONUS.get(rules.name, bonus)
    return (
        ('How to play', 'Roll 5 dice up to 3 times a turn, keeping the ones you like '
                        'between rolls. Then fill one box of your scorecard.'),
        ('Boxes', 'Each box once, %d in all: %d rounds. Dice that miss a box\'s need '
                  'score 0 there. %s' % (rules.n_boxes, rules.rounds, bonus)),
        ('Scoring', 'The %s box scores the 1s, and so on up to 6s. The boxes below ask '
                    'for kinds, straights or a full house. Highest total wins.' % first),
        legend(profile),
    )
