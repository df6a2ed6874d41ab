"""Big moments (a Yahtzee, a Yahtzee bonus, the upper bonus reached, a Joker, a new
high score, Generala served): the views flash a banner (codes.MOMENT_NAMES) and the
loop plays a short tune (_TUNES), one step every _MOMENT_STEP_MS, then it is gone.
Part of a game's working set (App.begin_game; gone at the menu), so kept small: the
tunes are one bytes string. Each frame allocates nothing (bench/bench_app.py)."""

from events.ticks import elapsed

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# the tunes' notes, Hz (C5 E5 G5 B5 C6 D6 E6 G6 C7)
_NOTES = (523, 659, 784, 988, 1047, 1175, 1319, 1568, 2093)
# a tune per codes.MOMENT_* in their order, each note a digit (its index in _NOTES),
# one note a step, a space before each tune; Generala served wins, then a game won
_TUNES = b' 2357 57578 124 010 467878 01242467678 2467'

_MOMENT_STEP_MS = const(100)    # a banner flash and a note of the tune
_MOMENT_STEPS = const(12)


def _note(code, step):
    """The tune's note at a step, Hz (0: past the tune's end)."""
    i = 0
    for _ in range(code):
        i = _TUNES.find(b' ', i) + 1
    end = _TUNES.find(b' ', i)
    i += step
    if i >= (end if end > 0 else len(_TUNES)):
        return 0
    return _NOTES[_TUNES[i] - 48]


def big_moment(app, code, now):
    """Show a big moment (codes.MOMENT_*) over any scene: banner and tune."""
    v = app.view
    v.moment = code
    v.moment_at = now
    v.moment_step = 0
    app.beep(_note(code, 0), 90)
    app.touch()


def moment_tick(app, now):
    """Each frame of a big moment: the next flash and note every _MOMENT_STEP_MS
    (small ints only: nothing allocated)."""
    v = app.view
    step = elapsed(now, v.moment_at) // _MOMENT_STEP_MS
    if step == v.moment_step:
        return
    v.moment_step = step
    if step >= _MOMENT_STEPS:
        v.moment = 0
    else:
        hz = _note(v.moment, step)
        if hz:
            app.beep(hz, 90)
    app.touch()
