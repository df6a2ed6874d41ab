"""The handheld's app: one state machine fed by action codes and a millisecond clock.

No pins, no displayio, no sleeping: `handle(action, now_ms)` and `tick(now_ms)` change
the state, and the state is a small "view model" (scene, strings, dice faces) that
ui/views.py draws. Scenes never call each other; a handler returns after switching
`scene`, and the loop draws whatever the scene is next frame. `version` goes up on
every visible change, so the loop redraws and refreshes the display only then.

Runs unchanged under MicroPython (tests/mpy/check_app.py) with the views replaced.

Controls (see docs/SCREENS.md):
- Play: HOLD_1..5 toggle a die; shake (or OK) rolls; OK with all five held, DOWN, or
  OK after the last roll opens the scorecard; BACK opens the pause menu; HINT hints.
  Boards without hold buttons (hold_buttons=False) move a cursor with LEFT/RIGHT over
  the five dice, "Roll" and "Card"; OK acts on the cursor.
- Lists and the scorecard: UP/DOWN (or LEFT/RIGHT; HOLD_1/HOLD_2 on hold-button
  boards) move, OK picks, BACK goes back. In New game, LEFT/RIGHT change a value and
  OK steps it forward.

The App class is split by concern so that no module is big to compile on the device
(each .py is compiled in RAM at import): ui/app_base.py (state, plumbing, constants),
ui/app_saves.py (nvm), ui/scene_play.py (dice and computer turns), ui/scene_card.py
(scorecard, hints), ui/scene_menus.py (menus, setup, records screens, CSV export) and
ui/scene_end.py (ranking, initials, analysis). This module joins them and routes input.
"""

from ui import actions as A
# the scene, dialog and power codes and helpers stay importable from ui.app
from ui.app_base import (BOOT, MENU, SETUP, PLAY, CARD, CPU, PAUSE, OVER, INITIALS,  # noqa: F401
                         ANALYSIS, SCORES, STATS, SCENE_NAMES, VIEW_LIST, VIEW_PLAY,
                         DLG_NONE, DLG_ZERO, DLG_HINT, DLG_NOTE, CURSOR_ROLL, CURSOR_CARD,
                         AWAKE, DIM, ASLEEP, KIND_NAMES, KIND_SHORT, RULES_NAMES, CSV_PATH,
                         INITIAL_CHARS, TICKS_MASK, ticks_diff, elapsed, wrap, AppBase)
from ui.app_saves import Saves
from ui.scene_play import PlayScene
from ui.scene_card import CardScene
from ui.scene_menus import MenuScenes
from ui.scene_end import EndScenes

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_TUMBLE_MS = const(70)      # face change while shaking


class App(PlayScene, CardScene, MenuScenes, EndScenes, Saves, AppBase):
    """The game app. Read the public attributes to draw it; feed it actions and time.

    rules_default: ruleset name offered first by New game.
    storage: bytearray-like nvm (None: nothing saved); rng: callable -> 1..6.
    has_shake: False shows "OK to roll" (no shake sensor).
    hold_buttons: False for boards without hold buttons (die cursor instead).
    list_rows: rows a list shows at once (4 on 128x64, 2 on 128x32).
    table_path: strategy table for hints, the points-lost analysis and perfect bots:
        a path, a pattern with %s for the ruleset name, or a callable(rules). Without
        a usable table, hints and perfect bots fall back to level `good` (and say so)
        and there is no analysis.
    bot_factory: callable(kind, rules) -> bot (default yahtzee_core.bots.make_bot).
    hints_factory: callable(rules) -> object like yahtzee_core.bots.Hints
        (hold_options, box_options, fallback, planner); None from it hides hints.
    fs_writable: True when boot.py let the program write its drive: the menu then
        offers "Export CSV", written through file_writer(path, lines).
    """

    # ================================================================== input/time
    def handle(self, action, now):
        """Feed one action code. The waking press of a dimmed/asleep screen is eaten."""
        if action == A.NONE:
            return
        self._last_input = now
        if self.power != AWAKE:
            self.power = AWAKE
            self._touch()
            return
        if self.dialog != DLG_NONE:
            self._dialog_action(action, now)
            return
        s = self.scene
        if s == PLAY:
            self._play_action(action, now)
        elif s == CPU:
            if action == A.OK:
                self._cpu_finish(now)
            elif action == A.BACK:
                self._show_pause()
        elif s == CARD:
            self._card_action(action, now)
        elif s == INITIALS:
            self._initials_action(action)
        elif action == A.SHAKE_START or action == A.SHAKE_END:
            return
        else:
            self._list_action(action, now)

    def _dialog_action(self, action, now):
        d = self.dialog
        if action == A.SHAKE_START or action == A.SHAKE_END:
            return
        if d == DLG_ZERO:
            if action == A.OK:
                self.dialog = DLG_NONE
                self._fill_box(self._zero_box, now)
            elif action == A.BACK:
                self.dialog = DLG_NONE
                self._touch()
        elif d == DLG_HINT:
            if action == A.OK:
                self._apply_hint(now)
            else:
                self.dialog = DLG_NONE
                self._touch()
        else:
            self.dialog = DLG_NONE
            if self.scene == CPU:       # a computer turn held by a note goes on calmly
                self._step_at = now - self.step_ms // 2
            self._touch()

    def tick(self, now):
        """Advance timers: tumbling dice, computer steps, notes, dimming. Allocates
        nothing when nothing happens."""
        if self.tumbling:
            if elapsed(now, self._tumble_at) >= _TUMBLE_MS:
                self._tumble_at = now
                g = self.game
                for i in range(5):
                    if not g.rolled or not g.held[i]:
                        self.faces[i] = self._rand() % 6 + 1
                self._touch()
            self._last_input = now
        elif self.scene == CPU and self.dialog == DLG_NONE:
            if elapsed(now, self._step_at) >= self.step_ms:
                self._step_at = now
                self._cpu_step(now)
            self._last_input = now
        if self._note_until >= 0 and elapsed(now, self._note_until) > 0:
            self._note_until = -1
            if self.scene == PLAY:
                self._update_play_texts()
        idle = elapsed(now, self._last_input)
        if self.power == AWAKE and idle >= self.dim_ms:
            self.power = DIM
        if self.power == DIM and idle >= self.sleep_after_ms:
            self.power = ASLEEP

    # ================================================================== for tests
    def screen_text(self):
        """The screen as lines of text (tests, logs, the MicroPython check)."""
        out = []
        if self.view == VIEW_PLAY:
            out.append('%s | %s' % (self.header_left, self.header_right))
            dice = ''
            for i in range(5):
                f = self.faces[i]
                mark = '*' if self.held[i] else ' '
                cur = '>' if self.die_cursor == i else ' '
                dice += '%s%s%s ' % (cur, '%d' % f if f else '-', mark)
            out.append(dice.rstrip())
            if not self.hold_buttons:
                out.append('%sRoll %sCard' % ('>' if self.die_cursor == CURSOR_ROLL else ' ',
                                              '>' if self.die_cursor == CURSOR_CARD else ' '))
            out.append(self.line_a)
            out.append(self.line_b)
        else:
            out.append('%s | %s' % (self.title, self.title_right))
            for i in range(len(self.items)):
                mark = '>' if i == self.cursor else ' '
                out.append('%s%s | %s' % (mark, self.items[i], self.values[i]))
            if self.footer:
                out.append(self.footer)
        if self.dialog != DLG_NONE:
            out.append('[%s / %s / %s]' % tuple(self.dialog_lines))
        return out
