"""Where the app keeps its bytes in the device's nvm (microcontroller.nvm).

    offset 0                      records, slot A   (_RECORDS_SLOT bytes)
    _RECORDS_SLOT                 records, slot B
    2 * _RECORDS_SLOT             game save, slot A (game_slot bytes)
    2 * _RECORDS_SLOT + game_slot  game save, slot B
    then                          people, slots A and B (_PEOPLE_SLOT bytes each)
    then                          large game, slots A and B (_LARGE_SLOT bytes each)

Each region is a yahtzee_core SlotStore: two slots written alternately, so a power
cut in the middle of a write leaves the other slot readable. Boards differ (256 bytes
on a SAMD21, 4 KB on an RP2040, 8 KB on an nRF52840), so the layout is computed from
the size: when there is room for both, records get their fixed slots and the game
gets up to GAME_SLOT_MAX, and the seat names and per-player stats
(yahtzee_core.people) get their slots when there is room after a full-size game
slot (1 KB and up); when there is not, the game save wins (resuming a game
matters more than a high-score table) and records are not kept. A game whose save
does not fit GAME_SLOT_MAX (Triple Yahtzee with 4 or more players: 39 boxes a seat)
is saved in the large-game region after the people's, on boards with room for it
(2 KB and up, e.g. an RP2040's 4 KB); without it, it is played without saves.
Each region was added after the last, so an update moves nothing already stored.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_RECORDS_SLOT = const(96)  # records payload is at most 90 bytes (records.MAX_SIZE), plus 6 of SlotStore
GAME_SLOT_MAX = 192     # an 8-player Yatzy save is 172 bytes with headers (bench/bench_app.py)
_GAME_SLOT_MIN = const(48)  # a one-player save is 44 bytes with headers
_PEOPLE_SLOT = const(176)   # yahtzee_core.people.MAX_SIZE (170) plus 6 of SlotStore
# An 8-player Triple Yahtzee save in duplicate play is 360 bytes, 364 with the app's
# header, 370 with SlotStore's: the rest is room for the coach's records (7 bytes each).
LARGE_SLOT = 512


class Layout:
    """Offsets and slot sizes for one nvm size; a slot size of 0 means 'not stored'."""

    def __init__(self, size):
        self.size = size
        if size >= 2 * _RECORDS_SLOT + 2 * _GAME_SLOT_MIN:
            self.records_offset = 0
            self.records_slot = _RECORDS_SLOT
            room = (size - 2 * _RECORDS_SLOT) // 2
        else:
            self.records_offset = 0
            self.records_slot = 0
            room = size // 2
        self.game_offset = 2 * self.records_slot
        self.game_slot = room if room < GAME_SLOT_MAX else GAME_SLOT_MAX
        if self.game_slot < _GAME_SLOT_MIN:
            self.game_slot = 0
        # after the game slots, so adding this region moved nothing already stored
        self.people_offset = self.game_offset + 2 * self.game_slot
        self.people_slot = _PEOPLE_SLOT if (
            self.records_slot and self.game_slot == GAME_SLOT_MAX and
            self.people_offset + 2 * _PEOPLE_SLOT <= size) else 0
        self.large_offset = self.people_offset + 2 * self.people_slot
        self.large_slot = LARGE_SLOT if (
            self.people_slot and self.large_offset + 2 * LARGE_SLOT <= size) else 0

    def __repr__(self):
        return "<Layout nvm=%d records=%d@%d game=%d@%d people=%d@%d large=%d@%d>" % (
            self.size, self.records_slot, self.records_offset, self.game_slot,
            self.game_offset, self.people_slot, self.people_offset, self.large_slot,
            self.large_offset)


def plan(size):
    return Layout(size)
