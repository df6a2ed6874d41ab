"""Kniffel, the German game (Schmidt Spiele's rules): Yahtzee's boxes and forced Joker,
but a further Kniffel earns +50, and only when it goes into its own open upper box,
whatever the Kniffel box holds (50 or a scratched 0). See docs/RULES.md."""

from .yahtzee import Yahtzee


class Kniffel(Yahtzee):
    name = 'kniffel'
    categories = ('einer', 'zweier', 'dreier', 'vierer', 'fuenfer', 'sechser', 'dreierpasch',
                  'viererpasch', 'full_house', 'kleine_strasse', 'grosse_strasse', 'kniffel',
                  'chance')
    labels = ('Einer|Zweier|Dreier|Vierer|Fuenfer|Sechser|Dreierpasch|Viererpasch|'
              'Full House|Kl. Strasse|Gr. Strasse|Kniffel|Chance')
    five_alike_bonus = 50
    bonus_in_upper = True


RULES = Kniffel
