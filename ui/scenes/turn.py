"""Passing the device around the table (TURN), and every seat at a glance
(STANDINGS). Plain functions of the app; App.go loads them when one of these scenes
opens (games of one seat never need them) and drops them again after.

TURN is two screens, both only in games of more than one seat:
- after a human fills a box: what it scored, BACK takes it back (the filler's last
  chance: nobody else may, see yahtzee_core Game.undo / pass_turn), OK passes on;
- before a human's turn: whose turn it is, where they stand, and what the seats
  before them (computers included) just scored; OK (or a shake) takes the turn and
  rolls, since a turn's first move is always the roll.
BACK on the second opens the pause menu. OK goes to the next seat's turn (PLAY,
which hands a computer seat on to CPU); the standings key opens STANDINGS, as on the
dice. STANDINGS lists every seat in place order: place, upper par and boxes left; OK
shows a seat's card (CARD, read only), BACK goes back where it was opened
(App.open). The fills TURN reports are kept by ui/turns.py.
"""

from events import actions as A
from ui.codes import PLAY, PAUSE, CARD, TURN, STANDINGS, DLG_NONE, COACH_ALWAYS, COACH_BEST
from ui.saves.store import save_game
from ui.turns import undo, ok_roll, roll
from ui import seats

_ORD = ('1st', '2nd', '3rd')


def ordinal(n):
    return _ORD[n - 1] if n <= 3 else '%dth' % n


def standing_text(app, p):
    """Where seat p stands: '2nd, 12 behind BOB', '1st, 5 ahead of CPU2', 'tied 1st'."""
    cards = app.game.cards
    mine = cards[p].total
    place = 1
    best = -1           # the leader (place > 1) or the runner-up (place 1)
    for q in range(len(cards)):
        if q == p:
            continue
        t = cards[q].total
        place += t > mine
        if best < 0 or t > cards[best].total:
            best = q
    if best < 0:
        return ordinal(place)
    gap = mine - cards[best].total
    if gap > 0:
        t = '%s, %d ahead of %s' % (ordinal(place), gap, app.player_name(best))
        return t if len(t) <= app.settings.text_cols else t[:t.find(' of ')]
    if gap == 0:
        return 'tied ' + ordinal(place)
    t = '%s, %d behind %s' % (ordinal(place), -gap, app.player_name(best))
    return t if len(t) <= app.settings.text_cols else t[:t.rfind(' ')]   # Triple's big gaps


def enter_turn(app, now):
    g = app.game
    app.dialog = DLG_NONE
    app.tumbling = False
    small = app.small_screen
    if seats.turn_filled:
        p = (g.current - 1) % len(g.players)    # the seat that just filled
        text = seats.summaries[-1] if seats.summaries else ''
        items = [text[text.find(': ') + 2:]]
        items.append('BACK undo  OK pass' if small else standing_text(app, p))
        title = app.player_name(p)
        if app.coach_note == COACH_BEST and app.settings.coach_mode == COACH_ALWAYS:
            app.coach_note = ''         # said here: no note to close
            title += ': best move'
        app.set_list(title, items, [''] * len(items),
                     title_right='%d' % g.cards[p].total, footer='BACK: undo  OK: pass')
        return
    p = g.current
    items = [standing_text(app, p)]
    # what happened since this seat's last turn, newest last
    n = len(g.players) - 1
    items += seats.summaries[-n:] if n else []
    title = app.player_name(p) + ': your turn'
    if small:
        title += ' OK'      # no footer on 128x32
    app.set_list(title, items, [''] * len(items), title_right='' if small else 'R%d' % g.round,
                 footer='OK: take it, roll')


def handle_turn(app, action, now):
    if app.list_move(action):
        return
    g = app.game
    if (action == A.SHAKE_START or action == A.SHAKE_END) and not seats.turn_filled:
        g.pass_turn()               # a shake takes the turn: the dice tumble, then land
        seats.turn_taken = True
        app.go(PLAY, now)
        if action == A.SHAKE_START:
            app.tumbling = True
            app.view.tumble_at = now
        else:
            roll(app, now)
        return
    if action == A.STANDINGS or action == A.HELP:   # as on the dice
        app.open(STANDINGS, now)
        return
    if action == A.OK:
        g.pass_turn()       # the box just filled is final from here on
        if seats.turn_filled:
            seats.turn_filled = False
            save_game(app)
            app.go(PLAY, now)
        else:
            seats.turn_taken = True
            app.go(PLAY, now)
            ok_roll(app, now)
    elif action == A.BACK:
        if seats.turn_filled:
            seats.turn_filled = False
            undo(app, now)
        else:
            app.go(PAUSE, now)


# -- STANDINGS: every seat at a glance, in place order; OK reads a seat's card --
def _standing(card):
    """What a seat ranks by: its total; where the game is won on points (Balut), its
    points first, then its total (Game.ranking's order)."""
    r = card.rules
    return card.total if r.goals is None else r.game_points(card.scores) * 4096 + card.total


def _seats_by_place(g):
    """Seat indexes, the best standing first (ties: the earlier seat first)."""
    cards = g.cards
    return sorted(range(len(cards)), key=lambda p: p - 8 * _standing(cards[p]))


def enter_standings(app, now):
    g = app.game
    app.dialog = DLG_NONE
    app.tumbling = False
    cards = g.cards
    items = []
    values = []
    columns = g.rules.columns > 1
    goals = g.rules.goals is not None
    # an upper par to show: not Yamb's (a bonus per column, at 60)
    par_shown = g.rules.upper_bonus and not g.rules.column_orders
    order = _seats_by_place(g)
    for p in order:
        c = cards[p]
        place = 1
        for q in cards:
            place += _standing(q) > _standing(c)
        if not par_shown:
            par = 0
        elif columns:       # Triple Yahtzee: the three columns' upper par together
            from ui.families import family
            par = family(g.rules, 'card').par(c)    # (its family's card)
        else:
            par = c.upper_par
        left = 0
        for v in c.scores:
            left += v == 255
        # '>1 ANN   +5  7': on turn, place, name, upper par (Balut: points), boxes left
        items.append('%s%d %-5s %3s %2d' % ('>' if p == g.current else ' ', place,
                                            app.player_name(p),
                                            ('+%d' if par >= 0 else '%d') % par
                                            if par_shown else
                                            '%dp' % c.rules.game_points(c.scores)
                                            if goals else '', left))
        values.append('%d' % c.total)
    cursor = order.index(seats.card_seat if seats.card_seat >= 0 else g.current)
    seats.card_seat = -1
    # the footer names the columns (no key names in it: it is a legend)
    app.set_list('Standings', items, values, cursor=cursor,
                 title_right=('R%d Dup' if g.round_dice else 'R%d') % g.round,
                 footer='Upper par, boxes left' if par_shown else
                 'Points, boxes left' if goals else 'Rounds left, won'
                 if g.rules.hands else 'Boxes left, total')   # Poker Dice


def handle_standings(app, action, now):
    if app.list_move(action):
        return
    if action == A.OK:
        order = _seats_by_place(app.game)
        if app.view.cursor < len(order):    # (not a list its enter had no heap for)
            seats.card_seat = order[app.view.cursor]
            app.open(CARD, now)
    elif action == A.BACK:
        app.go(app.returns[STANDINGS], now)


# This module's scenes (ui/app.py MODULES): code -> (enter, handle, tick or None).
SCENES = {TURN: (enter_turn, handle_turn, None),
          STANDINGS: (enter_standings, handle_standings, None)}
