# Yamb's announce for the check scripts, imported only for a ruleset with column
# orders (the other rulesets' checks then carry none of its code in the heap under
# test): with only the Announce column open, announce its last open box.


def announce(game, log=None):
    """Announce where no other box takes the dice; `log` gets the record (the
    journal check's: save.ANNOUNCE is kind 9)."""
    if game.options():
        return
    b = game.rules.n_boxes - 1
    while game.card.scores[b] != 255:
        b -= 1
    game.rules.announce(game, b)
    if log:
        log(game, 9, b)
