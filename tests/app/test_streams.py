"""The standard streams, however the shell left them: a closed stdout or stdin is one
line naming it (exit 1), a stdout whose reader went away is exit 141 and silent, a stderr
whose reader went away changes no exit code, text stdout cannot encode is printed with
"?" in its place while a trace stays UTF-8, and the parser's own usage errors are one
line (exit 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fixtures import CONFIGS, DATA, cli, one_line_error

ME = [sys.executable, "-m", "puzzlereel", "--progress", "none"]
TRACE = DATA / "hakoiri-5.jsonl"
DADS = CONFIGS / "dads-puzzle.toml"
TITLE = "箱入り娘 — ☃"


def closing(fd: int, *args: str | Path) -> subprocess.CompletedProcess[bytes]:
    """``puzzlereel ARGS`` run with descriptor ``fd`` closed, stdout and stderr kept
    apart (as bytes)."""
    streams: dict[str, int | None] = {"stdin": subprocess.DEVNULL,
                                      "stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    streams[("stdin", "stdout", "stderr")[fd]] = None
    return subprocess.run([*ME, *map(str, args)], preexec_fn=lambda: os.close(fd),
                          timeout=300, check=False, **streams)  # type: ignore[call-overload]


def titled(folder: Path) -> Path:
    """hakoiri-5.jsonl with a title of characters no ASCII or Latin-1 stream has."""
    lines = TRACE.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["title"] = TITLE
    path = folder / "titled.jsonl"
    path.write_text("\n".join([json.dumps(head, ensure_ascii=False), *lines[1:]]) + "\n",
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("args", [
    ["solve", DADS], ["solve", DADS, "-o", "-"], ["show", TRACE], ["validate", TRACE],
    ["examples"], ["analyze", DADS, "--json"], ["--version"], ["--help"],
    ["run", DADS, "--out-dir", "{tmp}", "--formats", "vtt"],
])
def test_a_closed_stdout_is_one_line(tmp_path, args):
    res = closing(1, *[str(a).replace("{tmp}", str(tmp_path / "out")) for a in args])
    assert res.returncode == 1, res.stderr
    assert res.stderr.decode() == "puzzlereel: standard output is closed\n"


def reader_gone(stream: str, args: list[str | Path], cwd: Path
                ) -> subprocess.CompletedProcess[bytes]:
    """``puzzlereel ARGS`` writing ``stream`` ("stdout" or "stderr") into a pipe whose
    read end was closed before the command started; the other stream kept."""
    read, write = os.pipe()
    os.close(read)
    other = "stderr" if stream == "stdout" else "stdout"
    try:
        return subprocess.run([*ME, *map(str, args)], stdin=subprocess.DEVNULL,
                              cwd=cwd, timeout=300, check=False,
                              **{stream: write, other: subprocess.PIPE})  # type: ignore[call-overload]
    finally:
        os.close(write)


COMMANDS = ["solve", "validate", "show", "analyze", "render", "run", "gallery", "preview",
            "examples", "new", "import"]


@pytest.mark.parametrize("args", [["--version"], ["-V"], ["--help"], ["-h"],
                                  *[[command, "--help"] for command in COMMANDS]])
def test_help_and_version_to_a_gone_reader_exit_141_silently(tmp_path, args):
    res = reader_gone("stdout", args, tmp_path)
    assert (res.returncode, res.stderr) == (141, b"")


@pytest.mark.parametrize("args", [
    ["solve", DADS], ["validate", TRACE], ["show", TRACE], ["analyze", DADS, "--json"],
    ["run", DADS, "--out-dir", "out", "--formats", "vtt"], ["gallery", "out"],
    ["examples"], ["examples", "dads-puzzle"], ["new", "mastermind"], ["new", "--list"],
])
def test_every_command_writing_to_a_gone_reader_exits_141_silently(tmp_path, args):
    if args[0] == "gallery":                     # a folder of outputs to draw from
        made = subprocess.run([*ME, "run", DADS, "--out-dir", "out", "--formats", "vtt"],
                              cwd=tmp_path, capture_output=True, timeout=300, check=False)
        assert made.returncode == 0, made.stderr
    res = reader_gone("stdout", args, tmp_path)
    assert (res.returncode, res.stderr) == (141, b"")


@pytest.mark.parametrize("args, code", [
    (["solve", DADS], 0), (["validate", TRACE], 0), (["show", TRACE], 0),
    (["render", TRACE, "-o", "t.vtt"], 0), (["preview", TRACE, "-o", "f.png"], 0),
    (["analyze", DADS, "--json", "--max-states", "10"], 4), (["validate", DADS], 1),
    (["solve", "--bogus"], 2), (["import", "rush-hour", "nothing.txt", "-o", "o"], 1),
])
def test_a_gone_reader_of_stderr_changes_no_exit_code(tmp_path, args, code):
    res = reader_gone("stderr", args, tmp_path)
    assert res.returncode == code
    if args[0] == "render":
        assert (tmp_path / "t.vtt").read_text().startswith("WEBVTT")


def test_run_with_a_gone_reader_of_stderr_exits_0_both_times(tmp_path):
    args: list[str | Path] = ["run", DADS, "--out-dir", "out", "--formats", "vtt,gif"]
    first = reader_gone("stderr", args, tmp_path)
    again = reader_gone("stderr", args, tmp_path)          # up to date: says so on stderr
    assert (first.returncode, again.returncode) == (0, 0)
    assert first.stdout == again.stdout and b"dads-puzzle.gif" in first.stdout


@pytest.mark.parametrize("command", ["validate", "show"])
def test_a_closed_stdin_is_one_line(command):
    res = closing(0, command, "-")
    assert res.returncode == 1, res.stderr
    assert res.stderr.decode() == "puzzlereel: standard input is closed\n"


def test_a_closed_stdin_fails_render_before_any_output(tmp_path):
    out = tmp_path / "x.gif"
    res = closing(0, "render", "-", "-o", out)
    assert (res.returncode, res.stderr.decode()) == (1, "puzzlereel: standard input is closed\n")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("command", ["show", "validate"])
def test_text_stdout_cannot_encode_is_replaced(tmp_path, encoding, command):
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    res = subprocess.run([*ME, command, titled(tmp_path)], capture_output=True, env=env,
                         timeout=300, check=False)
    assert res.returncode == 0, res.stderr
    assert res.stderr == b""
    assert "? ? ?" in res.stdout.decode(encoding)


def test_a_trace_on_an_ascii_stdout_stays_utf8(tmp_path):
    config = tmp_path / "dads.toml"
    config.write_text(DADS.read_text(encoding="utf-8").replace(
        "title = \"Dad's Puzzle\"", f'title = "{TITLE}"', 1), encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    res = subprocess.run([*ME, "solve", config], capture_output=True, env=env, timeout=300,
                         check=False)
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout.decode("utf-8").splitlines()[0])["title"] == TITLE


@pytest.mark.parametrize("args", [["examples", "hakoiri-musume"], ["new", "sliding-tile"]])
def test_a_config_on_an_ascii_stdout_stays_utf8(args):
    """A config written to stdout is data, like a trace: its bytes are the file's."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    res = subprocess.run([*ME, *args], capture_output=True, env=env, timeout=300, check=False)
    assert res.returncode == 0, res.stderr
    with_utf8 = subprocess.run([*ME, *args], capture_output=True, timeout=300, check=False,
                               env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert res.stdout == with_utf8.stdout and not res.stdout.isascii()


@pytest.mark.parametrize("args, fragment", [
    (["solve", "--bogus"], "No such option: --bogus"),
    (["--bogus", "solve", DADS], "No such option: --bogus"),
    (["solve", DADS, "--max-states", "1e29"], "'--max-states'"),
    (["run", DADS, "--jobs", "0"], "'--jobs'"),
    (["solve"], "Missing argument 'CONFIG'"),
    (["no-such-command"], "No such command 'no-such-command'"),
])
def test_a_usage_error_of_the_parser_is_one_line(args, fragment):
    one_line_error(cli(*args), 2, fragment, "--help")


def test_import_with_a_closed_stream_is_one_line_before_any_work(tmp_path):
    source = tmp_path / "t.txt"
    source.write_text("1 2 3 4 5 6 7 8 0\n", encoding="utf-8")
    res = closing(0, "import", "tiles", "-", "-o", tmp_path / "a")
    assert res.returncode == 1 and res.stderr == b"puzzlereel: standard input is closed\n"
    for args in (["import", "tiles", source, "-o", tmp_path / "b"],
                 ["run", DADS, "--out-dir", tmp_path / "c", "--formats", "vtt"]):
        res = closing(1, *args)
        assert res.returncode == 1, res.stderr
        assert res.stderr == b"puzzlereel: standard output is closed\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.txt"]


def test_a_name_stderr_cannot_encode_is_replaced(tmp_path):
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    res = subprocess.run([*ME, "validate", tmp_path / "箱入り.jsonl"], capture_output=True,
                         env=env, timeout=300, check=False)
    assert res.returncode == 1
    assert res.stderr.decode("ascii").endswith("???.jsonl: no such file\n")
