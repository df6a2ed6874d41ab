"""The frame loop: refresh only on change, steady cadence by sleeping, power, sound."""
from tools.screenshots import render
from tools.scripted_dice import ScriptedDice
from events import actions as A
from hardware import profiles
from ui import app as ui_app
from ui import loop


class FakeDisplay:
    def __init__(self, width=128, height=64):
        self.width, self.height = width, height
        self.root_group = None
        self.refreshes = 0
        self.brightness = []
        self.asleep = False

    def refresh(self):
        self.refreshes += 1

    def set_brightness(self, level):
        self.brightness.append(level)

    def sleep(self):
        self.asleep = True

    def wake(self):
        self.asleep = False


class FakeInput:
    def __init__(self, script=()):
        self.script = dict(script)      # frame number -> action
        self.frame = 0
        self.polls = 0

    def poll(self, now):
        self.polls += 1
        return self.script.pop(self.frame, A.NONE)


class FakeSound:
    def __init__(self):
        self.tones = []

    def tone(self, f, ms):
        self.tones.append((f, ms))

    def update(self, now):
        pass


class FakeHardware:
    def __init__(self, script=(), work_ms=0, **display):
        self.display = FakeDisplay(**display)
        self.input = FakeInput(script)
        self.storage = bytearray(b'\xff' * 1024)
        self.sound = FakeSound()
        self.messages = []
        self.has_shake = True
        self.hold_buttons = True
        self.fs_writable = False
        self.config = profiles.get('default')   # the board profile (the button legend)
        self.now = 0
        self.slept = []
        self.work_ms = work_ms

    def ticks_ms(self):
        self.now += self.work_ms        # time the frame's own work takes
        return self.now

    def sleep_ms(self, ms):
        self.slept.append(ms)
        self.now += ms
        self.input.frame += 1


def test_run_app_refreshes_only_when_something_changed_and_sleeps_to_the_deadline():
    hw = FakeHardware(script={5: A.OK, 30: A.DOWN}, work_ms=1)
    runner = loop.run_app(hw, max_frames=100, rng=ScriptedDice(seed=7), first_howto=False)
    assert runner.frames == 100
    # first draw, the menu -> setup change, the cursor move: three refreshes in 100 frames
    assert hw.display.refreshes == 3 == runner.refreshes
    assert hw.display.root_group is runner.views.root
    assert runner.app.scene == ui_app.SETUP and runner.app.view.cursor == 1
    # every frame slept the rest of its 25 ms (work is 1-2 ms of virtual time)
    assert all(20 <= ms <= loop.FRAME_MS for ms in hw.slept)
    assert len(hw.slept) == 100


class HeldKeys:
    """keypad.Keys with one key pressed at a scan of 7 ms and never let go."""

    def __init__(self):
        self.events = self
        self.queue = [(0, True, 7)]

    def get_into(self, event):
        if not self.queue:
            return False
        event.key_number, event.pressed, event.timestamp = self.queue.pop(0)
        return True


def test_a_long_press_is_acted_on_when_it_falls_due_not_at_the_next_frame():
    from types import SimpleNamespace
    from hardware.buttons import Controls
    controls = Controls(keys=HeldKeys(), event=SimpleNamespace(),
                        short_actions=bytes([A.OK]), long_actions=bytes([A.HINT]))
    reported = []
    poll = controls.poll

    def polled(now):
        code = poll(now)
        if code:
            reported.append((code, now))
        return code
    controls.poll = polled
    controls.frame = 0              # FakeHardware's sleep counts frames on its input
    hw = FakeHardware(work_ms=1)
    hw.input = controls
    loop.run_app(hw, max_frames=40, rng=ScriptedDice(seed=7), first_howto=False)
    # held from the scan at 7 ms: due at 607 ms, between the frames at ~600 and ~625
    assert [code for code, _ in reported] == [A.HINT]
    assert 607 <= reported[0][1] <= 610
    assert any(ms < 20 for ms in hw.slept)          # the short sleep to the due time


def test_runner_step_drives_frames_and_power_states():
    hw = FakeHardware()
    runner = loop.make_runner(hw, rng=ScriptedDice(seed=7), first_howto=False)
    app = runner.app
    assert runner.step(0) is True and runner.step(25) is False
    t = 50
    runner.step(t, A.OK)                              # setup screen
    assert hw.display.refreshes == 2
    t += app.settings.dim_ms
    runner.step(t)
    assert app.power == ui_app.DIM and hw.display.brightness[-1] == loop.DIM_LEVEL
    runner.step(t + 50, A.DOWN)                       # a dimmed screen's press acts
    assert app.power == ui_app.AWAKE and hw.display.brightness[-1] == loop.BRIGHT
    assert app.view.cursor == 1
    runner.step(t + 100, A.UP)
    t += 100 + app.settings.dim_ms + 25
    runner.step(t)
    assert app.power == ui_app.DIM
    t += app.settings.sleep_after_ms
    runner.step(t)
    assert app.power == ui_app.ASLEEP and hw.display.asleep
    assert runner.frame_ms == loop.ASLEEP_FRAME_MS
    runner.step(t + 100, A.DOWN)                      # wakes, press eaten
    assert not hw.display.asleep and hw.display.brightness[-1] == loop.BRIGHT
    assert app.view.cursor == 0


def test_tones_go_to_the_sound_part_once():
    hw = FakeHardware()
    runner = loop.make_runner(hw, rng=ScriptedDice(seed=7), first_howto=False)
    app = runner.app
    runner.step(0, A.OK)
    while app.view.items[app.view.cursor] != 'Start game':
        runner.step(10, A.DOWN)
    runner.step(20, A.OK)
    runner.step(30, A.OK)                             # roll: a tone
    assert len(hw.sound.tones) == 1
    runner.step(40)
    assert len(hw.sound.tones) == 1


def test_small_display_gets_the_compact_app():
    hw = FakeHardware(width=128, height=32)
    hw.hold_buttons = False
    runner = loop.make_runner(hw, rng=ScriptedDice(seed=7), first_howto=False)
    assert runner.app.settings.list_rows == 2 and runner.app.small_screen
    assert not runner.app.hold_buttons
    runner.step(0)
    img = render(runner.views.root, 128, 32)
    assert img.size == (128, 32) and img.getbbox() is not None


def test_runs_without_a_display():
    hw = FakeHardware()
    hw.display = None
    runner = loop.run_app(hw, max_frames=10, rng=ScriptedDice(seed=7), first_howto=False)
    assert runner.views is None and runner.redraws == 1


def test_with_the_desktop_hardware_when_present():
    try:
        from hardware.desktop import DesktopHardware, VirtualClock
    except ImportError:
        return
    hw = DesktopHardware(clock=VirtualClock())
    try:
        runner = loop.make_runner(hw, rng=ScriptedDice(seed=7), first_howto=False)
        runner.step(hw.ticks_ms())
        assert hw.display.pixels.sum() > 0            # the menu is on the 1-bit frame
    finally:
        hw.close()


class DyingShakeHardware(FakeHardware):
    """has_shake like hardware.Hardware (a property), counting how often it is read."""

    shake_ok = True
    shake_reads = 0

    @property
    def has_shake(self):
        self.shake_reads += 1
        return self.shake_ok

    @has_shake.setter
    def has_shake(self, value):
        self.shake_ok = value


def test_loop_passes_a_dying_shake_sensor_to_the_app():
    hw = DyingShakeHardware()
    runner = loop.make_runner(hw, rng=ScriptedDice(seed=4), first_howto=False)
    app = runner.app
    t = 0
    for a in (A.OK, A.NONE, A.NONE):                # New game
        t += 25
        runner.step(t, a)
    while app.view.items[app.view.cursor] != 'Start game':
        t += 25
        runner.step(t, A.DOWN)
    runner.step(t + 25, A.OK)
    runner.step(t + 50, A.SHAKE_START)
    assert app.scene == ui_app.PLAY and app.tumbling and app.settings.has_shake
    # the sensor stops answering: the hardware drops has_shake and leaves a message
    hw.shake_ok = False
    hw.messages.append('shake sensor stopped answering: press OK to roll')
    refreshes = hw.display.refreshes
    runner.step(t + 75)
    assert not app.settings.has_shake and not app.tumbling
    assert app.dialog == ui_app.DLG_NOTE and app.settings.messages[-1] == hw.messages[-1]
    assert hw.display.refreshes == refreshes + 1    # the note is on screen
    reads = hw.shake_reads
    for k in range(20):                             # asked no more once it is gone
        runner.step(t + 100 + 25 * k)
    assert hw.shake_reads == reads
    runner.step(t + 700, A.OK)                      # closes the note
    runner.step(t + 725, A.OK)                      # OK rolls now (the dice tumble first)
    runner.step(t + 1200)
    assert app.game.rolls_left == 2 and app.view.line_a == '2 left: hold, OK'


def test_csv_export_is_wired_to_the_drive_flag_and_writes_lines(tmp_path):
    hw = FakeHardware()
    assert not loop.make_app(hw, rng=ScriptedDice(seed=7)).settings.fs_writable
    hw.fs_writable = True
    app = loop.make_app(hw, rng=ScriptedDice(seed=7))
    assert app.settings.fs_writable and app.settings.file_writer is loop.write_lines
    assert 'Export CSV' in app.view.items
    path = tmp_path / 'out.csv'
    loop.write_lines(str(path), ['a,b', 'c,"d"'])
    assert path.read_bytes() == b'a,b\nc,"d"\n'


def test_table_file_prefers_the_plain_table_then_the_packed_ones(tmp_path, monkeypatch):
    import yahtzee_core as yc
    monkeypatch.chdir(tmp_path)
    rules = yc.ruleset('yacht')
    assert loop.table_file(rules) is None
    (tmp_path / 'tables').mkdir()
    for ending in ('.yz7', '.yz8', '.yzp', '.yzt'):     # each better than the last
        (tmp_path / 'tables' / ('yacht' + ending)).write_bytes(b't')
        assert loop.table_file(rules) == 'tables/yacht' + ending


def test_the_device_app_shows_the_how_to_at_the_first_boot_only():
    hw = FakeHardware()
    first = loop.make_runner(hw, rng=ScriptedDice(seed=7)).app
    assert first.scene == ui_app.PAGES and first.view.title == 'How to play'
    again = loop.make_runner(hw, rng=ScriptedDice(seed=7)).app     # same nvm
    assert again.scene == ui_app.MENU
