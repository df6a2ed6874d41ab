"""The app's saves in the nvm journal: what a board kept in the layout before it comes
over once (game, records, names, settings), a cut-short write that passes the
journal's CRC falls back, a game too large for a small board's nvm leaves no older
game to resume, and a game's saves write only what changed."""
import json
from pathlib import Path

import pytest

import yahtzee_core as yc
from hardware.flash_model import FlashNvm
from tools.screenshots import ScriptedDice, Session
from events import actions as A
from ui import app as ui_app
from ui import codes
from ui.saves.store import can_save, save_records
from yahtzee_core.journal import Journal
from yahtzee_core.people import People
from yahtzee_core.records import Records
from yahtzee_core.save import RECORDS, crc16

GOLDEN = Path(__file__).parent / "golden"
# nvm images in the two-slot layout boards had before the journal (ui/saves/legacy.py
# reads it), and what the app held when it wrote them
LEGACY = json.loads((GOLDEN / "legacy_nvm.json").read_text())


def resumable(session):
    app = session.app
    return app.title == 'Saved game found' and app.items[0] == 'Resume game'


@pytest.mark.parametrize("name", sorted(LEGACY))
def test_the_layout_before_the_journal_comes_over_once(name):
    old = LEGACY[name]
    image = (GOLDEN / (name + ".bin")).read_bytes()
    nvm = FlashNvm("rp2040", len(image), image)
    s = Session(storage=nvm, dice=ScriptedDice(seed=1))
    app = s.app
    assert nvm.erases == 1 and nvm.writes == 1         # moved over in one rewrite
    assert resumable(s)
    assert app.game.to_bytes().hex() == old["game"] and app.game_id == old["game_id"]
    assert bytes(app.coach).hex() == old["coach"]
    if len(image) >= 288:       # the old layout kept records from 288 bytes of nvm
        kept = Records.from_bytes(bytes.fromhex(old["records"]))
        assert app.records.high == kept.high and app.records.games == kept.games
        assert app.records.settings == kept.settings
        assert (app.sound, app.hints, app.coach_mode, app.cpu_speed) == (
            old["sound"], old["hints"], old["coach_mode"], old["cpu_speed"])
    if old["people"] is not None:
        assert app.people.to_bytes() == People.from_bytes(bytes.fromhex(old["people"])).to_bytes()
        assert app.people.names[:3] == ['ANN', '', 'CAT']
    again = Session(storage=nvm, dice=ScriptedDice(seed=2))   # read once: a journal now
    assert nvm.writes == 1 and again.app.game.to_bytes() == app.game.to_bytes()
    s.press(A.OK)                                   # resume and play on
    assert app.scene in (ui_app.PLAY, ui_app.CPU, codes.TURN)


def test_blank_nvm_of_any_size_holds_nothing_and_writes_nothing_at_boot():
    for size in (0, 40, 100, 256, 4096, 8192):
        nvm = FlashNvm("rp2040", size) if size else None
        s = Session(storage=nvm if nvm is not None else bytearray())
        assert not resumable(s)
        assert nvm is None or nvm.writes == 0


def test_newest_records_that_pass_the_crc_but_not_their_check_fall_back():
    nvm = FlashNvm("rp2040")
    s = Session(storage=nvm)
    s.start()                           # records written: sound on, hints on
    s.app.sound = False
    save_records(s.app)                 # sound off
    s.app.hints = False
    save_records(s.app)                 # sound off, hints off: newest
    j = Journal(nvm)
    p = j.at[RECORDS]
    _, start, n = j.record(p)
    image = bytearray(nvm)
    image[start] ^= 0x5A                # the version byte, and the frame's CRC made right
    c = crc16(image, p, start + n, j.seed)
    image[start + n], image[start + n + 1] = c & 0xFF, c >> 8
    back = Session(storage=FlashNvm("rp2040", data=bytes(image)))
    from yahtzee_core.records import SOUND_OFF
    assert back.app.records.settings == SOUND_OFF
    assert back.app.sound is False and back.app.hints is True


def test_saving_writes_only_what_changed():
    nvm = FlashNvm("rp2040")
    s = Session(storage=nvm, dice=ScriptedDice(seed=4))
    s.start(players=1)
    writes = nvm.writes
    s.press(A.OK)                       # a roll: one record
    assert nvm.writes == writes + 1
    s.press(A.HOLD_1, A.HOLD_3, A.HOLD_1)   # holds: none (they go with the next roll)
    assert nvm.writes == writes + 1
    s.press(A.BACK)
    s.press(A.OK)                       # the pause menu and back: nothing
    assert nvm.writes == writes + 1
    s.press(A.OK)                       # the second roll, with die 3 held
    assert nvm.writes == writes + 2 and nvm.erases == 0
    held = bytes(s.app.game.held)
    back = Session(storage=FlashNvm("rp2040", data=bytes(nvm)))
    assert resumable(back) and bytes(back.app.game.held) == held
    assert back.app.game.to_bytes() == s.app.game.to_bytes()


@pytest.mark.parametrize("size, players, rules", [(100, 2, 'yahtzee'),
                                                  (256, 5, 'triple-yahtzee')])
def test_game_too_large_for_small_nvm_leaves_no_older_game_to_resume(size, players, rules):
    nvm = FlashNvm("rp2040", size)
    s = Session(storage=nvm, dice=ScriptedDice(seed=3))
    s.start(players=1)                  # a solo game fits, and is saved
    s.press(A.OK)
    assert resumable(Session(storage=nvm))
    again = Session(storage=nvm, dice=ScriptedDice(seed=4))   # power cut, then a new game
    again.app.setup_rules = yc.RULESETS.index(rules)
    assert not can_save(again.app, players)
    again.start(players=players, rules=yc.RULESETS.index(rules))
    # several seats start at the handover: the warning is a note over it
    assert again.app.dialog == ui_app.DLG_NOTE
    assert again.app.dialog_lines[:2] == ['Power off loses', 'this game: no room']
    again.press(A.OK, A.OK)             # close the note; P1 takes the device and rolls,
                                        # playing on without saves
    assert again.app.game.rolls_left == 2
    back = Session(storage=nvm)         # power cut: the solo game must not come back
    assert not resumable(back)
    assert 'Resume game' not in back.app.items


def test_a_game_snapshot_that_passes_the_crc_but_not_its_check_falls_back_to_the_game_before():
    # a new game's snapshot cut short so that the journal's CRC still matches (about
    # one cut in 65,536 inside it): the game in play before it resumes, actions and all
    from yahtzee_core.save import GAME
    nvm = FlashNvm("rp2040")
    s = Session(storage=nvm, dice=ScriptedDice(seed=3))
    s.start(players=2)
    s.press(A.OK, A.HOLD_2, A.OK)       # rolls: action records after the snapshot
    before = s.app.game.to_bytes()
    torn = bytearray(b'\x09\x00' + yc.Game('yatzy', 3).to_bytes())
    torn[20:] = b'\xff' * (len(torn) - 20)      # the rest never programmed
    Journal(nvm).append(GAME, bytes(torn))
    image = FlashNvm("rp2040", data=bytes(nvm))
    back = Session(storage=image, dice=ScriptedDice(seed=5))
    assert resumable(back) and image.writes == 0
    assert back.app.game.to_bytes() == before
    back.press(A.OK)                    # resume, then a roll: the journal rewritten once
    back.press(A.OK)
    assert image.erases == 1
    again = Session(storage=FlashNvm("rp2040", data=bytes(image)))
    assert resumable(again)
    assert again.app.game.to_bytes() == back.app.game.to_bytes()


def test_a_game_snapshot_that_does_not_read_back_after_a_finished_game_resumes_nothing():
    from yahtzee_core.save import GAME, CLEAR
    nvm = FlashNvm("rp2040")
    s = Session(storage=nvm, dice=ScriptedDice(seed=3))
    s.start(players=1)
    s.press(A.OK)
    j = Journal(nvm)
    j.append(CLEAR, b'')                # the game ended
    j.append(GAME, b'\x09\x00' + yc.Game('yatzy', 3).to_bytes()[:-1] + b'\xff')
    assert not resumable(Session(storage=FlashNvm("rp2040", data=bytes(nvm))))


def test_a_game_fits_when_its_snapshot_and_the_turn_app_saves_reserves_fit():
    # ui/saves/start.py plans with the store's TURN_ROOM as its own (the store loads it:
    # it does not import the store back)
    from types import SimpleNamespace as NS
    from ui.saves import store as app_saves
    from ui.saves import start as save_start
    from yahtzee_core.journal import FRAME, HEADER
    from yahtzee_core.save import save_size
    assert save_start._TURN_ROOM == app_saves.TURN_ROOM
    rules = yc.ruleset('yahtzee')
    need = HEADER + FRAME + 2 + save_size(rules, 4) + app_saves.TURN_ROOM
    for size, fits in ((need, True), (need - 1, False)):
        app = NS(saves=NS(journal=NS(size=size)))
        assert bool(save_start.room(app, 4, False, rules)) == fits, size
