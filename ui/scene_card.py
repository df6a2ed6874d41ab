"""Scorecard scene of ui.app.App: picking a box, the zero confirmation, undo, hints,
and the decision log the points-lost analysis reads."""

from ui import actions as A
from ui.app_base import CARD, PAUSE, MENU, DLG_NONE, DLG_ZERO, DLG_HINT


class CardScene:
    """The scorecard list, filling boxes, hints and the per-seat decision log."""

    def _card_rows(self):
        g = self.game
        card = g.card
        rules = g.rules
        rolled = g.rolled
        if rolled:
            card.points_into(g.dice, self._pts)
        items = []
        values = []
        rows = []
        for b in range(rules.n_boxes):
            items.append(self.box_label(b))
            s = card.scores[b]
            if s != 255:
                values.append('%d' % s)
            elif rolled and self._pts[b] != 255:
                values.append('(%d)' % self._pts[b])
            else:
                values.append('-' if rolled else '')
            rows.append(b)
        par = card.upper_par
        items.append('Upper')
        values.append('%d %s%d' % (card.upper_total, '+' if par >= 0 else '', par))
        rows.append(-1)
        if rules.upper_bonus:
            items.append('Bonus')
            values.append('%d' % card.upper_bonus)
            rows.append(-1)
        if rules.five_alike_bonus:
            items.append('Yahtzee bonus')
            values.append('%d' % card.yahtzee_bonus)
            rows.append(-1)
        items.append('Total')
        values.append('%d' % card.total)
        rows.append(-1)
        return items, values, rows

    def _card_allowed(self, row):
        b = self._rows[row]
        if not self.game.rolled:
            return True
        return b >= 0 and self._pts[b] != 255

    def _show_card(self, cursor_box=-1):
        g = self.game
        self.scene = CARD
        self.tumbling = False
        items, values, rows = self._card_rows()
        self._rows = rows
        cursor = 0
        if g.rolled:
            best = -1
            for r in range(len(rows)):
                b = rows[r]
                if b >= 0 and self._pts[b] != 255 and (best < 0 or self._pts[b] > self._pts[rows[best]]):
                    best = r
            cursor = best if best >= 0 else 0
            if cursor_box >= 0:
                cursor = cursor_box
        par = g.card.upper_par
        footer = 'Up %d %s%d' % (g.card.upper_total, '+' if par >= 0 else '', par)
        if g.rolled:
            footer += '  %d %d %d %d %d' % tuple(g.dice)
        self._set_list(self.player_name(g.current), items, values, cursor=cursor,
                       title_right='%d' % g.card.total, footer=footer)

    def _card_pick(self, now):
        g = self.game
        if not g.rolled:
            return
        b = self._rows[self.cursor]
        if b < 0 or self._pts[b] == 255:
            return
        if self._pts[b] == 0:
            self.dialog = DLG_ZERO
            self.dialog_lines[0] = 'Score 0 in'
            self.dialog_lines[1] = self.box_label(b) + '?'
            self.dialog_lines[2] = 'OK yes  BACK no'
            self._zero_box = b
            self._touch()
            return
        self._fill_box(b, now)

    def _fill_box(self, b, now):
        g = self.game
        p = g.current
        if not self._is_cpu(p):
            self._log_box(g, b)
        gained = g.fill(b)
        self._beep(988 if gained else 220, 80)
        self.dialog = DLG_NONE
        if g.over:
            self._game_over(now)
            return
        self.save_game()
        self._enter_turn(now)
        if not self._is_cpu(g.current) and len(g.kinds) > 1:
            self.note("%s's turn" % self.player_name(g.current), now)

    def undo(self, now):
        g = self.game
        if g is None or not g.can_undo:
            return
        g.undo()
        # the undone box is no longer a decision (the turn's holds still are)
        log = self._logs[g.current] if self._logs is not None else None
        if log is not None and len(log) and log.record(len(log) - 1)[4] == 0:
            log.data = log.data[:-8]
        self.save_game()
        self._enter_turn(now)
        self.note('Undone', now)

    def _card_action(self, action, now):
        v = self._vertical(action)
        if v:
            self._move_cursor(v, self._card_allowed)
        elif action == A.OK:
            if self.game.rolled:
                self._card_pick(now)
            else:
                self._card_back(now)
        elif action == A.BACK:
            self._card_back(now)
        elif action == A.HINT:
            self.show_hint()

    def _card_back(self, now):
        if self._return_scene == PAUSE:
            self._return_scene = MENU
            self._show_pause()
        else:
            self._enter_turn(now)

    # -- hints --
    def hint_source(self):
        """Where hints come from: yahtzee_core.bots.Hints (the strategy table, or level
        `good` when there is none: then .fallback is True), or None when neither works."""
        if not self._hints_tried and self.game is not None:
            self._hints_tried = True
            src = None
            rules = self.game.rules
            try:
                if self._hints_factory is not None:
                    src = self._hints_factory(rules)
                else:
                    from yahtzee_core.bots import Hints
                    src = Hints(rules, self.table_for(rules))
            except (ImportError, MemoryError, OSError, ValueError, KeyError):
                src = None
            self._hints_src = src
        return self._hints_src

    def table_for(self, rules):
        """The strategy table file for a ruleset: table_path may be a callable, a
        pattern with %s for the ruleset name, or one path; None when there is none."""
        t = self.table_path
        if t is None:
            return None
        if callable(t):
            return t(rules)
        if '%s' in t:
            return t % rules.name
        return t

    def hints_available(self):
        return self.hints and self.game is not None and self.hint_source() is not None

    def show_hint(self):
        """The best hold (or box) for the dice now and its expected final score, as a
        dialog; from level `good` when there is no strategy table (the dialog says so)."""
        g = self.game
        if not self.hints_available() or g.over or self._is_cpu(g.current):
            return
        src = self.hint_source()
        estimate = getattr(src, 'fallback', False)
        lines = self.dialog_lines
        lines[0] = 'Hint (no table)' if estimate else 'Hint'
        self._hint = None
        if not g.rolled:
            lines[1] = 'Roll the dice first'
            lines[2] = ''
        else:
            kept = None
            if g.rolls_left > 0:
                value, kept = src.hold_options(g.card, g.dice, g.rolls_left)[0]
            if kept is not None and len(kept) < 5:
                self._hint = ('hold', kept)
                lines[1] = 'Keep ' + (' '.join(['%d' % d for d in kept]) if kept else 'none')
            else:
                value, box = src.box_options(g.card, g.dice)[0]
                self._hint = ('box', box)
                lines[1] = 'Score ' + self.box_label(box)
            lines[2] = '%s total %d.%02d' % ('Est.' if estimate else 'Exp.', value // 100,
                                             value % 100)
        self.dialog = DLG_HINT
        self._touch()

    def _apply_hint(self, now):
        h = self._hint
        self.dialog = DLG_NONE
        self._touch()
        if h is None:
            return
        g = self.game
        if h[0] == 'hold':
            from yahtzee_core.bots import held_flags
            flags = held_flags(g.dice, h[1])
            for i in range(5):
                g.held[i] = flags[i]
            self.save_game()
            self._sync_dice()
        else:
            self._show_card()
            for r in range(len(self._rows)):
                if self._rows[r] == h[1]:
                    self.cursor = r
                    self._scroll_to_cursor()
            self._touch()

    # -- decision log (for the points-lost analysis) --
    # yahtzee_core.analysis.DecisionLog, one per human seat: 8 bytes a decision,
    # each carrying the card state it was made in (so a resumed game still counts).
    def _seat_log(self, g):
        if self._logs is None:
            from yahtzee_core.analysis import DecisionLog
            self._logs = [None if k != 'human' else DecisionLog() for k in g.kinds]
        return self._logs[g.current]

    def _log_hold(self, g):
        log = self._seat_log(g)
        if log is not None:
            log.hold(g.card, g.dice, g.rolls_left, g.held)

    def _log_box(self, g, b):
        log = self._seat_log(g)
        if log is not None:
            log.box(g.card, g.dice, b)
