"""Coverage of outlines, in pixels: the shares of pixels a shape covers, for
``render.backends.rasterize``.

Axis-aligned edges get exact shares (``coverage_1d``); curves and polygons are sampled
``SS`` x ``SS`` times a pixel (``samples``, ``blocks``); discs and rings, polygons filled
even-odd, lines of a width (strokes) and the points of arcs, rounded rectangles, rounded
polygon corners and dashes along a path.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

import numpy as np

from puzzlereel.render.film.shapes import Point, rounded_outline

SS = 4      # samples a pixel along each axis where edges are not straight


def coverage_1d(a: float, b: float, n: int) -> np.ndarray:
    """The share of each of ``n`` unit pixels that the interval [a, b] covers."""
    edges = np.arange(n + 1, dtype=np.float64)
    lo = np.clip(edges[:-1], a, b)
    hi = np.clip(edges[1:], a, b)
    return np.clip(hi - lo, 0.0, 1.0)


def samples(a: int, b: int) -> np.ndarray:
    """The sample points of pixels a..b-1 along one axis, ``SS`` a pixel, centred."""
    return (np.arange((b - a) * SS, dtype=np.float64) + 0.5) / SS + a


def blocks(hit: np.ndarray, h: int, w: int) -> np.ndarray:
    """Coverage of ``h`` x ``w`` pixels from their ``SS`` x ``SS`` samples each."""
    return hit.reshape(h, SS, w, SS).mean(axis=(1, 3), dtype=np.float32)


def disc(x: float, y: float, r: float, hole: float) -> tuple[np.ndarray, int, int] | None:
    """Coverage of the ring between radii ``hole`` and ``r`` round (x, y) (a disc when
    ``hole`` is 0), and its top-left pixel."""
    if r <= 0:
        return None
    bx, by = math.floor(x - r), math.floor(y - r)
    bw, bh = math.ceil(x + r) - bx, math.ceil(y + r) - by
    xs, ys = samples(bx, bx + bw) - x, samples(by, by + bh) - y
    d2 = ys[:, None] ** 2 + xs[None, :] ** 2
    hit = d2 <= r * r
    if hole > 0:
        hit &= d2 > hole * hole
    return blocks(hit, bh, bw), bx, by


def filled(paths: Sequence[Sequence[Point]]) -> tuple[np.ndarray, int, int] | None:
    """Coverage of closed ``paths`` filled even-odd, sampled ``SS`` x ``SS`` a pixel: a
    sample is inside when a ray from it crosses the outline an odd number of times."""
    xs = [x for path in paths for x, _ in path]
    ys = [y for path in paths for _, y in path]
    bx, by = math.floor(min(xs)), math.floor(min(ys))
    bw, bh = math.ceil(max(xs)) - bx, math.ceil(max(ys)) - by
    if bw <= 0 or bh <= 0:
        return None
    rows_y = samples(by, by + bh)
    crossings: list[np.ndarray] = []
    where: list[np.ndarray] = []
    for path in paths:
        p = np.asarray(path, np.float64)
        q = np.roll(p, -1, axis=0)
        for (ax, ay), (qx, qy) in zip(p, q):
            if ay == qy:
                continue
            lo, hi = (ay, qy) if ay < qy else (qy, ay)
            k = np.flatnonzero((rows_y >= lo) & (rows_y < hi))
            if not len(k):
                continue
            t = (rows_y[k] - ay) / (qy - ay)
            crossings.append(ax + (qx - ax) * t)
            where.append(k)
    n = bw * SS
    diff = np.zeros((bh * SS, n + 1), np.int32)
    if crossings:
        xs_all = np.concatenate(crossings)
        rows = np.concatenate(where)
        order = np.lexsort((xs_all, rows))
        xs_all, rows = xs_all[order], rows[order]
        # samples i with crossing a <= its centre < crossing b, for pairs (a, b) in a row
        col = np.clip(np.ceil((xs_all - bx) * SS - 0.5), 0, n).astype(np.int64)
        starts = np.r_[0, np.flatnonzero(np.diff(rows)) + 1]
        parity = np.arange(len(rows)) - np.repeat(starts, np.diff(np.r_[starts, len(rows)]))
        sign = np.where(parity % 2 == 0, 1, -1)
        np.add.at(diff, (rows, col), sign)
    hit = np.cumsum(diff[:, :n], axis=1) > 0
    return blocks(hit, bh, bw), bx, by


def line_cover(segments: Sequence[tuple[Point, Point]], half: float
                ) -> tuple[np.ndarray, int, int] | None:
    """Coverage of the samples within ``half`` of any segment: a line with round ends
    and joins."""
    if not segments or half <= 0:
        return None
    xs = [v for a, b in segments for v in (a[0], b[0])]
    ys = [v for a, b in segments for v in (a[1], b[1])]
    bx, by = math.floor(min(xs) - half), math.floor(min(ys) - half)
    bw, bh = math.ceil(max(xs) + half) - bx, math.ceil(max(ys) + half) - by
    hit = np.zeros((bh * SS, bw * SS), bool)
    for (ax, ay), (qx, qy) in segments:
        x0 = max(math.floor(min(ax, qx) - half) - bx, 0)
        x1 = min(math.ceil(max(ax, qx) + half) - bx, bw)
        y0 = max(math.floor(min(ay, qy) - half) - by, 0)
        y1 = min(math.ceil(max(ay, qy) + half) - by, bh)
        if x1 <= x0 or y1 <= y0:
            continue
        sx = samples(x0 + bx, x1 + bx)[None, :]
        sy = samples(y0 + by, y1 + by)[:, None]
        vx, vy = qx - ax, qy - ay
        length2 = vx * vx + vy * vy
        t = 0.0 if length2 == 0 else np.clip(((sx - ax) * vx + (sy - ay) * vy) / length2,
                                               0.0, 1.0)
        d2 = (sx - ax - t * vx) ** 2 + (sy - ay - t * vy) ** 2
        hit[y0 * SS:y1 * SS, x0 * SS:x1 * SS] |= d2 <= half * half
    return blocks(hit, bh, bw), bx, by


def arc(cx: float, cy: float, r: float, a0: float, a1: float) -> Iterator[Point]:
    """Points along a circular arc from angle a0 to a1 (radians, screen orientation)."""
    steps = max(2, int(math.ceil(abs(a1 - a0) * max(r, 1.0) * SS / 2)))
    for i in range(steps + 1):
        a = a0 + (a1 - a0) * i / steps
        yield (cx + r * math.cos(a), cy + r * math.sin(a))


def rounded_rect_points(x: float, y: float, w: float, h: float, r: float) -> Iterator[Point]:
    """The outline of a rounded rectangle, clockwise from the end of the top-left arc."""
    yield from arc(x + w - r, y + r, r, -math.pi / 2, 0.0)
    yield from arc(x + w - r, y + h - r, r, 0.0, math.pi / 2)
    yield from arc(x + r, y + h - r, r, math.pi / 2, math.pi)
    yield from arc(x + r, y + r, r, math.pi, 1.5 * math.pi)


def rect_outline(x: float, y: float, w: float, h: float, rx: float) -> Iterator[Point]:
    """A rectangle's outline as SVG walks it: from (x + rx, y) clockwise, closed."""
    r = min(max(rx, 0.0), w / 2, h / 2)
    if r <= 0:
        yield from ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
        return
    yield (x + r, y)
    yield from rounded_rect_points(x, y, w, h, r)


def rounded_loop_points(loop: Sequence[Point], radius: float) -> Iterator[Point]:
    """A polygon's outline with its convex corners rounded (as ``shapes.rounded_outline``
    says), as points."""
    for (a, b, rounded), v in zip(rounded_outline(loop, radius), loop):
        if not rounded:
            yield v
            continue
        # the arc's centre lies inside the corner, ``r`` from both edges
        r = math.hypot(a[0] - v[0], a[1] - v[1])
        cx, cy = a[0] + (b[0] - v[0]), a[1] + (b[1] - v[1])
        a0 = math.atan2(a[1] - cy, a[0] - cx)
        a1 = math.atan2(b[1] - cy, b[0] - cx)
        while a1 < a0:
            a1 += 2 * math.pi
        yield from arc(cx, cy, r, a0, a1)


def dashes(path: Sequence[Point], closed: bool, dash: float) -> Iterator[list[Point]]:
    """The dashes of a line along ``path``: dash, gap, dash... each ``dash`` long."""
    pts = list(path) + ([path[0]] if closed else [])
    on, left = True, dash
    current: list[Point] = [pts[0]]
    for a, b in zip(pts, pts[1:]):
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        pos = 0.0
        while seg - pos > left:
            pos += left
            f = pos / seg
            q = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
            if on:
                current.append(q)
                yield current
            current = [q]
            on, left = not on, dash
        left -= seg - pos
        if on:
            current.append(b)
    if on and len(current) >= 2:
        yield current


__all__ = ["SS", "arc", "blocks", "coverage_1d", "dashes", "disc", "filled", "line_cover",
           "rect_outline", "rounded_loop_points", "rounded_rect_points", "samples"]
