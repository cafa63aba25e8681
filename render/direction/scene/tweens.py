"""The changes a beat is made of, as ``Tween``s: an element sliding along a path,
fading, appearing or vanishing, switching variant, any property through stops, a
moving piece's glow."""

from __future__ import annotations

import math
from collections.abc import Sequence

from puzzlereel.render.direction.scene.beats import Tween
from puzzlereel.render.film.elements import Element, Stop, Value


def slide(element: Element, points: Sequence[tuple[float, float]],
          easing: str | None = None) -> Tween:
    """``element`` moving along ``points`` (frame pixels) as one motion eased over its
    whole length: each point is reached at its share of the distance."""
    pts = [tuple(p) for p in points]
    lengths = [0.0]
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        lengths.append(lengths[-1] + math.hypot(bx - ax, by - ay))
    total = lengths[-1] or 1.0
    stops: list[Stop] = []
    for d, p in zip(lengths, pts):
        # points inside a straight run change nothing: keep the corners
        if stops and len(stops) >= 2 and _straight(stops[-2][1], stops[-1][1], p):
            stops[-1] = (d / total, (p[0], p[1]))
            continue
        stops.append((d / total, (p[0], p[1])))
    if len(stops) == 1:
        stops.append((1.0, stops[0][1]))
    return Tween(element, "pos", tuple(stops), easing)


def _straight(a: Value, b: Value, c: tuple[float, ...]) -> bool:
    assert isinstance(a, tuple) and isinstance(b, tuple)
    return abs((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])) < 1e-9


def fade(element: Element, a: float, b: float, p0: float = 0.0, p1: float = 1.0,
         easing: str | None = None) -> Tween:
    """``element``'s opacity from ``a`` to ``b`` while the progress runs p0 -> p1."""
    return Tween(element, "opacity", ((p0, a), (p1, b)), easing)


def show(element: Element, visible: bool, at: float = 0.0) -> Tween:
    """``element`` appearing or vanishing at once, when the progress reaches ``at``."""
    v = 1.0 if visible else 0.0
    if at <= 0:
        return Tween(element, "opacity", ((0.0, v),))
    return Tween(element, "opacity", ((0.0, 1.0 - v), (at, 1.0 - v), (at, v)))


def switch(element: Element, variants: Sequence[tuple[float, int]]) -> Tween:
    """``element`` showing variant ``k`` from progress ``p`` on, for each (p, k)."""
    return Tween(element, "shape", tuple((p, float(k)) for p, k in variants))


def ramp(element: Element, prop: str, stops: Sequence[Stop], easing: str | None = None) -> Tween:
    return Tween(element, prop, tuple(stops), easing)


def glow(element: Element) -> Tween:
    """A moving piece's outline: in over the first fifth of the motion's eased progress,
    out over the last fifth (never changing the piece's size or place)."""
    return Tween(element, "opacity", ((0.0, 0.0), (0.2, 1.0), (0.8, 1.0), (1.0, 0.0)))


__all__ = ["fade", "glow", "ramp", "show", "slide", "switch"]
