"""Rendering whole traces: MP4/WebM metadata and frame counts from the timing rules, GIF
frames, durations and loop flag, PNG contact sheets, `state` traces from other programs,
and every error case of `render` (one line, exit code, no file left behind)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import av
import numpy as np
import pytest
from PIL import Image

import puzzlereel
from puzzlereel.registry import FAMILIES
from puzzlereel.render.api import render_trace
from puzzlereel.render.direction.director import Director
from puzzlereel.render.direction.resolve import resolve_options
from puzzlereel.render.encoders.gif import GifSink
from puzzlereel.render.encoders.video import VideoSink
from puzzlereel.render.film.timeline import (
    CROSSFADE,
    MOVE,
    PAUSE,
    RETURN,
    RETURN_SECONDS,
    frame_counts,
)
from puzzlereel.render.options import RenderOptions
from puzzlereel.render.outputs import Movie, palette, render_stream
from tests.fixtures import CONFIGS, DATA, cli, jsonl, one_line_error
from tests.render.examples import example_options, example_trace

TRACE = DATA / "hakoiri-5.jsonl"
HELD = DATA / "hakoiri-5-held.jsonl"     # the same, with its holds given (render hints):
#                                          the frame counts follow the timing rules alone
STATES = DATA / "hakoiri-5-states.jsonl"
PATHS = [2, 2, 2, 1, 1]          # unit slides of the five moves in TRACE
SMALL = ["--cell", "8", "--fps", "10"]


PACE = FAMILIES["sliding-block"].pacing     # the family's pacing: TRACE is a sliding block


def expected_frames(fps: int, *, title: bool = True, speed: float = PACE["speed"],
                    pause: float = PACE["pause"], hold_start: float = 1.5,
                    hold_end: float = 1.5, title_seconds: float = 1.0,
                    end_seconds: float = 2.0, loop: bool = False) -> int:
    """Frame count from the documented timing rules (docs/rendering.md, Timing): the
    phases' seconds summed, each phase ending at the rounded sum.  The defaults are the
    sliding-block family's pacing and HELD's holds; HELD ends ``limit`` (no payoff,
    no last moves before a goal to slow down for; the daughter's move takes its time
    from the others, the five together lasting as long).  The title's time is part of
    the start hold (at least a crossfade of it follows); ``loop``: a GIF's return to its
    start."""
    phases = [(title_seconds, 0), (max(hold_start - title_seconds, CROSSFADE), 0)] if title \
        else [(hold_start, 0)]
    for i, k in enumerate(PATHS):
        phases += [(pause, 0)] if i and pause else []
        phases.append((k * speed, 1))
    phases.append((hold_end, 0))
    if end_seconds:
        phases.append((end_seconds, 0))
    if loop:
        phases.append((RETURN_SECONDS, 0))
    n = sum(frame_counts(phases, fps))
    seconds = sum(s for s, _ in phases)
    assert abs(n - seconds * fps) <= 0.5      # no rounding error adds up
    return n


def render(*args: str, input: str | None = None):
    return cli("render", *args, input=input)


# ---------------------------------------------------------------- videos


def test_mp4_metadata_and_frame_count(tmp_path: Path) -> None:
    out = tmp_path / "h.mp4"
    res = render(str(HELD), "-o", str(out), *SMALL)
    assert res.exit_code == 0, res.output
    with av.open(str(out)) as c:
        s = c.streams.video[0]
        cc = s.codec_context
        assert cc.name == "h264" and cc.pix_fmt == "yuv420p"
        assert s.width % 2 == 0 and s.height % 2 == 0
        assert int(s.average_rate) == 10
        count = sum(1 for _ in c.decode(video=0))
        assert "smpte170m" in str(cc.colorspace).lower() or int(cc.colorspace) == 6
        assert int(cc.color_primaries) == 6 and int(cc.color_trc) == 6
        assert int(cc.color_range) == 1           # tv / limited, as OpenCV's I420 makes
    assert count == expected_frames(10)
    data = out.read_bytes()
    assert data.index(b"moov") < data.index(b"mdat")   # +faststart: playable while loading
    assert oct(out.stat().st_mode & 0o777) != "0o600"


def test_mp4_options_change_timing_and_size(tmp_path: Path) -> None:
    out = tmp_path / "h.mp4"
    res = render(str(HELD), "-o", str(out), "--size", "101x77", "--fps", "12",
                 "--no-title", "--speed", "0.1", "--pause", "0")
    assert res.exit_code == 0, res.output
    with av.open(str(out)) as c:
        s = c.streams.video[0]
        assert (s.width, s.height) == (102, 78)        # made even
        count = sum(1 for _ in c.decode(video=0))
    # --speed sets the moves' pace; the holds are HELD's own
    assert count == expected_frames(12, title=False, speed=0.1, pause=0)


def test_webm(tmp_path: Path) -> None:
    out = tmp_path / "h.webm"
    res = render(str(HELD), "-o", str(out), *SMALL, "--no-title")
    assert res.exit_code == 0, res.output
    with av.open(str(out)) as c:
        assert c.streams.video[0].codec_context.name == "vp9"
        assert sum(1 for _ in c.decode(video=0)) == expected_frames(10, title=False)


def video_seconds(path: Path) -> float:
    """A video file's duration as a player reads it (the stream's, else the container's)."""
    with av.open(str(path)) as c:
        s = c.streams.video[0]
        if s.duration is not None and s.time_base is not None:
            return float(s.duration * s.time_base)
        assert c.duration is not None
        return c.duration / av.time_base


def gif_seconds(path: Path) -> float:
    """A GIF's duration: the sum of its frames' delays."""
    return sum(gif_frames(path)[1]) / 1000


@pytest.mark.parametrize("name", ["hakoiri-musume", "n-queens-8"])
def test_files_of_every_format_last_as_long(tmp_path: Path, name: str) -> None:
    """The MP4, WebM and GIF of an example config, written and read back, last the same
    time within one GIF frame (N-Queens' GIF was 14 % longer when each phase was rounded
    to whole frames at each format's rate), the GIF's return to its start aside."""
    config = CONFIGS / f"{name}.toml"
    options, explicit = example_options(config, cell=4)
    outs = {fmt: tmp_path / f"{name}.{fmt}" for fmt in ("mp4", "webm", "gif")}
    render_trace(io.StringIO(example_trace(config)), name, list(outs.items()), options,
                 explicit=explicit)
    mp4, webm, gif = video_seconds(outs["mp4"]), video_seconds(outs["webm"]), \
        gif_seconds(outs["gif"])
    assert mp4 > 5 and webm == pytest.approx(mp4, abs=1e-3)
    assert abs(gif - RETURN_SECONDS - mp4) <= 1 / min(options.fps, options.gif_fps)


def test_webm_is_tagged_bt601_like_mp4(tmp_path: Path) -> None:
    """Both video formats say how their YUV was made (BT.601, limited range), read back
    from the files."""
    outs = [tmp_path / "h.mp4", tmp_path / "h.webm"]
    res = render(str(TRACE), "-o", str(outs[0]), "-o", str(outs[1]), *SMALL, "--no-title")
    assert res.exit_code == 0, res.output
    for out in outs:
        with av.open(str(out)) as c:
            cc = c.streams.video[0].codec_context
            tags = (int(cc.colorspace), int(cc.color_primaries), int(cc.color_trc),
                    int(cc.color_range))
            first = next(c.decode(video=0))
            assert (int(first.colorspace), int(first.color_range)) == (6, 1), out.suffix
        assert tags == (6, 6, 6, 1), out.suffix   # smpte170m x3, tv range


def test_same_trace_same_frames(tmp_path: Path) -> None:
    a, b = tmp_path / "a.gif", tmp_path / "b.gif"
    assert render(str(TRACE), "-o", str(a), *SMALL).exit_code == 0
    assert render(str(TRACE), "-o", str(b), *SMALL).exit_code == 0
    assert a.read_bytes() == b.read_bytes()


# ---------------------------------------------------------------- GIF


def gif_frames(path: Path) -> tuple[list[np.ndarray], list[int], dict]:
    frames, durations = [], []
    with Image.open(path) as im:
        for i in range(im.n_frames):
            im.seek(i)
            frames.append(np.asarray(im.convert("RGB")))
            durations.append(im.info["duration"])
        return frames, durations, dict(im.info)


def test_gif_loops_and_keeps_exact_time(tmp_path: Path) -> None:
    out = tmp_path / "h.gif"
    res = render(str(HELD), "-o", str(out), "--cell", "8", "--fps", "30",
                 "--gif-fps", "15")
    assert res.exit_code == 0, res.output
    frames, durations, info = gif_frames(out)
    assert info.get("loop") == 0                      # loop forever
    total = expected_frames(15, loop=True)            # GIF plays at 15 fps
    assert sum(durations) == round(total * 100 / 15) * 10     # exact to the centisecond
    assert len(frames) < total                        # holds merged into long frames
    assert min(durations) >= 20                       # browsers slow < 2 cs frames down
    # consecutive GIF frames differ (identical ones were merged)
    assert all(not np.array_equal(a, b) for a, b in zip(frames, frames[1:], strict=False))


def gif_and_drawing(tmp_path: Path, opts: RenderOptions, fps: int
                    ) -> tuple[Path, list[tuple[np.ndarray, str]], Movie]:
    """TRACE rendered to a GIF, and every distinct frame drawn for it with the kind of
    the phase it belongs to (and the capturing movie)."""
    drawn: list[tuple[np.ndarray, str]] = []
    capture: list[Movie] = []

    class Capture:
        frames = 0

        def describe(self, cues: object, metadata: object) -> None:
            pass

        def write(self, frame: np.ndarray, repeat: int) -> None:
            if not drawn or not np.array_equal(drawn[-1][0], frame):
                drawn.append((frame.copy(), phase_at(capture[0], self.frames)))
            self.frames += repeat

        def write_regions(self, frame: np.ndarray, repeat: int, rects: object) -> None:
            self.write(frame, repeat)

        def hold(self, repeat: int) -> None:
            self.frames += repeat

        def close(self) -> None:
            pass

        def abort(self) -> None:
            pass

    out = tmp_path / "h.gif"

    def factory(film, director):
        return GifSink(out, film.width, film.height, fps,
                       palette(film, director.theme.colours()))

    def both(h):
        capture.append(Movie(Director(h, opts, fps, layout="compact", loop=True),
                             lambda *a: Capture()))
        return [Movie(Director(h, opts, fps, layout="compact", loop=True), factory), capture[0]]

    with open(TRACE, "rb") as f:
        render_stream(f, "t", both)
    return out, drawn, capture[0]


def test_gif_frames_match_the_drawing(tmp_path: Path) -> None:
    """Every composited GIF frame (crops, transparency, merged holds) shows what was
    drawn, within the palette's precision on anti-aliased edges; flat colours exact.
    The crossfades (the title's words giving way to the counter, the return to the
    start) blend two pictures into colours the palette only approximates: each of their
    frames is still nearer the blend drawn than either picture it blends."""
    out, drawn, movie = gif_and_drawing(tmp_path, RenderOptions(cell=8, fps=10, gif_fps=10), 10)
    frames, _, _ = gif_frames(out)
    assert len(frames) == len(drawn)
    d = movie.director
    flat = np.array([palette(d.film, d.theme.colours())], np.uint8)
    kinds = [kind for _, kind in drawn]
    assert kinds.count(RETURN) >= 2
    first = drawn[0][0]
    for k, (got, (want, kind)) in enumerate(zip(frames, drawn, strict=True)):
        diff = np.abs(got.astype(int) - want.astype(int))
        if kind != RETURN:
            assert diff.mean() < 1.0, (k, kind, diff.mean())
            # every pixel drawn in one of the palette's flat colours is exact
            is_flat = (want[:, :, None, :] == flat[None]).all(axis=3).any(axis=2)
            assert is_flat.mean() > 0.6, (k, kind)
            assert (diff.max(axis=2)[is_flat] == 0).all(), (k, kind)
            continue
        err = diff.mean()
        assert err < 4.0, (k, kind, err)
        for other in (first, drawn[kinds.index(RETURN) - 1][0]):
            # a blend far enough from a picture it blends is nearer to itself than to it
            if np.abs(want.astype(int) - other.astype(int)).mean() > 1.0:
                assert err < np.abs(got.astype(int) - other.astype(int)).mean(), (k, kind)
    # the loop ends on its first picture (drawn as one group: within a level of rounding)
    assert np.abs(drawn[-1][0].astype(int) - first.astype(int)).max() <= 1


def phase_at(movie: Movie, index: int) -> str:
    """The kind of the phase frame ``index`` of ``movie`` belongs to."""
    plan = movie.director.plan
    assert plan is not None
    n = 0
    for phase, count in zip(plan.phases, plan.counts, strict=True):
        n += count
        if index < n:
            return phase.kind
    return ""


def test_gif_centiseconds_are_distributed() -> None:
    buf = io.BytesIO()
    sink = GifSink(Path("/dev/null"), 4, 4, 30, [(0, 0, 0), (255, 255, 255)])
    sink.file.close()
    sink.file = buf                                   # type: ignore[assignment]
    for i in range(3):
        img = np.zeros((4, 4, 3), np.uint8)
        img[0, i] = 255
        sink.write(img, 1)
    sink._flush()
    sink._write_file()
    assert sink.delays == [3, 4, 3]                   # 1/30 s each; 10 cs in total
    assert buf.getvalue().endswith(b"\x3b")          # the trailer: a whole file


def test_gif_lookup_table_gives_the_nearest_colour_and_the_first_of_equals() -> None:
    """Every cell of the 32x32x32 table names the palette colour nearest its centre
    (ties to the first such colour), and the key colours name themselves."""
    from puzzlereel.render.encoders.gif import palette_lut

    rng = np.random.default_rng(7)
    palette = rng.integers(0, 256, (256, 3)).astype(np.uint8)
    palette[128:] = palette[:128]                   # every colour twice: ties everywhere
    keys = [(0, 0, 0), (255, 255, 255)]
    palette[0], palette[1] = keys
    lut = palette_lut(palette, keys)
    centres = np.stack(np.meshgrid(*[np.arange(32) * 8 + 4] * 3, indexing="ij"),
                       axis=-1).reshape(-1, 3)
    for cell in rng.choice(len(centres), 2000, replace=False):
        distances = ((palette.astype(int) - centres[cell]) ** 2).sum(axis=1)
        assert lut[cell] == np.argmin(distances), cell
    assert lut[0] == 0 and lut[-1] == 1


# ---------------------------------------------------------------- PNG sheet


def test_png_contact_sheet(tmp_path: Path) -> None:
    out = tmp_path / "h.png"
    res = render(str(TRACE), "-o", str(out), "--theme", "dark")
    assert res.exit_code == 0, res.output
    im = Image.open(out)
    im.load()
    assert im.mode == "RGB" and im.width > 100 and im.height > 100


def test_a_small_board_s_sheet_is_legible(tmp_path: Path) -> None:
    """A 2x2 board of one move (136 px wide at 20 px a cell): its cells grow until the
    sheet is ``SHEET_WIDTH`` wide, and its heading breaks into lines at ``HEAD_LEAST``
    pixels or more rather than shrink to a few pixels on one line."""
    from puzzlereel.render.film import typeset
    from puzzlereel.render.sheet import HEAD_LEAST, SHEET_WIDTH, heading_lines

    trace = puzzlereel.solve({"puzzle": {"type": "sliding-tile", "tiles": [1, 2, 0, 3],
                                         "rows": 2}}).save(tmp_path / "t.jsonl")
    out = tmp_path / "t.png"
    assert render(str(trace), "-o", str(out)).exit_code == 0
    sheet = np.asarray(Image.open(out).convert("RGB"))
    assert SHEET_WIDTH <= sheet.shape[1] < SHEET_WIDTH + 8
    h = sheet.shape[0]
    middle = sheet[int(h * 0.4):int(h * 0.7), : sheet.shape[1] // 2]
    board = (middle != sheet[-1, -1]).any(axis=2).any(axis=0)
    assert board.sum() > SHEET_WIDTH / 3          # the first panel fills half the width
    heading = ("Sliding-tile puzzle  ·  Sliding-tile puzzle  ·  1 move, the fewest "
               "possible. Each tile slid into the gap is one move.")
    px, lines, height = heading_lines(heading, SHEET_WIDTH - 12, 18)
    assert px >= HEAD_LEAST and 1 < len(lines) <= 3 and height > 2 * 18
    assert " ".join(lines).split() == heading.split()
    assert all(typeset.fits(line, px, SHEET_WIDTH - 12) for line in lines)
    assert heading_lines("Short", 300, 18) == (18, ["Short"], 36)


def test_several_outputs_in_one_pass(tmp_path: Path) -> None:
    outs = [tmp_path / f"h.{ext}" for ext in ("mp4", "gif", "png")]
    args = [a for o in outs for a in ("-o", str(o))]
    res = render(str(TRACE), *args, *SMALL)
    assert res.exit_code == 0, res.output
    assert all(o.stat().st_size > 0 for o in outs)


# ---------------------------------------------------------------- other programs


def test_state_trace_renders_like_the_move_trace(tmp_path: Path) -> None:
    a, b = tmp_path / "moves.gif", tmp_path / "states.gif"
    assert render(str(TRACE), "-o", str(a), *SMALL, "--no-title").exit_code == 0
    res = render("-", "-o", str(b), *SMALL, "--no-title",
                 input=STATES.read_text())
    assert res.exit_code == 0, res.output
    assert a.read_bytes() == b.read_bytes()


# ---------------------------------------------------------------- errors


HEADER = json.loads(TRACE.read_text().splitlines()[0])
END = {"type": "end", "status": "limit", "stats": {}}


@pytest.mark.parametrize("text, fragments", [
    (jsonl(HEADER, {"type": "move", "n": 1, "piece": "I", "path": [[1, 4]]}),
     ["line 3", "truncated"]),
    (jsonl(HEADER) + '{"type": "move", "n": 1,\n' + jsonl(END), ["line 2", "invalid JSON"]),
    (jsonl({**HEADER, "version": 2}, END), ["line 1", "version"]),
    (jsonl(HEADER, {"type": "move", "n": 1, "piece": "J", "path": [[4, 4]]}, END),
     ["line 2", "path[0]", "leave the board"]),
    (jsonl(HEADER, {"type": "move", "n": 1, "piece": "G", "path": [[2, 3]]}, END),
     ["line 2", "overlap piece 'H'"]),
    (jsonl(HEADER, {"type": "state", "n": 1,
                    "rows": ["BAAC", "BAAC", "DEEF", "D..F", "IGHJ"]}, END),
     ["line 2", "rows", "not one legal move away"]),
    (jsonl({"type": "header", "format": "puzzlereel-trace", "version": 1,
            "puzzle": "n-queens"}, END), ["line 1", "n: missing"]),
])
def test_bad_traces_fail_cleanly(tmp_path: Path, text: str, fragments: list[str]) -> None:
    out = tmp_path / "x.mp4"
    trace = tmp_path / "bad.jsonl"
    trace.write_text(text)
    res = render(str(trace), "-o", str(out), "-o", str(tmp_path / "x.gif"), *SMALL)
    one_line_error(res, 1, "bad.jsonl", *fragments)
    assert list(tmp_path.iterdir()) == [trace]          # nothing left behind


def test_partial_trace_renders_when_asked(tmp_path: Path) -> None:
    text = "".join(TRACE.read_text().splitlines(keepends=True)[:-1])
    out = tmp_path / "p.png"
    res = render("-", "-o", str(out), "--partial", input=text)
    assert res.exit_code == 0, res.output
    assert out.exists()


@pytest.mark.parametrize("args, fragment", [
    (["-o", "x.avi"], "unsupported output suffix .avi"),
    (["-o", "x.mp4", "--fps", "0"], "--fps"),
    (["-o", "x.mp4", "--size", "big"], "--size"),
    (["-o", "x.mp4", "--theme", "neon"], "--theme"),
])
def test_usage_errors(tmp_path: Path, args: list[str], fragment: str) -> None:
    args = [str(tmp_path / a) if a.startswith("x.") else a for a in args]
    res = render(str(TRACE), *args)
    one_line_error(res, 2, fragment)
    assert list(tmp_path.iterdir()) == []


def test_missing_trace(tmp_path: Path) -> None:
    res = render(str(tmp_path / "nope.jsonl"), "-o", str(tmp_path / "x.gif"))
    one_line_error(res, 1, "nope.jsonl", "no such file")


def test_gif_palette_is_ordered_by_use_so_codes_are_short(tmp_path: Path) -> None:
    """Most images of the board in motion need fewer than 8 bits per LZW code (the
    crossfade back to the start, text and blends, may use the whole table)."""
    out, drawn, _ = gif_and_drawing(tmp_path, RenderOptions(cell=12), 15)
    data = out.read_bytes()
    bits = []
    pos = 13 + 768 + 19                       # header, global palette, NETSCAPE block
    while data[pos] != 0x3B:
        if data[pos] == 0x21:                 # an extension: skip its sub-blocks
            pos += 2
            while data[pos]:
                pos += data[pos] + 1
            pos += 1
            continue
        assert data[pos] == 0x2C and not data[pos + 9] & 0x80   # no local palette
        bits.append(data[pos + 10])
        pos += 11
        while data[pos]:
            pos += data[pos] + 1
        pos += 1
    assert len(bits) == len(drawn)
    moving = [b for b, (_, kind) in zip(bits, drawn, strict=True) if kind in (MOVE, PAUSE)]
    assert len(moving) > 5 and sum(b < 8 for b in moving) > len(moving) // 2


def test_render_ends_with_one_summary_line_per_file(tmp_path: Path) -> None:
    """One line per file written, on stderr (path, seconds, frames, size); none with
    the root ``--quiet``.  The seconds and frames are the file's own."""
    mp4, vtt = tmp_path / "h.mp4", tmp_path / "h.vtt"
    res = cli("render", str(TRACE), "-o", mp4, "-o", vtt, *SMALL)
    assert res.exit_code == 0, res.output
    lines = [line for line in res.stderr.splitlines() if line.startswith(str(tmp_path))]
    with av.open(str(mp4)) as c:
        frames = sum(1 for _ in c.decode(video=0))
    assert lines == [f"{mp4}: {frames / 10:.1f} s, {frames} frames, "
                     f"{mp4.stat().st_size / 1e6:.2f} MB",
                     f"{vtt}: {vtt.stat().st_size / 1e3:.1f} kB"]
    quiet = cli("--quiet", "render", str(TRACE), "-o", mp4, *SMALL)
    assert quiet.exit_code == 0 and quiet.stderr == ""


@pytest.mark.parametrize("rects", [[(7, 5, 31, 17)], [(0, 0, 64, 48)], [(63, 47, 1, 1)],
                                   [(70, 3, 9, 9)], [(1, 1, 5, 5), (40, 30, 20, 10)]])
def test_a_region_write_gives_the_whole_frames_yuv(tmp_path: Path, rects) -> None:
    """``VideoSink.write_regions`` (only parts changed) converts only those parts, the
    encoder patches them into its last frame, and gets exactly the planes a whole-frame
    conversion gives; regions before any whole frame are written whole."""
    import cv2

    sink = VideoSink(tmp_path / "r.mp4", 64, 48, 10, RenderOptions(), threaded=False)
    got: list[np.ndarray] = []
    encode = sink._encode

    def spy(job, repeat: int) -> None:
        encode(job, repeat)
        assert sink._canvas is not None
        got.append(sink._canvas.copy())

    sink._encode = spy                                # type: ignore[method-assign]
    rng = np.random.default_rng(1)
    a = rng.integers(0, 256, (48, 64, 3), dtype=np.uint8)
    b = a.copy()
    for x, y, w, h in rects:
        b[y:y + h, x:x + w] = rng.integers(0, 256, b[y:y + h, x:x + w].shape, dtype=np.uint8)
    sink.write_regions(a, 1, rects)
    sink.write_regions(b, 2, rects)
    sink.write_regions(a, 1, [(0, 0, 64, 48)])
    sink.hold(1)
    sink.close()
    assert np.array_equal(got[0], cv2.cvtColor(a, cv2.COLOR_RGB2YUV_I420))
    assert np.array_equal(got[1], cv2.cvtColor(b, cv2.COLOR_RGB2YUV_I420))
    assert np.array_equal(got[2], got[0]) and np.array_equal(got[3], got[0])
    with av.open(str(tmp_path / "r.mp4")) as c:
        assert sum(1 for _ in c.decode(video=0)) == 5
    sink.abort()


def test_region_writes_leave_the_video_unchanged(tmp_path: Path) -> None:
    """The MP4 a movie writes with region writes and held frames decodes to the same
    frames as one written frame by frame in full."""

    class Whole(VideoSink):
        def write_regions(self, frame, repeat, rects):   # type: ignore[no-untyped-def]
            self.write(frame, repeat)

        def hold(self, repeat):                          # type: ignore[no-untyped-def]
            raise AssertionError("the whole video is not told of held frames")

    areas: list[int] = []

    class Counted(VideoSink):
        def write_regions(self, frame, repeat, rects):  # type: ignore[no-untyped-def]
            areas.append(sum(r[2] * r[3] for r in rects))
            super().write_regions(frame, repeat, rects)

    opts = RenderOptions(size=(320, 180), fps=10)
    outs = {"region": tmp_path / "a.mp4", "whole": tmp_path / "b.mp4"}

    def movies(h):
        o = resolve_options(h, opts, {"size", "fps"})
        return [Movie(Director(h, o, 10),
                      lambda f, d: Counted(outs["region"], f.width, f.height, 10, o)),
                WholeMovie(Director(h, o, 10),
                           lambda f, d: Whole(outs["whole"], f.width, f.height, 10, o))]

    with open(TRACE, "rb") as f:
        render_stream(f, "t", movies)
    decoded = []
    for path in outs.values():
        with av.open(str(path)) as c:
            decoded.append([fr.to_ndarray(format="yuv420p") for fr in c.decode(video=0)])
    assert len(decoded[0]) == len(decoded[1]) > 50
    assert len(areas) > 10                      # most frames of the moves
    assert all(np.array_equal(p, q) for p, q in zip(*decoded, strict=True))
    # past a move's first frame, only the moving piece's rectangle is converted
    assert sorted(areas)[len(areas) // 2] < 320 * 180 / 8


class WholeMovie(Movie):
    """A movie that draws every frame whole, frame by frame (the reference)."""

    def finish(self, end, progress=None):           # type: ignore[no-untyped-def]
        from puzzlereel.render.backends.compositor import Compositor
        from puzzlereel.render.film.timeline import frame_time

        film = self.director.finish(end)
        sink = self.make_sink(film, self.director)
        frames = Compositor(film)
        for f in range(self.total_frames):
            sink.write(frames.frame(frame_time(f, self.fps)), 1)
        sink.close()


def test_x264_threads_by_frames_on_this_processs_share_of_the_cores(tmp_path: Path) -> None:
    """x264 threads by frames (its own default, not PyAV's slices), on as many threads
    as ``encoder_threads`` grants (0: x264's choice; 1: no encoder thread beside the
    drawing either); the video is the same either way."""
    from puzzlereel.render.encoders import video as encode

    def sink(name: str) -> encode.VideoSink:
        return encode.VideoSink(tmp_path / name, 64, 48, 10, RenderOptions(), threaded=False)

    first = sink("auto.mp4")
    assert first.stream.codec_context.thread_type.name == "FRAME"
    assert first.stream.codec_context.thread_count == 0
    try:
        encode.encoder_threads(1)
        one = sink("one.mp4")
        assert one.stream.codec_context.thread_count == 1
        alone = encode.VideoSink(tmp_path / "alone.mp4", 64, 48, 10, RenderOptions())
        assert alone.thread is None
        alone.close()
    finally:
        encode.encoder_threads(0)
    beside = encode.VideoSink(tmp_path / "beside.mp4", 64, 48, 10, RenderOptions())
    assert beside.thread is not None
    beside.close()
    frame = np.zeros((48, 64, 3), np.uint8)
    for s in (first, one):
        for shade in range(0, 250, 10):
            frame[:] = shade
            s.write(frame, 2)
        s.close()
    for name in ("auto.mp4", "one.mp4"):
        with av.open(str(tmp_path / name)) as c:
            assert sum(1 for _ in c.decode(video=0)) == 50


def test_a_written_file_counts_its_frames_in_the_singular(tmp_path):
    from puzzlereel.render.api import Written

    one = Written(tmp_path / "a.gif", "gif", 0.1, 1, 2_000)
    assert one.summary() == f"{tmp_path / 'a.gif'}: 0.1 s, 1 frame, 0.00 MB"
    assert "2 frames" in Written(tmp_path / "b.gif", "gif", 0.2, 2, 2_000).summary()
