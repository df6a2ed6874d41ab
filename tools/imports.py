"""Walk the imports of device code (code.py, boot.py) the way CircuitPython resolves them.

Desktop-only tool. Reads sources with `ast` (never executes device code) and answers:
which of our modules, and which CircuitPython library modules, does the device actually
load? The bundle builder copies exactly that set; the tests re-walk the built bundle to
prove every import resolves inside it or is a CircuitPython built-in.

Resolution order mirrors CircuitPython (sys.path is '', '/', '/lib'): built-in modules
first, then the drive's root (our packages), then lib/ (libraries).

Rules worth knowing:
- An import inside `try:` whose handlers catch ImportError (or broader) is *optional*.
  In our own code an optional import is still followed when it resolves (so
  hardware/board_io.py's `try: import adafruit_displayio_ssd1306` bundles the driver
  from lib/); in a library it is not followed (libraries import `typing`,
  `circuitpython_typing` that way for type hints).
- `__import__('pkg.sub.' + name)` with a constant prefix bundles every module under
  `pkg/sub/` (yahtzee_core loads ruleset variants that way, on demand).
- Imports inside functions count: they run when the function is called.
"""
import ast
import re
from pathlib import Path

# CircuitPython 10 built-in (native) modules, across ports. Never bundled. A library on
# this list that also exists as a .py (adafruit_bus_device, adafruit_pixelbuf) is NOT
# here: boards without the native version need the library, so we ship it.
CIRCUITPY_BUILTINS = frozenset("""
    __future__ __main__ _asyncio _bleio _eve _pew _pixelmap _stage
    aesio alarm analogbufio analogio array atexit audiobusio audiocore audiodelays
    audiofilters audioio audiomixer audiomp3 audiopwmio aurora_epaper binascii bitbangio
    bitmapfilter bitmaptools bitops board builtins busdisplay busio camera canio codeop
    collections countio digitalio displayio dotclockframebuffer dualbank epaperdisplay
    errno espcamera espidf espnow espulp floppyio fontio fourwire framebufferio
    frequencyio gc getpass gifio gnss hashlib i2cdisplaybus i2cioexpander i2ctarget
    imagecapture io ipaddress is31fl3741 jpegio json keypad keypad_demux locale
    lvfontio math max3421e mdns memorymap memorymonitor microcontroller micropython
    mipidsi msgpack neopixel_write nvm onewireio os paralleldisplaybus ps2io pulseio
    pwmio qrio qspibus rainbowio random re rgbmatrix rotaryio rp2pio rtc samd sdcardio
    sdioio select sharpdisplay socketpool ssl storage struct supervisor synthio sys
    terminalio tilepalettemap time touchio traceback uctypes ulab usb usb_cdc usb_hid
    usb_host usb_midi usb_video ustack vectorio warnings watchdog wifi zlib
""".split())

# Repo folders that are desktop-only: device code importing them is a build error.
DESKTOP_ONLY = frozenset(("sim", "tools", "tests", "bench", "docs", "dist", "build"))

SOURCE_SUFFIXES = (".py", ".mpy")


class ImportWalkError(Exception):
    """Device code imports something the device cannot have."""


class ImportRef:
    """One imported module name as written in a source file."""

    __slots__ = ("name", "names", "optional", "lineno", "dynamic_prefix", "lazy")

    def __init__(self, name, names=(), optional=False, lineno=0, dynamic_prefix=False,
                 lazy=False):
        self.name = name              # absolute dotted module name
        self.names = tuple(names)     # `from name import a, b` -> ('a', 'b')
        self.optional = optional      # inside try/except ImportError
        self.lineno = lineno
        self.dynamic_prefix = dynamic_prefix  # `__import__(name + ...)`: every module under
        self.lazy = lazy              # inside a function: runs when it is called

    def __repr__(self):
        return "ImportRef(%r, %r, optional=%r)" % (self.name, self.names, self.optional)


def _catches_import_error(handler):
    if handler.type is None:
        return True
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    for t in types:
        name = t.id if isinstance(t, ast.Name) else getattr(t, "attr", "")
        if name in ("ImportError", "ModuleNotFoundError", "Exception", "BaseException"):
            return True
    return False


def _resolve_relative(level, module, current, is_package):
    """Absolute name for `from <level dots><module> import ...` inside `current`."""
    parts = current.split(".") if current else []
    if not is_package:
        parts = parts[:-1]
    drop = level - 1
    if drop > len(parts):
        raise ImportWalkError("relative import beyond top level in %s" % current)
    base = parts[: len(parts) - drop] if drop else parts
    if module:
        base = base + module.split(".")
    return ".".join(base)


def _dynamic_import_prefix(call):
    """'pkg.sub' for __import__('pkg.sub.' + x, ...), else None."""
    func = call.func
    if not (isinstance(func, ast.Name) and func.id == "__import__") or not call.args:
        return None
    arg = call.args[0]
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return None  # a plain constant: handled as a normal import
    while isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Add):
        arg = arg.left
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        prefix = arg.value.rstrip(".")
        if prefix and "." in arg.value:
            return prefix
    raise ImportWalkError("dynamic __import__ without a constant 'package.' prefix")


def parse_imports(source, filename="<source>", module_name="", is_package=False):
    """ImportRefs of one source file (module_name: its dotted name, '' for code.py)."""
    tree = ast.parse(source, filename=filename)
    refs = []

    def visit(node, optional, lazy):
        if isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
            body_optional = optional or any(_catches_import_error(h) for h in node.handlers)
            for child in node.body:
                visit(child, body_optional, lazy)
            for part in node.handlers + node.orelse + node.finalbody:
                visit(part, optional, lazy)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                refs.append(ImportRef(alias.name, (), optional, node.lineno, lazy=lazy))
            return
        if isinstance(node, ast.ImportFrom):
            if node.level:
                name = _resolve_relative(node.level, node.module, module_name, is_package)
            else:
                name = node.module
            names = tuple(a.name for a in node.names if a.name != "*")
            refs.append(ImportRef(name, names, optional, node.lineno, lazy=lazy))
            return
        if isinstance(node, ast.Call):
            try:
                prefix = _dynamic_import_prefix(node)
            except ImportWalkError as err:
                raise ImportWalkError("%s:%d: %s" % (filename, node.lineno, err)) from None
            if prefix is not None:
                refs.append(ImportRef(prefix, (), optional, node.lineno, dynamic_prefix=True,
                                      lazy=lazy))
            elif (isinstance(node.func, ast.Name) and node.func.id == "__import__"
                  and node.args and isinstance(node.args[0], ast.Constant)):
                refs.append(ImportRef(node.args[0].value, (), optional, node.lineno,
                                      lazy=lazy))
        inner = lazy or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            visit(child, optional, inner)

    visit(tree, False, False)
    return refs


class Module:
    """A module found on disk: where it is and whose it is ('ours' or 'lib')."""

    __slots__ = ("name", "path", "root", "kind", "is_package")

    def __init__(self, name, path, root, kind, is_package):
        self.name = name
        self.path = Path(path)
        self.root = Path(root)
        self.kind = kind
        self.is_package = is_package

    @property
    def relpath(self):
        """Path relative to its search root ('ui/app.py', 'adafruit_ticks.py')."""
        return self.path.relative_to(self.root).as_posix()

    @property
    def top(self):
        return self.name.split(".")[0]

    def __repr__(self):
        return "Module(%r, %s)" % (self.name, self.relpath)


def _find_in(root, name):
    """(path, is_package) of dotted `name` under directory `root`, or None."""
    base = Path(root).joinpath(*name.split("."))
    for suffix in SOURCE_SUFFIXES:
        init = base / ("__init__" + suffix)
        if init.is_file():
            return init, True
    for suffix in SOURCE_SUFFIXES:
        f = base.with_name(base.name + suffix)
        if f.is_file():
            return f, False
    return None


def _is_namespace_dir(root, name):
    """A folder without __init__ (CircuitPython imports those as namespace packages)."""
    base = Path(root).joinpath(*name.split("."))
    if not base.is_dir():
        return False
    return any(f.suffix in SOURCE_SUFFIXES or f.is_dir() for f in base.iterdir())


class Resolver:
    """Finds modules the way the device would: built-ins, then `ours` roots, then libs.

    ours_roots: folders searched first (the repo or the drive's root).
    lib_roots: folders holding CircuitPython libraries (the drive's lib/, site-packages).
    lib_filter(top_name, root) -> None if the module there may go on the device, else a
    reason string (e.g. it belongs to a desktop-only pip distribution).
    """

    def __init__(self, ours_roots, lib_roots=(), lib_filter=None, builtins=CIRCUITPY_BUILTINS,
                 desktop_only=DESKTOP_ONLY):
        self.ours_roots = [Path(p) for p in ours_roots]
        self.lib_roots = [Path(p) for p in lib_roots]
        self.lib_filter = lib_filter
        self.builtins = builtins
        self.desktop_only = desktop_only
        self._top_cache = {}

    def locate_top(self, top):
        """('builtin'|'ours'|'lib', root) for a top-level name, or (None, reason)."""
        if top in self._top_cache:
            return self._top_cache[top]
        found = (None, "not found")
        if top in self.builtins:
            found = ("builtin", None)
        else:
            for root in self.ours_roots:
                if _find_in(root, top) or _is_namespace_dir(root, top):
                    if top in self.desktop_only:
                        found = (None, "%s/ is desktop-only" % top)
                    else:
                        found = ("ours", root)
                    break
            else:
                for root in self.lib_roots:
                    if _find_in(root, top) or _is_namespace_dir(root, top):
                        reason = self.lib_filter(top, root) if self.lib_filter else None
                        found = ("lib", root) if reason is None else (None, reason)
                        break
        self._top_cache[top] = found
        return found

    def find(self, name):
        """Module for a dotted name, 'builtin', or None when it is not there."""
        kind, root = self.locate_top(name.split(".")[0])
        if kind is None:
            return None
        if kind == "builtin":
            return "builtin"
        hit = _find_in(root, name)
        if hit is None:
            return None
        path, is_package = hit
        return Module(name, path, root, kind, is_package)

    def why_missing(self, name):
        kind, reason = self.locate_top(name.split(".")[0])
        return reason if kind is None else "no module %s" % name

    def submodules(self, package):
        """Every module at or under a dotted package name (for dynamic imports)."""
        kind, root = self.locate_top(package.split(".")[0])
        if kind not in ("ours", "lib"):
            return []
        folder = Path(root).joinpath(*package.split("."))
        found = []
        for f in sorted(folder.rglob("*")):
            if f.suffix not in SOURCE_SUFFIXES or "__pycache__" in f.parts or not f.is_file():
                continue
            rel = f.relative_to(root).with_suffix("")
            parts = list(rel.parts)
            is_package = parts[-1] == "__init__"
            if is_package:
                parts = parts[:-1]
            found.append(Module(".".join(parts), f, root, kind, is_package))
        return found


class WalkResult:
    """What device code needs: modules by name, problems, and optional misses."""

    def __init__(self):
        self.modules = {}       # dotted name -> Module (ours and lib)
        self.entries = []       # entry file paths walked
        self.builtins = set()   # built-in top-level names used
        self.errors = []        # "file:line: import X: reason"
        self.optional_missing = []  # same format, for optional imports that did not resolve
        self.direct_libs = set()    # library top-level names imported by our own code
        self.importers = {}     # dotted name -> first "file:line" importing it

    def files(self, kind=None):
        """Module files, optionally of one kind, sorted by relative path."""
        mods = [m for m in self.modules.values() if kind is None or m.kind == kind]
        return sorted(mods, key=lambda m: m.relpath)

    def lib_tops(self):
        return sorted({m.top for m in self.modules.values() if m.kind == "lib"})

    def ours_tops(self):
        return sorted({m.top for m in self.modules.values() if m.kind == "ours"})


_defined_cache = {}


def defined_names(path):
    """Names a module binds at top level (any branch), or None when that is unknowable
    (a star import, a module __getattr__, compiled .mpy)."""
    path = Path(path)
    if path in _defined_cache:
        return _defined_cache[path]
    names = set()
    if path.suffix != ".py":
        _defined_cache[path] = None
        return None
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))

    def bind_target(t):
        if isinstance(t, ast.Name):
            names.add(t.id)
        elif isinstance(t, (ast.Tuple, ast.List)):
            for e in t.elts:
                bind_target(e)

    def visit(body):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Assign):
                for t in node.targets:
                    bind_target(t)
            elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
                bind_target(node.target)
            elif isinstance(node, ast.Import):
                for a in node.names:
                    names.add(a.asname or a.name.split(".")[0])
            elif isinstance(node, ast.ImportFrom):
                for a in node.names:
                    if a.name == "*":
                        return False
                    names.add(a.asname or a.name)
            for field in ("body", "orelse", "finalbody", "handlers"):
                sub = getattr(node, field, None)
                if isinstance(sub, list) and not isinstance(node, (
                        ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    if visit(sub) is False:
                        return False
        return True

    ok = visit(tree.body)
    result = None if (not ok or "__getattr__" in names) else names
    _defined_cache[path] = result
    return result


def _read_source(path):
    if path.suffix == ".mpy":
        return None  # compiled: cannot walk (only appears when walking a --mpy bundle)
    return path.read_text(encoding="utf-8")


def walk(entry_files, resolver, mpy_imports=None):
    """Follow imports from the entry files (code.py, boot.py). Returns a WalkResult.

    mpy_imports: optional dict {relpath: [ImportRef]} for .mpy files, whose sources
    cannot be parsed (the bundle builder records them when it compiles).
    """
    result = WalkResult()
    queue = []
    for entry in entry_files:
        entry = Path(entry)
        result.entries.append(entry)
        queue.append((entry, "", False, "entry"))
    seen_files = set()

    def add_module(mod, origin, importer_kind):
        if mod.name in result.modules:
            return
        result.modules[mod.name] = mod
        result.importers[mod.name] = origin
        queue.append((mod.path, mod.name, mod.is_package, mod.kind))

    def need(name, origin, optional, importer_kind, names=()):
        """Resolve `name` plus its parent packages; `names` may be submodules."""
        top = name.split(".")[0]
        kind, _ = resolver.locate_top(top)
        if kind == "builtin":
            result.builtins.add(top)
            return
        if optional and importer_kind == "lib":
            return  # a library's optional import: its own fallback handles absence
        if kind is None:
            msg = "%s: import %s: %s" % (origin, name, resolver.why_missing(name))
            (result.optional_missing if optional else result.errors).append(msg)
            return
        if kind == "lib" and importer_kind in ("entry", "ours"):
            result.direct_libs.add(top)
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            sub = ".".join(parts[:i])
            mod = resolver.find(sub)
            if mod is None:
                if _is_namespace_dir(resolver.locate_top(top)[1], sub):
                    continue
                msg = "%s: import %s: %s" % (origin, name, resolver.why_missing(sub))
                (result.optional_missing if optional else result.errors).append(msg)
                return
            add_module(mod, origin, importer_kind)
        for attr in names:
            sub = resolver.find(name + "." + attr)
            if isinstance(sub, Module):
                add_module(sub, origin, importer_kind)
                continue
            # Not a submodule: the module itself must define it.
            target = result.modules.get(name)
            # Checked in our code only: libraries may bind names in ways ast cannot see.
            bound = (defined_names(target.path)
                     if target is not None and target.kind == "ours" else None)
            if bound is not None and attr not in bound:
                msg = "%s: from %s import %s: no module %s.%s and %s does not define %s" % (
                    origin, name, attr, name, attr, target.relpath, attr)
                (result.optional_missing if optional else result.errors).append(msg)

    while queue:
        path, mod_name, is_package, kind = queue.pop(0)
        if path in seen_files:
            continue
        seen_files.add(path)
        if path.suffix == ".mpy":
            refs = (mpy_imports or {}).get(path.as_posix())
            if refs is None:
                continue
        else:
            refs = parse_imports(_read_source(path), str(path), mod_name, is_package)
        for ref in refs:
            origin = "%s:%d" % (path, ref.lineno)
            if ref.dynamic_prefix:
                need(ref.name, origin, ref.optional, kind)
                for mod in resolver.submodules(ref.name):
                    add_module(mod, origin, kind)
            else:
                need(ref.name, origin, ref.optional, kind, ref.names)
    return result


_DIST_NAME = re.compile(r"^(adafruit-)?circuitpython-", re.I)


def circuitpython_dist_filter():
    """lib_filter accepting only modules installed by CircuitPython library distributions.

    Blinka and friends put desktop stand-ins (board, busio, displayio, ...) and desktop
    packages next to the real libraries in site-packages; those must never be bundled.
    """
    import importlib.metadata as md

    owners = md.packages_distributions()

    def check(top, root):
        dists = owners.get(top, [])
        if any(_DIST_NAME.match(d.replace("_", "-")) for d in dists):
            return None
        if not dists:
            return "not installed by any pip distribution in this environment"
        return "belongs to desktop package %s, not a CircuitPython library" % ", ".join(dists)

    return check


def circup_name(top):
    """The name `circup install` knows a library by: its top-level module name."""
    return top


def module_graph(root, packages, dynamic=None):
    """The import graph of our own modules under `root` in the given top-level packages:
    {module: {imported module: lazy}}, lazy True when every import of it sits inside a
    function (it runs when called, not when the module loads). `from pkg import name`
    points at pkg.name when that is a module, else at pkg; a dynamic
    `__import__('pkg.' + x)` at every module under pkg, or at dynamic[importer] when
    given (the modules that import can load). A module's import of its own parent
    package (which Python loads first anyway) is not an edge."""
    root = Path(root)
    found = {}
    for top in packages:
        for path in sorted((root / top).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(root).with_suffix("").parts)
            is_package = parts[-1] == "__init__"
            if is_package:
                parts.pop()
            found[".".join(parts)] = (path, is_package)
    graph = {}
    for name, (path, is_package) in found.items():
        edges = {}
        for ref in parse_imports(path.read_text(encoding="utf-8"), str(path), name,
                                 is_package):
            if ref.dynamic_prefix:
                targets = (dynamic or {}).get(name)
                if targets is None:
                    targets = [m for m in found if m.startswith(ref.name + ".")]
            else:
                subs = [ref.name + "." + n for n in ref.names if ref.name + "." + n in found]
                targets = subs if subs and len(subs) == len(ref.names) else \
                    subs + [ref.name]
            for t in targets:
                if t in found and t != name and not name.startswith(t + "."):
                    edges[t] = edges.get(t, True) and ref.lazy
        graph[name] = edges
    return graph


def import_cycles(graph):
    """The strongly connected components of more than one module (each a sorted
    list): every set of modules that import one another, directly or not."""
    index, low, stack, on_stack, out = {}, {}, [], set(), []
    counter = [0]

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return sorted(out)

