"""yahtzee_core/score_tables.py, the score tables our firmware reads in flash, is the
tables _build.table builds (tools/score_tables.py), every ruleset finds its own there,
and a ruleset whose boxes it does not hold builds them."""
from yahtzee_core import _build
from yahtzee_core import score_tables
import yahtzee_core as yc
from yahtzee_core.variants import ruleset
from tools import score_tables as tool


def test_the_module_is_the_built_tables():
    with open(tool.TARGET) as f:
        assert f.read() == tool.source(), "python -m tools.score_tables --write"


def test_every_card_ruleset_finds_the_table_it_would_build():
    for name in yc.RULESETS:
        r = ruleset(name)
        if r.hands:             # Poker Dice: hands, no card to score
            continue
        got = score_tables.find(r.n_dice, r.kinds, r.params)
        table, at = _build.table(r)
        assert got is not None, name
        assert got[0] == bytes(table) and list(got[1]) == list(at), name
        assert r._table == table and list(r._at) == list(at), name


def test_a_ruleset_frozen_reads_its_table_from_the_module(monkeypatch):
    """Where rules.py has no file (frozen into our firmware) a ruleset's table is the
    module's bytes object, not one built; with its file (CPython, a drive) it builds."""
    import builtins
    from yahtzee_core import rules as rules_module
    base = ruleset('kismet')
    assert type(base._table) is bytearray     # built here: rules.py is a file
    real = builtins.open

    def no_file(path, *args, **kwargs):
        if path == rules_module.__file__:
            raise OSError(2, 'no file')
        return real(path, *args, **kwargs)
    monkeypatch.setattr(builtins, 'open', no_file)
    frozen = type(base)()
    # the module's bytes (the builder makes a bytearray), the same scores
    assert type(frozen._table) is bytes and frozen._table == base._table
    assert tuple(frozen._at) == tuple(base._at)
    assert frozen.score((1, 1, 6, 6, 6), 'full_house_same_colour') == \
        base.score((1, 1, 6, 6, 6), 'full_house_same_colour')


def test_boxes_not_generated_are_built():
    """A ruleset changed since the module was written (a box's points) finds nothing
    there, and builds its own, as a board without the module in flash does."""
    base = ruleset('yahtzee')

    class Changed(type(base)):
        name = 'yahtzee'
        params = base.params[:8] + b'\x1a' + base.params[9:]   # a full house of 26
    assert score_tables.find(5, Changed.kinds, Changed.params) is None
    changed = Changed()
    assert changed.score((2, 2, 3, 3, 3), 'full_house') == 26
    assert changed.score((2, 2, 3, 3, 3), 'threes') == 9
