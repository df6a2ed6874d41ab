"""Scripted input: a plain text file of actions and waits, played on the app's clock.

One command a line; '#' starts a comment; blank lines are ignored. Times are in ms.

    ok | back | left | right | up | down | hint | help | standings | quit   press that button
    hold N                  press hold button N (1..5; 6: HOLD5 held, the sixth die)
    press NAME              press any action by its events.actions name (e.g. press HOLD_3)
    shake [MS]              hold the shake key for MS ms (default 500), let go, and wait
                            until the shake has ended (the detector's quiet time)
    wait MS                 let the app run for MS ms
    snap NAME               save the current screen as NAME.png (in --snap-dir)

Every press is followed by PRESS_GAP_MS of app time, so consecutive presses land in
separate frames. The player is driven by Session.step(now_ms): on a virtual clock a
script gives the same frames on every run.
"""

from events import actions

PRESS_GAP_MS = 100
SHAKE_DEFAULT_MS = 500
# After letting go: the detector's quiet time (300 ms) plus a few frames to show it.
SHAKE_SETTLE_MS = 400

_BUTTONS = {
    "ok": actions.OK, "back": actions.BACK, "left": actions.LEFT, "right": actions.RIGHT,
    "up": actions.UP, "down": actions.DOWN, "hint": actions.HINT, "help": actions.HELP,
    "standings": actions.STANDINGS, "quit": actions.QUIT,
}


class ScriptError(ValueError):
    """A line the script format does not allow (message names file and line)."""


def _int(word, where, low, high):
    try:
        value = int(word)
    except ValueError:
        raise ScriptError("%s: %r is not a whole number" % (where, word)) from None
    if not low <= value <= high:
        raise ScriptError("%s: %d is outside %d..%d" % (where, value, low, high))
    return value


def parse(text, name="script"):
    """The script's events as (at_ms, kind, value) sorted by time.

    kind: 'press' (value: action code), 'space_down', 'space_up', 'snap' (value:
    name), 'end' (value: None; the script's last moment).
    """
    events = []
    t = 0
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = "%s line %d" % (name, number)
        words = line.split()
        cmd = words[0].lower()
        args = words[1:]
        if cmd in _BUTTONS:
            if args:
                raise ScriptError("%s: %s takes no argument" % (where, cmd))
            events.append((t, "press", _BUTTONS[cmd]))
            t += PRESS_GAP_MS
        elif cmd == "hold":
            if len(args) != 1:
                raise ScriptError("%s: hold needs a button number 1..6" % where)
            k = _int(args[0], where, 1, 6)     # 6: HOLD5 held (a six-dice game's sixth die)
            events.append((t, "press", actions.HOLD_6 if k == 6 else actions.HOLD_1 + k - 1))
            t += PRESS_GAP_MS
        elif cmd == "press":
            if len(args) != 1 or args[0].upper() not in actions.NAMES[1:]:
                raise ScriptError("%s: press needs an action name (%s)"
                                  % (where, ", ".join(actions.NAMES[1:])))
            events.append((t, "press", actions.NAMES.index(args[0].upper())))
            t += PRESS_GAP_MS
        elif cmd == "shake":
            if len(args) > 1:
                raise ScriptError("%s: shake takes at most one time" % where)
            ms = _int(args[0], where, 1, 60000) if args else SHAKE_DEFAULT_MS
            events.append((t, "space_down", None))
            events.append((t + ms, "space_up", None))
            t += ms + SHAKE_SETTLE_MS
        elif cmd == "wait":
            if len(args) != 1:
                raise ScriptError("%s: wait needs a time in ms" % where)
            t += _int(args[0], where, 0, 3600000)
        elif cmd == "snap":
            if len(args) != 1 or not all(c.isalnum() or c in "-_." for c in args[0]):
                raise ScriptError("%s: snap needs a file name (letters, digits, - _ .)" % where)
            events.append((t, "snap", args[0]))
        else:
            raise ScriptError("%s: unknown command %r" % (where, words[0]))
    events.append((t, "end", None))
    return events


def load(path):
    """parse() a script file; ScriptError (not OSError) when it cannot be read."""
    try:
        with open(path, encoding="utf-8") as src:
            text = src.read()
    except (OSError, UnicodeDecodeError) as err:
        raise ScriptError("cannot read script %s: %s" % (path, getattr(err, "strerror", None) or err)) from None
    return parse(text, path)


class ScriptPlayer:
    """Hands a parsed script to the hardware input as the app's clock reaches it."""

    def __init__(self, events, start_ms=0, on_snap=None):
        self.events = events
        self.start_ms = start_ms
        self.on_snap = on_snap
        self.index = 0

    @property
    def done(self):
        return self.index >= len(self.events)

    @property
    def end_ms(self):
        return self.start_ms + self.events[-1][0]

    def apply(self, now_ms, hw_input):
        """Feed every event due by now_ms; returns True once the script is over."""
        while self.index < len(self.events):
            at, kind, value = self.events[self.index]
            if self.start_ms + at > now_ms:
                return False
            self.index += 1
            if kind == "press":
                hw_input.press(value)
            elif kind == "space_down":
                hw_input.space_down()
            elif kind == "space_up":
                hw_input.space_up()
            elif kind == "snap":
                if self.on_snap is not None:
                    self.on_snap(value)
                # A snap shows the frame as it is now: what follows it in the script
                # waits for the next frame.
                return self.index >= len(self.events)
        return True
