"""How the videos are directed: pace, openings and endings, words a viewer reads, the
portrait frames filled.  Prints a table; run from the repository root:

    python benchmarks/direction.py                  # the examples below
    python benchmarks/direction.py triangle hoppers # some of them
    python benchmarks/direction.py --traces DIR     # traces already solved (NAME.jsonl)

For each example it solves the config (unless ``--traces`` has its trace) and plans its
videos without encoding them (the plan is the video's timing; frames are drawn only
where a column needs pixels), then measures:

- **length**: the default MP4's length (s); **open**: when its first move starts (s);
- **end**: the ending's share of the video: everything after the last move (the payoff,
  the hold and the result), target at most 0.15 (or 2 s, whichever is longer);
- **shorts**: when the first move starts in ``--target shorts --search`` (target <= 3 s);
- **key**: the least on-screen time (a move and the pause after it) of the goal
  piece's moves and of the last five moves, as a multiple of the median move's
  (sliding blocks; target >= 1.6);
- **line**: the shortest time the move list's current line stays before it changes
  (s; target >= 0.5), in the landscape, 9:16 and compact films;
- **band**: the empty band between the content and the caption zone (the bottom 18 %)
  in the 9:16 and 4:5 first, middle and last frames: from the last row with anything
  drawn above the caption zone down to it, as a share of the height (target <= 0.06);
  **gap**: the tallest run of empty rows anywhere between the title-safe top and the
  caption zone in those frames (between the parts too);
- **text**: the smallest drawn text's capital height as a share of its frame's height,
  over every frame of the landscape, 9:16, 4:5 and GIF films (target >= 0.025);
- **engine**: how many of those texts carry a solver's own words (metric, bit masks,
  vectorised, carries, strategy; target 0).
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from puzzlereel.render import still  # noqa: E402
from puzzlereel.render.direction.director import Director  # noqa: E402
from puzzlereel.render.film import typeset  # noqa: E402
from puzzlereel.render.film.shapes import texts  # noqa: E402
from puzzlereel.render.film.timeline import MOVE, PAUSE  # noqa: E402
from puzzlereel.render.options import RenderOptions  # noqa: E402
from puzzlereel.trace import BlockMove, read_trace  # noqa: E402

EXAMPLES = ("hakoiri-musume", "dads-puzzle", "rush-hour-style", "eight-puzzle", "triangle",
            "hoppers", "english", "n-queens-8", "send-more-money", "komachi-100",
            "mastermind-9431", "oomachi")
ENGINE = re.compile(r"metric|bit ?mask|vectori[sz]ed|carries|strategy:", re.IGNORECASE)
CAPTION = 0.18              # the platforms' caption zone, a share of the height
TOP = 0.05                  # the title-safe margin
TARGETS = {"landscape": ({}, "mp4"), "9:16": ({"target": "shorts"}, "mp4"),
           "4:5": ({"target": "instagram"}, "mp4"), "gif": ({}, "gif")}


def directed(trace: Path, fmt: str = "mp4", **options: object) -> Director:
    with open(trace, encoding="utf-8") as f:
        return still.direct(f, str(trace), RenderOptions(**options),  # type: ignore[arg-type]
                            explicit=set(options), fmt=fmt)


def move_spans(d: Director) -> list[tuple[int, float, float]]:
    """(beat, start, end) of every move phase with the pause after it."""
    p = d.plan
    assert p is not None
    out: list[tuple[int, float, float]] = []
    for k, phase in enumerate(p.phases):
        t0, t1 = p.spans[k]
        if phase.kind == MOVE and phase.step is not None:
            out.append((phase.step, t0, t1))
        elif phase.kind == PAUSE and out and out[-1][0] == phase.step:
            out[-1] = (out[-1][0], out[-1][1], t1)
    return out


def opening_and_ending(d: Director) -> tuple[float, float]:
    spans = move_spans(d)
    p = d.plan
    assert p is not None
    if not spans:
        return float("nan"), float("nan")
    moves_end = max(p.spans[k][1] for k, ph in enumerate(p.phases) if ph.kind == MOVE)
    return spans[0][1], p.seconds - moves_end


def key_ratio(trace: Path, d: Director) -> float:
    """The least on-screen time of the goal piece's moves and the last five moves, as
    a multiple of the median move's (sliding blocks only)."""
    with open(trace, encoding="utf-8") as f:
        events = [e for _, e in read_trace(f)]
    goal = d.header.fields.get("goal")
    moves = [e for e in events if isinstance(e, BlockMove)]
    if not moves or not goal:
        return float("nan")
    goal_piece = (goal[0] if isinstance(goal, list) else goal).get("piece")
    p = d.plan
    assert p is not None
    per_move: dict[int, float] = {}
    for beat, t0, t1 in move_spans(d):
        n = p.beats[beat].move
        if n:
            per_move[n] = per_move.get(n, 0.0) + (t1 - t0)
    median = statistics.median(per_move.values())
    keys = {m.n for m in moves if m.piece == goal_piece} | {m.n for m in moves[-5:]}
    return min(per_move[n] for n in keys if n in per_move) / median


def line_changes(d: Director) -> Iterator[float]:
    """The times at which the move list's current line changes."""
    p = d.plan
    assert p is not None
    current = None
    for k in range(len(p.phases)):
        c = p.counter(k)
        entry = getattr(c, "line", c.entry)
        if entry is not None and entry != current:
            yield p.spans[k][0]
        current = entry


def least_line(d: Director) -> float:
    times = list(line_changes(d))
    gaps = [b - a for a, b in zip(times, times[1:])]
    return min(gaps) if gaps else float("inf")


def busy_rows(frame: np.ndarray) -> np.ndarray:
    flat = frame.reshape(-1, 3).astype(np.int64)
    values, counts = np.unique((flat[:, 0] << 16) | (flat[:, 1] << 8) | flat[:, 2],
                               return_counts=True)
    top = values[counts.argmax()]
    bg = np.array([(top >> 16) & 255, (top >> 8) & 255, top & 255], np.int16)
    return (np.abs(frame.astype(np.int16) - bg).max(axis=2) > 24).any(axis=1)


def bands(frame: np.ndarray) -> tuple[float, float]:
    """(the empty band from the content's last row down to the caption zone, the tallest
    run of empty rows between the title-safe top and the caption zone), as shares of
    the height."""
    h = frame.shape[0]
    busy = busy_rows(frame)[int(h * TOP):int(h * (1 - CAPTION))]
    run = best = 0
    for b in busy:
        run = 0 if b else run + 1
        best = max(best, run)
    return run / h, best / h


def band(trace: Path) -> tuple[float, float]:
    tail = gap = 0.0
    for name in ("9:16", "4:5"):
        options, fmt = TARGETS[name]
        d = directed(trace, fmt, **options)
        p = d.plan
        assert p is not None
        for index in (0, p.total_frames // 2, p.total_frames - 1):
            a, b = bands(still.frame_at(d, index))
            tail, gap = max(tail, a), max(gap, b)
    return tail, gap


def sample_times(d: Director) -> Iterator[float]:
    p = d.plan
    assert p is not None
    for t0, t1 in p.spans:
        yield from (t0 + 1e-4, (t0 + t1) / 2, max(t0, t1 - 1e-4))


def words(trace: Path) -> tuple[float, int]:
    """(the least capital height over every frame's texts as a share of the frame's
    height, the texts with a solver's own words)."""
    least, engine = float("inf"), set()
    for options, fmt in TARGETS.values():
        d = directed(trace, fmt, **options)
        film = d.film
        for t in sample_times(d):
            for shape in film.still(t):
                for text in texts(shape):
                    if not text.text.strip() or text.opacity <= 0:
                        continue
                    least = min(least, text.size * typeset.CAP_HEIGHT / film.height)
                    if ENGINE.search(text.text):
                        engine.add(text.text)
    return least, len(engine)


def measure(name: str, trace: Path) -> dict[str, float]:
    d = directed(trace)
    opening, ending = opening_and_ending(d)
    assert d.plan is not None
    length = d.plan.seconds
    shorts = directed(trace, target="shorts", search=True)
    shorts_open, _ = opening_and_ending(shorts)
    least, engine = words(trace)
    tail, gap = band(trace)
    return {"length": length, "open": opening, "end": ending / length,
            "shorts": shorts_open, "key": key_ratio(trace, d),
            "line": min(least_line(d), least_line(shorts), least_line(directed(trace, "gif"))),
            "band": tail, "gap": gap, "text": least, "engine": float(engine)}


def solved(name: str, folder: Path, traces: Path | None) -> Path:
    if traces is not None and (traces / f"{name}.jsonl").exists():
        return traces / f"{name}.jsonl"
    trace = folder / f"{name}.jsonl"
    subprocess.run([sys.executable, "-m", "puzzlereel", "--quiet", "solve", name, "-o",
                    str(trace)], check=True, cwd=folder)
    return trace


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", default=list(EXAMPLES))
    parser.add_argument("--traces", type=Path, help="a folder of solved traces NAME.jsonl")
    args = parser.parse_args()
    columns = ("length", "open", "end", "shorts", "key", "line", "band", "gap", "text",
               "engine")
    print("| example | " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * len(columns))
    with tempfile.TemporaryDirectory(prefix="puzzlereel-direction-") as tmp:
        for name in args.names:
            row = measure(name, solved(name, Path(tmp), args.traces))
            cells = [f"{row[c]:.3f}" if c in ("end", "band", "gap", "text", "key")
                     else f"{row[c]:.0f}" if c == "engine" else f"{row[c]:.2f}"
                     for c in columns]
            print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
    print("\ntargets: end <= 0.15 (or 2 s); shorts <= 3 s; key >= 1.6; line >= 0.5 s; "
          "band <= 0.06; text >= 0.025; engine 0")


if __name__ == "__main__":
    main()
