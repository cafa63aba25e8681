"""Shapes as SVG markup, for the animated SVG and the player.

Numbers are written with at most two decimals and no trailing zeros, so the same shapes
always give the same bytes.  Strokes have round joins and ends (as the raster backend
draws them); polygons fill even-odd; a chequer is a rectangle filled with a pattern
(``Defs`` collects the patterns and clip paths a drawing refers to).  Text from a trace
is escaped for XML, and the characters XML cannot hold at all (most control
characters) are left out (``xml_text``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzlereel.ground import escape
from puzzlereel.render.film.shapes import (
    Box,
    Chequer,
    Circle,
    Polygon,
    Rect,
    Shape,
    Text,
    rounded_outline,
)
from puzzlereel.render.film.theme import RGB

FONT_STACK = '"DejaVu Sans",Verdana,"Helvetica Neue",Arial,sans-serif'


def xml_text(text: str) -> str:
    """``text`` as XML character data or an attribute value (``puzzlereel.ground.escape``)."""
    return escape.xml_text(text)


def num(value: float, places: int = 2) -> str:
    """``value`` with at most ``places`` decimals, trailing zeros and "-0" dropped."""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def hexcolour(colour: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


@dataclass
class Defs:
    """The patterns and clip paths a drawing's markup refers to, each written once."""

    items: dict[str, str] = field(default_factory=dict)
    keys: dict[str, str] = field(default_factory=dict)
    space: str = ""          # before every id: drawings in one page never share one

    def pattern(self, square: float, light: RGB, dark: RGB, x: float, y: float) -> str:
        key = f"{num(square)}-{hexcolour(light)}-{hexcolour(dark)}-{num(x)}-{num(y)}"
        ident = self._id("p", key)
        if ident not in self.items:
            s2 = num(2 * square)
            s = num(square)
            self.items[ident] = (
                f'<pattern id="{ident}" width="{s2}" height="{s2}" x="{num(x)}" y="{num(y)}" '
                f'patternUnits="userSpaceOnUse"><rect width="{s2}" height="{s2}" '
                f'fill="{hexcolour(light)}"/><path d="M{s} 0h{s}v{s}h-{s}ZM0 {s}h{s}v{s}h-{s}Z" '
                f'fill="{hexcolour(dark)}"/></pattern>')
        return ident

    def clip(self, box: Box) -> str:
        x0, y0, x1, y1 = box
        key = f"{num(x0)}-{num(y0)}-{num(x1)}-{num(y1)}"
        ident = self._id("c", key)
        if ident not in self.items:
            self.items[ident] = (f'<clipPath id="{ident}"><rect x="{num(x0)}" y="{num(y0)}" '
                                 f'width="{num(x1 - x0)}" height="{num(y1 - y0)}"/></clipPath>')
        return ident

    def _id(self, prefix: str, key: str) -> str:
        if key not in self.keys:
            self.keys[key] = f"{self.space}{prefix}{len(self.keys)}"
        return self.keys[key]

    def markup(self) -> str:
        return "<defs>" + "".join(self.items.values()) + "</defs>" if self.items else ""


def _paint(fill: RGB | None, stroke: RGB | None, width: float, opacity: float,
           dash: float = 0.0) -> str:
    out = f' fill="{hexcolour(fill)}"' if fill is not None else ' fill="none"'
    if stroke is not None and width > 0:
        out += (f' stroke="{hexcolour(stroke)}" stroke-width="{num(width)}"'
                ' stroke-linejoin="round" stroke-linecap="round"')
        if dash > 0:
            out += f' stroke-dasharray="{num(dash)}"'
    if opacity < 1.0:
        out += f' opacity="{num(opacity, 3)}"'
    return out


def polygon_path(p: Polygon) -> str:
    """A polygon's loops as path data, convex corners rounded with arcs."""
    parts = []
    for loop in p.loops:
        if len(loop) < 3:
            continue
        out = []
        for i, ((a, b, rounded), _v) in enumerate(zip(rounded_outline(loop, p.radius), loop)):
            out.append(("M" if i == 0 else "L") + f"{num(a[0])} {num(a[1])}")
            if rounded:
                r = ((a[0] - _v[0]) ** 2 + (a[1] - _v[1]) ** 2) ** 0.5
                out.append(f"A{num(r)} {num(r)} 0 0 1 {num(b[0])} {num(b[1])}")
        parts.append("".join(out) + "Z")
    return "".join(parts)


def text_attrs(shape: Text) -> str:
    """A text's attributes but its place: size, anchor, weight, colour, opacity."""
    anchor = f' text-anchor="{shape.anchor}"' if shape.anchor != "start" else ""
    # the bold face, as the raster sets it (DejaVu Sans Bold, ``typeset.BOLD_FONT_FILE``)
    bold = ' font-weight="bold"' if shape.bold else ""
    opacity = f' opacity="{num(shape.opacity, 3)}"' if shape.opacity < 1.0 else ""
    if shape.vertical:
        anchor = (' text-anchor="middle" transform="rotate(-90 '
                  f'{num(shape.x)} {num(shape.y)})"')
    return f' font-size="{num(shape.size)}"{anchor}{bold} fill="{hexcolour(shape.fill)}"{opacity}'


def markup(shape: Shape, defs: Defs) -> str:
    """The SVG element(s) for ``shape``."""
    if isinstance(shape, Rect):
        rx = f' rx="{num(shape.rx)}"' if shape.rx > 0 else ""
        paint = _paint(shape.fill, shape.stroke, shape.stroke_width, shape.opacity, shape.dash)
        return (f'<rect x="{num(shape.x)}" y="{num(shape.y)}" width="{num(shape.w)}" '
                f'height="{num(shape.h)}"{rx}{paint}/>')
    if isinstance(shape, Circle):
        return (f'<circle cx="{num(shape.cx)}" cy="{num(shape.cy)}" r="{num(shape.r)}"'
                f'{_paint(shape.fill, shape.stroke, shape.stroke_width, shape.opacity)}/>')
    if isinstance(shape, Polygon):
        paint = _paint(shape.fill, shape.stroke, shape.stroke_width, shape.opacity, shape.dash)
        return f'<path d="{polygon_path(shape)}" fill-rule="evenodd"{paint}/>'
    if isinstance(shape, Text):
        return (f'<text x="{num(shape.x)}" y="{num(shape.y)}"{text_attrs(shape)}>'
                f'{xml_text(shape.text)}</text>')
    if isinstance(shape, Chequer):
        side = shape.n * shape.square
        ident = defs.pattern(shape.square, shape.light, shape.dark, shape.x, shape.y)
        opacity = f' opacity="{num(shape.opacity, 3)}"' if shape.opacity < 1.0 else ""
        return (f'<rect x="{num(shape.x)}" y="{num(shape.y)}" width="{num(side)}" '
                f'height="{num(side)}" fill="url(#{ident})"{opacity}/>')
    attrs = ""
    if shape.x or shape.y:
        attrs += f' transform="translate({num(shape.x)} {num(shape.y)})"'
    if shape.opacity < 1.0:
        attrs += f' opacity="{num(shape.opacity, 3)}"'
    inner = "".join(markup(child, defs) for child in shape.children)
    return f"<g{attrs}>{inner}</g>" if attrs else inner


def still_svg(shapes: list[Shape], width: int, height: int, background: RGB,
              title: str = "") -> str:
    """A static SVG of ``shapes`` (a film's picture at one moment)."""
    defs = Defs()
    body = "".join(markup(s, defs) for s in shapes)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">')
    style = (f"<style>svg{{font-family:{FONT_STACK}}}"
             "text{dominant-baseline:central;white-space:pre}</style>")
    label = f"<title>{xml_text(title)}</title>" if title else ""
    return "".join([head, label, style, defs.markup(),
                    f'<rect width="{width}" height="{height}" fill="{hexcolour(background)}"/>',
                    body, "</svg>"])


__all__ = ["FONT_STACK", "Defs", "hexcolour", "markup", "num", "polygon_path", "still_svg",
           "text_attrs", "xml_text"]
