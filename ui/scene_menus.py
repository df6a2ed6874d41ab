"""Menu scenes of ui.app.App: boot notes, main and pause menus, new-game setup, the
records screens and the CSV export."""

from ui import actions as A
from ui.app_base import (BOOT, MENU, SETUP, PAUSE, OVER, ANALYSIS, SCORES, STATS,
                         DLG_NOTE, KIND_NAMES, RULES_NAMES, CSV_PATH, wrap)

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_EROFS = const(30)
_ENOSPC = const(28)


class MenuScenes:
    """Lists picked with a cursor: menus, setup, high scores, stats."""

    def _show_boot(self):
        self.scene = BOOT
        lines = []
        for m in self.messages:
            lines += wrap(m, self.text_cols)
        self._set_list('Notes', lines, [''] * len(lines), footer='OK: continue')

    _M_RESUME = 0
    _M_NEW = 1
    _M_SCORES = 2
    _M_STATS = 3
    _M_SOUND = 4
    _M_CONTINUE = 5
    _M_CARD = 6
    _M_HINT = 7
    _M_UNDO = 8
    _M_QUIT = 9
    _M_HINTS = 10
    _M_EXPORT = 11
    _M_NAMES = ('Resume game', 'New game', 'High scores', 'Lifetime stats', 'Sound',
                'Continue', 'Scorecard', 'Hint', 'Undo last box', 'Main menu', 'Hints',
                'Export CSV')

    def _menu_value(self, code):
        if code == self._M_SOUND:
            return 'on' if self.sound else 'off'
        if code == self._M_HINTS:
            return 'on' if self.hints else 'off'
        return ''

    def _show_menu(self):
        self.scene = MENU
        codes = []
        if self._saved and self.game is not None and not self.game.over:
            codes.append(self._M_RESUME)
        codes += [self._M_NEW, self._M_SCORES, self._M_STATS]
        if self.fs_writable and self._file_writer is not None:
            codes.append(self._M_EXPORT)
        codes.append(self._M_SOUND)
        self._menu = codes
        title = 'Saved game found' if codes[0] == self._M_RESUME else 'Yahtzee'
        self._set_list(title, [self._M_NAMES[c] for c in codes],
                       [self._menu_value(c) for c in codes], cursor=0)

    def _show_pause(self):
        self.scene = PAUSE
        codes = [self._M_CONTINUE, self._M_CARD]
        if self.hints_available():
            codes.append(self._M_HINT)
        if self.game.can_undo:
            codes.append(self._M_UNDO)
        codes += [self._M_HINTS, self._M_SOUND, self._M_QUIT]
        self._menu = codes
        self._set_list('Paused', [self._M_NAMES[c] for c in codes],
                       [self._menu_value(c) for c in codes], cursor=0,
                       title_right='R%d' % self.game.round)

    def _menu_pick(self, now):
        code = self._menu[self.cursor]
        if code == self._M_RESUME or code == self._M_CONTINUE:
            self._enter_turn(now)
        elif code == self._M_NEW:
            self._show_setup(0)
        elif code == self._M_SCORES:
            self._show_scores()
        elif code == self._M_STATS:
            self._show_stats()
        elif code == self._M_EXPORT:
            self.export_csv()
        elif code == self._M_SOUND or code == self._M_HINTS:
            if code == self._M_SOUND:
                self.sound = not self.sound
            else:
                self.hints = not self.hints
            self.values[self.cursor] = self._menu_value(code)
            self.list_version += 1
            self._touch()
            self._save_records()
            if self.game is not None and not self.game.over and self._saved:
                self.save_game()
            self._beep(880, 40)
        elif code == self._M_CARD:
            self._return_scene = PAUSE
            self._show_card()
        elif code == self._M_HINT:
            self._enter_turn(now)
            self.show_hint()
        elif code == self._M_UNDO:
            self.undo(now)
        elif code == self._M_QUIT:
            self._show_menu()

    # -- new game setup --
    def _setup_rows(self):
        n = self.setup_players
        items = ['Players']
        values = ['%d' % n]
        for p in range(n):
            items.append('  ' + self.player_name(p))
            values.append(KIND_NAMES[self.setup_kinds[p]])
        items += ['Rules', 'Hints', 'Sound', 'Start game']
        values += [RULES_NAMES[self.setup_rules], 'on' if self.hints else 'off',
                   'on' if self.sound else 'off', '']
        if not self.can_save(n) and self._game_store is not None:
            values[-1] = 'no save'
        return items, values

    def _show_setup(self, cursor):
        self.scene = SETUP
        items, values = self._setup_rows()
        self._set_list('New game', items, values, cursor=cursor)

    def _setup_change(self, delta, now):
        c = self.cursor
        n = self.setup_players
        if c == 0:
            self.setup_players = (n - 1 + delta) % 8 + 1
        elif c <= n:
            p = c - 1
            self.setup_kinds[p] = (self.setup_kinds[p] + delta) % len(KIND_NAMES)
        elif c == n + 1:
            self.setup_rules = (self.setup_rules + delta) % len(RULES_NAMES)
        elif c == n + 2:
            self.hints = not self.hints
        elif c == n + 3:
            self.sound = not self.sound
        else:
            self.start_game(now)
            return
        items, values = self._setup_rows()
        self.items = items
        self.values = values
        if self.cursor >= len(items):
            self.cursor = len(items) - 1
        self._scroll_to_cursor()
        self.list_version += 1
        self._touch()

    def start_game(self, now):
        yc = self._yc
        kinds = [yc.KINDS[self.setup_kinds[p]] for p in range(self.setup_players)]
        rules = yc.ruleset(yc.RULESETS[self.setup_rules])
        self.game = yc.Game(rules, kinds, self.rng)
        # a fresh id (never 0, never the last game counted) marks this game's result
        gid = (self.records.last_game + 1 + (self._rand() & 0xFF)) & 0xFFFF
        self.game_id = gid if gid else 1
        self._new_game_state(True)
        self._save_records()
        self.save_game()
        self._enter_turn(now)

    # -- records screens --
    def _show_scores(self):
        self.scene = SCORES
        items = []
        values = []
        for i in range(len(self.records.high)):
            score, initials, rid = self.records.high[i]
            items.append('%d %s %s' % (i + 1, initials, RULES_NAMES[rid] if rid < len(RULES_NAMES) else '?'))
            values.append('%d' % score)
        if not items:
            items.append('No scores yet')
            values.append('')
        self._set_list('High scores', items, values, footer='' if self._records_store else 'not saved')

    def _show_stats(self):
        self.scene = STATS
        r = self.records
        items = ['Games', 'Average', 'Best', 'Yahtzees', 'Upper bonus', 'Wins', 'Zeros']
        values = ['%d' % v for v in (r.games, r.average, r.best, r.yahtzees, r.bonuses,
                                     r.wins, r.zeros)]
        self._set_list('Lifetime stats', items, values,
                       footer='' if self._records_store else 'not saved')

    def export_csv(self):
        """Write high scores and lifetime stats to CSV_PATH on the board's drive; the
        outcome (or why it failed: read-only, full) is a note, never a crash."""
        lines = self.records.to_csv_lines(self._yc.RULESETS)
        msg = self.dialog_lines
        try:
            self._file_writer(CSV_PATH, lines)
            msg[0] = 'Exported to'
            msg[1] = CSV_PATH
            self._beep(1319, 80)
        except OSError as e:
            code = e.args[0] if e.args else 0
            msg[0] = 'Export failed'
            if code == _EROFS:
                msg[1] = 'Drive is read-only'
            elif code == _ENOSPC:
                msg[1] = 'Drive is full'
            else:
                msg[1] = 'File error %s' % code
            self._beep(220, 200)
        except MemoryError:
            msg[0] = 'Export failed'
            msg[1] = 'Out of memory'
        msg[2] = 'any key: close'
        self.dialog = DLG_NOTE
        self._touch()

    def _list_action(self, action, now):
        s = self.scene
        v = self._vertical(action)
        if s == SETUP and self.hold_buttons and (action == A.LEFT or action == A.RIGHT):
            self._setup_change(-1 if action == A.LEFT else 1, now)
            return
        if v:
            if self.cursor >= 0:
                self._move_cursor(v)
            else:
                self._scroll(v)
            return
        if s == BOOT:
            if action == A.OK or action == A.BACK:
                self._show_menu()
        elif s == MENU:
            if action == A.OK:
                self._menu_pick(now)
        elif s == PAUSE:
            if action == A.OK:
                self._menu_pick(now)
            elif action == A.BACK:
                self._enter_turn(now)
        elif s == SETUP:
            if action == A.OK:
                self._setup_change(1, now)
            elif action == A.BACK:
                self._save_records()
                self._show_menu()
        elif s == OVER:
            if action == A.OK or action == A.BACK:
                self._after_ranking()
        elif s == ANALYSIS or s == SCORES or s == STATS:
            if action == A.OK or action == A.BACK:
                self._show_menu()
