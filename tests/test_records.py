"""High scores and lifetime stats: encode/decode, ordering, and power-safe storage."""
import pytest

from yahtzee_core import SaveError, SlotStore
from yahtzee_core.records import MAX_SIZE, N_HIGH, Records


def filled_records():
    r = Records()
    for score, initials, rid in ((180, 'ANN', 0), (250, 'BOB', 3), (250, 'CY', 1), (90, 'DEE', 4)):
        r.add_score(score, initials, rid)
    r.add_game(250, yahtzees=2, bonus=True, zeros=1, won=True)
    r.add_game(181, yahtzees=0, bonus=False, zeros=3, won=False, perfect_tenths=2546)
    r.last_game = 4321
    r.settings = 3
    r.setup_rules, r.setup_players, r.setup_kinds = 3, 5, 0b100001
    return r


def test_round_trip_keeps_everything():
    r = filled_records()
    back = Records.from_bytes(r.to_bytes())
    assert back.high == r.high
    for name in ('games', 'points', 'best', 'yahtzees', 'upper_bonuses', 'wins', 'zeros',
                 'last_game', 'settings', 'setup_rules', 'setup_players', 'setup_kinds',
                 'rated', 'rated_points', 'perfect'):
        assert getattr(back, name) == getattr(r, name), name
    assert back.to_bytes() == r.to_bytes()


def test_versus_perfect_counts_only_rated_games():
    r = Records()
    assert r.versus_perfect() is None
    r.add_game(300)                                   # no percentile table: not rated
    r.add_game(200, perfect_tenths=2546)
    r.add_game(251, perfect_tenths=1670)
    assert r.games == 3 and r.rated == 2
    assert r.versus_perfect() == (2255, 2108)        # 225.5 against (254.6 + 167.0) / 2


def as_version_2(r):
    """The bytes version 2 wrote for these records: a count byte, 6-byte entries
    (score u16, initials, ruleset byte), the same fixed fields."""
    v3 = r.to_bytes()
    out = bytearray((2, len(r.high)))
    for score, initials, rid in r.high:
        out += bytes((score & 0xFF, score >> 8)) + initials.encode() + bytes((rid,))
    return bytes(out + v3[1 + 5 * len(r.high):])


def test_version_1_records_still_load_with_their_seat_kinds():
    r = filled_records()
    v2 = as_version_2(r)
    # the same records as version 1 wrote them: setup kinds u16, 2 bits a seat, no
    # rated fields (seat 0 'perfect' = 1, seat 2 'beginner' = 3)
    v1 = bytearray(v2[:len(v2) - 16])                 # drop kinds and the rated fields
    v1[0] = 1
    v1 += bytes(((1 | 3 << 4) & 0xFF, 0))
    back = Records.from_bytes(bytes(v1))
    assert back.games == r.games and back.high == r.high and back.best == r.best
    assert back.setup_kinds == 1 | 3 << 6             # 3 bits a seat now
    assert (back.rated, back.rated_points, back.perfect) == (0, 0, 0)
    assert back.to_bytes()[0] == 3


def test_version_2_records_load_trimmed_to_the_best_of_each_ruleset():
    r = filled_records()
    old = Records()
    # version 2's one table of 8: six of ruleset 0, one each of rulesets 3 and 4
    old.high = [[300 - 10 * k, 'A%d ' % k, 0] for k in range(6)] + [[200, 'YAT', 3],
                                                                   [100, 'YCH', 4]]
    old.high.sort(key=lambda e: -e[0])
    old.games = 8
    back = Records.from_bytes(as_version_2(old))
    assert back.games == 8
    assert back.high == [[300, 'A0 ', 0], [290, 'A1 ', 0], [280, 'A2 ', 0],
                         [200, 'YAT', 3], [100, 'YCH', 4]]
    assert Records.from_bytes(back.to_bytes()).high == back.high
    assert back.to_bytes()[0] == 3


def test_many_games_of_one_ruleset_push_out_no_other_rulesets_scores():
    r = Records()
    kept = {}
    for rid in range(5):                # two scores of every ruleset
        for score in (40 + rid, 30 + rid):
            assert r.add_score(score, 'R%d' % rid, rid) is not None
            kept.setdefault(rid, []).append(score)
    assert len(r.high) == N_HIGH
    for score in range(100, 400, 7):    # a long run of high games of ruleset 0
        r.add_score(score, 'HI', 0)
    for rid in range(1, 5):
        assert sorted(e[0] for e in r.high if e[2] == rid) == sorted(kept[rid])
    assert [e[0] for e in r.high if e[2] == 0] == [394, 387]      # its best two
    # with only two rulesets played, each keeps its best PER_RULES
    two = Records()
    for score in range(50, 300, 5):
        two.add_score(score, 'A', 0)
        two.add_score(score + 1, 'B', 3)
    assert [e[0] for e in two.high if e[2] == 0] == [295, 290, 285]
    assert [e[0] for e in two.high if e[2] == 3] == [296, 291, 286]
    assert two.add_score(10, 'LOW', 3) is None
    assert Records.from_bytes(two.to_bytes()).high == two.high


def test_table_is_best_first_and_ties_keep_the_older_entry_first():
    r = filled_records()
    assert [e[0] for e in r.high] == [250, 250, 180, 90]
    assert [e[1] for e in r.high[:2]] == ['BOB', 'CY ']       # initials padded to 3
    tie = r.add_score(250, 'NEW', 2)
    assert r.high.index(tie) == 2 and r.high[3][0] == 180


def test_table_keeps_only_the_best_entries():
    r = Records()
    for rid in range(4):
        for s in range(10, 10 + 3 * N_HIGH, 3):
            r.add_score(s + rid, 'XYZ', rid)
    assert len(r.high) == N_HIGH
    assert all(r.high[k][0] >= r.high[k + 1][0] for k in range(N_HIGH - 1))
    assert r.add_score(1, 'LOW', 0) is None
    assert len(r.to_bytes()) == MAX_SIZE


def test_average_and_best():
    r = filled_records()
    assert r.games == 2 and r.best == 250 and r.points == 431
    assert r.average == 216          # 215.5 rounds up
    assert Records().average == 0


def test_set_initials_edits_in_place():
    r = filled_records()
    r.set_initials(r.high[1], 'ZED')
    assert r.high[1][1] == 'ZED'


@pytest.mark.parametrize('damage', ['version', 'truncate', 'count', 'order', 'initials'])
def test_bad_bytes_raise_save_error(damage):
    data = bytearray(filled_records().to_bytes())
    if damage == 'version':
        data[0] = 99
    elif damage == 'truncate':
        data = data[:-1]
    elif damage == 'count':
        data[1:1] = b'\x01\x00AAA' * (N_HIGH + 1 - 4)     # one entry too many
    elif damage == 'order':
        data[1] = 1                   # first score becomes smaller than the second
        data[2] = 0
    else:
        data[1 + 2] = 7               # a control character in the initials
    with pytest.raises(SaveError):
        Records.from_bytes(bytes(data))


def test_through_slot_store_survives_a_torn_write():
    nvm = bytearray(b'\xff' * 256)
    store = SlotStore(nvm, 0, 128)
    first = filled_records()
    store.write(first.to_bytes())
    second = filled_records()
    second.add_score(300, 'TOP', 0)
    rec = second.to_bytes()
    # A power cut half way through the next write: only part of the slot is written.
    saved = bytes(nvm)
    store.write(rec)
    torn = bytearray(saved)
    slot = 1 * 128
    torn[slot:slot + 20] = nvm[slot:slot + 20]
    back = Records.from_bytes(SlotStore(torn, 0, 128).read())
    assert back.high == first.high
    assert Records.from_bytes(SlotStore(nvm, 0, 128).read()).high[0] == [300, 'TOP', 0]


def test_a_full_table_fits_the_records_slot_of_the_nvm_layout():
    from ui.nvm_layout import Layout
    layout = Layout(4096)
    store = SlotStore(bytearray(4096), layout.records_offset, layout.records_slot)
    r = Records()
    for rid in range(5):
        for s in range(200, 240, 10):
            r.add_score(s + rid, 'MAX', rid)
    assert len(r.high) == N_HIGH and len(r.to_bytes()) == MAX_SIZE <= store.capacity
    store.write(r.to_bytes())
    assert Records.from_bytes(store.read()).high == r.high


def test_ruleset_ids_past_seven_keep_their_own_scores_through_bytes():
    """Rulesets 5 to 8 (Kniffel to Triple Yahtzee): id 8 needs a fourth bit, kept in bit 7 of
    the first initial, which records written before it never set."""
    import yahtzee_core as yc
    r = Records()
    for rid in range(len(yc.RULESETS)):
        r.add_score(300 - rid, 'R%d ' % rid, rid)
    assert len(r.high) == len(yc.RULESETS) == 9
    data = r.to_bytes()
    back = Records.from_bytes(data)
    assert back.high == r.high
    assert [e[2] for e in back.high] == list(range(9))
    # the eighth ruleset's entry has the bit; the others are byte for byte as before
    for i, e in enumerate(r.high):
        first = data[1 + 5 * i + 2]
        assert (first >> 7) == (e[2] >> 3) and (first & 0x7F) == ord(e[1][0])
    # id 8 is not id 0 (the 3 bits of the score word alone would make it so): more
    # Yahtzee scores in a full table give up Yahtzee's own lowest, never Triple's
    for score in (250, 260, 270):
        r.add_score(score, 'YYY', 0)
    assert len(r.high) == N_HIGH
    assert sorted(e[0] for e in r.high if e[2] == 0) == [270, 300]
    assert [e for e in r.high if e[2] == 8] == [[292, 'R8 ', 8]]


def test_with_nine_rulesets_a_full_table_keeps_every_rulesets_best():
    r = Records()
    for rid in range(9):
        r.add_score(100 + rid, 'AAA', rid)
    for score in range(200, 260, 5):                # many good games of one ruleset
        r.add_score(score, 'BBB', 6)
    assert len(r.high) == N_HIGH
    kept = {e[2] for e in r.high}
    assert kept == set(range(9))
    assert sorted(e[0] for e in r.high if e[2] == 6) == [250, 255]   # its best two
