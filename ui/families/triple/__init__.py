# Triple Yahtzee's screens: the card's columns, the grid.
