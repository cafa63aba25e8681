"""The Python API: ``puzzlereel.solve`` / ``load`` and the ``Solution`` they return.

Each route gives what the command line gives for the same input (the same moves, the same
files, the same frame, the same one-line errors), because the commands go through the
same functions; tests here check both the answers and that the commands do take that
route.  Sliding blocks only: every family's scene is not yet drawn by this renderer.
"""

from __future__ import annotations

import html
import io
import re
import subprocess
import sys
import tomllib
import typing
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import puzzlereel
from puzzlereel import api
from puzzlereel.actions import draw, solve
from puzzlereel.actions.check import UnexpectedAnswer
from puzzlereel.ground.config import ConfigError
from puzzlereel.ground.errors import UsageError
from puzzlereel.trace import STATUSES, BlockMove, End, Header, TraceError
from tests.fixtures import CONFIGS, cli, read_png

HEAVY = ("numba", "llvmlite", "cv2", "av", "jinja2", "PIL", "numpy")


@pytest.fixture(scope="module")
def dads() -> puzzlereel.Solution:
    return puzzlereel.solve("dads-puzzle")


def moves_of(solution: puzzlereel.Solution) -> list[object]:
    return [e for e in solution.events if isinstance(e, BlockMove)]


# ---------------------------------------------------------------- importing


def test_import_puzzlereel_loads_nothing_heavy():
    code = ("import sys, puzzlereel\n"
            "assert callable(puzzlereel.solve) and callable(puzzlereel.load)\n"
            f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert proc.stdout.strip() == "[]"


def test_the_public_names():
    errors = {"PuzzlereelError", "ConfigError", "TraceError", "UsageError", "UnsupportedFormat",
              "Unsolvable", "LimitReached", "UnexpectedAnswer"}
    types = {"RenderKeywords", "Status"}
    assert set(puzzlereel.__all__) == {"Solution", "__version__", "load", "solve", *types,
                                       *errors}
    assert puzzlereel.solve is api.solve and puzzlereel.load is api.load
    assert dir(puzzlereel) == sorted(puzzlereel.__all__)       # the API, not its imports
    for name in errors:
        error = getattr(puzzlereel, name)
        assert issubclass(error, puzzlereel.PuzzlereelError) and error.__name__ == name
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        puzzlereel.nothing  # noqa: B018


# ---------------------------------------------------------------- solving


def test_solve_an_example_by_name(dads):
    assert isinstance(dads.events[0], Header) and isinstance(dads.events[-1], End)
    assert dads.header is dads.events[0] and dads.end is dads.events[-1]
    assert (dads.status, dads.moves, dads.answer) == ("solved", 59, "59 moves")
    assert len(moves_of(dads)) == 59
    assert dads.stats["states"] > 0 and dads.puzzle == "sliding-block"
    assert dads.title == "Dad's Puzzle"
    assert repr(dads) == "<Solution \"Dad's Puzzle\": solved, 59 moves>"


def test_a_path_toml_text_and_a_dict_are_the_same_puzzle(dads):
    path = CONFIGS / "dads-puzzle.toml"
    text = path.read_text(encoding="utf-8")
    for source in (path, str(path), text, tomllib.loads(text)):
        assert moves_of(puzzlereel.solve(source)) == moves_of(dads), source


def test_solve_options_are_the_solve_table(tmp_path):
    """``metric="line"`` is ``[solve] metric = "line"``: the same moves as the command
    line solving a config that says so."""
    text = (CONFIGS / "dads-puzzle.toml").read_text(encoding="utf-8")
    config = tmp_path / "line.toml"
    text = re.sub(r"(?m)^expect_moves = .*\n", "", text)
    config.write_text(re.sub(r'(?m)^metric = "piece"$', 'metric = "line"', text),
                      encoding="utf-8")
    assert cli("solve", config, "-o", tmp_path / "line.jsonl").exit_code == 0
    by_cli = puzzlereel.load(tmp_path / "line.jsonl")
    by_api = puzzlereel.solve("dads-puzzle", metric="line", expect_moves=None)
    assert by_api.header.solver["metric"] == "line"
    assert moves_of(by_api) == moves_of(by_cli) and by_api.moves == by_cli.moves


def test_a_bad_solve_option_names_the_argument():
    with pytest.raises(ConfigError) as bad:
        puzzlereel.solve("dads-puzzle", metric="diagonal")
    assert str(bad.value) == "solve(): metric: 'diagonal' is not one of: 'piece', 'line', 'step'"
    with pytest.raises(UsageError, match=r"^solve\(\): metrik: not a \[solve\] key of "
                       r"sliding-block puzzles \(known: algorithm, metric, "):
        puzzlereel.solve("dads-puzzle", metrik="line")
    with pytest.raises(UsageError, match=r"max_states: must be >= 1, got 0"):
        puzzlereel.solve("dads-puzzle", max_states=0)
    with pytest.raises(TypeError, match="not int"):
        puzzlereel.solve(3)  # type: ignore[arg-type]


def _nested(depth: int) -> dict[str, object]:
    top: dict[str, object] = {}
    inner = top
    for _ in range(depth):
        inner["a"] = {}
        inner = inner["a"]  # type: ignore[assignment]
    return top


def _listed(depth: int) -> list[object]:
    top: list[object] = []
    for _ in range(depth - 1):
        top = [top]
    return top


def test_a_dict_nested_too_deep_is_the_config_error_the_same_toml_gets():
    deep = "[puzzle]\ntype = \"n-queens\"\nx = " + "[" * 40 + "]" * 40 + "\n"
    with pytest.raises(ConfigError, match="nested more than 32 deep") as by_toml:
        puzzlereel.solve(deep)
    looped: dict[str, object] = {"type": "n-queens"}
    looped["me"] = looped
    for given in [{"puzzle": _nested(100_000)}, {"puzzle": looped},
                  {"puzzle": {"type": "n-queens", "x": _listed(40)}}]:
        with pytest.raises(ConfigError) as by_dict:
            puzzlereel.solve(given)
        assert str(by_dict.value).startswith("<dict>: puzzle.")
        assert str(by_dict.value).endswith(": arrays or tables nested more than 32 deep")
        assert type(by_dict.value) is type(by_toml.value)
    with pytest.raises(ConfigError, match=r"^solve\(\): max_solutions\.a: arrays or tables "
                       "nested more than 32 deep$"):
        puzzlereel.solve("n-queens-8", max_solutions=_nested(100_000))


@pytest.mark.parametrize("bad", [5, None, 2.5, b"d.jsonl"])
def test_a_trace_target_that_is_no_path_or_file_is_a_type_error(dads, bad):
    with pytest.raises(TypeError, match=r"^save\(\): path takes a path or an open text file, "
                       f"not {type(bad).__name__}$"):
        dads.save(bad)
    if bad is not None:                      # None is no trace at all
        with pytest.raises(TypeError, match=r"^solve\(\): trace takes a path or an open "
                           f"text file, not {type(bad).__name__}$"):
            puzzlereel.solve("dads-puzzle", trace=bad)


def test_expect_moves_is_checked_and_none_removes_it():
    with pytest.raises(UnexpectedAnswer, match="expected 60 moves, the search found 59"):
        puzzlereel.solve("dads-puzzle", expect_moves=60)
    assert puzzlereel.solve("dads-puzzle", expect_moves=None).moves == 59


def test_errors_are_the_command_lines(tmp_path):
    """The same exception class, exit code and one line as ``puzzlereel solve``."""
    cases = [("no-such-puzzle", {}), ("hakoiri-musume", {"max_states": 100}),
             ("french", {})]
    for name, options in cases:
        with pytest.raises(puzzlereel.PuzzlereelError) as caught:
            puzzlereel.solve(name, **options)
        args = [f"--{k.replace('_', '-')}={v}" for k, v in options.items()]
        res = cli("solve", name, "-o", tmp_path / "t.jsonl", *args)
        assert res.exit_code == caught.value.exit_code != 0, name
        want = str(caught.value).replace(str(CONFIGS / name) + ".toml", name)
        assert res.stderr.strip() == f"puzzlereel: {want}", name


def test_an_unsolved_search_is_returned_when_not_checked():
    stopped = puzzlereel.solve("hakoiri-musume", max_states=100, check=False)
    assert stopped.status == "limit" and stopped.moves is None and stopped.answer == ""
    assert "100 positions" in stopped.stats["limit"]


def test_solve_writes_the_trace_as_it_goes(tmp_path, dads):
    path = tmp_path / "d.jsonl"
    again = puzzlereel.solve("dads-puzzle", trace=path)
    assert path.read_text(encoding="utf-8") == again.jsonl()
    stream = io.StringIO()
    puzzlereel.solve("dads-puzzle", trace=stream)
    assert moves_of(puzzlereel.load(stream.getvalue())) == moves_of(dads)


def test_progress_goes_to_a_callback_or_a_bar(capsys):
    seen: list[tuple[str, int, int | None]] = []
    puzzlereel.solve("hakoiri-musume", progress=lambda *a: seen.append(a))
    assert seen and all(isinstance(done, int) for _, done, _ in seen)
    puzzlereel.solve("dads-puzzle", progress="plain")
    assert capsys.readouterr().err.startswith("search: ")
    with pytest.raises(UsageError, match="progress: expected a callable"):
        puzzlereel.solve("dads-puzzle", progress="loud")


# ---------------------------------------------------------------- loading and saving


def test_load_takes_a_path_a_file_text_and_bytes(tmp_path, dads):
    path = tmp_path / "d.jsonl"
    dads.save(path)
    text = path.read_text(encoding="utf-8")
    with open(path, "rb") as binary, open(path, encoding="utf-8") as textual:
        loaded = [puzzlereel.load(path), puzzlereel.load(str(path)), puzzlereel.load(binary),
                  puzzlereel.load(textual), puzzlereel.load(text),
                  puzzlereel.load(text.encode())]
    for solution in loaded:
        assert solution.events == dads.events
    assert puzzlereel.load(path).source == str(path)


def test_load_checks_every_move_as_validate_does(tmp_path, dads):
    lines = dads.jsonl().splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith('{"type":"move","n":5,'))
    lines[k] = re.sub(r'"path":\[.*\]', '"path":[[9,9]]', lines[k])   # off the board
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(TraceError) as caught:
        puzzlereel.load(broken)
    res = cli("validate", broken)
    assert res.exit_code == 1 and res.stderr.strip() == f"puzzlereel: {caught.value}"
    with pytest.raises(TraceError, match="no such file"):
        puzzlereel.load(tmp_path / "missing.jsonl")


def test_save_writes_the_trace_the_command_line_reads(tmp_path, dads):
    path = tmp_path / "d.jsonl"
    assert dads.save(path) == path
    res = cli("validate", path)
    assert res.exit_code == 0 and "valid sliding-block trace" in res.stdout
    out = io.StringIO()
    assert dads.save(out) is None
    assert out.getvalue() == path.read_text(encoding="utf-8")


def test_save_returns_the_path_it_wrote_as_render_does(tmp_path, dads, monkeypatch):
    monkeypatch.chdir(tmp_path)
    saved = dads.save("d.jsonl")
    assert saved == Path("d.jsonl") and isinstance(saved, Path)
    assert puzzlereel.load(saved).events == dads.events
    assert dads.render(Path("d.vtt")) == [Path("d.vtt")]


def test_the_status_is_one_of_the_statuses_its_type_names(tmp_path, dads):
    """``Solution.status`` is typed ``Status``, a ``Literal`` of the trace's statuses
    and ``partial``: every value it gives is one the type names."""
    named = typing.get_args(typing.get_args(puzzlereel.Status)[0]) + ("partial",)
    assert typing.get_args(puzzlereel.Status)[1] == typing.Literal["partial"]
    assert set(named) == {*STATUSES, "partial"}
    cut = puzzlereel.Solution(dads.events[:-1])       # a trace cut short
    assert (dads.status, cut.status) == ("solved", "partial")
    hints = typing.get_type_hints(puzzlereel.Solution.status.fget)
    assert hints["return"] == puzzlereel.Status


# ---------------------------------------------------------------- drawing


def test_render_writes_what_the_render_command_writes(tmp_path, dads):
    dads.save(tmp_path / "d.jsonl")
    res = cli("render", tmp_path / "d.jsonl", "-o", tmp_path / "cli.png", "--theme", "dark")
    assert res.exit_code == 0, res.output
    written = dads.render([tmp_path / "api.png", tmp_path / "api.vtt"], theme="dark")
    assert written == [tmp_path / "api.png", tmp_path / "api.vtt"]
    assert (tmp_path / "api.png").read_bytes() == (tmp_path / "cli.png").read_bytes()
    assert (tmp_path / "api.vtt").read_text(encoding="utf-8").startswith("WEBVTT")


def test_render_options_are_checked_by_name(tmp_path, dads):
    with pytest.raises(UsageError) as bad:
        dads.render(tmp_path / "x.gif", speed=-1)
    assert str(bad.value) == "render(): speed: must be > 0 and at most 10 seconds, got -1"
    with pytest.raises(UsageError, match=r"render\(\): sped: unknown render option"):
        dads.render(tmp_path / "x.gif", sped=1)
    with pytest.raises(UsageError, match="unsupported output suffix .avi"):
        dads.render(tmp_path / "x.avi")
    assert list(tmp_path.iterdir()) == []


def test_a_render_reports_its_progress(tmp_path, dads):
    seen: list[tuple[str, int, int | None]] = []
    dads.render(tmp_path / "d.gif", size=(160, 120), progress=lambda *a: seen.append(a))
    assert seen[-1][0] == "frames" and seen[-1][1] == seen[-1][2] > 10


def test_frame_is_the_frame_preview_draws(tmp_path, dads):
    dads.save(tmp_path / "d.jsonl")
    res = cli("preview", tmp_path / "d.jsonl", "-o", tmp_path / "p.png", "--move", "3")
    assert res.exit_code == 0, res.output
    image = dads.frame(move=3)
    assert isinstance(image, Image.Image) and image.mode == "RGB"
    assert np.array_equal(np.asarray(image), read_png(tmp_path / "p.png"))
    assert dads.frame(end=True, size=(320, 240)).size == (320, 240)
    with pytest.raises(UsageError, match="the trace's counter stops at 59"):
        dads.frame(move=60)


def test_in_jupyter_it_shows_the_player_or_its_end(tmp_path, dads):
    inline = dads._repr_html_()
    found = re.fullmatch(r'<iframe id="([\w-]+)" srcdoc="([^"]*)" title="([^"]*)" '
                         r'style="[^"]*" sandbox="allow-scripts"></iframe>\n'
                         r'<script>[^<]*</script>\n', inline)
    assert found is not None, inline[:300]
    assert f'getElementById("{found.group(1)}")' in inline      # the script sizes this frame
    page = html.unescape(found.group(2))
    dads.render(tmp_path / "d.html")
    assert page == (tmp_path / "d.html").read_text(encoding="utf-8") == dads.player()
    assert html.unescape(found.group(3)) == "Dad's Puzzle"
    png = dads._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert Image.open(io.BytesIO(png)).size == dads.frame(end=True).size


def test_the_config_s_render_table_is_where_renders_start(tmp_path):
    text = (CONFIGS / "dads-puzzle.toml").read_text(encoding="utf-8")
    themed = re.sub(r"(?m)^\[render\]$", '[render]\ntheme = "dark"', text) \
        if "[render]" in text else text + '\n[render]\ntheme = "dark"\n'
    solution = puzzlereel.solve(themed)
    dark = np.asarray(solution.frame(end=True))
    assert np.array_equal(dark, np.asarray(solution.frame(end=True, theme="dark")))
    assert not np.array_equal(dark, np.asarray(solution.frame(end=True, theme="light")))


# ---------------------------------------------------------------- one path


def test_the_commands_solve_and_render_through_the_api(tmp_path, monkeypatch):
    solved: list[str] = []
    drawn: list[list[str]] = []
    real_solve, real_render = solve.solve_traced, draw.render_outputs

    def solve_traced(loaded, options, **kw):
        solved.append(loaded.config.name)
        return real_solve(loaded, options, **kw)

    def render_outputs(stream, source, outputs, *args, **kw):
        drawn.append([Path(p).suffix for p in outputs])
        return real_render(stream, source, outputs, *args, **kw)

    monkeypatch.setattr(solve, "solve_traced", solve_traced)
    monkeypatch.setattr(draw, "render_outputs", render_outputs)
    assert cli("solve", "dads-puzzle", "-o", tmp_path / "d.jsonl").exit_code == 0
    assert cli("run", "dads-puzzle", "--out-dir", tmp_path, "--formats", "png").exit_code == 0
    assert cli("render", tmp_path / "d.jsonl", "-o", tmp_path / "d.vtt").exit_code == 0
    puzzlereel.load(tmp_path / "d.jsonl").render(tmp_path / "again.vtt")
    assert solved == ["dads-puzzle", "dads-puzzle"]
    assert drawn == [[".vtt"], [".vtt"]]


def test_no_method_writes_over_the_files_a_solution_came_from(tmp_path):
    """The Python route keeps the command line's guarantee: a trace or a render named
    as the config or the trace it was read from is refused, and the file is left."""
    from puzzlereel.ground.fileio import OverInput

    config = tmp_path / "q.toml"
    text = (CONFIGS / "dads-puzzle.toml").read_text(encoding="utf-8")
    config.write_text(text, encoding="utf-8")
    with pytest.raises(OverInput):
        puzzlereel.solve(config, trace=config)
    solution = puzzlereel.solve(config)
    with pytest.raises(OverInput):
        solution.save(config)
    assert config.read_text(encoding="utf-8") == text
    trace = tmp_path / "t.gif"              # a trace that happens to be named .gif
    solution.save(trace)
    kept = trace.read_bytes()
    with pytest.raises(OverInput):
        puzzlereel.load(trace).render(trace)
    assert trace.read_bytes() == kept
