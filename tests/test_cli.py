"""The command line: exit codes, one-line errors naming file/line/field, atomic outputs,
and the solve | validate / show pipe."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import CONFIGS, ROOT, write

from puzzlereel.cli import app

GOOD = '''
title = "tiny"
[puzzle]
type = "sliding-block"
layout = """
AA.
b..
"""
goal = { piece = "A", x = 1, y = 1 }
'''


def run(runner, *args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def one_line_error(result, *fragments: str) -> None:
    assert result.exit_code == 1, result.output
    err = result.stderr.strip()
    assert len(err.splitlines()) == 1, err
    assert "Traceback" not in err
    for frag in fragments:
        assert frag in err, err


@pytest.mark.parametrize("body, fragments", [
    ("", ["empty file"]),
    ("[puzzle\ntype = 1", ["line 1", "TOML syntax error"]),
    ('[puzzle]\ntype = "chess"\n', ["line 2", "puzzle.type", "unknown puzzle type 'chess'"]),
    ('title = "x"\n', ["puzzle", "missing [puzzle] table"]),
    ('[puzzle]\ntype = "sliding-block"\nlayout = """\nAA.\nb.\n"""\ngoal = { piece = "A", '
     'x = 0, y = 0 }\n', ["line 5", "puzzle.layout", "ragged layout: row 2"]),
    ('[puzzle]\ntype = "sliding-block"\nlayout = """\nA.A\n"""\ngoal = { piece = "A", '
     'x = 0, y = 0 }\n', ["line 4", "puzzle.layout", "piece 'A' is split"]),
    ('[puzzle]\ntype = "sliding-block"\nlayout = """\nA..\n"""\nwalls = [[0, 0]]\n'
     'goal = { piece = "A", x = 1, y = 0 }\n', ["line 6", "puzzle.walls", "overlaps the wall"]),
    ('[puzzle]\ntype = "sliding-block"\nlayout = """\nA..\n"""\ngoal = { piece = "Z", '
     'x = 0, y = 0 }\n', ["line 6", "puzzle.goal", "no piece 'Z'"]),
    ('[puzzle]\ntype = "sliding-block"\nlayout = """\nA..\n"""\ngoal = { piece = "A", '
     'x = 5, y = 0 }\n', ["line 6", "puzzle.goal", "lies off the 3x1 board"]),
    ('[puzzle]\ntype = "sliding-block"\nlayout = """\nA..\n"""\ngoal = { piece = "A", '
     'x = 1, y = 0 }\n[solve]\nmetric = "hops"\n', ["line 8", "solve.metric", "'hops' is not"]),
    ('[puzzle]\ntype = "sliding-block"\nlayout = """\nA.?\n"""\ngoal = { piece = "A", '
     'x = 1, y = 0 }\n', ["line 4", "puzzle.layout", "'?' is not a piece"]),
])
def test_bad_configs_get_one_line_naming_file_line_field(runner, tmp_path, body, fragments):
    cfg = write(tmp_path, "bad.toml", body)
    out = tmp_path / "out.jsonl"
    result = run(runner, "solve", str(cfg), "-o", str(out))
    one_line_error(result, str(cfg), *fragments)
    assert not out.exists()
    assert list(tmp_path.iterdir()) == [cfg], "no temporary file left behind"


def test_missing_config_file(runner, tmp_path):
    result = run(runner, "solve", str(tmp_path / "nope.toml"))
    one_line_error(result, "nope.toml", "no such file")


def test_solve_writes_atomically_and_validates(runner, tmp_path):
    cfg = write(tmp_path, "tiny.toml", GOOD)
    out = tmp_path / "sub" / "t.jsonl"
    result = run(runner, "solve", str(cfg), "-o", str(out))
    assert result.exit_code == 0, result.output
    lines = out.read_text().splitlines()
    assert json.loads(lines[0])["title"] == "tiny"
    assert json.loads(lines[-1])["status"] == "solved"
    result = run(runner, "validate", str(out))
    assert result.exit_code == 0
    assert "valid sliding-block trace (tiny)" in result.stdout
    result = run(runner, "show", str(out))
    assert result.exit_code == 0
    assert "start\nAA.\nb.." in result.stdout and "end: solved" in result.stdout


def test_unsolvable_exits_3_and_limit_exits_4(runner, tmp_path):
    cfg = write(tmp_path, "u.toml", GOOD.replace("AA.\nb..", "AA#\nb.#").replace(
        "x = 1, y = 1", "x = 0, y = 1"))
    result = run(runner, "solve", str(cfg))
    assert result.exit_code == 3
    assert json.loads(result.stdout.splitlines()[-1])["status"] == "unsolvable"
    assert "no solution" in result.stderr
    result = run(runner, "solve", str(CONFIGS / "hakoiri-musume.toml"), "--max-states", "100")
    assert result.exit_code == 4
    assert json.loads(result.stdout.splitlines()[-1])["status"] == "limit"


def test_validate_reports_bad_traces(runner, tmp_path):
    trace = write(tmp_path, "t.jsonl", '{"type":"header","format":"puzzlereel-trace",'
                  '"version":1,"puzzle":"n-queens","n":4}\n{"type":"place","row":0,"col":1}\n')
    one_line_error(run(runner, "validate", str(trace)), "t.jsonl: line 3: truncated")
    one_line_error(run(runner, "validate", str(tmp_path / "none.jsonl")), "no such file")
    one_line_error(run(runner, "validate", "-", input="garbage\n"),
                   "<stdin>: line 1: invalid JSON")


def test_analyze_json_and_plot(runner, tmp_path):
    png = tmp_path / "depths.png"
    result = run(runner, "analyze", str(CONFIGS / "dads-puzzle.toml"), "--json", "--plot",
                 str(png))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"states", "max_depth", "farthest", "depths"} <= data.keys()
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_help_has_examples(runner):
    for cmd in ("solve", "validate", "show", "analyze"):
        result = run(runner, cmd, "--help")
        assert result.exit_code == 0 and "puzzlereel " + cmd in result.stdout


def test_real_pipe_between_two_processes(tmp_path):
    """`puzzlereel solve c.toml | puzzlereel validate -` with real processes and a pipe."""
    cmd = [sys.executable, "-m", "puzzlereel"]
    solve = subprocess.Popen([*cmd, "solve", str(CONFIGS / "dads-puzzle.toml")],
                             stdout=subprocess.PIPE, cwd=ROOT)
    check = subprocess.run([*cmd, "validate", "-"], stdin=solve.stdout, capture_output=True,
                           text=True, cwd=ROOT)
    assert solve.stdout is not None
    solve.stdout.close()
    assert solve.wait() == 0
    assert check.returncode == 0, check.stderr
    assert "59 moves" in check.stdout
    # a pipe cut short is a truncated trace
    lines = subprocess.run([*cmd, "solve", str(CONFIGS / "dads-puzzle.toml")],
                           capture_output=True, text=True, cwd=ROOT).stdout.splitlines()
    cut = subprocess.run([*cmd, "validate", "-"], input="\n".join(lines[:10]) + "\n",
                         capture_output=True, text=True, cwd=ROOT)
    assert cut.returncode == 1
    assert cut.stderr.strip() == "puzzlereel: <stdin>: line 11: truncated: the trace stops " \
        "without an 'end' line"
