"""The animated SVG (``render.backends.svg``): one element per piece moved by CSS keyframes on the
film's timeline; self-contained and deterministic; small (Hakoiri under a fifth of its
GIF, a 1,000-move trace under 1 MB); and faithful: in headless Chromium, paused with the
Web Animations API on the opening, mid-move, after the last move and on the ending,
it shows what the raster frame of that time shows (one config per family, compared
downscaled).

The browser is Debian's ``chromium`` driven by Playwright's Python package with the
system browser (``executable_path``); nothing is downloaded.  Without them (Chromium,
and Playwright from the ``browser`` extra) the browser tests are skipped with a message
saying which to install, unless ``PUZZLEREEL_REQUIRE_BROWSER`` is set.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from puzzlereel.render.api import render_trace
from puzzlereel.render.direction.director import Director
from puzzlereel.render.film.easing import CURVES, EASINGS, bezier, bezier_param
from puzzlereel.render.film.timeline import HOLD, MOVE, PAYOFF, RETURN, frame_time
from puzzlereel.render.options import RenderOptions
from puzzlereel.trace import TraceError
from tests.fixtures import CONFIGS, long_tile_trace
from tests.render.examples import example_trace
from tests.render.films import directed, frame

# one config per family (sliding blocks, tiles, pegs, queens, Mastermind, equations)
EXAMPLES = ["hakoiri-musume", "eight-puzzle", "triangle", "n-queens-8",
            "mastermind-9431-simple", "send-more-money", "komachi-100", "oomachi"]


L_PIECE = "\n".join(json.dumps(o) for o in (
    {"type": "header", "format": "puzzlereel-trace", "version": 1, "puzzle": "sliding-block",
     "title": "An L", "board": {"width": 4, "height": 3, "exits": []},
     "pieces": [{"id": "A", "x": 0, "y": 0, "cells": [[0, 0], [0, 1], [1, 1]]},
                {"id": "b", "x": 3, "y": 0, "w": 1, "h": 1}],
     "goal": {"piece": "A", "x": 2, "y": 1}, "moves": 2},
    {"type": "move", "n": 1, "piece": "A", "path": [[1, 0], [2, 0]]},
    {"type": "move", "n": 2, "piece": "A", "path": [[2, 1]]},
    {"type": "end", "status": "solved", "moves": 2})) + "\n"


def trace_of(name: str) -> str:
    """An example config's trace, or one of the made-up ones the tests also draw: a
    Mastermind board that scrolls, a block that is not a rectangle."""
    if name == "mastermind-scrolling":
        return scrolling_mastermind()
    if name == "l-piece":
        return L_PIECE
    return example_trace(CONFIGS / f"{name}.toml")


def scrolling_mastermind() -> str:
    """Twelve guesses and no ``moves`` in the header: the board shows ten rows and
    scrolls for the last two."""
    from puzzlereel.rules.mastermind import answer

    secret = (1, 0, 1, 1)
    rng = random.Random(3)
    codes = [c for c in (tuple(rng.randrange(3) for _ in range(4)) for _ in range(11))
             if c != secret][:11] + [secret]
    lines = [json.dumps({"type": "header", "format": "puzzlereel-trace", "version": 1,
                         "puzzle": "mastermind", "title": "Twelve guesses", "symbols": 3,
                         "length": 4, "repeats": True, "secret": list(secret)})]
    for n, code in enumerate(codes, 1):
        bulls, cows = answer(secret, code)
        lines.append(json.dumps({"type": "guess", "n": n, "code": list(code), "bulls": bulls,
                                 "cows": cows}))
    lines.append(json.dumps({"type": "end", "status": "solved"}))
    return "\n".join(lines) + "\n"


def write_vector(fmt: str, text: str, out: Path, options: RenderOptions | None = None) -> None:
    """The trace ``text`` rendered to ``out`` (an SVG or an HTML player)."""
    render_trace(io.StringIO(text), "<test>", [(fmt, out)], options or RenderOptions())


def svg_of(text: str, options: RenderOptions | None = None, tmp: Path | None = None) -> str:
    out = (tmp or Path(os.environ.get("TMPDIR", "/tmp"))) / "t.svg"
    write_vector("svg", text, out, options)
    return out.read_text(encoding="utf-8")


# ---------------------------------------------------------------- the file


def test_css_curves_follow_the_videos_easings() -> None:
    for name, curve in CURVES.items():
        ease = EASINGS[name]
        for i in range(101):
            p = i / 100
            u = bezier_param(curve, p)      # where the curve's progress is p
            t = bezier(u, curve[0], curve[2])
            assert abs(ease(t) - p) < 0.012, (name, t)


def test_one_element_per_piece_and_keyframes_per_piece_not_per_frame(tmp_path: Path) -> None:
    text = svg_of(trace_of("hakoiri-musume"), tmp=tmp_path)
    root = ET.fromstring(text)                  # well-formed XML
    ns = "{http://www.w3.org/2000/svg}"
    pieces = root.findall(f".//{ns}g[@data-piece]")
    assert len(pieces) == 10
    rules = re.findall(r"@keyframes (p\d+)\{(.*?\}\})", text)
    moved = {name: body for name, body in rules}
    assert len(moved) >= 10                     # every piece moves (and its outline)
    frames = sum(body.count("%{") for body in moved.values())
    assert frames < 81 * 12                     # a few keyframes a move, not one a frame
    duration = float(re.search(r"animation-duration:([\d.]+)s", text).group(1))
    assert "animation-iteration-count:infinite" in text
    assert duration > 30


def test_self_contained_and_deterministic(tmp_path: Path) -> None:
    trace = trace_of("triangle")
    a, b = svg_of(trace, tmp=tmp_path), svg_of(trace, tmp=tmp_path)
    assert a == b
    assert "<script" not in a and "@import" not in a and "@font-face" not in a
    assert "href" not in a
    assert not re.search(r"url\((?!#)", a)
    assert re.findall(r"https?://[^\"]+", a) == ["http://www.w3.org/2000/svg"]


def test_every_family_renders(tmp_path: Path) -> None:
    for name in EXAMPLES:
        text = svg_of(trace_of(name), tmp=tmp_path)
        ET.fromstring(text)
        assert "@keyframes" in text, name


def test_a_bad_trace_leaves_nothing(tmp_path: Path) -> None:
    out = tmp_path / "bad.svg"
    bad = trace_of("hakoiri-musume").replace('"piece":"A"', '"piece":"Z"', 1)
    with pytest.raises(TraceError):
        write_vector("svg", bad, out)
    assert not out.exists() and not list(tmp_path.iterdir())


def test_an_output_of_a_shared_replay(tmp_path: Path) -> None:
    """The SVG written beside other formats from one replay is the SVG written alone."""
    text = trace_of("send-more-money")
    out, gif = tmp_path / "x.svg", tmp_path / "x.gif"
    render_trace(io.StringIO(text), "<t>", [("gif", gif), ("svg", out)], RenderOptions())
    assert out.read_text(encoding="utf-8") == svg_of(text, tmp=tmp_path)


# ---------------------------------------------------------------- size


def test_hakoiri_is_a_fifth_of_its_gif_or_less(tmp_path: Path) -> None:
    trace = trace_of("hakoiri-musume")
    gif = tmp_path / "h.gif"
    render_trace(io.StringIO(trace), "<h>", [("gif", gif)], RenderOptions())
    svg = svg_of(trace, tmp=tmp_path).encode()
    assert len(svg) * 5 <= gif.stat().st_size, (len(svg), gif.stat().st_size)
    assert len(gzip.compress(svg, 9)) < len(svg) / 4


def test_a_thousand_moves_fit_in_a_megabyte(tmp_path: Path) -> None:
    svg = svg_of(long_tile_trace(1000), tmp=tmp_path).encode()
    assert len(svg) <= 1_000_000, len(svg)
    assert svg.count(b"Move ") >= 1000           # one counter line a move


# ---------------------------------------------------------------- in a real browser





def raster_film(trace: str, options: RenderOptions) -> Director:
    """The compact (GIF-like) film of ``trace`` at the options' frame rate, looping back
    to its start as the GIF and the SVG do, planned, drawing nothing until asked for a
    frame."""
    return directed(trace, options, layout="compact", fps=options.fps, whole=True,
                    loop=True)


PAUSE_AT = """t => { for (const a of document.getAnimations()) { a.pause();
                      a.currentTime = t * 1000; } }"""


def shoot(page: Any, seconds: float) -> np.ndarray:
    page.evaluate(PAUSE_AT, seconds)
    png = page.screenshot()
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))


def blocks(img: np.ndarray, k: int) -> np.ndarray:
    """``img`` averaged over k x k blocks (what a small thumbnail shows)."""
    h, w = (img.shape[0] // k) * k, (img.shape[1] // k) * k
    return img[:h, :w].astype(np.float32).reshape(h // k, k, w // k, k, 3).mean(axis=(1, 3))


def moments(d: Director) -> dict[str, int]:
    """Frames to compare: the opening with the title, a mid-move frame, the last move's
    last frame, the middle of the payoff, the hold on the final position, the result,
    the middle of the return to the start, and the last frame (the first picture
    again)."""
    plan = d.plan
    assert plan is not None
    starts, n = [], 0
    for count in plan.counts:
        starts.append(n)
        n += count
    moves = [(starts[k], plan.counts[k]) for k, ph in enumerate(plan.phases)
             if ph.kind == MOVE and plan.counts[k] > 1]
    out = {"last": n - 1, "result": plan.ending_frame()}
    if d.options.title:
        out["title"] = 10
    if moves:
        f0, count = moves[len(moves) // 2]
        out["mid-move"] = f0 + count // 2
        f0, count = moves[-1]
        out["after the last move"] = f0 + count - 1
    for k, ph in enumerate(plan.phases):     # a move that turns a corner, 1/3 in
        if ph.kind == MOVE and ph.step is not None and plan.counts[k] > 2 and len(
                set(plan.beats[ph.step].note) & set("←→↑↓")) > 1:
            out["a corner"] = starts[k] + plan.counts[k] // 3
            break
    for k, ph in enumerate(plan.phases):
        if ph.kind in (PAYOFF, HOLD, RETURN) and plan.counts[k] > 1:
            out[ph.kind] = starts[k] + plan.counts[k] // 2
    return out


@pytest.mark.parametrize("name", [*EXAMPLES, "mastermind-scrolling", "l-piece"])
def test_the_svg_shows_what_the_video_shows(browser: Any, tmp_path: Path, name: str) -> None:
    trace = trace_of(name)
    options = RenderOptions()
    out = tmp_path / f"{name}.svg"
    write_vector("svg", trace, out, options)
    d = raster_film(trace, options)
    film, plan = d.film, d.plan
    assert plan is not None
    text = out.read_text(encoding="utf-8")
    assert f'width="{film.width}" height="{film.height}"' in text
    duration = float(re.search(r"animation-duration:([\d.]+)s", text).group(1))
    assert abs(duration * plan.fps - plan.total_frames) < 0.5
    page = browser.new_page(viewport={"width": film.width, "height": film.height})
    problems: list[str] = []
    page.on("console", lambda m: m.type in ("error", "warning") and problems.append(m.text))
    page.goto(out.resolve().as_uri())
    assert page.evaluate("document.getAnimations().length") > 0
    for what, index in moments(d).items():
        t = frame_time(index, plan.fps)
        # a frame shows the film at the end of its time on screen; the looping SVG shows
        # its first picture again at the very end, so it is paused just before
        seen = shoot(page, t - 0.001)
        want = frame(film, t)
        assert seen.shape == want.shape, what
        # blocks of about a quarter of a cell on the board
        k = max(4, d.layout.cell // 4)
        a, b = blocks(seen, k), blocks(want, k)
        diff = np.abs(a - b).max(axis=2)
        # a piece out of place by a cell leaves blocks differing by ~100 levels; text
        # set by two different rasterisers differs by much less once averaged
        assert diff.mean() < 6, (name, what, float(diff.mean()))
        assert np.percentile(diff, 99.5) < 60, (name, what, float(np.percentile(diff, 99.5)))
    assert problems == []
    page.close()


def test_it_plays_inside_an_img_tag(browser: Any, tmp_path: Path) -> None:
    """As a README shows it: an ``<img>`` whose SVG animates on its own (no script)."""
    svg = tmp_path / "solution.svg"
    write_vector("svg", trace_of("eight-puzzle"), svg)
    page_file = tmp_path / "readme.html"
    page_file.write_text('<!doctype html><title>r</title><img id="i" src="solution.svg" '
                         'alt="solution">', encoding="utf-8")
    page = browser.new_page(viewport={"width": 600, "height": 600})
    page.goto(page_file.resolve().as_uri())
    page.wait_for_function("document.getElementById('i').complete")
    first = page.locator("#i").screenshot()
    page.wait_for_timeout(3000)           # the moves have started by now
    later = page.locator("#i").screenshot()
    assert first != later
    page.wait_for_timeout(700)            # and the pieces keep moving
    assert page.locator("#i").screenshot() != later
    page.close()
