"""What several scenes do to the turn in play, in one place: show a seat's turn on the
play view (PLAY and CPU), roll a human's dice (OK or a shake on PLAY, a hint
followed, a turn taken on TURN), fill a box (a human's pick on CARD or the "score 0?"
dialog, a computer's choice on CPU), take the last fill back (PAUSE, TURN), refuse a
move with a note, and keep the last fills for the handovers (TURN). Plain functions
of the app; no scene module imports another, they all import this one."""

from ui.codes import (PLAY, CARD, CPU, OVER, TURN, VIEW_PLAY, DLG_NONE, DLG_NOTE, CURSOR_ROLL,
                      CURSOR_CARD, MOMENT_BONUS, MOMENT_JOKER, MOMENT_UPPER)
from events.ticks import ticks_add, ticks_diff
from ui.saves.store import save_game
from ui.hints import log_box, log_hold, coach_say
from ui.seats import big_moment, all_alike, yahtzee_rolled
from ui import hints, seats


# -- the play view: a seat's dice and texts ----------------------------------------
def start_turn(app):
    """What every turn (PLAY or CPU) shows first: the seat's dice and texts."""
    app.dialog = DLG_NONE
    app.tumbling = False
    app.returns[CARD] = PLAY     # BACK on the card: the dice
    seats.card_seat = -1
    app.view.kind = VIEW_PLAY
    app.view.die_cursor = -1 if app.hold_buttons else (0 if app.game.rolled else CURSOR_ROLL)
    app.sync_dice()
    update_play_texts(app)


def update_play_texts(app, cpu_text=None):
    settings = app.settings
    v = app.view
    g = app.game
    p = g.current
    v.header_left = '%s R%d/%d' % (app.player_name(p), g.round, g.rules.rounds)
    v.header_right = '%d' % g.cards[p].total
    left = g.rolls_left
    if g.winner >= 0:       # Generala served: that seat won at once; OK: the ranking
        v.line_a = '%s wins!' % app.player_name(g.winner)
        v.line_b = 'OK: results'
        if app.small_screen:
            v.header_left, v.line_a = v.line_a, 'OK'
    elif app.scene == CPU:
        v.line_a = cpu_text if cpu_text is not None else \
            'CPU\nplays' if app.small_screen else 'Computer plays'   # 128x32: 2 rows of 6
        v.line_b = 'OK: skip'
    else:
        if left == 0:
            v.line_a = 'No rolls left'
        elif left == 1:
            v.line_a = '1 roll left'
        else:
            v.line_a = '%d rolls left' % left
        how = 'shake' if settings.has_shake else 'OK'
        if left == 0:
            v.line_b = 'OK: pick a box'
        elif not g.rolled:
            v.line_b = 'Shake to roll' if settings.has_shake else 'OK to roll'
        else:
            # after a roll: how to roll again and how to score now (a cursor board's
            # line beside its Roll and Card buttons keeps to 'N rolls left')
            if app.hold_buttons:
                v.line_a = '%d left: hold, %s' % (left, how)
            if not app.hold_buttons:
                v.line_b = 'Card: score now'
            elif all_held(g):
                v.line_b = 'OK: score now'
            else:
                v.line_b = 'Hold all %d: score' % len(g.dice)
        if app.small_screen:
            # 128x32: rolls left join the header; one short prompt at the side
            v.header_left = '%s R%d %s' % (app.player_name(p), g.round,
                                             '%d left' % left if left else 'pick')
            v.line_a = 'OK:box' if left == 0 or all_held(g) else (
                'Shake!' if settings.has_shake else 'OK')
    if g.rules.ui:      # a family's own words (ui/families/): Poker Dice's hands, Yamb's announce
        from ui.families import family
        card = family(g.rules, 'card')
        if card.play_texts is not None:
            card.play_texts(app, cpu_text)
    app.view.note_until = -1
    v.play_version += 1
    app.touch()


def all_held(g):
    """Every die held after a roll: keeping them all means scoring now."""
    if not g.rolled:
        return False
    for i in range(len(g.held)):
        if not g.held[i]:
            return False
    return True


# -- rolling: OK or a shake on the dice, a hint followed, a turn taken ------------
def can_roll(app):
    g = app.game
    return g is not None and not g.over and g.rolls_left > 0


_OK_TUMBLE_MS = 450     # an OK roll tumbles the dice about as long as a short shake
roll_at = -1            # when an OK roll's tumbling dice land (-1: none)


def ok_roll(app, now):
    """A roll by OK: without a shake sensor the free dice tumble first, like a shake
    (ok_roll_tick lands them); with one, OK rolls at once."""
    global roll_at
    if not app.settings.has_shake and can_roll(app) and not all_held(app.game):
        app.tumbling = True
        app.view.tumble_at = now
        roll_at = ticks_add(now, _OK_TUMBLE_MS)
        app.beep(330, 30)
        return
    roll(app, now)


def ok_roll_tick(app, now):
    """Each tumbling frame: an OK roll lands when its time is up."""
    global roll_at
    if roll_at >= 0 and ticks_diff(now, roll_at) >= 0:
        roll_at = -1
        roll(app, now)


def roll(app, now):
    """The human's roll (shake end or OK); with every die held it opens the card."""
    global roll_at
    g = app.game
    if not can_roll(app):
        return
    if g.rolled:
        if all_held(g):    # keeping everything means stopping: pick a box
            score_now(app, now)
            return
        if g.rules.column_orders is not None and not g.rules.may_roll(g):
            # Yamb: the turn must announce first, and its announce step did not open
            # (out of heap): the dice's words open it again
            update_play_texts(app)
            return
        log_hold(app, g)
    g.roll()
    app.tumbling = False
    roll_at = -1
    save_game(app)
    app.sync_dice()
    if not yahtzee_rolled(app, now):
        app.beep(440, 60)
    if not app.hold_buttons:
        app.view.die_cursor = -1 if g.over else 0 if g.rolls_left else CURSOR_CARD
    update_play_texts(app)
    coach_say(app)


def score_now(app, now):
    """OK on the dice with no roll left (or every die held): the card, to pick a box;
    Poker Dice stands on the hand at once (its one box: the play view says so)."""
    g = app.game
    if g.rules.hands:
        fill_box(app, g.card.round_box, now)
    else:
        app.go(CARD, now)


# -- filling a box and taking it back ------------------------------------------------
def fill_box(app, b, now):
    """Fill box b for the seat in play (a human's pick or a computer's choice), then
    the next seat's turn, or the ranking after the last box."""
    g = app.game
    p = g.current
    human = not app.is_cpu(p)
    if human:
        log_box(app, g, b)
    card = g.card
    bonuses = card.bonus_count
    upper = card.upper_bonus
    # a Joker: five alike scoring the box's fixed Joker points (checked after the
    # fill: some rules give no Joker after a scratched Yahtzee)
    d = g.dice
    joker = g.rules.joker_score(b) if g.rules.joker_points and all_alike(d) else 0
    gained = g.fill(b)
    app.beep(988 if gained else 220, 80)
    if card.bonus_count > bonuses:
        big_moment(app, MOMENT_BONUS, now)
    elif joker and card.scores[b] == joker:
        big_moment(app, MOMENT_JOKER, now)
    elif card.upper_bonus > upper:
        big_moment(app, MOMENT_UPPER, now)
    app.dialog = DLG_NONE
    seats.card_seat = -1
    if g.over:
        app.coach_note = ''     # the coach's list at the end has it
        app.go(OVER, now)
        return
    save_game(app)
    seats.turn_taken = False
    if len(g.players) > 1:
        note_fill(app, p, b, gained)
        if human:           # the filler's last look, and last chance to undo
            seats.turn_filled = True
            app.go(TURN, now)
            coach_say(app)
            return
    app.go(PLAY, now)
    coach_say(app)


def undo(app, now):
    """Take back the last box filled: that seat's turn again. Only its filler may:
    from the pause menu alone, or on the handover screen right after the fill."""
    g = app.game
    if g is None:
        return
    n = len(g.players)
    filler = (g.current - 1) % n
    if g.last_fill is None and app.is_cpu(filler):
        refuse(app, "%s's box" % app.player_name(filler), 'is final')
        return
    if not g.can_undo or (n > 1 and app.scene != TURN):
        refuse(app, 'Nothing to undo:', '%s passed on' % app.player_name(filler)
               if n > 1 else 'dice rolled since')
        return
    g.undo()
    if n > 1:
        del seats.summaries[-1:]
    # the undone box is no longer a decision (the turn's holds still are)
    logs = hints.logs
    log = logs[g.current] if logs is not None else None
    if log is not None:
        log.drop_box()
    if app.coach:       # nor is the coach's entry for it (ui/coach.py)
        from ui import coach
        coach.forget_box(app, g.current, g.round)
    save_game(app)
    app.go(PLAY, now)
    app.note('Undone', now)


def refuse(app, first, second):
    """A move this player may not make (or a warning): say why in a note, with a low
    beep; change nothing."""
    lines = app.view.dialog_lines
    lines[0] = first
    lines[1] = second
    lines[2] = 'any key: close'
    app.dialog = DLG_NOTE
    app.beep(220, 120)
    app.touch()


def note_fill(app, p, b, gained):
    """Remember 'NAME: Box points' for the handovers (the last few fills)."""
    s = seats.summaries
    if app.game.rules.hands:     # Poker Dice: the hand (its family's card)
        from ui.families import family
        return family(app.game.rules, 'card').fill_note(app, p, gained)
    name = app.player_name(p)
    room = app.settings.text_cols - len(name) - len(': %d' % gained) - 1    # the line's width
    s.append('%s: %s %d' % (name, app.box_label(b, room), gained))
    if len(s) > 7:
        s.pop(0)
