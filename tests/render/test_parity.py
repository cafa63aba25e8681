"""One description, every format, without a browser: the film sampled at a time as a
static SVG and rasterised by resvg shows what the raster backend draws for that time
(one config per family, at the title card, mid-move, after the last move and on the end
card), compared as the small greyscale thumbnails a viewer would judge them by."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from puzzlereel.render.backends.markup import still_svg
from puzzlereel.render.film.timeline import MOVE, frame_time
from puzzlereel.render.film.typeset import BOLD_FONT_FILE, FONT_FILE
from puzzlereel.render.options import RenderOptions
from tests.render.films import directed, frame
from tests.render.test_svg import EXAMPLES, trace_of

resvg_py = pytest.importorskip("resvg_py")


def thumbnail(img: np.ndarray) -> np.ndarray:
    """64 pixels wide, greyscale."""
    h, w = img.shape[:2]
    small = Image.fromarray(img).convert("L").resize((64, max(1, round(64 * h / w))),
                                                     Image.BILINEAR)
    return np.asarray(small).astype(np.float64)


def rasterised(svg: str) -> np.ndarray:
    png = resvg_py.svg_to_bytes(svg_string=svg, font_files=[str(FONT_FILE), str(BOLD_FONT_FILE)],
                                skip_system_fonts=True)
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))


@pytest.mark.parametrize("layout", ["video", "compact"])
@pytest.mark.parametrize("name", EXAMPLES)
def test_the_still_svg_shows_the_raster_frame(name: str, layout: str) -> None:
    d = directed(trace_of(name), RenderOptions(), layout=layout, whole=True)
    film, plan = d.film, d.plan
    assert plan is not None
    moves = [k for k, p in enumerate(plan.phases) if p.kind == MOVE and plan.counts[k] > 1]
    starts = np.cumsum([0, *plan.counts])
    at = {"title": 5, "end card": plan.total_frames - 1}
    if moves:
        mid = moves[len(moves) // 2]
        at["mid-move"] = int(starts[mid] + plan.counts[mid] // 2)
        at["after the last move"] = int(starts[moves[-1]] + plan.counts[moves[-1]] - 1)
    for what, index in at.items():
        t = frame_time(index, plan.fps)
        raster = frame(film, t)
        vector = rasterised(still_svg(film.still(t), film.width, film.height,
                                      film.background))
        assert vector.shape == raster.shape
        diff = np.abs(thumbnail(vector) - thumbnail(raster))
        assert diff.mean() <= 1.5, (name, layout, what, diff.mean())
        assert diff.max() <= 40, (name, layout, what, diff.max())
