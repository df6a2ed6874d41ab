# Balut's screens: the card by categories of cells, the grid, the help.
PARTS = ('card', 'grid', 'help')
