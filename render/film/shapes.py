"""The vocabulary a scene describes its puzzle with: rectangles (rounded or not),
circles, polygons (corners rounded or not), text and groups, each with a fill, a stroke
and an opacity.  Shapes are plain frozen values in a frame's pixels (floats); every
backend draws the same values: the raster backend (``render.raster``) turns them into
anti-aliased sprites, the SVG and the player (``render.backends.markup``) into SVG elements.

Strokes are centred on the outline, as in SVG: a rectangle ``w`` wide with a stroke
``s`` wide covers ``w + s`` pixels.  A dashed stroke (``dash`` > 0) has dashes and gaps
``dash`` long, counted along the outline from its start (a rectangle's starts at its
top-left corner after the rounding and runs clockwise; a polygon's at its first point).
Text is one line set in the bundled font (DejaVu Sans), anchored at ``(x, y)``: ``x``
is its left end, middle or right end (``anchor``), ``y`` the middle of its line box.

``bounds`` gives any shape's box, so that a backend knows where a shape can paint
without drawing it.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from puzzlereel.render.film.theme import RGB

Point = tuple[float, float]
Box = tuple[float, float, float, float]      # x0, y0, x1, y1


@dataclass(frozen=True)
class Rect:
    """A rectangle from (x, y), ``w`` x ``h``, corners rounded with radius ``rx``."""

    x: float
    y: float
    w: float
    h: float
    fill: RGB | None
    rx: float = 0.0
    stroke: RGB | None = None
    stroke_width: float = 0.0
    dash: float = 0.0
    opacity: float = 1.0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: RGB | None
    stroke: RGB | None = None
    stroke_width: float = 0.0
    opacity: float = 1.0


@dataclass(frozen=True)
class Polygon:
    """One or more closed loops of points, filled even-odd; ``radius`` rounds the convex
    corners (a corner turning clockwise on screen), concave ones stay sharp."""

    loops: tuple[tuple[Point, ...], ...]
    fill: RGB | None
    stroke: RGB | None = None
    stroke_width: float = 0.0
    radius: float = 0.0
    dash: float = 0.0
    opacity: float = 1.0


@dataclass(frozen=True)
class Text:
    """One line of ``text`` at ``size`` pixels; ``anchor``: "start", "middle" or "end"
    (which point of the line ``x`` is); ``y`` is the middle of the line box.  A
    ``vertical`` line is turned a quarter to the left (it reads upwards) about (x, y),
    which is then the middle of its line box."""

    x: float
    y: float
    text: str
    size: int
    fill: RGB
    anchor: str = "middle"
    bold: bool = False
    opacity: float = 1.0
    vertical: bool = False


@dataclass(frozen=True)
class Chequer:
    """A board of ``n`` x ``n`` squares ``square`` pixels wide from (x, y), ``light``
    where row + column is even, ``dark`` elsewhere (a pattern fill in SVG)."""

    x: float
    y: float
    n: int
    square: float
    light: RGB
    dark: RGB
    opacity: float = 1.0


@dataclass(frozen=True)
class Group:
    """Shapes drawn together, in order, moved by (x, y) and faded by ``opacity``."""

    children: tuple[Shape, ...] = field(default_factory=tuple)
    x: float = 0.0
    y: float = 0.0
    opacity: float = 1.0


Shape = Rect | Circle | Polygon | Text | Chequer | Group


def group(shapes: Sequence[Shape], x: float = 0.0, y: float = 0.0,
          opacity: float = 1.0) -> Group:
    return Group(tuple(shapes), x, y, opacity)


def rounded_box(x: float, y: float, w: float, h: float, fill: RGB, border: RGB | None,
                border_px: float, radius: float) -> Rect:
    """A box whose border lies inside its edge (the stroke pulled in by half its width)."""
    if border is None or border_px <= 0:
        return Rect(x, y, w, h, fill, rx=radius)
    half = border_px / 2
    return Rect(x + half, y + half, max(0.0, w - border_px), max(0.0, h - border_px), fill,
                rx=max(0.0, radius - half), stroke=border, stroke_width=border_px)


def polyomino(cells: Sequence[tuple[int, int]], cell: float, inset: float,
              x: float = 0.0, y: float = 0.0) -> tuple[tuple[Point, ...], ...]:
    """The outline of a polyomino (cells relative to its bounding box, top-left at
    (``x``, ``y``)), each edge pulled in by ``inset``: one loop per boundary, clockwise
    on screen (the inside on the right), corners only."""
    have = set(cells)
    edges: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for cx, cy in sorted(have):
        for (ax, ay), (bx, by), side in (((cx, cy), (cx + 1, cy), (0, -1)),
                                         ((cx + 1, cy), (cx + 1, cy + 1), (1, 0)),
                                         ((cx + 1, cy + 1), (cx, cy + 1), (0, 1)),
                                         ((cx, cy + 1), (cx, cy), (-1, 0))):
            if (cx + side[0], cy + side[1]) not in have:
                edges.setdefault((ax, ay), []).append((bx, by))
    loops = []
    while edges:
        start = min(edges)
        loop = [start]
        here = start
        while True:
            ends = edges[here]
            nxt = ends.pop()
            if not ends:
                del edges[here]
            if nxt == start:
                break
            loop.append(nxt)
            here = nxt
        corners = [v for i, v in enumerate(loop)
                   if _turn(loop[i - 1], v, loop[(i + 1) % len(loop)]) != 0]
        loops.append(tuple(_pulled_in(corners, cell, inset, x, y)))
    return tuple(loops)


def _turn(a: tuple[float, float], v: tuple[float, float], b: tuple[float, float]) -> float:
    """The cross product of a->v and v->b: > 0 where the path turns clockwise on screen."""
    return (v[0] - a[0]) * (b[1] - v[1]) - (v[1] - a[1]) * (b[0] - v[0])


def _unit(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return ((b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1]))


def _pulled_in(corners: list[tuple[int, int]], cell: float, inset: float, x: float,
               y: float) -> Iterator[Point]:
    n = len(corners)
    for i, v in enumerate(corners):
        din, dout = _unit(corners[i - 1], v), _unit(v, corners[(i + 1) % n])
        yield (x + v[0] * cell + inset * (-din[1] - dout[1]),
               y + v[1] * cell + inset * (din[0] + dout[0]))


def rounded_outline(loop: Sequence[Point], radius: float) -> Iterator[tuple[Point, Point, bool]]:
    """The corners of a closed ``loop`` with their rounding: for each corner, the points
    where its arc starts and ends (the corner itself twice when it stays sharp) and
    whether it is rounded."""
    n = len(loop)
    for i, v in enumerate(loop):
        a, b = loop[i - 1], loop[(i + 1) % n]
        convex = _turn(a, v, b) > 0
        r = min(radius, _length(a, v) / 2, _length(v, b) / 2) if convex else 0.0
        if r <= 0:
            yield v, v, False
            continue
        da, db = _direction(a, v), _direction(v, b)
        yield ((v[0] - da[0] * r, v[1] - da[1] * r), (v[0] + db[0] * r, v[1] + db[1] * r), True)


def corner_radius(loop: Sequence[Point], i: int, radius: float) -> float:
    """The radius corner ``i`` of ``loop`` is rounded with (0 when sharp)."""
    a, v, b = loop[i - 1], loop[i], loop[(i + 1) % len(loop)]
    if _turn(a, v, b) <= 0:
        return 0.0
    return max(0.0, min(radius, _length(a, v) / 2, _length(v, b) / 2))


def _length(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def _direction(a: Point, b: Point) -> Point:
    d = _length(a, b) or 1.0
    return ((b[0] - a[0]) / d, (b[1] - a[1]) / d)


def scaled(shape: Shape, s: float) -> Shape:
    """``shape`` scaled by ``s`` about the origin (text sizes rounded to whole pixels)."""
    if isinstance(shape, Rect):
        return replace(shape, x=shape.x * s, y=shape.y * s, w=shape.w * s, h=shape.h * s,
                       rx=shape.rx * s, stroke_width=shape.stroke_width * s,
                       dash=shape.dash * s)
    if isinstance(shape, Circle):
        return replace(shape, cx=shape.cx * s, cy=shape.cy * s, r=shape.r * s,
                       stroke_width=shape.stroke_width * s)
    if isinstance(shape, Polygon):
        return replace(shape, loops=tuple(tuple((x * s, y * s) for x, y in loop)
                                          for loop in shape.loops),
                       stroke_width=shape.stroke_width * s, radius=shape.radius * s,
                       dash=shape.dash * s)
    if isinstance(shape, Text):
        return replace(shape, x=shape.x * s, y=shape.y * s, size=max(1, round(shape.size * s)))
    if isinstance(shape, Chequer):
        return replace(shape, x=shape.x * s, y=shape.y * s, square=shape.square * s)
    return Group(tuple(scaled(c, s) for c in shape.children), shape.x * s, shape.y * s,
                 shape.opacity)


# ---------------------------------------------------------------- extents


def bounds(shape: Shape) -> Box:
    """The box ``shape`` can paint in (strokes included; text by its measured width)."""
    if isinstance(shape, Rect):
        s = shape.stroke_width / 2 if shape.stroke is not None else 0.0
        return (shape.x - s, shape.y - s, shape.x + shape.w + s, shape.y + shape.h + s)
    if isinstance(shape, Circle):
        r = shape.r + (shape.stroke_width / 2 if shape.stroke is not None else 0.0)
        return (shape.cx - r, shape.cy - r, shape.cx + r, shape.cy + r)
    if isinstance(shape, Polygon):
        s = shape.stroke_width / 2 if shape.stroke is not None else 0.0
        xs = [p[0] for loop in shape.loops for p in loop] or [0.0]
        ys = [p[1] for loop in shape.loops for p in loop] or [0.0]
        return (min(xs) - s, min(ys) - s, max(xs) + s, max(ys) + s)
    if isinstance(shape, Text):
        from puzzlereel.render.film.typeset import text_box

        w, h = text_box(shape.text, shape.size, shape.bold)
        if shape.vertical:
            return (shape.x - h // 2, shape.y - w // 2, shape.x - h // 2 + h, shape.y - w // 2 + w)
        x0 = shape.x - (w // 2 if shape.anchor == "middle" else w if shape.anchor == "end" else 0)
        return (x0, shape.y - h // 2, x0 + w, shape.y - h // 2 + h)
    if isinstance(shape, Chequer):
        side = shape.n * shape.square
        return (shape.x, shape.y, shape.x + side, shape.y + side)
    box = union(bounds(child) for child in shape.children)
    return (box[0] + shape.x, box[1] + shape.y, box[2] + shape.x, box[3] + shape.y)


EMPTY_BOX: Box = (0.0, 0.0, 0.0, 0.0)


def union(boxes: Iterator[Box] | Sequence[Box]) -> Box:
    """The smallest box holding every one of ``boxes`` (empty ones left out)."""
    out: Box | None = None
    for b in boxes:
        if b[2] <= b[0] or b[3] <= b[1]:
            continue
        out = b if out is None else (min(out[0], b[0]), min(out[1], b[1]),
                                     max(out[2], b[2]), max(out[3], b[3]))
    return out or EMPTY_BOX


def colours(shape: Shape) -> Iterator[RGB]:
    """Every flat colour ``shape`` paints with (for GIF palettes)."""
    if isinstance(shape, Group):
        for child in shape.children:
            yield from colours(child)
        return
    if isinstance(shape, Chequer):
        yield shape.light
        yield shape.dark
        return
    fill = shape.fill
    if fill is not None:
        yield fill
    stroke = getattr(shape, "stroke", None)
    if stroke is not None:
        yield stroke


def texts(shape: Shape) -> Iterator[Text]:
    """Every line of text ``shape`` draws."""
    if isinstance(shape, Group):
        for child in shape.children:
            yield from texts(child)
    elif isinstance(shape, Text):
        yield shape


def placed_texts(shape: Shape, x: float = 0.0,
                 y: float = 0.0) -> Iterator[tuple[float, float, Text]]:
    """Every line of text ``shape`` draws, with the pixel it is set at (``shape`` drawn
    at ``x``, ``y``)."""
    if isinstance(shape, Group):
        for child in shape.children:
            yield from placed_texts(child, x + shape.x, y + shape.y)
    elif isinstance(shape, Text):
        yield x + shape.x, y + shape.y, shape


__all__ = ["EMPTY_BOX", "Box", "Chequer", "Circle", "Group", "Point", "Polygon", "Rect", "Shape",
           "Text", "bounds", "colours", "corner_radius", "group", "polyomino", "rounded_box",
           "rounded_outline", "scaled", "placed_texts", "texts", "union"]
