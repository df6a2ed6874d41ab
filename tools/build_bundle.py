"""Build the CIRCUITPY drive contents for one board profile: `dist/CIRCUITPY/`.

    python -m tools.build_bundle [--profile default] [--rules all] [--out DIR]
                                 [--mpy] [--mpy-cross PATH]

Desktop-only. What goes in:
- code.py and boot.py (always plain .py), settings.toml with the profile selected;
- our modules that device code actually imports (walked with tools.imports: never sim/,
  tools/, tests/, bench/, nor a module nobody imports);
- lib/: exactly the CircuitPython library modules that code imports, copied from the
  pinned pip packages in this environment (their wheels carry the .py sources);
- strategy tables for the chosen rulesets that fit the board's free flash;
- percentiles/NAME.pct per ruleset: percentiles of perfect play's score (docs/distribution;
  Yamb's, which no solver plays perfectly: level good's sampled games);
- yahtzee_manifest.json: profile, files with sizes and hashes, what was left out and why.

With --mpy-cross PATH (or --mpy and one on PATH) every module except code.py/boot.py
is compiled by CircuitPython's mpy-cross of the board's firmware version (MicroPython's,
e.g. the one pip installs, writes files CircuitPython refuses; the build detects that
from the output header and stops).
"""
import ast
import contextlib
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import tokenize
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import imports as imp  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO_ROOT / "dist" / "CIRCUITPY"
FIRMWARE_OUT = REPO_ROOT / "dist" / "CIRCUITPY-firmware"   # --firmware's drive
ENTRY_FILES = ("code.py", "boot.py")
SETTINGS = "settings.toml"
MANIFEST = "yahtzee_manifest.json"
TABLES_DIR = "tables"          # on the drive and in the repo (gitignored cache)
KB = 1024

RESERVE_BYTES = 24 * KB        # kept free on the drive for saves and edits

# Flash sizes by board family, for a profile in hardware/profiles.py without flash_bytes.
_FLASH_BY_BOARD = (
    (re.compile(r"feather|itsy|qt ?py.*rp2040|kb2040", re.I), 8 * KB * KB),
    (re.compile(r"pico ?2|rp2350", re.I), 4 * KB * KB),
)


class BuildError(Exception):
    """The bundle cannot be built; the message says why and what to do."""


# ----------------------------------------------------------------- profiles


def fat_cluster(drive_bytes):
    """Cluster size FatFs picks when CircuitPython formats a FAT12/16 drive this big:
    one 512-byte sector below 4096 sectors, doubling at 4K, 16K, 64K ... sectors."""
    n = drive_bytes // 512 // 4096
    size = 512
    for boundary in (1, 4, 16, 64, 256, 512):
        if boundary > n:
            break
        size *= 2
    return size


def _circuitpy_from_flash(flash_bytes):
    """Usable CIRCUITPY bytes for an RP2040/RP2350 board with this much flash.

    CircuitPython keeps the first 1 MB for firmware and gives the rest to the drive;
    about 2% goes to FAT tables and the root directory.
    """
    raw = max(flash_bytes - KB * KB, 256 * KB)
    return raw - raw // 50


def load_profiles(repo=REPO_ROOT):
    """{name: profile dict} for the profiles hardware/profiles.py declares, with the
    figures a build needs: board, flash_bytes (given, else from the board's name, 2 MB
    when nothing matches), circuitpy_bytes (given, else from the flash size), cluster,
    reserve_bytes and `assumes` (what the drive size was worked out from).

    hardware/profiles.py is device code without side effects at import (house rule), so
    it is read in a child process.
    """
    found = _read_hardware_profiles(repo)
    if not found:
        raise BuildError("hardware/profiles.py declares no PROFILES: no board to build for")
    profiles = {}
    for name, spec in found.items():
        profile = dict(spec)
        profile["board"] = profile.get("board") or name
        flash = profile.get("flash_bytes")
        if flash is None:
            flash = 2 * KB * KB
            for pattern, size in _FLASH_BY_BOARD:
                if pattern.search(str(profile["board"])):
                    flash = size
                    break
            profile["flash_bytes"] = flash
        if "circuitpy_bytes" not in profile:
            profile["circuitpy_bytes"] = _circuitpy_from_flash(flash)
            profile["assumes"] = ("%s with %d MB flash; another board: --circuitpy-kb"
                                  % (profile["board"], flash // (KB * KB)))
        profile["cluster"] = fat_cluster(profile["circuitpy_bytes"])
        profile["reserve_bytes"] = RESERVE_BYTES
        profiles[name] = profile
    return profiles


def _read_hardware_profiles(repo):
    """Profiles declared by hardware/profiles.py as {name: {board, flash_bytes, ...}}."""
    path = Path(repo) / "hardware" / "profiles.py"
    if not path.is_file():
        return {}
    code = (
        "import json, sys\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "import hardware.profiles as p\n"
        "table = getattr(p, 'PROFILES', None)\n"
        "out = {}\n"
        "if isinstance(table, dict):\n"
        "    for name, spec in table.items():\n"
        "        get = (spec.get if isinstance(spec, dict) else\n"
        "               lambda k, d=None, s=spec: getattr(s, k, d))\n"
        "        out[name] = {k: get(k) for k in ('board', 'flash_bytes', 'circuitpy_bytes',\n"
        "                                          'description', 'title', 'name',\n"
        "                                          'display')}\n"
        "drivers = getattr(p, 'DISPLAY_DRIVERS', {})\n"
        "if isinstance(drivers, dict):\n"
        "    for spec in out.values():\n"
        "        spec['drivers'] = drivers\n"
        "print(json.dumps(out, default=str))\n"
    )
    # A child process: importing hardware/ must not leave modules in the builder.
    proc = subprocess.run([sys.executable, "-c", code, str(repo)], capture_output=True,
                          text=True, timeout=60)
    if proc.returncode != 0:
        raise BuildError("hardware/profiles.py could not be read:\n" + proc.stderr.strip())
    raw = json.loads(proc.stdout.strip().splitlines()[-1] or "{}")
    out = {}
    for name, spec in raw.items():
        board = spec.get("board") or spec.get("description") or spec.get("title")
        entry = {"board": board}
        for key in ("flash_bytes", "circuitpy_bytes"):
            if isinstance(spec.get(key), int):
                entry[key] = spec[key]
        if isinstance(spec.get("display"), str):
            entry["display"] = spec["display"]
        if isinstance(spec.get("drivers"), dict):
            entry["display_drivers"] = dict(spec["drivers"])
        out[name] = entry
    return out


def capacity(profile):
    """Bytes the bundle may occupy on this profile's drive."""
    return profile["circuitpy_bytes"] - profile["reserve_bytes"]


def on_disk(size, cluster):
    """Bytes a file of `size` occupies on FAT (whole clusters; an empty file takes none)."""
    return -(-size // cluster) * cluster


# ------------------------------------------------------------------ walking


def site_packages_dirs():
    """Folders of this environment's installed packages."""
    dirs = []
    for key in ("purelib", "platlib"):
        p = Path(sysconfig.get_paths()[key])
        if p.is_dir() and p not in dirs:
            dirs.append(p)
    return dirs


def repo_resolver(repo=REPO_ROOT, lib_dirs=None, skip_libs=None):
    """Resolver for device code in the repo: built-ins, repo root, repo lib/, site-packages.

    The repo's own lib/ (vendored CircuitPython libraries) is trusted as is; a module
    from site-packages must belong to a CircuitPython library distribution.
    skip_libs: {library top-level name: why this build leaves it out} (another
    display chip's driver: device code imports drivers only inside try/except).
    """
    repo = Path(repo)
    vendored = repo / "lib"
    if lib_dirs is None:
        lib_dirs = site_packages_dirs()
    dist_check = imp.circuitpython_dist_filter()
    skip_libs = dict(skip_libs or {})

    def lib_filter(top, root):
        if top in skip_libs:
            return skip_libs[top]
        if Path(root) == vendored:
            return None
        return dist_check(top, root)

    return imp.Resolver([repo], [vendored] + list(lib_dirs), lib_filter)


def bundle_resolver(bundle):
    """Resolver that sees only the bundle (as the device does: '/' then '/lib')."""
    bundle = Path(bundle)
    return imp.Resolver([bundle], [bundle / "lib"], desktop_only=imp.DESKTOP_ONLY | {"lib"})


def walk_device(repo=REPO_ROOT, resolver=None):
    """WalkResult of the repo's code.py and boot.py; BuildError if an import cannot resolve."""
    repo = Path(repo)
    if not (repo / "code.py").is_file():
        raise BuildError("no code.py in %s: nothing to bundle" % repo)
    entries = [repo / f for f in ENTRY_FILES if (repo / f).is_file()]
    result = imp.walk(entries, resolver or repo_resolver(repo))
    if result.errors:
        prefix = str(repo) + os.sep
        raise BuildError("device code imports what the device cannot have:\n  "
                         + "\n  ".join(e.replace(prefix, "") for e in result.errors))
    return result


# ------------------------------------------------------------------- mpy-cross


def check_mpy_cross(compiler):
    """Path of a CircuitPython mpy-cross, or BuildError naming the problem.

    Both projects call the tool mpy-cross. CircuitPython's .mpy files start with b'C',
    MicroPython's with b'M'; CircuitPython refuses the latter at import.
    """
    path = shutil.which(compiler) if compiler else shutil.which("mpy-cross")
    if path is None:
        raise BuildError(
            "--mpy needs CircuitPython's mpy-cross on PATH (or --mpy-cross PATH); get the "
            "build matching your CircuitPython version from "
            "https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "probe.py"
        src.write_text("x = 1\n")
        out = Path(tmp) / "probe.mpy"
        proc = subprocess.run([path, "-o", str(out), str(src)], capture_output=True, text=True)
        if proc.returncode != 0 or not out.is_file():
            raise BuildError("%s failed on a one-line file:\n%s" % (path, proc.stderr.strip()))
        head = out.read_bytes()[:2]
    if head[:1] == b"M":
        raise BuildError(
            "%s is MicroPython's mpy-cross (its .mpy files start with 'M'); CircuitPython "
            "refuses them (a MicroPython / incompatible .mpy file). Put CircuitPython's "
            "mpy-cross first on "
            "PATH or pass --mpy-cross PATH, or build without --mpy." % path)
    if head[:1] != b"C":
        raise BuildError("%s wrote a .mpy starting %r, not CircuitPython's b'C'" % (path, head))
    return path


def compile_mpy(compiler, src, dst, source_name):
    proc = subprocess.run([compiler, "-o", str(dst), "-s", source_name, str(src)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise BuildError("mpy-cross failed on %s:\n%s" % (source_name, proc.stderr.strip()))
    if dst.read_bytes()[:1] != b"C":
        raise BuildError("mpy-cross wrote a non-CircuitPython .mpy for %s" % source_name)


# ------------------------------------------------------------------- settings


PROFILE_KEY = "YAHTZEE_PROFILE"


def profile_key(settings_text):
    """The settings.toml key naming the board profile (the hardware code's choice)."""
    for line in settings_text.splitlines():
        m = re.match(r"\s*#?\s*([A-Za-z_][A-Za-z0-9_]*PROFILE[A-Za-z0-9_]*)\s*=", line)
        if m:
            return m.group(1)
    return PROFILE_KEY


def select_profile(settings_text, name):
    """settings.toml text with the profile key set to `name` (added if absent)."""
    key = profile_key(settings_text)
    line = '%s = "%s"' % (key, name)
    pattern = re.compile(r"^[ \t]*%s[ \t]*=.*$" % re.escape(key), re.M)
    if pattern.search(settings_text):
        return pattern.sub(line, settings_text, count=1)
    commented = re.compile(r"^[ \t]*#[ \t]*%s[ \t]*=.*$" % re.escape(key), re.M)
    if commented.search(settings_text):
        return commented.sub(line, settings_text, count=1)
    sep = "" if not settings_text or settings_text.endswith("\n") else "\n"
    return settings_text + sep + "# Board profile chosen by tools/build_bundle.py\n" + line + "\n"


# --------------------------------------------------------------------- tables


def ruleset_names(repo=REPO_ROOT):
    """yahtzee_core.RULESETS as yahtzee_core/rules.py declares it, its NAMES string (read
    with ast, nothing executed)."""
    path = Path(repo) / "yahtzee_core" / "rules.py"
    if not path.is_file():
        return ()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "NAMES" for t in node.targets):
            return tuple(ast.literal_eval(node.value).split())
    return ()


# Strategy-table formats the device reads (tools/strategy_table.py FORMATS: plain
# .yzt, packed exact .yzp, packed lossy .yz8 and .yz7), best first. Anything else in
# tables/ (stamps, numpy dumps) stays home.
DEVICE_TABLE_SUFFIXES = (".yzt", ".yzp", ".yz8", ".yz7")


def table_files(tables_dir, rules):
    """Variants of one ruleset's strategy table in tables_dir ('yahtzee.yzt',
    'yahtzee.yzp', ...), largest (plain: exact and fastest to read) first."""
    d = Path(tables_dir)
    if not d.is_dir():
        return []
    found = [p for p in d.iterdir()
             if p.is_file() and p.stem == rules and p.suffix in DEVICE_TABLE_SUFFIXES]
    return sorted(found, key=lambda p: (-p.stat().st_size, p.name))


def refresh_tables(rulesets, tables_dir, repo=REPO_ROOT, log=print):
    """Bring the cached tables up to date with tools.strategy_table.ensure_tables (built
    when missing, rebuilt when the rules core or solver changed since).
    Returns {ruleset: why there is no table} for the ones that failed."""
    Path(tables_dir).mkdir(parents=True, exist_ok=True)
    code = ("import sys\nfrom tools.strategy_table import ensure_tables, no_table_reason\n"
            "for name in sys.argv[2:]:\n"
            "    why = no_table_reason(name)\n"
            "    if why:\n"            # no table (triple-yahtzee: unsolvable): say why, go on
            "        print('%s\\t%s' % (name, why))\n"
            "    else:\n"
            "        ensure_tables(name, sys.argv[1])\n")
    log("checking strategy tables %s (built when missing or out of date) ..."
        % ", ".join(rulesets))
    proc = subprocess.run([sys.executable, "-c", code, str(tables_dir)] + list(rulesets),
                          cwd=str(repo), capture_output=True, text=True)
    why = "tools.strategy_table wrote no table in %s" % tables_dir
    if proc.returncode != 0:
        why = "tools.strategy_table failed: " + (proc.stderr.strip().splitlines() or ["?"])[-1]
    reasons = dict(line.split("\t", 1) for line in proc.stdout.splitlines() if "\t" in line)
    return {r: reasons.get(r, why) for r in rulesets if not table_files(tables_dir, r)}


# ---------------------------------------------------------------------- build


class Bundle:
    """What a build produced: files (relpath -> bytes on disk), left out, totals."""

    def __init__(self, out, profile_name, profile):
        self.out = Path(out)
        self.profile_name = profile_name
        self.profile = profile
        self.files = {}        # relpath -> size in bytes
        self.left_out = []     # (what, why)
        self.notes = []
        self.tables = []       # rulesets whose tables went in
        self.walk = None
        self.mpy = False
        self.firmware = False  # the drive for our firmware: the code is frozen in it

    def used(self):
        cluster = self.profile["cluster"]
        return sum(on_disk(s, cluster) for s in self.files.values())

    def summary(self):
        cap = capacity(self.profile)
        lines = [
            "bundle for profile %r (%s) in %s" % (self.profile_name, self.profile["board"], self.out),
            "  drive size assumes %s" % self.profile.get("assumes", "the profile's board"),
            "  %d files, %.1f KB on the drive of %.1f KB usable (%.1f KB kept free for saves)"
            % (len(self.files), self.used() / KB, cap / KB, self.profile["reserve_bytes"] / KB),
        ]
        if self.firmware:
            lines.append("  code: frozen into the firmware (python -m tools.firmware): %s"
                         % ", ".join(self.walk.ours_tops() + self.walk.lib_tops()))
        else:
            lines += ["  our packages: %s" % (", ".join(self.walk.ours_tops()) or "-"),
                      "  lib/: %s" % (", ".join(self.walk.lib_tops()) or "-")]
        lines += [
            "  strategy tables: %s" % (", ".join(self.tables) or "none"),
        ]
        for what, why in self.left_out:
            lines.append("  left out %s: %s" % (what, why))
        for note in self.notes:
            lines.append("  note: %s" % note)
        return "\n".join(lines)


def file_sha256(path):
    """SHA-256 hex digest of a file, read in blocks."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(65536), b""):
            h.update(block)
    return h.hexdigest()


@contextlib.contextmanager
def swapped_in(stage, out):
    """Build into the folder `stage`; when the block ends well it replaces `out`, else
    it is removed (a failed build leaves the old one)."""
    try:
        yield stage
        if out.exists():
            shutil.rmtree(out)
        stage.rename(out)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise


def check_out(out, replace_any=False):
    """BuildError unless `out` may become the bundle: new, empty, or a previous bundle
    (it holds the manifest), or anything when replace_any asks for it explicitly. A
    folder of someone's files is never deleted by accident."""
    if out.is_file() or (out.exists() and not out.is_dir()):
        raise BuildError("--out %s is a file, not a folder" % out)
    if out.is_dir() and not replace_any and not (out / MANIFEST).is_file():
        try:
            empty = not any(out.iterdir())
        except OSError as err:
            raise BuildError("--out %s cannot be read: %s" % (out, err.strerror)) from None
        if not empty:
            raise BuildError("--out %s holds files that are not a bundle this tool made; "
                             "give a new or empty folder, or add --replace-any-out to "
                             "delete them" % out)


def build(profile_name="default", rules="all", out=DEFAULT_OUT, repo=REPO_ROOT, mpy=None,
          mpy_cross=None, tables=True, tables_dir=None, lib_dirs=None, log=print,
          circuitpy_kb=None, build_missing_tables=True, replace_any=False, firmware=False):
    """Build the bundle into `out` (replaced if it is a previous bundle, or anything with
    replace_any). Returns a Bundle; BuildError on failure.

    mpy=None compiles to .mpy exactly when a compiler is given (mpy_cross): a board then
    loads bytecode instead of compiling every module in its RAM at power-on.
    circuitpy_kb overrides the profile's drive size (a board with other flash).
    firmware: the drive for our own firmware (tools/firmware.py), which has the game's
    code and libraries frozen in: no code but code.py and boot.py, so more tables fit."""
    if mpy is None:
        mpy = mpy_cross is not None
    if firmware and mpy:
        raise BuildError("--firmware: the code is frozen into the firmware, there is "
                         "nothing to compile (leave out --mpy/--mpy-cross)")
    repo = Path(repo)
    out = Path(out)
    check_out(out, replace_any)
    profiles = load_profiles(repo)
    if profile_name not in profiles:
        raise BuildError("unknown profile %r; choose one of: %s"
                         % (profile_name, ", ".join(sorted(profiles))))
    profile = dict(profiles[profile_name])
    if circuitpy_kb:
        profile["circuitpy_bytes"] = int(circuitpy_kb) * KB
        profile["board"] += " (CIRCUITPY %d KB as given)" % int(circuitpy_kb)
        profile["assumes"] = "--circuitpy-kb %d" % int(circuitpy_kb)
        profile["cluster"] = fat_cluster(profile["circuitpy_bytes"])
    compiler = check_mpy_cross(mpy_cross) if mpy else None
    settings = repo / SETTINGS
    settings_text = settings.read_text(encoding="utf-8") if settings.is_file() else ""
    # our firmware has every display chip's driver frozen in (settings.toml picks one)
    skip = {} if firmware else other_display_drivers(profile, settings_text)
    walk = walk_device(repo, repo_resolver(repo, lib_dirs, skip))
    walk.left_out_libs = skip

    # Build next to the target and swap at the end: a failed build leaves the old one.
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        stage = Path(tempfile.mkdtemp(prefix=".build-", dir=str(out.parent)))
    except OSError as err:
        raise BuildError("--out %s: cannot make a folder in %s (%s)"
                         % (out, out.parent, err.strerror or err)) from None
    with swapped_in(stage, out):
        bundle = _build_into(stage, walk, repo, profile_name, profile, rules, compiler,
                             tables, Path(tables_dir) if tables_dir else repo / TABLES_DIR, log,
                             build_missing_tables, firmware)
    bundle.out = out
    return bundle


DISPLAY_KEY = "YAHTZEE_DISPLAY"
# Modules read only where the game's code is frozen into our firmware (the module that
# imports them has no file there): a drive's bundle leaves them out, drive room for
# the tables. yahtzee_core/rules.py reads every ruleset's score table from the first.
FROZEN_ONLY = ("yahtzee_core/score_tables.py",)


def settings_display(settings_text):
    """The display chip settings.toml sets (an uncommented YAHTZEE_DISPLAY), or None."""
    m = re.search(r'^[ \t]*%s[ \t]*=[ \t]*"?([A-Za-z0-9]+)"?' % DISPLAY_KEY, settings_text,
                  re.M)
    return m.group(1).lower() if m else None


def other_display_drivers(profile, settings_text=""):
    """{library: why it is left out} for the display drivers this build does not need:
    every chip's but the one the profile names (or settings.toml's YAHTZEE_DISPLAY)."""
    drivers = profile.get("display_drivers") or {}
    chip = settings_display(settings_text) or profile.get("display")
    return {module: "the display is %s, not %s" % (chip, kind)
            for kind, module in sorted(drivers.items()) if kind != chip}


def without_comment_lines(source):
    """The source with every comment-only line emptied: the same code, line for line
    (tracebacks on the board still point at the repo's lines), in less flash. A '#'
    inside a string is not a comment to tokenize, so strings stay whole."""
    lines = source.decode("utf-8").splitlines(keepends=True)
    drop = set()
    for tok in tokenize.generate_tokens(io.StringIO("".join(lines)).readline):
        if tok.type == tokenize.COMMENT and not tok.line[:tok.start[1]].strip():
            drop.add(tok.start[0] - 1)
    for i in drop:
        lines[i] = "\n"
    return "".join(lines).encode("utf-8")


def docstring_spans(tree):
    """(first line, last line) of every docstring that sits alone on its lines."""
    spans = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                 ast.AsyncFunctionDef)):
            continue
        first = node.body[0] if node.body else None
        if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)):
            spans.append((first.lineno, first.end_lineno, first.col_offset,
                          first.end_col_offset))
    return spans


def without_docstrings(source):
    """The source with each docstring that has its lines to itself turned into ''
    and blank lines: the same code, line for line. A board compiling a .py builds
    every docstring as a string in RAM first (then drops it: CircuitPython keeps no
    docstrings), which raised the compiler's peak for nothing; the docstrings are
    about a quarter of the code's text."""
    text = source.decode("utf-8")
    lines = text.splitlines(keepends=True)
    for first, last, col, end_col in sorted(docstring_spans(ast.parse(text)), reverse=True):
        head = lines[first - 1][:col]
        tail = lines[last - 1][end_col:]
        if head.strip() or tail.strip():
            continue        # code shares a line with the docstring: leave it be
        lines[first - 1:last] = [head + "''\n"] + ["\n"] * (last - first)
    return "".join(lines).encode("utf-8")


def shipped_source(source):
    """A plain .py as the bundle ships it: comment-only lines emptied, docstrings
    blanked (see both)."""
    return without_docstrings(without_comment_lines(source))


def _build_into(stage, walk, repo, profile_name, profile, rules, compiler, tables,
                tables_dir, log, build_missing_tables=True, firmware=False):
    bundle = Bundle(stage, profile_name, profile)
    bundle.walk = walk
    bundle.mpy = compiler is not None
    bundle.firmware = firmware
    prefix = str(repo) + os.sep
    left_out_libs = getattr(walk, "left_out_libs", {})
    for module, why in sorted(left_out_libs.items()):
        bundle.left_out.append(("lib/%s" % module, why))
    for miss in walk.optional_missing:
        if any("import %s" % module in miss for module in left_out_libs):
            continue
        bundle.notes.append("optional import not available: " + miss.replace(prefix, ""))

    def put(rel, data=None, src=None):
        dst = stage / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src is not None:
            shutil.copyfile(src, dst)
        else:
            dst.write_bytes(data)
        bundle.files[rel] = dst.stat().st_size

    for name in ENTRY_FILES:
        if (repo / name).is_file():
            put(name, src=repo / name)
    settings = repo / SETTINGS
    text = settings.read_text(encoding="utf-8") if settings.is_file() else ""
    if not settings.is_file():
        bundle.notes.append("no settings.toml in the repo: wrote one naming the profile only")
    put(SETTINGS, select_profile(text, profile_name).encode("utf-8"))

    for mod in ([] if firmware else walk.files()):
        rel = mod.relpath if mod.kind == "ours" else "lib/" + mod.relpath
        if mod.kind == "ours" and rel in FROZEN_ONLY:
            bundle.left_out.append((rel, "read only where frozen into our firmware"))
            continue
        if compiler and mod.path.suffix == ".py":
            rel = rel[:-3] + ".mpy"
            dst = stage / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            # the dotted module name as the source name: the import interns it anyway, a
            # path would be one more name in the board's RAM (shown in tracebacks)
            compile_mpy(compiler, mod.path, dst, mod.name)
            bundle.files[rel] = dst.stat().st_size
        elif mod.kind == "ours" and mod.path.suffix == ".py":
            put(rel, shipped_source(mod.path.read_bytes()))
        else:
            put(rel, src=mod.path)

    cap = capacity(profile)
    if bundle.used() > cap:
        raise BuildError("code and libraries alone need %.1f KB, more than the %.1f KB "
                         "usable on %s" % (bundle.used() / KB, cap / KB, profile["board"]))

    # Our firmware's drive has room for tables of several rulesets: the percentiles
    # (half a KB each) go first, and the tables serve as many rulesets as fit. The
    # bundle's code leaves room for a few: the tables come first there.
    percentiles = _add_percentiles(bundle, put, repo) if firmware else []
    if tables:
        _add_tables(bundle, stage, repo, rules, tables_dir, cap, log, build_missing_tables,
                    most_rulesets=firmware)
    else:
        bundle.left_out.append(("strategy tables", "--no-tables"))
    if not firmware:  # after the strategy tables; left out again if they do not fit
        percentiles = _add_percentiles(bundle, put, repo)

    def write_manifest():
        manifest = {
            "profile": profile_name,
            "board": profile["board"],
            "mpy": bundle.mpy,
            "tables": bundle.tables,
            "firmware": firmware,
            # the modules the firmware has frozen in: a copy on the drive would shadow them
            "frozen": sorted(walk.ours_tops() + walk.lib_tops()) if firmware else [],
            "left_out": ["%s: %s" % lo for lo in bundle.left_out],
            "files": {rel: [size, file_sha256(stage / rel)]
                      for rel, size in sorted(bundle.files.items()) if rel != MANIFEST},
        }
        put(MANIFEST, (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode())

    write_manifest()
    if bundle.used() > cap and percentiles:
        for rel in percentiles:
            (stage / rel).unlink()
            del bundle.files[rel]
        bundle.left_out.append(("percentile tables", "no room left on %s after the "
                                "strategy tables" % profile["board"]))
        write_manifest()
    if bundle.used() > cap:  # only if the manifest outgrew the room the tables left it
        raise BuildError("bundle does not fit %s by %d bytes; build with fewer tables (--rules)"
                         % (profile["board"], bundle.used() - cap))
    return bundle


PERCENTILES_DIR = "percentiles"   # on the drive: NAME.pct, apart from the strategy tables


def _add_percentiles(bundle, put, repo):
    """percentiles/NAME.pct (206 bytes, yahtzee_core.percentiles) for every ruleset whose
    exact distribution of perfect play is in docs/distribution (or level good's sampled
    one, the table says whose): game over tells where a score falls among perfect
    games (good CPU games). Returns the files added."""
    from tools.percentile_table import DISTRIBUTION_DIR, distribution_path, table_for
    added = []
    if not (Path(repo) / DISTRIBUTION_DIR).is_dir():
        return added
    for name in ruleset_names(repo):
        data = table_for(name, repo)
        if data is None:
            bundle.left_out.append(("percentiles %s" % name,
                                    "no %s" % distribution_path(name, repo)))
            continue
        rel = "%s/%s.pct" % (PERCENTILES_DIR, name)
        put(rel, data)
        added.append(rel)
    return added


def manifest_reserve(bundle):
    """Room the manifest will take: a line group of at most 160 bytes a file (path,
    size, SHA-256) for the files so far and a few still to come (tables, percentile
    tables), plus the header and notes; a fixed 4 KB fell short once the code grew."""
    return on_disk(160 * (len(bundle.files) + 8) + 1024, bundle.profile["cluster"])


def _add_tables(bundle, stage, repo, rules, tables_dir, cap, log, build_missing=True,
                most_rulesets=False):
    known = ruleset_names(repo)
    wanted = list(known) if rules in (None, "all") else [r.strip() for r in rules.split(",") if r.strip()]
    for r in wanted:
        if known and r not in known:
            raise BuildError("unknown ruleset %r; choose from: %s" % (r, ", ".join(known)))
    if not wanted:
        return
    cluster = bundle.profile["cluster"]
    failed = refresh_tables(wanted, tables_dir, repo, log) if build_missing else {}
    found = {}
    for r in wanted:
        files = table_files(tables_dir, r)
        if files:
            found[r] = [(on_disk(f.stat().st_size, cluster), f) for f in files]
        else:
            note = failed.get(r, "no table in %s (not built)" % tables_dir)
            bundle.left_out.append(("table %s" % r, note))
    chosen = choose_tables(found, cap - bundle.used() - manifest_reserve(bundle),
                           most_rulesets)
    for r in found:
        if r not in chosen:
            smallest = found[r][-1][0]
            room = cap - bundle.used() - manifest_reserve(bundle) - sum(found[c][chosen[c]][0] for c in chosen)
            bundle.left_out.append((
                "table %s" % r,
                "needs %.1f KB, only %.1f KB left on %s" % (smallest / KB, max(room, 0) / KB,
                                                           bundle.profile["board"])))
    for r in found:
        if r not in chosen:
            continue
        path = found[r][chosen[r]][1]
        if chosen[r]:
            bundle.notes.append("table %s: %s does not fit, took %s"
                                % (r, found[r][0][1].name, path.name))
        rel = "%s/%s" % (TABLES_DIR, path.name)
        dst = stage / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dst)
        bundle.files[rel] = dst.stat().st_size
        bundle.tables.append(r)


def choose_tables(found, room, most_rulesets=False):
    """{ruleset: index of the variant to ship} for found = {ruleset: [(bytes on disk,
    file)] best first}, in priority order: as many rulesets as fit, each first at its
    smallest variant (so a second ruleset is not crowded out by the first one's exact
    table), then each, in priority order, upgraded to the best variant the room left
    allows. most_rulesets: as many rulesets as can fit at all (counted smallest table
    first), those first in priority order among the sets that many, so three small
    tables are not crowded out by one large one."""
    chosen = {}
    order = list(found)
    if most_rulesets:
        order = _most_rulesets({r: v[-1][0] for r, v in found.items()}, room)
    for r in order:
        variants = found[r]
        if variants[-1][0] <= room:
            chosen[r] = len(variants) - 1
            room -= variants[-1][0]
    for r in [r for r in found if r in chosen]:
        now = found[r][chosen[r]][0]
        for i, (size, _) in enumerate(found[r][:chosen[r]]):
            if size - now <= room:
                chosen[r] = i
                room -= size - now
                break
    return chosen


def _most_rulesets(smallest, room):
    """Rulesets of {ruleset: smallest table's bytes} (priority order) to take: the most
    that fit in room, and of such sets the one first in priority order."""
    most, total = 0, 0
    for size in sorted(smallest.values()):
        if total + size > room:
            break
        total += size
        most += 1
    names = list(smallest)
    taken, used = [], 0
    for i, r in enumerate(names):
        need = most - len(taken) - 1       # still to take after r
        if need < 0:
            break
        others = sorted(smallest[o] for o in names[i + 1:])
        if len(others) >= need and used + smallest[r] + sum(others[:need]) <= room:
            taken.append(r)
            used += smallest[r]
    return taken


# --------------------------------------------------------------- requirements


def requirements_text(walk):
    """requirements.txt for `circup install -r`: libraries our code imports directly.

    circup resolves their own dependencies (adafruit_bus_device, adafruit_register)."""
    names = sorted(imp.circup_name(t) for t in walk.direct_libs)
    head = ("# CircuitPython libraries the device code imports, for: circup install -r "
            "requirements.txt\n# Generated by: python -m tools.build_bundle --write-requirements"
            " (a test keeps it in sync)\n")
    return head + "".join(n + "\n" for n in names)


def read_requirements(path):
    names = []
    for line in Path(path).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.append(line)
    return names


# ------------------------------------------------------------------------ cli


def main(argv=None):
    from tools.cli_checks import Parser
    parser = Parser(prog="python -m tools.build_bundle",
                    description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", default="default", help="board profile (--list-profiles)")
    parser.add_argument("--rules", default="all",
                        help="rulesets whose strategy tables to include, comma-separated, "
                             "in priority order (default: all that fit)")
    parser.add_argument("--out", default=None,
                        help="output folder: new, empty or a previous bundle (replaced); "
                             "default dist/CIRCUITPY (--firmware: dist/CIRCUITPY-firmware)")
    parser.add_argument("--firmware", action="store_true",
                        help="the drive for our own firmware (python -m tools.firmware), "
                             "whose game code is frozen in: no code on the drive, more "
                             "strategy tables")
    parser.add_argument("--replace-any-out", action="store_true",
                        help="let --out be a folder of other files, and delete them")
    parser.add_argument("--mpy", action="store_true",
                        help="compile modules to .mpy with CircuitPython's mpy-cross "
                             "(from PATH unless --mpy-cross)")
    parser.add_argument("--mpy-cross", default=None,
                        help="path of CircuitPython's mpy-cross for your firmware version "
                             "(implies --mpy)")
    parser.add_argument("--no-tables", action="store_true", help="leave strategy tables out")
    parser.add_argument("--tables-dir", default=None,
                        help="where built tables are cached (default: tables/)")
    parser.add_argument("--circuitpy-kb", type=int, default=None,
                        help="size of your board's CIRCUITPY drive in KB, when it differs "
                             "from the profile's (e.g. a Feather M4: 2048)")
    parser.add_argument("--list-profiles", action="store_true")
    parser.add_argument("--write-requirements", action="store_true",
                        help="rewrite requirements.txt from the device imports and exit")
    args = parser.parse_args(argv)
    profiles = load_profiles()
    known = ruleset_names()
    named = [r.strip() for r in args.rules.split(",") if r.strip()] if args.rules != "all" else []
    parser.refuse(None if args.profile in profiles else "--profile %s: unknown profile (choose "
                  "from %s)" % (args.profile, ", ".join(sorted(profiles))),
                  *["--rules %s: unknown ruleset %r (choose from all or %s)"
                    % (args.rules, r, ", ".join(known)) for r in named if r not in known],
                  args.circuitpy_kb is not None and args.circuitpy_kb < 1 and
                  "--circuitpy-kb %d: needs a size of 1 KB or more" % args.circuitpy_kb)
    try:
        if args.list_profiles:
            for name, p in sorted(load_profiles().items()):
                print("%-14s %6.0f KB usable  %s%s" % (
                    name, capacity(p) / KB, p["board"],
                    "  [size assumes %s]" % p["assumes"] if p.get("assumes") else ""))
            return 0
        if args.write_requirements:
            text = requirements_text(walk_device())
            (REPO_ROOT / "requirements.txt").write_text(text)
            print(text, end="")
            return 0
        out = args.out or str(FIRMWARE_OUT if args.firmware else DEFAULT_OUT)
        bundle = build(args.profile, args.rules, out, mpy=args.mpy or None,
                       mpy_cross=args.mpy_cross, tables=not args.no_tables,
                       tables_dir=args.tables_dir, circuitpy_kb=args.circuitpy_kb,
                       replace_any=args.replace_any_out, firmware=args.firmware)
    except BuildError as err:
        print("build_bundle: error: %s" % err, file=sys.stderr)
        return 1
    except OSError as err:  # the disk refused mid-build (full, removed, read-only)
        print("build_bundle: error: %s: %s" % (err.filename or args.out, err.strerror or err),
              file=sys.stderr)
        return 1
    print(bundle.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
