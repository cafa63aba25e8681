"""`puzzlereel preview`: one frame, and it is the very frame the render pipeline hands its
MP4 (and GIF) encoder at that moment — the opening, after a move, at a time, the ending."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pytest

from puzzlereel.actions import preview as pv
from puzzlereel.actions.draw import render_options, render_trace
from puzzlereel.actions.show import open_trace
from puzzlereel.actions.solve import solve_to
from puzzlereel.catalog.puzzles import load_puzzle
from puzzlereel.render.options import RenderOptions
from puzzlereel.solvers.base import SolveOptions
from tests.fixtures import cli, one_line_error, read_png, write


class Recorder:
    """Stands in for the encoders: keeps the frames at ``wanted`` indexes, and the last."""

    wanted: ClassVar[set[int]] = set()
    made: ClassVar[list[Recorder]] = []

    def __init__(self, path: Any, width: int, height: int, fps: int, *rest: Any,
                 **kwargs: Any) -> None:
        self.fps = fps
        self.count = 0
        self.kept: dict[int, np.ndarray] = {}
        self.last: np.ndarray | None = None
        self.made.append(self)

    def write(self, frame: np.ndarray, repeat: int) -> None:
        for i in range(self.count, self.count + repeat):
            if i in self.wanted:
                self.kept[i] = frame.copy()
        self.count += repeat
        self.last = frame

    def describe(self, cues: Any, metadata: Any) -> None:
        pass

    def write_regions(self, frame: np.ndarray, repeat: int, rects: Any) -> None:
        self.write(frame, repeat)

    def hold(self, repeat: int) -> None:
        assert self.last is not None
        self.write(self.last, repeat)

    def close(self) -> None:
        assert self.last is not None
        self.kept[self.count - 1] = self.last.copy()

    def abort(self) -> None:
        pass


@pytest.fixture(scope="module")
def trace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Dad's puzzle solved: 59 moves."""
    path = tmp_path_factory.mktemp("preview") / "dads.jsonl"
    end = solve_to(load_puzzle("dads-puzzle"), path, SolveOptions())
    assert end is not None and end.moves == 59
    return path


def encoder_frames(monkeypatch: pytest.MonkeyPatch, trace: Path, out: Path, fmt: str,
                   options: RenderOptions, wanted: set[int]) -> Recorder:
    """Render ``trace`` to ``fmt`` through the real pipeline, its encoder replaced by a
    ``Recorder``."""
    import puzzlereel.render.encoders.gif as gif
    import puzzlereel.render.encoders.video as video

    if fmt == "mp4":
        monkeypatch.setattr(video, "VideoSink", Recorder)
    else:
        monkeypatch.setattr(gif, "GifSink", Recorder)
    Recorder.wanted = wanted
    Recorder.made = []
    with open_trace(str(trace)) as (stream, name):
        render_trace(stream, name, [(fmt, out / f"x.{fmt}")], options)
    (recorder,) = Recorder.made
    return recorder


MOMENTS = [pv.Moment("title"), pv.Moment("move", 0), pv.Moment("move", 1),
           pv.Moment("move", 30), pv.Moment("move", 59), pv.Moment("time", 3.3),
           pv.Moment("time", 999), pv.Moment("end")]


@pytest.mark.parametrize("flags", [{"size": "320x240"},
                                   {"cell": 20, "theme": "dark", "easing": "linear"}])
def test_the_preview_is_the_frame_the_mp4_encoder_gets(monkeypatch, tmp_path, trace, flags):
    options, explicit = render_options(None, flags)
    drawn = {}
    for when in MOMENTS:
        png = tmp_path / f"{when.kind}-{when.value}.png"
        done = pv.preview(str(trace), png, when, flags)
        drawn[str(when)] = (done.frame.index, read_png(png))
    recorder = encoder_frames(monkeypatch, trace, tmp_path, "mp4", options,
                              {index for index, _ in drawn.values()})
    last = recorder.count - 1
    assert drawn["title"][0] == 0
    assert drawn["3.3 s"][0] == 99          # frame k is shown from k / 30 s: 3.3 s starts 99
    assert drawn["999 s"][0] == drawn["end"][0] == last
    assert drawn["move 0"][0] < drawn["move 1"][0] < drawn["move 30"][0] < drawn["move 59"][0]
    for name, (index, pixels) in drawn.items():
        assert np.array_equal(pixels, recorder.kept[index]), name
    assert not np.array_equal(drawn["move 1"][1], drawn["move 30"][1])


def test_at_the_gifs_frame_rate_the_preview_is_the_gifs_frame(monkeypatch, tmp_path, trace):
    options = RenderOptions()
    when = pv.Moment("time", 10.0)
    done = pv.preview(str(trace), tmp_path / "f.png", when, {}, gif=True)
    recorder = encoder_frames(monkeypatch, trace, tmp_path, "gif", options, {done.frame.index})
    assert recorder.fps == options.gif_fps == done.frame.fps
    assert abs(done.frame.seconds - 10.0) < 1 / options.gif_fps
    assert np.array_equal(read_png(tmp_path / "f.png"), recorder.kept[done.frame.index])


def test_a_config_brings_its_render_table_and_is_solved_first(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cfg = write(tmp_path, "c.toml", '[puzzle]\ntype = "sliding-block"\nlayout = """\nAA.\n'
                'b..\n"""\ngoal = { piece = "A", x = 1, y = 1 }\n[render]\ncell = 10\n'
                'theme = "wood"\n')
    result = cli("preview", cfg, "-o", "a.png", "--end", "--trace", "kept.jsonl")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("a.png: end, frame ")
    assert (tmp_path / "kept.jsonl").exists()
    from_trace = cli("preview", "kept.jsonl", "-o", "b.png", "--end", "--config", cfg)
    assert from_trace.exit_code == 0, from_trace.output
    assert np.array_equal(read_png(tmp_path / "a.png"), read_png(tmp_path / "b.png"))
    hinted = cli("preview", "kept.jsonl", "-o", "c.png", "--end")   # the trace's own hints
    assert hinted.exit_code == 0, hinted.output
    assert np.array_equal(read_png(tmp_path / "c.png"), read_png(tmp_path / "a.png"))
    bigger = cli("preview", "kept.jsonl", "-o", "d.png", "--end", "--cell", "30")
    assert bigger.exit_code == 0, bigger.output
    assert read_png(tmp_path / "d.png").shape[0] > read_png(tmp_path / "a.png").shape[0]
    named = cli("preview", "hakoiri-musume", "-o", "h.png", "--move", "3")
    assert named.exit_code == 0, named.output
    assert named.stdout.startswith("h.png: move 3, frame ")


def test_a_trace_from_stdin(tmp_path, trace):
    result = cli("preview", "-", "-o", tmp_path / "s.png", "--time", "1",
                 input=trace.read_text())
    assert result.exit_code == 0, result.output
    from puzzlereel.render.direction.layout import VIDEO_SIZE

    assert read_png(tmp_path / "s.png").shape == (VIDEO_SIZE[1], VIDEO_SIZE[0], 3)
    from puzzlereel.render.direction.layout import GIF_WIDTH

    gif = cli("preview", "-", "-o", tmp_path / "g.png", "--time", "1", "--gif",
              input=trace.read_text())
    assert gif.exit_code == 0, gif.output
    assert read_png(tmp_path / "g.png").shape[1] == GIF_WIDTH


@pytest.mark.parametrize("args, code, fragments", [
    (["--move", "3", "--end"], 2, ["--move and --end: give one of"]),
    (["--move", "60"], 2, ["--move 60: the trace's counter stops at 59"]),
    (["--move", "-1"], 2, ["--move: must be >= 0"]),
    (["--time", "-2"], 2, ["--time: must be >= 0 seconds"]),
    (["--title", "--no-title"], 2, ["--title: this video opens without its title"]),
    (["--trace", "t.jsonl"], 2, ["--trace: only with a config"]),
    (["--theme", "neon"], 2, ["--theme", "'neon'"]),
])
def test_bad_requests_are_one_line(tmp_path, trace, args, code, fragments):
    png = tmp_path / "f.png"
    one_line_error(cli("preview", trace, "-o", png, *args), code, *fragments)
    assert not png.exists()


def test_bad_outputs_and_inputs(tmp_path, trace):
    one_line_error(cli("preview", trace, "-o", tmp_path / "f.jpg"), 2,
                   "-o: preview writes a PNG")
    one_line_error(cli("preview", tmp_path / "none.jsonl", "-o", tmp_path / "f.png"), 1,
                   "none.jsonl: no such file")
    one_line_error(cli("preview", "hakoiri-musum", "-o", tmp_path / "f.png"), 1,
                   "no such file; did you mean: hakoiri-musume")
    one_line_error(cli("preview", "dads-puzzle", "-o", tmp_path / "f.png", "--config",
                       "dads-puzzle"), 2, "--config: give it with a trace")


def test_previewing_a_trace_loads_no_compiled_search(tmp_path, trace):
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "puzzlereel", "preview",
                           str(trace), "-o", str(tmp_path / "f.png"), "--move", "10"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    names = {line.rsplit("|", 1)[1].strip().split(".")[0]
             for line in proc.stderr.splitlines() if line.startswith("import time:")}
    assert "cv2" in names and names & {"numba", "llvmlite", "av"} == set()


def test_every_number_of_the_count_is_a_frame_or_names_those_that_are(tmp_path):
    """``--move N`` for every N from 1 to the count (7 queens' 40 solutions, the montage
    counting several at once past its first boards): the frame after solution N when the
    video shows it on its own; else an error that names the solutions it does show,
    exactly those that are frames."""
    import re

    from tests.render.generate_and_test import queens_trace

    trace = write(tmp_path, "q7.jsonl", queens_trace(7))
    png = tmp_path / "f.png"
    shown: set[int] = set()
    named: set[int] = set()
    for move in range(1, 41):
        result = cli("preview", trace, "-o", png, "--size", "320x180", "--move", move)
        if result.exit_code == 0:
            shown.add(move)
            assert f"move {move}, frame" in result.stdout
            continue
        one_line_error(result, 2, f"--move {move}: the video shows solution {move} only "
                       "in a run of several at once; it shows solutions ")
        listed = result.stderr.split("it shows solutions ")[1].split(" on their own")[0]
        numbers = set()
        for run in listed.split(", "):
            low, _, high = run.partition("–")
            numbers |= set(range(int(low), int(high or low) + 1))
        assert named in (set(), numbers)
        named = numbers
        assert move not in numbers and re.fullmatch(r"[0-9–, ]+", listed)
    assert 10 < len(shown) < 40 and named == shown and {1, 40} <= shown
    one_line_error(cli("preview", trace, "-o", png, "--size", "320x180", "--move", 41), 2,
                   "--move 41: the trace's counter stops at 40")
