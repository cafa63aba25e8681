"""Renderer benchmarks: speed against bare libx264, GIF size against gifsicle -O3, and
peak memory on a 1,000-move trace.  Prints a table; run from the repository root:

    python benchmarks/render_bench.py            # full run (a few minutes)
    python benchmarks/render_bench.py --quick    # smaller memory trace, one run each
    python benchmarks/render_bench.py --runs 7   # more runs of the speed rows (median)

1. fps of the renderer for Hakoiri Musume (81 moves) to MP4 at 1280x720 (the default:
   board and side panel), 1920x1080 and 1080x1920 (portrait: words above and below the
   board), against bare libx264 via PyAV encoding pre-made
   frames (the very frames our renderer draws, converted to I420 and held in memory
   before the clock starts) in the same run, with the encoder set up exactly as ours
   (``video.x264_settings``: preset veryfast, crf, tune, tags; frame threads on every
   core).  The renderer is timed two ways: in this process like the reference (from
   opening the trace to the MP4 closed: reading, replaying, drawing, RGB->I420,
   encoding; neither side's start-up and imports counted), interleaved with the
   reference, median of ``--runs``; and as a whole ``puzzlereel render`` process
   (Python's start-up and the imports, about 0.25 s, included).  Target: >= 0.9x of
   bare libx264 at 1280x720, like for like (in process).  A last reference row encodes
   with PyAV's default threading (by slices).  Then the same 1280x720 render with its
   sound track (``--sound``) against without, interleaved: target <= 5 % longer.
2. GIF size of `puzzlereel render ... -o x.gif` (the default: compact, 480 px wide)
   against `gifsicle -O3` applied to it: <= 450 kB and <= 1.05x.
3. Peak resident memory (ru_maxrss of the render process) for a 1,000-move trace
   (a piece shuttling back and forth) rendered to MP4, GIF and PNG.
4. The vector formats (``benchmarks/vector_bench.py``): per family, the animated SVG's
   bytes (and gzip'd) against the GIF's at the same compact size, the HTML player's
   bytes, and the seconds to write each.  Target: Hakoiri's SVG <= 1/5 of its GIF.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(cmd: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, cwd=ROOT)
    return time.perf_counter() - t0


def peak_rss_mb(cmd: list[str]) -> float:
    """Peak RSS of ``cmd`` (run through a fresh Python so RUSAGE_CHILDREN is its own)."""
    probe = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe, *cmd], check=True, cwd=ROOT,
                         capture_output=True, text=True).stdout
    return int(out.strip().splitlines()[-1]) / 1024.0


def bare_x264(frames: list, width: int, height: int, fps: int, out: Path,
              slices: bool = False) -> float:
    """Seconds for PyAV's libx264 to encode the pre-made I420 ``frames``, set up as our
    renderer sets it up (or with PyAV's default threading by slices)."""
    import av

    sys.path.insert(0, str(ROOT))
    from puzzlereel.render.encoders import video
    from puzzlereel.render.options import RenderOptions

    t0 = time.perf_counter()
    container = av.open(str(out), mode="w", format="mp4")
    stream = container.add_stream("libx264", rate=fps)
    stream.width, stream.height, stream.pix_fmt = width, height, "yuv420p"
    stream.options = video.x264_settings(RenderOptions())
    if not slices:
        video.configure_threads(stream.codec_context)
    for i, yuv in enumerate(frames):
        vf = av.VideoFrame.from_ndarray(yuv, format="yuv420p")
        vf.pts = i
        for packet in stream.encode(vf):
            container.mux(packet)
    for packet in stream.encode(None):
        container.mux(packet)
    container.close()
    return time.perf_counter() - t0


def in_process(trace: Path, size: tuple[int, int], out: Path, sound: bool = False) -> float:
    """Seconds for the renderer, in this process, to make ``out`` (an MP4) of ``trace``
    at ``size`` (with its sound track when ``sound``): from opening the trace to the
    file closed."""
    sys.path.insert(0, str(ROOT))
    from puzzlereel.render.api import render_trace
    from puzzlereel.render.options import RenderOptions

    t0 = time.perf_counter()
    with open(trace, "rb") as f:
        render_trace(f, str(trace), [("mp4", out)], RenderOptions(size=size, sound=sound),
                     explicit={"size", "sound"})
    return time.perf_counter() - t0


def premade_frames(trace: Path, size: tuple[int, int]) -> list:
    """The exact frames our renderer draws for ``trace``, as I420 arrays (a held frame is
    one shared array), made before timing the reference encoder."""
    import cv2

    sys.path.insert(0, str(ROOT))
    from puzzlereel.render.direction.director import Director
    from puzzlereel.render.direction.resolve import resolve_options
    from puzzlereel.render.options import RenderOptions
    from puzzlereel.render.outputs import Movie, render_stream

    frames: list = []

    class Capture:
        def describe(self, cues, metadata) -> None:
            pass

        def add_sound(self, track) -> None:
            pass

        def write(self, frame, repeat: int) -> None:
            yuv = cv2.cvtColor(frame, cv2.COLOR_RGB2YUV_I420)
            frames.extend([yuv] * repeat)

        def write_regions(self, frame, repeat: int, rects) -> None:
            self.write(frame, repeat)

        def hold(self, repeat: int) -> None:
            frames.extend([frames[-1]] * repeat)

        def close(self) -> None:
            pass

        def abort(self) -> None:
            pass

    options = RenderOptions(size=size)
    with open(trace, "rb") as f:
        render_stream(f, str(trace),
                      lambda h: [Movie(Director(h, resolve_options(h, options, {"size"}),
                                                options.fps), lambda *a: Capture())])
    return frames


def shuttle_trace(path: Path, moves: int) -> None:
    """A legal Hakoiri Musume trace of ``moves`` moves: piece G steps down and up."""
    header = {"type": "header", "format": "puzzlereel-trace", "version": 1,
              "puzzle": "sliding-block", "title": f"Shuttle ({moves} moves)",
              "board": {"width": 4, "height": 5, "walls": [],
                        "exits": [{"side": "bottom", "offset": 1, "length": 2}]},
              "pieces": [{"id": "B", "x": 0, "y": 0, "w": 1, "h": 2},
                         {"id": "A", "x": 1, "y": 0, "w": 2, "h": 2, "label": "Daughter"},
                         {"id": "C", "x": 3, "y": 0, "w": 1, "h": 2},
                         {"id": "D", "x": 0, "y": 2, "w": 1, "h": 2},
                         {"id": "E", "x": 1, "y": 2, "w": 2, "h": 1},
                         {"id": "F", "x": 3, "y": 2, "w": 1, "h": 2},
                         {"id": "G", "x": 1, "y": 3, "w": 1, "h": 1},
                         {"id": "H", "x": 2, "y": 3, "w": 1, "h": 1},
                         {"id": "I", "x": 0, "y": 4, "w": 1, "h": 1},
                         {"id": "J", "x": 3, "y": 4, "w": 1, "h": 1}],
              "goal": {"piece": "A", "x": 1, "y": 3}, "moves": moves}
    with open(path, "w") as f:
        f.write(json.dumps(header) + "\n")
        for n in range(1, moves + 1):
            y = 4 if n % 2 else 3
            f.write(json.dumps({"type": "move", "n": n, "piece": "G", "path": [[1, y]]}) + "\n")
        f.write(json.dumps({"type": "end", "status": "limit", "moves": moves,
                            "stats": {"limit": "benchmark shuttle"}}) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="200-move memory trace, one run")
    ap.add_argument("--runs", type=int, default=5, help="runs of each speed row (median)")
    args = ap.parse_args()
    import av

    py = sys.executable
    cli = [py, "-m", "puzzlereel"]
    rows: list[tuple[str, str, str, str, str]] = []
    with tempfile.TemporaryDirectory(prefix="render-bench-") as tmpdir:
        tmp = Path(tmpdir)
        trace = tmp / "hakoiri.jsonl"
        run([*cli, "solve", "configs/hakoiri-musume.toml", "-o", str(trace)])

        # 1. speed
        runs = 1 if args.quick else args.runs
        for size, target in (((1280, 720), 0.9), ((1920, 1080), None), ((1080, 1920), None)):
            mp4 = tmp / "hakoiri.mp4"
            spec = f"{size[0]}x{size[1]}"
            render_s = run([*cli, "--quiet", "render", str(trace), "-o", str(mp4),
                            "--size", spec])
            with av.open(str(mp4)) as c:
                s = c.streams.video[0]
                width, height, fps = s.width, s.height, int(s.average_rate)
                n = sum(1 for _ in c.decode(video=0))
            frames = premade_frames(trace, size)
            if len(frames) != n:
                raise SystemExit(f"frame counts differ: video {n}, pre-made {len(frames)}")
            in_process(trace, size, tmp / "warm.mp4")        # fonts, sprites: warm
            ours_s, bare_s = [], []
            for _ in range(runs):
                bare_s.append(bare_x264(frames, width, height, fps, tmp / "bare.mp4"))
                ours_s.append(in_process(trace, size, tmp / "ours.mp4"))
            slice_s = bare_x264(frames, width, height, fps, tmp / "bare.mp4", slices=True)
            del frames
            ours, bare = statistics.median(ours_s), statistics.median(bare_s)
            ratios = ", ".join(f"{b / o:.2f}" for o, b in zip(ours_s, bare_s, strict=True))
            goal = f" (target >= {target})" if target else ""
            rows.append(("MP4 fps, Hakoiri 81 moves", f"{width}x{height}, {n} frames",
                         f"{n / ours:.0f} fps (in process, {ours:.2f} s)",
                         f"{n / bare:.0f} fps (bare libx264 veryfast, as ours, {bare:.2f} s)",
                         f"{bare / ours:.2f}{goal}"))
            if runs > 1:
                rows.append(("", f"  {runs} runs, median", "", "", f"runs: {ratios}"))
            rows.append(("", "", f"{n / render_s:.0f} fps (whole process, {render_s:.2f} s)",
                         "", f"{bare / render_s:.2f}"))
            rows.append(("", "", "", f"{n / slice_s:.0f} fps (bare, PyAV's slice "
                         f"threads, {slice_s:.2f} s)", f"{slice_s / ours:.2f}"))

        # the sound track's cost: the same render with and without it, interleaved
        plain_s, sound_s = [], []
        for _ in range(runs):
            plain_s.append(in_process(trace, (1280, 720), tmp / "plain.mp4"))
            sound_s.append(in_process(trace, (1280, 720), tmp / "sound.mp4", sound=True))
        plain, sound = statistics.median(plain_s), statistics.median(sound_s)
        rows.append(("MP4 with --sound, Hakoiri", f"1280x720, median of {runs}",
                     f"{sound:.2f} s with the sound track", f"{plain:.2f} s without",
                     f"+{(sound / plain - 1) * 100:.1f} % (target <= 5 %)"))

        # 2. GIF size
        gif = tmp / "hakoiri.gif"
        gif_s = run([*cli, "--quiet", "render", str(trace), "-o", str(gif)])
        from PIL import Image

        with Image.open(gif) as im:
            gif_size = f"{im.width}x{im.height}"
        a = os.path.getsize(gif)
        if shutil.which("gifsicle"):
            o3 = tmp / "o3.gif"
            subprocess.run(["gifsicle", "-O3", str(gif), "-o", str(o3)], check=True)
            b = os.path.getsize(o3)
            rows.append(("GIF size, Hakoiri 81 moves", f"{gif_size}, rendered in {gif_s:.2f} s",
                         f"{a / 1000:.0f} kB (target <= 450)",
                         f"{b / 1000:.0f} kB (gifsicle -O3 of ours)",
                         f"{a / b:.3f} (target <= 1.05)"))
        else:
            rows.append(("GIF size, Hakoiri 81 moves", gif_size, f"{a / 1000:.0f} kB",
                         "gifsicle not installed", "-"))

        # 3. memory
        moves = 200 if args.quick else 1000
        long_trace = tmp / "shuttle.jsonl"
        shuttle_trace(long_trace, moves)
        for ext in ("mp4", "gif", "png"):
            out = tmp / f"shuttle.{ext}"
            t0 = time.perf_counter()
            mb = peak_rss_mb([*cli, "render", str(long_trace), "-o", str(out)])
            secs = time.perf_counter() - t0
            rows.append((f"peak memory, {moves} moves -> {ext.upper()}",
                         f"{os.path.getsize(out) / 1e6:.1f} MB file, {secs:.1f} s",
                         f"{mb:.0f} MB", "300 MB (limit)", f"{mb / 300:.2f} (target <= 1)"))
        base = peak_rss_mb([py, "-c", "import av, cv2, numpy, PIL, typer, rich"])
        rows.append(("  for scale: python + imports only", "-", f"{base:.0f} MB", "-", "-"))

    heads = ("measure", "setting", "puzzlereel", "reference", "ratio")
    widths = [max(len(r[i]) for r in [heads, *rows]) for i in range(5)]
    line = "  ".join("{:<" + str(w) + "}" for w in widths)
    print(line.format(*heads))
    print(line.format(*("-" * w for w in widths)))
    for r in rows:
        print(line.format(*r))

    # 4. vector formats: SVG and HTML bytes against the GIF, and write times
    print()
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from benchmarks.vector_bench import show, table
    show(table(quick=args.quick))


if __name__ == "__main__":
    main()
