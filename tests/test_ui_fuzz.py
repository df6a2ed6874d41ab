"""Random presses on the real App in every ruleset and on every board, with power
cuts (tests/press_fuzz.py): nothing a player presses raises. 2,400 presses a run, 42
runs: 100,800 presses (about 130 s of CPU: `.venv/bin/python tests/press_fuzz.py`
prints it; bench/bench_presses.py --fuzz runs more).

Each run must also have followed a hint (HINT then OK), opened the Odds and opened
a help page in its ruleset's games: a run that stops reaching them fails, so the
test cannot quietly stop covering them."""
import pytest

import yahtzee_core as yc
from press_fuzz import BOARDS, run

PRESSES = 2400
SEED = 1


@pytest.mark.parametrize('board', BOARDS)
@pytest.mark.parametrize('rules', yc.RULESETS)
def test_random_presses_raise_nothing_and_reach_the_hint_the_odds_and_the_help(rules, board):
    r = run(rules, board, SEED, PRESSES)        # FuzzFailure: the replay and presses
    assert r.presses >= PRESSES
    for what in ('hint_ok', 'odds', 'help'):
        assert r.counts[what] > 0, '%s on %s never reached %s: %s' % (
            rules, board, what, sorted(r.opened_from.items()))
    assert r.cuts > 0


def test_the_runs_cover_every_ruleset_and_board_profile():
    from hardware.desktop import board_shape
    shapes = [board_shape(b) for b in BOARDS]
    assert set((s['height'], s['hold_keys']) for s in shapes) == \
        {(64, True), (32, True), (32, False)}
    assert len(yc.RULESETS) * len(BOARDS) * PRESSES >= 100000
