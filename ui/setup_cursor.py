"""New game on a cursor board (three buttons: Left/Right move, OK picks), whose
Left/Right cannot change a value as other boards' do: OK on a row of several values
(players, a seat, the rules) changes it in a mode, Left/Right stepping it down and
up ('<Yahtzee>'), OK or BACK ending it. Loaded by ui/scenes/menus.py on such a board
only (the Pico's RAM keeps none of it); the mode is this module's own state."""

from events import actions as A

_editing = -1       # the setup list's version while its row is being changed, else -1


def editing(app):
    """The row under the cursor is being changed (the list on show is the mode's)."""
    return _editing == app.list_version


def handle(app, action, now, change):
    """A key on the setup list of a cursor board; True when this mode took it.
    change(app, delta, now): the setup's own step of the row under the cursor."""
    global _editing
    if editing(app):
        if action == A.LEFT or action == A.RIGHT:
            change(app, -1 if action == A.LEFT else 1, now)
        elif action == A.OK or action == A.BACK:
            _editing = -1
            change(app, 0, now)
            app.title_right = ''
            return True
        else:
            return True
    elif action == A.OK and _several_values(app):
        change(app, 0, now)
    else:
        return False
    app.values[app.cursor] = '<%s>' % app.values[app.cursor]
    names = (app.profile or {}).get('button_labels', {})
    app.title_right = '%s/%s: change' % (names.get('LEFT', '<'), names.get('RIGHT', '>'))
    app.list_version += 1
    _editing = app.list_version
    app.touch()
    return True


def _several_values(app):
    """The row under the cursor has more than two values: players, a seat, rules."""
    c = app.cursor
    return c <= app.setup_players or c == app.setup_players + 2
