"""Play scenes of ui.app.App: a human's turn with the dice and a computer's turn shown
step by step, plus the shake sensor dropping out mid-game."""

from ui import actions as A
from ui.app_base import (PLAY, CARD, CPU, VIEW_PLAY, DLG_NONE, DLG_NOTE, CURSOR_ROLL,
                         CURSOR_CARD, KIND_SHORT, wrap)


class PlayScene:
    """The dice: rolling, holding, the die cursor, and computer turns."""

    def _enter_turn(self, now):
        """Show the current seat's turn: PLAY for a human, CPU for a computer."""
        g = self.game
        if g.over:
            self._game_over(now)
            return
        self.dialog = DLG_NONE
        self.tumbling = False
        self.view = VIEW_PLAY
        self.die_cursor = -1 if self.hold_buttons else (0 if g.rolled else CURSOR_ROLL)
        if self._is_cpu(g.current):
            self.scene = CPU
            self._cpu_phase = 0
            self._step_at = now - self.step_ms // 2    # first step after half a step
        else:
            self.scene = PLAY
        self._sync_dice()
        self._update_play_texts()
        if self.scene == CPU:
            self._note_bot_fallback(self._get_bot(g.current))

    def _sync_dice(self):
        g = self.game
        changed = False
        for i in range(5):
            if self.faces[i] != g.dice[i]:
                self.faces[i] = g.dice[i]
                changed = True
            if self.held[i] != g.held[i]:
                self.held[i] = g.held[i]
                changed = True
        if changed:
            self._touch()

    def _update_play_texts(self, cpu_text=None):
        g = self.game
        p = g.current
        self.header_left = '%s R%d/%d' % (self.player_name(p), g.round, g.rules.rounds)
        if self._is_cpu(p):
            self.header_left = '%s %s R%d' % (self.player_name(p), KIND_SHORT[self._kind_index(p)], g.round)
        self.header_right = '%d' % g.cards[p].total
        left = g.rolls_left
        if self.scene == CPU:
            self.line_a = cpu_text if cpu_text is not None else 'Computer plays'
            self.line_b = 'OK: skip'
        else:
            if left == 0:
                self.line_a = 'No rolls left'
            elif left == 1:
                self.line_a = '1 roll left'
            else:
                self.line_a = '%d rolls left' % left
            how = 'shake' if self.has_shake else 'OK'
            if left == 0:
                self.line_b = 'OK: pick a box'
            elif not g.rolled:
                self.line_b = 'Shake to roll' if self.has_shake else 'OK to roll'
            elif self.hold_buttons:
                self.line_b = 'Hold 1-5, then ' + how
            else:
                self.line_b = 'Hold, then ' + how
            if self.small_screen:
                # 128x32: rolls left join the header; one short prompt at the side
                self.header_left = '%s R%d %s' % (self.player_name(p), g.round,
                                                  '%d left' % left if left else 'pick')
                self.line_a = 'OK:box' if left == 0 else ('Shake!' if self.has_shake else 'OK')
        self._note_until = -1
        self.play_version += 1
        self._touch()

    def _can_roll(self):
        g = self.game
        return g is not None and not g.over and g.rolls_left > 0

    def roll(self, now):
        """The human's roll (shake end or OK)."""
        g = self.game
        if not self._can_roll():
            return
        if g.rolled:
            all_held = True
            for i in range(5):
                if not g.held[i]:
                    all_held = False
            if all_held:        # keeping everything means stopping: pick a box
                self._show_card()
                return
            self._log_hold(g)
        g.roll()
        self.tumbling = False
        self.save_game()
        self._sync_dice()
        if self.faces[0] == self.faces[1] == self.faces[2] == self.faces[3] == self.faces[4]:
            self._beep(1568, 300)
        else:
            self._beep(440, 60)
        if not self.hold_buttons:
            self.die_cursor = 0 if g.rolls_left else CURSOR_CARD
        self._update_play_texts()
        if g.rolls_left == 0 and not self.hold_buttons:
            self.die_cursor = CURSOR_CARD

    def toggle_hold(self, i, now):
        g = self.game
        if not g.rolled:
            self.note('Roll first', now)
            return
        if g.rolls_left == 0:
            self.note('OK: pick a box', now)
            return
        g.toggle(i)
        self.save_game()
        self._sync_dice()
        self._beep(660 if g.held[i] else 330, 30)

    def _play_action(self, action, now):
        g = self.game
        hi = A.hold_index(action)
        if action == A.SHAKE_START:
            if self._can_roll():
                self.tumbling = True
                self._tumble_at = now
            return
        if action == A.SHAKE_END:
            if self.tumbling:
                self.tumbling = False
                self.roll(now)
            return
        if self.tumbling:
            return      # buttons wait until the dice settle
        if hi >= 0:
            if self.hold_buttons:
                self.toggle_hold(hi, now)
            return
        if action == A.BACK:
            self._show_pause()
        elif action == A.HINT:
            self.show_hint()
        elif action == A.DOWN and self.hold_buttons:
            if g.rolled:
                self._show_card()
        elif self.hold_buttons:
            if action == A.OK:
                if g.rolls_left == 0:
                    self._show_card()
                else:
                    self.roll(now)
            elif action == A.RIGHT and g.rolled:
                self._show_card()
        else:
            if action == A.LEFT or action == A.RIGHT or action == A.UP or action == A.DOWN:
                step = -1 if (action == A.LEFT or action == A.UP) else 1
                c = self.die_cursor
                for _ in range(7):
                    c = (c + step) % 7
                    if c == CURSOR_CARD and not g.rolled:
                        continue
                    if c < 5 and (not g.rolled or g.rolls_left == 0):
                        continue
                    if c == CURSOR_ROLL and g.rolls_left == 0:
                        continue
                    break
                if c != self.die_cursor:
                    self.die_cursor = c
                    self._touch()
            elif action == A.OK:
                c = self.die_cursor
                if c < 0:
                    self.roll(now)
                elif c < 5:
                    self.toggle_hold(c, now)
                elif c == CURSOR_ROLL:
                    self.roll(now)
                else:
                    self._show_card()

    # -- computer turns --
    def _cpu_step(self, now):
        """One visible step of a computer turn: roll, hold, roll, ..., fill."""
        g = self.game
        p = g.current
        bot = self._get_bot(p)
        if self._cpu_phase == 2:            # the box was announced: fill it now
            self._fill_box(self._cpu_box, now)
            return
        if not g.rolled:
            g.roll()
            self._sync_dice()
            self._beep(440, 40)
            self._update_play_texts('Rolls')
        elif g.rolls_left > 0 and self._cpu_phase == 0:
            flags = bot.choose_hold(g.cards[p], g.dice, g.rolls_left)
            keep = 0
            for i in range(5):
                if flags[i]:
                    g.hold(i)
                    keep += 1
                else:
                    g.release(i)
            self._sync_dice()
            if keep == 5:
                self._cpu_phase = 3         # keeps everything: choose a box next
                self._update_play_texts('Keeps all')
            else:
                self._cpu_phase = 1
                self._update_play_texts('Holds %d' % keep if keep else 'Holds none')
        elif g.rolls_left > 0 and self._cpu_phase == 1:
            g.roll()
            self._cpu_phase = 0
            self._sync_dice()
            self._beep(440, 40)
            self._update_play_texts('Rolls')
        else:
            box = bot.choose_box(g.cards[p], g.dice)
            self._cpu_box = box
            self._cpu_phase = 2
            g.card.points_into(g.dice, self._pts)
            self._update_play_texts('%s: %d' % (self.box_label(box), self._pts[box]))
        self.save_game()

    def _cpu_finish(self, now):
        """OK during a computer turn: play the rest of it at once."""
        g = self.game
        p = g.current
        for _ in range(16):
            if self.scene != CPU or g.current != p or g.over:
                break
            self._cpu_step(now)

    def _get_bot(self, p):
        if self._bots is None:
            self._bots = [None] * len(self.game.kinds)
        bot = self._bots[p]
        if bot is None:
            kind = self.game.kinds[p]
            rules = self.game.rules
            if self._bot_factory is not None:
                bot = self._bot_factory(kind, rules)
            else:
                from yahtzee_core import bots
                try:
                    bot = bots.make_bot(kind, rules, self.table_for(rules))
                except (OSError, MemoryError, ValueError):
                    bot = bots.make_bot('beginner', rules)   # needs no table, little heap
            self._bots[p] = bot
        return bot

    def _note_bot_fallback(self, bot):
        """A computer seat plays below the level asked for (no strategy table): its
        bot's note, once a game, in a dialog that holds the turn until a key closes it."""
        if self._bot_noted or not getattr(bot, 'fallback', False):
            return
        note = getattr(bot, 'note', '')
        if not note:
            return
        self._bot_noted = True
        cols = self.text_cols - 3       # the dialog box is narrower than the screen
        lines = wrap(note, cols)
        if len(lines) > 3:              # a long reason: its start, then what happens now
            i = note.rfind(': ')
            lines = [note[:cols]] + wrap(note[i + 2:] if i > 0 else note[cols:], cols)
        for k in range(3):
            self.dialog_lines[k] = lines[k] if k < len(lines) else ''
        self.dialog = DLG_NOTE
        self._touch()

    def shake_lost(self, message=None):
        """The shake sensor stopped working mid-game (the loop notices): OK rolls from
        now on, the play texts say so and a note tells the player once."""
        if not self.has_shake:
            return
        self.has_shake = False
        if message:
            self.messages.append(message)
        if self.tumbling:           # a shake in progress will never end: forget it
            self.tumbling = False
            self._sync_dice()
        if self.game is not None and (self.scene == PLAY or self.scene == CPU or
                                      self.scene == CARD):
            if self.scene != CARD:
                self._update_play_texts()
            lines = self.dialog_lines
            lines[0] = 'Shake sensor lost'
            lines[1] = 'OK rolls the dice'
            lines[2] = 'any key: close'
            self.dialog = DLG_NOTE
        self._touch()
