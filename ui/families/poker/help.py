"""Poker Dice's help (loaded only for it, from the two help modules): the cards on the
dice, the hands best first, how equal hands compare, a turn, a round and the game, in
words made from the ruleset (its rank table orders the examples), and its how-to."""

from yahtzee_core.variants.poker_dice import HANDS

CARDS = ('9', '10', 'J', 'Q', 'K', 'A')     # faces 1..6


def _cards(dice):
    return '-'.join([CARDS[d - 1] for d in dice])


def _tie_example(rules):
    """Three fours of a kind, best first, by the rank table: the fours' card first,
    then the odd die."""
    hands = sorted(((6, 6, 6, 6, 1), (5, 5, 5, 5, 3), (5, 5, 5, 5, 2)),
                   key=lambda d: -rules.score(d, 0))
    return ', which beats '.join([_cards(d) for d in hands])


def page_of_box(rules, b):
    """The page a round's HELP opens: the first (its rounds share the rules)."""
    return 0


def box_help(rules, b, h):
    """(title, text) of round b: the page it opens."""
    return pages(rules, h)[page_of_box(rules, b)]


def pages(rules, h):
    """(title, text) pages of the rules (help_rules.extra_pages, in place of a page a
    box)."""
    best_first = [HANDS[k] for k in range(len(HANDS) - 1, -1, -1)]
    return [
        ('Cards', 'The dice show cards: %s, low to high (on plain dice 1 to 6). Each turn '
                  'ends on a poker hand.' % ', '.join(CARDS)),
        ('Hands', 'Best first: %s. A full house is 3 and 2 alike; the high straight is '
                  '10-J-Q-K-A, the low one 9-10-J-Q-K.' % ', '.join(best_first)),
        ('Ties', 'Equal hands compare the cards of the combination, then the others, '
                 'highest first: %s. Only the same cards tie.' % _tie_example(rules)),
        ('A turn', 'Roll up to %d times, keeping any dice between rolls; then stand on '
                   'your hand: hold all %d and OK, OK after the last roll, or the card\'s '
                   'Stand row.'
         % (rules.turn_rolls, rules.n_dice)),
        ('A round', 'Every seat plays one turn. The best hand wins the round, equal best '
                    'hands each win it; a later seat sees the hand to beat. %d rounds: '
                    'most rounds won wins the game.' % rules.rounds),
    ]


def howto(rules, legend, h):
    """The how-to's pages (help_text.howto) for Poker Dice; `legend` the button
    legend's page."""
    return (
        ('How to play', 'Roll %d dice up to %d times a turn, keeping the ones you like '
                        'between rolls. Then stand on your poker hand.'
         % (rules.n_dice, rules.turn_rolls)),
        ('Rounds', 'Each seat plays a turn a round; the best hand wins the round. %d '
                   'rounds: most rounds won wins.' % rules.rounds),
        ('Hands', 'Five of a kind is best, then four, full house, straights, three, two '
                  'pairs, a pair. The rules pages say it all.'),
        legend,
    )
