"""A computer's turn (CPU), shown step by step: roll, hold, roll, ..., announce the
box, fill it (ui/turns.py fill_box, which leads to the next turn or the ranking; a
roll that wins at once, Generala served, leads to the ranking OVER at the next step).
OK plays the rest of the turn at once; BACK opens the pause menu (PAUSE), UP the
standings (STANDINGS). No other key acts: a human never plays a computer's turn.
Plain functions of the app; App.tick calls cpu_tick every frame, which steps every
app.settings.step_ms (a quarter of it at speed "fast", the whole turn at once at "instant").
"""

from events import actions as A
from events.ticks import elapsed
from ui.codes import CPU, PLAY, PAUSE, OVER, STANDINGS, DLG_NONE, DLG_NOTE, wrap
from ui.saves.store import save_game
from ui.hints import table_for
from ui.turns import fill_box, start_turn, update_play_texts
from ui.seats import yahtzee_rolled

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# where a computer turn is (_phase)
_CPU_ROLLED = const(0)      # dice rolled: choose what to hold next
_CPU_HELD = const(1)        # holds chosen: roll next
_CPU_ANNOUNCED = const(2)   # box announced: fill it next
_CPU_KEEPS_ALL = const(3)   # keeps all five: choose a box next
_CPU_FILLED = const(4)      # box filled: the next turn's scene (set before the fill:
#                             one cut short by a full heap after the box took the dice
#                             goes on from the next seat, never fills it twice)
_phase = _CPU_ROLLED        # the turn on show's step (this scene's own state)
_box = -1                   # the box it announced
cpu_step_at = 0             # when the last step came (App: a note closed goes on calmly)


def enter_cpu(app, now):
    global _phase, cpu_step_at
    _phase = _CPU_ROLLED
    cpu_step_at = now - app.settings.step_ms // 2    # first step after half a step
    start_turn(app)
    _note_bot_fallback(app, app.bots[app.game.current])


def handle_cpu(app, action, now):
    if action == A.OK and app.game.over:    # won at once (Generala served): the ranking
        app.go(OVER, now)
    elif action == A.OK:
        cpu_finish(app, now)
    elif action == A.BACK:
        app.go(PAUSE, now)
    elif action == A.UP or action == A.STANDINGS:
        app.open(STANDINGS, now)


def cpu_tick(app, now):
    """A frame of a computer turn: a step when its time has come (speed: watch, fast
    = four times as often, instant = the whole turn); none while a note is up."""
    global cpu_step_at
    settings = app.settings
    if app.dialog != DLG_NONE:
        return
    app.last_input = now        # a computer playing keeps the screen awake
    if settings.cpu_speed == 2:
        cpu_finish(app, now)
    elif elapsed(now, cpu_step_at) >= (settings.step_ms >> (2 * settings.cpu_speed)):
        cpu_step_at = now
        cpu_step(app, now)


def cpu_step(app, now):
    """One visible step of a computer turn: roll, hold, roll, ..., announce, fill."""
    global _phase, _box
    g = app.game
    if g.over:          # won at once: the banner stays until OK (handle_cpu)
        return
    p = g.current
    phase = _phase
    if phase == _CPU_FILLED:
        app.go(PLAY, now)
        return
    if phase == _CPU_ANNOUNCED:
        _phase = _CPU_FILLED
        fill_box(app, _box, now)
        return
    bot = app.bots[p]
    if g.over:      # won at once by the roll shown (Generala served)
        app.go(OVER, now)
        return
    if not g.rolled:
        g.roll()
        app.sync_dice()
        if not yahtzee_rolled(app, now):
            app.beep(440, 40)
        _say(app, 'Rolls')
    elif g.rolls_left > 0 and phase == _CPU_ROLLED and g.rules.column_orders is not None \
            and not g.rules.may_roll(g):
        # Yamb: the announce the turn must make (on the roll's words, Yamb's play_texts)
        # did not come, out of heap: the roll's words again, which make it
        _say(app, 'Rolls')
    elif g.rolls_left > 0 and phase == _CPU_ROLLED:
        flags = bot.choose_hold(g.cards[p], g.dice, g.rolls_left)
        keep = 0
        n = len(g.dice)
        for i in range(n):
            if flags[i]:
                g.hold(i)
                keep += 1
            else:
                g.release(i)
        app.sync_dice()
        if keep == n:
            _phase = _CPU_KEEPS_ALL
            _say(app, 'Keeps all')
        else:
            _phase = _CPU_HELD
            _say(app, 'Holds %d' % keep if keep else 'Holds none')
    elif g.rolls_left > 0 and phase == _CPU_HELD:
        g.roll()
        _phase = _CPU_ROLLED
        app.sync_dice()
        if not yahtzee_rolled(app, now):
            app.beep(440, 40)
        _say(app, 'Rolls')
    else:
        box = bot.choose_box(g.cards[p], g.dice)
        _box = box
        _phase = _CPU_ANNOUNCED
        # by the turn's roll: Generala's served, Yamb's straight
        g.card.points_into(g.dice, app.pts, g.rules.turn_rolls - g.rolls_left)
        if app.small_screen and not g.rules.hands:
            # 128x32: the box across the header, its points beside the dice
            _say(app, 'Scores +%d' % app.pts[box])
            name = app.player_name(p)
            app.view.header_left = '%s %s' % (name, app.box_label(
                box, app.settings.text_cols - len(name) - len(app.view.header_right) - 2))
        else:
            update_play_texts(app, '%s: %d' % (app.box_label(box, 15), app.pts[box]))
    save_game(app)


def _say(app, text):
    """A step's words under the dice; on 128x32 two rows of 6 beside them ('Holds\n3')."""
    update_play_texts(app, text.replace(' ', '\n', 1) if app.small_screen else text)


def cpu_finish(app, now):
    """OK during a computer turn: play the rest of it at once."""
    g = app.game
    p = g.current
    for _ in range(16):
        if app.scene != CPU or g.current != p:
            break
        cpu_step(app, now)


def make_bots(app):
    """A computer for each computer seat (App.begin_game, at the game's start), one
    per level: seats of one level take turns with the same bot (its planner's arrays
    made once), and a level that plays as the hints do takes the hint source's planner
    (perfect; good without a strategy table). A level that cannot be backed (none of
    good's weights for the ruleset) plays as a beginner."""
    rules = app.game.rules
    src = app.hint_source if app.hints_factory is None else None
    kinds = {}
    seats = []
    for level in app.game.players:
        if level != 'human' and level not in kinds:
            if app.bot_factory is not None:
                kinds[level] = app.bot_factory(level, rules)
            else:
                from yahtzee_core import bots
                if src is not None and (level == 'perfect' or level == 'good' and src.fallback):
                    # perfect plays as the hints do (at level good without a table)
                    note = src.note.replace(': hints from level good', ': playing at level good') if level == 'perfect' \
                        else ''
                    kinds[level] = bots.Bot(level, rules, src.planner, bool(note), note)
                else:
                    try:
                        kinds[level] = bots.make_bot(level, rules, table_for(app, rules))
                    except (OSError, ValueError, KeyError):     # KeyError: good's weights
                        kinds[level] = bots.make_bot('beginner', rules)
        seats.append(kinds.get(level))
    return seats


def _note_bot_fallback(app, bot):
    """A computer seat plays below the level asked for (no strategy table): its bot's
    note, once a game, in a dialog that holds the turn until a key closes it."""
    if app.bot_noted or not getattr(bot, 'fallback', False):
        return
    note = getattr(bot, 'note', '')
    if not note:
        return
    app.bot_noted = True
    cols = app.settings.text_cols - 3        # the dialog box is narrower than the screen
    lines = wrap(note, cols)
    if len(lines) > 3:              # a long reason: its start, then what happens now
        i = note.rfind(': ')
        lines = [note[:cols]] + wrap(note[i + 2:] if i > 0 else note[cols:], cols)
    for k in range(3):
        app.view.dialog_lines[k] = lines[k] if k < len(lines) else ''
    app.dialog = DLG_NOTE
    app.touch()


# This module's scenes (ui/app.py MODULES): code -> (enter, handle, tick or None).
SCENES = {CPU: (enter_cpu, handle_cpu, cpu_tick)}
