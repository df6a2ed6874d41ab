"""A computer's turn (CPU), shown step by step: roll, hold, roll, ..., announce the
box, fill it (ui/turns.py fill_box, which leads to the next turn or the ranking; a
roll that wins at once, Generala served, leads to the ranking OVER at the next step).
OK plays the rest of the turn at once; BACK opens the pause menu (PAUSE), UP the
standings (STANDINGS). No other key acts: a human never plays a computer's turn.
Plain functions of the app; App.tick calls cpu_tick every frame, which steps every
app.settings.step_ms (a quarter of it at speed "fast", the whole turn at once at "instant").
"""

import gc

from events import actions as A
from events.ticks import elapsed
from ui.codes import CPU, PAUSE, OVER, STANDINGS, DLG_NONE, DLG_NOTE, wrap
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
# Less free heap than this after a computer's turn, with a human's next (a board's
# gc.mem_free): the computers go (App.make_room) and are made again at their next turn,
# from the planner arrays they left (rules.SPARE).
# Yamb's and Balut's hold 7-13 KB that a human's announce step and card need.
_SHORT_OF_HEAP = const(8192)

_phase = _CPU_ROLLED        # the turn on show's step (this scene's own state)
_box = -1                   # the box it announced
_stand_in = None            # a beginner playing this turn: no heap to make the seat's bot
cpu_step_at = 0             # when the last step came (App: a note closed goes on calmly)


def enter_cpu(app, now):
    global _phase, _stand_in, cpu_step_at
    _phase = _CPU_ROLLED
    _stand_in = None    # each turn tries to make the seat's own bot again
    cpu_step_at = now - app.settings.step_ms // 2    # first step after half a step
    start_turn(app)
    _note_bot_fallback(app, _get_bot(app, app.game.current))


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
    if phase == _CPU_ANNOUNCED:     # (no bot held here: making room in the fill frees it)
        fill_box(app, _box, now)
        free = getattr(gc, 'mem_free', None)     # (a board's heap: not CPython's)
        if free is not None and not g.over and not app.is_cpu(g.current):
            gc.collect()
            if free() < _SHORT_OF_HEAP:
                app.make_room(True)     # the bots' arrays stay for their next turn
        return
    bot = _get_bot(app, p)
    if g.over:      # won at once by the roll shown (Generala served)
        app.go(OVER, now)
        return
    if not g.rolled:
        g.roll()
        app.sync_dice()
        if not yahtzee_rolled(app, now):
            app.beep(440, 40)
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


def _get_bot(app, p):
    global _stand_in
    bot = app.bots[p] if app.bots is not None else None
    if bot is None and _stand_in is not None:
        return _stand_in
    if bot is None:
        level = app.game.players[p]
        rules = app.game.rules
        if app.bot_factory is not None:
            bot = app.bot_factory(level, rules)
        else:
            try:
                from yahtzee_core import bots
            except MemoryError:     # a .py board compiles bots.py in RAM: make room once
                app.make_room()
                from yahtzee_core import bots
            try:
                try:
                    bot = bots.make_bot(level, rules, table_for(app, rules))
                except MemoryError:     # once more with the room made (six dice: 8K),
                    bots = None         # from code loaded again: the old bots module would
                    app.make_room()     # keep its planner's, and load a second copy
                    from yahtzee_core import bots
                    bot = bots.make_bot(level, rules, table_for(app, rules))
            except MemoryError:
                # no room even so (a board's heap, split): a beginner plays this turn
                # alone, and the seat's own bot is tried again at its next turn
                from yahtzee_core import bots
                _stand_in = bots.make_bot('beginner', rules)
                print('yahtzee: no room for seat %d\'s %s computer: a beginner plays '
                      'this turn' % (p + 1, level))
                return _stand_in
            # KeyError: level good's estimate knows no weights for this ruleset
            except (OSError, ValueError, KeyError):
                from yahtzee_core import bots   # (loaded again, if the retry let it go)
                bot = bots.make_bot('beginner', rules)   # needs no table, little heap
        if app.bots is None:
            app.bots = [None] * len(app.game.players)
        app.bots[p] = bot
    return bot


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
