"""The real repo's bundle: every profile builds, resolves inside itself, ships nothing
unused, fits the board, matches requirements.txt and the pinned libraries, and runs.
"""
import hashlib
import importlib.metadata as md
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mpy_util import (CIRCUITPYTHON, CIRCUITPYTHON_MISSING, CIRCUITPYTHON_MPY_CROSS, MPY_DIR,
                      circuitpython_available)
from tools import build_bundle as bb
from tools import imports as imp

REPO = bb.REPO_ROOT
VENV_BIN = Path(sys.executable).parent

pytestmark = pytest.mark.skipif(
    not (REPO / "code.py").is_file(),
    reason="code.py is not in the repo yet (the hardware engineer writes it)")


@pytest.fixture(scope="module")
def profiles():
    return bb.load_profiles(REPO)


@pytest.fixture(scope="module")
def bundles(tmp_path_factory, profiles):
    """One bundle per profile, with the strategy tables already built in tables/ (none
    are built here: the solver takes minutes)."""
    out = tmp_path_factory.mktemp("bundles")
    built = {}
    for name in sorted(profiles):
        built[name] = bb.build(name, out=out / name, repo=REPO, log=lambda *a: None,
                               build_missing_tables=False)
    return built


def shipped(out):
    return sorted(p.relative_to(out).as_posix() for p in Path(out).rglob("*") if p.is_file())


def test_profiles_include_the_issue_ones(profiles):
    assert {"default", "three-button"} <= set(profiles)
    for p in profiles.values():
        assert bb.capacity(p) > 100 * 1024


def test_every_profile_resolves_inside_the_bundle_and_ships_nothing_unused(bundles):
    for name, bundle in bundles.items():
        out = bundle.out
        files = shipped(out)
        walked = imp.walk([out / f for f in bb.ENTRY_FILES if (out / f).is_file()],
                          bb.bundle_resolver(out))
        # (but the modules read only where frozen into our firmware, left out by design)
        errors = [e for e in walked.errors if not e.endswith(tuple(
            "no module " + rel[:-3].replace("/", ".") for rel in bb.FROZEN_ONLY))]
        assert errors == [], (name, errors)
        reached = {("lib/" if m.kind == "lib" else "") + m.relpath
                   for m in walked.modules.values()}
        modules = {f for f in files if f.endswith((".py", ".mpy"))} - set(bb.ENTRY_FILES)
        assert reached == modules, (name, sorted(modules - reached), sorted(reached - modules))
        # Imports not found in the bundle are CircuitPython built-ins, nothing else.
        assert walked.builtins <= imp.CIRCUITPY_BUILTINS
        assert not [f for f in files if f.split("/")[0] in imp.DESKTOP_ONLY]
        assert "hardware/desktop.py" not in files
        assert (out / "code.py").read_bytes() == (REPO / "code.py").read_bytes()
        assert re.search(r'^YAHTZEE_PROFILE = "%s"$' % re.escape(name),
                         (out / "settings.toml").read_text(), re.M)


def test_bundles_fit_their_boards(bundles):
    for name, bundle in bundles.items():
        used, cap = bundle.used(), bb.capacity(bundle.profile)
        print("%-14s %7.1f KB of %7.1f KB (tables: %s)" % (name, used / 1024, cap / 1024,
                                                         ",".join(bundle.tables) or "-"))
        assert used <= cap


def test_lib_holds_the_pinned_library_sources(bundles):
    """lib/ files are byte-identical to the installed, pinned pip packages."""
    pins = {}
    text = "".join((REPO / name).read_text() for name in ("requirements-play.txt",
                                                           "requirements-dev.txt"))
    for line in text.splitlines():
        m = re.match(r"\s*([A-Za-z0-9_.-]+)==(\S+)", line)
        if m:
            pins[m.group(1).lower().replace("_", "-")] = m.group(2)
    owners = md.packages_distributions()
    bundle = bundles["default"]
    lib = bundle.out / "lib"
    for mod in bundle.walk.files("lib"):
        copied = lib / mod.relpath
        assert hashlib.sha256(copied.read_bytes()).digest() == \
            hashlib.sha256(mod.path.read_bytes()).digest()
        for dist in owners.get(mod.top, []):
            pinned = pins.get(dist.lower().replace("_", "-"))
            if pinned is not None:
                assert md.version(dist) == pinned, (dist, md.version(dist), pinned)


def test_requirements_txt_matches_the_device_imports():
    walk = bb.walk_device(REPO)
    listed = bb.read_requirements(REPO / "requirements.txt")
    assert sorted(listed) == sorted(walk.direct_libs), (
        "requirements.txt is out of date: python -m tools.build_bundle --write-requirements")
    assert len(set(listed)) == len(listed)


def test_bundled_core_and_app_import_under_micropython(bundles, tmp_path):
    """The bundle alone (as MICROPYPATH) gives MicroPython the core, every ruleset
    variant it loads on demand, and the app module: the same output as the repo."""
    micropython = VENV_BIN / "micropython"
    if not micropython.exists():
        pytest.skip("no MicroPython in .venv")
    script = tmp_path / "check.py"
    script.write_text(
        "import yahtzee_core as yc\n"
        "for name in yc.RULESETS:\n"
        "    r = yc.ruleset(name)\n"
        "    print(name, len(r.categories), r.score((6,) * r.n_dice, len(r.categories) - 1))\n"
        "import ui.app\n"
        "print('ok')\n")

    def run(path):
        env = dict(os.environ, MICROPYPATH=str(path))
        return subprocess.run([str(micropython), "-X", "heapsize=512K", str(script)], env=env,
                              capture_output=True, text=True, timeout=60, cwd=str(tmp_path))

    from_repo = run(REPO)
    if from_repo.returncode != 0:
        pytest.skip("the repo's own code fails under MicroPython (not a bundle problem):\n"
                    + from_repo.stdout[-600:])
    from_bundle = run(bundles["default"].out)
    assert from_bundle.returncode == 0, from_bundle.stdout + from_bundle.stderr
    assert from_bundle.stdout == from_repo.stdout
    assert from_bundle.stdout.strip().endswith("ok")


@pytest.mark.skipif(not circuitpython_available(), reason=CIRCUITPYTHON_MISSING)
def test_mpy_bundle_from_circuitpythons_compiler_imports_on_circuitpython(tmp_path, capsys):
    """The command a user runs with CircuitPython's mpy-cross: every module ships as
    CircuitPython bytecode and every one of them imports on CircuitPython 10 (the
    desktop build, with stand-ins for what only a board has: tests/mpy/standins)."""
    out = tmp_path / "CIRCUITPY"
    assert bb.main(["--mpy", "--mpy-cross", str(CIRCUITPYTHON_MPY_CROSS), "--out", str(out),
                    "--no-tables"]) == 0
    assert "bundle for profile 'default'" in capsys.readouterr().out
    files = shipped(out)
    assert json.loads((out / bb.MANIFEST).read_text())["mpy"] is True
    assert [f for f in files if f.endswith(".py")] == sorted(bb.ENTRY_FILES)
    compiled = [f for f in files if f.endswith(".mpy")]
    assert len(compiled) > 30
    for f in compiled:
        assert (out / f).read_bytes()[:1] == b"C", f
    modules = []
    for f in compiled:
        name = f[len("lib/"):] if f.startswith("lib/") else f
        name = name[:-len(".mpy")].replace("/", ".")
        modules.append(name[:-len(".__init__")] if name.endswith(".__init__") else name)
    env = dict(os.environ, MICROPYPATH=":".join([str(out), str(out / "lib"),
                                                 str(MPY_DIR / "standins")]))
    done = subprocess.run([str(CIRCUITPYTHON), "-X", "heapsize=512K",
                           str(MPY_DIR / "standins" / "import_modules.py")] + modules,
                          env=env, capture_output=True, text=True, timeout=120,
                          cwd=str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines() == ["imported " + m for m in modules], done.stdout
    assert {"ui.views.views", "ui.app", "yahtzee_core.game", "hardware.board_io",
            "adafruit_displayio_ssd1306"} <= set(modules)


# ------------------------------------------------------------ simulator equivalence

SIM_SCRIPT = """\
# A game against a bot: shake rolls, holds, a hint, scoring, the bot's turn, more turns.
wait 400
shake 600
hold 1
hold 3
hint
wait 300
shake
ok
wait 300
down
ok
wait 3000
shake
hold 2
hold 5
shake
right
down
ok
wait 3000
shake
ok
ok
wait 3000
"""


SIM_PROBE = """\
import json, os, sys
sys.argv = ['play.sh'] + sys.argv[1:]
from sim.__main__ import main
code = main(sys.argv[1:])
tops = ('ui', 'yahtzee_core', 'hardware', 'adafruit_display_text', 'adafruit_displayio_ssd1306')
files = {name: getattr(mod, '__file__', None) for name, mod in sorted(sys.modules.items())
         if name.split('.')[0] in tops}
print('MODULES ' + json.dumps(files))
sys.exit(code)
"""


def _sim_overlay(bundle, dest):
    """The bundle plus the desktop-only modules the simulator needs (sim/, the
    desktop parts of hardware/ and the command-line checks of tools/), nothing else
    from the repo."""
    shutil.copytree(bundle.out, dest)
    shutil.copytree(REPO / "sim", dest / "sim", ignore=shutil.ignore_patterns("__pycache__"))
    device = {m.relpath for m in bundle.walk.files("ours")}
    sim_walk = imp.walk(sorted((REPO / "sim").glob("*.py")),
                        imp.Resolver([REPO], [], desktop_only=frozenset()))
    desktop_only = []
    for mod in sim_walk.files("ours"):
        if (mod.top in ("events", "hardware", "ui", "yahtzee_core", "tools")
                and mod.relpath not in device):
            target = dest / mod.relpath
            assert not target.exists()
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(mod.path, target)
            desktop_only.append(mod.relpath)
    return desktop_only


def _run_sim(root, tmp, extra_path=()):
    script = tmp / "game.txt"
    script.write_text(SIM_SCRIPT)
    frames = tmp / "frames"
    frames.mkdir()
    probe = tmp / "probe.py"
    probe.write_text(SIM_PROBE)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root)] + [str(p) for p in extra_path]),
               SDL_VIDEODRIVER="dummy", PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.run(
        [sys.executable, str(probe), "--headless", "--script", str(script), "--seed", "11",
         "--players", "human,good",
         "--frames", str(frames), "--table", str(tmp / "no-tables" / "%s.yzt")],
        cwd=str(root), env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    modules = json.loads(proc.stdout.split("MODULES ", 1)[1].splitlines()[0])
    summary = [line for line in proc.stdout.splitlines() if line.startswith("sim: ")]
    pngs = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in frames.iterdir()}
    return summary, pngs, modules


def test_bundled_app_plays_in_the_simulator_exactly_as_the_repo(bundles, tmp_path):
    if not (REPO / "sim" / "__main__.py").is_file():
        pytest.skip("sim/__main__.py is not there yet")
    bundle = bundles["default"]
    overlay = tmp_path / "overlay"
    desktop_only = _sim_overlay(bundle, overlay)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    repo_summary, repo_frames, _ = _run_sim(REPO, tmp_path / "a")
    dist_summary, dist_frames, modules = _run_sim(overlay, tmp_path / "b",
                                                  extra_path=[overlay / "lib"])
    assert repo_summary and dist_summary == repo_summary
    assert len(repo_frames) > 5            # the script really drove the app
    assert dist_frames == repo_frames      # same frames, pixel for pixel, same order
    # The device code and libraries really came from the bundle.
    for name, path in modules.items():
        if path is None:
            continue
        rel = Path(path).resolve().relative_to(overlay.resolve()).as_posix()
        assert rel in bundle.files or rel.replace("lib/", "", 1) in desktop_only \
            or rel in desktop_only, (name, rel)


def test_missing_table_is_built_with_the_strategy_tool(tmp_path):
    tables = tmp_path / "tables"
    bundle = bb.build("three-button", rules="yacht", out=tmp_path / "out", repo=REPO,
                      tables_dir=tables, log=lambda *a: None)
    assert bundle.tables == ["yacht"]
    shipped_tables = [f for f in bundle.files if f.startswith("tables/")]
    assert len(shipped_tables) == 1
    data = (bundle.out / shipped_tables[0]).read_bytes()
    assert data[:4] == b"YZST" and data[8:24].rstrip(b"\0") == b"yacht"
    assert data == (tables / Path(shipped_tables[0]).name).read_bytes()


def test_default_pico_bundle_of_py_sources_carries_the_yahtzee_table(tmp_path):
    """The cheapest board (2 MB Pico, plain .py sources) gets perfect play: the Yahtzee
    table in the best format the room allows (each format's exact policy value:
    bench/bench_tables.py, docs/STRATEGY.md). A second Yahtzee-family table fitted
    beside it until the pass-and-play and learning screens grew the code; with .mpy
    sources both still fit (test_default_pico_mpy_bundle_carries_two_yahtzee_tables)."""
    from tools import strategy_table as st
    tables = REPO / bb.TABLES_DIR
    for name in bb.ruleset_names(REPO):
        if st.no_table_reason(name) is None:     # triple-yahtzee: none (it cannot be solved)
            st.ensure_tables(name, str(tables))
    bundle = bb.build("default", out=tmp_path / "out", repo=REPO, log=lambda *a: None,
                      build_missing_tables=False)
    assert not bundle.mpy
    assert bundle.tables[0] == "yahtzee"
    assert bundle.used() <= bb.capacity(bundle.profile)
    shipped = {Path(f).stem: Path(f).suffix for f in bundle.files if f.startswith("tables/")}
    assert shipped["yahtzee"] in bb.DEVICE_TABLE_SUFFIXES
    # the device opens what was shipped
    import yahtzee_core as yc
    adv = yc.Advisor("yahtzee", str(bundle.out / "tables" / ("yahtzee" + shipped["yahtzee"])))
    assert abs(adv.expected_final(yc.Scorecard(adv.rules)) - 25459) <= adv.table.step // 2
    adv.close()


def test_bundles_ship_each_rulesets_percentile_table_when_there_is_room(bundles):
    import json
    from yahtzee_core import RULESETS
    from yahtzee_core.percentiles import PerfectScores
    shipped_some = False
    for name, bundle in bundles.items():
        if any(what == "percentile tables" for what, _ in bundle.left_out):
            # the strategy tables filled the drive (the Pico): said, and nothing half-shipped
            assert not [f for f in bundle.files if f.startswith(bb.PERCENTILES_DIR + "/")]
            continue
        shipped_some = True
        for rules in RULESETS:
            source = REPO / "docs" / "distribution" / (rules + ".json")
            if not source.is_file():
                # no exact distribution computed for it yet: said, not shipped
                assert ("percentiles %s" % rules) in [what for what, _ in bundle.left_out]
                assert not (bundle.out / bb.PERCENTILES_DIR / (rules + ".pct")).exists()
                continue
            table = PerfectScores.load(str(bundle.out / bb.PERCENTILES_DIR / (rules + ".pct")))
            with open(source) as f:
                d = json.load(f)
            assert table.mean_tenths == round(d["mean"] * 10), (name, rules)
            assert table.percentile(50) == d["median"], (name, rules)
    assert shipped_some


def _without_docstring_text(tree):
    """The tree with every docstring's text dropped, and every node's end position
    (a blanked docstring ends earlier, and so may its function); where each node
    starts, which tracebacks show, stays."""
    import ast
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                first.value.value = ''
        if hasattr(node, 'end_lineno'):
            node.end_lineno = node.end_col_offset = None
    return tree


def test_plain_sources_ship_without_comment_lines_and_the_same_code(tmp_path):
    """The .py bundle empties comment-only lines and blanks docstrings: every module
    parses to the same tree (docstrings aside) with the same line numbers as the
    repo's source, in fewer bytes."""
    import ast
    bundle = bb.build("default", out=tmp_path / "out", repo=REPO, log=lambda *a: None,
                      tables=False)
    saved = 0
    # code.py and boot.py ship as written: the files a user opens on the drive
    ours = [rel for rel in bundle.files if rel.endswith(".py") and not rel.startswith("lib/")
            and rel not in bb.ENTRY_FILES]
    assert "yahtzee_core/game.py" in ours and "ui/app.py" in ours
    for rel in ours:
        shipped = (tmp_path / "out" / rel).read_text(encoding="utf-8")
        source = (REPO / rel).read_text(encoding="utf-8")
        assert ast.dump(_without_docstring_text(ast.parse(shipped)), include_attributes=True) == \
            ast.dump(_without_docstring_text(ast.parse(source)), include_attributes=True), rel
        assert shipped.count("\n") == source.count("\n"), rel
        assert bb.shipped_source(shipped.encode()) == shipped.encode(), rel
        assert '"""' not in shipped or rel == "ui/help/text.py", rel
        saved += len(source.encode()) - len(shipped.encode())
    assert saved > 60_000, saved


def test_a_docstring_becomes_an_empty_string_on_the_same_lines():
    src = (b'"""Module\ndoc."""\nimport x\n\n\ndef f():\n    """One line."""\n    return 1\n\n\n'
           b'def g():\n    """Only a\n    docstring."""\n\n\nclass C:\n    """C."""; y = 2\n')
    out = bb.without_docstrings(src)
    assert out == (b"''\n\nimport x\n\n\ndef f():\n    ''\n    return 1\n\n\n"
                   b"def g():\n    ''\n\n\n\nclass C:\n    \"\"\"C.\"\"\"; y = 2\n")


def test_a_hash_inside_a_string_is_not_a_comment():
    src = b's = """\n# not a comment\n"""\n    # a comment\nx = 1  # kept: code on the line\n'
    assert bb.without_comment_lines(src) == \
        b's = """\n# not a comment\n"""\n\nx = 1  # kept: code on the line\n'


@pytest.mark.skipif(not circuitpython_available(), reason=CIRCUITPYTHON_MISSING)
def test_default_pico_mpy_bundle_carries_two_yahtzee_tables(tmp_path):
    """Compiled with CircuitPython's mpy-cross, the code leaves the 2 MB Pico room for
    two Yahtzee-family tables."""
    from tools import strategy_table as st
    tables = REPO / bb.TABLES_DIR
    for name in bb.ruleset_names(REPO):
        if st.no_table_reason(name) is None:     # triple-yahtzee: none (it cannot be solved)
            st.ensure_tables(name, str(tables))
    bundle = bb.build("default", out=tmp_path / "out", repo=REPO, log=lambda *a: None,
                      mpy_cross=str(CIRCUITPYTHON_MPY_CROSS), build_missing_tables=False)
    assert bundle.mpy
    assert bundle.tables[:2] == ["yahtzee", "yahtzee-free-joker"]
    assert bundle.used() <= bb.capacity(bundle.profile)


def test_modules_read_only_where_frozen_stay_off_the_drives_bundles(bundles):
    """Every ruleset's score table (yahtzee_core/score_tables.py, 59 KB of source) is
    read only where rules.py is frozen: our firmware freezes it, a drive's bundle
    leaves it out and says so (its room goes to the strategy tables)."""
    from tools import firmware
    for rel in bb.FROZEN_ONLY:
        assert rel in firmware.frozen_files()
        for name, bundle in bundles.items():
            assert not any(f.startswith(rel[:-3]) for f in bundle.files), (name, rel)
            assert (rel, "read only where frozen into our firmware") in bundle.left_out
