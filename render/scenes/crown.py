"""The queen's crown as shapes: the crown's outline in a unit box (a body with three
points, a ball on each, and a band under it), and the crown at any size with a border
inside its edge, as the N-Queens scene draws its queens."""

from __future__ import annotations

import math
from collections.abc import Sequence

from puzzlereel.render.film.shapes import Circle, Point, Polygon, Shape, group
from puzzlereel.render.film.theme import RGB

# the crown in a unit box: the body's points (clockwise on screen), the band, the balls
CROWN_BODY = ((0.20, 0.78), (0.14, 0.34), (0.33, 0.56), (0.50, 0.26), (0.67, 0.56),
              (0.86, 0.34), (0.80, 0.78))
CROWN_BAND = (0.17, 0.80, 0.83, 0.90)
CROWN_BALLS = ((0.14, 0.30), (0.50, 0.21), (0.86, 0.30))
CROWN_BALL_R = 0.065
ARC_STEPS = 6           # segments of a ball's arc


def _entry(a: Point, b: Point, centre: Point, r: float) -> Point:
    """Where the segment from ``a`` (outside the circle) to ``b`` (inside) crosses it."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - centre[0], a[1] - centre[1]
    qa, qb, qc = dx * dx + dy * dy, 2 * (fx * dx + fy * dy), fx * fx + fy * fy - r * r
    t = (-qb - math.sqrt(max(0.0, qb * qb - 4 * qa * qc))) / (2 * qa)
    return (a[0] + dx * t, a[1] + dy * t)


def crown_outline() -> tuple[tuple[Point, ...], ...]:
    """The crown's outline in a unit box, clockwise on screen: the body with a ball on
    each of its three points as one loop (each point's tip replaced by the ball's outer
    arc), then the band."""
    loop: list[Point] = []
    n = len(CROWN_BODY)
    balls = dict(zip((1, 3, 5), CROWN_BALLS, strict=True))
    for i, v in enumerate(CROWN_BODY):
        centre = balls.get(i)
        if centre is None:
            loop.append(v)
            continue
        a, b = CROWN_BODY[i - 1], CROWN_BODY[(i + 1) % n]
        p1 = _entry(a, v, centre, CROWN_BALL_R)
        p2 = _entry(b, v, centre, CROWN_BALL_R)
        a1 = math.atan2(p1[1] - centre[1], p1[0] - centre[0])
        a2 = math.atan2(p2[1] - centre[1], p2[0] - centre[0])
        while a2 <= a1:
            a2 += 2 * math.pi      # clockwise on screen: the angle grows, over the top
        for k in range(ARC_STEPS + 1):
            angle = a1 + (a2 - a1) * k / ARC_STEPS
            loop.append((centre[0] + CROWN_BALL_R * math.cos(angle),
                         centre[1] + CROWN_BALL_R * math.sin(angle)))
    x0, y0, x1, y1 = CROWN_BAND
    return tuple(loop), ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


CROWN = crown_outline()


def inset(loop: Sequence[Point], d: float) -> tuple[Point, ...]:
    """A clockwise ``loop`` with every edge moved ``d`` inwards (to its right)."""
    out = []
    n = len(loop)
    for i, v in enumerate(loop):
        a, b = loop[i - 1], loop[(i + 1) % n]
        n1, n2 = _normal(a, v), _normal(v, b)
        k = 1.0 + n1[0] * n2[0] + n1[1] * n2[1]
        k = d / k if k > 1e-6 else d
        out.append((v[0] + (n1[0] + n2[0]) * k, v[1] + (n1[1] + n2[1]) * k))
    return tuple(out)


def _normal(a: Point, b: Point) -> Point:
    """The unit normal on the right of the way from ``a`` to ``b`` (screen axes)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    return (-dy / length, dx / length)


def crown(x: float, y: float, size: float, fill: RGB, border: RGB, border_px: int) -> Shape:
    """A queen's crown filling the ``size`` box at (x, y), its border ``border_px`` wide
    inside its edge: the whole crown in the border's colour, and over it in the fill
    colour the body and the band with their edges moved in by the border, and what is
    left of the balls (a point too thin for the border is all border)."""
    def at(loop: Sequence[Point]) -> list[Point]:
        return [(x + u * size, y + v * size) for u, v in loop]

    def tidy(loop: Sequence[Point]) -> tuple[Point, ...]:
        return tuple((round(px, 1), round(py, 1)) for px, py in loop)

    x0, y0, x1, y1 = CROWN_BAND
    inner = [tidy(inset(at(CROWN_BODY), border_px))]
    if (y1 - y0) * size > 2 * border_px:
        inner.append(tidy(inset(at(((x0, y0), (x1, y0), (x1, y1), (x0, y1))), border_px)))
    shapes: list[Shape] = [Polygon(tuple(tidy(at(loop)) for loop in CROWN), border),
                           Polygon(tuple(inner), fill)]
    r = CROWN_BALL_R * size - border_px
    if r > 0.25:
        shapes += [Circle(round(x + u * size, 1), round(y + v * size, 1), round(r, 2), fill)
                   for u, v in CROWN_BALLS]
    return group(shapes)


def crown_box(square: int) -> tuple[int, int, int]:
    """A crown's size, its offset in its square and its border's width, in whole pixels,
    for squares ``square`` pixels wide."""
    size = max(4, round(square * 0.84))
    return size, (square - size) // 2, max(1, round(max(1.0, square * 0.05)))


__all__ = ["CROWN", "crown", "crown_box", "crown_outline", "inset"]
