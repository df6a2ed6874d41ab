"""What the seats of a game share, for every scene: their names (initials entered at
setup, a computer's level) and the boxes' where short, forgetting the table state of
the last game, and the big moments (banner and tune: ui/moments.py, loaded with the
game's working set, App.begin_game, and kept to the menu). Small and resident, so
that ui/scenes/play.py stays a small compile on the device."""

from sys import modules
from ui.codes import CPU_NAMES, MOMENT_YAHTZEE, MOMENT_SERVIDA

# The table's state in the game in play (module globals: every scene of a game reads
# them here; forget_turns sets them for a new or resumed game)
turn_filled = False     # TURN: a fill on show (the handover after a human's fill)
turn_taken = False      # the seat in play has taken the device (its handover is past)
card_seat = -1          # CARD: another seat's card, read only (from STANDINGS)
summaries = []          # TURN: the last fills (ui/turns.py note_fill)
offered = None          # (round, seat): the turn last offered Yamb's announce step


def seat_name(app, p, kind=None):
    """Seat p's name: the initials entered at setup (P1.. before any); a computer's
    level and seat number (Good2). kind: a KINDS index (setup), else the game's."""
    if kind is None:
        kind = app.seat_level(p) if app.game is not None and p < len(app.game.players) else 0
    if kind:
        return (CPU_NAMES[kind] if kind < len(CPU_NAMES) else 'CPU') + '%d' % (p + 1)
    people = app.people
    return (people.names[p] if people is not None else '') or 'P%d' % (p + 1)


def fit_label(label, room):
    """A box's name in `room` characters: a shorter name written for it where it is
    too long (ui/short_labels.py, loaded then), not letters cut off."""
    if len(label) <= room:
        return label
    from ui import short_labels
    return short_labels.fit(label, room)


def forget_turns(app):
    """A new or resumed game: nobody holds the device yet, no fills to report."""
    global turn_filled, turn_taken, card_seat, offered
    turn_filled = False
    turn_taken = False
    card_seat = -1
    offered = None      # (a new game's first turn is the last one's, its Game's id() too)
    del summaries[:]


def moment_tick(app, now):
    moments = modules.get('ui.moments')
    if moments is None:     # the game it came with is gone
        app.view.moment = 0
    else:
        moments.moment_tick(app, now)


def big_moment(app, code, now):
    """Show a big moment (codes.MOMENT_*): banner and tune (ui/moments.py, loaded
    with the game: App.begin_game; imported here for a game resumed at its end)."""
    moments = modules.get('ui.moments')
    if moments is None:
        from ui import moments
    moments.big_moment(app, code, now)


def all_alike(dice):
    """Every die shows the same face (five alike; Crag's three): 0 before a roll."""
    f = dice[0]
    for d in dice:
        if d != f:
            return False
    return f != 0


def yahtzee_rolled(app, now):
    """After any roll: all the dice alike is a big moment (True when it was one);
    Generala served, which wins the game at once, a bigger one."""
    if all_alike(app.game.dice):
        big_moment(app, MOMENT_SERVIDA if app.game.winner >= 0 else MOMENT_YAHTZEE, now)
        return True
    return False
