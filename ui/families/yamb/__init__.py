# Yamb's screens: the card by columns, the grid, the help, the announce.
