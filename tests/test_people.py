"""yahtzee_core.people: seat names and lifetime stats per player name and ruleset."""
import pytest

import yahtzee_core as yc
from yahtzee_core.people import People, N_ROWS, MAX_SIZE, clean_name


def test_bytes_round_trip_names_and_rows():
    p = People()
    p.names[0] = 'ANN'
    p.names[5] = 'B'
    p.add_game('ANN', 0, 250, yahtzees=2, bonus=True, won=True)
    p.add_game('ANN', 0, 180)
    p.add_game('ANN', 3, 300)
    back = People.from_bytes(p.to_bytes())
    assert back.names == ['ANN', '', '', '', '', 'B', '', '']
    row = back.find('ANN', 0)
    assert (row.games, row.points, row.best, row.yahtzees, row.upper_bonuses, row.wins) == (
        2, 430, 250, 2, 1, 1)
    assert row.average == 215
    assert [r.rules_id for r in back.rows if r.name == 'ANN'] == [3, 0]     # latest first
    assert back.find('ANN', 1) is None and back.find('BOB', 0) is None


def test_the_least_played_row_makes_room_and_the_size_is_bounded():
    p = People()
    for k in range(N_ROWS):
        for _ in range(k + 1):
            p.add_game('P%d' % k, 0, 100)
    p.add_game('NEW', 0, 100)
    assert len(p.rows) == N_ROWS and p.find('P0', 0) is None and p.find('NEW', 0)
    for k in range(3):
        p.names[k] = 'XYZ'
    assert len(p.to_bytes()) == MAX_SIZE


def test_names_are_cleaned():
    assert clean_name('abcd') == 'abc'
    assert clean_name('A ') == 'A'
    assert clean_name('A\x01B') == 'A?B'


@pytest.mark.parametrize('data', [b'', b'\x02' + b' ' * 25, b'\x01' + b' ' * 24 + b'\x01',
                                  b'\x01' + b'\x00' * 25])
def test_bad_bytes_are_a_save_error(data):
    with pytest.raises(yc.SaveError):
        People.from_bytes(data)


def test_version_1_still_loads_and_a_cut_short_record_fails_the_check_inside():
    p = People()
    p.names[0] = 'ANN'
    p.add_game('ANN', 0, 250)
    data = p.to_bytes()
    v1 = bytearray(data[:-2])
    v1[0] = 1
    assert People.from_bytes(bytes(v1)).to_bytes() == data
    for pos in range(1, len(data) - 2):     # any byte left unwritten (still erased)
        torn = bytearray(data)
        torn[pos] = 0xFF
        if bytes(torn) != data:
            with pytest.raises(yc.SaveError):
                People.from_bytes(bytes(torn))
