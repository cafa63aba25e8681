"""Pixel helpers of the raster backend: alpha blits and blends, fills, colours.

A *sprite* is ``(rgb, alpha)``: an (h, w, 3) uint8 image and an (h, w) uint8 coverage
mask (``render.backends.rasterize`` makes them from shapes; the compositor blits them).  Text is
set, measured and drawn by ``render.film.typeset``.
"""

from __future__ import annotations

from collections import OrderedDict

import cv2
import numpy as np

from puzzlereel.render.film.theme import RGB

Sprite = tuple[np.ndarray, np.ndarray]
Rect = tuple[int, int, int, int]      # x, y, w, h in pixels


def darker(c: RGB, f: float = 0.72) -> RGB:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))  # type: ignore[return-value]


def blit(out: np.ndarray, sprite: Sprite, x: int, y: int) -> None:
    """Alpha-blend ``sprite`` into ``out`` with its top-left at (x, y), clipped."""
    rgb, alpha = sprite
    h, w = alpha.shape
    H, W = out.shape[:2]
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, W), min(y + h, H)
    if x0 >= x1 or y0 >= y1:
        return
    src = rgb[y0 - y:y1 - y, x0 - x:x1 - x]
    a = alpha[y0 - y:y1 - y, x0 - x:x1 - x]
    dst = out[y0:y1, x0:x1]
    blend(dst, src, a)


def blit_within(out: np.ndarray, sprite: Sprite, x: int, y: int,
                rect: tuple[int, int, int, int]) -> None:
    """``blit`` of the part of ``sprite`` (top-left at (x, y)) that falls inside
    ``rect`` (x, y, w, h); nothing when they do not meet."""
    rx, ry, rw, rh = rect
    h, w = sprite[1].shape
    x0, y0 = max(x, rx), max(y, ry)
    x1, y1 = min(x + w, rx + rw), min(y + h, ry + rh)
    if x0 >= x1 or y0 >= y1:
        return
    rgb, alpha = sprite
    blit(out, (rgb[y0 - y:y1 - y, x0 - x:x1 - x], alpha[y0 - y:y1 - y, x0 - x:x1 - x]),
         x0, y0)


def blend(dst: np.ndarray, src: np.ndarray, a: np.ndarray) -> None:
    """dst = dst + (src - dst) * a / 255, in place, rounded (exact where a is 0 or 255).

    OpenCV's weighted sum: every frame blends sprites, so this is the renderer's hot
    loop (about six times numpy's integer arithmetic).  For a read-only coverage mask
    (a sprite's, ``frozen``) the weights are computed once, the mask's opaque core (a
    rectangle where it is 255) is copied rather than blended, and its clear core (a
    rectangle where it is 0, inside an outline) is left alone: a piece or an outline
    costs a fraction of blending it whole, with the same pixels."""
    cov = _coverage(a)
    if cov is None:
        w = a.astype(np.float32) * np.float32(1 / 255)
        _blend(dst, src, w, np.float32(1) - w)
        return
    facts, r, c = cov
    h, w_ = a.shape
    W, W1 = facts.w[r:r + h, c:c + w_], facts.w1[r:r + h, c:c + w_]
    for core, opaque in ((facts.core, True), (facts.hole, False)):
        r0, c0, r1, c1 = core
        r0, r1 = max(r0 - r, 0), min(r1 - r, h)
        c0, c1 = max(c0 - c, 0), min(c1 - c, w_)
        if r1 <= r0 or c1 <= c0 or (r1 - r0) * (c1 - c0) * 4 < h * w_:
            continue                                # little or none of it: blend all
        if opaque:
            dst[r0:r1, c0:c1] = src[r0:r1, c0:c1]
        for rows, cols in ((slice(0, r0), slice(0, w_)), (slice(r1, h), slice(0, w_)),
                           (slice(r0, r1), slice(0, c0)), (slice(r0, r1), slice(c1, w_))):
            if rows.stop > rows.start and cols.stop > cols.start:
                _blend(dst[rows, cols], src[rows, cols], W[rows, cols], W1[rows, cols])
        return
    _blend(dst, src, W, W1)


def _blend(dst: np.ndarray, src: np.ndarray, w: np.ndarray, w1: np.ndarray) -> None:
    """OpenCV reads and writes views whose rows are whole pixels in place; anything
    else is copied first."""
    if dst.strides[1:] == (3, 1) and dst.dtype == np.uint8:
        cv2.blendLinear(_rows(src), dst, _rows(w), _rows(w1), dst=dst)
    else:
        dst[...] = cv2.blendLinear(_rows(src), np.ascontiguousarray(dst), _rows(w),
                                   _rows(w1))


def _rows(a: np.ndarray) -> np.ndarray:
    """``a`` itself when each of its rows is contiguous (OpenCV takes a row stride),
    else a contiguous copy."""
    inner = a.itemsize * (a.shape[2] if a.ndim == 3 else 1)
    if a.strides[-1] == a.itemsize and (a.ndim == 2 or a.strides[1] == inner):
        return a
    return np.ascontiguousarray(a)


class _Coverage:
    """What ``blend`` keeps of a read-only mask: the mask itself (so that its memory
    stays its own), its weights, its opaque core (rows r0:r1, columns c0:c1) and, when
    it has none, its clear core (the inside of an outline)."""

    __slots__ = ("mask", "w", "w1", "core", "hole")

    def __init__(self, mask: np.ndarray) -> None:
        self.mask = mask
        self.w = mask.astype(np.float32) * np.float32(1 / 255)
        self.w1 = np.float32(1) - self.w
        self.core = _opaque_core(mask)
        self.hole = _opaque_core(255 - mask) if self.core[2] <= self.core[0] else (0, 0, 0, 0)


_COVERAGE: OrderedDict[int, _Coverage] = OrderedDict()
_COVERAGE_BYTES = [0]
COVERAGE_CACHE_BYTES = 8 << 20


def _coverage(a: np.ndarray) -> tuple[_Coverage, int, int] | None:
    """The kept facts of the read-only 2-D mask ``a`` is part of, and where ``a`` starts
    in it (row, column); None for a mask that may change (computed afresh each time).
    Kept by the address of the whole mask, least recently used first out."""
    if a.flags.writeable or a.ndim != 2 or a.dtype != np.uint8:
        return None
    root = a
    while isinstance(root.base, np.ndarray) and root.base.ndim == 2 \
            and root.base.dtype == np.uint8:
        root = root.base
    if root.flags.writeable or root.strides[1] != 1 or a.strides != root.strides:
        return None
    start = root.__array_interface__["data"][0]
    offset = a.__array_interface__["data"][0] - start
    r, c = divmod(offset, root.strides[0])
    facts = _COVERAGE.get(start)
    if facts is None or facts.mask is not root:
        facts = _Coverage(root)
        _COVERAGE[start] = facts
        _COVERAGE_BYTES[0] += 2 * facts.w.nbytes
        while _COVERAGE_BYTES[0] > COVERAGE_CACHE_BYTES and len(_COVERAGE) > 1:
            _, old = _COVERAGE.popitem(last=False)
            _COVERAGE_BYTES[0] -= 2 * old.w.nbytes
    else:
        _COVERAGE.move_to_end(start)
    return facts, r, c


def _opaque_core(mask: np.ndarray) -> tuple[int, int, int, int]:
    """A rectangle (r0, c0, r1, c1) where ``mask`` is 255 throughout: the longest run of
    opaque columns across the middle row, then the run of rows, through the middle,
    that is opaque across those columns (empty when the middle is not opaque)."""
    h, w = mask.shape
    if h == 0 or w == 0:
        return 0, 0, 0, 0
    mid = h // 2
    c0, c1 = _longest_run(mask[mid] == 255)
    if c1 <= c0:
        return 0, 0, 0, 0
    rows = (mask[:, c0:c1] == 255).all(axis=1)
    r0 = mid
    while r0 > 0 and rows[r0 - 1]:
        r0 -= 1
    r1 = mid + 1
    while r1 < h and rows[r1]:
        r1 += 1
    return r0, c0, r1, c1


def _longest_run(flags: np.ndarray) -> tuple[int, int]:
    """The start and end of the longest run of True in ``flags`` ((0, 0) for none)."""
    padded = np.concatenate(([False], flags, [False])).astype(np.int8)
    edges = np.flatnonzero(np.diff(padded))
    if not len(edges):
        return 0, 0
    starts, ends = edges[0::2], edges[1::2]
    k = int(np.argmax(ends - starts))
    return int(starts[k]), int(ends[k])


def frozen(sprite: Sprite) -> Sprite:
    """``sprite`` with its coverage mask made read-only: a promise that it never
    changes, so that ``blend`` keeps its weights."""
    sprite[1].flags.writeable = False
    return sprite


def fill(out: np.ndarray, colour: RGB | int) -> None:
    """``out[:] = colour`` at the speed of a copy: numpy broadcasts a tuple pixel by
    pixel (about fifty times slower on a frame-sized area); one row is filled that way
    and copied down."""
    if out.shape[0] == 0:
        return
    out[0] = colour
    out[1:] = out[0]


def solid(shape: tuple[int, int], colour: RGB) -> np.ndarray:
    """An (h, w, 3) image of one colour."""
    img = np.empty((*shape, 3), np.uint8)
    fill(img, colour)
    return img


def fade(sprite: Sprite, alpha: float) -> Sprite:
    """``sprite`` with its coverage scaled by ``alpha`` in [0, 1]."""
    rgb, mask = sprite
    a = min(max(alpha, 0.0), 1.0)
    if a >= 1.0:
        return sprite
    return rgb, ((mask.astype(np.uint16) * int(round(a * 256))) >> 8).astype(np.uint8)


def mix_into(dst: np.ndarray, src: np.ndarray, alpha: float) -> None:
    """dst = dst + (src - dst) * alpha, in place: an opaque picture at ``alpha``."""
    a = min(max(alpha, 0.0), 1.0)
    weighted = cv2.addWeighted(np.ascontiguousarray(src), a, np.ascontiguousarray(dst),
                               1.0 - a, 0.0)
    dst[...] = weighted



__all__ = ["Rect", "Sprite", "blend", "blit", "blit_within", "darker", "fade", "fill", "frozen",
           "mix", "mix_into", "solid"]
