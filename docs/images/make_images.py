"""Make the images of docs/rendering.md: each layout with every family, and the search
charts.  Run from the repository root, with puzzlereel installed:

    python docs/images/make_images.py                    # writes docs/images/*.png
    python docs/images/make_images.py --frames /tmp/f    # and keeps each whole frame

It solves the eight example configs below into traces (``puzzlereel solve``, in a
temporary folder), then draws single frames with ``puzzlereel preview``, exactly as
``render`` draws them:

- ``layout-landscape-16x9.png``, ``layout-portrait-9x16.png``,
  ``layout-portrait-4x5.png``, ``layout-square-1x1.png`` (``--target youtube``,
  ``shorts``, ``instagram``, ``square``): the frame half-way through the middle move of each
  family's solution (``--time``, the time read from the video's plan), eight frames
  side by side in a 4 x 2 grid with the config's name under each, scaled down;
- ``search-<kind>.png``: the "how it was found" chart (``--search``) of a breadth-first
  search (hakoiri-musume), of IDA* (eight-puzzle) and of generate-and-test
  (n-queens-8), at 960x540, just before the segment ends (the chart grown, its sentence
  shown).

The same configs and options give the same images, but for the search times the
charts' sentences quote (each solve is timed anew).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from puzzlereel.render.options import RenderOptions
from puzzlereel.render.plan import Plan
from puzzlereel.render.still import direct
from puzzlereel.render.timeline import MOVE, SEARCH

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "images"
FONT = ROOT / "render" / "fonts" / "DejaVuSans.ttf"

# one config per family: blocks, tiles, pegs, queens, Mastermind, the three equations
FAMILIES = ["hakoiri-musume", "eight-puzzle", "triangle", "n-queens-8",
            "mastermind-9431-simple", "send-more-money", "komachi-100", "oomachi"]
# the layouts: target -> (file name, the width of one frame in the composite)
LAYOUTS = {"youtube": ("layout-landscape-16x9", 400), "shorts": ("layout-portrait-9x16", 240),
           "instagram": ("layout-portrait-4x5", 300), "square": ("layout-square-1x1", 300)}
SEARCHES = {"search-bfs": "hakoiri-musume", "search-ida": "eight-puzzle",
            "search-candidates": "n-queens-8"}
COLUMNS = 4


def puzzlereel(*args: str | Path) -> None:
    subprocess.run([sys.executable, "-m", "puzzlereel", "--quiet", *map(str, args)],
                   check=True, cwd=ROOT, stdout=subprocess.DEVNULL)


def solve(name: str, folder: Path) -> Path:
    trace = folder / f"{name}.jsonl"
    puzzlereel("solve", ROOT / "configs" / f"{name}.toml", "-o", trace)
    return trace


def planned(trace: Path, options: RenderOptions, explicit: set[str]) -> Plan:
    """The MP4's plan of ``trace`` with ``options`` (as ``preview`` plans it)."""
    with open(trace, encoding="utf-8") as stream:
        plan = direct(stream, str(trace), options, explicit=explicit).plan
    assert plan is not None
    return plan


def mid_move_time(trace: Path, target: str) -> float:
    """Seconds into the video half-way through the middle move of the solution."""
    plan = planned(trace, RenderOptions(target=target), {"target"})
    moves = [k for k, phase in enumerate(plan.phases) if phase.kind == MOVE]
    t0, t1 = plan.spans[moves[len(moves) // 2]]
    return (t0 + t1) / 2


def search_end_time(trace: Path, size: tuple[int, int]) -> float:
    """Seconds into the video just before its search segment ends."""
    plan = planned(trace, RenderOptions(search=True, size=size), {"search", "size"})
    k = next(k for k, phase in enumerate(plan.phases) if phase.kind == SEARCH)
    return plan.spans[k][1] - 2 / plan.fps


def grid(frames: list[tuple[str, Image.Image]], width: int) -> Image.Image:
    """``frames`` scaled to ``width`` pixels wide, in ``COLUMNS`` columns, each with its
    name under it."""
    font = ImageFont.truetype(str(FONT), 15)
    first = frames[0][1]
    height = round(first.height * width / first.width)
    gap, caption = 12, 24
    rows = (len(frames) + COLUMNS - 1) // COLUMNS
    sheet = Image.new("RGB", (COLUMNS * width + (COLUMNS + 1) * gap,
                              rows * (height + caption) + (rows + 1) * gap), (255, 255, 255))
    pen = ImageDraw.Draw(sheet)
    for i, (name, image) in enumerate(frames):
        x = gap + (i % COLUMNS) * (width + gap)
        y = gap + (i // COLUMNS) * (height + caption + gap)
        sheet.paste(image.resize((width, height), Image.Resampling.LANCZOS), (x, y))
        pen.text((x + width // 2, y + height + caption // 2), name, fill=(40, 40, 40),
                 font=font, anchor="mm")
    return sheet


def save(image: Image.Image, name: str) -> Path:
    """``image`` as an optimised PNG of at most 256 colours (flat drawings lose nothing
    visible and shrink to a fraction)."""
    path = OUT / f"{name}.png"
    image.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        path, optimize=True)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--frames", type=Path, help="keep every whole frame in this folder")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="puzzlereel-docs-") as tmp:
        folder = Path(tmp)
        kept = args.frames or folder
        kept.mkdir(parents=True, exist_ok=True)
        traces = {name: solve(name, folder) for name in FAMILIES}
        for target, (name, width) in LAYOUTS.items():
            frames = []
            for family, trace in traces.items():
                png = kept / f"{target}-{family}.png"
                puzzlereel("preview", trace, "-o", png, "--target", target, "--time",
                           f"{mid_move_time(trace, target):.4f}")
                frames.append((family, Image.open(png).convert("RGB")))
            path = save(grid(frames, width), name)
            print(f"{path.relative_to(ROOT)}: {path.stat().st_size / 1e3:.0f} kB")
        for name, family in SEARCHES.items():
            png = kept / f"{name}.png"
            trace = traces[family]
            puzzlereel("preview", trace, "-o", png, "--search", "--size", "960x540",
                       "--time", f"{search_end_time(trace, (960, 540)):.4f}")
            path = save(Image.open(png).convert("RGB"), name)
            print(f"{path.relative_to(ROOT)}: {path.stat().st_size / 1e3:.0f} kB")


if __name__ == "__main__":
    main()
