"""tools/firmware.py without building: the board folders it makes on top of upstream's,
what it freezes, the cache key, where it looks for the source and the compiler, and
its command line. (The build itself runs in ./test.sh; the emulated games play on it:
tests/test_pico_emu.py.)"""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tools import firmware as fw

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def source(tmp_path):
    """A stand-in CircuitPython tree with the two upstream board folders."""
    root = tmp_path / "circuitpython"
    port = root / fw.PORT
    (port / "Makefile").parent.mkdir(parents=True)
    (port / "Makefile").write_text("all:\n")
    for name, title in (("raspberry_pi_pico", "Raspberry Pi Pico"),
                        ("adafruit_feather_rp2040", "Adafruit Feather RP2040")):
        board = port / "boards" / name
        board.mkdir(parents=True)
        (board / "mpconfigboard.mk").write_text(
            'USB_PRODUCT = "Pico"\nCIRCUITPY_PICODVI = 1\nCIRCUITPY__EVE = 1\n')
        (board / "mpconfigboard.h").write_text(
            '#pragma once\n#define MICROPY_HW_BOARD_NAME "%s"\n#define MICROPY_HW_MCU_NAME '
            '"rp2040"\n' % title)
        (board / "board.c").write_text("// upstream\n")
        (board / "pins.c").write_text("// upstream pins\n")
    return root


def test_board_folder_is_upstreams_with_our_changes_last(source):
    files = fw.board_files("pico", source)
    assert files["board.c"] == b"// upstream\n" and files["pins.c"] == b"// upstream pins\n"
    mk = files["mpconfigboard.mk"].decode()
    # make takes the last assignment: ours and the modules switched off come after upstream's
    assert mk.index('USB_PRODUCT = "Pico"') < mk.index('USB_PRODUCT = "Pocket Yahtzee"')
    assert mk.rindex("CIRCUITPY_PICODVI = 0") > mk.index("CIRCUITPY_PICODVI = 1")
    # audiospeed needs audiocore: both off together, or the link fails
    assert "CIRCUITPY_AUDIOCORE = 0" in mk and "CIRCUITPY_AUDIOSPEED = 0" in mk
    header = files["mpconfigboard.h"].decode()
    assert header.count("MICROPY_HW_BOARD_NAME") == 1
    assert '"Pocket Yahtzee (Raspberry Pi Pico)"' in header
    assert '#define MICROPY_HW_MCU_NAME "rp2040"' in header
    feather = fw.board_files("feather_rp2040", source)["mpconfigboard.h"].decode()
    assert '"Pocket Yahtzee (Adafruit Feather RP2040)"' in feather


def test_modules_the_game_imports_stay_on():
    """No module that device code or a frozen driver imports is switched off."""
    off = {line.split("=")[0].strip()[len("CIRCUITPY_"):].lower()
           for line in (fw.FIRMWARE_DIR / "modules_off.mk").read_text().splitlines()
           if line.startswith("CIRCUITPY_") and line.split("=")[1].strip() == "0"}
    imported = set()
    for source in fw.frozen_files().values():
        for line in source.decode().splitlines():
            words = line.split()
            if len(words) > 1 and words[0] in ("import", "from"):
                imported.add(words[1].split(".")[0])
    for entry in ("code.py", "boot.py"):
        for line in (ROOT / entry).read_text().splitlines():
            words = line.split()
            if len(words) > 1 and words[0] in ("import", "from"):
                imported.add(words[1].split(".")[0])
    assert {"displayio", "keypad", "busio", "pwmio", "alarm"} <= imported
    assert not off & imported, off & imported


def test_frozen_content_is_the_device_code_with_version_lines_kept_but_unstarted():
    """The game's packages and every display driver; a `__version__` line would make
    the freeze step run git (it fails outside a clone): it becomes `(__version__) =`."""
    files = fw.frozen_files()
    tops = {rel.split("/")[0] for rel in files}
    assert {"yahtzee_core", "hardware", "events", "ui", "adafruit_displayio_ssd1306.py",
            "adafruit_displayio_sh1106.py", "adafruit_displayio_sh1107.py"} <= tops
    assert "code.py" not in files and "boot.py" not in files
    assert not [r for r in files if r.startswith(("sim/", "tools/", "tests/", "bench/"))]
    for rel, data in files.items():
        assert not [ln for ln in data.splitlines() if ln.startswith(b"__version__")], rel
    driver = files["adafruit_displayio_ssd1306.py"]
    assert b'(__version__) = "' in driver
    compile(driver, "adafruit_displayio_ssd1306.py", "exec")


def test_cache_key_follows_source_board_and_module_set_not_the_python(source):
    files = fw.board_files("pico", source)
    key = fw.build_key("pico", "tar:abc", files)
    assert key == fw.build_key("pico", "tar:abc", dict(files))
    assert key != fw.build_key("pico", "tar:abd", files)
    assert key != fw.build_key("feather_rp2040", "tar:abc", files)
    more_off = dict(files, **{"mpconfigboard.mk": files["mpconfigboard.mk"] + b"X = 0\n"})
    assert key != fw.build_key("pico", "tar:abc", more_off)


def test_stale_firmware_is_named_with_the_command_that_rebuilds_it(tmp_path):
    assert "no " in fw.stale_reason(tmp_path, "pico")
    (tmp_path / "pocket-yahtzee-pico.uf2").write_bytes(b"UF2")
    (tmp_path / "pocket-yahtzee-pico.frozen").write_text(fw.frozen_digest() + "\n")
    assert fw.stale_reason(tmp_path, "pico") is None
    (tmp_path / "pocket-yahtzee-pico.frozen").write_text("0" * 64 + "\n")
    assert "python -m tools.firmware --board pico" in fw.stale_reason(tmp_path, "pico")


def test_missing_source_says_how_to_get_it(monkeypatch, tmp_path):
    monkeypatch.setattr(fw, "SHARED_SRC", tmp_path / "nothing")
    monkeypatch.delenv("CIRCUITPYTHON_SRC", raising=False)
    why = fw.source_missing()
    assert "--branch 10.2.1" in why and "CIRCUITPYTHON_SRC" in why and "\n" not in why
    monkeypatch.setenv("CIRCUITPYTHON_SRC", str(tmp_path))
    assert "holds no ports/raspberrypi/Makefile" in fw.source_missing()
    monkeypatch.setenv("CIRCUITPYTHON_SRC", str(tmp_path / "cp.tar.xz"))
    assert "no such file" in fw.source_missing()


def test_a_gcc_too_old_in_arm_gcc_is_refused_in_one_line(monkeypatch, tmp_path):
    old = tmp_path / "arm-none-eabi-gcc"
    old.write_text("#!/bin/sh\necho 12.2.1\n")
    old.chmod(0o755)
    monkeypatch.setenv("ARM_GCC", str(tmp_path))
    why = fw.gcc_missing_reason()
    assert "not an arm-none-eabi-gcc 14 or newer" in why and "\n" not in why
    new = tmp_path / "new"
    new.mkdir()
    (new / "arm-none-eabi-gcc").write_text("#!/bin/sh\necho 14.2.1\n")
    (new / "arm-none-eabi-gcc").chmod(0o755)
    monkeypatch.setenv("ARM_GCC", str(new / "arm-none-eabi-gcc"))
    assert fw.gcc_missing_reason() is None
    assert fw.find_gcc(tmp_path / "cache", fetch=False) == new


def test_the_debian_archive_is_read_from_apts_sources(monkeypatch):
    archive = fw.debian_archive()
    if Path("/etc/apt").is_dir() and archive is not None:
        assert archive.startswith(("http://", "https://")) and archive.rstrip("/").endswith(
            "/debian")


def run_cli(args, env=None):
    return subprocess.run([sys.executable, "-m", "tools.firmware"] + args, cwd=ROOT,
                          capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, **(env or {})))


@pytest.mark.parametrize("args, message", [
    ([], "the following arguments are required: --board, --out"),
    (["--board", "pico2", "--out", "x"], "argument --board: invalid choice: 'pico2'"),
    (["--board", "pico", "--out", "x", "--jobs", "0"], "--jobs 0: give 1 or more"),
    (["--board", "pico", "--out", "{file}"], "is a file, not a folder"),
])
def test_bad_command_lines_are_one_line_and_exit_2(tmp_path, args, message):
    afile = tmp_path / "afile"
    afile.write_text("keep")
    result = run_cli([a.format(file=afile) for a in args])
    assert result.returncode == 2, result.stderr
    err = result.stderr.strip()
    assert message in err and len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert afile.read_text() == "keep"


def test_without_a_source_the_build_says_so_in_one_line(tmp_path):
    env = {"CIRCUITPYTHON_SRC": str(tmp_path / "none.tar.xz"),
           "POCKET_YAHTZEE_CACHE": str(tmp_path / "cache")}
    failed = run_cli(["--board", "pico", "--out", str(tmp_path / "out")], env)
    assert failed.returncode == 1 and "Traceback" not in failed.stderr
    assert failed.stderr.strip() == (
        "firmware: error: CIRCUITPYTHON_SRC=%s: no such file" % (tmp_path / "none.tar.xz"))
    skipped = run_cli(["--board", "pico", "--out", str(tmp_path / "out"),
                       "--skip-if-unavailable"], env)
    assert skipped.returncode == 0
    assert skipped.stdout.strip().splitlines() == [
        "firmware: not built: CIRCUITPYTHON_SRC=%s: no such file" % (tmp_path / "none.tar.xz")]
    assert not (tmp_path / "out").exists()
