"""The rules core stays inside the MicroPython subset (house rules), checked on its AST."""
import ast
import builtins
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parent.parent / "yahtzee_core"
CORE_FILES = sorted(p for p in CORE.rglob("*.py") if "__pycache__" not in p.parts)

# The core needs nothing from outside itself but `micropython.const`, `sys` to drop
# one-time modules (table builder, save loader) from sys.modules after use, `array`
# (compact typed buffers; built into MicroPython and CircuitPython) and `gc` (the save
# reader collects before loading each half, so its code reuses the room garbage held).
ALLOWED_IMPORTS = {"micropython", "sys", "array", "gc"}
FORBIDDEN_MODULES = {"time", "random", "board", "displayio", "typing", "enum",
                     "dataclasses", "collections", "math", "os"}
# str methods MicroPython does not have.
MISSING_STR_METHODS = {"ljust", "rjust", "zfill", "expandtabs", "casefold", "format_map"}


def _parse(path):
    return ast.parse(path.read_text(), filename=str(path))


def _rel(path, node):
    return "%s:%d" % (path.relative_to(CORE.parent), getattr(node, "lineno", 0))


def _imported_modules(tree):
    """(module name, node) for every absolute import; relative imports are the core's own."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module or "", node
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "__import__" and node.args):
            arg = node.args[0]
            # __import__('yahtzee_core.variants.' + name): the literal prefix names the module
            while isinstance(arg, ast.BinOp):
                arg = arg.left
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                yield arg.value.rstrip("."), node
            else:
                yield "<dynamic>", node


def test_core_exists():
    assert CORE_FILES, "yahtzee_core/ has no sources"
    assert (CORE / "__init__.py").exists()


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(CORE)))
def test_no_float_literals_or_true_division(path):
    bad = []
    for node in ast.walk(_parse(path)):
        if isinstance(node, ast.Constant) and isinstance(node.value, (float, complex)):
            bad.append((_rel(path, node), "float literal %r" % node.value))
        if isinstance(node, (ast.BinOp, ast.AugAssign)) and isinstance(node.op, ast.Div):
            bad.append((_rel(path, node), "true division"))
    assert not bad, bad


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(CORE)))
def test_imports_stay_inside_the_allow_list(path):
    bad = []
    for module, node in _imported_modules(_parse(path)):
        top = module.split(".")[0]
        if top == "yahtzee_core" or module in ALLOWED_IMPORTS:
            continue
        bad.append((_rel(path, node), module))
    assert not bad, bad


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(CORE)))
def test_no_clock_randomness_or_hardware_imports(path):
    used = {m.split(".")[0] for m, _ in _imported_modules(_parse(path))}
    assert not used & FORBIDDEN_MODULES, used & FORBIDDEN_MODULES


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(CORE)))
def test_micropython_import_is_guarded_with_const_fallback(path):
    tree = _parse(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "micropython":
            guarded = any(
                isinstance(t, ast.Try) and node in ast.walk(t) and any(
                    isinstance(h.type, ast.Name) and h.type.id == "ImportError"
                    for h in t.handlers)
                for t in ast.walk(tree))
            assert guarded, "%s: unguarded micropython import" % _rel(path, node)
        if isinstance(node, ast.Import) and any(a.name == "micropython" for a in node.names):
            pytest.fail("%s: import micropython (use a guarded from-import)" % _rel(path, node))


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(CORE)))
def test_const_only_at_module_level(path):
    tree = _parse(path)
    module_level = set()
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign):
            module_level.add(id(stmt.value))
    bad = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "const" and id(node) not in module_level):
            bad.append(_rel(path, node))
    assert not bad, "const() outside a module-level assignment: %s" % bad


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(CORE)))
def test_no_str_methods_missing_on_micropython(path):
    bad = [(_rel(path, n), n.attr) for n in ast.walk(_parse(path))
           if isinstance(n, ast.Attribute) and n.attr in MISSING_STR_METHODS]
    assert not bad, bad


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(CORE)))
def test_builtin_subclasses_call_super_init(path):
    """MicroPython crashes on a subclass of a built-in type whose __init__ skips super()."""
    builtin_types = {n for n, v in vars(builtins).items() if isinstance(v, type)}
    bad = []
    for cls in ast.walk(_parse(path)):
        if not isinstance(cls, ast.ClassDef):
            continue
        if not any(isinstance(b, ast.Name) and b.id in builtin_types and b.id != "object"
                   for b in cls.bases):
            continue
        for item in cls.body:
            if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                calls_super = any(
                    isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                    and n.func.attr == "__init__" for n in ast.walk(item))
                if not calls_super:
                    bad.append(_rel(path, item))
    assert not bad, bad


# A module breaking each rule, for the check that must catch it.
_BROKEN = [
    ("test_no_float_literals_or_true_division", "x = 1.5\n"),
    ("test_no_float_literals_or_true_division", "y = 3 / 2\n"),
    ("test_imports_stay_inside_the_allow_list", "import json\n"),
    ("test_no_clock_randomness_or_hardware_imports", "from collections import Counter\n"),
    ("test_no_clock_randomness_or_hardware_imports", "import time\n"),
    ("test_micropython_import_is_guarded_with_const_fallback",
     "from micropython import const\n"),
    ("test_const_only_at_module_level", "def f():\n    return const(3)\n"),
    ("test_no_str_methods_missing_on_micropython", "s = 'a'.ljust(3)\n"),
    ("test_builtin_subclasses_call_super_init",
     "class L(list):\n    def __init__(self):\n        self.n = 0\n"),
]


@pytest.mark.parametrize("check, source", _BROKEN, ids=[c + ":" + s.split("\n")[0]
                                                         for c, s in _BROKEN])
def test_each_check_fails_on_a_module_breaking_its_rule(check, source, tmp_path, monkeypatch):
    """The checks above must be able to fail: run each on a module that breaks its rule
    (and on a clean one, which it passes)."""
    import sys
    core = tmp_path / "yahtzee_core"
    core.mkdir()
    monkeypatch.setattr(sys.modules[__name__], "CORE", core)
    run = globals()[check]
    clean = core / "clean.py"
    clean.write_text("from . import rules\nx = 3 // 2\n")
    run(clean)
    broken = core / "broken.py"
    broken.write_text(source)
    with pytest.raises((AssertionError, pytest.fail.Exception)):
        run(broken)