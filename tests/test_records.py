"""High scores and lifetime stats: encode/decode, ordering, and the check inside."""
import pytest

from yahtzee_core import SaveError
from yahtzee_core.records import MAX_SIZE, N_HIGH, Records
from yahtzee_core.save import CHECK_POLY, crc16


def sealed(data):
    """Version-4 bytes with their check made right again (after an edit)."""
    data = bytearray(data)
    c = crc16(data, 0, len(data) - 2, 0xFFFF, CHECK_POLY)
    data[-2], data[-1] = c & 0xFF, c >> 8
    return bytes(data)


def filled_records():
    r = Records()
    for score, initials, rid in ((180, 'ANN', 0), (250, 'BOB', 3), (250, 'CY', 1), (90, 'DEE', 4)):
        r.add_score(score, initials, rid)
    r.add_game(250, yahtzees=2, bonus=True, zeros=1, won=True)
    r.add_game(181, yahtzees=0, bonus=False, zeros=3, won=False, perfect_tenths=2546)
    r.last_game = 4321
    r.settings = 3
    r.setup_rules, r.setup_players, r.setup_kinds = 3, 5, 0b100001
    r.played = 1                # one game of two human seats
    return r


def test_round_trip_keeps_everything():
    r = filled_records()
    back = Records.from_bytes(r.to_bytes())
    assert back.high == r.high
    for name in ('games', 'points', 'best', 'yahtzees', 'upper_bonuses', 'wins', 'zeros',
                 'last_game', 'settings', 'setup_rules', 'setup_players', 'setup_kinds',
                 'rated', 'rated_points', 'perfect', 'played'):
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
    v3 = r.to_bytes()[:-6]          # version 5 less `played` and its check
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
    assert back.to_bytes()[0] == 5


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
    assert back.to_bytes()[0] == 5


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
    """Each field is checked, behind a check that is right (sealed after the damage)."""
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
        Records.from_bytes(sealed(data) if damage != 'truncate' else bytes(data))


def test_a_cut_short_write_fails_the_check_inside():
    """A record whose journal CRC happens to hold (about 1 in 65,536 cut-short
    writes) must still not load half-old, half-new: the check inside refuses it."""
    old = filled_records().to_bytes()
    second = filled_records()
    second.add_score(300, 'TOP', 0)
    new = second.to_bytes()
    refused = 0
    for cut in range(1, len(new)):
        torn = new[:cut] + old[cut:len(new)] if len(old) >= len(new) else new[:cut] + \
            bytes(len(new) - cut)
        if torn == new:
            continue
        with pytest.raises(SaveError):
            Records.from_bytes(torn)
        refused += 1
    assert refused > len(new) // 2


def test_version_3_records_still_load():
    r = filled_records()
    r.played = r.games          # what an old record can tell: the seats' games
    v3 = bytearray(r.to_bytes()[:-6])
    v3[0] = 3
    back = Records.from_bytes(bytes(v3))
    assert back.high == r.high and back.settings == r.settings
    assert back.to_bytes() == r.to_bytes()


def test_version_4_records_load_with_their_games_as_played():
    from yahtzee_core.save import crc16, CHECK_POLY
    r = filled_records()
    r.played = 1
    v4 = bytearray(r.to_bytes()[:-6])
    v4[0] = 4
    crc = crc16(v4, 0, len(v4), 0xFFFF, CHECK_POLY)
    back = Records.from_bytes(bytes(v4 + bytes((crc & 0xFF, crc >> 8))))
    assert back.games == r.games == 2 and back.played == 2 and back.high == r.high
    assert Records.from_bytes(back.to_bytes()).played == 2


def test_a_full_table_is_the_largest_record():
    r = Records()
    for rid in range(5):
        for s in range(200, 240, 10):
            r.add_score(s + rid, 'MAX', rid)
    assert len(r.high) == N_HIGH and len(r.to_bytes()) == MAX_SIZE == 96
    assert Records.from_bytes(r.to_bytes()).high == r.high
