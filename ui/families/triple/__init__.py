# Triple Yahtzee's screens: the card's columns, the grid (its help is the plain help's).
PARTS = ('card', 'grid')
