# Poker Dice's screens (the dice as cards, the card of rounds, the turn's texts) and help.
PARTS = ('card', 'help')
