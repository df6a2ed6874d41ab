"""The app on batteries: the menus' battery mark, the low note, the save and deep sleep
before brown-out, and idle to deep sleep and back to the same screen, on the
simulator's desktop hardware (a StandInAlarm for CircuitPython's `alarm`, a
ScriptedSupply for the battery's ADC; hardware/desktop_power.py)."""

import numpy as np
import pytest

import sim
from events import actions as A
from hardware.desktop import VirtualClock
from hardware.battery import PERIOD_MS
from ui import app as ui_app
from ui.codes import AWAKE, DIM, ASLEEP, DEEP, DLG_NONE, DLG_NOTE

FRESH_MV = 2800     # two AA cells: 95 %
LOW_MV = 2150       # below 2xaa's low_mv (2.2 V)
EMPTY_MV = 1950     # below its save_mv (2.0 V)


def session(board="default", players=("human", "human"), mv=FRESH_MV, usb=False, seed=3):
    # headless: a run that starts at the menu (the first boot's how-to is for players)
    options = sim.Options(board=board, players=list(players) if players else None, seed=seed,
                          table=sim.no_tables, headless=True)
    hw = sim.DesktopHardware(board, clock=VirtualClock(), battery_mv=mv, usb_connected=usb)
    return sim.Session(hw, options)


def run(s, ms):
    """Step the session's frames for ms of app time (its own frame lengths)."""
    clock = s.hw.clock
    end = clock.ticks_ms() + ms
    while clock.ticks_ms() < end:
        s.step(clock.ticks_ms())
        clock.advance(s.frame_ms)


def press(s, *actions):
    for a in actions:
        s.hw.input.press(a)
        run(s, 100)


def reading(s, mv):
    """Set the supply and step past the gauge's period until the smoothed reading
    settles (a reading counts a quarter)."""
    s.hw.supply.millivolts = mv
    for _ in range(40):
        run(s, PERIOD_MS)
        if abs(s.hw.battery.millivolts - mv) < 20:
            return
    raise AssertionError("the gauge never got to %d mV" % mv)


def rolled_session():
    """Two seats on the default board, the first seat's dice rolled once."""
    s = session()
    run(s, 100)
    while s.app.scene != ui_app.PLAY:
        press(s, A.OK)              # the handover's OK takes the turn and rolls
    assert s.app.game.rolls_left == 2
    return s


def shake(s):
    press(s, A.SHAKE_START)
    run(s, 300)
    press(s, A.SHAKE_END)


def title_text(s):
    return s.runner.views.title.text, s.runner.views.title_right.text


def lit(s):
    return int(np.count_nonzero(s.hw.display.pixels))


# ------------------------------------------------------------------ the battery mark

def test_menu_and_pause_show_the_battery_others_do_not():
    s = session(players=None)
    run(s, 100)
    assert s.app.scene == ui_app.MENU
    pct = s.hw.battery.percent
    assert 90 <= pct <= 95          # 2.8 V: 95 % by the curve, less an ADC step
    mark = "%d%%" % pct
    assert title_text(s)[1] == mark
    press(s, A.OK)                  # New game: no mark
    assert s.app.scene == ui_app.SETUP and title_text(s)[1] == ""
    s = session(players=("human",))
    run(s, 100)
    assert s.app.scene == ui_app.PLAY
    press(s, A.BACK)
    assert s.app.scene == ui_app.PAUSE
    assert title_text(s)[1] == "R1 " + mark
    press(s, A.DOWN, A.OK)          # the scorecard: no mark
    assert s.app.scene == ui_app.CARD
    views = s.runner.views
    assert views.list_group.hidden or mark not in title_text(s)[1]
    assert mark not in s.app.view.header_right


def test_the_mark_follows_the_cells_and_usb():
    s = session(players=None)
    run(s, 100)
    reading(s, 2400)
    pct = s.hw.battery.percent
    assert 45 <= pct <= 55          # 2.4 V: half, as the smoothing gets there
    assert s.app.view.battery == pct and title_text(s)[1] == "%d%%" % pct
    reading(s, 4900)                # USB on VSYS: a plug, not a level
    assert s.app.view.battery == 101 and title_text(s)[1] == "USB"


def test_no_reading_shows_nothing():
    s = session(players=None, mv=0)     # the pin reads no supply (an emulator's ADC)
    run(s, 2 * PERIOD_MS)
    assert not s.hw.battery.present and s.app.view.battery == -1
    assert title_text(s)[1] == "" and s.app.dialog == DLG_NONE and s.app.power == AWAKE
    t = session(board="feather-128x64", players=None)   # no gauge: hw.battery is None
    assert t.hw.battery is None
    run(t, PERIOD_MS)
    assert t.app.view.battery == -1 and title_text(t)[1] == ""


# ------------------------------------------------------------------ low and empty

def test_low_battery_is_said_once():
    s = session()
    run(s, 100)
    reading(s, LOW_MV)
    app = s.app
    assert s.hw.battery.low and app.dialog == DLG_NOTE
    assert app.view.dialog_lines[0] == "Battery low"
    press(s, A.OK, A.OK)            # (the first press brightens the dimmed screen)
    assert app.dialog == DLG_NONE
    reading(s, LOW_MV - 20)
    run(s, 3 * PERIOD_MS)
    assert app.dialog == DLG_NONE and s.hw.battery.low     # still low, not said again


def test_brown_out_saves_and_sleeps_then_wakes_to_the_same_dice():
    s = rolled_session()
    press(s, A.HOLD_2)
    faces = bytes(s.app.view.faces)
    held = bytes(s.app.view.held)
    assert held == b"\x00\x01\x00\x00\x00" and s.app.game.rolled
    s.hw.supply.millivolts = EMPTY_MV
    alarm = s.hw.alarm
    for _ in range(12):
        run(s, PERIOD_MS)
        if s.asleep:
            break
    assert s.asleep and alarm.sleeps, "no deep sleep at %d mV" % EMPTY_MV
    assert s.hw.battery.save_now
    # the note was shown before the sleep; the screen is dark now
    assert lit(s) == 0
    s.hw.input.press(A.OK)          # the waking press (fresh cells meanwhile)
    s.hw.supply.millivolts = FRESH_MV
    run(s, 100)
    assert not s.asleep and s.wakes == 1
    app = s.app
    assert app.scene == ui_app.PLAY and bytes(app.view.faces) == faces and bytes(app.view.held) == held
    assert app.game.rolls_left == 2


def test_empty_battery_shows_a_note_before_sleeping():
    s = session()
    run(s, 100)
    s.hw.supply.millivolts = EMPTY_MV
    seen = []
    for _ in range(100):
        run(s, PERIOD_MS // 4)
        if s.app.dialog == DLG_NOTE:
            seen.append(s.app.view.dialog_lines[0])
        if s.asleep:
            break
    assert s.asleep and "Battery empty" in seen


def test_empty_battery_on_a_board_that_cannot_sleep_turns_the_screen_off():
    s = session()
    s.hw.sleep.why_not = "no alarm module on this board: the screen turns off instead"
    run(s, 100)
    s.hw.supply.millivolts = EMPTY_MV
    for _ in range(12):
        run(s, PERIOD_MS)
    assert not s.asleep and not s.hw.alarm.sleeps
    assert s.app.power == DEEP and lit(s) == 0


# ------------------------------------------------------------------ idle to deep sleep

@pytest.mark.parametrize("board", ["default", "128x32", "three-button"])
def test_idle_deep_sleep_and_wake_resume_the_same_screen_and_dice(board):
    s = session(board)
    run(s, 100)
    app = s.app
    while app.scene != ui_app.PLAY:
        press(s, A.OK)              # the handover's OK takes the turn and rolls
    assert app.game.rolls_left == 2
    if app.hold_buttons:
        press(s, A.HOLD_1, A.HOLD_4)
    else:           # the die cursor: hold the first die
        while app.view.die_cursor != 0:
            press(s, A.RIGHT)
        press(s, A.OK, A.RIGHT)
    assert app.game.rolled
    faces, held, cursor = bytes(app.view.faces), bytes(app.view.held), app.view.die_cursor
    seat, round_ = app.game.current, app.game.round
    after = s.hw.sleep.after_ms
    assert after == 180000
    run(s, after - 59000)
    assert app.power == ASLEEP and not s.asleep      # the screen off first
    run(s, 62000)
    assert s.asleep and len(s.hw.alarm.sleeps) == 1 and lit(s) == 0
    run(s, 60000)                   # stays asleep until a key
    assert s.asleep
    s.hw.input.press(A.HOLD_5 if app.hold_buttons else A.RIGHT)   # eaten by the wake
    run(s, 200)
    new = s.app
    assert new is not app and s.hw.sleep.woke
    assert new.scene == ui_app.PLAY and new.dialog == DLG_NONE      # no "resume?"
    assert bytes(new.view.faces) == faces and bytes(new.view.held) == held
    assert new.view.die_cursor == cursor
    assert new.game.current == seat and new.game.round == round_
    assert lit(s) > 0 and new.power == DIM      # dimmed: the next press only brightens
    press(s, A.HOLD_5 if new.hold_buttons else A.RIGHT)
    assert new.power == AWAKE and bytes(new.view.held) == held and new.view.die_cursor == cursor
    # the game goes on from there: the next roll keeps the held dice
    if new.hold_buttons:
        shake(s)
    else:
        while new.view.die_cursor != ui_app.CURSOR_ROLL:
            press(s, A.RIGHT)
        press(s, A.OK)
    assert new.game.rolls_left == 1
    assert all(new.view.faces[i] == faces[i] for i in range(5) if held[i])


def test_asleep_on_the_pause_menu_wakes_on_it_with_its_cursor():
    s = session()
    run(s, 100)
    while s.app.scene != ui_app.PLAY:
        press(s, A.OK)
    press(s, A.BACK, A.DOWN, A.DOWN)
    cursor = s.app.view.cursor
    run(s, 181000)
    assert s.asleep
    press(s, A.OK)
    assert s.app.scene == ui_app.PAUSE and s.app.view.cursor == cursor == 2


def test_asleep_at_the_menu_wakes_at_the_menu_without_the_notes():
    s = session(board="no-shake", players=None)     # a boot note: no shake sensor
    run(s, 100)
    assert s.app.scene == ui_app.BOOT
    press(s, A.OK)
    run(s, 181000)
    assert s.asleep
    press(s, A.OK)
    assert s.app.scene == ui_app.MENU


def test_a_power_cut_while_asleep_is_a_power_on():
    s = session()
    run(s, 100)
    while s.app.scene != ui_app.PLAY:
        press(s, A.OK)
    run(s, 181000)
    assert s.asleep
    s.hw.alarm.power_cut()
    s.hw.alarm.asleep = True        # (the stand-in's wake() wants a sleep before it)
    press(s, A.OK)
    assert s.app.scene == ui_app.MENU and s.app.view.items[0] == "Resume game"


def test_usb_keeps_the_board_awake_with_the_screen_off():
    s = session(usb=True)
    run(s, 100)
    run(s, 200000)
    assert not s.asleep and not s.hw.alarm.sleeps
    assert s.app.power == DEEP and lit(s) == 0
    press(s, A.OK)                  # wakes the screen only
    assert s.app.power == AWAKE and lit(s) > 0
