"""The shape of the code, read from its imports (tools/imports.py, never executed):
the event vocabulary is a leaf, hardware/ and ui/ never import each other, the core
imports neither, no scene module imports another (App.go alone loads them), no
import circle in the device code (none at load time, none lazy), and no rule is asked
of a ruleset by getattr or by its name."""
import ast
import importlib
import re
from pathlib import Path

import yahtzee_core as yc
from tools.imports import import_cycles, module_graph
from ui import app as ui_app

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("events", "ui", "hardware", "yahtzee_core")
# App.go imports a scene module by name ('ui.' + a row of its scene table)
SCENE_MODULES = ["ui." + row[0] for row in ui_app.MODULES]
# ui.families.family imports the package a ruleset names (Ruleset.ui) and one of the
# parts it lists (PARTS), never its scenes (those are the scene table's)
FAMILY_PACKAGES = sorted({"ui." + yc.ruleset(name).ui for name in yc.RULESETS} - {"ui."})
FAMILY_PARTS = FAMILY_PACKAGES + sorted(
    package + "." + part for package in FAMILY_PACKAGES
    for part in importlib.import_module(package).PARTS)
GRAPH = module_graph(REPO, PACKAGES, dynamic={"ui.app": SCENE_MODULES,
                                             "ui.families": FAMILY_PARTS})


def top(name):
    return name.split(".")[0]


def imports_of(prefix):
    """{importer: its imports} of the modules under a package."""
    return {m: set(edges) for m, edges in GRAPH.items() if top(m) == prefix}


def test_the_graph_sees_the_modules_and_their_imports():
    assert {"events.actions", "ui.app", "ui.turns", "hardware.board_io",
            "yahtzee_core.rules"} <= set(GRAPH)
    assert "yahtzee_core.rules" in GRAPH["yahtzee_core.game"]
    assert GRAPH["ui.scenes.turn"]["ui.turns"] is False              # at load
    assert GRAPH["yahtzee_core.game"]["yahtzee_core.load"] is True   # in from_bytes


def test_the_event_vocabulary_is_a_leaf_that_both_edges_use():
    for module, imported in imports_of("events").items():
        assert not imported, (module, imported)
    for package in ("ui", "hardware"):
        assert any("events.actions" in i for i in imports_of(package).values()), package


def test_hardware_and_ui_never_import_each_other_and_the_core_imports_neither():
    for importer, edge in (("hardware", "ui"), ("ui", "hardware"), ("yahtzee_core", "ui"),
                           ("yahtzee_core", "hardware"), ("yahtzee_core", "events")):
        bad = {m: sorted(i for i in imported if top(i) == edge)
               for m, imported in imports_of(importer).items()}
        assert not any(bad.values()), {m: i for m, i in bad.items() if i}


def test_scene_modules_are_loaded_by_the_app_alone_and_never_by_each_other():
    # the scene table names every module with scenes (a SCENES table)
    on_disk = sorted(".".join(p.relative_to(REPO).with_suffix("").parts)
                     for p in (REPO / "ui").rglob("*.py")
                     if re.search(r"^SCENES = ", p.read_text(), re.M))
    assert sorted(SCENE_MODULES) == on_disk
    for module, imported in GRAPH.items():
        scenes = sorted(i for i in imported if i in SCENE_MODULES)
        if module != "ui.app":
            assert not scenes, (module, scenes)
    # the resident ones at the app's load, the others only by App.go
    resident = {"ui." + row[0] for row in ui_app.MODULES if row[1] == ui_app.RESIDENT}
    assert {m for m, lazy in GRAPH["ui.app"].items() if m in SCENE_MODULES and not lazy} \
        == resident


def test_no_import_circle_in_the_device_code_not_even_a_lazy_one():
    # A lazy import (inside a function) loads a module for one job and drops it after:
    # what that module needs comes from a module under it (the owner of a constant), or
    # as an argument (load.decode gets the Game class), never from the module that
    # loaded it.
    assert import_cycles(GRAPH) == []
    assert any(GRAPH["yahtzee_core.game"].values())     # lazy edges are in the graph
    assert GRAPH["ui.saves.store"]["ui.saves.start"] is True


def _code_files():
    """ui/ and the core, without the rulesets' own modules and the data modules keyed
    by ruleset name (the good bot's weights, the fresh-turn odds)."""
    for path in sorted((REPO / "ui").rglob("*.py")) + sorted((REPO / "yahtzee_core").glob("*.py")):
        if path.name not in ("weights.py", "odds_fresh.py"):
            yield path


def test_no_trait_is_read_with_getattr_and_no_rule_by_a_ruleset_name():
    names = set(yc.RULESETS)
    for path in _code_files():
        source = path.read_text()
        assert not re.search(r"getattr\(\s*[\w.]*rules\b", source), path
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.Compare, ast.Subscript)):
                named = [c.value for c in ast.walk(node)
                         if isinstance(c, ast.Constant) and c.value in names]
                assert not named, "%s:%d asks %s by name" % (path.name, node.lineno, named)
    # every trait a ruleset sets is declared on Ruleset with its default
    base = vars(yc.rules.Ruleset)
    for name in yc.RULESETS:
        cls = type(yc.ruleset(name))
        for klass in cls.__mro__[:-2]:      # the variant classes, not Ruleset or object
            for attr, value in vars(klass).items():
                if not attr.startswith("__") and not callable(value):
                    assert attr in base, (name, attr)
