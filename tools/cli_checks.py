"""Command-line checks every desktop entry point shares (tools/, sim/, bench/).

Parser is argparse's parser with one-line errors: `prog: error: what is wrong` on
stderr and exit 2, without the usage before it (--help shows that). The bad_*
checks each return one line saying what is wrong, or None, for Parser.refuse, so a
tool refuses a bad command line before any work instead of failing with a
traceback later."""

import argparse
import os
import sys


class Parser(argparse.ArgumentParser):
    def error(self, message):
        self.exit(2, "%s: error: %s\n" % (self.prog, message))

    def refuse(self, *problems):
        """Exit with the first problem that is not None (bad_* results)."""
        for problem in problems:
            if problem:
                self.error(problem)


def unknown_rules(name, option="--rules"):
    """A name that is no ruleset."""
    import yahtzee_core as yc
    if name not in yc.RULESETS:
        return "%s %s: unknown ruleset (choose from %s)" % (option, name, ", ".join(yc.RULESETS))
    return None


def bad_rules(name, option="--rules"):
    """An unknown ruleset name, or one no exact solve reaches (Triple Yahtzee)."""
    unknown = unknown_rules(name, option)
    if unknown:
        return unknown
    import yahtzee_core as yc
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


def bad_in_file(path, option):
    """A file to read that is missing, or no regular file (a folder, a FIFO)."""
    if not os.path.exists(path):
        return "%s %s: no such file" % (option, path)
    return None if os.path.isfile(path) else "%s %s is not a regular file" % (option, path)


def write_text(parser, path, option, text):
    """Write `text` to `path` (its folder made), or exit with one line saying why not."""
    try:
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)
    except OSError as err:
        parser.error("%s %s: cannot write it (%s)" % (option, path, err.strerror or err))


def bad_workers(n):
    return None if n >= 1 else "--workers %d: needs 1 or more processes" % n


def bad_count(n, option, least=1, what="games"):
    return None if n >= least else "%s %d: needs %d or more %s" % (option, n, least, what)


def generated_file(argv, description, target, source, tool):
    """The command line of a tool that generates one tracked file: --write rewrites
    `target` with source(), --check exits 1 (one line) when it differs, neither prints
    the text. `tool` is the module to run again (python -m tool --write)."""
    rel = os.path.relpath(target, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = Parser(description=description)
    what = ap.add_mutually_exclusive_group()
    what.add_argument('--write', action='store_true', help='rewrite ' + rel)
    what.add_argument('--check', action='store_true', help='exit 1 when %s is stale' % rel)
    args = ap.parse_args(argv)
    text = source()
    if args.write:
        with open(target, 'w') as f:
            f.write(text)
    elif args.check:
        with open(target) as f:
            if f.read() != text:
                print('%s is stale: python -m %s --write' % (rel, tool))
                return 1
    else:
        sys.stdout.write(text)
    return 0
