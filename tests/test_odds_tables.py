"""yahtzee_core/odds_tables.py, the odds tables our firmware copies from flash, is
the tables odds._tables builds, as bytes (tools/odds_tables.py), and the odds read from it
are the odds built without it."""
from array import array

from tools import odds_tables
from yahtzee_core import odds
from yahtzee_core.variants import ruleset


def test_the_module_is_the_built_tables():
    with open(odds_tables.TARGET) as f:
        assert f.read() == odds_tables.source(), "python -m tools.odds_tables --write"
    from yahtzee_core.odds_tables import FIVE_CHILDREN, TOP, PARENT, WAYS
    ch, top, parent, ways = odds_tables.built()
    assert [bytes(c) for c in FIVE_CHILDREN] == [bytes(c) for c in ch]
    # the parents as both keep them: two bytes a hold, low first
    assert list(TOP) == list(top) and PARENT == bytes(parent)
    assert list(WAYS) == list(ways)
    from yahtzee_core.odds_tables import SIX_CHILDREN
    assert [bytes(c) for c in SIX_CHILDREN] == [bytes(c) for c in odds_tables.six_children()]


def test_the_same_odds_from_the_module_as_built(monkeypatch):
    rules = ruleset('yahtzee')
    cases = [(b, dice, left) for b in range(rules.n_boxes)
             for dice, left in (((2, 2, 3, 5, 6), 2), ((1, 1, 1, 4, 6), 1), ((3, 4, 5, 5, 6), 2))]
    monkeypatch.setattr(odds, '_work', None)
    odds._subs[0] = -1
    read = [odds.chase(rules, b, dice, left) for b, dice, left in cases]
    read_fresh = [odds._chase(rules, b, None, 3, 'make') for b in range(rules.n_boxes)]
    built = odds_tables.built()
    monkeypatch.setattr(odds, '_work', (built[0], built[3], array('i', range(462)),
                                        array('i', range(462)), array('i', range(462)),
                                        [None, built[1], built[2]]))
    monkeypatch.setattr(odds, '_fresh', {})
    odds._subs[0] = -1
    assert read == [odds.chase(rules, b, dice, left) for b, dice, left in cases]
    assert read_fresh == [odds._chase(rules, b, None, 3, 'make') for b in range(rules.n_boxes)]
