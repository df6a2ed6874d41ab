"""Three letters entered with the buttons: the human seats' names at setup (NAMES),
one seat after another, then back to the setup (SETUP); and a high score's initials
at the end of a game (INITIALS), one new high score after another, then the analysis
(ANALYSIS). Seat names are kept in nvm with yahtzee_core.people when a game starts,
and offered again next time. Plain functions of the app; App.go loads them when one
of these scenes opens and drops them again after."""

from events import actions as A
from ui.codes import SETUP, NAMES as NAMES_SCENE, INITIALS, ANALYSIS, INITIAL_CHARS
from ui.saves.store import save_records


def start_letters(app, name):
    """Three letters to edit, starting from `name` (a seat's initials: 'ANN'); without
    one, as a handheld's name entry does: A, then blanks, each a step below A on the
    wheel (bench/bench_presses.py counts the presses)."""
    app.initials[:] = b'A__'
    if name:
        for k in range(3):
            c = name[k] if k < len(name) else '_'   # '_': shown and kept as a space
            app.initials[k] = ord(c) if c in INITIAL_CHARS else 95
    app.initial_pos = 0


def letters_text(app):
    """The three letters, the one being edited bracketed."""
    s = ''
    for k in range(3):
        c = chr(app.initials[k])
        s += '[' + c + ']' if k == app.initial_pos else ' ' + c + ' '
    return s


def _step(app, action):
    """How far a key turns the letter wheel: 1 or 5 either way, 0 for other keys.
    UP/DOWN 1 and LEFT/RIGHT 5; on the holds 1 2 4 5: -5 -1 +1 +5; the three-button
    board (no UP/DOWN): LEFT/RIGHT 1, held 5 (HELP/HINT)."""
    if action == A.UP or action == A.HOLD_4:
        return 1
    if action == A.DOWN or action == A.HOLD_2:
        return -1
    three = not app.hold_buttons
    if action == A.HOLD_5 or (action == A.HINT and three):
        return 5
    if action == A.HOLD_1 or (action == A.HELP and three):
        return -5
    if action == A.RIGHT:
        return 5 if app.hold_buttons else 1
    if action == A.LEFT:
        return -5 if app.hold_buttons else -1
    return 0


def legend(app):
    """The keys of the wheel, for a list row (20 columns)."""
    return 'Holds -5 -1 . +1 +5' if app.hold_buttons else '</> 1  held </> 5'


def edit_letters(app, action):
    """A key on a three-letter entry: 1 when OK on the last letter, -1 for BACK on
    the first, else 0 (the letters or the position moved)."""
    d = _step(app, action)
    pos = app.initial_pos
    if d:
        chars = INITIAL_CHARS
        i = chars.find(chr(app.initials[pos]))
        app.initials[pos] = ord(chars[(i + d) % len(chars)])
    elif action == A.OK:
        if pos == 2:
            return 1
        app.initial_pos += 1
    elif action == A.BACK:
        if pos == 0:
            return -1
        app.initial_pos -= 1
    return 0


def _people(app):
    if app.people is None:
        from yahtzee_core.people import People
        app.people = People()
    return app.people


def _human_seat(app, p, step):
    """The next human seat from p (inclusive) going by step, or -1."""
    while 0 <= p < app.setup_players:
        if app.setup_kinds[p] == 0:
            return p
        p += step
    return -1


def enter_names(app, now):
    p = _human_seat(app, app.name_seat, 1)
    if p < 0:
        _to_setup(app, now)
        return
    app.name_seat = p
    start_letters(app, _people(app).names[p])
    _show(app)


def _show(app):
    p = app.name_seat
    app.set_list('Seat %d name' % (p + 1), ['Name:  ' + letters_text(app), legend(app)],
                 ['', ''], footer='OK next  BACK prev')


def handle_names(app, action, now):
    r = edit_letters(app, action)
    p = app.name_seat
    if r == 0:
        _show(app)
        return
    if r == 1:
        name = bytes(app.initials).decode().replace('_', ' ').rstrip()
        from yahtzee_core.people import clean_name
        _people(app).names[p] = clean_name(name)
        app.name_seat = p + 1
        app.go(NAMES_SCENE, now)
        return
    p = _human_seat(app, p - 1, -1)      # BACK on the first letter: the seat before
    if p < 0:
        _to_setup(app, now)
    else:
        app.name_seat = p
        app.go(NAMES_SCENE, now)


def _to_setup(app, now):
    app.name_seat = -1          # enter_setup puts the cursor back on "Names"
    app.go(SETUP, now)


# -- INITIALS: naming a high score (each of app.pending_high in turn) --
def enter_initials(app, now):
    # only a seat without initials is asked (scene_end): from the name it plays by,
    # P1, which three OKs keep
    start_letters(app, app.player_name(app.pending_high[0][1]))
    _show_initials(app)


def _show_initials(app):
    entry, p = app.pending_high[0]
    app.set_list('High score!', ['%s scored %d' % (app.player_name(p), entry[0]),
                                 'Name:  ' + letters_text(app), legend(app)], ['', '', ''],
                 footer='OK next  BACK prev')


def handle_initials(app, action, now):
    if edit_letters(app, action) == 1:
        entry, p = app.pending_high.pop(0)
        app.records.set_initials(entry, bytes(app.initials).decode().replace('_', ' '))
        save_records(app)
        app.beep(1319, 120)
        app.go(INITIALS if app.pending_high else ANALYSIS, now)
    else:
        _show_initials(app)


# This module's scenes (ui/app.py MODULES): code -> (enter, handle, tick or None).
SCENES = {NAMES_SCENE: (enter_names, handle_names, None),
          INITIALS: (enter_initials, handle_initials, None)}
