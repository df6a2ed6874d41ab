"""Power cut at the instants of every nvm write of whole games, on the RP2040 and SAMD51
flash models (tools/power_cut.py): every ruleset, 1 to 8 seats, duplicate play,
Triple Yahtzee's large games and Yamb's announce, each resumed on a fresh App.
Outside the window a single erase unit makes unavoidable (the nvm erased and not yet
programmed back), no cut loses the game, the records or the names. The suite cuts
every instant of a seeded sample of the writes (a tenth on an RP2040, 1.5% on a
SAMD51, fewer in the long games; and every compaction and every write of the records
or the names) of one game per ruleset (yahtzee_core.RULESETS, each in
tools/power_cut.GAMES) and family; bench/bench_saves.py cuts every instant of every
write of every game and prints the window's figures."""
import pytest

from tools import power_cut as pc

SAMPLE = {'rp2040': 0.1, 'samd51': 0.015}     # of the writes
WRITES = {'rp2040': 30, 'samd51': 4}          # at most about this many a game (the
                                              # large games: Yamb's 4 seats, 850)


@pytest.mark.parametrize("family", ["rp2040", "samd51"])
@pytest.mark.parametrize("rules, kinds, duplicate", pc.GAMES)
def test_no_cut_outside_the_window_loses_the_game_the_records_or_the_names(
        family, rules, kinds, duplicate):
    # games one after another until one compacts the journal: that one is cut
    nvm = pc.play_games(family, rules, kinds, duplicate, seed=len(kinds), games=12,
                        until_erase=True)
    tally = pc.Tally()
    writes = len(nvm.log) - nvm.marks[-1]
    sample = min(SAMPLE[family], WRITES[family] / writes)
    pc.sweep(family, nvm, tally, sample=sample, seed=len(kinds), first=nvm.marks[-1])
    print("\n%s %s %d seats%s: %s" % (family, rules, len(kinds),
                                       " duplicate" if duplicate else "", tally))
    assert tally.cuts >= 10
    if rules == 'yamb':     # its turns announce, and the announce is saved
        assert any(e[8] == 'announce' for e in nvm.log[nvm.marks[-1]:])
    assert tally.lost == {'game': 0, 'records': 0, 'names': 0}, tally
    if family == "samd51":
        # every write erases the whole 8 KB block: every write opens the window
        assert tally.erase_writes == tally.writes
    else:
        # appends never erase; a compaction now and then, and this game had one
        assert 1 <= tally.erase_writes <= 2 + tally.writes // 100
        assert 0 < tally.window_cuts <= tally.cuts // 4


def test_the_sweep_plays_every_ruleset():
    import yahtzee_core as yc
    assert sorted({rules for rules, _, _ in pc.GAMES}) == sorted(yc.RULESETS)
