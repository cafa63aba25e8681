"""The sliding-block exits: the goal piece leaves into the exit's opening and never lies
over the frame's wall elsewhere nor beyond the frame, the exit's arrow shows at every
moment (no piece over it), and the goal's marks wear the goal piece's colour."""

from __future__ import annotations

import pytest

from puzzlereel.render.direction.director import Director
from puzzlereel.render.film.elements import still_shape
from puzzlereel.render.film.shapes import Box, Group, Polygon, Rect, bounds
from puzzlereel.render.options import RenderOptions
from puzzlereel.render.scenes.block_exits import EXIT_DIRS
from puzzlereel.render.scenes.sliding_block import SlidingBlockScene
from tests.render.films import directed
from tests.render.test_svg import trace_of

SLACK = 0.5         # pixels: anti-aliased edges
SAMPLES = 240

# (layout, options): the landscape video, 9:16, and the looping compact film the GIF
# and the SVG draw
FRAMES = {
    "landscape": ("video", RenderOptions(size=(1280, 720))),
    "shorts": ("video", RenderOptions(size=(1080, 1920))),
    "gif-svg": ("compact", RenderOptions()),
}


def film_of(name: str, frame: str) -> Director:
    layout, options = FRAMES[frame]
    return directed(trace_of(name), options, layout=layout, loop=frame == "gif-svg",
                    explicit=frozenset({"size"}) if options.size else frozenset())


def times(d: Director) -> list[float]:
    """Times all through the film, and densely through the payoff."""
    assert d.plan is not None
    out = [d.film.duration * k / SAMPLES for k in range(SAMPLES + 1)]
    payoff = d.plan.span("payoff")
    assert payoff is not None, "a solved trace with an exit ends on its payoff"
    out += [payoff[0] + (payoff[1] - payoff[0]) * k / 40 for k in range(41)]
    return out


def overlap(a: Box, b: Box) -> Box | None:
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[2] - box[0] > SLACK and box[3] - box[1] > SLACK else None


def inside(a: Box, b: Box) -> bool:
    return (a[0] >= b[0] - SLACK and a[1] >= b[1] - SLACK and a[2] <= b[2] + SLACK
            and a[3] <= b[3] + SLACK)


def walls(scene: SlidingBlockScene) -> tuple[Box, list[Box], list[Box]]:
    """The frame's outer box, the four bands of its wall and its exits' openings, in
    frame pixels."""
    c, fp = scene.cell, scene.fp
    x0, y0 = scene.at_stage.at(scene.ox, scene.oy)
    x1, y1 = x0 + scene.width * c, y0 + scene.height * c
    outer = (x0 - fp, y0 - fp, x1 + fp, y1 + fp)
    bands = [(outer[0], outer[1], outer[2], y0), (outer[0], y1, outer[2], outer[3]),
             (outer[0], outer[1], x0, outer[3]), (x1, outer[1], outer[2], outer[3])]
    openings = []
    for ex in scene.exits:
        side, off, length = ex["side"], ex.get("offset", 0), ex.get("length", 1)
        dx, dy = EXIT_DIRS[side]
        if dy:
            a, b = x0 + off * c, x0 + (off + length) * c
            openings.append((a, y1, b, y1 + fp) if dy > 0 else (a, y0 - fp, b, y0))
        else:
            a, b = y0 + off * c, y0 + (off + length) * c
            openings.append((x1, a, x1 + fp, b) if dx > 0 else (x0 - fp, a, x0, b))
    return outer, bands, openings


def arrows(d: Director) -> list[Box]:
    """The exits' arrows (the board's triangles), in frame pixels."""
    board = next(e for e in d.film.elements if e.name.endswith("board"))
    variant = board.variants[0]
    assert isinstance(variant, Group)
    return [bounds(Group((s,), board.x, board.y)) for s in variant.children
            if isinstance(s, Polygon)]


@pytest.mark.parametrize("frame", list(FRAMES))
@pytest.mark.parametrize("name", ["hakoiri-musume", "rush-hour-style"])
def test_the_goal_piece_leaves_into_the_opening_and_the_arrow_always_shows(
        name: str, frame: str) -> None:
    d = film_of(name, frame)
    scene = d.scene
    assert isinstance(scene, SlidingBlockScene)
    outer, bands, openings = walls(scene)
    marks = arrows(d)
    assert len(marks) == len(scene.exits) == len(openings) == 1
    goal = scene.piece_elements[scene.goals[0][0]]
    above = [e for name_ in ("pieces", "over") for e in d.film.layers[name_]
             if e.role == "board"]
    for t in times(d):
        shape = still_shape(goal, goal.state(t))
        assert shape is not None
        box = bounds(shape)
        assert inside(box, outer), (t, box, outer)        # never beyond the frame
        for band in bands:
            part = overlap(box, band)
            assert part is None or any(inside(part, o) for o in openings), (t, part)
        for element in above:
            drawn = still_shape(element, element.state(t))
            if drawn is not None:
                assert overlap(bounds(drawn), marks[0]) is None, (t, element.name)
    assert d.plan is not None     # the solved position's last frame (a loop's return follows)
    end = goal.state(d.plan.ending_frame() / d.fps)
    start_of_payoff = goal.state(d.plan.span("payoff")[0])  # type: ignore[index]
    assert (end.x, end.y) != (start_of_payoff.x, start_of_payoff.y)   # it does leave
    leaving = bounds(still_shape(goal, end))                 # type: ignore[arg-type]
    assert overlap(leaving, openings[0]) is not None         # ... into the opening


def test_the_goal_marks_wear_the_goal_pieces_colour() -> None:
    """The red car's target outline and its exit's arrow are red, as it is; a goal
    piece in the goal colour keeps the theme's target and accent."""
    for name in ("rush-hour-style", "hakoiri-musume"):
        d = film_of(name, "gif-svg")
        scene = d.scene
        assert isinstance(scene, SlidingBlockScene)
        fill = scene.fills[scene.goals[0][0]]
        target = d.film.names[next(n for n in d.film.names if n.endswith("target"))]
        outline = target.variants[0]
        assert isinstance(outline, Group)
        strokes = {s.stroke for s in outline.children if isinstance(s, Rect)} - {
            d.theme.board}
        board = next(e for e in d.film.elements if e.name.endswith("board")).variants[0]
        assert isinstance(board, Group)
        arrow = {s.fill for s in board.children if isinstance(s, Polygon)}
        if fill == d.theme.goal:
            assert strokes == {d.theme.target} and arrow == {d.theme.accent}
        else:
            assert strokes == {fill} and arrow == {fill}, (strokes, arrow, fill)
