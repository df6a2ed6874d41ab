"""End-of-game scenes of ui.app.App: the ranking, counting the game in the records,
high-score initials and the points-lost analysis."""

from ui import actions as A
from ui.app_base import OVER, INITIALS, ANALYSIS, DLG_NONE, KIND_SHORT, INITIAL_CHARS


class EndScenes:
    """Game over: ranking, records, initials, analysis."""

    def _game_over(self, now):
        self.dialog = DLG_NONE
        self.tumbling = False
        if not self._over_done:
            self._over_done = True
            self._record_game()
        self._show_ranking()

    def _record_game(self):
        """Count the finished game once (a replay after a power cut is skipped) and put
        qualifying human scores into the table, to be named next."""
        g = self.game
        r = self.records
        self._pending_high = []
        ranking = g.ranking()
        if self.game_id != r.last_game:
            r.last_game = self.game_id
            multi = len(g.kinds) > 1
            for place, p, total in ranking:
                if self._is_cpu(p):
                    continue
                st = g.stats(p)
                r.add_game(total, st['yahtzees'], g.cards[p].upper_bonus > 0,
                           st['zeros'], multi and place == 1)
                spot = r.add_score(total, self._default_initials(), g.rules.id)
                if spot >= 0:
                    # later insertions push earlier ones down
                    for e in self._pending_high:
                        if e[0] >= spot:
                            e[0] += 1
                    self._pending_high.append([spot, p])
            self._save_records()
        self._clear_game()

    def _default_initials(self):
        return 'AAA'

    def _show_ranking(self):
        g = self.game
        self.scene = OVER
        items = []
        values = []
        for place, p, total in g.ranking():
            kind = KIND_SHORT[self._kind_index(p)]
            items.append('%d. %s%s' % (place, self.player_name(p), ' ' + kind if kind else ''))
            values.append('%d' % total)
        self._set_list('Game over', items, values, footer='OK: continue')

    def _after_ranking(self):
        if self._pending_high:
            place, p = self._pending_high[0]
            self.scene = INITIALS
            self._initials[:] = b'AAA'
            self._initial_pos = 0
            self._high_place = place
            self._update_initials()
            return
        self._show_analysis_or_menu()

    def _update_initials(self):
        place, p = self._pending_high[0]
        score = self.records.high[place][0]
        s = ''
        for k in range(3):      # the letter being edited is bracketed
            c = chr(self._initials[k])
            s += '[' + c + ']' if k == self._initial_pos else ' ' + c + ' '
        self._set_list('High score!', ['%s scored %d' % (self.player_name(p), score),
                                        'Name:  ' + s], ['', ''],
                       footer='OK next  BACK prev')

    def _initials_action(self, action):
        # next letter: UP, RIGHT, HOLD_2; previous: DOWN, LEFT, HOLD_1 (every board)
        d = 0
        if action == A.UP or action == A.RIGHT or action == A.HOLD_2:
            d = 1
        elif action == A.DOWN or action == A.LEFT or action == A.HOLD_1:
            d = -1
        pos = self._initial_pos
        if d:
            chars = INITIAL_CHARS
            i = chars.find(chr(self._initials[pos]))
            self._initials[pos] = ord(chars[(i + d) % len(chars)])
            self._update_initials()
        elif action == A.OK:
            if pos < 2:
                self._initial_pos += 1
                self._update_initials()
            else:
                place, p = self._pending_high.pop(0)
                self.records.set_initials(place, bytes(self._initials).decode().replace('_', ' '))
                self._save_records()
                self._beep(1319, 120)
                self._after_ranking()
        elif action == A.BACK and pos > 0:
            self._initial_pos -= 1
            self._update_initials()

    def _show_analysis_or_menu(self):
        rows = self.analysis_rows()
        if rows is None:
            self._show_menu()
            return
        self.scene = ANALYSIS
        items = [r[0] for r in rows]
        values = [r[1] for r in rows]
        self._set_list('Points lost', items, values,
                       footer='' if self._log_complete else 'since resume')

    def analysis_rows(self):
        """[(player name, points lost 'P.PP')] of each human seat against optimal play
        (yahtzee_core.analysis), or None without a strategy table or decisions."""
        g = self.game
        if g is None or self._logs is None:
            return None
        planner = self.analysis_planner()
        if planner is None:
            return None
        from yahtzee_core.analysis import analyze
        rows = []
        for p in range(len(g.kinds)):
            log = self._logs[p]
            if log is None:
                continue
            try:
                v = analyze(planner, log).total
            except ValueError:      # a record the planner cannot judge: leave it out
                return None
            rows.append((self.player_name(p), '%d.%02d' % (v // 100, v % 100)))
        return rows or None

    def analysis_planner(self):
        """The optimal-play planner the points-lost analysis judges against: only from
        a real strategy table (level `good` is no yardstick), else None."""
        src = self.hint_source()
        if src is None or getattr(src, 'fallback', True):
            return None
        return getattr(src, 'planner', None)
