"""Bad command lines of every program in tools/, sim/ and bench/ (the simulator, the
deploy and build tools, the table tools, the benches): one clear line on stderr, a
non-zero exit (2 for the command line), no traceback, no usage first, no hang (the
build tool's --out cases: test_bundle.py); no tool rewrites a tracked file unless
asked to; a user's file given as --save is never overwritten with a save."""
import os
import re
import subprocess
import sys

import pytest

from tools import deploy as dp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_sim(args):
    return subprocess.run([sys.executable, "-m", "sim"] + args, cwd=ROOT, capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL)


def assert_one_line(result, message, code=2):
    assert result.returncode == code, result.stderr
    err = result.stderr.strip()
    assert message in err and len(err.splitlines()) == 1 and "Traceback" not in err, err


@pytest.fixture
def places(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("wait 100\nsnap shot\n")
    afile = tmp_path / "afile"
    afile.write_text("keep")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    return {"script": str(script), "file": str(afile), "fifo": str(fifo)}


@pytest.mark.parametrize("extra, message", [
    (["--table", "%s%d", "--players", "perfect"], "--table %s%d: a pattern takes one %s"),
    (["--table", "tables/%s-100%.yzt"], "a pattern takes one %s"),
    (["--frames", "{file}/frames"], "--frames {file}/frames: cannot make the folder"),
    (["--frames", "{file}"], "--frames {file} is a file, not a folder"),
    (["--snap-dir", "{file}"], "--snap-dir {file} is a file, not a folder"),
    (["--gif", "{file}/run.gif"], "--gif folder {file} is a file, not a folder"),
    (["--script", "{fifo}"], "--script {fifo} is not a regular file"),
    (["--save", "{fifo}"], "--save {fifo} is not a regular file"),
])
def test_sim_refuses_bad_paths_and_patterns_in_one_line(places, extra, message):
    extra = [a.format(**places) for a in extra]
    result = run_sim(["--headless", "--script", places["script"]] + extra)
    assert_one_line(result, message.format(**places))
    with open(places["file"]) as f:
        assert f.read() == "keep"


def test_deploy_to_a_file_says_it_is_a_file(tmp_path, capsys):
    afile = tmp_path / "CIRCUITPY"
    afile.write_text("keep")
    dist = tmp_path / "dist"
    dist.mkdir()
    assert dp.main([str(afile), "--dist", str(dist)]) == 1
    err = capsys.readouterr().err.strip()
    assert "is a file, not the drive's folder" in err and len(err.splitlines()) == 1
    assert afile.read_text() == "keep"


def run_tool(module, args):
    return subprocess.run([sys.executable, "-m", module] + args, cwd=ROOT, capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("module, extra, message", [
    ("tools.solver", ["--rules", "chess"], "--rules chess: unknown ruleset (choose from"),
    ("tools.solver", ["--rules", "triple-yahtzee"], "--rules triple-yahtzee: "),
    ("tools.solver", ["--out", "{folder}"], "--out {folder} is a folder, not a file"),
    ("tools.solver", ["--out", "{folder}/v"], "--out {folder}/v.npy is a folder, not a file"),
    ("tools.solver", ["--out", "{file}/v.npy"], "--out {file}/v.npy: {file} is a file"),
    ("tools.solver", ["--workers", "0"], "--workers 0: needs 1 or more processes"),
    ("tools.solver", ["--workers", "-3"], "--workers -3: needs 1 or more processes"),
    ("tools.strategy_table", ["--rules", "yacht", "chess"], "--rules chess: unknown ruleset"),
    ("tools.strategy_table", ["--rules", "triple-yahtzee"], "--rules triple-yahtzee: "),
    ("tools.strategy_table", ["--out", "{file}"], "--out {file} is a file, not a folder"),
    ("tools.strategy_table", ["--out", "{file}/t"], "--out {file}/t: {file} is a file"),
    ("tools.distribution", ["--rules", "chess"], "--rules chess: unknown ruleset"),
    ("tools.distribution", ["--rules", "triple-yahtzee"], "--rules triple-yahtzee: "),
    ("tools.distribution", ["--json", "{folder}"], "--json {folder} is a folder, not a file"),
    ("tools.distribution", ["--json", "{file}/d.json"], "--json {file}/d.json: {file} is a"),
    ("tools.distribution", ["--workers", "0"], "--workers 0: needs 1 or more processes"),
])
def test_table_tools_refuse_a_bad_command_line_before_any_work(tmp_path, module, extra,
                                                               message):
    """One clear line and exit 2, before solving anything (a solve takes minutes): an
    unknown or unsolvable ruleset, an output that is a folder or under a file, no
    workers. `solver --out FOLDER` used to write FOLDER.npy and say it wrote FOLDER."""
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "v.npy").mkdir()
    afile = tmp_path / "afile"
    afile.write_text("keep")
    names = {"folder": str(folder), "file": str(afile)}
    result = run_tool(module, [a.format(**names) for a in extra])
    assert_one_line(result, message.format(**names))
    assert afile.read_text() == "keep" and result.stdout == ""


# -- every entry point: one mechanism (tools/cli_checks.Parser) ---------------------------

def run_python(command, cwd=ROOT):
    return subprocess.run([sys.executable] + command, cwd=cwd, capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)


ENTRY_POINTS = {
    "sim/__main__.py": ["-m", "sim"],
    "tools/battery_life.py": ["-m", "tools.battery_life"],
    "tools/build_bundle.py": ["-m", "tools.build_bundle"],
    "tools/deploy.py": ["-m", "tools.deploy"],
    "tools/dice_sheets.py": ["-m", "tools.dice_sheets", "--check"],
    "tools/distribution.py": ["-m", "tools.distribution"],
    "tools/draw_wiring.py": ["tools/draw_wiring.py", "--check"],
    "tools/firmware.py": ["-m", "tools.firmware", "--board", "pico", "--out", "x"],
    "tools/fit_weights.py": ["-m", "tools.fit_weights"],
    "tools/odds_fresh.py": ["-m", "tools.odds_fresh"],
    "tools/odds_tables.py": ["-m", "tools.odds_tables", "--check"],
    "tools/poker_table.py": ["-m", "tools.poker_table"],
    "tools/roll_groups.py": ["-m", "tools.roll_groups", "--check"],
    "tools/score_tables.py": ["-m", "tools.score_tables", "--check"],
    "tools/sampled_distribution.py": ["-m", "tools.sampled_distribution", "--rules", "yamb"],
    "tools/screenshots.py": ["-m", "tools.screenshots", "--write"],
    "tools/solver.py": ["-m", "tools.solver"],
    "tools/strategy_table.py": ["-m", "tools.strategy_table"],
    "tools/table_heads.py": ["-m", "tools.table_heads", "--check"],
    "tools/pico_emu/heap.py": ["-m", "tools.pico_emu.heap"],
    "tools/pico_emu/powercut.py": ["-m", "tools.pico_emu.powercut"],
}
ENTRY_POINTS.update({"bench/%s" % name: ["bench/%s" % name]
                     for name in sorted(os.listdir(os.path.join(ROOT, "bench")))
                     if name.startswith("bench_") and name.endswith(".py")})


def test_every_entry_point_is_checked_here():
    """A new program in tools/, sim/ or bench/ joins ENTRY_POINTS (and so the test
    below), and builds its parser from cli_checks.Parser, not argparse's own."""
    found = set()
    for folder in ("tools", "tools/pico_emu", "sim", "bench"):
        for name in os.listdir(os.path.join(ROOT, folder)):
            path = "%s/%s" % (folder, name)
            if not name.endswith(".py"):
                continue
            with open(os.path.join(ROOT, path)) as f:
                text = f.read()
            if re.search(r"^if __name__ == ['\"]__main__['\"]", text, re.M) or \
                    name == "__main__.py":
                found.add(path)
            if path != "tools/cli_checks.py":
                assert "ArgumentParser(" not in text, path
    assert found <= set(ENTRY_POINTS) and "sim/__main__.py" in ENTRY_POINTS, \
        found - set(ENTRY_POINTS)


@pytest.mark.parametrize("path", sorted(ENTRY_POINTS))
def test_every_entry_point_refuses_an_unknown_option_in_one_line(path):
    """argparse's own error() printed the whole usage before its line."""
    result = run_python(ENTRY_POINTS[path] + ["--no-such-option"])
    assert_one_line(result, "error: unrecognized arguments: --no-such-option")
    assert result.stdout == ""


@pytest.mark.parametrize("command, message", [
    (["-m", "tools.fit_weights", "--rules", "bogus"], "--rules bogus: unknown ruleset"),
    (["-m", "tools.fit_weights", "--rules", "yamb"], "--rules yamb: yamb cannot be solved"),
    (["-m", "tools.fit_weights", "--selfplay", "bogus"], "--selfplay bogus: no weights"),
    (["-m", "tools.fit_weights", "--games", "-1"], "--games -1: needs 1 or more games"),
    (["-m", "tools.sampled_distribution", "--rules", "bogus"], "--rules bogus: unknown"),
    (["-m", "tools.sampled_distribution", "--rules", "yamb", "--level", "wizard"],
     "argument --level: invalid choice: 'wizard'"),
    (["-m", "tools.sampled_distribution", "--rules", "yamb", "--games", "-5"],
     "--games -5: needs 1 or more games"),
    (["-m", "tools.sampled_distribution", "--rules", "yamb", "--json", "{folder}"],
     "--json {folder} is a folder, not a file"),
    (["-m", "tools.poker_table", "--json", "{folder}"], "--json {folder} is a folder"),
    (["-m", "tools.poker_table", "--json", "{file}/x"], "--json {file}/x: {file} is a file"),
    (["bench/bench_saves.py", "--families", "nope"], "--families nope: unknown family nope"),
    (["-m", "tools.build_bundle", "--no-tables", "--rules", "crag,bogus", "--out",
      "{folder}/b"], "--rules crag,bogus: unknown ruleset 'bogus'"),
    (["-m", "tools.build_bundle", "--profile", "nope"], "--profile nope: unknown profile"),
    (["-m", "tools.screenshots", "--out", "{file}"], "--out {file} is a file, not a folder"),
    (["tools/draw_wiring.py", "--out", "{file}"], "--out {file} is a file, not a folder"),
    (["bench/bench_first_hint.py", "chess"], "RULESET chess: unknown ruleset"),
    (["bench/bench_presses.py", "--games", "0"], "--games 0: needs 1 or more games"),
    (["-m", "sim", "--headless", "--script", "sim/demo.txt", "--gif", "{folder}"],
     "--gif {folder} is a folder, not a file"),
    (["-m", "sim", "--headless", "--script", "sim/demo.txt", "--table", "foo"],
     "--table foo: no such file"),
    (["-m", "sim", "--headless", "--script", "sim/demo.txt", "--table", "{fifo}"],
     "--table {fifo} is not a regular file"),
    (["-m", "sim", "--headless", "--script", "sim/demo.txt", "--table", "{fifo_pattern}"],
     "--table {fifo} is not a regular file"),
    (["-m", "sim", "--save", "x", "--no-save"], "argument --no-save: not allowed with"),
])
def test_a_bad_command_line_is_one_line_before_any_work(tmp_path, command, message):
    folder = tmp_path / "out"
    folder.mkdir()
    afile = tmp_path / "afile"
    afile.write_text("keep")
    os.mkfifo(tmp_path / "yahtzee.fifo")
    names = {"folder": str(folder), "file": str(afile), "fifo": str(tmp_path / "yahtzee.fifo"),
             "fifo_pattern": str(tmp_path / "%s.fifo")}
    result = run_python([a.format(**names) for a in command])
    assert_one_line(result, message.format(**names))
    assert afile.read_text() == "keep" and os.listdir(folder) == []


# -- no tool rewrites a tracked file unless asked to -----------------------------------------

@pytest.mark.parametrize("command, written", [
    (["-m", "tools.odds_fresh", "--help"], ["ui/odds_fresh.py"]),
    (["-m", "tools.odds_fresh"], ["ui/odds_fresh.py"]),
    (["tools/draw_wiring.py"], ["docs/wiring-pico.svg", "docs/wiring-feather.svg"]),
    (["tools/draw_wiring.py", "--help"], ["docs/wiring-pico.svg"]),
    (["-m", "tools.screenshots"], ["docs/screens/menu.png", "tests/golden/menu.png"]),
    (["-m", "tools.screenshots", "--help"], ["docs/screens/menu.png"]),
])
def test_no_tool_rewrites_a_tracked_file_unless_asked(command, written):
    before = {p: os.stat(os.path.join(ROOT, p)).st_mtime_ns for p in written}
    result = run_python(command)
    assert "Traceback" not in result.stderr
    assert {p: os.stat(os.path.join(ROOT, p)).st_mtime_ns for p in written} == before
    assert "wrote" not in result.stdout


def test_the_wiring_pictures_are_written_where_asked(tmp_path):
    result = run_python(["tools/draw_wiring.py", "--out", str(tmp_path / "w")])
    assert result.returncode == 0, result.stderr
    for name in ("wiring-pico.svg", "wiring-feather.svg"):
        with open(os.path.join(ROOT, "docs", name)) as f:
            assert (tmp_path / "w" / name).read_text() == f.read()


# -- the user's files -------------------------------------------------------------------

@pytest.mark.parametrize("content", [b"\x00" * 4096, b"my notes\n" * 455 + b"x"])
def test_a_save_file_that_is_not_ours_is_refused_and_kept(tmp_path, content):
    """Any 4096-byte file given as --save was overwritten with a journal."""
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    assert len(content) == 4096
    result = run_sim(["--headless", "--script", os.path.join(ROOT, "sim", "demo.txt"),
                      "--snap-dir", str(tmp_path), "--save", str(path)])
    assert_one_line(result, "--save %s holds something else" % path)
    assert path.read_bytes() == content


def test_an_empty_save_file_is_a_new_handheld(tmp_path):
    path = tmp_path / "new.sav"
    path.write_bytes(b"")
    result = run_sim(["--headless", "--script", os.path.join(ROOT, "sim", "demo.txt"),
                      "--snap-dir", str(tmp_path), "--save", str(path)])
    assert result.returncode == 0, result.stderr
    assert len(path.read_bytes()) == 4096
    again = run_sim(["--headless", "--script", os.path.join(ROOT, "sim", "demo.txt"),
                     "--snap-dir", str(tmp_path), "--save", str(path)])
    assert again.returncode == 0, again.stderr
