"""Copy a built bundle (dist/CIRCUITPY) onto a mounted CIRCUITPY drive, safely.

    python -m tools.deploy [DRIVE] [--dist dist/CIRCUITPY] [--dry-run] [--prune]

Desktop-only. Guarantees:
- only changed files are written (size, then SHA-256, compared with what is on the drive);
- every file is written under a temporary name, fsynced, read back and hashed, and only
  then renamed over the old one; code.py goes last, so the board's auto-reload lands in a
  complete tree and there is never a half-written code.py;
- a drive that is missing, read-only or too full is refused before anything is written;
  if the drive fills up anyway mid-copy, the staged files are removed and every file on
  the drive is still the old one;
- files that are not ours are never touched. Stale files of our own packages (a module
  that no longer ships, a .py left beside its new .mpy) are listed; --prune deletes them.
"""
import errno
import glob
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tools.build_bundle import file_sha256  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIST = REPO_ROOT / "dist" / "CIRCUITPY"
MANIFEST = "yahtzee_manifest.json"
ENTRY_LAST = "code.py"
TMP_SUFFIX = ".deploy-tmp"
MOUNT_PATTERNS = ("/media/*/CIRCUITPY", "/run/media/*/CIRCUITPY", "/Volumes/CIRCUITPY",
                  "/media/CIRCUITPY", "/mnt/CIRCUITPY")
# Host-side clutter on the drive that must not count as our stale files.
HOST_JUNK = (".Trashes", ".fseventsd", ".metadata_never_index", ".Spotlight-V100",
             "System Volume Information")


class DeployError(Exception):
    """Deploy refused or failed; the drive holds only complete files (old or new)."""


# ------------------------------------------------------------------ the drive


class DriveIO:
    """File-system operations the deploy needs; tests swap in faults (full, read-only)."""

    def free_bytes(self, drive):
        return shutil.disk_usage(str(drive)).free

    def block_size(self, drive):
        try:
            return os.statvfs(str(drive)).f_frsize or 512
        except (AttributeError, OSError):
            return 512

    def is_read_only(self, drive):
        """True when the drive refuses writes (mount flag, or a probe write fails)."""
        try:
            if os.statvfs(str(drive)).f_flag & getattr(os, "ST_RDONLY", 1):
                return True
        except (AttributeError, OSError):
            pass
        probe = Path(drive) / (".deploy-probe" + TMP_SUFFIX)
        try:
            with open(probe, "wb") as f:
                f.write(b"1")
        except OSError as err:
            if err.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                return True
            if err.errno != errno.ENOSPC:  # a full drive is writable; its space is checked later
                raise
        finally:
            try:
                probe.unlink()
            except OSError:
                pass
        return False

    def write_file(self, path, data):
        """Write and fsync: the bytes are on the drive (not only in the cache) after this."""
        with open(path, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())

    def read_back(self, path):
        """Read a file, asking the OS to drop its cached pages first so the drive answers."""
        with open(path, "rb") as f:
            if hasattr(os, "posix_fadvise"):
                try:
                    os.posix_fadvise(f.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)
                except OSError:
                    pass
            return f.read()

    def replace(self, src, dst):
        os.replace(src, dst)

    def remove(self, path):
        os.remove(path)

    def sync_dir(self, folder):
        # FAT drivers may refuse fsync on a directory; the file data is already synced.
        try:
            fd = os.open(str(folder), os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)


def find_drive(patterns=MOUNT_PATTERNS):
    """The one mounted CIRCUITPY drive, or DeployError (none, or several to choose from)."""
    found = []
    for pattern in patterns:
        for p in sorted(glob.glob(pattern)):
            if os.path.isdir(p) and p not in found:
                found.append(p)
    if not found:
        raise DeployError(
            "no CIRCUITPY drive found (looked in %s). Plug the board in with a data USB "
            "cable, wait for the drive to mount, or pass its path." % ", ".join(patterns))
    if len(found) > 1:
        raise DeployError("several CIRCUITPY drives are mounted (%s); pass the one to use"
                          % ", ".join(found))
    return Path(found[0])


# ------------------------------------------------------------------- planning


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def _rel_files(root):
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in HOST_JUNK)
        for name in sorted(filenames):
            rel = Path(dirpath, name).relative_to(root).as_posix()
            out.append(rel)
    return out


def _module_key(rel):
    """'lib/foo.py' and 'lib/foo.mpy' are the same module for the importer."""
    for suffix in (".py", ".mpy"):
        if rel.endswith(suffix):
            return rel[: -len(suffix)]
    return None


class Plan:
    """What a deploy will do: copy (changed), keep (unchanged), stale (ours, not shipped)."""

    def __init__(self):
        self.copy = []       # relpaths, in write order (code.py last)
        self.unchanged = []
        self.stale = []      # relpaths on the drive that are ours and no longer shipped
        self.shadowing = []  # stale .py files that would shadow a shipped .mpy
        self.new_bytes = 0   # bytes to write
        self.sizes = {}      # relpath -> new size
        self.data = {}       # relpath -> bytes to write instead of the dist file


def make_plan(dist, drive, prune=False):
    dist, drive = Path(dist), Path(drive)
    if not (dist / ENTRY_LAST).is_file():
        raise DeployError("%s has no code.py: build it first (python -m tools.build_bundle)"
                          % dist)
    plan = Plan()
    shipped = _rel_files(dist)
    plan.stale, plan.shadowing = find_stale(dist, drive, shipped)
    if prune:
        kept = []
    else:  # remembered in the drive's manifest, so a later --prune still knows them
        kept = [r for r in plan.stale if not r.endswith(TMP_SUFFIX)]
    if MANIFEST in shipped:
        plan.data[MANIFEST] = _drive_manifest(dist / MANIFEST, kept)
    for rel in shipped:
        dst = drive / rel
        data = plan.data.get(rel)
        if data is None:
            size, digest = (dist / rel).stat().st_size, None
        else:
            size, digest = len(data), sha256(data)
        plan.sizes[rel] = size
        if dst.is_file() and dst.stat().st_size == size and file_sha256(dst) == (
                digest or file_sha256(dist / rel)):
            plan.unchanged.append(rel)
        else:
            plan.copy.append(rel)
            plan.new_bytes += size
    # code.py last so the board reloads into a complete tree; boot.py just before it.
    plan.copy.sort(key=lambda r: (r == ENTRY_LAST, r == "boot.py", r))
    return plan


def _drive_manifest(path, kept_stale):
    """The bundle's manifest plus the stale files of ours left on the drive."""
    data = path.read_bytes()
    if not kept_stale:
        return data
    try:
        manifest = json.loads(data)
    except ValueError:
        return data
    manifest["kept_stale"] = sorted(kept_stale)
    return (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode()


def _read_bytes(dist, plan, rel):
    data = plan.data.get(rel)
    return data if data is not None else (Path(dist) / rel).read_bytes()


def find_stale(dist, drive, shipped):
    """Files on the drive that are ours but not in this bundle.

    Ours means: listed in the drive's previous manifest, inside one of our package
    folders or tables/, or a lib/ module that this bundle ships under the other suffix
    (.py vs .mpy; the .py would win at import). Anything else is the user's.
    """
    shipped_set = set(shipped)
    ours_dirs = set()
    for rel in shipped:
        top = rel.split("/")[0]
        if "/" in rel and top != "lib":
            ours_dirs.add(top)           # yahtzee_core, hardware, ui, tables
    shipped_modules = {_module_key(r): r for r in shipped if _module_key(r)}
    previous = set()
    old_manifest = Path(drive) / MANIFEST
    if old_manifest.is_file():
        try:
            old = json.loads(old_manifest.read_text())
            previous = set(old.get("files", {})) | set(old.get("kept_stale", ()))
        except (ValueError, OSError, AttributeError):
            previous = set()
    stale, shadowing = [], []
    for top in sorted(ours_dirs | {"lib"}):
        if not (Path(drive) / top).is_dir():
            continue
        for rel in _rel_files(Path(drive) / top):
            rel = top + "/" + rel
            if rel in shipped_set or rel.endswith(TMP_SUFFIX):
                continue
            key = _module_key(rel)
            twin = shipped_modules.get(key) if key else None
            if top in ours_dirs or rel in previous or twin:
                stale.append(rel)
                if twin and rel.endswith(".py") and twin.endswith(".mpy"):
                    shadowing.append(rel)
    for rel in sorted(previous):
        if rel not in shipped_set and rel not in stale and "/" not in rel \
                and (Path(drive) / rel).is_file():
            stale.append(rel)
    # Leftovers of an interrupted deploy are ours too.
    for rel in _rel_files(drive):
        if rel.endswith(TMP_SUFFIX) and rel not in stale:
            stale.append(rel)
    return stale, shadowing


# ------------------------------------------------------------------- deploying


def _tmp_name(path):
    return path.with_name("." + path.name + TMP_SUFFIX)


def _on_disk(size, block):
    return -(-size // block) * block


def looks_like_circuitpy(drive):
    """CircuitPython writes boot_out.txt at every start; a drive we deployed has our
    manifest. Either one says this folder is a CIRCUITPY drive, not a typo'd path."""
    drive = Path(drive)
    return (drive / "boot_out.txt").is_file() or (drive / MANIFEST).is_file()


def deploy(dist=DEFAULT_DIST, drive=None, prune=False, dry_run=False, io=None, log=print,
           force=False):
    """Copy changed files of `dist` to `drive`. Returns the Plan. DeployError on refusal.

    force: deploy to a folder that does not look like a CIRCUITPY drive."""
    io = io or DriveIO()
    dist = Path(dist)
    if drive is None:
        drive = find_drive()
    drive = Path(drive)
    if drive.exists() and not drive.is_dir():
        raise DeployError("CIRCUITPY drive %s is a file, not the drive's folder" % drive)
    if not drive.is_dir():
        raise DeployError("CIRCUITPY drive %s is not there (not mounted?)" % drive)
    if not force and not looks_like_circuitpy(drive):
        raise DeployError("%s does not look like a CIRCUITPY drive (no boot_out.txt, no %s); "
                          "check the path, or pass --force to copy there anyway"
                          % (drive, MANIFEST))
    plan = make_plan(dist, drive, prune=prune and not dry_run)
    log("%s -> %s: %d changed, %d unchanged" % (dist, drive, len(plan.copy), len(plan.unchanged)))
    for rel in plan.copy:
        log("  copy %s (%d bytes)" % (rel, plan.sizes[rel]))
    if plan.stale:
        log("stale files of ours on the drive (%s):" % ("deleting" if prune and not dry_run
                                                        else "kept; --prune deletes them"))
        for rel in plan.stale:
            log("  %s%s" % (rel, "  <- shadows the new .mpy: the board runs this old .py"
                            if rel in plan.shadowing else ""))
    if dry_run or (not plan.copy and not (prune and plan.stale)):
        if not plan.copy:
            log("nothing to copy: the drive is up to date")
        return plan
    if io.is_read_only(drive):
        raise DeployError(
            "%s is read-only. Either the board has it: the write key (BACK; B on the "
            "Feather) was held at power-on, so boot.py gave the game write access. Reset "
            "the board without holding it. Or this computer mounted it read-only (after "
            "an unclean unplug: check dmesg, run fsck). See docs/BUILD.md." % drive)
    if plan.copy:
        _copy_all(dist, drive, plan, io, log)
    if prune:  # after the copy: a failed copy must not have cost the old files
        _prune(drive, plan, io, log)
    log("deployed %d files, verified" % len(plan.copy))
    if plan.shadowing and not prune:
        log("WARNING: stale .py files shadow the new .mpy ones; run again with --prune")
    return plan


def _copy_all(dist, drive, plan, io, log):
    block = io.block_size(drive)
    free = io.free_bytes(drive)
    staged_need = sum(_on_disk(plan.sizes[r], block) for r in plan.copy)
    old = {r: (drive / r).stat().st_size for r in plan.copy if (drive / r).is_file()}
    final_need = staged_need - sum(_on_disk(s, block) for s in old.values())
    if final_need > free:
        raise DeployError(
            "%s is too full: the bundle needs %d KB more than the %d KB free. Delete files "
            "you do not need from the drive (or --prune stale ones), or build with fewer "
            "strategy tables (--rules)." % (drive, -(-(final_need - free) // 1024), free // 1024))
    largest = max(_on_disk(plan.sizes[r], block) for r in plan.copy)
    if staged_need + block <= free:
        _stage_then_swap(dist, drive, plan, plan.copy, io, log)
    elif largest + block > free:
        raise DeployError(
            "%s is too full: replacing a file needs room for its new copy beside the old "
            "one (%d KB), only %d KB free. Delete files you do not need from the drive."
            % (drive, -(-(largest + block) // 1024), free // 1024))
    else:
        # Not enough room to hold every new file beside its old one: swap file by file.
        # Each file is still either entirely old or entirely new, code.py last.
        log("little free space: replacing files one at a time")
        done = 0
        for rel in plan.copy:
            try:
                _stage_then_swap(dist, drive, plan, [rel], io, log)
            except DeployError as err:
                if not done:
                    raise
                raise DeployError("%s (%d files before it were already replaced, each "
                                  "complete; code.py is still the old one: free some space "
                                  "and deploy again)" % (err, done)) from None
            done += 1


def _stage_then_swap(dist, drive, plan, rels, io, log):
    staged = []
    try:
        for rel in rels:
            data = _read_bytes(dist, plan, rel)
            dst = drive / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            tmp = _tmp_name(dst)
            staged.append(tmp)
            io.write_file(tmp, data)
            if sha256(io.read_back(tmp)) != sha256(data):
                raise DeployError("%s: read back differs from what was written (bad drive "
                                  "or cable?); nothing replaced" % rel)
    except OSError as err:
        _discard(staged, io)
        if err.errno == errno.ENOSPC:
            raise DeployError("%s filled up while copying; removed the partial copies, the "
                              "files on the drive are unchanged" % drive) from None
        if err.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            raise DeployError("%s refused a write (read-only?); the files on it are "
                              "unchanged" % drive) from None
        raise DeployError("copy failed (%s); the files on the drive are unchanged" % err) from None
    except BaseException:
        _discard(staged, io)
        raise
    for rel, tmp in zip(rels, staged):
        dst = drive / rel
        io.replace(tmp, dst)
        io.sync_dir(dst.parent)
        if sha256(io.read_back(dst)) != sha256(_read_bytes(dist, plan, rel)):
            raise DeployError("%s differs from the bundle after renaming it into place" % rel)


def _discard(paths, io):
    for p in paths:
        try:
            io.remove(p)
        except OSError:
            pass


def _prune(drive, plan, io, log):
    for rel in plan.stale:
        path = drive / rel
        try:
            io.remove(path)
        except FileNotFoundError:  # a leftover temp name this deploy reused
            continue
        log("  deleted %s" % rel)
        folder = path.parent
        while folder != drive and folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
            folder = folder.parent


def main(argv=None):
    from tools.cli_checks import Parser
    parser = Parser(prog="python -m tools.deploy",
                    description=__doc__.split("\n\n")[0])
    parser.add_argument("drive", nargs="?", help="mounted CIRCUITPY folder (default: find it)")
    parser.add_argument("--dist", default=str(DEFAULT_DIST), help="built bundle to copy")
    parser.add_argument("--dry-run", action="store_true", help="show what would change")
    parser.add_argument("--prune", action="store_true",
                        help="delete stale files of our own packages from the drive")
    parser.add_argument("--force", action="store_true",
                        help="copy to a folder that does not look like a CIRCUITPY drive")
    args = parser.parse_args(argv)
    try:
        deploy(args.dist, args.drive, prune=args.prune, dry_run=args.dry_run,
               force=args.force)
    except DeployError as err:
        print("deploy: error: %s" % err, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
