"""boot.py and code.py run against fake CircuitPython modules."""
import runpy
import sys
import types
from pathlib import Path

import pytest

import hardware

REPO = Path(__file__).resolve().parent.parent


from fake_board import fake_boot_modules


def run_boot():
    runpy.run_path(str(REPO / "boot.py"), run_name="__main__")


def test_boot_back_held_makes_drive_writable_for_the_game(monkeypatch, capsys):
    log = fake_boot_modules(monkeypatch, held_pins=("GP9",))
    run_boot()
    assert ("remount", "/", False) in log
    assert ("deinit", "GP9") in log                      # the pin is free for keypad
    assert "the game may write CIRCUITPY" in capsys.readouterr().out


def test_boot_not_held_leaves_drive_to_the_computer(monkeypatch, capsys):
    log = fake_boot_modules(monkeypatch, held_pins=("GP15",))
    run_boot()
    assert not [e for e in log if e[0] == "remount"]
    assert "the computer may write CIRCUITPY" in capsys.readouterr().out


def test_boot_follows_profile_and_pin_settings(monkeypatch):
    log = fake_boot_modules(monkeypatch, held_pins=("D6",),
                            settings={"YAHTZEE_PROFILE": "three-button"})
    run_boot()
    assert ("remount", "/", False) in log                # B (D6) on the Feather build
    log = fake_boot_modules(monkeypatch, held_pins=("GP15",),
                            settings={"YAHTZEE_PIN_BACK": "GP15"})
    run_boot()
    assert ("remount", "/", False) in log


def test_boot_missing_pin_or_error_is_harmless(monkeypatch, capsys):
    log = fake_boot_modules(monkeypatch, settings={"YAHTZEE_PIN_BACK": "GP99"})
    run_boot()
    assert "no BACK pin (GP99)" in capsys.readouterr().out
    log = fake_boot_modules(monkeypatch, held_pins=("GP9",),
                            remount_error=RuntimeError("Cannot remount '/' when visible via USB."))
    run_boot()
    assert "left CIRCUITPY as it was" in capsys.readouterr().out


class Reloaded(Exception):
    pass


class FakeInput:
    def __init__(self, script):
        self.script = list(script)

    def poll(self, now):
        return self.script.pop(0) if self.script else 0


def fake_code_modules(monkeypatch, run_app, build=None):
    loop = types.ModuleType("ui.loop")
    loop.run_app = run_app
    monkeypatch.setitem(sys.modules, "ui.loop", loop)
    supervisor = types.ModuleType("supervisor")

    def reload():
        raise Reloaded()
    supervisor.reload = reload
    monkeypatch.setitem(sys.modules, "supervisor", supervisor)
    if build is not None:
        monkeypatch.setattr(hardware, "build", build)


class EndlessWait(Exception):
    """The code under test kept waiting far longer than its script needs."""


def make_hw(script=(0, 0, 6)):
    slept = []

    def sleep_ms(ms):
        # Bounded: a wait loop that never sees its button fails the test instead of
        # growing this list until the machine runs out of memory.
        slept.append(ms)
        if len(slept) > 1000:
            raise EndlessWait()
    hw = hardware.Hardware(input=FakeInput(script), ticks_ms=lambda: 0,
                           sleep_ms=sleep_ms, messages=[])
    hw.slept = slept
    return hw


def test_code_runs_the_app_with_the_built_hardware(monkeypatch):
    hw = make_hw()
    seen = []
    fake_code_modules(monkeypatch, seen.append, build=lambda: hw)
    runpy.run_path(str(REPO / "code.py"), run_name="__main__")
    assert seen == [hw]


def test_code_error_prints_and_waits_for_a_button(monkeypatch, capsys):
    hw = make_hw(script=(0, 0, 0, 7))

    def crash(hw):
        raise ValueError("boom in the app")
    fake_code_modules(monkeypatch, crash, build=lambda: hw)
    with pytest.raises(Reloaded):
        runpy.run_path(str(REPO / "code.py"), run_name="__main__")
    captured = capsys.readouterr()
    assert "boom in the app" in captured.err + captured.out
    assert "Press a button to restart" in captured.out
    assert hw.slept == [50, 50, 50]          # waited, polling, until BACK was pressed


def test_code_build_failure_waits_without_reloading(monkeypatch, capsys):
    def broken_build():
        raise MemoryError("memory allocation failed")
    fake_code_modules(monkeypatch, lambda hw: None, build=broken_build)
    sleeps = []

    class Stop(Exception):
        pass

    def fake_sleep(seconds):
        sleeps.append(seconds)
        if len(sleeps) >= 3:
            raise Stop()
    # A stand-in `time` for code.py only: patching time.sleep itself would also catch
    # other threads' sleeps (Blinka's displayio polls in one) and race with this count.
    fake_time = types.ModuleType("time")
    fake_time.sleep = fake_sleep
    monkeypatch.setitem(sys.modules, "time", fake_time)
    with pytest.raises(Stop):
        runpy.run_path(str(REPO / "code.py"), run_name="__main__")
    assert sleeps == [1, 1, 1]               # no hardware: sleeps, never reloads
    assert "memory allocation failed" in "".join(capsys.readouterr())


def test_code_keyboard_interrupt_reaches_the_repl(monkeypatch):
    def interrupted(hw):
        raise KeyboardInterrupt()
    fake_code_modules(monkeypatch, interrupted, build=make_hw)
    with pytest.raises(KeyboardInterrupt):
        runpy.run_path(str(REPO / "code.py"), run_name="__main__")
