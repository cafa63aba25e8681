"""What a sound track costs: synthesis (``render.encoders.sound.soundtrack``) and encoding
(``render.encoders.soundtrack.AudioMux``: AAC in an MP4, Opus in a WebM, into memory, no video),
for realistic event lists, against the time a render takes.  Prints a table; run from
the repository root:

    python benchmarks/sound_bench.py                      # renders Hakoiri to compare
    python benchmarks/sound_bench.py --render-seconds 2.8 # compare with a given time
    python benchmarks/sound_bench.py --runs 7             # median of more runs

Event lists: Hakoiri Musume's 81 moves as the renderer times them (the opening, slides
of one or two cells at 0.22 s a cell with 0.1 s pauses, the payoff's chime: 40.2 s),
and 1,000 moves over 5 minutes.  The render time is Hakoiri's MP4 at 1280x720 rendered
in this process (``render_bench.in_process``), or ``--render-seconds``; the 5-minute
list is compared with that time scaled by the video's length.  Target: sound
costs <= 5 % of the render.  ``cost`` is the function a render benchmark can reuse.
"""

from __future__ import annotations

import argparse
import io
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from puzzlereel.render.encoders.sound import soundtrack  # noqa: E402
from puzzlereel.render.film.sound_events import Sound  # noqa: E402

HAKOIRI_SECONDS = 40.167          # the default render of configs/hakoiri-musume.toml


def hakoiri_sounds() -> list[Sound]:
    """81 slides as Hakoiri's video times them (about 45 % of the moves two cells
    long), then the payoff's chime."""
    t, out = 1.5, []                               # the opening: title and start hold
    for i in range(81):
        seconds = 0.22 * (2 if i * 9 % 20 < 9 else 1)
        out.append(Sound(t, "slide", seconds))
        t += seconds + (0.1 if i < 80 else 0.0)
    out.append(Sound(t + 0.1, "chime"))            # 0.1 s after the payoff starts
    return out


def long_sounds(moves: int = 1000, seconds: float = 300.0) -> list[Sound]:
    """``moves`` moves spread over a ``seconds`` long video: slides of one or two cells,
    every tenth a click, and the chime."""
    every = (seconds - 8.0) / moves
    out = [Sound(1.5 + i * every, "click" if i % 10 == 9 else "slide",
                 0.22 * (1 + i % 2)) for i in range(moves)]
    return [*out, Sound(1.6 + moves * every, "chime")]


def cost(sounds: list[Sound], seconds: float, fmt: str) -> tuple[float, float, float]:
    """(Synthesis seconds, encoding seconds, CPU seconds of both) of the sound track of a
    ``seconds`` long video into an ``fmt`` (mp4 or webm) container in memory."""
    import av

    from puzzlereel.render.encoders.soundtrack import AudioMux
    from puzzlereel.render.encoders.voices import voice

    voice.cache_clear()                  # each sound made anew, as in a fresh process
    cpu, t0 = time.process_time(), time.perf_counter()
    track = soundtrack(sounds, seconds)
    t1 = time.perf_counter()
    container = av.open(io.BytesIO(), mode="w", format=fmt)
    mux = AudioMux(container, track)
    mux.finish()
    container.close()
    t2 = time.perf_counter()
    return t1 - t0, t2 - t1, time.process_time() - cpu


def render_seconds(runs: int) -> float:
    """The median time of Hakoiri's MP4 at 1280x720 rendered in this process."""
    from benchmarks.render_bench import in_process

    with tempfile.TemporaryDirectory(prefix="sound-bench-") as tmpdir:
        tmp = Path(tmpdir)
        trace = tmp / "hakoiri.jsonl"
        subprocess.run([sys.executable, "-m", "puzzlereel", "solve",
                        "configs/hakoiri-musume.toml", "-o", str(trace)], check=True, cwd=ROOT)
        in_process(trace, (1280, 720), tmp / "warm.mp4")
        return statistics.median(in_process(trace, (1280, 720), tmp / "x.mp4")
                                 for _ in range(runs))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--render-seconds", type=float, default=None,
                    help="Hakoiri's render time to compare with (default: measure it)")
    ap.add_argument("--runs", type=int, default=5, help="runs of each row (median)")
    args = ap.parse_args()

    render = args.render_seconds or render_seconds(args.runs)
    lists = (("Hakoiri, 81 moves", hakoiri_sounds(), HAKOIRI_SECONDS),
             ("1,000 moves", long_sounds(), 300.0))
    cost(lists[0][1][:3], 2.0, "mp4")                    # imports, caches: warm
    print(f"render of Hakoiri's MP4 (1280x720, {HAKOIRI_SECONDS:.1f} s): {render:.2f} s"
          + ("" if args.render_seconds else f" (in process, median of {args.runs})"))
    print()
    head = ("events", "video", "format", "synthesis", "encoding", "sound (CPU)",
            "render", "share")
    rows = [head]
    for name, sounds, seconds in lists:
        scaled = render * seconds / HAKOIRI_SECONDS
        for fmt in ("mp4", "webm"):
            runs = [cost(sounds, seconds, fmt) for _ in range(args.runs)]
            synth = statistics.median(r[0] for r in runs)
            enc = statistics.median(r[1] for r in runs)
            cpu = statistics.median(r[2] for r in runs)
            rows.append((name, f"{seconds:.1f} s", fmt, f"{synth:.3f} s", f"{enc:.3f} s",
                         f"{synth + enc:.3f} s ({cpu:.3f} s)",
                         f"{scaled:.2f} s" + ("" if seconds == HAKOIRI_SECONDS else " *"),
                         f"{(synth + enc) / scaled:.1%} (target <= 5 %)"))
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    print()
    print("* Hakoiri's render time scaled by the video's length.  The WebM's share is "
          "against the MP4's render (VP9 renders take longer).")


if __name__ == "__main__":
    main()
