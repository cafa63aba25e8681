"""No command writes over one of its inputs, and outputs in one folder never clash.

Every output option of every command is tried against the command's own inputs, by
the same name, through a symbolic link and through a hard link (the same file under
another name), and against standard input redirected from the file: each is refused
with exit 1 and one line naming the output, and every input keeps its bytes.  Two
outputs that would be one file (the same ``-o`` twice; a player named ``index.html``
and the gallery page; ``foo.poster.png`` as the poster of ``foo`` and the sheet of
``foo.poster``) are reported as a clash, and nothing is overwritten."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from puzzlereel.catalog import templates
from puzzlereel.catalog.examples import example
from tests.fixtures import DATA, cli, one_line_error, tiny_block

TRACE = DATA / "hakoiri-5.jsonl"
ME = [sys.executable, "-m", "puzzlereel"]


def tiny(folder: Path, name: str, formats: str = '"gif"') -> Path:
    return tiny_block(folder, name, "tiny", f"formats = [{formats}]\nfps = 5\ncell = 8")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def trace_in(folder: Path, name: str) -> Path:
    path = folder / name
    path.write_bytes(TRACE.read_bytes())
    return path


def link(kind: str, target: Path, name: Path) -> Path:
    """``name`` as ``target`` itself ("same"), a symbolic link or a hard link to it."""
    if kind == "same":
        return target
    if kind == "symlink":
        name.symlink_to(target)
    else:
        os.link(target, name)
    return name


# each case: (folder, how the output reaches the input) -> (arguments, the inputs)
Case = Callable[[Path, str], tuple[list[str], list[Path]]]


def solve_over_config(d: Path, how: str) -> tuple[list[str], list[Path]]:
    config = tiny(d, "x")
    return ["solve", config, "-o", link(how, config, d / "out.toml")], [config]


def analyze_plot_over_config(d: Path, how: str) -> tuple[list[str], list[Path]]:
    config = tiny(d, "c")
    return ["analyze", config, "--plot", link(how, config, d / "p.png")], [config]


def preview_trace_over_config(d: Path, how: str) -> tuple[list[str], list[Path]]:
    config = tiny(d, "c")
    return (["preview", config, "-o", d / "f.png", "--trace",
             link(how, config, d / "kept.jsonl")], [config])


def preview_png_over_trace(d: Path, how: str) -> tuple[list[str], list[Path]]:
    trace = trace_in(d, "t.png")
    return ["preview", trace, "-o", link(how, trace, d / "f.png"), "--cell", "8"], [trace]


def render_over_trace(d: Path, how: str) -> tuple[list[str], list[Path]]:
    trace = trace_in(d, "t.svg")          # a trace that happens to be named .svg
    return ["render", trace, "-o", link(how, trace, d / "o.svg")], [trace]


def render_over_render_config(d: Path, how: str) -> tuple[list[str], list[Path]]:
    trace = trace_in(d, "t.jsonl")
    config = tiny(d, "c")
    config = config.rename(d / "c.gif")
    return (["render", trace, "--config", config, "-o", d / "fine.png", "-o",
             link(how, config, d / "o.gif")], [trace, config])


def examples_over_bundled(d: Path, how: str) -> tuple[list[str], list[Path]]:
    bundled = example("dads-puzzle").path
    if how == "hardlink":
        pytest.skip("the bundled example may be on another file system")
    return (["examples", "dads-puzzle", "-o", link(how, bundled, d / "copy.toml"),
             "--force"], [bundled])


def new_over_template(d: Path, how: str) -> tuple[list[str], list[Path]]:
    (source,) = [Path(p) for p in templates.sources("n-queens")][:1]
    if how == "hardlink":
        pytest.skip("the template may be on another file system")
    return (["new", "n-queens", "-o", link(how, source, d / "q.toml"), "--force"],
            [source])


def import_over_source(d: Path, how: str) -> tuple[list[str], list[Path]]:
    out = d / "out"
    out.mkdir()
    source = d / "src.txt"
    source.write_text("1 2 3 0\n", encoding="utf-8")
    target = out / "x-1.toml"                 # the name the first entry is written as
    if how == "same":
        source = source.rename(target)
    else:
        link(how, source, target)
    return ["import", "tiles", source, "-o", out, "--name", "x", "--force"], [source]


def run_over_config(d: Path, how: str) -> tuple[list[str], list[Path]]:
    config = tiny(d, "x")
    out = d / "out"
    out.mkdir()
    if how == "same":
        config = config.rename(out / "x.jsonl")   # a config named like its trace
    else:
        link(how, config, out / "x.jsonl")
    return ["run", config, "--out-dir", out], [config]


def batch_over_config(d: Path, how: str) -> tuple[list[str], list[Path]]:
    args, inputs = run_over_config(d, how)
    other = tiny(d, "other")
    return [*args[:2], other, *args[2:]], [*inputs, other]


CASES: dict[str, Case] = {f.__name__: f for f in (
    solve_over_config, analyze_plot_over_config, preview_trace_over_config,
    preview_png_over_trace, render_over_trace, render_over_render_config,
    examples_over_bundled, new_over_template, import_over_source, run_over_config)}


@pytest.mark.parametrize("how", ["same", "symlink", "hardlink"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_no_output_option_writes_over_an_input(tmp_path, case, how):
    args, inputs = CASES[case](tmp_path, how)
    before = {path: digest(path) for path in inputs}
    res = cli(*args)
    one_line_error(res, 1, "nothing was written over it")
    assert {path: digest(path) for path in inputs} == before


@pytest.mark.parametrize("how", ["same", "symlink", "hardlink"])
def test_a_batch_config_that_is_another_configs_output_is_refused(tmp_path, how):
    args, inputs = batch_over_config(tmp_path, how)
    before = {path: digest(path) for path in inputs}
    res = cli(*args)
    assert res.exit_code == 1, res.output
    assert "nothing was written over it" in res.stdout
    assert {path: digest(path) for path in inputs} == before
    assert (tmp_path / "out" / "other.gif").exists()      # the good config still ran


def test_render_from_stdin_does_not_write_over_the_file_stdin_reads(tmp_path):
    trace = trace_in(tmp_path, "t.svg")
    before = digest(trace)
    with open(trace, "rb") as stdin:
        res = subprocess.run([*ME, "render", "-", "-o", str(trace)], stdin=stdin,
                             capture_output=True, text=True, timeout=300)
    assert res.returncode == 1, res.stderr
    assert "is the file standard input reads" in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1
    assert digest(trace) == before


@pytest.mark.parametrize("args", [
    ["-o", "a.gif", "-o", "a.gif"],
    ["-o", "a.gif", "-o", "./a.gif"],
])
def test_the_same_output_twice_is_a_clash(tmp_path, args, monkeypatch):
    monkeypatch.chdir(tmp_path)
    trace_in(tmp_path, "t.jsonl")
    one_line_error(cli("render", "t.jsonl", *args), 1, "given twice as an output")
    assert not (tmp_path / "a.gif").exists()


def test_preview_frame_and_kept_trace_cannot_be_one_file(tmp_path):
    config = tiny(tmp_path, "c")
    res = cli("preview", config, "-o", tmp_path / "f.png", "--trace", tmp_path / "f.png")
    one_line_error(res, 1, "given twice as an output")


# ---------------------------------------------------------------- names in one folder


def test_a_player_named_index_html_clashes_with_the_gallery_page(tmp_path):
    configs = tmp_path / "configs"
    configs.mkdir()
    tiny(configs, "index", '"html"')
    tiny(configs, "fine")
    out = tmp_path / "site"
    res = cli("run", configs, "--out-dir", out, "--gallery")
    assert res.exit_code == 1, res.output
    assert "its player index.html would replace the gallery page" in res.stdout
    assert not (out / "index.jsonl").exists()
    assert (out / "index.html").read_text(encoding="utf-8").startswith("<!doctype html>")
    # alone, the same: refused before any work
    res = cli("run", configs / "index.toml", "--out-dir", tmp_path / "one", "--gallery")
    one_line_error(res, 1, "index.html would replace the gallery page")
    assert not (tmp_path / "one").exists()


def test_a_poster_and_a_sheet_of_one_name_clash(tmp_path):
    configs = tmp_path / "configs"
    configs.mkdir()
    tiny(configs, "foo")
    tiny(configs, "foo.poster", '"png"')
    out = tmp_path / "site"
    res = cli("run", configs, "--out-dir", out, "--gallery")
    assert res.exit_code == 1, res.output
    assert "foo.poster.png would replace the contact sheet of" in res.stdout
    sheet = out / "foo.poster.png"
    made = digest(sheet)
    # a later run of foo without foo.poster, into the same folder, is refused too: the
    # manifest knows whose file foo.poster.png is
    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "foo.toml").write_bytes((configs / "foo.toml").read_bytes())
    res = cli("run", alone, "--out-dir", out, "--gallery")
    assert res.exit_code == 1, res.output
    assert "foo.poster.png would replace the contact sheet of" in res.stdout
    assert digest(sheet) == made


def test_gallery_refuses_a_folder_whose_names_clash(tmp_path):
    for name in ("foo", "foo.poster"):
        trace_in(tmp_path, f"{name}.jsonl")
    sheet = tmp_path / "foo.poster.png"
    sheet.write_bytes(b"not a poster")
    one_line_error(cli("gallery", tmp_path), 1, "foo.poster.png")
    assert sheet.read_bytes() == b"not a poster"
    assert not (tmp_path / "index.html").exists()

    other = tmp_path / "other"
    other.mkdir()
    trace_in(other, "index.jsonl")
    player = other / "index.html"
    player.write_text("the player", encoding="utf-8")
    one_line_error(cli("gallery", other), 1, "index.html would replace the gallery page")
    assert player.read_text(encoding="utf-8") == "the player"
