"""Shapes to pixels: one anti-aliased sprite per shape, drawn once and blitted every frame.

``paint(shape)`` returns a ``ShapePixels``: an RGB image and a coverage mask (read-only, so
that ``draw.blend`` keeps its weights), and where its top-left pixel lies relative to
the shape's origin.  Shapes are composited in order with exact "over" arithmetic in
premultiplied floats, then stored as 8-bit colour and coverage:

- rectangles without rounding get exact coverage from their fractional edges (each pixel
  the share of it the rectangle covers); rounded rectangles, circles and polygons are
  sampled ``coverage.SS`` x ``coverage.SS`` times a pixel;
- strokes are centred on the outline (the shape grown by half the width, less the shape
  shrunk by half); dashed strokes follow the outline from its start, dash, gap, dash;
- text is the bundled font's coverage (``typeset.text_mask``), placed as ``typeset.draw_text``
  places it (whole pixels, the line box's middle at ``y``);
- a chequer fills its squares by the parity of the square each pixel's centre lies in.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np

from puzzlereel.render.backends import coverage
from puzzlereel.render.film import draw, typeset
from puzzlereel.render.film.shapes import (
    EMPTY_BOX,
    Box,
    Chequer,
    Circle,
    Group,
    Point,
    Polygon,
    Rect,
    Shape,
    Text,
    bounds,
)
from puzzlereel.render.film.theme import RGB


@dataclass(frozen=True)
class ShapePixels:
    """A shape's pixels: ``rgb`` (h, w, 3) and ``alpha`` (h, w) uint8, the top-left at
    (``x``, ``y``) from the shape's origin; ``opaque`` when every pixel is covered."""

    rgb: np.ndarray
    alpha: np.ndarray
    x: int
    y: int
    opaque: bool

    @property
    def width(self) -> int:
        return int(self.alpha.shape[1])

    @property
    def height(self) -> int:
        return int(self.alpha.shape[0])

    @property
    def nbytes(self) -> int:
        """The memory it holds: one row of ``rgb`` when its rows are one (a colour)."""
        rgb = self.rgb if self.rgb.strides[0] else self.rgb[0]
        return int(rgb.nbytes + self.alpha.nbytes)


NO_PIXELS = ShapePixels(np.zeros((1, 1, 3), np.uint8), np.zeros((1, 1), np.uint8), 0, 0, False)


def paint(shape: Shape) -> ShapePixels:
    """The sprite of ``shape`` (see the module docstring)."""
    dx = dy = 0.0
    while isinstance(shape, Group) and len(shape.children) == 1 and shape.opacity >= 1.0:
        dx, dy = dx + shape.x, dy + shape.y
        shape = shape.children[0]
    if isinstance(shape, Text) and shape.opacity >= 1.0:
        return _text_picture(shape, dx, dy)
    if dx or dy:
        shape = Group((shape,), dx, dy)
    flat = _flat(shape)
    if flat is not None:
        return flat
    box = bounds(shape)
    if box == EMPTY_BOX or box[2] <= box[0] or box[3] <= box[1]:
        return NO_PIXELS
    x0, y0 = math.floor(box[0]) - 1, math.floor(box[1]) - 1
    x1, y1 = math.ceil(box[2]) + 1, math.ceil(box[3]) + 1
    canvas = _Canvas(x0, y0, x1 - x0, y1 - y0)
    canvas.draw(shape, 0.0, 0.0, 1.0)
    rgb, alpha = canvas.result()
    alpha.flags.writeable = False
    return ShapePixels(rgb, alpha, x0, y0, bool(alpha.min() == 255))


def _text_picture(t: Text, dx: float, dy: float) -> ShapePixels:
    """A line of text alone: its glyphs' coverage in its colour, placed as ``_text``."""
    if not t.text:
        return NO_PIXELS
    mask = _text_cover(t)
    mask.flags.writeable = False
    h, w = mask.shape
    x, y = _text_origin(t, dx, dy, w, h)
    colour = np.broadcast_to(draw.solid((1, w), t.fill), (h, w, 3))   # one row, shared
    return ShapePixels(colour, mask, x, y, False)


def _text_cover(t: Text) -> np.ndarray:
    """The glyphs' coverage of ``t`` (a new array), turned a quarter left if vertical."""
    mask = typeset.text_mask(t.text, t.size, t.bold)
    return np.ascontiguousarray(np.rot90(mask)) if t.vertical else mask.copy()


def _text_origin(t: Text, dx: float, dy: float, w: int, h: int) -> tuple[int, int]:
    """The top-left pixel of ``t``'s coverage (``w`` x ``h``), moved by (dx, dy)."""
    x, y = int(round(t.x + dx)), int(round(t.y + dy))
    if t.vertical:
        return x - w // 2, y - h // 2
    x -= w // 2 if t.anchor == "middle" else w if t.anchor == "end" else 0
    return x, y - h // 2


def _leaves(shape: Shape, dx: float, dy: float) -> list[tuple[Shape, float, float]] | None:
    """The shapes of a group with their offsets, when all are plain: rectangles without
    rounding or stroke at whole pixels, and text, none faded (None otherwise)."""
    if isinstance(shape, Group):
        if shape.opacity < 1.0:
            return None
        out: list[tuple[Shape, float, float]] = []
        for child in shape.children:
            leaves = _leaves(child, dx + shape.x, dy + shape.y)
            if leaves is None:
                return None
            out += leaves
        return out
    if isinstance(shape, Text) and shape.opacity >= 1.0:
        return [(shape, dx, dy)]
    if isinstance(shape, Rect) and shape.fill is not None and shape.rx <= 0 \
            and (shape.stroke is None or shape.stroke_width <= 0) and shape.opacity >= 1.0 \
            and all(float(v).is_integer() for v in (shape.x + dx, shape.y + dy,
                                                    shape.w, shape.h)):
        return [(shape, dx, dy)]
    return None


def _flat(shape: Shape) -> ShapePixels | None:
    """The sprite of a group of plain shapes (``_leaves``) painted in 8 bits: when the
    first is a rectangle under all the rest, or none of them overlap.  None when the
    group is not of that kind."""
    leaves = _leaves(shape, 0.0, 0.0)
    if not leaves or len(leaves) < 2:
        return None
    boxes = [bounds(s) for s, _, _ in leaves]
    boxes = [(b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)
             for b, (_, dx, dy) in zip(boxes, leaves)]
    x0, y0 = math.floor(min(b[0] for b in boxes)), math.floor(min(b[1] for b in boxes))
    x1, y1 = math.ceil(max(b[2] for b in boxes)), math.ceil(max(b[3] for b in boxes))
    first = boxes[0]
    under = isinstance(leaves[0][0], Rect) and first[0] <= x0 and first[1] <= y0 \
        and first[2] >= x1 and first[3] >= y1
    if not under and any(_overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]):
        return None
    rgb = np.zeros((y1 - y0, x1 - x0, 3), np.uint8)
    alpha = np.zeros((y1 - y0, x1 - x0), np.uint8)
    for leaf, box in zip(leaves, boxes):
        _put(rgb, alpha, leaf, (int(box[0]) - x0, int(box[1]) - y0), (x0, y0), under)
    alpha.flags.writeable = False
    return ShapePixels(rgb, alpha, x0, y0, bool(alpha.min() == 255))


def _put(rgb: np.ndarray, alpha: np.ndarray, leaf: tuple[Shape, float, float],
         at: tuple[int, int], origin: tuple[int, int], over: bool) -> None:
    """A plain shape into an image from pixel ``origin``: a rectangle fully covered from
    pixel ``at``; a text's sprite blended ``over`` the rectangle under it, else copied."""
    shape, dx, dy = leaf
    if isinstance(shape, Rect):
        (bx, by), h, w = at, int(shape.h), int(shape.w)
        if rgb[by:by + h, bx:bx + w].size:
            draw.fill(rgb[by:by + h, bx:bx + w], shape.fill)       # type: ignore[arg-type]
        alpha[by:by + h, bx:bx + w] = 255
        return
    pic = _text_picture(cast(Text, shape), dx, dy)
    px, py = pic.x - origin[0], pic.y - origin[1]
    if over:
        draw.blit(rgb, (pic.rgb, pic.alpha), px, py)
        return
    h, w = pic.alpha.shape
    rgb[py:py + h, px:px + w] = pic.rgb
    alpha[py:py + h, px:px + w] = pic.alpha


def _overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


class _Canvas:
    """A premultiplied float RGBA image covering pixels x0..x0+w, y0..y0+h."""

    def __init__(self, x0: int, y0: int, w: int, h: int) -> None:
        self.x0, self.y0, self.w, self.h = x0, y0, w, h
        self.c = np.zeros((h, w, 3), np.float32)
        self.a = np.zeros((h, w), np.float32)

    def result(self) -> tuple[np.ndarray, np.ndarray]:
        a = self.a
        safe = np.where(a > 0, a, 1.0)[..., None]
        rgb = np.clip(self.c / safe + 0.5, 0, 255).astype(np.uint8)
        alpha = np.clip(a * 255.0 + 0.5, 0, 255).astype(np.uint8)
        return rgb, alpha

    def over(self, cover: np.ndarray, colour: RGB, bx: int, by: int) -> None:
        """Composite ``colour`` with coverage ``cover`` (floats 0..1) whose top-left is
        the canvas pixel (bx, by), clipped."""
        h, w = cover.shape
        cx0, cy0 = max(bx, 0), max(by, 0)
        cx1, cy1 = min(bx + w, self.w), min(by + h, self.h)
        if cx1 <= cx0 or cy1 <= cy0:
            return
        m = cover[cy0 - by:cy1 - by, cx0 - bx:cx1 - bx]
        a = self.a[cy0:cy1, cx0:cx1]
        c = self.c[cy0:cy1, cx0:cx1]
        keep = 1.0 - m
        c *= keep[..., None]
        c += m[..., None] * np.asarray(colour, np.float32)
        a *= keep
        a += m

    def draw(self, shape: Shape, dx: float, dy: float, opacity: float) -> None:
        """Draw ``shape`` moved by (dx, dy) at ``opacity``."""
        if isinstance(shape, Group):
            o = opacity * shape.opacity
            if o <= 0:
                return
            if o >= 1.0 or len(shape.children) <= 1:
                for child in shape.children:
                    self.draw(child, dx + shape.x, dy + shape.y, o)
                return
            inner = _Canvas(self.x0, self.y0, self.w, self.h)
            for child in shape.children:
                inner.draw(child, dx + shape.x, dy + shape.y, 1.0)
            self.c = self.c * (1.0 - inner.a * o)[..., None] + inner.c * o
            self.a = self.a * (1.0 - inner.a * o) + inner.a * o
            return
        o = opacity * shape.opacity
        if o <= 0:
            return
        if isinstance(shape, Rect):
            self._rect(shape, dx, dy, o)
        elif isinstance(shape, Circle):
            self._circle(shape, dx, dy, o)
        elif isinstance(shape, Polygon):
            self._polygon(shape, dx, dy, o)
        elif isinstance(shape, Text):
            self._text(shape, dx, dy, o)
        else:
            self._chequer(shape, dx, dy, o)

    # ------------------------------------------------------------ primitives

    def _local(self, x: float, y: float) -> tuple[float, float]:
        return x - self.x0, y - self.y0

    def _rect(self, r: Rect, dx: float, dy: float, o: float) -> None:
        x, y = self._local(r.x + dx, r.y + dy)
        half = r.stroke_width / 2 if r.stroke is not None and r.stroke_width > 0 else 0.0
        if r.fill is not None:
            self._fill_box(x, y, r.w, r.h, r.rx, r.fill, o)
        if half <= 0 or r.stroke is None:
            return
        if r.dash > 0:
            loop = list(coverage.rect_outline(x, y, r.w, r.h, r.rx))
            self._stroke_path(loop, True, r.stroke, r.stroke_width, r.dash, o)
            return
        outer = self._box_cover(x - half, y - half, r.w + 2 * half, r.h + 2 * half,
                                r.rx + half if r.rx > 0 else 0.0)
        inner = self._box_cover(x + half, y + half, r.w - 2 * half, r.h - 2 * half,
                                max(0.0, r.rx - half))
        if outer is None:
            return
        ring, bx, by = outer
        if inner is not None:
            cut, ix, iy = inner
            ring = ring.copy()
            view = ring[iy - by:iy - by + cut.shape[0], ix - bx:ix - bx + cut.shape[1]]
            np.subtract(view, cut[:view.shape[0], :view.shape[1]], out=view)
            np.clip(ring, 0.0, 1.0, out=ring)
        self.over(ring * o, r.stroke, bx, by)

    def _fill_box(self, x: float, y: float, w: float, h: float, rx: float, colour: RGB,
                  o: float) -> None:
        cover = self._box_cover(x, y, w, h, rx)
        if cover is not None:
            m, bx, by = cover
            self.over(m * o if o < 1.0 else m, colour, bx, by)

    def _box_cover(self, x: float, y: float, w: float, h: float, rx: float
                   ) -> tuple[np.ndarray, int, int] | None:
        """Coverage of a (rounded) box and its top-left canvas pixel: exact from the
        fractional edges, and sampled (``coverage.SS`` times a pixel each way) in the rounded
        corners."""
        if w <= 0 or h <= 0:
            return None
        bx, by = math.floor(x), math.floor(y)
        bw, bh = math.ceil(x + w) - bx, math.ceil(y + h) - by
        cols = coverage.coverage_1d(x - bx, x + w - bx, bw)
        rows = coverage.coverage_1d(y - by, y + h - by, bh)
        cover = np.outer(rows, cols).astype(np.float32)
        r = min(rx, w / 2, h / 2)
        if r <= 0:
            return cover, bx, by
        lx, ly = x - bx, y - by
        for cx, cy, sx, sy in ((lx + r, ly + r, -1, -1), (lx + w - r, ly + r, 1, -1),
                               (lx + r, ly + h - r, -1, 1), (lx + w - r, ly + h - r, 1, 1)):
            # the pixels of this corner's square, sampled against the quarter disc
            x0 = math.floor(min(cx, cx + sx * r))
            x1 = math.ceil(max(cx, cx + sx * r))
            y0 = math.floor(min(cy, cy + sy * r))
            y1 = math.ceil(max(cy, cy + sy * r))
            x0, y0 = max(x0, 0), max(y0, 0)
            x1, y1 = min(x1, bw), min(y1, bh)
            if x1 <= x0 or y1 <= y0:
                continue
            xs, ys = coverage.samples(x0, x1), coverage.samples(y0, y1)
            inside_x = (xs >= lx) & (xs < lx + w)
            inside_y = (ys >= ly) & (ys < ly + h)
            dx = np.where((xs - cx) * sx > 0, xs - cx, 0.0)
            dy = np.where((ys - cy) * sy > 0, ys - cy, 0.0)
            hit = (dy[:, None] ** 2 + dx[None, :] ** 2 <= r * r) \
                & inside_y[:, None] & inside_x[None, :]
            cover[y0:y1, x0:x1] = coverage.blocks(hit, y1 - y0, x1 - x0)
        return cover, bx, by

    def _circle(self, c: Circle, dx: float, dy: float, o: float) -> None:
        x, y = self._local(c.cx + dx, c.cy + dy)
        half = c.stroke_width / 2 if c.stroke is not None and c.stroke_width > 0 else 0.0
        if c.fill is not None:
            m = coverage.disc(x, y, c.r, 0.0)
            if m is not None:
                self.over(m[0] * o, c.fill, m[1], m[2])
        if half > 0 and c.stroke is not None:
            ring = coverage.disc(x, y, c.r + half, max(0.0, c.r - half))
            if ring is not None:
                self.over(ring[0] * o, c.stroke, ring[1], ring[2])

    def _polygon(self, p: Polygon, dx: float, dy: float, o: float) -> None:
        loops = [[self._local(px + dx, py + dy) for px, py in loop] for loop in p.loops]
        loops = [loop for loop in loops if len(loop) >= 3]
        if not loops:
            return
        paths = [list(coverage.rounded_loop_points(loop, p.radius)) for loop in loops]
        if p.fill is not None:
            cover = coverage.filled(paths)
            if cover is not None:
                self.over(cover[0] * o, p.fill, cover[1], cover[2])
        if p.stroke is not None and p.stroke_width > 0:
            for path in paths:
                self._stroke_path(path, True, p.stroke, p.stroke_width, p.dash, o)

    def _stroke_path(self, path: Sequence[Point], closed: bool, colour: RGB, width: float,
                     dash: float, o: float) -> None:
        """A line ``width`` wide along ``path`` (dashed when ``dash`` > 0), its ends and
        joins round."""
        pieces = list(coverage.dashes(path, closed, dash)) if dash > 0 else \
            [list(path) + ([path[0]] if closed else [])]
        segments = [(a, b) for piece in pieces for a, b in zip(piece, piece[1:])]
        cover = coverage.line_cover(segments, width / 2)
        if cover is not None:
            self.over(cover[0] * o, colour, cover[1], cover[2])

    def _text(self, t: Text, dx: float, dy: float, o: float) -> None:
        if not t.text:
            return
        mask = _text_cover(t) if t.vertical else typeset.text_mask(t.text, t.size, t.bold)
        h, w = mask.shape
        lx, ly = self._local(t.x + dx, t.y + dy)
        x, y = _text_origin(t, lx - t.x, ly - t.y, w, h)
        cover = mask.astype(np.float32) * np.float32(o / 255.0)
        self.over(cover, t.fill, x, y)

    def _chequer(self, q: Chequer, dx: float, dy: float, o: float) -> None:
        x, y = self._local(q.x + dx, q.y + dy)
        side = q.n * q.square
        bx, by = math.floor(x), math.floor(y)
        bw, bh = math.ceil(x + side) - bx, math.ceil(y + side) - by
        if bw <= 0 or bh <= 0 or q.square <= 0:
            return
        cols = np.floor((np.arange(bw) + bx + 0.5 - x) / q.square).astype(np.int64)
        rows = np.floor((np.arange(bh) + by + 0.5 - y) / q.square).astype(np.int64)
        inside = ((rows >= 0) & (rows < q.n))[:, None] & ((cols >= 0) & (cols < q.n))[None, :]
        dark = ((rows[:, None] + cols[None, :]) % 2 == 1) & inside
        light = inside & ~dark
        self.over(light.astype(np.float32) * o, q.light, bx, by)
        self.over(dark.astype(np.float32) * o, q.dark, bx, by)


__all__ = ["NO_PIXELS", "ShapePixels", "paint"]
