"""Bad command lines of the simulator, the deploy tool and the table tools (solver,
strategy table, distribution): one clear line on stderr, a non-zero exit, no
traceback, no hang (the build tool's --out cases: test_bundle.py)."""
import os
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
