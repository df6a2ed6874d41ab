"""The nvm journal (yahtzee_core/journal.py) on the flash model of each board family:
appends never erase, a full journal is compacted once with what is live (records and
names first), a cut-short record is never read, and what follows it is rewritten."""
import pytest

from hardware.flash_model import Cut, FlashNvm, PowerCut
from yahtzee_core.journal import FRAME, HEADER, Journal
from yahtzee_core.save import CLEAR, COACH, GAME, PEOPLE, RECORDS, ROLL


def payload(i, size=20):
    return bytes((i * 7 + k * 13) & 0xFF for k in range(size))


def test_blank_flash_takes_records_without_an_erase():
    nvm = FlashNvm("rp2040")
    j = Journal(nvm)
    assert j.end == 0 and not j.dirty and j.game_at < 0     # blank: nothing stored
    j.append(RECORDS, payload(1))
    j.append(GAME, payload(2, 60))
    j.append(ROLL, b'\x00\x21\x43\x05')
    assert nvm.erases == 0 and nvm.writes == 3
    # the header went with the first record; each append programmed one or two pages
    assert nvm.programs == 3
    again = Journal(nvm)
    assert again.payload(again.at[RECORDS]) == payload(1)
    assert again.payload(again.game_at) == payload(2, 60)
    assert again.end == HEADER + 3 * FRAME + 20 + 60 + 4 and not again.dirty


def test_a_full_journal_is_compacted_once_keeping_what_is_live():
    nvm = FlashNvm("rp2040")
    j = Journal(nvm)
    game = [(GAME, payload(9, 80)), (COACH, b'\x01\x00' + payload(3, 7))]
    j.parts = lambda: game
    j.append(RECORDS, payload(1, 90))
    j.append(PEOPLE, payload(2, 170))
    j.append(GAME, payload(5, 80))
    appended = 0
    while nvm.erases == 0:
        j.append(ROLL, b'\x00\x21\x43\x05')
        appended += 1
    assert nvm.erases == 1 and appended > (4096 - 400) // 8 - 1
    # after the compaction: the records, the names, then the game's parts, nothing else
    again = Journal(nvm)
    assert again.payload(again.at[RECORDS]) == payload(1, 90)
    assert again.payload(again.at[PEOPLE]) == payload(2, 170)
    assert again.payload(again.game_at) == payload(9, 80)
    assert again.at[RECORDS] < again.at[PEOPLE] < again.game_at < again.at[COACH]
    assert again.at[ROLL] < 0 and again.end == HEADER + 4 * FRAME + 90 + 170 + 80 + 9
    assert again.gen == 1


def test_a_clear_drops_the_game_and_a_compaction_leaves_it_out():
    nvm = FlashNvm("rp2040", 512)
    j = Journal(nvm)
    j.parts = lambda: pytest.fail("no game to snapshot after a clear")
    j.append(GAME, payload(1, 60))
    j.append(CLEAR, b'')
    assert j.game_at < 0 and Journal(nvm).game_at < 0
    i = 0
    while nvm.erases == 0:
        i += 1
        j.append(RECORDS, payload(i, 90))
    back = Journal(nvm)
    assert back.game_at < 0 and back.payload(back.at[RECORDS]) == payload(i, 90)


@pytest.mark.parametrize("family", ["rp2040", "samd51", "plain"])
def test_a_cut_short_append_is_never_read_and_the_next_write_rewrites(family):
    nvm = FlashNvm(family)
    j = Journal(nvm)
    j.append(RECORDS, payload(1, 90))
    j.append(GAME, payload(2, 60))
    before = bytes(nvm)
    record = payload(3, 30)
    ops = nvm.ops_of_write(j.end, bytes(record) + bytes(FRAME))
    checked = 0
    for k in range(ops):
        for f in (0.3, 1):
            if family == "samd51" and k < 2:
                continue        # the erase and the first page: the window, tested below
            nvm = FlashNvm(family, data=before)
            j = Journal(nvm)
            nvm.cut = Cut(nvm.ops + k, f, seed=k)
            try:
                j.append(COACH, record)
            except PowerCut:
                pass
            back = Journal(nvm)
            assert back.payload(back.at[RECORDS]) == payload(1, 90)
            assert back.payload(back.game_at) == payload(2, 60)
            got = back.at[COACH]
            if got >= 0:        # only ever whole: the write had finished its bytes
                assert back.payload(got) == record
            elif family != "samd51":
                assert back.dirty   # bytes of a cut-short record follow: rewrite
            dirty = back.dirty
            erases = nvm.erases
            # the app's game after the roll, for a compaction to write as a snapshot
            back.parts = lambda: [(GAME, payload(4, 60))]
            back.append(ROLL, b'\x00\x21\x43\x05')
            if family == "rp2040":
                assert nvm.erases - erases == dirty     # a compaction only after a cut
            final = Journal(nvm)
            assert not final.dirty and final.payload(final.at[RECORDS]) == payload(1, 90)
            if dirty:
                assert final.payload(final.game_at) == payload(4, 60) and final.at[ROLL] < 0
            else:
                assert final.payload(final.at[ROLL]) == b'\x00\x21\x43\x05'
            checked += 1
    assert checked >= 2


def test_a_cut_in_a_plain_rewrite_never_reads_the_old_journal_as_new():
    """Storage that is not flash rewrites in place: a cut part way leaves the new
    start and the old rest. The old records have the old generation in their CRC."""
    nvm = FlashNvm("plain", 512)
    j = Journal(nvm)
    j.append(RECORDS, payload(1, 90))
    j.append(GAME, payload(2, 60))
    for _ in range(10):
        j.append(ROLL, b'\x00\x21\x43\x05')
    before = bytes(nvm)
    old = Journal(FlashNvm("plain", 512, before))
    new_gen = seen = 0
    for cut in range(1, 512, 7):
        nvm = FlashNvm("plain", 512, before)
        j = Journal(nvm)
        j.parts = lambda: [(GAME, payload(3, 60))]
        nvm.cut = Cut(nvm.ops, cut / 512.0)
        try:
            j.compact()
        except PowerCut:
            pass
        back = Journal(nvm)
        if back.gen == old.gen:     # the header not yet rewritten: the old journal, whole
            assert back.end == old.end and back.at == old.at
        else:                       # the new one as far as it got; no old roll under it
            new_gen += 1
            assert back.at[ROLL] < 0 and back.end <= HEADER + 2 * FRAME + 90 + 60
            if back.game_at >= 0:
                assert back.payload(back.game_at) == payload(3, 60)
                seen += 1
    assert new_gen > 50 and seen > 30


def test_foreign_bytes_make_the_first_write_a_compaction():
    nvm = FlashNvm("rp2040", data=bytes(range(256)) * 16)
    j = Journal(nvm)
    assert j.dirty and j.end == 0 and j.game_at < 0 and j.at[RECORDS] < 0
    j.append(RECORDS, payload(1, 90))
    assert nvm.erases == 1
    back = Journal(nvm)
    assert not back.dirty and back.payload(back.at[RECORDS]) == payload(1, 90)


def test_records_that_do_not_decode_fall_back_to_the_ones_before():
    nvm = FlashNvm("rp2040")
    j = Journal(nvm)
    j.append(RECORDS, payload(1, 90))
    j.append(RECORDS, payload(2, 90))
    back = Journal(nvm)
    back.drop(RECORDS)
    assert back.payload(back.at[RECORDS]) == payload(1, 90) and back.dirty
    back.append(PEOPLE, payload(3, 40))     # rewrites without the one dropped
    final = Journal(nvm)
    assert final.payload(final.at[RECORDS]) == payload(1, 90)


def test_a_small_nvm_keeps_the_game_first_then_the_records():
    nvm = FlashNvm("rp2040", 256)
    j = Journal(nvm)
    j.parts = lambda: [(GAME, payload(9, 100))]
    j.append(RECORDS, payload(1, 90))
    j.append(PEOPLE, payload(2, 100))       # does not fit with the game
    j.append(GAME, payload(9, 100))         # a compaction: the names give way
    back = Journal(nvm)
    assert back.payload(back.game_at) == payload(9, 100)
    assert back.payload(back.at[RECORDS]) == payload(1, 90) and back.at[PEOPLE] < 0


def journal_with_free(free):
    """A journal holding records, names and a finished game, `free` bytes left."""
    nvm = FlashNvm("rp2040")
    j = Journal(nvm)
    j.append(RECORDS, payload(1, 90))
    j.append(PEOPLE, payload(2, 170))
    j.append(GAME, payload(5, 80))
    while j.size - j.end - 8 > free:
        j.append(ROLL, b'\x00\x21\x43\x05')
    j.append(CLEAR, b'')
    assert nvm.erases == 0
    return nvm, j


@pytest.mark.parametrize("free, game, erases", [
    (1000, 800, 0),     # the whole game fits what is left: appended
    (600, 800, 1),      # it fits a compacted journal, not what is left: compacted now
    (2800, 6000, 0),    # larger than a compacted journal: compacting now would cost an
    (900, 6000, 1),     # erase more than when full, unless little is left anyway
])
def test_a_game_start_compacts_when_that_keeps_the_erases_out_of_the_game(free, game, erases):
    nvm, j = journal_with_free(free)
    j.append(GAME, payload(6, 80), game)
    assert nvm.erases == erases
    again = Journal(nvm)
    assert again.payload(again.game_at) == payload(6, 80)
    assert again.payload(again.at[PEOPLE]) == payload(2, 170)


def test_the_scan_and_the_compaction_keep_the_format_journal_writes():
    # journal_scan.py and journal_compact.py hold journal.py's format numbers as their
    # own (journal.py loads them: they do not import it back)
    from yahtzee_core import journal, journal_compact, journal_scan
    for module in (journal_scan, journal_compact):
        assert (module._HEADER, module._FRAME, module._FORMAT) == \
            (journal.HEADER, journal.FRAME, journal.FORMAT), module.__name__
