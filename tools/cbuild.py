"""Build a C source into a shared library on first use and load it with ctypes
(desktop only).

The library is cached under ``build/ckernels/`` of the repository (gitignored), named
by a hash of the sources, the compiler command (its -D defines included: one source
can make several variants) and this CPU's features, so a fresh clone, CI and a
changed source each build once (seconds) and later runs load the cached file. Writers
race safely: each compiles to its own temporary name and renames it into place; two
threads asking for one library compile it once, different libraries compile at once. The C compiler is ``$CC`` or ``cc``; without one, ``load``
returns None and says why in ``last_error`` (callers fall back to numpy).
"""

import atexit
import ctypes
import hashlib
import os
import platform
import shutil
import signal
import subprocess
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CACHE_DIR = os.path.join(ROOT, 'build', 'ckernels')
FLAGS = ['-O3', '-std=c11', '-fPIC', '-shared', '-fno-math-errno', '-Wno-psabi']
NATIVE = ['-march=native']

last_error = None
_loaded = {}
_lock = threading.Lock()    # guards _locks
_locks = {}                 # one per library: a second caller waits for the first compile
# Compiles under way: temporary file -> the compiler's process (None before it starts).
# A program that ends mid-compile (the simulator quit during its background compile, a
# daemon thread) stops them and removes their files at exit (_abandon_compiles).
_running = {}
_running_lock = threading.Lock()
_exiting = False


def _cpu_features():
    """The CPU's feature list (what -march=native compiles for), where the OS tells."""
    try:
        with open('/proc/cpuinfo') as f:
            for line in f:
                if line.startswith(('flags', 'Features')):
                    return line
    except OSError:
        pass
    return platform.processor()


def _key(sources, cc, flags):
    h = hashlib.sha256()
    for path in sources:
        with open(path, 'rb') as f:
            h.update(f.read())
    h.update(' '.join([cc] + flags).encode())
    h.update((platform.machine() + _cpu_features()).encode())
    return h.hexdigest()[:16]


def _compile(source, out, cc, flags):
    """Compile to `out` atomically; returns the compiler's complaint or None."""
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with _running_lock:
        if _exiting:
            return 'the program is ending'
        fd, tmp = tempfile.mkstemp(suffix='.so', dir=os.path.dirname(out))
        os.close(fd)
        _running[tmp] = None
    try:
        with _running_lock:
            if _exiting:
                return 'the program is ending'
            proc = _running[tmp] = subprocess.Popen(
                [cc] + flags + ['-o', tmp, source], stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                start_new_session=os.name == 'posix')   # its own group: cc1, as, ld too
        stdout, stderr = proc.communicate()
        if proc.returncode != 0:
            return (stderr or stdout).strip()[-400:] or 'exit %d' % proc.returncode
        os.replace(tmp, out)
        return None
    finally:
        with _running_lock:
            _running.pop(tmp, None)
        if os.path.exists(tmp):
            os.unlink(tmp)


@atexit.register
def _abandon_compiles():
    global _exiting
    with _running_lock:
        _exiting = True
        running = list(_running.items())
    for tmp, proc in running:
        if proc is not None:
            try:
                if os.name == 'posix':
                    os.killpg(proc.pid, signal.SIGKILL)
                else:
                    proc.kill()
            except OSError:     # finished meanwhile
                pass
            proc.wait()
        if os.path.exists(tmp):
            os.unlink(tmp)


def _out(source, sources, cc, flags):
    name = os.path.splitext(os.path.basename(source))[0]
    return os.path.join(CACHE_DIR, '%s-%s.so' % (name, _key(sources, cc, flags)))


def built(source, depends=(), defines=()):
    """True when `source` (with these -D `defines`) is loaded or compiled already
    (load() will not compile)."""
    cc = os.environ.get('CC', 'cc')
    if (source, cc, tuple(defines)) in _loaded:
        return True
    sources = [source] + list(depends)
    return any(os.path.exists(_out(source, sources, cc, f + list(defines)))
               for f in (FLAGS + NATIVE, FLAGS))


def load(source, depends=(), defines=()):
    """ctypes.CDLL of `source` (plus headers `depends`, which only enter the hash),
    compiled with `defines` (such as '-DLANES=128') on first use; None (reason in
    last_error) when no compiler works. Safe from several threads (the simulator
    compiles in the background at start)."""
    key = (source, os.environ.get('CC', 'cc'), tuple(defines))
    with _lock:
        lock = _locks.setdefault(key, threading.Lock())
    with lock:
        return _load(source, depends, key)


def _load(source, depends, key):
    global last_error
    if key in _loaded:
        return _loaded[key]
    cc = key[1]
    lib = None
    if shutil.which(cc) is None:
        last_error = 'no C compiler (%s) on PATH' % cc
    else:
        sources = [source] + list(depends)
        for flags in (FLAGS + NATIVE, FLAGS):       # -march=native is not everywhere
            out = _out(source, sources, cc, flags + list(key[2]))
            err = None if os.path.exists(out) else _compile(source, out, cc,
                                                             flags + list(key[2]))
            if err is None:
                lib = ctypes.CDLL(out)
                last_error = None
                break
            last_error = err
    _loaded[key] = lib
    return lib
