"""The raster backend: a frame drawn by changing the last one (only where elements
changed, from the underlay, in layer order) has exactly the pixels of the frame drawn
alone, every rectangle it reports holds every changed pixel, and a frame with nothing
changed is reported as held."""

from __future__ import annotations

import numpy as np
import pytest

from puzzlereel.render.backends.compositor import Compositor
from puzzlereel.render.film.elements import Film, Motion
from puzzlereel.render.film.shapes import Circle, Rect
from puzzlereel.render.film.timeline import frame_time
from puzzlereel.render.options import RenderOptions
from tests.fixtures import DATA
from tests.render.films import directed
from tests.render.test_svg import EXAMPLES, trace_of

CASES = ["hakoiri-5", *EXAMPLES]     # the stored 5-move trace, then the examples


def case_trace(case: str) -> str:
    """A case's trace, read or solved when its test runs."""
    if case == "hakoiri-5":
        return (DATA / "hakoiri-5.jsonl").read_text()
    return trace_of(case)


def walk(film: Film, fps: int, frames: int) -> int:
    """Draw ``frames`` frames one after another and check each against a fresh frame;
    return how many were drawn in part."""
    sequential, alone = Compositor(film), Compositor(film)
    before = None
    parts = 0
    for f in range(frames):
        t = frame_time(f, fps)
        change = sequential.next(t)
        got = sequential.buf
        want = alone.frame(t)
        assert np.array_equal(got, want), (f, t)
        if before is not None:
            changed = (got != before).any(axis=2)
            if change.same:
                assert not changed.any(), f
            elif not change.whole:
                parts += 1
                inside = np.zeros_like(changed)
                for x, y, w, h in change.rects:
                    inside[y:y + h, x:x + w] = True
                assert not (changed & ~inside).any(), (f, change)
        before = got.copy()
    return parts


@pytest.mark.parametrize("layout", ["video", "compact"])
@pytest.mark.parametrize("case", CASES)
def test_frames_drawn_in_part_are_the_frames_drawn_whole(case: str, layout: str) -> None:
    options = RenderOptions(size=(320, 180)) if layout == "video" else RenderOptions(cell=12)
    d = directed(case_trace(case), options, layout=layout, fps=10, whole=True)
    assert d.plan is not None
    frames = min(d.plan.total_frames, 400)
    parts = walk(d.film, 10, frames)
    assert parts > 0 or frames < 40


def test_still_things_under_nothing_moving_are_painted_once() -> None:
    film = Film(60, 40, (255, 255, 255))
    board = film.add("board", [Rect(0, 0, 40, 40, (10, 10, 10))], "under")
    piece = film.add("piece", [Circle(5, 5, 4, (250, 0, 0))], x=2, y=2)
    mark = film.add("mark", [Rect(0, 0, 8, 8, None, stroke=(0, 200, 0), stroke_width=2)],
                    "over", x=30, y=2)
    label = film.add("label", [Rect(0, 0, 10, 10, (0, 0, 200))], "chrome", x=45, y=5)
    piece.animate("pos", Motion(0.0, 1.0, "linear", ((0.0, (2.0, 2.0)), (1.0, (30.0, 2.0)))))
    frames = Compositor(film)
    assert frames.live == [piece, mark]            # the mark lies on the piece's way
    assert frames.underlay is not None
    assert {board.name, label.name} == {"board", "label"}
    walk(film, 20, 25)
    assert frames.quiet_until() == 0.0
    frames.next(frame_time(30, 20))
    assert frames.quiet_until() == float("inf")
