"""Hostile inputs, each kept exactly as written: input that could end in a Python
traceback and hints that could make work endless.  Each is one line naming the file,
line and field with the documented exit code (1 bad input, 2 usage), a hint is ignored
with one warning line, nothing is left at the output path, and nothing runs longer than
the work asked for."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import av
import pytest

from puzzlereel.actions.draw import render_options
from puzzlereel.catalog.puzzles import load_puzzle
from puzzlereel.ground.config import ConfigError, load_config
from puzzlereel.render.film import typeset
from puzzlereel.render.options import PRESETS, RANGES, SECONDS, RenderHintWarning, header_hints
from puzzlereel.trace import validate
from tests.fixtures import DATA, ROOT
from tests.fuzz.checks import Run, check_run, run_cli

TRACE = DATA / "hakoiri-5.jsonl"
SMALL = ("--cell", "6", "--fps", "4")


def trace_with(folder: Path, *, raw: str | None = None, name: str = "t.jsonl",
               **header: object) -> Path:
    """hakoiri-5.jsonl with ``header`` fields changed and ``raw`` text (``"key": value``
    as written, e.g. a number json cannot write) added to its header line."""
    lines = TRACE.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head.update(header)
    text = json.dumps(head)
    if raw is not None:
        text = text[:-1] + ", " + raw + "}"
    path = folder / name
    path.write_text("\n".join([text, *lines[1:]]) + "\n", encoding="utf-8")
    return path


def config_with(folder: Path, render: str = "", puzzle: str = "") -> Path:
    """A small n-queens config with extra ``[render]`` / ``[puzzle]`` lines."""
    path = folder / "c.toml"
    path.write_text(f'[puzzle]\ntype = "n-queens"\nn = 4\n{puzzle}\n[render]\n{render}\n',
                    encoding="utf-8")
    return path


def failed(run: Run, folder: Path, code: int, *fragments: str) -> None:
    """The run failed with ``code``: one error line holding every fragment, nothing left."""
    check_run(run, folder)
    assert run.code == code, (run.code, run.result.stderr)
    for fragment in fragments:
        assert fragment in run.error, run.error


def warned(run: Run, folder: Path, *fragments: str) -> list[str]:
    """The run succeeded; returns its warning lines, each holding one of the fragments."""
    check_run(run, folder)
    assert run.code == 0, run.result.stderr
    lines = [line for line in run.result.stderr.splitlines()
             if line.startswith("puzzlereel: warning: ")]
    for fragment in fragments:
        assert sum(fragment in line for line in lines) == 1, (fragment, lines)
    return lines


# ---------------------------------------------------------------- NaN, infinity, -0.0

NOT_FINITE = ("nan", "inf", "-inf", "1e999")


@pytest.mark.parametrize("flag", ["--speed", "--pause"])
@pytest.mark.parametrize("value", NOT_FINITE)
def test_nan_and_infinity_on_the_command_line_are_usage_errors(tmp_path, flag, value):
    # before: ValueError: cannot convert float NaN to integer / OverflowError (exit 1)
    out = tmp_path / "x.gif"
    run = run_cli(["render", TRACE, "-o", out, flag, value], outputs=[out])
    failed(run, tmp_path, 2, f"{flag}: must be", "got ")


def test_minus_zero_is_zero(tmp_path):
    out = tmp_path / "x.gif"
    failed(run_cli(["render", TRACE, "-o", out, "--speed", "-0.0"], outputs=[out]),
           tmp_path, 2, "--speed: must be > 0")
    check_run(run_cli(["render", TRACE, "-o", out, *SMALL, "--pause", "-0.0"]), tmp_path)
    assert out.exists()


@pytest.mark.parametrize("key", SECONDS)
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "+nan", "1e999"])
def test_nan_and_infinity_in_a_render_table_are_config_errors(tmp_path, key, value):
    path = config_with(tmp_path, f"{key} = {value}")
    with pytest.raises(ConfigError) as caught:
        render_options(load_config(path), {})
    shown = "-inf" if value == "-inf" else "nan" if "nan" in value else "inf"
    assert str(caught.value) == (f"{path}: line 6: render.{key}: {shown} is not a number a "
                                 "config can use (give a finite one)")


def test_a_bad_render_table_fails_render_with_one_line(tmp_path):
    path = config_with(tmp_path, "hold_end = inf")
    out = tmp_path / "x.gif"
    run = run_cli(["render", TRACE, "--config", path, "-o", out], outputs=[out])
    failed(run, tmp_path, 1, f"{path}: line 6: render.hold_end: inf is not a number a config "
           "can use")


@pytest.mark.parametrize("key", SECONDS)
@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "-0.0", "1e9", "-1"])
def test_nan_and_infinity_as_hints_are_ignored_with_one_warning(key, value):
    hints = json.loads(f'{{"{key}": {value}, "theme": "dark"}}')
    usable = value == "-0.0" and RANGES[key].holds(0.0)     # (0 is too short for some)
    if usable:
        assert header_hints(hints) == hints
        return
    with pytest.warns(RenderHintWarning) as caught:
        assert header_hints(hints, "t.jsonl") == {"theme": "dark"}
    assert len(caught) == 1
    assert str(caught[0].message).startswith(f"t.jsonl: line 1: render.{key}: must be ")


def test_a_trace_with_unusable_hints_renders_with_one_warning_each(tmp_path):
    path = trace_with(tmp_path, raw='"render": {"speed": 1e308, "pause": -1, '
                                   '"hold_end": 1e9, "theme": "dark"}')
    out = tmp_path / "x.gif"
    lines = warned(run_cli(["render", path, "-o", out, *SMALL], outputs=[out]), tmp_path,
                   "render.speed", "render.pause", "render.hold_end")
    assert len(lines) == 3
    assert out.exists()


def test_a_hold_of_a_billion_seconds_is_ignored(tmp_path):
    # before: an MP4 encoded for hours
    path = trace_with(tmp_path, render={"hold_start": 1e9, "title_seconds": 1e9})
    out = tmp_path / "x.mp4"
    warned(run_cli(["render", path, "-o", out, *SMALL], outputs=[out]), tmp_path,
           "render.hold_start", "render.title_seconds")
    with av.open(str(out)) as video:
        assert video.duration is not None and video.duration / av.time_base < 60


# ---------------------------------------------------------------- nesting, digits


@pytest.mark.parametrize("line", [
    "[" * 100_000,
    "[" * 100_000 + "]" * 100_000,
    "[" * 500 + "]" * 500,
    '{"type": "header", "a": ' + "[" * 100_000 + "]" * 100_000 + "}",
])
def test_deeply_nested_json_is_one_error_line(tmp_path, line):
    # before: RecursionError
    path = tmp_path / "t.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    for command in ("validate", "show"):
        failed(run_cli([command, path]), tmp_path, 1, f"{path}: line 1: ", "nested")


@pytest.mark.parametrize("depth", [33, 1_000, 100_000])
def test_deep_nesting_inside_an_ignored_header_field_is_an_error(tmp_path, depth):
    path = trace_with(tmp_path, raw='"zz_unknown": ' + "[" * depth + "]" * depth)
    out = tmp_path / "x.gif"
    failed(run_cli(["render", path, "-o", out], outputs=[out]), tmp_path, 1,
           f"{path}: line 1: ", "nested more than 32 deep")


@pytest.mark.parametrize("text, line, field", [
    ("zzz = " + "[" * 100_000, 7, "render.zzz"),
    ("zzz = " + "[" * 100_000 + "]" * 100_000, 7, "render.zzz"),
    ("zzz = " + "[" * 300 + "]" * 300, 7, "render.zzz"),
    ("zzz = " + "[" * 40 + "]" * 40, 7, "render.zzz"),
    ("colors = " + "{ a = " * 50 + "1" + " }" * 50, 7, "render.colors"),
])
def test_deeply_nested_toml_is_one_error_line(tmp_path, text, line, field):
    path = config_with(tmp_path, "fps = 10\n" + text)
    with pytest.raises(ConfigError) as caught:
        load_puzzle(path)
    assert str(caught.value) == (f"{path}: line {line}: {field}: arrays or tables nested "
                                 "more than 32 deep")
    run = run_cli(["solve", path, "-o", tmp_path / "t.jsonl"], outputs=[tmp_path / "t.jsonl"])
    failed(run, tmp_path, 1, str(caught.value))


def test_integers_of_more_than_4300_digits_in_a_trace(tmp_path):
    # before: ValueError: Exceeds the limit (4300 digits) for integer string conversion
    path = trace_with(tmp_path, raw='"moves": ' + "9" * 5_000)
    out = tmp_path / "x.png"
    failed(run_cli(["render", path, "-o", out], outputs=[out]), tmp_path, 1,
           f"{path}: line 1: invalid JSON (a number of more than 4,300 digits at column")
    lines = TRACE.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2].replace('"n":2', '"n":' + "2" * 4_301)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    failed(run_cli(["validate", path]), tmp_path, 1, f"{path}: line 3: invalid JSON")


def test_integers_of_more_than_4300_digits_in_a_config(tmp_path):
    path = config_with(tmp_path, puzzle="rows = " + "1" * 5_000)
    with pytest.raises(ConfigError) as caught:
        load_puzzle(path)
    assert str(caught.value) == f"{path}: line 4: puzzle.rows: a number of more than 4,300 digits"


def test_a_long_integer_is_quoted_by_its_size(tmp_path):
    path = config_with(tmp_path, "fps = " + "7" * 4_000)
    with pytest.raises(ConfigError) as caught:
        render_options(load_config(path), {})
    assert str(caught.value).startswith(f"{path}: line 6: render.fps: <an integer of 4,000 "
                                        "digits> is outside the integers a config holds")


# ---------------------------------------------------------------- presets, sizes


def test_a_bad_preset_in_a_config_is_a_config_error(tmp_path):
    # before: av.error.ArgumentError from avcodec_open2
    path = config_with(tmp_path, 'preset = "bogus"')
    out = tmp_path / "x.mp4"
    failed(run_cli(["render", TRACE, "--config", path, "-o", out], outputs=[out]), tmp_path,
           1, f"{path}: line 6: render.preset: 'bogus' is not an x264 preset")


def test_a_bad_preset_hint_is_ignored_with_a_warning(tmp_path):
    path = trace_with(tmp_path, render={"preset": "bogus"})
    out = tmp_path / "x.mp4"
    warned(run_cli(["render", path, "-o", out, *SMALL], outputs=[out]), tmp_path,
           "render.preset: 'bogus' is not an x264 preset")
    assert out.exists()


def test_every_x264_preset_is_accepted():
    from puzzlereel.render.options import RenderOptions

    for preset in PRESETS:
        assert RenderOptions(preset=preset).preset == preset


@pytest.mark.parametrize("line, field", [
    ("sheet_columns = 1000000000", "render.sheet_columns: must be between 0 and 100"),
    ("sheet_columns = 1e9", "render.sheet_columns: expected an integer"),
    ("sheet_cell = 100000", "render.sheet_cell: must be between 2 and 256"),
    ("cell = 100000", "render.cell: must be between 4 and 512"),
    ('size = "100000x100000"', "render.size: must be between 16x16 and 7680x4320"),
    ('size = "' + "9" * 5_000 + 'x1"', "render.size: expected WIDTHxHEIGHT"),
    ("size = [100000, 100000]", "render.size: must be between 16x16 and 7680x4320"),
])
def test_sizes_that_would_make_absurd_images_are_config_errors(tmp_path, line, field):
    # before: struct.error from the PNG writer (sheet_columns)
    path = config_with(tmp_path, line)
    out = tmp_path / "x.png"
    failed(run_cli(["render", TRACE, "--config", path, "-o", out], outputs=[out]), tmp_path,
           1, f"{path}: line 6: {field}")


def test_absurd_sizes_as_hints_are_ignored(tmp_path):
    path = trace_with(tmp_path, render={"sheet_columns": 10**9, "sheet_cell": 10**5,
                                        "size": "100000x100000"})
    out = tmp_path / "x.png"
    warned(run_cli(["render", path, "-o", out], outputs=[out]), tmp_path,
           "render.sheet_columns", "render.sheet_cell", "render.size")
    assert out.exists()


# ---------------------------------------------------------------- long text


@pytest.mark.parametrize("length", [10_000_000, 1_000_000])
def test_a_huge_title_renders(tmp_path, length):
    # before: ValueError: too many characters in string (10 M); 87 s and a
    # DecompressionBombWarning (1 M); validate and show accepted the trace
    path = trace_with(tmp_path, title="W" * length)
    gif, png = tmp_path / "x.gif", tmp_path / "x.png"
    with path.open("rb") as stream:
        assert validate(stream, str(path)).events == 8
    run = run_cli(["render", path, "-o", gif, "-o", png, *SMALL], outputs=[gif, png])
    check_run(run, tmp_path)
    assert run.code == 0, run.error
    assert gif.exists() and png.exists()


def test_a_huge_label_renders(tmp_path):
    lines = TRACE.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["pieces"][1]["label"] = "Daughter " * 200_000
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")
    out = tmp_path / "x.gif"
    run = run_cli(["render", path, "-o", out, "--cell", "40", "--fps", "2"], outputs=[out])
    check_run(run, tmp_path)
    assert run.code == 0, run.error


def test_text_is_shortened_with_an_ellipsis_to_fit():
    assert typeset.shorten("Move 3 / 81", 14, 400) == "Move 3 / 81"
    cut = typeset.shorten("W" * 10_000_000, 14, 200)
    assert cut.endswith(typeset.ELLIPSIS) and typeset.text_width(cut, 14) <= 200
    assert len(cut) > 5
    assert typeset.shorten("anything", 14, 3) == ""
    assert typeset.fit_text_px("W" * 10_000_000, 600, 53) <= 7


# ---------------------------------------------------------------- not UTF-8

BAD_UTF8 = 'é'.encode("latin-1")


def bad_trace(folder: Path) -> Path:
    path = trace_with(folder, title="TITLE")
    path.write_bytes(path.read_bytes().replace(b"TITLE", b"caf" + BAD_UTF8))
    return path


def test_not_utf8_is_the_same_error_from_a_file_and_from_stdin(tmp_path):
    # before: rejected from a file, accepted from stdin (exit 0)
    path = bad_trace(tmp_path)
    for command in ("validate", "show", "render"):
        extra = ["-o", str(tmp_path / "x.gif")] if command == "render" else []
        from_file = run_cli([command, path, *extra])
        from_stdin = run_cli([command, "-", *extra], input=path.read_bytes())
        failed(from_file, tmp_path, 1, f"{path}: line 1: not UTF-8 (invalid")
        failed(from_stdin, tmp_path, 1, "<stdin>: line 1: not UTF-8 (invalid")
        assert from_file.error.removeprefix(str(path)) == from_stdin.error.removeprefix("<stdin>")


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "utf-8"}, {"LC_ALL": "C", "LANG": "C"},
                                 {}])
def test_not_utf8_on_the_real_stdin_is_one_line(tmp_path, env):
    # before: with PYTHONIOENCODING=utf-8, a UnicodeDecodeError traceback; without, exit 0
    path = bad_trace(tmp_path)
    proc = subprocess.run([sys.executable, "-m", "puzzlereel", "validate", "-"],
                          input=path.read_bytes(), capture_output=True, cwd=ROOT,
                          env={**os.environ, **env}, timeout=300)
    assert proc.returncode == 1, proc.stderr
    (line,) = proc.stderr.decode().splitlines()
    assert line.startswith("puzzlereel: <stdin>: line 1: not UTF-8 (invalid continuation byte")


def test_a_lone_surrogate_is_refused_as_validate_would_crash_on_it(tmp_path):
    # before: validate printed the title and died of UnicodeEncodeError
    path = trace_with(tmp_path, title="X")
    path.write_text(path.read_text().replace('"title": "X"', '"title": "\\ud800"'))
    failed(run_cli(["validate", path]), tmp_path, 1, f"{path}: line 1: invalid JSON (a \\u")
