"""Command-line checks the desktop tools share (solver, strategy_table, distribution):
each returns one line saying what is wrong, or None, so a tool can refuse a bad
command line (exit 2) before any work instead of failing with a traceback later."""

import os


def bad_rules(name, option="--rules"):
    """An unknown ruleset name, or one no exact solve reaches (Triple Yahtzee)."""
    import yahtzee_core as yc
    if name not in yc.RULESETS:
        return "%s %s: unknown ruleset (choose from %s)" % (option, name, ", ".join(yc.RULESETS))
    from tools.solver import unsolvable
    why = unsolvable(yc.ruleset(name))
    return "%s %s: %s" % (option, name, why) if why else None


def _file_above(path):
    """The nearest folder on the way to `path` that is a file, or None."""
    parent = os.path.dirname(os.path.abspath(path))
    while parent and not os.path.exists(parent):
        parent, last = os.path.dirname(parent), parent
        if parent == last:
            break
    return parent if parent and os.path.isfile(parent) else None


def bad_out_file(path, option):
    """A file to write that is a folder, or sits under a file."""
    if os.path.isdir(path):
        return "%s %s is a folder, not a file" % (option, path)
    above = _file_above(path)
    return "%s %s: %s is a file, not a folder" % (option, path, above) if above else None


def bad_out_folder(path, option):
    """A folder to write into that is a file, or sits under a file."""
    if os.path.isfile(path):
        return "%s %s is a file, not a folder" % (option, path)
    above = _file_above(path)
    return "%s %s: %s is a file, not a folder" % (option, path, above) if above else None


def bad_workers(n):
    return None if n >= 1 else "--workers %d: needs 1 or more processes" % n
