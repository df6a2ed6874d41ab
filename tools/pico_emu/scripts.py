"""One input script for the simulator and the emulated Pico.

The simulator's script format (docs/SIMULATOR.md, sim/script.py) is played here on the
emulated board: each press becomes its button held on the board's pin (a long press
for the actions the profile puts on one, e.g. HINT on a held OK), a shake the
simulator's own motion on the LIS3DH, a wait emulated time, and a snap the OLED's
picture. The board runs slower than the simulator's virtual clock, so before each
press and each snap the player also waits until the OLED has been still a moment:
scripts meant for both snap resting screens.

`ScriptWriter` makes such scripts by playing a game in the simulator and deciding
each next line from what the app shows (only the buttons the board has), so the same
text then replays identically in `./play.sh --headless --dice-seed N` and here.
Desktop only.
"""

from events import actions

# The board's OLED must have been still this long before a press or a snap.
STILL_MS = 350
# ... but a screen that keeps moving (a computer's turn) is waited for at most this long.
STILL_LIMIT_MS = 30000


def play(pico, text, name="script", on_snap=None, still_ms=STILL_MS,
         still_limit_ms=STILL_LIMIT_MS, log=None, stop_at=None):
    """Play a script on the emulated board; on_snap(name, pixels) at each snap.
    Returns {snap name: pixels}. `log`, a list, gets (kind, what, ms, begun ms, CPU
    busy ms then) for each event: a press's ms is when the board acts on it (a key
    with a long action acts when let go, a long action once held long enough),
    begun when the button went down; a shake's ms is when it stops, a snap's when
    it was taken (both begun then). stop_at: stop once the console prints this text (a
    game gone wrong is not played on to its end)."""
    from sim.script import parse
    events = parse(text, name)
    snaps = {}
    start = pico.t
    printed = len(pico.console)
    lag = 0.0                       # how far the board has fallen behind the script
    wiring = pico.wiring
    for at, kind, value in events:
        due = start + at + lag
        if kind in ("press", "space_down", "snap", "end"):
            pico.run_until_still(still_ms, still_limit_ms)
        if pico.t < due:
            pico.run(due - pico.t)
        lag = max(lag, pico.t - (start + at))
        if kind == "press":
            if value == actions.QUIT:
                break
            before, busy = pico.t, pico.busy
            action = actions.NAMES[value]
            pico.press(action, after_ms=0)
            lag += max(0.0, pico.t - before - _press_gap())
            if log is not None:
                log.append(("press", action, wiring.acts_at(action, before, pico.t),
                            before, busy))
        elif kind == "space_down":
            pico._call("shake", on=True)
        elif kind == "space_up":
            pico._call("shake", on=False)
            if log is not None:
                log.append(("shake", None, pico.t, pico.t, pico.busy))
        elif kind == "snap":
            if log is not None:
                log.append(("snap", value, pico.t, pico.t, pico.busy))
            pixels = pico.screen()
            snaps[value] = pixels
            if on_snap is not None:
                on_snap(value, pixels)
        if pico.cut is not None or stop_at and stop_at in pico.console[printed:]:
            break
    return snaps


def _press_gap():
    from sim.script import PRESS_GAP_MS
    return PRESS_GAP_MS


# ------------------------------------------------------------------ writing scripts


class ScriptWriter:
    """Plays lines into a simulator Session on its virtual clock exactly as
    `run_headless` would play the finished text, so decisions taken from the app's
    state hold for the replay too."""

    def __init__(self, session):
        from sim.script import ScriptPlayer
        self.session = session
        self.app = session.app
        self.clock = session.hw.clock
        self.lines = []
        self.t = 0                       # script time of the next line
        self.player = ScriptPlayer([], self.clock.ticks_ms(), session._pending_snaps.append)
        session.player = self.player
        self.hold_buttons = session.app.hold_buttons

    def _step_until(self, script_ms):
        session = self.session
        clock = self.clock
        while True:
            session.step(clock.ticks_ms())
            if clock.ticks_ms() >= self.player.start_ms + script_ms and self.player.done:
                return
            clock.advance(session.frame_ms)

    def line(self, text):
        """Append one script line and play it."""
        from sim.script import parse
        events = parse(text)
        for at, kind, value in events:
            if kind != "end":
                self.player.events.append((self.t + at, kind, value))
        self.t += events[-1][0]
        self.lines.append(text)
        self._step_until(self.t)

    def wait(self, ms):
        if ms <= 0:
            return
        self.line("wait %d" % ms)
        if len(self.lines) > 1 and self.lines[-2].startswith("wait "):
            self.lines[-2:] = ["wait %d" % (int(self.lines[-2][5:]) + ms)]

    def settle(self, still_ms=STILL_MS + 150, limit_ms=STILL_LIMIT_MS):
        """Wait (in whole frames) until the screen has been still for still_ms."""
        display = self.session.hw.display
        version = display.version
        still = 0
        waited = 0
        frame = 25
        while still < still_ms and waited < limit_ms:
            self.wait(frame)
            waited += frame
            if display.version != version:
                version = display.version
                still = 0
            else:
                still += frame

    def press(self, name):
        self.settle()
        self.line(name)

    # -------------------------------------------------------------- lists

    def down(self):
        self.press("hold 2" if self.hold_buttons else "right")

    def up(self):
        self.press("hold 1" if self.hold_buttons else "left")

    def cursor_to(self, label):
        """Move a list's cursor onto the row whose text (stripped) is label."""
        app = self.app
        want = [i for i, item in enumerate(app.view.items) if item.strip() == label]
        if not want:
            raise ValueError("no row %r in %r" % (label, list(app.view.items)))
        for _ in range(len(app.view.items) * 2):
            if app.view.cursor == want[0]:
                return
            if app.view.cursor < want[0]:
                self.down()
            else:
                self.up()
        raise ValueError("the cursor does not reach %r" % label)

    def seats(self, kinds):
        """On the new game's setup: the count of seats, then each seat's kind."""
        import yahtzee_core as yc
        app = self.app
        while app.settings.setup_players != len(kinds):
            self.cursor_to("Players")
            self.press("ok")
        for seat, kind in enumerate(kinds):
            for _ in range(len(yc.KINDS)):
                if yc.KINDS[app.settings.setup_kinds[seat]] == kind:
                    break
                self.cursor_to(app.view.items[seat + 1].strip())
                self.press("ok")

    def text(self):
        return "".join(line + "\n" for line in self.lines)


def two_seat_game(session, players=("human", "good"), snaps=True, bench=False, rules=None,
                  instant=False, stress=False, games=1):
    """Script a whole game from the main menu: a new game of these seats (of ruleset
    `rules`, a name, else the setup's), the human seats played by shakes and the hold
    buttons, to the ranking, the high-score initials, and the high-score table.
    Returns the ScriptWriter (its text()). instant=True: hints off at the setup (the
    pause menu then loads no hint source) and, on the first human turn, the
    computer's speed instant from the pause menu (a shorter game to emulate).

    bench=True also sets the computer's speed to instant, asks for a hint after
    every human first roll, opens the Odds screen in the last round, and puts a snap
    right after
    each thing the bench times (named m_roll, m_hint, m_odds, m_cpu; the last press
    before the snap "over" is the game's last fill).

    stress=True: what asks most of the board's heap, as bench=True (hints on, a hint
    after every human first roll, the computer at instant) and, mid-game, the Odds
    screen and the first Rules page too (snaps mid_odds, mid_rules), as well as the
    Odds in the last round.

    games: that many games in a row, each from the main menu (BACK from the
    high-score table); the snaps of game g > 1 are named "g<g>_" + the first's."""
    w = ScriptWriter(session)
    for g in range(games):
        if g:
            w.press("back")                # the high-score table: back to the menu
        _one_game(w, players, snaps, bench, rules, instant, stress,
                  "g%d_" % (g + 1) if g else "")
    return w


def _one_game(w, players, snaps, bench, rules, instant, stress, prefix):
    """two_seat_game's game from the main menu to the high-score table, its snaps
    named prefix + name."""
    from ui import codes
    import yahtzee_core as yc
    app = w.app

    def snap(name):
        if snaps:
            w.settle()
            w.line("snap " + prefix + name)

    w.settle()
    snap("menu")
    w.cursor_to("New game")
    w.press("ok")
    w.seats(players)
    if rules is not None:
        for _ in range(len(yc.RULESETS)):
            if yc.RULESETS[app.settings.setup_rules] == rules:
                break
            w.cursor_to("Rules")
            w.press("ok")
        if yc.RULESETS[app.settings.setup_rules] != rules:
            raise ValueError("New game does not offer %r" % rules)
    while instant and app.hints:
        w.cursor_to("Hints")
        w.press("ok")
    snap("setup")
    w.cursor_to("Start game")
    w.press("ok")
    bench = bench or stress
    first_roll = first_card = first_cpu = odds = first_hint = speed = True
    mid = stress
    cpu_timed = False
    for _ in range(4000):
        w.settle()
        scene = app.scene
        if app.dialog == codes.DLG_ZERO:
            w.press("ok")                  # yes, score 0 there
        elif app.dialog != codes.DLG_NONE:
            w.press("back" if app.dialog == codes.DLG_HINT else "ok")   # close it
        elif scene == codes.PLAY:
            g = app.game
            if bench and g.rolled and g.rolls_left == g.rules.turn_rolls - 1 and not any(g.held):
                if speed:
                    _pause_for(w, odds=False)       # the computer's speed: instant
                    speed = False
                elif mid and g.round > g.rules.rounds // 2:
                    _pause_for(w, odds=True, name=prefix + "mid_odds")
                    _pause_for(w, rules_page=True, name=prefix + "mid_rules")
                    mid = False
                elif odds and g.round == g.rules.rounds:
                    _pause_for(w, odds=True, name=prefix + "m_odds")   # last: the most heap
                    odds = False
                w.press("hint")            # the advisor, after each first roll
                if first_hint:
                    snap("m_hint")
                    first_hint = False
                w.press("back")
            if instant and speed and g.rolled:
                _pause_for(w, odds=False)           # the computer's speed: instant
                speed = False
            if g.rolls_left:
                _hold_the_most(w, g)
            if g.rolls_left and not (g.rolled and all(g.held)):
                w.line("shake 600")
                if first_roll:
                    snap("m_roll" if bench else "rolled")
                    first_roll = False
                continue
            w.press("ok")                  # after the last roll: the scorecard
            if first_card and app.scene == codes.CARD:
                snap("card")
                first_card = False
        elif scene == codes.CARD:
            w.press("ok")                  # the box under the cursor: the best now
        elif scene == codes.ANNOUNCE:
            w.press("ok")                  # Yamb: its first row (no announce, unless a must)
        elif scene == codes.CPU:
            w.settle(still_ms=2000)        # the computer plays on its own
        elif scene == codes.TURN:
            if first_cpu and app.game.current == 0 and app.game.round == 2:
                snap("handover")           # after the computer's first turn
                first_cpu = False
            passing = app.is_cpu(app.game.current)
            w.press("ok")                  # pass, or take the turn
            if bench and passing and not speed and not cpu_timed:
                w.settle(still_ms=1500)
                snap("m_cpu")              # an instant computer's whole turn
                cpu_timed = True
        elif scene == codes.OVER:
            snap("over")
            w.press("ok")
        elif scene == codes.INITIALS:
            snap("initials")
            while app.scene == codes.INITIALS:
                w.press("ok")
        elif scene in (codes.ANALYSIS, codes.PAGES):
            w.press("ok")
        elif scene == codes.MENU:
            w.cursor_to("High scores")
            w.press("ok")
            snap("high_scores")
            return
        else:
            raise ValueError("the script does not know what to do in scene %s"
                             % codes.SCENE_NAMES[scene])
    raise ValueError("the game did not end")


def _pause_for(w, odds=False, name="m_odds", rules_page=False):
    """From the dice, the pause menu: the computer's speed to instant, or its Odds
    screen, or the first page of its Rules (snap `name` once it is on screen: all the
    Odds' rows in); then back to the dice."""
    from ui import codes
    app = w.app
    w.press("back")
    if odds or rules_page:
        w.cursor_to("Odds" if odds else "Rules")
        w.press("ok")
        w.settle()
        w.line("snap " + name)
    else:
        for _ in range(3):
            if app.view.values[app.view.items.index("CPU speed")] == "instant":
                break
            w.cursor_to("CPU speed")
            w.press("ok")
    while w.app.scene != codes.PLAY:
        w.press("back")


def _hold_the_most(w, game):
    """Hold every die showing the most common face (the highest on a tie), each by the
    button under it (fewer dice sit over the middle buttons: ui.codes.first_slot)."""
    from ui.codes import first_slot
    if not game.rolled:
        return
    counts = [0] * 7
    for d in game.dice:
        counts[d] += 1
    best = max(range(1, 7), key=lambda f: (counts[f], f))
    first = first_slot(len(game.dice))
    for i, d in enumerate(game.dice):
        if bool(game.held[i]) != (d == best and counts[best] > 1):
            w.press("hold %d" % (first + i + 1))


def one_seat_to_a_fill(session, sound_off=True):
    """Script from the main menu: sound turned off (a record to keep), a new game of
    one human seat, three rolls, the scorecard open on the best box: the next OK
    fills it (a save). Returns the ScriptWriter."""
    from ui import codes
    w = ScriptWriter(session)
    app = w.app
    w.settle()
    if sound_off:
        w.cursor_to("Sound")
        w.press("ok")
    w.cursor_to("New game")
    w.press("ok")
    w.cursor_to("Start game")
    w.press("ok")
    for _ in range(3):
        w.settle()
        w.line("shake 600")
    w.press("ok")
    w.settle()
    if app.scene != codes.CARD:
        raise ValueError("the scorecard did not open")
    return w
