"""Shorter names of the boxes (and card rows) whose full names a narrow column cannot
hold, each written out so it reads as words: dropping letters by rule made typos
("Even straght"), cutting made others ("Even straig"). No displayio; loaded by the
card's views and by App.box_label only when a name is too long.

    fit('Even straight', 10)    # -> 'Even str'
"""

# Each full name's shorter forms, longest first.
SHORT = {
    'Upper': ('Up',),
    'One pair': ('1 pair',), 'Two pairs': ('2 pairs',), 'Three pairs': ('3 pairs',),
    '3 of a kind': ('3 of kind', '3 kind'), '4 of a kind': ('4 of kind', '4 kind'),
    '5 of a kind': ('5 of kind', '5 kind'),
    'Sm straight': ('Sm str',), 'Lg straight': ('Lg str',), 'Full straight': ('Full str',),
    'Odd straight': ('Odd str',), 'Even straight': ('Even str',),
    'Low straight': ('Low str',), 'High straight': ('High str',),
    'Full house': ('House',), 'Full House': ('House',),
    'Full colour': ('Full col', 'Colour'), '2 pair colour': ('2 pair col', '2pr col'),
    'Dbl Generala': ('Dbl Gen',),
    'Dreierpasch': ('3er Pasch', '3er'), 'Viererpasch': ('4er Pasch', '4er'),
    'Kl. Strasse': ('Kl.Strasse', 'Kl. Str'), 'Gr. Strasse': ('Gr.Strasse', 'Gr. Str'),
    'Yahtzee bonus': ('Yahtzee +', 'Bonus'), 'Kniffel bonus': ('Kniffel +', 'Bonus'),
    'Maxi Yatzy': ('Maxi',),
}


def fit(label, room, steady=0):
    """The longest form of `label` at most `room` characters (cut to room when none
    is); with `steady`, a form that fits `steady` first (a row keeps one name while
    its value changes width, e.g. '(0)' and '(20)')."""
    forms = SHORT.get(label, ())
    if steady and len(label) > steady:
        for f in forms:
            if len(f) <= steady and len(f) <= room:
                return f
    if len(label) <= room:
        return label
    for f in forms:
        if len(f) <= room:
            return f
    return label[:room].rstrip()
