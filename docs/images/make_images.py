"""Make the images of docs/rendering.md: each layout with every family, each family's
video, GIF and player, and the search charts.  Run from the repository root, with
puzzlereel installed (and, for the player's pictures, Playwright's Python package and
the system's Chromium, as the browser tests use them):

    python docs/images/make_images.py                    # writes docs/images/*.png
    python docs/images/make_images.py --frames /tmp/f    # and keeps each whole frame
    python docs/images/make_images.py --only triangle    # triangle's family sheet alone

It solves the nine example configs below into traces (``puzzlereel solve``, in a
temporary folder), then draws single frames with ``puzzlereel preview``, exactly as
``render`` draws them, and photographs the player (``puzzlereel render -o x.html``) in
headless Chromium:

- ``layout-landscape-16x9.png``, ``layout-portrait-9x16.png``,
  ``layout-portrait-4x5.png``, ``layout-square-1x1.png`` (``--target youtube``,
  ``shorts``, ``instagram``, ``square``): the frame half-way through the middle move of each
  family's solution (``--time``, the time read from the video's plan), nine frames
  in a grid of four columns with the config's name under each, scaled down;
- ``story-portrait-9x16.png``, ``story-square-1x1.png`` (``--target shorts``,
  ``square``): for each family, a row of four frames: the first frame (the opening),
  half-way through the middle move, the payoff (half-way through it; a family without
  one: just after the final hold starts) and the last frame (the ending), the family's
  name under the first;
- ``opening-ending-loop.png``: Hakoiri Musume's MP4, its first and last frames, and its
  GIF's ending, half-way through its return to the start and its last frame;
- ``family-<config>.png``: one sheet a family, in four rows: ``MOMENTS`` of the MP4
  at 1280x720 (landscape) and of ``--target shorts`` (9:16, with the goal's picture
  after the opening's words where it shows one); ``GIF_MOMENTS`` of the
  GIF (its first frame, half-way through the middle move, the payoff, a third and two
  thirds of the way through its return to the start, its last frame); the player at
  its start and at its end (the End key), 1000 pixels wide;
- ``search-<kind>.png``: the "how it was found" chart (``--search``) of a breadth-first
  search (hakoiri-musume), of IDA* (eight-puzzle) and of generate-and-test
  (n-queens-8), at 960x540, just before the segment ends (the chart grown, its sentence
  shown).

``--only`` (one or more configs of ``EXAMPLES``) makes those families' sheets alone:
the other images show every family, so they are left as they are.

The same configs and options give the same images, but for the search times the
charts' sentences quote (each solve is timed anew).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from puzzlereel.render.direction.pacing import PICTURE_SECONDS
from puzzlereel.render.direction.plan import Plan
from puzzlereel.render.film.timeline import HOLD, MOVE, PAYOFF, RETURN, SEARCH, TITLE
from puzzlereel.render.options import RenderOptions
from puzzlereel.render.still import direct

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "images"
FONT = ROOT / "render" / "fonts" / "DejaVuSans.ttf"

# one config per family: blocks, tiles, pegs, queens, Mastermind, the three equations
EXAMPLES = ["hakoiri-musume", "rush-hour-style", "eight-puzzle", "triangle", "n-queens-8",
            "mastermind-9431", "send-more-money", "komachi-100", "oomachi"]
# the layouts: target -> (file name, the width of one frame in the composite)
LAYOUTS = {"youtube": ("layout-landscape-16x9", 400), "shorts": ("layout-portrait-9x16", 240),
           "instagram": ("layout-portrait-4x5", 300), "square": ("layout-square-1x1", 300)}
STORIES = {"shorts": ("story-portrait-9x16", 160), "square": ("story-square-1x1", 190)}
MOMENTS = ("opening", "mid-move", "payoff", "ending")
GIF_MOMENTS = ("first frame", "mid-move", "payoff", "return, 1/3", "return, 2/3",
               "last frame")
PLAYER_VIEW = {"width": 1000, "height": 800}
# the system's Chromium, as tests/conftest.py launches it (never downloaded)
CHROMIUM = ("chromium", "chromium-browser", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
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


def story_times(trace: Path, target: str) -> list[float]:
    """Seconds into the video of ``MOMENTS``: its first frame, the middle of the middle
    move, of the payoff (else just after the final hold starts) and its last frame."""
    plan = planned(trace, RenderOptions(target=target), {"target"})
    spans = {phase.kind: plan.spans[k] for k, phase in enumerate(plan.phases)}
    moves = [k for k, phase in enumerate(plan.phases) if phase.kind == MOVE]
    middle = plan.spans[moves[len(moves) // 2]]
    payoff = spans[PAYOFF] if PAYOFF in spans else (spans[HOLD][0], spans[HOLD][0] + 0.6)
    return [0.0, sum(middle) / 2, sum(payoff) / 2, (plan.total_frames - 1) / plan.fps]


def gif_plan(trace: Path) -> Plan:
    """The GIF's plan of ``trace`` (compact, at the GIF's frame rate, looping)."""
    with open(trace, encoding="utf-8") as stream:
        plan = direct(stream, str(trace), RenderOptions(), fmt="gif").plan
    assert plan is not None
    return plan


def gif_times(trace: Path) -> list[float]:
    """Seconds into the GIF of ``GIF_MOMENTS``: its first frame, the middle of the
    middle move and of the payoff (else just after the final hold starts), a third and
    two thirds of its return to the start, and its last frame."""
    plan = gif_plan(trace)
    spans = {phase.kind: plan.spans[k] for k, phase in enumerate(plan.phases)}
    moves = [k for k, phase in enumerate(plan.phases) if phase.kind == MOVE]
    middle = plan.spans[moves[len(moves) // 2]]
    payoff = spans[PAYOFF] if PAYOFF in spans else (spans[HOLD][0], spans[HOLD][0] + 0.6)
    back0, back1 = spans[RETURN]
    return [0.0, sum(middle) / 2, sum(payoff) / 2, back0 + (back1 - back0) / 3,
            back0 + (back1 - back0) * 2 / 3, (plan.total_frames - 1) / plan.fps]


def chromium() -> str:
    """The system's Chromium (``PUZZLEREEL_CHROMIUM``, else Debian's ``chromium``)."""
    for name in (os.environ.get("PUZZLEREEL_CHROMIUM"), *CHROMIUM):
        if name and (found := shutil.which(name)):
            return found
    raise SystemExit("no Chromium for the player's pictures: apt-get install chromium")


def player_shots(pages: dict[str, Path], kept: Path) -> dict[str, list[tuple[str, Image.Image]]]:
    """Each player page of ``pages`` (family -> HTML file) photographed in headless
    Chromium as it opens and after the End key: the page's content, ``PLAYER_VIEW``
    wide."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit("no Playwright for the player's pictures: "
                         "pip install -e \".[browser]\"") from None
    shots: dict[str, list[tuple[str, Image.Image]]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        for family, html in pages.items():
            page = browser.new_page(viewport=PLAYER_VIEW)
            page.goto(html.resolve().as_uri(), wait_until="load")
            shots[family] = []
            for label, key in (("player: start", None), ("player: the end", "End")):
                if key is not None:
                    page.keyboard.press(key)
                png = kept / f"player-{family}-{len(shots[family])}.png"
                page.locator("main").screenshot(path=str(png))
                shots[family].append((label, Image.open(png).convert("RGB")))
            page.close()
        browser.close()
    return shots


def loop_frames(trace: Path, kept: Path) -> list[tuple[str, Image.Image]]:
    """``opening-ending-loop.png``'s frames: the MP4's first and last, the GIF's ending,
    half-way back to its start and its last frame."""
    out = []
    for label, args in (("MP4: first frame", ["--title"]), ("MP4: last frame", ["--end"])):
        png = kept / f"loop-{len(out)}.png"
        puzzlereel("preview", trace, "-o", png, *args)
        out.append((label, Image.open(png).convert("RGB")))
    plan = gif_plan(trace)
    back = next(plan.spans[k] for k, phase in enumerate(plan.phases) if phase.kind == RETURN)
    for label, at in (("GIF: the ending", plan.ending_frame() / plan.fps),
                      ("GIF: half-way back", sum(back) / 2),
                      ("GIF: last frame", (plan.total_frames - 1) / plan.fps)):
        png = kept / f"loop-{len(out)}.png"
        puzzlereel("preview", trace, "-o", png, "--gif", "--time", f"{at:.4f}")
        out.append((label, Image.open(png).convert("RGB")))
    return out


def search_end_time(trace: Path, size: tuple[int, int]) -> float:
    """Seconds into the video just before its search segment ends."""
    plan = planned(trace, RenderOptions(search=True, size=size), {"search", "size"})
    k = next(k for k, phase in enumerate(plan.phases) if phase.kind == SEARCH)
    return plan.spans[k][1] - 2 / plan.fps


def grid(frames: list[tuple[str, Image.Image]], width: int, columns: int = COLUMNS
         ) -> Image.Image:
    """``frames`` scaled to ``width`` pixels wide, in ``columns`` columns, each with its
    name under it."""
    font = ImageFont.truetype(str(FONT), 15 if width >= 200 else 12)
    first = frames[0][1]
    height = round(first.height * width / first.width)
    gap, caption = 12, 24
    rows = (len(frames) + columns - 1) // columns
    sheet = Image.new("RGB", (columns * width + (columns + 1) * gap,
                              rows * (height + caption) + (rows + 1) * gap), (255, 255, 255))
    pen = ImageDraw.Draw(sheet)
    for i, (name, image) in enumerate(frames):
        x = gap + (i % columns) * (width + gap)
        y = gap + (i // columns) * (height + caption + gap)
        sheet.paste(image.resize((width, height), Image.Resampling.LANCZOS), (x, y))
        pen.text((x + width // 2, y + height + caption // 2), name, fill=(40, 40, 40),
                 font=font, anchor="mm")
    return sheet


def row(frames: list[tuple[str, Image.Image]], height: int) -> Image.Image:
    """``frames`` scaled to ``height`` pixels high, side by side, each with its name
    under it."""
    font = ImageFont.truetype(str(FONT), 15)
    gap, caption = 12, 24
    sized = [(name, image.resize((round(image.width * height / image.height), height),
                                 Image.Resampling.LANCZOS)) for name, image in frames]
    sheet = Image.new("RGB", (sum(i.width for _, i in sized) + gap * (len(sized) + 1),
                              height + caption + 2 * gap), (255, 255, 255))
    pen = ImageDraw.Draw(sheet)
    x = gap
    for name, image in sized:
        sheet.paste(image, (x, gap))
        pen.text((x + image.width // 2, gap + height + caption // 2), name, fill=(40, 40, 40),
                 font=font, anchor="mm")
        x += image.width + gap
    return sheet


def save(image: Image.Image, name: str) -> Path:
    """``image`` as an optimised PNG of at most 256 colours (flat drawings lose nothing
    visible and shrink to a fraction)."""
    path = OUT / f"{name}.png"
    image.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        path, optimize=True)
    return path


def stack(rows: list[Image.Image]) -> Image.Image:
    """``rows`` one under the other on white, flush left."""
    sheet = Image.new("RGB", (max(r.width for r in rows), sum(r.height for r in rows)),
                      (255, 255, 255))
    y = 0
    for r in rows:
        sheet.paste(r, (0, y))
        y += r.height
    return sheet


def report(path: Path) -> None:
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size / 1e3:.0f} kB")


def layouts(traces: dict[str, Path], kept: Path) -> None:
    """``LAYOUTS``: every family half-way through its middle move, a grid a target."""
    for target, (name, width) in LAYOUTS.items():
        frames = []
        for family, trace in traces.items():
            png = kept / f"{target}-{family}.png"
            puzzlereel("preview", trace, "-o", png, "--target", target, "--time",
                       f"{mid_move_time(trace, target):.4f}")
            frames.append((family, Image.open(png).convert("RGB")))
        report(save(grid(frames, width), name))


def stories(traces: dict[str, Path], kept: Path) -> None:
    """``STORIES``: a row of ``MOMENTS`` a family, a grid a target."""
    for target, (name, width) in STORIES.items():
        frames = []
        for family, trace in traces.items():
            for moment, at in zip(MOMENTS, story_times(trace, target), strict=True):
                png = kept / f"story-{target}-{family}-{moment}.png"
                puzzlereel("preview", trace, "-o", png, "--target", target, "--time",
                           f"{at:.4f}")
                label = family if moment == MOMENTS[0] else moment   # a row a family
                frames.append((label, Image.open(png).convert("RGB")))
        report(save(grid(frames, width, len(MOMENTS)), name))


def goal_time(trace: Path, target: str) -> float | None:
    """Seconds into the video half-way through the goal's picture in the opening of a
    portrait or square frame (None: the opening shows none)."""
    with open(trace, encoding="utf-8") as stream:
        d = direct(stream, str(trace), RenderOptions(target=target), explicit={"target"})
    title = d.plan.span(TITLE) if d.plan is not None else None
    if not d.pictured_opening or title is None:
        return None
    return title[1] - PICTURE_SECONDS / 2


def video_frames(family: str, trace: Path, kept: Path) -> list[tuple[str, Image.Image]]:
    """The MP4's ``MOMENTS`` at 1280x720, then at ``--target shorts`` (with the goal's
    picture after the opening's words, where it shows one)."""
    frames = []
    for target in ("youtube", "shorts"):
        moments = list(zip(MOMENTS, story_times(trace, target), strict=True))
        goal = goal_time(trace, target) if target == "shorts" else None
        if goal is not None:
            moments.insert(1, ("the goal", goal))
        for moment, at in moments:
            png = kept / f"family-{target}-{family}-{moment}.png"
            size = ["--size", "1280x720"] if target == "youtube" else ["--target", target]
            puzzlereel("preview", trace, "-o", png, *size, "--time", f"{at:.4f}")
            frames.append((f"{'16:9' if target == 'youtube' else '9:16'}: {moment}",
                           Image.open(png).convert("RGB")))
    return frames


def gif_frames(family: str, trace: Path, kept: Path) -> list[tuple[str, Image.Image]]:
    """The GIF's ``GIF_MOMENTS``, drawn as the GIF draws them (``preview --gif``)."""
    frames = []
    for k, (moment, at) in enumerate(zip(GIF_MOMENTS, gif_times(trace), strict=True)):
        png = kept / f"family-gif-{family}-{k}.png"
        puzzlereel("preview", trace, "-o", png, "--gif", "--time", f"{at:.4f}")
        frames.append((f"GIF: {moment}", Image.open(png).convert("RGB")))
    return frames


def family_sheets(traces: dict[str, Path], kept: Path) -> None:
    """``family-<config>.png``: the MP4's rows, the GIF's and the player's."""
    pages = {}
    for family, trace in traces.items():
        pages[family] = kept / f"player-{family}.html"
        puzzlereel("render", trace, "-o", pages[family])
    shots = player_shots(pages, kept)
    for family, trace in traces.items():
        video = video_frames(family, trace, kept)
        sheet = stack([row(video[:len(MOMENTS)], 200), row(video[len(MOMENTS):], 420),
                       row(gif_frames(family, trace, kept), 200),
                       row(shots[family], 420)])
        report(save(sheet, f"family-{family}"))


def searches(traces: dict[str, Path], kept: Path) -> None:
    """``SEARCHES``: each chart just before its segment ends."""
    for name, family in SEARCHES.items():
        png = kept / f"{name}.png"
        trace = traces[family]
        puzzlereel("preview", trace, "-o", png, "--search", "--size", "960x540",
                   "--time", f"{search_end_time(trace, (960, 540)):.4f}")
        report(save(Image.open(png).convert("RGB"), name))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--frames", type=Path, help="keep every whole frame in this folder")
    parser.add_argument("--only", nargs="+", choices=EXAMPLES, metavar="CONFIG",
                        help="make only these families' sheets (family-CONFIG.png)")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="puzzlereel-docs-") as tmp:
        folder = Path(tmp)
        kept = args.frames or folder
        kept.mkdir(parents=True, exist_ok=True)
        traces = {name: solve(name, folder) for name in args.only or EXAMPLES}
        if not args.only:
            layouts(traces, kept)
            stories(traces, kept)
        family_sheets(traces, kept)
        if not args.only:
            report(save(row(loop_frames(traces["hakoiri-musume"], kept), 240),
                        "opening-ending-loop"))
            searches(traces, kept)


if __name__ == "__main__":
    main()
