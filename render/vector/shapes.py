"""A tiny vector model for boards and pieces: rectangles, circles, paths, text and groups,
written out as SVG markup with fixed number formatting.

Scenes described as vector shapes (``render.vector.<family>``) build these values; the
animated-SVG writer and the HTML player both serialise them with ``markup``.  Numbers are
written with at most two decimals and no trailing zeros, so the same shapes always give
the same bytes.  Coordinates are in the frame's pixels (the SVG's user units).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

from ..theme import RGB


def num(value: float, places: int = 2) -> str:
    """``value`` with at most ``places`` decimals, trailing zeros and "-0" dropped."""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def hexcolour(colour: RGB | str) -> str:
    """``(r, g, b)`` as ``#rrggbb`` (a string, e.g. ``url(#id)``, is used as it is)."""
    if isinstance(colour, str):
        return colour
    return "#{:02x}{:02x}{:02x}".format(*colour)


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: RGB | str | None
    rx: float = 0.0
    stroke: RGB | None = None
    stroke_width: float = 0.0
    opacity: float = 1.0
    dash: float = 0.0           # dashes and gaps this long (0: a solid line)


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
class Path:
    d: str
    fill: RGB | None
    stroke: RGB | None = None
    stroke_width: float = 0.0
    opacity: float = 1.0
    dash: float = 0.0


@dataclass(frozen=True)
class Text:
    """One line of text; ``anchor`` is SVG's ``start``/``middle``/``end`` and ``(x, y)``
    is the anchor point on the line's vertical middle."""

    x: float
    y: float
    text: str
    size: float
    fill: RGB
    anchor: str = "middle"
    bold: bool = False
    opacity: float = 1.0


@dataclass(frozen=True)
class Group:
    """Shapes drawn together; ``ident`` becomes the element's ``id``; ``x``/``y`` a
    translation; ``cls`` its ``class``; ``data`` extra ``data-*`` attributes."""

    children: Sequence[Shape] = ()
    ident: str | None = None
    x: float = 0.0
    y: float = 0.0
    opacity: float = 1.0
    cls: str | None = None
    data: tuple[tuple[str, str], ...] = field(default_factory=tuple)


Shape = Rect | Circle | Path | Text | Group


def _paint(fill: RGB | str | None, stroke: RGB | None, width: float, opacity: float,
           dash: float = 0.0) -> str:
    out = f' fill="{hexcolour(fill)}"' if fill is not None else ' fill="none"'
    if stroke is not None and width > 0:
        out += f' stroke="{hexcolour(stroke)}" stroke-width="{num(width)}"'
        if dash > 0:
            out += f' stroke-dasharray="{num(dash)}"'
    if opacity < 1.0:
        out += f' opacity="{num(opacity, 3)}"'
    return out


def markup(shape: Shape) -> str:
    """The SVG element(s) for ``shape``."""
    if isinstance(shape, Rect):
        rx = f' rx="{num(shape.rx)}"' if shape.rx > 0 else ""
        paint = _paint(shape.fill, shape.stroke, shape.stroke_width, shape.opacity, shape.dash)
        return (f'<rect x="{num(shape.x)}" y="{num(shape.y)}" width="{num(shape.w)}" '
                f'height="{num(shape.h)}"{rx}{paint}/>')
    if isinstance(shape, Circle):
        return (f'<circle cx="{num(shape.cx)}" cy="{num(shape.cy)}" r="{num(shape.r)}"'
                f'{_paint(shape.fill, shape.stroke, shape.stroke_width, shape.opacity)}/>')
    if isinstance(shape, Path):
        paint = _paint(shape.fill, shape.stroke, shape.stroke_width, shape.opacity, shape.dash)
        return f'<path d="{shape.d}"{paint}/>'
    if isinstance(shape, Text):
        anchor = f' text-anchor="{shape.anchor}"' if shape.anchor != "start" else ""
        # heavier as the raster sets it: a stroke of the text's colour, px / 28 each side
        sw = num(max(0.6, shape.size / 14))
        bold = (f' stroke="{hexcolour(shape.fill)}" stroke-width="{sw}" stroke-linejoin="round"'
                if shape.bold else "")
        opacity = f' opacity="{num(shape.opacity, 3)}"' if shape.opacity < 1.0 else ""
        return (f'<text x="{num(shape.x)}" y="{num(shape.y)}" font-size="{num(shape.size)}"'
                f'{anchor}{bold} fill="{hexcolour(shape.fill)}"{opacity}>'
                f'{escape(shape.text, quote=False)}</text>')
    attrs = ""
    if shape.ident is not None:
        attrs += f' id="{shape.ident}"'
    if shape.cls is not None:
        attrs += f' class="{shape.cls}"'
    for key, value in shape.data:
        attrs += f' data-{key}="{escape(value)}"'
    if shape.x or shape.y:
        attrs += f' transform="translate({num(shape.x)} {num(shape.y)})"'
    if shape.opacity < 1.0:
        attrs += f' opacity="{num(shape.opacity, 3)}"'
    inner = "".join(markup(child) for child in shape.children)
    return f"<g{attrs}>{inner}</g>"


def rounded_box(x: float, y: float, w: float, h: float, fill: RGB, border: RGB | None,
                border_px: float, radius: float) -> list[Shape]:
    """A rounded box with a border drawn inside its edge (as the raster sprites are)."""
    if border is None or border_px <= 0:
        return [Rect(x, y, w, h, fill, rx=radius)]
    half = border_px / 2
    return [Rect(x + half, y + half, max(0.0, w - border_px), max(0.0, h - border_px), fill,
                 rx=max(0.0, radius - half), stroke=border, stroke_width=border_px)]


def outline_path(cells: Sequence[tuple[int, int]], cell: float, inset: float,
                 radius: float = 0.0, x: float = 0.0, y: float = 0.0) -> str:
    """The outline of a polyomino (cells relative to its bounding box, top-left at
    (``x``, ``y``)) as one path: its edge pulled in by ``inset`` all round, outer corners
    rounded with ``radius`` and inner corners sharp (as the raster sprites' opening with a
    disc makes them)."""
    have = set(cells)
    edges: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for cx, cy in sorted(have):       # clockwise on screen: the inside is on the right
        for (ax, ay), (bx, by), side in (((cx, cy), (cx + 1, cy), (0, -1)),
                                         ((cx + 1, cy), (cx + 1, cy + 1), (1, 0)),
                                         ((cx + 1, cy + 1), (cx, cy + 1), (0, 1)),
                                         ((cx, cy + 1), (cx, cy), (-1, 0))):
            if (cx + side[0], cy + side[1]) not in have:
                edges.setdefault((ax, ay), []).append((bx, by))
    parts = []
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
        # keep the corners only
        corners = []
        n = len(loop)
        for i, v in enumerate(loop):
            a, b = loop[i - 1], loop[(i + 1) % n]
            if (v[0] - a[0]) * (b[1] - v[1]) != (v[1] - a[1]) * (b[0] - v[0]):
                corners.append(v)
        parts.append(_rounded_loop(corners, cell, inset, radius, x, y))
    return "".join(parts)


def _unit(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return ((b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1]))


def _rounded_loop(corners: list[tuple[int, int]], cell: float, inset: float, radius: float,
                  x: float, y: float) -> str:
    n = len(corners)
    points = []
    for i, v in enumerate(corners):
        din, dout = _unit(corners[i - 1], v), _unit(v, corners[(i + 1) % n])
        # each edge moves inwards (to its right on screen) by the inset
        px = x + v[0] * cell + inset * (-din[1] - dout[1])
        py = y + v[1] * cell + inset * (din[0] + dout[0])
        convex = din[0] * dout[1] - din[1] * dout[0] > 0
        points.append((px, py, din, dout, convex))
    out = []
    for i, (px, py, din, dout, convex) in enumerate(points):
        r = radius if convex else 0.0
        a = (px - din[0] * r, py - din[1] * r)
        b = (px + dout[0] * r, py + dout[1] * r)
        out.append(("M" if i == 0 else "L") + f"{num(a[0])} {num(a[1])}")
        if r > 0:
            out.append(f"A{num(r)} {num(r)} 0 0 1 {num(b[0])} {num(b[1])}")
    return "".join(out) + "Z"


FONT_STACK = '"DejaVu Sans",Verdana,"Helvetica Neue",Arial,sans-serif'

__all__ = ["FONT_STACK", "Circle", "Group", "Path", "Rect", "Shape", "Text", "outline_path",
           "hexcolour", "markup", "num", "rounded_box"]
