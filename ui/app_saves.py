"""Saves: the game in play and the records (high scores, stats, last choices) in nvm,
through the core's two-slot SlotStore (layout in ui/nvm_layout.py). A mixin of ui.app.App."""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# Save payload: [version, flags, game id lo, game id hi] + Game.to_bytes()
_SAVE_VERSION = const(1)
_SAVE_PREFIX = const(4)
_F_HINTS_OFF = const(1)
_F_SOUND_OFF = const(2)
_REC_SOUND_OFF = const(1)   # yahtzee_core.records.SOUND_OFF
_REC_HINTS_OFF = const(2)   # yahtzee_core.records.HINTS_OFF


class Saves:
    """Reads and writes the nvm slots made by AppBase.__init__."""

    def _load_records(self):
        if self._records_store is None:
            return
        try:
            data = self._records_store.read()
        except Exception:
            data = None
        if data is None:
            return
        try:
            self.records = self.records.from_bytes(data)
        except ValueError:
            return
        r = self.records
        self.sound = not (r.settings & _REC_SOUND_OFF)
        self.hints = not (r.settings & _REC_HINTS_OFF)
        if 0 <= r.setup_rules < len(self._yc.RULESETS):
            self.setup_rules = r.setup_rules
        if 1 <= r.setup_players <= 8:
            self.setup_players = r.setup_players
        for p in range(8):
            self.setup_kinds[p] = (r.setup_kinds >> (2 * p)) & 3

    def _save_records(self):
        r = self.records
        r.settings = (0 if self.hints else _REC_HINTS_OFF) | (0 if self.sound else _REC_SOUND_OFF)
        r.setup_rules = self.setup_rules
        r.setup_players = self.setup_players
        k = 0
        for p in range(8):
            k |= (self.setup_kinds[p] & 3) << (2 * p)
        r.setup_kinds = k
        if self._records_store is not None:
            self._records_store.write(r.to_bytes())

    def _load_game(self):
        """Read the saved game if there is a good one (sets self.game)."""
        if self._game_store is None:
            return False
        try:
            data = self._game_store.read()
        except Exception:
            data = None
        if data is None or len(data) <= _SAVE_PREFIX or data[0] != _SAVE_VERSION:
            return False
        try:
            game = self._yc.Game.from_bytes(data[_SAVE_PREFIX:], self.rng)
        except ValueError:
            return False
        self.game = game
        self.hints = not (data[1] & _F_HINTS_OFF)
        self.sound = not (data[1] & _F_SOUND_OFF)
        self.game_id = data[2] | (data[3] << 8)
        self._new_game_state(False)
        return True

    def save_game(self):
        """Write the game in play (called after every roll, hold change and fill)."""
        if self._game_store is None or self.game is None:
            return
        g = self.game.to_bytes()
        if _SAVE_PREFIX + len(g) > self._game_store.capacity:
            return      # does not fit this board's nvm: play on without a save
        head = bytes((_SAVE_VERSION, (0 if self.hints else _F_HINTS_OFF) |
                      (0 if self.sound else _F_SOUND_OFF), self.game_id & 0xFF,
                      self.game_id >> 8))
        self._game_store.write(head + g)
        self._saved = True

    def _clear_game(self):
        if self._game_store is not None:
            self._game_store.write(b'')  # records "nothing saved"
        self._saved = False

    def can_save(self, players):
        """True when a game with this many players fits the nvm save slot."""
        if self._game_store is None:
            return False
        from yahtzee_core.save import save_size
        rules = self._yc.ruleset(self._yc.RULESETS[self.setup_rules])
        return _SAVE_PREFIX + save_size(rules, players) <= self._game_store.capacity
