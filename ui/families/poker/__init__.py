# Poker Dice's screens and help.
