"""Bad command lines of the simulator and the deploy tool: one clear line on stderr, a
non-zero exit, no traceback, no hang (the build tool's --out cases: test_bundle.py)."""
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
