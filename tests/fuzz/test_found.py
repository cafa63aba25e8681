"""What the fuzzers found, each kept as the smallest input that showed it.

All of them are fixed; each stays as a plain regression test."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from puzzlereel.catalog.puzzles import load_puzzle
from puzzlereel.ground.config import ConfigError
from puzzlereel.trace import TraceError, validate
from tests.fuzz.checks import check_error, check_run, run_cli, time_limit
from tests.fuzz.strategies import config_bytes, solved_trace


def changed(name: str, path: tuple[str | int, ...], value: object) -> bytes:
    """The trace solved from ``configs/<name>.toml`` with one header field changed."""
    lines = solved_trace(name).decode("utf-8").splitlines()
    head = json.loads(lines[0])
    node = head
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return ("\n".join([json.dumps(head), *lines[1:]]) + "\n").encode("utf-8")


# ---------------------------------------------------------------- fixed


@pytest.mark.parametrize("text", [b"[p", b'title = "x"\n\n[puzzle]\ntype = "sliding-bl',
                                  b"[puzzle]\nn = "])
def test_a_config_cut_short_names_its_last_line(tmp_path: Path, text: bytes) -> None:
    # found: "TOML syntax error: ... (at end of document)" named no line
    path = tmp_path / "c.toml"
    path.write_bytes(text)
    with pytest.raises(ConfigError) as caught:
        load_puzzle(path)
    check_error(caught.value, str(path))
    assert caught.value.line == len(path.read_text().splitlines())
    assert "(at the end of the file)" in str(caught.value)


def test_a_config_that_is_not_utf8_names_the_line(tmp_path: Path) -> None:
    # found: "not UTF-8 text" named no line
    path = tmp_path / "c.toml"
    path.write_bytes(config_bytes("dads-puzzle")[:112])    # cut inside a UTF-8 character
    with pytest.raises(ConfigError) as caught:
        load_puzzle(path)
    assert str(caught.value).startswith(f"{path}: line 2: not UTF-8 text (")


def test_a_lone_surrogate_escape_is_refused_by_the_reader() -> None:
    # found: validate printed the title and died of UnicodeEncodeError
    data = changed("eight-puzzle", ("title",), "X").replace(b'"X"', b'"\\ud800"')
    with pytest.raises(TraceError, match="line 1: invalid JSON"):
        validate(io.BytesIO(data), "t.jsonl")


def test_an_unknown_scheme_hint_is_ignored_not_fatal(tmp_path: Path) -> None:
    # found: validate accepted a sliding-tile trace with render.scheme "bogus", render
    # failed on it (the scene refused the hint the options had let through)
    path = tmp_path / "t.jsonl"
    path.write_bytes(changed("eight-puzzle", ("render",), {"scheme": "bogus"}))
    out = tmp_path / "x.gif"
    run = run_cli(["render", path, "-o", out, "--cell", "6", "--fps", "4"], outputs=[out])
    check_run(run, tmp_path)
    assert run.code == 0, run.error
    assert "render.scheme: 'bogus' is not one of: auto, plain" in run.result.stderr


# ---------------------------------------------------------------- not fixed here


def test_a_huge_piece_is_refused_at_once() -> None:
    data = changed("dads-puzzle", ("pieces", 7, "w"), 2**31)
    caught: Exception | None = None
    try:
        with time_limit():
            validate(io.BytesIO(data), "t.jsonl")
    except Exception as exc:
        caught = exc
    assert caught is not None
    check_error(caught, "t.jsonl", needs_line=True)


def test_a_board_too_wide_to_draw_is_an_error_line(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(changed("dads-puzzle", ("board", "width"), 10**12))
    out = tmp_path / "x.gif"
    check_run(run_cli(["render", path, "-o", out], outputs=[out]), tmp_path,
              source=str(path))


def test_a_board_too_tall_for_the_frame_is_an_error_line(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(changed("dads-puzzle", ("board", "height"), 10**5))
    out = tmp_path / "x.gif"
    check_run(run_cli(["render", path, "-o", out], outputs=[out]), tmp_path,
              source=str(path))


def test_a_mastermind_of_a_billion_symbols_is_an_error_line(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(changed("mastermind-knuth", ("symbols",), 10**9))
    out = tmp_path / "x.gif"
    check_run(run_cli(["render", path, "-o", out], outputs=[out]), tmp_path,
              source=str(path))
