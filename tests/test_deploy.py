"""Deploy to a temporary folder standing in for the CIRCUITPY drive: changed files only,
verified, code.py last, nothing lost on a full or read-only drive.

Real full / read-only file systems come from small tmpfs mounts when the tests run as
root (skipped otherwise); the same failures are also injected through DriveIO so they
are covered everywhere.
"""
import errno
import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from tools import deploy as dp


def make_dist(root, files):
    root = Path(root)
    for rel, data in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
    manifest = {"files": {rel: [len(d), dp.sha256(d)] for rel, d in files.items()}}
    (root / dp.MANIFEST).write_text(json.dumps(manifest))
    return root


BASE = {
    "code.py": b"import ui.app\nui.app.main()\n",
    "boot.py": b"import storage\n",
    "settings.toml": b'YAHTZEE_PROFILE = "default"\n',
    "ui/__init__.py": b"",
    "ui/app.py": b"def main():\n    return 1\n" * 20,
    "yahtzee_core/__init__.py": b"X = 1\n",
    "lib/adafruit_ticks.py": b"# ticks\n" * 50,
    "lib/adafruit_display_text/__init__.py": b"# text\n" * 30,
}


BOOT_OUT = b"Adafruit CircuitPython 10.0.3 on 2025-10-17; Raspberry Pi Pico with rp2040\n"


def snapshot(root):
    """{relpath: bytes} of every file under root."""
    root = Path(root)
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def quiet(*args):
    pass


class RecordingIO(dp.DriveIO):
    """Real file operations, recording the order of renames into place."""

    def __init__(self):
        self.replaced = []

    def replace(self, src, dst):
        super().replace(src, dst)
        self.replaced.append(Path(dst).name)


@pytest.fixture
def dist(tmp_path):
    return make_dist(tmp_path / "dist", BASE)


@pytest.fixture
def drive(tmp_path):
    d = tmp_path / "CIRCUITPY"
    d.mkdir()
    (d / "boot_out.txt").write_bytes(BOOT_OUT)
    (d / "my_notes.txt").write_bytes(b"user file, not ours\n")
    (d / "lib").mkdir()
    (d / "lib" / "users_own_lib.py").write_bytes(b"# installed by the user\n")
    return d


def test_first_deploy_copies_everything_and_code_py_last(dist, drive):
    io = RecordingIO()
    plan = dp.deploy(dist, drive, io=io, log=quiet)
    after = snapshot(drive)
    for rel, data in snapshot(dist).items():
        assert after[rel] == data
    assert after["my_notes.txt"] == b"user file, not ours\n"
    assert after["lib/users_own_lib.py"] == b"# installed by the user\n"
    assert io.replaced[-1] == "code.py" and io.replaced[-2] == "boot.py"
    assert len(plan.copy) == len(snapshot(dist))
    assert not [p for p in drive.rglob("*") if p.name.endswith(dp.TMP_SUFFIX)]


def test_second_deploy_copies_only_changed_files(dist, drive):
    dp.deploy(dist, drive, log=quiet)
    again = dp.deploy(dist, drive, io=RecordingIO(), log=quiet)
    assert again.copy == []
    (dist / "ui" / "app.py").write_bytes(b"def main():\n    return 2\n" * 20)  # same size
    io = RecordingIO()
    plan = dp.deploy(dist, drive, io=io, log=quiet)
    assert plan.copy == ["ui/app.py"]
    assert io.replaced == ["app.py"]
    assert (drive / "ui" / "app.py").read_bytes() == (dist / "ui" / "app.py").read_bytes()


def test_stale_files_of_ours_are_listed_and_pruned_only_when_asked(dist, drive, tmp_path):
    dp.deploy(dist, drive, log=quiet)
    # Next bundle: ui/app compiled to .mpy, adafruit_ticks no longer used.
    files = dict(BASE)
    files["ui/app.mpy"] = b"C\x06compiled"
    del files["ui/app.py"]
    del files["lib/adafruit_ticks.py"]
    dist2 = make_dist(tmp_path / "dist2", files)
    (drive / "ui" / "leftover.py").write_bytes(b"# old module of ours\n")
    lines = []
    plan = dp.deploy(dist2, drive, log=lambda *a: lines.append(" ".join(map(str, a))))
    assert set(plan.stale) == {"ui/app.py", "ui/leftover.py", "lib/adafruit_ticks.py"}
    assert plan.shadowing == ["ui/app.py"]
    assert (drive / "ui" / "app.py").exists()  # kept without --prune
    assert any("shadows the new .mpy" in line for line in lines)
    assert any("--prune" in line for line in lines)
    dp.deploy(dist2, drive, prune=True, log=quiet)
    after = snapshot(drive)
    assert "ui/app.py" not in after and "ui/leftover.py" not in after
    assert "lib/adafruit_ticks.py" not in after
    # The user's files survive a prune.
    assert after["my_notes.txt"] == b"user file, not ours\n"
    assert after["lib/users_own_lib.py"] == b"# installed by the user\n"
    assert after["ui/app.mpy"] == b"C\x06compiled"


def make_firmware_dist(root, frozen=("ui", "yahtzee_core", "adafruit_displayio_ssd1306")):
    """A drive for our firmware: no code but code.py and boot.py; the manifest says
    what the firmware has frozen in."""
    files = {rel: data for rel, data in BASE.items() if rel in ("code.py", "boot.py",
                                                                "settings.toml")}
    files["tables/yahtzee.yz8"] = b"\x01" * 300
    root = make_dist(root, files)
    manifest = json.loads((root / dp.MANIFEST).read_text())
    manifest.update(firmware=True, frozen=sorted(frozen))
    (root / dp.MANIFEST).write_text(json.dumps(manifest))
    return root


def test_firmware_drive_lists_the_bundles_code_as_shadowing_and_prunes_it(dist, drive,
                                                                          tmp_path):
    """A drive that had the bundle (code in ui/, yahtzee_core/, lib/) gets our firmware's
    drive: the game's modules left there would run instead of the frozen ones, so they
    are listed as shadowing and --prune deletes them; the user's files stay."""
    dp.deploy(dist, drive, log=quiet)
    (drive / "adafruit_displayio_ssd1306.py").write_bytes(b"# a driver at the root\n")
    (drive / "lib" / "adafruit_displayio_ssd1306.mpy").write_bytes(b"C\x06driver")
    fw = make_firmware_dist(tmp_path / "fw")
    lines = []
    plan = dp.deploy(fw, drive, firmware=True,
                     log=lambda *a: lines.append(" ".join(map(str, a))))
    assert plan.firmware
    assert {"ui/app.py", "ui/__init__.py", "yahtzee_core/__init__.py",
            "adafruit_displayio_ssd1306.py"} <= set(plan.shadowing)
    # /lib comes after the frozen modules on sys.path: unused there, not shadowing
    assert "lib/adafruit_displayio_ssd1306.mpy" in plan.stale
    assert "lib/adafruit_displayio_ssd1306.mpy" not in plan.shadowing
    assert "lib/users_own_lib.py" not in plan.stale
    assert any("shadows the firmware's frozen module" in line for line in lines)
    assert (drive / "ui" / "app.py").exists()       # kept without --prune
    dp.deploy(fw, drive, firmware=True, prune=True, log=quiet)
    after = snapshot(drive)
    assert not [r for r in after if r.startswith(("ui/", "yahtzee_core/"))]
    assert "adafruit_displayio_ssd1306.py" not in after
    assert after["tables/yahtzee.yz8"] == b"\x01" * 300
    assert after["my_notes.txt"] == b"user file, not ours\n"
    assert after["lib/users_own_lib.py"] == b"# installed by the user\n"


def test_firmware_flag_refuses_a_bundle_for_the_stock_firmware(dist, drive, capsys):
    before = snapshot(drive)
    with pytest.raises(dp.DeployError, match="build_bundle --firmware"):
        dp.deploy(dist, drive, firmware=True, log=quiet)
    assert dp.main([str(drive), "--dist", str(dist), "--firmware"]) == 1
    assert "build_bundle --firmware" in capsys.readouterr().err
    assert snapshot(drive) == before


def test_same_library_under_the_other_suffix_is_stale(dist, drive):
    (drive / "lib" / "adafruit_ticks.mpy").write_bytes(b"C\x06old")
    plan = dp.deploy(dist, drive, dry_run=True, log=quiet)
    assert "lib/adafruit_ticks.mpy" in plan.stale
    assert "lib/users_own_lib.py" not in plan.stale


def test_dry_run_writes_nothing(dist, drive):
    before = snapshot(drive)
    plan = dp.deploy(dist, drive, dry_run=True, log=quiet)
    assert plan.copy and snapshot(drive) == before


def test_missing_drive_is_refused(dist, tmp_path):
    with pytest.raises(dp.DeployError, match="not there"):
        dp.deploy(dist, tmp_path / "nope", log=quiet)
    with pytest.raises(dp.DeployError, match="no CIRCUITPY drive found"):
        dp.find_drive((str(tmp_path / "media" / "*" / "CIRCUITPY"),))


def test_find_drive_autodetects_one_and_refuses_two(tmp_path):
    pattern = str(tmp_path / "media" / "*" / "CIRCUITPY")
    (tmp_path / "media" / "alice" / "CIRCUITPY").mkdir(parents=True)
    assert dp.find_drive((pattern,)) == tmp_path / "media" / "alice" / "CIRCUITPY"
    (tmp_path / "media" / "bob" / "CIRCUITPY").mkdir(parents=True)
    with pytest.raises(dp.DeployError, match="several"):
        dp.find_drive((pattern,))


def test_unbuilt_dist_is_refused(tmp_path, drive):
    (tmp_path / "empty").mkdir()
    with pytest.raises(dp.DeployError, match="build it first"):
        dp.deploy(tmp_path / "empty", drive, log=quiet)


# ------------------------------------------------------------ injected failures


class ReadOnlyIO(dp.DriveIO):
    def is_read_only(self, drive):
        return True


class FullMidCopyIO(dp.DriveIO):
    """Claims plenty of room, then runs out of space on the n-th file written."""

    def __init__(self, fail_at):
        self.fail_at = fail_at
        self.writes = 0

    def free_bytes(self, drive):
        return 10 * 1024 * 1024

    def write_file(self, path, data):
        self.writes += 1
        if self.writes == self.fail_at:
            with open(path, "wb") as f:
                f.write(data[: len(data) // 2])  # a partial temp file, as a real ENOSPC
            raise OSError(errno.ENOSPC, "No space left on device")
        super().write_file(path, data)


class SmallDriveIO(dp.DriveIO):
    def __init__(self, free):
        self.free = free

    def free_bytes(self, drive):
        return self.free

    def block_size(self, drive):
        return 512


class CorruptingIO(dp.DriveIO):
    """Reads back different bytes for code.py (a flaky drive or cable)."""

    def read_back(self, path):
        data = super().read_back(path)
        return data + b"x" if "code.py" in Path(path).name else data


def previous_version(dist, drive):
    """Deploy an older bundle first, so there are old files that must survive."""
    old = {rel: b"# old " + rel.encode() + b"\n" for rel in BASE}
    old_dist = make_dist(Path(str(dist) + "_old"), old)
    dp.deploy(old_dist, drive, log=quiet)
    return snapshot(drive)


def test_read_only_drive_is_refused_and_untouched(dist, drive):
    before = previous_version(dist, drive)
    with pytest.raises(dp.DeployError, match="read-only"):
        dp.deploy(dist, drive, io=ReadOnlyIO(), log=quiet)
    assert snapshot(drive) == before


@pytest.mark.parametrize("fail_at", [1, 4, len(BASE) + 1])
def test_drive_filling_up_mid_copy_leaves_every_old_file(dist, drive, fail_at):
    before = previous_version(dist, drive)
    with pytest.raises(dp.DeployError, match="filled up.*unchanged"):
        dp.deploy(dist, drive, io=FullMidCopyIO(fail_at), log=quiet)
    assert snapshot(drive) == before  # old files intact, partial temp files removed


def test_too_full_drive_is_refused_before_writing(dist, drive):
    before = previous_version(dist, drive)
    with pytest.raises(dp.DeployError, match="too full"):
        dp.deploy(dist, drive, io=SmallDriveIO(free=0), log=quiet)
    assert snapshot(drive) == before


def test_nearly_full_drive_swaps_file_by_file(dist, drive):
    previous_version(dist, drive)
    staged = sum(-(-len(d) // 512) * 512 for d in snapshot(dist).values())
    lines = []
    # Room for any one new file beside its old one, not for all of them at once.
    io = SmallDriveIO(free=staged)
    dp.deploy(dist, drive, io=io, log=lambda *a: lines.append(" ".join(map(str, a))))
    assert any("one at a time" in line for line in lines)
    after = snapshot(drive)
    for rel, data in snapshot(dist).items():
        assert after[rel] == data


def test_failed_verification_keeps_old_code_py(dist, drive):
    before = previous_version(dist, drive)
    with pytest.raises(dp.DeployError, match="read back differs"):
        dp.deploy(dist, drive, io=CorruptingIO(), log=quiet)
    assert snapshot(drive) == before


def test_leftover_temp_files_of_an_interrupted_deploy_are_stale(dist, drive):
    (drive / ".code.py.deploy-tmp").write_bytes(b"half")
    plan = dp.deploy(dist, drive, prune=True, log=quiet)
    assert ".code.py.deploy-tmp" in plan.stale
    assert not (drive / ".code.py.deploy-tmp").exists()
    assert (drive / "code.py").read_bytes() == BASE["code.py"]


# ------------------------------------------------------------- real file systems


@pytest.fixture
def tmpfs(tmp_path):
    """A fresh 64 KB tmpfs (root only); yields (mount point, remount_ro)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mnt = tmp_path / ("CIRCUITPY-" + uuid.uuid4().hex[:6])
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mnt)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount tmpfs here")

    def remount_ro():
        subprocess.run(["mount", "-o", "remount,ro", str(mnt)], check=True)

    try:
        yield mnt, remount_ro
    finally:
        subprocess.run(["umount", str(mnt)], capture_output=True)


def test_really_full_drive_refused_with_nothing_lost(dist, tmpfs, tmp_path):
    mnt, _ = tmpfs
    (mnt / "boot_out.txt").write_bytes(BOOT_OUT)
    previous_version(dist, mnt)
    filler = mnt / "big_user_file.bin"
    try:  # fill the drive with the user's own data
        with open(filler, "wb") as f:
            while True:
                f.write(b"\0" * 4096)
                f.flush()
    except OSError:
        pass
    before = snapshot(mnt)
    with pytest.raises(dp.DeployError, match="too full|filled up"):
        dp.deploy(dist, mnt, log=quiet)
    assert snapshot(mnt) == before


def test_really_read_only_drive_refused(dist, tmpfs):
    mnt, remount_ro = tmpfs
    (mnt / "boot_out.txt").write_bytes(BOOT_OUT)
    before = previous_version(dist, mnt)
    remount_ro()
    with pytest.raises(dp.DeployError, match="read-only"):
        dp.deploy(dist, mnt, log=quiet)
    assert snapshot(mnt) == before


def test_real_small_drive_deploy_and_cli(dist, tmpfs):
    mnt, _ = tmpfs
    deploy_cmd = [sys.executable, "-m", "tools.deploy", str(mnt), "--dist", str(dist)]
    proc = subprocess.run(deploy_cmd, cwd=str(dp.REPO_ROOT), capture_output=True, text=True)
    assert proc.returncode == 1 and "does not look like a CIRCUITPY drive" in proc.stderr
    assert snapshot(mnt) == {}
    proc = subprocess.run(deploy_cmd + ["--force"], cwd=str(dp.REPO_ROOT), capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stderr
    assert "verified" in proc.stdout
    assert snapshot(mnt) == snapshot(dist)
    proc = subprocess.run([sys.executable, "-m", "tools.deploy", str(mnt / "missing"),
                           "--dist", str(dist)], cwd=str(dp.REPO_ROOT), capture_output=True,
                          text=True)
    assert proc.returncode == 1 and "not there" in proc.stderr


@pytest.fixture
def pico_sized_tmpfs(tmp_path):
    """A tmpfs the size of a Pico's CIRCUITPY drive (root only)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mnt = tmp_path / ("PICO-" + uuid.uuid4().hex[:6])
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1004k", "tmpfs", str(mnt)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount tmpfs here")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", str(mnt)], capture_output=True)


def test_real_bundles_on_a_pico_sized_drive(pico_sized_tmpfs, tmp_path):
    """The repo's default bundle deploys onto a Pico-sized drive and redeploys as a
    no-op; the Feather bundle (several MB of tables) is refused with nothing lost."""
    from tools import build_bundle as bb
    if not (bb.REPO_ROOT / "code.py").is_file():
        pytest.skip("code.py is not in the repo yet")
    drive = pico_sized_tmpfs
    (drive / "boot_out.txt").write_bytes(BOOT_OUT)
    (drive / "my_notes.txt").write_bytes(b"mine\n")
    pico = bb.build("default", out=tmp_path / "pico", log=quiet, build_missing_tables=False)
    # The bundle fills the Pico's drive (FAT, 512-byte clusters) up to its tables; tmpfs
    # rounds every file to a 4 KB page: grow the tmpfs by exactly that difference.
    pages = sum(-(-size // 4096) * 4096 - -(-size // 512) * 512 for size in pico.files.values())
    if pages:
        subprocess.run(["mount", "-o", "remount,size=%dk" % (1004 + -(-pages // 1024)),
                        str(drive)], check=True, capture_output=True)
    dp.deploy(pico.out, drive, log=quiet)
    after = snapshot(drive)
    assert {k: v for k, v in after.items()
            if k not in ("my_notes.txt", "boot_out.txt")} == snapshot(pico.out)
    assert dp.deploy(pico.out, drive, log=quiet).copy == []
    tables = tmp_path / "tables"
    tables.mkdir()
    (tables / "yahtzee.yzt").write_bytes(b"Y" * (1200 * 1024))  # a table the Pico cannot hold
    feather = bb.build("three-button", rules="yahtzee", out=tmp_path / "feather", log=quiet,
                       tables_dir=tables, build_missing_tables=False)
    assert feather.tables == ["yahtzee"]
    with pytest.raises(dp.DeployError, match="too full"):
        dp.deploy(feather.out, drive, log=quiet)
    assert snapshot(drive) == after


def test_nearly_full_drive_failing_midway_keeps_old_code_py(dist, drive):
    before = previous_version(dist, drive)
    staged = sum(-(-len(d) // 512) * 512 for d in snapshot(dist).values())

    class NearlyFullThenFull(SmallDriveIO):
        writes = 0

        def write_file(self, path, data):
            self.writes += 1
            if self.writes == 3:
                raise OSError(errno.ENOSPC, "No space left on device")
            super().write_file(path, data)

    with pytest.raises(dp.DeployError, match="2 files before it were already replaced"):
        dp.deploy(dist, drive, io=NearlyFullThenFull(free=staged), log=quiet)
    after = snapshot(drive)
    assert after["code.py"] == before["code.py"]
    for rel, data in after.items():  # every file is entirely old or entirely new
        assert data in (before.get(rel), snapshot(dist).get(rel)), rel
    assert not [r for r in after if r.endswith(dp.TMP_SUFFIX)]
