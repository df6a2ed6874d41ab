"""Strategy tables for the simulator, built the first time a ruleset needs one.

A fresh clone has no tables/ folder: the first hint or perfect computer player of a
ruleset solves it (a few seconds, with a progress bar on stderr, after the solver's C
kernel, which an interactive session starts compiling in the background at once; every ruleset but
triple-yahtzee, which cannot be solved, so its perfect seat plays level good) through
tools.strategy_table.ensure_tables, the same cache the tests, benches and bundle
builder use, so a change of the rules core, solver or writer rebuilds it.
Desktop only.
"""

import os
import threading


class TableCache:
    """The app's table_path: a callable giving a ruleset's plain table, built on
    first use; None (the app falls back to level good and says so) if it cannot be."""

    def __init__(self, folder, progress=True):
        self.folder = folder
        self.progress = progress
        self.paths = {}
        self.failed = {}           # ruleset name -> why there is no table
        self.after_build = None    # called after a build (the terminal repaints)

    def __call__(self, rules):
        name = rules.name
        if name in self.paths:
            return self.paths[name]
        if name in self.failed:
            return None
        try:
            from tools.strategy_table import ensure_tables, fresh_tables
            built = fresh_tables(name, self.folder) is None
            path = ensure_tables(name, self.folder, progress=self.progress)['plain']
        except (ImportError, OSError, ValueError, RuntimeError) as err:
            self.failed[name] = "%s: %s" % (type(err).__name__, err)
            return None
        if built and self.after_build is not None:
            self.after_build()
        self.paths[name] = path
        return path


def default_tables(root):
    return TableCache(os.path.join(root, "tables"))


def compile_kernel_in_background(rules="yahtzee"):
    """Compile the solver's C kernel variant a table of `rules` needs (tools/cbuild.py,
    once per clone) in a thread, so a first table build later finds it ready (or
    waits only for the rest of it, under a moving bar)."""
    def build():
        try:
            from tools.solver import RulesModel, compiled_kernel
            compiled_kernel(lanes=RulesModel(rules).lanes)
        except Exception:       # no compiler, no numpy: the table build says so later
            pass
    thread = threading.Thread(target=build, name='solver kernel', daemon=True)
    thread.start()
    return thread
