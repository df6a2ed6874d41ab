# Deterministic dice for the app's MicroPython check scripts: a 16-bit LCG, small ints
# only. check_app.py imports it as a sibling; scripts written by tests put tests/mpy on
# the path (run_micropython(..., extra_path=[MPY_DIR])).


class Dice:
    def __init__(self, seed):
        self.x = seed

    def __call__(self):
        self.x = (self.x * 75 + 74) % 65537
        return self.x % 6 + 1
