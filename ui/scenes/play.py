"""A human's turn with the dice (PLAY). Plain functions of the app.

PLAY is where every turn starts: enter_play hands a computer seat on to CPU, a human
seat of a game of several on to the handover (TURN) until they take the device, and a
finished game on to the ranking (OVER). From the dice, the scorecard (CARD), the
standings (STANDINGS: UP, held BACK or held A of the three-button board), the rules
(PAGES) and the pause menu (PAUSE) open. The play view's texts are ui/turns.py's
(CPU shows them too).
"""

from events import actions as A
from ui.codes import (PLAY, CARD, CPU, PAUSE, OVER, TURN, STANDINGS, PAGES, CURSOR_ROLL,
                      CURSOR_CARD, PG_RULES, first_slot)
from events.ticks import elapsed
from ui.saves.store import save_game
from ui.hints import show_hint, tick
from ui.turns import (start_turn, update_play_texts, can_roll, ok_roll, ok_roll_tick, roll,
                      score_now, all_held)


def enter_play(app, now):
    """The current seat's turn: the dice here for a human, CPU for a computer, the
    ranking once the game is over."""
    g = app.game
    if g.over:
        app.go(OVER, now)
        return
    if app.is_cpu(g.current):
        app.go(CPU, now)
        return
    if len(g.players) > 1 and not app.turn_taken and not g.rolled:
        app.go(TURN, now)       # pass the device: whose turn, where they stand
        return
    start_turn(app)


def handle_play(app, action, now):
    g = app.game
    hi = A.hold_index(action)
    if action == A.SHAKE_START:
        if can_roll(app):
            app.tumbling = True
            app.tumble_at = now
        return
    if action == A.SHAKE_END:
        if app.tumbling:
            app.tumbling = False
            roll(app, now)
        return
    if app.tumbling:
        return      # buttons wait until the dice settle
    if g.over:      # won at once (Generala served): the banner, then the ranking
        if action == A.OK or action == A.BACK:
            app.go(OVER, now)
        return
    if hi >= 0:
        if app.hold_buttons:
            die = button_die(len(g.dice), hi)
            if die >= 0:
                toggle_hold(app, die, now)
        return
    if action == A.BACK:
        app.go(PAUSE, now)
    elif (action == A.UP and app.hold_buttons) or (
            (action == A.STANDINGS or action == A.HELP) and len(g.players) > 1):
        # one press on every board: UP, held BACK, or held A of the three-button
        # board (whose rules stay in the menu)
        app.open(STANDINGS, now)
    elif action == A.HINT:
        show_hint(app)
    elif action == A.HELP:
        app.open(PAGES, now, PG_RULES)
    elif action == A.DOWN and app.hold_buttons:
        if g.rolled:
            app.go(CARD, now)
    elif app.hold_buttons:
        if action == A.OK:
            if g.rolls_left == 0:
                score_now(app, now)
            else:
                ok_roll(app, now)
        elif action == A.RIGHT and g.rolled:
            app.go(CARD, now)
    else:
        if action == A.LEFT or action == A.RIGHT or action == A.UP or action == A.DOWN:
            _move_die_cursor(app, -1 if (action == A.LEFT or action == A.UP) else 1)
        elif action == A.OK:
            c = app.die_cursor
            if c < 0 or c == CURSOR_ROLL:
                ok_roll(app, now)
            elif c < len(g.dice):
                toggle_hold(app, c, now)
            elif g.rolls_left == 0 or all_held(g):
                score_now(app, now)
            else:
                app.go(CARD, now)


def button_die(n, hold):
    """The die a hold button (0..4; 5: HOLD5 held) holds in a game of n dice: the die
    drawn above it (fewer dice sit over the middle buttons), the sixth die for HOLD5
    held; -1 under no die. On five dice or fewer HOLD5 held is HOLD5."""
    if n <= 5:
        die = (4 if hold == 5 else hold) - first_slot(n)
        return die if 0 <= die < n else -1
    return hold


def _move_die_cursor(app, step):
    """Boards without hold buttons: the cursor visits the dice (once rolled and while
    rolls are left), "Roll" (while rolls are left) and "Card" (once rolled), in that
    order: stop k is die k below n, else CURSOR_ROLL + k - n."""
    g = app.game
    n = len(g.dice)
    c = app.die_cursor
    k = c if c < n else n + c - CURSOR_ROLL
    for _ in range(n + 2):
        k = (k + step) % (n + 2)
        c = k if k < n else CURSOR_ROLL + k - n
        if c == CURSOR_CARD and not g.rolled:
            continue
        if c < n and (not g.rolled or g.rolls_left == 0):
            continue
        if c == CURSOR_ROLL and g.rolls_left == 0:
            continue
        break
    if c != app.die_cursor:
        app.die_cursor = c
        app.touch()


def play_tick(app, now):
    """Every frame on PLAY (App.tick): an OK roll's tumble ending; a note's end; else
    a step of the next decisions' work (ui/hints.py tick)."""
    if app.tumbling:
        ok_roll_tick(app, now)
    if app.note_until >= 0 and elapsed(now, app.note_until) > 0:
        app.note_until = -1
        update_play_texts(app)
    elif not app.tumbling:
        tick(app)       # the next decisions' work while the dice are looked at


def toggle_hold(app, i, now):
    g = app.game
    if not g.rolled:
        app.note('Roll first', now)
        return
    if g.rolls_left == 0:
        app.note('OK: pick a box', now)
        return
    g.toggle(i)
    save_game(app)
    app.sync_dice()
    update_play_texts(app)      # "OK: score now" once all five are held
    app.beep(660 if g.held[i] else 330, 30)


# This module's scenes (ui/app.py MODULES): code -> (enter, handle, tick or None).
SCENES = {PLAY: (enter_play, handle_play, play_tick)}
