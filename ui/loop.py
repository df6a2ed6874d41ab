"""The device's one loop, and a Runner that tests and the simulator step by hand.

Each frame: poll the input for actions (a few at most), let the app handle them and
advance its timers, redraw the views and refresh the display only when the app's
version moved, play any tone the app asked for, turn the app's power state into
display brightness/sleep, then sleep until the next frame deadline (hw.sleep_ms).
The battery gauge (hw.battery, None without one) is asked every frame and reads
only every few seconds; each reading goes to the app (App.battery_read). The app's
DEEP power state (idle long enough, or the battery empty) saves the game and puts
the board in deep sleep through hw.sleep, with a note that brings the wake back to
the same screen; where the board cannot (no `alarm`, USB connected, the sleep
refused) the screen just goes off.
A shake sensor that stops working mid-game (hw.has_shake turns False) is passed on
to the app, which switches to "OK to roll". With settings.toml's YAHTZEE_TRACE =
"heap" each scene change prints the free heap after a collection (one console line,
`yahtzee: heap SCENE FREE`, read by tools/pico_emu); off, it costs one test a frame.
The display is built with auto_refresh=False, so nothing is sent to it otherwise.
"""

from events.ticks import TICKS_MASK, ticks_diff
from events import actions as A
from ui.codes import AWAKE, DIM, ASLEEP, DEEP, SCENE_NAMES

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

FRAME_MS = 25           # 40 frames a second while awake
ASLEEP_FRAME_MS = 100   # the screen is off: poll buttons less often
_MAX_ACTIONS = const(4)  # actions handled per frame (the rest wait in the queue)
BRIGHT = 255
DIM_LEVEL = 8


class Runner:
    """One app, its views and the outputs, advanced one frame per step()."""

    def __init__(self, app, views=None, display=None, sound=None, hw=None, trace=False):
        self.app = app
        self.views = views
        self.display = display
        self.sound = sound
        self.hw = hw                # read for has_shake, messages, battery and sleep
        self.battery = getattr(hw, 'battery', None)
        self.frames = 0
        self.quit = False           # a QUIT action came (the simulator's q key)
        self.redraws = 0
        self.refreshes = 0
        self._drawn = -1
        self._power = AWAKE
        self._traced = -1 if trace else None     # the scene last traced
        if display is not None and views is not None:
            display.root_group = views.root

    def feed(self, action, now_ms):
        """Hand one action to the app (no redraw: step() does that)."""
        if action != A.NONE:
            self.app.handle(action, now_ms)

    def step(self, now_ms, action=A.NONE):
        """One frame: optional action, timers, outputs. True when the screen changed."""
        app = self.app
        v = app.view
        if action != A.NONE:
            app.handle(action, now_ms)
        hw = self.hw
        # app.settings.has_shake is the cached value: hw is asked only while it is still True
        if hw is not None and app.settings.has_shake and not hw.has_shake:
            msgs = hw.messages
            app.shake_lost(msgs[-1] if msgs else None)
        bat = self.battery
        if bat is not None and bat.update(now_ms):  # a reading: every few seconds
            pct = -1 if not bat.present else (101 if bat.external else bat.percent)
            app.battery_read(pct, bat.low, bat.save_now, now_ms)
        app.tick(now_ms)
        self.frames += 1
        sound = self.sound
        if sound is not None:
            if v.tone_freq:
                sound.tone(v.tone_freq, v.tone_ms)
                v.tone_freq = 0
            sound.update(now_ms)
        if app.power != self._power:
            self._apply_power(app.power)
        if app.version == self._drawn:
            return False
        self._drawn = app.version
        if self.views is not None:
            # True: the whole screen at once (in `action`: a board compiling .py
            # interns every name it has not met, and this step runs on every game's heap)
            action = self.views.update(app)
        self.redraws += 1
        if self.display is not None and app.power < ASLEEP:
            if self.views is not None and action:
                # the root group set again: displayio draws the whole screen in one
                # pass, not each changed layer's area on its own (ui/views/views.py)
                self.display.root_group = None
                self.display.root_group = self.views.root
            self.display.refresh()
            self.refreshes += 1
        if self._traced is not None and self._traced != app.scene:
            self._trace_heap(app.scene)
        return True

    def _trace_heap(self, scene):
        """The free heap once the new scene is on screen (after a collection)."""
        import gc
        self._traced = scene
        gc.collect()
        free = gc.mem_free() if hasattr(gc, 'mem_free') else -1
        print('yahtzee: heap %s %d' % (SCENE_NAMES[scene], free))

    def _apply_power(self, power):
        d = self.display
        self._power = power
        if power == DEEP:
            self._deep_sleep()
        if d is None:
            return
        if power >= ASLEEP:
            d.sleep()
        else:
            d.wake()
            d.set_brightness(DIM_LEVEL if power == DIM else BRIGHT)

    def _deep_sleep(self):
        """Save, then deep-sleep until a button (on a board this does not return:
        code.py starts again and App resumes from the note). Returns when the board
        may not sleep now (USB) or the sleep failed: the screen goes off instead."""
        sleeper = getattr(self.hw, 'sleep', None)
        if sleeper is None or not sleeper.may_sleep():
            return
        from yahtzee_core.rules import forget
        from ui.saves.load import sleep_note
        note = sleep_note(self.app)
        forget('saves.load', 'ui')        # (the sleep ends the program; a failed one goes on)
        try:
            sleeper.sleep(note, getattr(self.hw, 'fs_writable', False))
        except Exception as failure:    # SleepFailed (alarm's own exit is no Exception)
            print('yahtzee:', failure)

    @property
    def frame_ms(self):
        return ASLEEP_FRAME_MS if self.app.power >= ASLEEP else FRAME_MS


def _dice_source():
    import random
    return lambda: random.randint(1, 6)


def table_file(rules):
    """The strategy table the bundle copied for a ruleset, best format first: plain
    (one seek a value), packed exact, packed lossy (tools/strategy_table.py); None
    when there is none."""
    import os
    for ending in ('.yzt', '.yzp', '.yz8', '.yz7'):
        path = 'tables/' + rules.name + ending
        try:
            os.stat(path)
            return path
        except OSError:
            pass
    return None



def write_lines(path, lines):
    """The app's file writer on the device (CSV export): one line each, "\n" ends."""
    with open(path, 'w') as f:
        for line in lines:
            f.write(line)
            f.write('\n')


def make_app(hw, views=None, rules_default='yahtzee', table_path=table_file, rng=None,
             first_howto=True, percentile_path='percentiles/%s.pct'):
    """The App for this hardware: shake sensor, buttons, screen size and the board
    profile (for the button legend) taken from hw; the how-to at the first boot."""
    height = hw.display.height if hw.display is not None else 64
    width = hw.display.width if hw.display is not None else 128
    if rng is None:
        rng = getattr(hw, 'dice', None) or _dice_source()
    from ui.app import App
    sleeper = getattr(hw, 'sleep', None)
    deep_ms = sleeper.after_ms if sleeper is not None and sleeper.available else 0
    wake_note = sleeper.note if sleeper is not None and sleeper.woke else None
    return App(rules_default=rules_default, storage=hw.storage,
                    rng=rng,
                    now_ms=hw.ticks_ms(), has_shake=hw.has_shake,
                    hold_buttons=hw.hold_buttons, small_screen=height < 64,
                    list_rows=views.list_rows if views is not None else (2 if height < 64 else 4),
                    text_cols=width // 6, messages=hw.messages,
                    table_path=table_path, fs_writable=hw.fs_writable,
                    file_writer=write_lines, profile=hw.config,
                    first_howto=first_howto, percentile_path=percentile_path,
                    deep_sleep_ms=deep_ms, wake_note=wake_note)


def make_runner(hw, app=None, **app_options):
    """Views (when there is a display), the app and a Runner wired to hw."""
    views = None
    if hw.display is not None:
        from ui.views.views import Views
        views = Views(hw.display.width, hw.display.height)
    if app is None:
        app = make_app(hw, views, **app_options)
    config = getattr(hw, 'config', None)
    trace = config is not None and config.get('trace') == 'heap'
    return Runner(app, views, hw.display, hw.sound, hw, trace)


def frame(runner, poll, now):
    """One frame of the loop: up to _MAX_ACTIONS actions from poll(now), then the
    Runner's step. The device loop below and the simulator (sim.Session) both run it.
    QUIT (no device key makes it) is not fed to the app: it sets runner.quit."""
    action = poll(now)
    n = 0
    while action != A.NONE and n < _MAX_ACTIONS:
        if action == A.QUIT:
            runner.quit = True
        else:
            runner.feed(action, now)
        n += 1
        action = poll(now) if n < _MAX_ACTIONS else A.NONE
    return runner.step(now)


def run_app(hw, app=None, max_frames=None, **app_options):
    """The device's main loop (returns only after max_frames, for tests)."""
    runner = make_runner(hw, app, **app_options)
    inp = hw.input
    poll = inp.poll
    # a held key's long press that falls due between frames (long_at, hardware/
    # buttons.py) gets a frame of its own then, not up to a frame later
    timed = getattr(inp, 'long_at', None) is not None
    ticks = hw.ticks_ms
    deadline = ticks()
    early = False                       # the last frame was a long press's, off the beat
    frames = 0
    while max_frames is None or frames < max_frames:
        frame(runner, poll, ticks())
        frames += 1
        if not early:
            deadline = (deadline + runner.frame_ms) & TICKS_MASK
        now = ticks()
        wait = ticks_diff(deadline, now)
        early = False
        if timed and inp.long_at >= 0:
            soon = ticks_diff(inp.long_at, now)
            if soon < wait:
                wait = soon
                early = True
        if wait > 0:
            hw.sleep_ms(wait)
        elif wait < -runner.frame_ms:
            deadline = ticks()          # fell behind: do not try to catch up
    return runner
