"""Desktop Hardware: the handheld's parts stood in for on a PC (desktop only).

The simulator runs the device's app code unchanged against this object, so each part
keeps the device's contract (see docs/ARCHITECTURE.md "Hardware interface"):

- display:  a Blinka displayio display that renders the root group into a 1-bit
            frame buffer (what the SSD1306 would show), refreshed only when asked.
- input:    keyboard keys turned into action codes; holding Space shakes a synthetic
            accelerometer that feeds the real shake detector (hardware/shake.py).
- storage:  the device's nvm as its flash takes writes (hardware/flash_model.py),
            optionally written through to a save file atomically, so a game can be
            resumed.
- sound:    silent, or the terminal bell.
- clock:    ticks_ms from time.monotonic_ns, or a virtual clock for scripted runs.

Never imported by device code.
"""

import contextlib
import io
import os
import tempfile
import time

import numpy as np

# Blinka prints a "GENERIC_X86 is not fully supported" line to stdout when busdisplay
# pulls in `microcontroller`; on a terminal UI that line would land in the picture.
with contextlib.redirect_stdout(io.StringIO()):
    import busdisplay
    import displayio
    from displayio._area import Area

from hardware import desktop_font
from hardware.flash_model import FlashNvm
from hardware.interface import Hardware
from hardware.shake import ShakeDetector
from hardware.sound import SilentSound
from events.ticks import TICKS_MASK
from events import actions


# Text as the firmware draws it (Blinka's font metrics put every line a pixel lower).
desktop_font.install()

# A fresh save file starts like a fresh device: erased flash (every byte 0xFF).
DEFAULT_NVM_SIZE = 4096

# Terminals send no key-up, only the key again: the first auto-repeat of a held key
# comes after the keyboard's repeat delay (250-700 ms), later ones every 30-125 ms.
# The first Space shakes for SPACE_FIRST_MS, each Space seen within SPACE_REPEAT_GAP_MS
# of the previous one extends the motion by SPACE_REPEAT_MS. The detector's own quiet
# time (300 ms) bridges the gaps, so the shake ends ~400 ms after the last Space.
SPACE_FIRST_MS = 450
SPACE_REPEAT_MS = 100
SPACE_REPEAT_GAP_MS = 750

# Synthetic accelerometer while shaking (milli-g, as hardware/shake.py reads it):
# every SHAKE_PERIOD_MS a strong swing then a weaker one (x on top of 1 g on z:
# |a| = 2693 and 1487 mg), so each period is a new
# peak above the detector's start threshold while the motion never drops below its
# stop threshold. The device lies flat: 1 g on z at rest.
SHAKE_PERIOD_MS = 100
SHAKE_STRONG_MG = 2500
SHAKE_WEAK_MG = 1100


class StorageError(Exception):
    """A save file that cannot be read or written (message is for the player)."""


# ---------------------------------------------------------------- display


def area_pixels(core, area):
    """What displayio's compositing core draws into `area` (a clipped displayio Area)
    at 1 bit per pixel: a numpy uint8 array (height, width) of 0 dark / 1 lit. The one
    place a displayio group becomes pixels (the simulator's display, the screenshots)."""
    width = area.width()
    height = area.height()
    count = width * height
    buffer = memoryview(bytearray((count + 31) // 32 * 4)).cast("I")
    mask = memoryview(bytearray((count // 32 + 1) * 4)).cast("I")
    core.fill_area(area, mask, buffer)
    # 1-bit colour space: pixel i of the area is bit (i % 8) of byte i // 8.
    bits = np.unpackbits(np.frombuffer(buffer.cast("B"), dtype=np.uint8), bitorder="little")
    return bits[:count].reshape(height, width)


class FrameBufferMixin:
    """Renders a displayio display into `pixels` instead of sending bytes on a bus.

    pixels is a numpy uint8 array (height, width) of 0 (dark) / 1 (lit), filled by
    Blinka's own compositing at 1 bit per pixel, so text, bitmaps and palettes come
    out as the OLED shows them. `version` counts refreshes that changed a pixel (or
    the awake state), so front ends redraw only on change. Mixed in before a
    busdisplay.BusDisplay subclass.
    """

    # displayio's background thread polls every display from the moment __new__
    # registers it; these defaults keep it from failing on a half-built one.
    _auto_refresh = False
    _pygame_screen = None

    # The keyword arguments a 1-bit OLED-like display passes to BusDisplay.
    ONE_BIT = {"color_depth": 1, "grayscale": True, "pixels_in_byte_share_row": True,
               "auto_refresh": False}

    def __new__(cls, *args, **kwargs):
        # Blinka allows one display per process and claims the slot in __new__; a
        # previous simulator run in the same process (tests) must give it back.
        if displayio.displays:
            displayio.release_displays()
        return super().__new__(cls, *args, **kwargs)

    def _setup_frame(self, width, height):
        self._frame = np.zeros((height, width), dtype=np.uint8)
        self.version = 0
        self.awake = True
        self.brightness_level = 255

    # Pixels as shown: a sleeping OLED is dark.
    @property
    def pixels(self):
        if not self.awake:
            return np.zeros_like(self._frame)
        return self._frame

    def refresh(self, **_timing):
        # The device paces frames itself; the frame-rate arguments of displayio's
        # refresh() would sleep in wall time, which a virtual clock cannot allow.
        before = self._frame.copy()
        group = self._core.current_group
        if self._core.full_refresh and group is not None:
            # Blinka clears a layer's change flags after a refresh only where it asked
            # the layer for its areas; the firmware clears them at a whole-screen
            # refresh too (ui/loop.py asks for one). Asked here, so a layer moved now
            # and again before the next refresh leaves nothing where it was between.
            group._get_refresh_areas([])    # pylint: disable=protected-access
        busdisplay.BusDisplay._refresh_display(self)
        if not np.array_equal(before, self._frame):
            self.version += 1
        return True

    def _refresh_area(self, area):
        clipped = Area()
        if not self._core.clip_area(area, clipped):
            return True
        self._frame[clipped.y1:clipped.y2, clipped.x1:clipped.x2] = area_pixels(self._core, clipped)
        return True

    def _background(self):
        # Refreshes happen when the app asks, on its clock, never from a thread.
        pass

    def set_brightness(self, level):
        self.brightness_level = max(0, min(255, int(level)))

    def sleep(self):
        if self.awake:
            self.awake = False
            self.version += 1

    def wake(self):
        if not self.awake:
            self.awake = True
            self.version += 1

    def close(self):
        if self in displayio.displays:
            displayio.release_displays()


class FrameBufferDisplay(FrameBufferMixin, busdisplay.BusDisplay):
    """A displayio display with no bus and no window: refresh() fills `pixels`."""

    def __init__(self, width=128, height=64):
        self._setup_frame(width, height)
        super().__init__(None, b"", width=width, height=height, **self.ONE_BIT)


# ---------------------------------------------------------------- input


class SyntheticAccelerometer:
    """A flat-lying accelerometer that swings along x while `shaking`.

    `sample(now_ms)` gives (x, y, z) in milli-g, a pure function of the clock so
    scripted runs repeat exactly.
    """

    def __init__(self):
        self.shaking = False

    def sample(self, now_ms):
        if not self.shaking:
            return (0, 0, 1000)
        strong = (now_ms % SHAKE_PERIOD_MS) * 2 < SHAKE_PERIOD_MS
        return (SHAKE_STRONG_MG if strong else SHAKE_WEAK_MG, 0, 1000)


class KeyboardInput:
    """Key presses in, action codes out: the desktop's `hardware.input`.

    Front ends call press(action) for ordinary keys, and for the shake key either
    space_down/space_up (a window has real key-up) or space_seen (a terminal: every
    Space byte, auto-repeats included). poll(now_ms) samples the synthetic
    accelerometer into the real shake detector and returns one action per call,
    like the device.
    """

    has_shake = True

    def __init__(self):
        self.accelerometer = SyntheticAccelerometer()
        self.detector = ShakeDetector()    # the device's, fed by the synthetic accelerometer
        self._queue = []
        self._space_down = False       # a real key is down (window, scripts)
        self._motion_until = None      # terminal: synthetic motion lasts until then
        self._last_space = None

    def press(self, action):
        self._queue.append(action)

    def space_down(self):
        self._space_down = True

    def space_up(self):
        self._space_down = False

    def space_seen(self, now_ms):
        """A Space byte from a terminal: start or prolong the shake."""
        repeat = self._last_space is not None and now_ms - self._last_space <= SPACE_REPEAT_GAP_MS
        self._last_space = now_ms
        until = now_ms + (SPACE_REPEAT_MS if repeat else SPACE_FIRST_MS)
        if self._motion_until is None or until > self._motion_until:
            self._motion_until = until

    @property
    def shaking(self):
        """True while the detector considers the dice shaken."""
        return bool(getattr(self.detector, "shaking", self.accelerometer.shaking))

    def poll(self, now_ms):
        if self._motion_until is not None and now_ms >= self._motion_until:
            self._motion_until = None
        self.accelerometer.shaking = self._space_down or self._motion_until is not None
        if self.has_shake:          # a board without the sensor ignores Space
            x, y, z = self.accelerometer.sample(now_ms)
            event = self.detector.update(now_ms, x, y, z)
            if event:
                return event
        if self._queue:
            return self._queue.pop(0)
        return actions.NONE


# ---------------------------------------------------------------- storage


def _write_atomically(path, data):
    folder = os.path.dirname(os.path.abspath(path))
    handle, temp = tempfile.mkstemp(prefix=".save-", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


class FileStorage(FlashNvm):
    """The device's nvm, as its flash takes writes (hardware/flash_model.py: the
    RP2040's by default); with a path, every write lands in the file atomically.

    The file holds exactly the bytes the device keeps (no header), so a save made in
    the simulator is the one the device would hold.
    """

    def __init__(self, size=DEFAULT_NVM_SIZE, path=None, family="rp2040"):
        super().__init__(family, size)
        self.path = path
        if path is None:
            return
        data = b""
        if os.path.exists(path):
            try:
                with open(path, "rb") as src:
                    data = src.read()
            except OSError as err:
                raise StorageError("cannot read save file %s: %s" % (path, err.strerror)) from None
        if data:        # an empty file is a new one, as a missing one
            if len(data) != size:
                raise StorageError(
                    "save file %s holds %d bytes, not the %d bytes of this board's storage"
                    % (path, len(data), size))
            bytearray.__setitem__(self, slice(0, size), data)
        else:
            self._flush()

    def _write(self, start, data):
        super()._write(start, data)
        self._flush()

    def _flush(self):
        if self.path is None:
            return
        try:
            _write_atomically(self.path, bytes(self))
        except OSError as err:
            raise StorageError("cannot write save file %s: %s" % (self.path, err.strerror)) from None


# ---------------------------------------------------------------- sound


class BellSound(SilentSound):
    """The terminal bell for tones, at most one ring per BELL_GAP_MS."""

    BELL_GAP_MS = 150

    def __init__(self, ring):
        super().__init__()
        self._ring = ring
        self._next_ms = 0
        self._pending = False

    def tone(self, freq_hz, ms):
        self._pending = True

    def update(self, now_ms):
        if self._pending and now_ms >= self._next_ms:
            self._pending = False
            self._next_ms = now_ms + self.BELL_GAP_MS
            self._ring()


# ---------------------------------------------------------------- clocks


class WallClock:
    """Milliseconds since start, from time.monotonic_ns."""

    def __init__(self):
        self._start = time.monotonic_ns()

    def ticks_ms(self):
        # Wraps at 2**29 like supervisor.ticks_ms, so the app's wrap-safe maths is used
        # the same way as on the device.
        return ((time.monotonic_ns() - self._start) // 1_000_000) & TICKS_MASK

    def sleep_ms(self, ms):
        if ms > 0:
            time.sleep(ms / 1000)


class VirtualClock:
    """A clock that moves only when told: scripted runs repeat exactly."""

    def __init__(self, start_ms=0):
        self.now = start_ms

    def ticks_ms(self):
        return self.now & TICKS_MASK

    def sleep_ms(self, ms):
        if ms > 0:
            self.now += ms

    def advance(self, ms):
        self.sleep_ms(ms)


# ---------------------------------------------------------------- board shapes

# Labels of the buttons drawn on the simulator's frame, by profile role.
_BUTTON_LABELS = {
    "HOLD1": "1", "HOLD2": "2", "HOLD3": "3", "HOLD4": "4", "HOLD5": "5",
    "BACK": "BACK", "OK": "OK", "LEFT": "LEFT", "RIGHT": "RIGHT", "UP": "UP",
    "DOWN": "DOWN", "HINT": "HINT",
}
_DRAW_ORDER = ("HOLD1", "HOLD2", "HOLD3", "HOLD4", "HOLD5", "LEFT", "BACK", "OK",
               "RIGHT", "UP", "DOWN", "HINT")


def board_names():
    """Boards the simulator can show: every device profile, plus the default
    wiring with a 128x32 OLED, and with no shake sensor (OK rolls)."""
    from hardware import profiles
    return tuple(profiles.PROFILES) + ("128x32", "no-shake")


def board_shape(name):
    """What the simulator needs of a board: display size and buttons (ValueError
    for an unknown name)."""
    from hardware import profiles
    if name == "128x32":
        profile = dict(profiles.get("default"), name="128x32", height=32)
    elif name == "no-shake":
        profile = dict(profiles.get("default"), name="no-shake", shake="none")
    elif name in profiles.PROFILES:
        profile = profiles.get(name)
    else:
        raise ValueError("unknown board %r (choose from %s)" % (name, ", ".join(board_names())))
    pins = profile["pins"]
    roles = [role for role in _DRAW_ORDER if role in pins]
    # the frame's buttons as printed on the board (the FeatherWing's A, B, C)
    labels = dict(_BUTTON_LABELS, **profile.get("button_labels", {}))
    return {
        "name": name,
        "width": profile["width"],
        "height": profile["height"],
        "buttons": tuple(labels[role] for role in roles),
        "labels": labels,
        "hold_keys": "HOLD1" in pins,
        "shake": profile.get("shake", "none") != "none",
        "profile": profile,
    }


class DesktopHardware(Hardware):
    """The Hardware of docs/ARCHITECTURE.md, for a PC.

    board: a device profile name or "128x32" (see board_names()); save_path: the
    file the nvm bytes live in (None: forgotten on exit); clock: WallClock (play)
    or VirtualClock (scripts, tests); display: a FrameBufferMixin display (the
    window front end passes its own).
    """

    def __init__(self, board="default", save_path=None, clock=None, sound=None,
                 display=None, nvm_size=DEFAULT_NVM_SIZE, alarm=None, usb_connected=False,
                 battery_mv=None):
        shape = board_shape(board)
        clock = clock if clock is not None else WallClock()
        storage = FileStorage(nvm_size, save_path)
        if display is None:
            display = FrameBufferDisplay(shape["width"], shape["height"])
        keys = KeyboardInput()
        keys.has_shake = shape["shake"]     # no sensor: Space does nothing, OK rolls
        super().__init__(
            display=display, input=keys, storage=storage,
            sound=sound if sound is not None else SilentSound(),
            ticks_ms=clock.ticks_ms, sleep_ms=clock.sleep_ms, messages=[],
            profile=board, config=shape["profile"], hold_buttons=shape["hold_keys"])
        self.board = board
        self.shape = shape
        self.clock = clock
        self._power(shape["profile"], alarm, usb_connected, battery_mv)

    def _power(self, profile, alarm, usb_connected, battery_mv):
        """The board's battery gauge on a ScriptedSupply (self.supply, in millivolts;
        None when the profile reads no supply) and deep sleep through a StandInAlarm
        (self.alarm: keep it and the storage across a wake, see desktop_power)."""
        from hardware import desktop_power
        from hardware.battery import PACKS, Battery
        from hardware.sleep import DeepSleep
        from hardware import profiles
        self.supply = None
        pack = PACKS.get(profile.get("battery", "none"))
        if pack is not None and "BATTERY" in profile["pins"]:
            divider = profile["battery_divider"]
            mv = battery_mv if battery_mv is not None else pack.curve[1][0]
            self.supply = desktop_power.ScriptedSupply(mv, divider)
            self.battery = Battery(self.supply, divider, pack)
        self.alarm = alarm if alarm is not None else desktop_power.StandInAlarm()
        self.runtime = desktop_power.StandInRuntime(usb_connected)
        buttons = [role for role in profiles.BUTTON_ROLES if role in profile["pins"]]
        quiet = (self.display.sleep,) if self.display is not None else ()
        self.sleep = DeepSleep(self.alarm, self.runtime, buttons, quiet,
                               after_s=profile.get("sleep_after_s", 0))

    def close(self):
        if self.display is not None:
            self.display.close()
