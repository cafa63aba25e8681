"""Every place that knows the output formats reads their one declaration
(``puzzlereel.ground.formats.FORMAT_ROWS``): each row has a writer (``render.sinks.SINKS``)
and each writer a row; each format is rendered by ``run``, recorded and owned by the
manifest with its words, shown on a gallery card as declared, drawn at its frame rate,
in its layout, looping as declared, and listed by the help and the docs; and no other
module keeps a list of format names or compares with one."""

from __future__ import annotations

import ast
import json
import re
import shutil
from pathlib import Path

import pytest

from puzzlereel.actions.draw import parse_formats
from puzzlereel.gallery import view
from puzzlereel.gallery.build import CARD_KINDS, build, card_for
from puzzlereel.ground.fileio import Clash
from puzzlereel.ground.formats import (
    BY_SUFFIX,
    CHARTS,
    DEFAULT,
    FORMAT_ROWS,
    LISTED,
    STREAM,
    SUFFIXES,
    TRACE_PLACE,
)
from puzzlereel.ground.manifest import FILE_KINDS, FILE_NAME, POSTER, TRACE
from puzzlereel.ground.owners import KIND_WORDS, Claims
from puzzlereel.render import declared
from puzzlereel.render.charts import video_format
from puzzlereel.render.options import RenderOptions, stream_format
from puzzlereel.render.outputs import Movie, Vector
from puzzlereel.render.sinks import SINKS, director_for, frame_rate, layout_for, output_for
from puzzlereel.trace import read_ends
from tests.fixtures import DATA, ROOT, cli, tiny_block

TRACE_FILE = DATA / "hakoiri-5.jsonl"
# where a list of format names or a comparison with one may be: the declaration and the
# writers registered against it
DECLARED = {"puzzlereel/ground/formats.py", "render/sinks.py"}
# the names in code that are not the output formats: (file, name) -> why
NOT_FORMATS = {
    ("puzzlereel/actions/preview.py", ".png"): "preview writes one frame as a PNG picture",
    ("puzzlereel/actions/preview.py", "gif"): "--gif asks for the GIF's film",
    ("puzzlereel/actions/preview.py", "mp4"): "... else the MP4's",
    ("render/encoders/video.py", "mp4"): "FFmpeg's muxer for libx264",
    ("render/encoders/video.py", "webm"): "FFmpeg's muxer for libvpx-vp9",
    ("render/encoders/soundtrack.py", "mp4"): "FFmpeg's muxer: its audio codec",
    ("render/encoders/soundtrack.py", "webm"): "FFmpeg's muxer: its audio codec",
}


def test_every_format_has_one_writer_and_every_writer_a_format():
    assert list(SINKS) == list(SUFFIXES)
    assert len(set(SUFFIXES)) == len(FORMAT_ROWS)
    assert all(f.suffix == f.suffix.lower() and f.suffix.isalnum() for f in FORMAT_ROWS)


def test_the_formats_a_video_encoder_is_needed_for_have_one():
    assert STREAM.chart, "a device or pipe given to analyze --video gets the stream format"
    for f in FORMAT_ROWS:
        assert (SINKS[f.suffix].frames is not None) >= f.chart, f.suffix


def test_the_lists_made_from_the_table():
    assert declared.FORMATS == SUFFIXES
    assert declared.BY_NAME["formats"].choices == SUFFIXES
    assert RenderOptions().formats == DEFAULT == declared.BY_NAME["formats"].default
    assert parse_formats(",".join(SUFFIXES)) == SUFFIXES
    RenderOptions(formats=SUFFIXES)
    assert FILE_KINDS == (TRACE, *(f.suffix for f in LISTED), POSTER)
    assert CARD_KINDS == (TRACE, *(f.suffix for f in LISTED if f.card), POSTER)
    assert {KIND_WORDS[f.suffix] for f in FORMAT_ROWS} == {f.words for f in FORMAT_ROWS}
    assert all(KIND_WORDS[f.suffix] == f.words for f in FORMAT_ROWS)


def test_a_device_gets_the_stream_format_and_analyze_makes_its_own():
    assert stream_format("/dev/null") == STREAM.suffix
    for f in FORMAT_ROWS:
        assert stream_format(f"/dev/null.{f.suffix}") is None
        if f.chart:
            assert video_format(f"space.{f.suffix.upper()}") == f.suffix
        else:
            with pytest.raises(Exception, match="--video"):
                video_format(f"space.{f.suffix}")
    assert video_format("/dev/null") == STREAM.suffix


@pytest.mark.parametrize("fmt", SUFFIXES)
def test_each_film_takes_its_rate_layout_and_loop(fmt: str):
    row = BY_SUFFIX[fmt]
    header, _ = read_ends(TRACE_FILE)
    options = RenderOptions(fps=30, gif_fps=12)
    assert row.rate_cap in ("", *declared.BY_NAME)
    assert frame_rate(fmt, options) == (getattr(options, row.rate_cap) if row.rate_cap
                                        else options.fps)
    assert layout_for(fmt, options) == ("compact" if row.compact else "video")
    assert layout_for(fmt, RenderOptions(size=(640, 360))) == "video"
    assert layout_for(fmt, RenderOptions(target="docs")) == "compact"
    director = director_for(fmt, header, options)
    assert (director.loop, director.fps) == (row.loops, frame_rate(fmt, options))
    output = output_for(fmt, Path("/dev/null"), header, options)
    if isinstance(output, (Movie, Vector)):      # a film of the format's own
        assert (output.director.loop, output.director.fps) == (row.loops, director.fps)
    else:                                        # a sheet or captions: no film plays
        assert not row.loops


def test_run_renders_records_and_shows_every_format(tmp_path: Path):
    config = tiny_block(tmp_path, "tiny", "tiny", "fps = 10\ncell = 8")
    out = tmp_path / "out"
    result = cli("run", config, "--out-dir", out, "--formats", ",".join(SUFFIXES))
    assert result.exit_code == 0, result.output
    entry = json.loads((out / FILE_NAME).read_text(encoding="utf-8"))["entries"]["tiny"]
    assert set(entry["outputs"]) == {TRACE, *SUFFIXES}
    for f in FORMAT_ROWS:
        assert entry["outputs"][f.suffix]["file"] == f"tiny.{f.suffix}"
        assert (out / f"tiny.{f.suffix}").stat().st_size > 0
    gallery = build(out)
    (card,) = gallery.cards
    assert set(card.files) == {TRACE, POSTER, *(f.suffix for f in FORMAT_ROWS if f.card)}
    shown = view.card_view(card)
    played = min((f for f in FORMAT_ROWS if f.card and f.video),
                 key=lambda f: f.card.place if f.card else 0)
    assert shown["media"]["kind"] == "video"
    assert (shown["media"]["src"], shown["media"]["mime"]) == (f"tiny.{played.suffix}",
                                                                played.mime)
    linked = sorted([(f.card.place, f.card.link) for f in FORMAT_ROWS
                     if f.card and f is not played] + [(TRACE_PLACE, "Trace")])
    assert [link["label"] for link in shown["links"]] == [label for _, label in linked]


def test_a_card_without_a_video_or_poster_shows_its_first_picture(tmp_path: Path):
    trace = tmp_path / "h.jsonl"
    shutil.copy(TRACE_FILE, trace)
    pictures = sorted((f for f in FORMAT_ROWS if f.card and f.card.picture),
                      key=lambda f: f.card.place if f.card else 0)
    assert pictures, "a card shows a picture of some format"
    for f in FORMAT_ROWS:
        if not f.video:
            (tmp_path / f"h.{f.suffix}").write_bytes(b"x")
    shown = view.card_view(card_for(tmp_path, trace, None))
    assert shown["media"] == {"kind": "picture", "src": f"h.{pictures[0].suffix}",
                              "width": 640, "height": 480}


@pytest.mark.parametrize("fmt", SUFFIXES)
def test_a_clash_names_the_file_in_its_formats_words(fmt: str):
    with pytest.raises(Clash, match=f"its {BY_SUFFIX[fmt].words} x.{fmt} would replace "
                                    "the gallery page"):
        Claims(page=f"x.{fmt}").take("x", "x.toml", FILE_KINDS)


def test_the_help_and_the_docs_list_every_format():
    listing = " ".join(cli("render", "--help").output.split())
    assert ", ".join(f.listed for f in LISTED[:-1]) in listing
    assert f"gets the {STREAM.name}" in listing
    analyze = " ".join(cli("analyze", "--help").output.split())
    assert "(" + ", ".join(f".{f.suffix}" for f in CHARTS[:-1]) in analyze
    run = " ".join(cli("run", "--help").output.split())
    assert ", ".join(SUFFIXES) in run
    text = (ROOT / "docs" / "rendering.md").read_text(encoding="utf-8")
    table = text.split("## Output formats", 1)[1].split("\n\n", 2)[1]
    rows = re.findall(r"^\| `\.(\w+)` \|", table, re.M)
    assert rows == [f.suffix for f in LISTED]


def _format_names(path: Path) -> list[tuple[int, str]]:
    """The format names (with or without a dot) ``path``'s code lists (two or more in
    one literal tuple, list, set or dict's keys) or branches on (compared with, or
    chosen between); a ``Literal[...]`` type is the type checkers' copy, checked by
    tests/app/test_declared.py."""
    names = set(SUFFIXES)

    def name(node: ast.AST) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and node.value.lower().lstrip(".") in names:
            return node.value
        return None

    tree = ast.parse(path.read_text(encoding="utf-8"))
    typed = {id(inner) for node in ast.walk(tree) if isinstance(node, ast.Subscript)
             and isinstance(node.value, ast.Name) and node.value.id == "Literal"
             for inner in ast.walk(node.slice)}
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if id(node) in typed:
            continue
        if isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict)):
            items = node.keys if isinstance(node, ast.Dict) else node.elts
            listed = [n for n in map(name, (i for i in items if i is not None)) if n]
            if len(listed) >= 2:
                found += [(node.lineno, n) for n in listed]
        elif isinstance(node, ast.Compare):
            found += [(node.lineno, n) for n in map(name, [node.left, *node.comparators])
                      if n]
        elif isinstance(node, ast.IfExp):
            found += [(node.lineno, n) for n in map(name, [node.body, node.orelse]) if n]
    return found


def test_no_other_module_keeps_its_own_list_of_formats():
    found = []
    for folder in ("puzzlereel", "render", "solvers"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            if where in DECLARED:
                continue
            found += [f"{where}:{line}: {name}" for line, name in _format_names(path)
                      if (where, name) not in NOT_FORMATS]
    assert found == []


def test_the_scan_finds_a_list_and_a_branch(tmp_path: Path):
    code = tmp_path / "x.py"
    code.write_text('A = ("gif", "svg")\nB = fmt == "mp4"\nC = 1 if x else 2\n'
                    'D: Literal["mp4", "gif"]\nE = "webm" if c else "mp4"\n')
    assert _format_names(code) == [(1, "gif"), (1, "svg"), (2, "mp4"), (5, "webm"),
                                   (5, "mp4")]
