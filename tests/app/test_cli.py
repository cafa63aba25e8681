"""The command line: exit codes, one-line errors naming file/line/field, atomic outputs,
the solve | validate / show pipe, and `run` (solve and render in one go)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import av
import pytest

from tests.fixtures import CONFIGS, DATA, ROOT, cli, one_line_error, tiny_block, write

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
def test_bad_configs_get_one_line_naming_file_line_field(tmp_path, body, fragments):
    cfg = write(tmp_path, "bad.toml", body)
    out = tmp_path / "out.jsonl"
    result = cli("solve", str(cfg), "-o", str(out))
    one_line_error(result, 1, str(cfg), *fragments)
    assert not out.exists()
    assert list(tmp_path.iterdir()) == [cfg], "no temporary file left behind"


def test_missing_config_file(tmp_path):
    result = cli("solve", str(tmp_path / "nope.toml"))
    one_line_error(result, 1, "nope.toml", "no such file")


def test_solve_writes_atomically_and_validates(tmp_path):
    cfg = write(tmp_path, "tiny.toml", GOOD)
    out = tmp_path / "sub" / "t.jsonl"
    result = cli("solve", str(cfg), "-o", str(out))
    assert result.exit_code == 0, result.output
    lines = out.read_text().splitlines()
    assert json.loads(lines[0])["title"] == "tiny"
    assert json.loads(lines[-1])["status"] == "solved"
    result = cli("validate", str(out))
    assert result.exit_code == 0
    assert "valid sliding-block trace (tiny)" in result.stdout
    result = cli("show", str(out))
    assert result.exit_code == 0
    assert "start\nAA.\nb.." in result.stdout and "end: solved" in result.stdout


def test_solve_to_a_file_ends_with_one_summary_line(tmp_path):
    """``solve -o FILE`` says what it wrote on stderr, as ``render`` does: the file, the
    answer in the family's count noun, what the search looked at and its time; a trace going
    to stdout, and ``--quiet``, add nothing to stderr."""
    out = tmp_path / "h.jsonl"
    result = cli("solve", "hakoiri-musume", "-o", out)
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert re.fullmatch(rf"{re.escape(str(out))}: 81 moves, 23,822 positions, searched in "
                        r"[0-9.]+ m?s\n", result.stderr), result.stderr
    queens = cli("solve", "n-queens-8", "-o", out)
    assert queens.stderr.startswith(f"{out}: 92 solutions, 2,056 candidates, searched in ")
    piped = cli("solve", "dads-puzzle")
    assert piped.exit_code == 0 and piped.stdout.endswith("}\n") and piped.stderr == ""
    quiet = cli("--quiet", "solve", "dads-puzzle", "-o", out)
    assert quiet.exit_code == 0 and quiet.stdout == quiet.stderr == ""


def test_unsolvable_exits_3_and_limit_exits_4(tmp_path):
    cfg = write(tmp_path, "u.toml", GOOD.replace("AA.\nb..", "AA#\nb.#").replace(
        "x = 1, y = 1", "x = 0, y = 1"))
    result = cli("solve", str(cfg))
    assert result.exit_code == 3
    assert json.loads(result.stdout.splitlines()[-1])["status"] == "unsolvable"
    assert "no solution" in result.stderr
    result = cli("solve", str(CONFIGS / "hakoiri-musume.toml"), "--max-states", "100")
    assert result.exit_code == 4
    assert json.loads(result.stdout.splitlines()[-1])["status"] == "limit"


def test_validate_reports_bad_traces(tmp_path):
    trace = write(tmp_path, "t.jsonl", '{"type":"header","format":"puzzlereel-trace",'
                  '"version":1,"puzzle":"n-queens","n":4}\n{"type":"place","row":0,"col":1}\n')
    one_line_error(cli("validate", str(trace)), 1, "t.jsonl: line 3: truncated")
    one_line_error(cli("validate", str(tmp_path / "none.jsonl")), 1, "no such file")
    one_line_error(cli("validate", "-", input="garbage\n"), 1,
                   "<stdin>: line 1: invalid JSON")


def test_analyze_json_and_plot(tmp_path):
    png = tmp_path / "depths.png"
    result = cli("analyze", str(CONFIGS / "dads-puzzle.toml"), "--json", "--plot",
                 str(png))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"states", "max_depth", "farthest", "depths"} <= data.keys()
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_analyze_without_json_prints_a_summary_within_80_columns():
    """A line a figure, named in words, numbers with separators; a long list counted
    (never cut with "..."), a short one whole: the same figures ``--json`` gives."""
    result = cli("analyze", "dads-puzzle")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(len(line) <= 80 and not line.endswith("...") for line in lines), lines
    figures = dict(re.fullmatch(r"(\S+(?: \S+)*)  +(.*)", line).groups() for line in lines)
    assert figures["states"] == "1,398" and figures["max depth"] == "80"
    assert figures["farthest"] == "[[..AA, BBAA, FGDE, FGCC, HHII]]"
    assert figures["depths"] == "81 values, from 1 to 48 (--json lists them all)"
    data = json.loads(cli("analyze", "dads-puzzle", "--json").stdout)
    assert set(figures) == {key.replace("_", " ") for key in data}


@pytest.mark.parametrize("drawn", ["--video", "--plot"])
def test_analyze_stopped_by_a_limit_with_nothing_to_plot_is_exit_4(tmp_path, drawn):
    out = tmp_path / ("m.gif" if drawn == "--video" else "m.png")
    result = cli("analyze", "mastermind-9431", "--max-states", "10", drawn, out)
    one_line_error(result, 4, "stopped after 0 answers at --max-states 10")
    assert result.stderr.rstrip().endswith("; nothing to plot") and not out.exists()


def examples_in(text: str) -> list[str]:
    """The example command lines of a help text (lines that start with ``puzzlereel ``)."""
    return [line.strip() for line in text.splitlines()
            if line.strip().startswith("puzzlereel ")]


@pytest.mark.parametrize("command", [None, "solve", "validate", "show", "analyze", "render",
                                     "run"])
def test_help_prints_each_example_on_its_own_line(command: str | None) -> None:
    """Every example of a command's help is one whole line, however narrow the terminal
    (click re-wraps a paragraph unless its first line is a backspace, ``\\b``)."""
    from typer.testing import CliRunner

    from puzzlereel.cli import commands as cli_module

    if command is None:
        text = cli_module.app.info.help
        args = ["--help"]
    else:
        text = cli_module.COMMANDS[command].__doc__
        args = [command, "--help"]
    assert isinstance(text, str)
    wanted = examples_in(text)
    assert wanted
    assert command is None or any(f"puzzlereel {command}" in line for line in wanted)
    result = CliRunner().invoke(cli_module.app, args, terminal_width=50)
    assert result.exit_code == 0, result.output
    shown = examples_in(result.stdout)
    assert shown == wanted, result.stdout
    # one example a line, no blank line between them
    lines = [line.strip() for line in result.stdout.splitlines()]
    first = lines.index(wanted[0])
    assert lines[first:first + len(wanted)] == wanted


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


# ---------------------------------------------------------------- run


def test_run_writes_every_format(tmp_path: Path) -> None:
    cfg = tmp_path / "tiny.toml"
    cfg.write_text('title = "tiny"\n[puzzle]\ntype = "sliding-block"\nlayout = """\nAA.\nb..\n'
                   '"""\ngoal = { piece = "A", x = 1, y = 1 }\n[render]\n'
                   'formats = ["gif", "png"]\nfps = 10\ncell = 8\ntheme = "wood"\n')
    res = cli("run", cfg, "--out-dir", tmp_path / "o")
    assert res.exit_code == 0, res.output
    names = sorted(p.name for p in (tmp_path / "o").iterdir())
    assert names == [".puzzlereel-manifest.json", ".puzzlereel-manifest.lock", "tiny.gif",
                     "tiny.jsonl", "tiny.png"]


def test_run_config_render_error_names_the_field(tmp_path: Path) -> None:
    cfg = tmp_path / "bad.toml"
    cfg.write_text('[puzzle]\ntype = "sliding-block"\nlayout = """\nAA.\nb..\n"""\n'
                   'goal = { piece = "A", x = 1, y = 1 }\n[render]\nfps = 0\n')
    res = cli("run", cfg, "--out-dir", tmp_path / "o")
    one_line_error(res, 1, "bad.toml", "line 9", "render.fps")


def test_run_hakoiri_real_solution(tmp_path: Path) -> None:
    res = cli("run", CONFIGS / "hakoiri-musume.toml", "--out-dir", tmp_path, "--formats", "png")
    assert res.exit_code == 0, res.output
    assert (tmp_path / "hakoiri-musume.png").stat().st_size > 10_000


@pytest.mark.parametrize("args, words", [
    (["--target", "tiktok"], "--target: 'tiktok' is not one of: youtube, shorts"),
    (["--size", "24x40"], "--size 24x40: too small for the portrait layout"),
])
def test_a_bad_target_or_a_size_without_room_is_one_line_and_writes_nothing(
        tmp_path: Path, args: list[str], words: str) -> None:
    out = tmp_path / "v.mp4"
    res = cli("render", DATA / "hakoiri-5.jsonl", "-o", out, *args)
    one_line_error(res, 2, words)
    assert list(tmp_path.iterdir()) == []


def test_run_makes_a_whole_set_for_one_platform(tmp_path: Path) -> None:
    cfg = tiny_block(tmp_path, "tiny", "tiny", 'formats = ["mp4"]')
    res = cli("run", cfg, "--out-dir", tmp_path / "o", "--target", "square", "--fps", "10")
    assert res.exit_code == 0, res.output
    with av.open(str(tmp_path / "o" / "tiny.mp4")) as box:
        stream = box.streams.video[0]
        assert (stream.codec_context.width, stream.codec_context.height) == (1080, 1080)


def _shell(command: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``command`` run by bash, with this Python's ``puzzlereel`` first on PATH."""
    import os

    full = {**os.environ, **env,
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    return subprocess.run(["bash", "-c", command], cwd=cwd, env=full, capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=300)


def test_a_pipeline_whose_first_stage_failed_says_only_that(tmp_path: Path) -> None:
    """The first stage's own error, then one line: the previous stage wrote nothing (not
    an "empty trace" at line 1)."""
    res = _shell("puzzlereel --progress none solve configs/dads-puzzle.toml | "
                 "puzzlereel --progress none show -", tmp_path)
    assert res.returncode == 1
    assert res.stderr.splitlines() == [
        "puzzlereel: configs/dads-puzzle.toml: no such file (there is no folder configs); "
        "did you mean: dads-puzzle?",
        "puzzlereel: <stdin>: the previous stage of the pipeline wrote nothing"]


def test_a_missing_folder_of_configs_points_to_the_examples(tmp_path: Path) -> None:
    res = _shell("puzzlereel --progress none run configs/ --out-dir o", tmp_path)
    assert res.returncode == 1
    assert res.stderr.splitlines() == [
        "puzzlereel: configs/: no such folder; the bundled examples work by name "
        "from any folder ('puzzlereel examples' lists them)"]


def test_shell_completion_installs_as_typer_offers_it(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    shown = _shell("puzzlereel --show-completion", tmp_path, SHELL="/bin/bash",
                   HOME=str(home))
    assert shown.returncode == 0 and "_puzzlereel_completion" in shown.stdout
    installed = _shell("puzzlereel --install-completion", tmp_path, SHELL="/bin/bash",
                       HOME=str(home))
    assert installed.returncode == 0, installed.stderr
    assert "_puzzlereel_completion" in (home / ".bash_completions" / "puzzlereel.sh").read_text()
