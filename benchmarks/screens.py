"""How each family's video meets a viewer: the first and last frames, the GIF's loop, the
first move's cue and the 9:16 frame.  Prints a table; run from the repository root:

    python benchmarks/screens.py                 # the seven families below
    python benchmarks/screens.py triangle        # some of them

For each example it solves the config, then renders the default MP4 (1280x720), the
``--target shorts`` MP4 (1080x1920), the default GIF and the WebVTT, and measures:

- **cover**: the share of a frame's pixels more than 24 levels (in any channel) from the
  frame's most common colour; frame 0's and the last frame's cover as a share of the
  middle frame's (target: at least 0.6 each), and the GIF's least cover of any frame
  as a share of its middle frame's (target: at least 0.5);
- **cue**: when the first move's WebVTT cue starts (target: by 2.0 s);
- **9:16 at mid-video**: the tallest band of empty rows between the title-safe top and
  the platforms' caption zone (the bottom 18 %), as a share of the height (target: at
  most 0.15); whether anything that changes while the moves play (the counter, the bar,
  the list) reaches the caption zone or the right 12 % (target: no); the board's width
  as a share of the frame's.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ("hakoiri-musume", "rush-hour-style", "eight-puzzle", "triangle", "n-queens-8",
            "send-more-money", "mastermind-9431")


def _busy(frame: np.ndarray) -> np.ndarray:
    """Which pixels lie more than 24 levels (in any channel) from the frame's most
    common colour."""
    flat = frame.reshape(-1, 3).astype(np.int64)
    values, counts = np.unique((flat[:, 0] << 16) | (flat[:, 1] << 8) | flat[:, 2],
                               return_counts=True)
    top = values[counts.argmax()]
    bg = np.array([(top >> 16) & 255, (top >> 8) & 255, top & 255], np.int16)
    return np.abs(frame.astype(np.int16) - bg).max(axis=2) > 24


def cover(frame: np.ndarray) -> float:
    """The share of pixels more than 24 levels from the frame's most common colour."""
    return float(_busy(frame).mean())


def empty_band(frame: np.ndarray, top: float, bottom: float) -> float:
    """The tallest run of rows (between ``top`` and ``bottom`` of the height) with no
    pixel more than 24 levels from the most common colour, as a share of the height."""
    h = frame.shape[0]
    busy = _busy(frame).any(axis=1)[int(h * top):int(h * bottom)]
    run = best = 0
    for b in busy:
        run = 0 if b else run + 1
        best = max(best, run)
    return best / h


def video_frames(path: Path) -> list[np.ndarray]:
    if path.suffix == ".gif":
        from PIL import Image, ImageSequence

        with Image.open(path) as im:
            return [np.asarray(f.convert("RGB")) for f in ImageSequence.Iterator(im)]
    import av

    with av.open(str(path)) as container:
        return [f.to_ndarray(format="rgb24") for f in container.decode(video=0)]


def first_cue(vtt: Path) -> float:
    for line in vtt.read_text(encoding="utf-8").splitlines():
        if "-->" in line:
            h, m, s = line.split("-->")[0].strip().split(":")
            return int(h) * 3600 + int(m) * 60 + float(s)
    return float("nan")


def overlay_clash(trace: Path) -> tuple[bool, float]:
    """Whether a changing word of the 9:16 film reaches the platforms' zones, and the
    board's width as a share of the frame's."""
    from puzzlereel.render import still
    from puzzlereel.render.direction.layout import overlays
    from puzzlereel.render.options import RenderOptions

    with open(trace, encoding="utf-8") as f:
        d = still.direct(f, str(trace), RenderOptions(target="shorts"), explicit={"target"})
    film = d.film
    caption, buttons = overlays(film.width, film.height)
    clash = False
    for e in film.elements:
        if e.role != "chrome" or e.still:
            continue
        x0, y0, x1, y1 = e.swept()
        if y1 > film.height - caption + 0.5 or x1 > film.width - buttons + 0.5:
            clash = True
    return clash, d.layout.board[2] / film.width


def measure(name: str, folder: Path) -> dict[str, float | bool]:
    trace = folder / f"{name}.jsonl"
    subprocess.run([sys.executable, "-m", "puzzlereel", "--quiet", "solve", name, "-o",
                    str(trace)], check=True, cwd=folder)
    from puzzlereel.render.api import render_trace
    from puzzlereel.render.options import RenderOptions

    with open(trace, encoding="utf-8") as f:
        render_trace(f, str(trace), [("mp4", folder / f"{name}.mp4"),
                                     ("gif", folder / f"{name}.gif"),
                                     ("vtt", folder / f"{name}.vtt")], RenderOptions())
    with open(trace, encoding="utf-8") as f:
        render_trace(f, str(trace), [("mp4", folder / f"{name}-shorts.mp4")],
                     RenderOptions(target="shorts"), explicit={"target"})
    row: dict[str, float | bool] = {}
    for key, file in (("mp4", f"{name}.mp4"), ("shorts", f"{name}-shorts.mp4"),
                      ("gif", f"{name}.gif")):
        frames = video_frames(folder / file)
        mid = cover(frames[len(frames) // 2])
        row[f"{key} first"] = cover(frames[0]) / mid
        row[f"{key} last"] = cover(frames[-1]) / mid
        if key == "gif":
            row["gif least"] = min(cover(f) for f in frames) / mid
        if key == "shorts":
            row["band"] = empty_band(frames[len(frames) // 2], 0.05, 0.82)
    row["cue"] = first_cue(folder / f"{name}.vtt")
    row["clash"], row["board"] = overlay_clash(trace)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", default=list(EXAMPLES))
    args = parser.parse_args()
    columns = ("mp4 first", "mp4 last", "shorts first", "shorts last", "gif first", "gif last",
               "gif least", "cue", "band", "clash", "board")
    print(f"{'example':<18}" + "".join(f"{c:>13}" for c in columns))
    with tempfile.TemporaryDirectory(prefix="puzzlereel-screens-") as tmp:
        for name in args.names:
            row = measure(name, Path(tmp))
            cells = []
            for c in columns:
                v = row[c]
                cells.append(f"{('yes' if v else 'no'):>13}" if isinstance(v, bool)
                             else f"{v:>13.2f}")
            print(f"{name:<18}" + "".join(cells), flush=True)
    print("targets: first/last >= 0.60 of mid; gif least >= 0.50; cue <= 2.0 s; "
          "band <= 0.15; clash no")


if __name__ == "__main__":
    main()
