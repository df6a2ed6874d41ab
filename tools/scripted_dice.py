"""Dice for tests, pictures and benches: listed faces first, then (with a seed) seeded
random faces; without a seed, asking past the list fails loudly. Desktop only."""

import random


class ScriptedDice:
    """An rng callable (-> 1..6) for yahtzee_core.Game and ui.app.App."""

    def __init__(self, script=(), seed=None):
        self.faces = list(script)
        self.pos = 0
        self._random = random.Random(seed) if seed is not None else None

    def add(self, *faces):
        """More faces to hand out, after those already listed."""
        self.faces.extend(faces)

    def __call__(self):
        if self.pos < len(self.faces):
            v = self.faces[self.pos]
            self.pos += 1
            return v
        assert self._random is not None, "the game asked for more dice than scripted"
        return self._random.randint(1, 6)

    @property
    def left(self):
        """Listed faces not handed out yet."""
        return len(self.faces) - self.pos
