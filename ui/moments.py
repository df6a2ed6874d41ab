"""Big moments (a Yahtzee, a Yahtzee bonus, the upper bonus reached, a Joker, a new
high score, Generala served): the views flash a banner (codes.MOMENT_NAMES) and the
loop plays a short tune (MOMENT_TUNES), one step every _MOMENT_STEP_MS, then it is gone.
Loaded on the first big moment (ui/scenes/play.py big_moment); each frame allocates
nothing (bench/bench_app.py)."""

from events.ticks import elapsed

# a tune per codes.MOMENT_* (Hz, one note a step); Generala served wins, then a game won
MOMENT_TUNES = ((), (784, 988, 1175, 1568), (1175, 1568, 1175, 1568, 2093),
                (659, 784, 1047), (523, 659, 523), (1047, 1319, 1568, 2093, 1568, 2093),
                (523, 659, 784, 1047, 784, 1047, 1319, 1568, 1319, 1568, 2093),
                (784, 1047, 1319, 1568))

_MOMENT_STEP_MS = 100   # a banner flash and a note of the tune
_MOMENT_STEPS = 12


def big_moment(app, code, now):
    """Show a big moment (codes.MOMENT_*) over any scene: banner and tune."""
    app.moment = code
    app.moment_at = now
    app.moment_step = 0
    app.beep(MOMENT_TUNES[code][0], 90)
    app.touch()


def moment_tick(app, now):
    """Each frame of a big moment: the next flash and note every _MOMENT_STEP_MS
    (small ints only: nothing allocated)."""
    step = elapsed(now, app.moment_at) // _MOMENT_STEP_MS
    if step == app.moment_step:
        return
    app.moment_step = step
    if step >= _MOMENT_STEPS:
        app.moment = 0
    else:
        tune = MOMENT_TUNES[app.moment]
        if step < len(tune):
            app.beep(tune[step], 90)
    app.touch()
