"""The nvm layout every board had before the journal, read once to move its records,
names and game into the journal (yahtzee_core/journal.py). Imported only when the nvm
does not hold a journal, and dropped after.

Old layout (by nvm size): records slots A and B (96 bytes each, from 288 bytes of
nvm), game slots A and B (up to 192 each), people slots (176 each, from 1 KB), large-
game slots (512 each, from 2 KB). Each pair was a two-slot store: a slot holds
[sequence u16][length u16][payload][CRC-16 of all before]; the newest intact slot is
the one to read. The game payload was [version 1 or 2, flags, game id u16] + the
game's snapshot; version 2 added the coach's records (7 bytes each) and two bytes,
records kept and records in all.
"""

from yahtzee_core.save import RECORDS, PEOPLE, GAME, COACH, crc16


def _slots(size):
    # (offset, slot size) of the records, game, people and large-game slot pairs
    records = 96 if size >= 288 else 0
    room = (size - 2 * records) // 2
    game = room if room < 192 else 192
    game = game if game >= 48 else 0
    people_at = 2 * records + 2 * game
    people = 176 if records and game == 192 and people_at + 352 <= size else 0
    large_at = people_at + 2 * people
    large = 512 if people and large_at + 1024 <= size else 0
    return (0, records), (2 * records, game), (people_at, people), (large_at, large)


def _newest(nvm, offset, slot):
    # The payload of the newest slot whose CRC holds (sequence numbers wrap), or None.
    best = None
    seq_best = 0
    for o in (offset, offset + slot):
        if not slot:
            break
        seq = nvm[o] | nvm[o + 1] << 8
        end = o + 4 + (nvm[o + 2] | nvm[o + 3] << 8)
        if end + 2 <= o + slot and crc16(nvm, o, end) == nvm[end] | nvm[end + 1] << 8:
            if best is None or 0 < (seq - seq_best) & 0xFFFF < 0x8000:
                best, seq_best = (o + 4, end), seq
    return bytes(nvm[best[0]:best[1]]) if best and best[1] > best[0] else None


def _today(kind, data):
    if kind == RECORDS:
        from yahtzee_core.records import Records
        return Records.from_bytes(data).to_bytes()
    from yahtzee_core.people import People
    return People.from_bytes(data).to_bytes()


def move(journal):
    """Read the old layout from the journal's nvm and, when it holds anything, write
    it as a journal (one erase). True when something was moved."""
    nvm = journal.nvm
    records, game, people, large = _slots(len(nvm))
    parts = []
    for kind, (at, slot) in ((RECORDS, records), (PEOPLE, people)):
        data = _newest(nvm, at, slot)
        try:
            if data is not None:    # read, and written again in today's format
                parts.append((kind, _today(kind, data)))
        except ValueError:
            pass
    data = _newest(nvm, game[0], game[1]) or _newest(nvm, large[0], large[1])
    if data is not None and len(data) > 4 and data[0] in (1, 2):
        end = len(data)
        if data[0] == 2:                # the coach's records, then kept, in all
            kept = data[-2]
            end -= 2 + 7 * kept
            if end > 4:
                parts.append((GAME, data[2:4] + data[4:end]))
                parts.append((COACH, bytes((data[-1], 0)) + data[end:end + 7 * kept]))
        else:
            parts.append((GAME, data[2:4] + data[4:]))
    if parts:
        parts.sort()        # records and names first
        from yahtzee_core import journal_compact
        journal_compact.rewrite(journal, parts)
        from yahtzee_core.rules import forget
        forget('journal_compact')
    return bool(parts)
