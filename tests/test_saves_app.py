"""The app's saves when nvm misbehaves: a torn write that passes the slot's checksum
falls back to the older slot, and a game too large for a small board's nvm leaves no
older game to be resumed in its place and says it will not survive a power cut."""
import pytest

import yahtzee_core as yc
from tools.screenshots import ScriptedDice, Session
from events import actions as A
from ui import app as ui_app
from ui.app_saves import can_save, save_records
from ui.nvm_layout import plan
from yahtzee_core.save import crc16


def splice_newest(nvm, offset, slot, pos):
    """Change payload byte `pos` of the newest slot and make the slot's CRC right again:
    what a torn write that happens to pass the 16-bit slot CRC leaves behind."""
    o, _, end = yc.SlotStore(nvm, offset, slot)._newest()
    nvm[o + 4 + pos] ^= 0x5A
    crc = crc16(nvm, o, end)
    nvm[end], nvm[end + 1] = crc & 0xFF, crc >> 8


def resumable(session):
    app = session.app
    return app.title == 'Saved game found' and app.items[0] == 'Resume game'


def test_newest_game_slot_that_does_not_decode_falls_back_to_the_older():
    nvm = bytearray(b'\xff' * 1024)
    s = Session(storage=nvm, dice=ScriptedDice(seed=8))
    s.start(players=2)
    s.press(A.OK)                       # P1 takes the device at the handover
    s.press(A.OK)                       # roll: saved
    older = s.app.game.to_bytes()
    s.press(A.HOLD_2)                   # hold: saved in the other slot
    assert s.app.game.to_bytes() != older
    lay = plan(len(nvm))
    splice_newest(nvm, lay.game_offset, lay.game_slot, 4 + 9)  # a die's byte
    back = Session(storage=nvm, dice=ScriptedDice(seed=1))
    assert resumable(back)
    back.press(A.OK)
    assert back.app.game.to_bytes() == older and back.app.scene == ui_app.PLAY


def test_newest_records_slot_that_does_not_decode_falls_back_to_the_older():
    nvm = bytearray(b'\xff' * 1024)
    s = Session(storage=nvm)
    s.start()                           # records written: sound on, hints on
    s.app.sound = False
    save_records(s.app)               # sound off
    s.app.hints = False
    save_records(s.app)               # sound off, hints off: newest
    lay = plan(len(nvm))
    splice_newest(nvm, lay.records_offset, lay.records_slot, 0)  # the version byte
    back = Session(storage=nvm)
    # the older records: sound off, hints on (the game save's own flags aside)
    from yahtzee_core.records import SOUND_OFF
    assert back.app.records.settings == SOUND_OFF


def test_slot_store_reads_the_older_intact_slot_on_request():
    nvm = bytearray(64)
    store = yc.SlotStore(nvm)
    assert store.read() is None and store.read(True) is None
    store.write(b'first')
    assert store.read() == b'first' and store.read(True) is None
    store.write(b'second')
    assert store.read() == b'second' and store.read(True) == b'first'
    store.write(b'')                    # "nothing saved" is newest: older is still there
    assert store.read() is None and store.read(True) == b'second'


@pytest.mark.parametrize("size, players", [(100, 2), (256, 8)])
def test_game_too_large_for_small_nvm_leaves_no_older_game_to_resume(size, players):
    nvm = bytearray(b'\xff' * size)
    s = Session(storage=nvm, dice=ScriptedDice(seed=3))
    s.start(players=1)                  # a solo game fits, and is saved
    s.press(A.OK)
    assert resumable(Session(storage=nvm))
    again = Session(storage=nvm, dice=ScriptedDice(seed=4))   # power cut, then a new game
    assert not can_save(again.app, players)
    again.start(players=players)
    # several seats start at the handover: the warning is a note over it
    assert again.app.dialog == ui_app.DLG_NOTE
    assert again.app.dialog_lines[:2] == ['Power off loses', 'this game: no room']
    again.press(A.OK, A.OK)             # close the note, P1 takes the device
    again.press(A.OK)                   # play on without saves
    assert again.app.game.rolls_left == 2
    back = Session(storage=nvm)         # power cut: the solo game must not come back
    assert not resumable(back)
    assert 'Resume game' not in back.app.items
