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


def test_version_1_records_still_load_with_their_seat_kinds():
    r = filled_records()
    v2 = r.to_bytes()
    # the same records as version 1 wrote them: setup kinds u16, 2 bits a seat, no
    # rated fields (seat 0 'perfect' = 1, seat 2 'beginner' = 3)
    v1 = bytearray(v2[:len(v2) - 16])                 # drop kinds and the rated fields
    v1[0] = 1
    v1 += bytes(((1 | 3 << 4) & 0xFF, 0))
    back = Records.from_bytes(bytes(v1))
    assert back.games == r.games and back.high == r.high and back.best == r.best
    assert back.setup_kinds == 1 | 3 << 6             # 3 bits a seat now
    assert (back.rated, back.rated_points, back.perfect) == (0, 0, 0)
    assert back.to_bytes()[0] == 2


def test_table_is_best_first_and_ties_keep_the_older_entry_first():
    r = filled_records()
    assert [e[0] for e in r.high] == [250, 250, 180, 90]
    assert [e[1] for e in r.high[:2]] == ['BOB', 'CY ']       # initials padded to 3
    assert r.place_for(250) == 2 and r.place_for(251) == 0 and r.place_for(1) == 4


def test_table_keeps_only_the_best_entries():
    r = Records()
    for s in range(10, 10 + 3 * N_HIGH, 3):
        r.add_score(s, 'XYZ', 0)
    assert len(r.high) == N_HIGH
    assert r.high[-1][0] == 10 + 3 * N_HIGH - 3 - 3 * (N_HIGH - 1)
    assert r.add_score(1, 'LOW', 0) == -1
    assert len(r.to_bytes()) == MAX_SIZE


def test_average_and_best():
    r = filled_records()
    assert r.games == 2 and r.best == 250 and r.points == 431
    assert r.average == 216          # 215.5 rounds up
    assert Records().average == 0


def test_set_initials_edits_in_place():
    r = filled_records()
    r.set_initials(1, 'ZED')
    assert r.high[1][1] == 'ZED'


@pytest.mark.parametrize('damage', ['version', 'truncate', 'count', 'order', 'initials'])
def test_bad_bytes_raise_save_error(damage):
    data = bytearray(filled_records().to_bytes())
    if damage == 'version':
        data[0] = 99
    elif damage == 'truncate':
        data = data[:-1]
    elif damage == 'count':
        data[1] = N_HIGH + 1
    elif damage == 'order':
        data[2] = 1                   # first score becomes smaller than the second
        data[3] = 0
    else:
        data[2 + 2] = 7               # a control character in the initials
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
