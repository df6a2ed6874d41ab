"""CSV export of high scores and lifetime stats (yahtzee_core.records.to_csv_lines)."""
import csv

import yahtzee_core as yc
from yahtzee_core.records import N_HIGH, Records, csv_field

HEADER = ['section', 'item', 'value', 'initials', 'rules']
STAT_ITEMS = ['games', 'player games', 'points', 'average', 'best', 'yahtzees',
              'upper bonuses', 'wins', 'zeros']


def parsed(records, names=yc.RULESETS):
    lines = records.to_csv_lines(names)
    assert all('\n' not in line for line in lines)
    return list(csv.reader(lines))


def test_empty_records_give_the_header_and_zero_stats():
    rows = parsed(Records())
    assert rows[0] == HEADER
    assert rows[1:] == [['lifetime', item, '0', '', ''] for item in STAT_ITEMS]


def test_scores_and_stats_come_out_as_recorded():
    r = Records()
    r.add_score(212, 'ABC', yc.RULESETS.index('yatzy'))
    r.add_score(301, 'Z  ', 0)
    r.add_game(212, yahtzees=1, bonus=True, zeros=2, won=True)
    r.add_game(301, yahtzees=2, zeros=1)
    r.played = 1                    # one game of two human seats
    rows = parsed(r)
    assert rows[1:3] == [['high score', '1', '301', 'Z', 'yahtzee'],
                         ['high score', '2', '212', 'ABC', 'yatzy']]
    stats = dict((row[1], int(row[2])) for row in rows[3:])
    assert stats == {'games': 1, 'player games': 2, 'points': 513, 'average': 257, 'best': 301,
                     'yahtzees': 3, 'upper bonuses': 1, 'wins': 1, 'zeros': 3}
    assert all(len(row) == 5 for row in rows)


def test_awkward_initials_are_quoted_and_unknown_rulesets_numbered():
    r = Records()
    r.add_score(100, 'a,"', 15)       # ids are 4 bits in the records; 15 names none
    assert len(yc.RULESETS) < 15
    rows = parsed(r)
    assert rows[1] == ['high score', '1', '100', 'a,"', '15']
    assert r.to_csv_lines(())[1] == 'high score,1,100,"a,""",15'


def test_every_ruleset_is_named_in_the_export_after_a_round_trip_through_bytes():
    named = {}
    ids = list(enumerate(yc.RULESETS))
    for start in range(0, len(ids), N_HIGH):    # more rulesets than high-score entries
        r = Records()
        for rid, name in ids[start:start + N_HIGH]:
            r.add_score(100 + rid, 'P%d' % rid, rid)
        back = Records.from_bytes(r.to_bytes())
        assert back.high == r.high
        named.update({row[3]: row[4] for row in parsed(back) if row[0] == 'high score'})
    assert named == {'P%d' % rid: name for rid, name in ids}
    assert 'triple-yahtzee' in named.values() and 'kniffel' in named.values()


def test_csv_field_quotes_only_when_needed():
    assert csv_field('plain text') == 'plain text'
    assert csv_field('x"y') == '"x""y"'
    assert csv_field('a\nb') == '"a\nb"'
    assert list(csv.reader([csv_field('1,2')])) == [['1,2']]
