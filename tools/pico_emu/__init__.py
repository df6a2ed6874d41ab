"""The Pico's own CircuitPython firmware in an emulator, with the handheld's parts.

    from tools import pico_emu
    reason = pico_emu.unavailable()          # None, or one line saying what is missing
    drive = pico_emu.Drive(profile="default", mpy=False, settings={"YAHTZEE_DICE_SEED": "7"})
    with pico_emu.Pico(drive) as pico:       # node + rp2040js + tools/pico_emu/harness.js
        pico.power_on()
        pico.run_until_still()               # boot: the first screen, when it stops changing
        pico.press("OK")
        picture = pico.screen()              # numpy (height, width) of 0/1, as the simulator's
        pico.shake(700)
        print(pico.console)                  # everything the USB console said

The firmware (a CircuitPython 10 UF2 for the Raspberry Pi Pico) and the RP2040 boot ROM
are not in the repository: PICO_UF2 and PICO_BOOTROM name them, else they are looked for
in ../shared/rp2040/ beside the checkout. tools/pico_emu/README.md says how to get them.
Drive(..., firmware=True) runs our own firmware instead (the game frozen in, the drive
without code): POCKET_YAHTZEE_FIRMWARE names the folder `python -m tools.firmware --out`
wrote, else build/firmware/ in the checkout (./test.sh builds it there).
Desktop only.
"""

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent
SHARED = REPO_ROOT.parent / "shared" / "rp2040"
HARNESS = HERE / "harness.js"
NODE_MODULES = HERE / "node_modules" / "rp2040js"
FIRMWARE_VERSION = "10.2.1"

NVM_OFFSET = 0xFF000            # microcontroller.nvm on a 2 MB RP2040 board
NVM_BYTES = 4096
DRIVE_OFFSET = 0x100000
PRESS_MS = 60                   # a button press: long enough for keypad's 20 ms scan
LONG_PRESS_EXTRA_MS = 150       # held this much beyond the profile's long-press time
CALM_BUSY = 0.5                 # settled: the CPU busy under half the time (idle: ~7%)

# The Feather RP2040's pin names as RP2040 GPIO numbers (Adafruit's pinout): the
# three-button profile runs on the Pico's firmware with these GPIOs named in settings.toml.
FEATHER_RP2040 = {"SDA": 2, "SCL": 3, "D4": 6, "D5": 7, "D6": 8, "D9": 9, "D10": 10,
                  "D11": 11, "D12": 12, "D13": 13, "D24": 24, "D25": 25, "TX": 0, "RX": 1,
                  "A0": 26, "A1": 27, "A2": 28, "A3": 29}


def _path_setting(env, shared_name):
    value = os.environ.get(env)
    return Path(value) if value else SHARED / shared_name


def firmware_paths(board=None):
    """{'uf2', 'bootrom', 'elf'}: where the firmware, the boot ROM and the firmware's ELF
    (symbols for profiles; optional) are looked for. board: None for the stock Pico
    firmware, else one of tools.firmware.BOARDS for ours."""
    paths = {"uf2": _path_setting("PICO_UF2", "firmware.uf2"),
             "bootrom": _path_setting("PICO_BOOTROM", "bootrom-b1.bin"),
             "elf": _path_setting("PICO_ELF", "firmware.elf")}
    if board is not None:
        folder = our_firmware_dir()
        paths["uf2"] = folder / ("pocket-yahtzee-%s.uf2" % board)
        paths["elf"] = folder / ("pocket-yahtzee-%s.elf" % board)
    return paths


def our_firmware_dir():
    """Where `python -m tools.firmware --out` put our firmware for the emulator."""
    value = os.environ.get("POCKET_YAHTZEE_FIRMWARE")
    return Path(value) if value else REPO_ROOT / "build" / "firmware"


def firmware_board(profile):
    """Which of our firmwares a profile's board runs: its board's (tools.firmware.BOARDS)
    when that was built, else the Pico's (./test.sh builds only the Pico's; on it the
    profile's pins are named GPn in settings.toml)."""
    from tools.firmware import BOARDS
    for board, (_, board_profile) in BOARDS.items():
        if board_profile == profile and firmware_paths(board)["uf2"].is_file():
            return board
    return "pico"


def node_binary():
    return shutil.which(os.environ.get("NODE", "node"))


def unavailable(board=None):
    """None when the emulator can run here, else one line saying what is missing.
    board: one of our firmwares (tools.firmware.BOARDS) instead of the stock one."""
    if board is not None:
        why = _no_emulator()
        if why:
            return why
        from tools import firmware
        if not firmware_paths(board)["uf2"].is_file() and firmware.unavailable():
            return firmware.unavailable()
        return firmware.stale_reason(our_firmware_dir(), board)
    why = _no_emulator()
    if why:
        return why
    paths = firmware_paths()
    if not paths["uf2"].is_file():
        return ("no CircuitPython %s UF2 for the Pico at %s (set PICO_UF2)"
                % (FIRMWARE_VERSION, paths["uf2"]))
    return None


def _no_emulator():
    """None when node, rp2040js and the boot ROM are here, else what is missing."""
    if node_binary() is None:
        return "no node (Node.js 18+) on PATH: the emulated-Pico tests need it"
    if not NODE_MODULES.is_dir():
        return ("rp2040js not installed in tools/pico_emu/node_modules "
                "(tools/ensure_env.sh runs npm ci there)")
    bootrom = firmware_paths()["bootrom"]
    if not bootrom.is_file():
        return "no RP2040 boot ROM at %s (set PICO_BOOTROM)" % bootrom
    return None


class EmulatorError(RuntimeError):
    """The harness refused a command or stopped unexpectedly."""


# ------------------------------------------------------------------ wiring


class Wiring:
    """Where a board profile's parts sit, as RP2040 GPIO numbers, plus the settings.toml
    lines that name those pins on the Pico's firmware (whose `board` module only has
    GPn names)."""

    def __init__(self, profile_name="default", firmware=None):
        from hardware import profiles
        profile = profiles.get(profile_name)
        # the Pico's firmware names only GPn pins; the Feather's has the profile's names
        own_names = firmware == "feather_rp2040"
        self.profile = profile
        self.name = profile_name
        self.settings = {}
        self.pins = {}
        for role, name in profile["pins"].items():
            gp = self._gpio(name)
            self.pins[role] = gp
            if not (own_names or name.upper().startswith("GP")
                    or name.upper() == "VOLTAGE_MONITOR"):
                self.settings["YAHTZEE_PIN_" + role] = "GP%d" % gp
        self.width = profile["width"]
        self.height = profile["height"]
        self.long_press = {act: role for role, act in profile["long_press"].items()}
        self.long_press_ms = profile.get("long_press_ms", 600)
        self.buttons = {role: self.pins[role] for role in profiles.BUTTON_ROLES
                        if role in self.pins}

    @staticmethod
    def _gpio(name):
        upper = name.upper()
        if upper.startswith("GP"):
            return int(upper[2:])
        if upper == "VOLTAGE_MONITOR":      # the Pico's VSYS/3 divider on ADC3
            return 29
        return FEATHER_RP2040[upper]

    def acts_at(self, action_name, pressed, released):
        """When the board acts on a press of the action's button: at once, when let
        go (a key that also has a long action), or once held long enough."""
        role = action_name.upper().replace("HOLD_", "HOLD")
        if role in self.long_press:
            return pressed + self.long_press_ms
        if role in self.buttons and role in self.profile["long_press"]:
            return released
        return pressed

    def parts(self):
        """The harness's `parts` and the pins with a pull-up resistor on the board."""
        p = self.profile
        parts = {"i2c": {"sda": self.pins["SDA"], "scl": self.pins["SCL"]},
                 "oled": {"address": p["display_address"], "width": self.width,
                          "height": self.height}}
        if p["shake"] == "lis3dh":
            from hardware.profiles import ACCEL_ADDRESSES
            parts["accel"] = {"address": p["accel_address"] or ACCEL_ADDRESSES["lis3dh"][0]}
        if p["sound"] == "piezo" and "PIEZO" in self.pins:
            parts["piezo"] = self.pins["PIEZO"]
        # the breakouts' 4.7 kOhm pull-ups on SDA and SCL; buttons use the chip's own
        return parts, [self.pins["SDA"], self.pins["SCL"]]

    def button_for(self, action_name):
        """(pin, hold ms) that makes the action named (events.actions names, e.g. 'OK',
        'HOLD_3', 'HINT'); ValueError when this board has no button for it."""
        role = action_name.upper().replace("HOLD_", "HOLD")
        if role in self.buttons:
            return self.buttons[role], PRESS_MS
        if role in self.long_press:
            return self.buttons[self.long_press[role]], self.long_press_ms + LONG_PRESS_EXTRA_MS
        raise ValueError("the %s board has no button for %s" % (self.name, action_name))


# ------------------------------------------------------------------ the driver


class Pico:
    """One emulated board (a node process running harness.js) with a drive image.

    Times are emulated milliseconds since the last power-on. `console` holds all the
    USB console said since then; `frames` the (ms, count, busy ms) of every OLED
    change, with its picture (packed rows, hex) while capture(True). i2c_timing=True makes each
    I2C transfer take its time on the wire (the CPU waits for the bus as on a board;
    slower to emulate); off, transfers complete at once. vsys_mv: the supply the
    Pico's VSYS/3 divider shows on GP29's ADC (None: the emulator's idle 0, which the
    battery gauge takes for no reading).
    """

    def __init__(self, drive, flash_file=None, shake_pattern=None, i2c_timing=False,
                 vsys_mv=None):
        reason = unavailable(drive.firmware)
        if reason:
            raise EmulatorError(reason)
        self.drive = drive
        self.wiring = drive.wiring
        self.console = ""
        self.frames = []
        self.tones = []
        self.t = 0.0
        self.busy = 0.0
        self.cut = None
        self.attached_at = 0         # console position where the attached run began
        self.shown_at = None         # boot(): when the first picture went up
        self._proc = subprocess.Popen(
            [node_binary(), str(HARNESS)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, cwd=str(HERE))
        paths = firmware_paths(drive.firmware)
        parts, pull_ups = self.wiring.parts()
        if shake_pattern is None:
            from hardware import desktop
            shake_pattern = {"period_ms": desktop.SHAKE_PERIOD_MS,
                             "strong_mg": desktop.SHAKE_STRONG_MG,
                             "weak_mg": desktop.SHAKE_WEAK_MG}
        self._call("setup", bootrom=str(paths["bootrom"]), uf2=str(paths["uf2"]),
                   flash_file=str(flash_file) if flash_file else None,
                   drive_image=str(drive.image_path()), parts=parts, pull_ups=pull_ups,
                   shake=shake_pattern, i2c_timing=bool(i2c_timing), vsys_mv=vsys_mv)

    # -------------------------------------------------------------- plumbing

    def _call(self, cmd, **args):
        if self._proc.poll() is not None:
            raise EmulatorError("the harness has stopped: " + self._proc.stderr.read()[-2000:])
        args["cmd"] = cmd
        self._proc.stdin.write(json.dumps(args) + "\n")
        self._proc.stdin.flush()
        line = self._proc.stdout.readline()
        if not line:
            raise EmulatorError("the harness stopped: " + self._proc.stderr.read()[-2000:])
        reply = json.loads(line)
        if not reply.get("ok"):
            raise EmulatorError("%s: %s" % (cmd, reply.get("error")))
        if "console" in reply:
            self.console += reply["console"]
        if "t" in reply:
            self.t = reply["t"]
        if "busy" in reply:
            self.busy = reply["busy"]
        return reply

    def close(self):
        if self._proc.poll() is None:
            try:
                self._call("quit")
            except (EmulatorError, OSError, ValueError):
                pass
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        for stream in (self._proc.stdin, self._proc.stdout, self._proc.stderr):
            stream.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -------------------------------------------------------------- power and time

    def power_on(self):
        """Power on (again): the flash as the last power-off or cut left it."""
        self.console = ""
        self.frames = []
        self.tones = []
        self.cut = None
        self.attached_at = 0
        self._call("power_on")

    def boot(self, limit_ms=40000, still_ms=500, console=False):
        """Power on, then run until the OLED shows something (the display's own
        start-up only clears it) and has been still for still_ms. Returns the picture;
        EmulatorError when nothing showed within limit_ms. console=True attaches the
        console first (see attach_console: code.py starts over once USB is up)."""
        self.power_on()
        if console:
            self.attach_console()
        seen = len(self.frames) if console else 0
        self.capture(True)
        self.shown_at = None        # when the first picture went up
        while self.t < limit_ms and self.cut is None:
            self.run(still_ms)
            lit = [f for f in self.frames[seen:] if self.frame_picture(f).any()]
            seen = len(self.frames)
            if lit:
                self.shown_at = lit[0][0]
                break
        else:
            raise EmulatorError("the OLED showed nothing in %d ms after power-on; the "
                                "console said:\n%s" % (limit_ms, self.console[-1500:]))
        self.capture(False)
        self.run_until_still(still_ms, limit_ms)
        return self.screen()

    def run(self, ms, text=None, frames=None, connected=False, text_from=None):
        """Run ms of emulated time, or less when `text` appears on the console (from
        `text_from`, a console position; default: what is new), the OLED has changed
        `frames` times since power-on, or USB connects. Returns why it stopped:
        'time', 'text', 'frame', 'connected' or 'power-cut'."""
        args = {"ms": ms}
        if text is not None:
            args["text"] = text
            if text_from is not None:
                args["text_from"] = text_from
        if frames is not None:
            args["frames"] = frames
        if connected:
            args["connected"] = True
        reply = self._call("run", **args)
        if reply["stop"] == "power-cut":
            self.cut = reply.get("detail")     # the board is off now
            return reply["stop"]
        self._collect()
        if reply["stop"] == "bkpt":
            raise EmulatorError("the firmware stopped at a breakpoint: %s" % reply.get("detail"))
        return reply["stop"]

    def _collect(self):
        reply = self._call("events")
        self.frames.extend(reply["frames"])
        self.tones.extend(reply["tones"])

    def run_until(self, text, ms):
        """Run until `text` is on the console (anywhere since power-on); EmulatorError
        with the console's tail after ms without it."""
        if text in self.console:
            return
        self.run(ms, text=text, text_from=0)
        if text not in self.console:
            raise EmulatorError("%r not on the console after %.0f ms; it said:\n%s"
                                % (text, self.t, self.console[-1500:]))

    def run_until_still(self, still_ms=300, limit_ms=20000, step_ms=None):
        """Run until the OLED has shown something and then not changed for still_ms,
        counted from now at the earliest (so an input just given has had that long),
        with the CPU mostly asleep over the last step (a screen that is still because
        the board is busy working out the next one has not settled); at most
        limit_ms. Returns True when it settled. Coarse steps: emulated time passes
        cheaply while the board sleeps."""
        start = self.t
        step = step_ms or still_ms
        calm = False
        while True:
            if calm and self.frames and self.t - max(self.frames[-1][0], start) >= still_ms:
                return True
            if self.t - start >= limit_ms or self.cut is not None:
                return False
            t, busy = self.t, self.busy
            self.run(step)
            calm = self.busy - busy < CALM_BUSY * (self.t - t)

    # -------------------------------------------------------------- inputs

    def button(self, pin, pressed):
        self._call("button", pin=pin, pressed=bool(pressed))

    def press(self, action_name, ms=None, after_ms=40):
        """Press and let go of the button that makes the action (a long press for
        HINT/BACK-style long-press actions), then run after_ms."""
        pin, hold = self.wiring.button_for(action_name)
        self.button(pin, True)
        if self.run(ms or hold) == "power-cut":
            return
        self.button(pin, False)
        if after_ms:
            self.run(after_ms)

    def shake(self, ms, settle_ms=400):
        """Shake for ms (the simulator's synthetic motion), let go, run settle_ms."""
        self._call("shake", on=True)
        if self.run(ms) == "power-cut":
            return
        self._call("shake", on=False)
        if settle_ms:
            self.run(settle_ms)

    def type(self, text):
        self._call("type", text=text)

    # -------------------------------------------------------------- outputs

    def screen(self):
        """What the OLED shows: numpy uint8 (height, width) of 0 dark / 1 lit."""
        reply = self._call("screen")
        packed = np.frombuffer(bytes.fromhex(reply["bits"]), dtype=np.uint8)
        rows = packed.reshape(reply["height"], reply["width"] // 8)
        return np.unpackbits(rows, axis=1)

    def capture(self, on=True):
        """Keep the picture of every OLED change from now on (frames gain a third item)."""
        self._call("capture", on=bool(on))

    def frame_picture(self, frame):
        """The pixels of a captured frame, as screen() gives them."""
        w, h = self.wiring.width, self.wiring.height
        packed = np.frombuffer(bytes.fromhex(frame[3]), dtype=np.uint8)
        return np.unpackbits(packed.reshape(h, w // 8), axis=1)

    def first_shown(self, pixels, since=0.0):
        """Emulated ms of the first captured frame at or after `since` that shows
        exactly these pixels; None when none did."""
        for frame in self.frames:
            if frame[0] >= since and len(frame) > 3 and \
                    np.array_equal(self.frame_picture(frame), pixels):
                return frame[0]
        return None

    def save_png(self, path):
        from sim.frames import save_png
        save_png(self.screen(), str(path))

    def nvm(self):
        """The nvm sector's 4096 bytes as they are in flash now."""
        return bytes.fromhex(self._call("read_flash", offset=NVM_OFFSET, length=NVM_BYTES)["hex"])

    def drive_files(self):
        """{path: bytes} of CIRCUITPY as it is in flash now (what the board wrote too)."""
        from tools.pico_emu.fat import read_files
        data = bytes.fromhex(self._call("read_flash", offset=DRIVE_OFFSET,
                                        length=self.drive.drive_bytes)["hex"])
        return read_files(data)

    def nvm_ops(self):
        """[{'kind': 'erase'|'program', 'offset', 'count', 't'}] since power-on."""
        return self._call("nvm_ops")["ops"]

    def arm_cut(self, n, fraction, kind=None, seed=1):
        """Cut the power at the nth nvm erase/program (of `kind`, if given) from now,
        `fraction` (0..1) of the way through it; bits caught mid-way take pseudo-random
        values (the same for the same seed). run() then returns 'power-cut'."""
        self._call("arm_cut", n=n, fraction=fraction, kind=kind, seed=seed)

    def save_flash(self, path):
        self._call("save_flash", path=str(path))

    def stats(self):
        return self._call("stats")

    def sample_pcs(self, every, caller=False):
        """Sample the program counter every `every` instructions from now (0 stops;
        caller=True samples the link register instead: who called a leaf function)."""
        self._call("pc_sampling", every=every, caller=caller)

    def pc_samples(self):
        return {pc: n for pc, n in self._call("pc_samples")["samples"]}

    # -------------------------------------------------------------- the console

    def attach_console(self, limit_ms=8000):
        """Wait for USB, then restart code.py with Ctrl-C, Ctrl-D so nothing it prints
        is lost (CircuitPython drops console output until the host sets DTR)."""
        if self.run(limit_ms, connected=True) != "connected":
            raise EmulatorError("USB did not connect in %d ms" % limit_ms)
        self.type("\x03")
        self.run(300)
        mark = len(self.console)
        self.type("\x04")
        self.run(3000, text="code.py output:", text_from=mark)
        self.attached_at = len(self.console)
        return self.attached_at


# ------------------------------------------------------------------ drives


class Drive:
    """A CIRCUITPY image: the bundle tools.build_bundle makes for a profile (plain .py,
    or .mpy through CircuitPython's mpy-cross), with extra settings.toml lines.
    firmware=True: the drive for our own firmware (build_bundle --firmware: no code on
    it), and the board runs that firmware (the profile's: firmware_board).

    Bundles are built once per (profile, mpy, rules, firmware) into a cache folder;
    images are written on demand into a temporary folder removed with the Drive."""

    def __init__(self, profile="default", mpy=False, rules=None, settings=None,
                 extra_files=None, drive_bytes=1024 * 1024, cache_dir=None, firmware=False):
        if firmware and mpy:
            raise ValueError("our firmware's drive has no code to compile: mpy=False")
        self.profile = profile
        self.mpy = mpy
        # firmware: True for the profile's own board's, or one of tools.firmware.BOARDS
        self.firmware = (firmware if isinstance(firmware, str) else
                         firmware_board(profile)) if firmware else None
        self.rules = rules           # None: no strategy tables; else build_bundle's --rules
        self.settings = dict(settings or {})
        self.extra_files = dict(extra_files or {})
        self.drive_bytes = drive_bytes
        self.wiring = Wiring(profile, self.firmware)
        self.cache_dir = Path(cache_dir) if cache_dir else default_cache_dir()
        self._tmp = None

    def bundle_dir(self):
        return bundle(self.profile, self.mpy, self.rules, self.cache_dir,
                      firmware=self.firmware is not None)

    def files(self):
        from tools.pico_emu.fat import folder_files
        files = folder_files(self.bundle_dir())
        settings = dict(self.wiring.settings)
        settings.update(self.settings)
        text = files.get("settings.toml", b"").decode("utf-8")
        if settings:
            text += "\n# the emulated board's test settings\n" + "".join(
                '%s = %s\n' % (k, _toml_value(v)) for k, v in settings.items())
        files["settings.toml"] = text.encode("utf-8")
        files.update(self.extra_files)
        return files

    def image_path(self):
        from tools.pico_emu.fat import build_image
        if self._tmp is None:
            self._tmp = tempfile.mkdtemp(prefix="pico-drive-")
        path = Path(self._tmp) / "circuitpy.img"
        path.write_bytes(build_image(self.files(), self.drive_bytes))
        return path

    def close(self):
        if self._tmp:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None

    def __del__(self):
        self.close()


def _toml_value(value):
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return json.dumps(str(value))


def default_cache_dir():
    return Path(os.environ.get("PICO_EMU_CACHE", REPO_ROOT / "build" / "pico_emu"))


def mpy_cross():
    """CircuitPython's mpy-cross of the firmware's version: PICO_MPY_CROSS, else the
    one in ../shared/circuitpython (None when neither exists)."""
    value = os.environ.get("PICO_MPY_CROSS")
    path = Path(value) if value else (REPO_ROOT.parent / "shared" / "circuitpython"
                                      / ("mpy-cross-circuitpython-" + FIRMWARE_VERSION))
    return path if path.is_file() else None


def bundle(profile="default", mpy=False, rules=None, cache_dir=None, firmware=False):
    """A bundle folder for the profile (built when missing or older than the sources),
    shared by every process: built in a temporary folder, then renamed into place.
    firmware: the drive for our firmware (no code)."""
    from tools import build_bundle
    cache = Path(cache_dir) if cache_dir else default_cache_dir()
    key = "%s-%s-%s" % (profile, "fw" if firmware else "mpy" if mpy else "py",
                        (rules or "notables").replace(",", "+"))
    out = cache / key
    stamp = out / ".sources"
    want = _sources_stamp(rules)
    if stamp.is_file() and stamp.read_text() == want:
        return out
    compiler = None
    if mpy:
        compiler = mpy_cross()
        if compiler is None:
            raise EmulatorError("no CircuitPython mpy-cross (set PICO_MPY_CROSS)")
    cache.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".%s-" % key, dir=str(cache)))
    try:
        build_bundle.build(profile_name=profile, rules=rules or "all", out=staging / "b",
                           mpy_cross=str(compiler) if compiler else None,
                           tables=rules is not None, log=lambda *a: None,
                           replace_any=True, firmware=firmware)
        (staging / "b" / ".sources").write_text(want)
        if out.exists():
            shutil.rmtree(out, ignore_errors=True)
        try:
            (staging / "b").rename(out)
        except OSError:
            if not (stamp.is_file() and stamp.read_text() == want):   # lost a race
                raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return out


def _sources_stamp(rules):
    """The newest change time of what a bundle is made from (device code, libraries,
    tables): a bundle older than that is rebuilt."""
    newest = 0
    for top in ("yahtzee_core", "hardware", "ui", "code.py", "boot.py", "settings.toml",
                "tools/build_bundle.py", "tools/imports.py"):
        path = REPO_ROOT / top
        paths = path.rglob("*.py") if path.is_dir() else [path]
        for p in paths:
            try:
                newest = max(newest, p.stat().st_mtime_ns)
            except OSError:
                pass
    if rules:
        for p in (REPO_ROOT / "tables").glob("*"):
            newest = max(newest, p.stat().st_mtime_ns)
    return "%d %s\n" % (newest, rules)
