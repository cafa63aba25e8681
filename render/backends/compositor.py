"""The raster backend: a film's frames as pixels, drawn only where they change.

``Compositor(film)`` samples every element at a frame's time and blits its sprite
(``rasterize.paint``, drawn once per variant and scale) in layer order into one reused
RGB buffer.  It knows no puzzle; what keeps it fast is what the film says of time:

- **the underlay**: elements that never change and that nothing moving lies under are
  painted once into an image that starts every redraw (the board, the panel's words);
- **dirty rectangles**: between two frames only the elements with a motion in between
  are sampled; where their pictures were and are is what is redrawn (``next`` says
  which rectangles, so that an encoder converts only those);
- **held frames**: a frame in which nothing changed is reported as such (the encoders
  repeat the last one), and ``quiet_until`` says how long nothing will;
- **covers**: an opaque element that covers the part being drawn (an overlay) hides all
  below it, which is not drawn.

``frame(t)`` draws any frame alone (a frame is a pure function of time).
"""

from __future__ import annotations

import bisect
import math
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from puzzlereel.render.backends.rasterize import ShapePixels, paint
from puzzlereel.render.film import draw
from puzzlereel.render.film.elements import Element, ElementState, Film
from puzzlereel.render.film.shapes import Box, Shape, scaled

IntBox = tuple[int, int, int, int]        # x0, y0, x1, y1 in pixels
WHOLE_SHARE = 0.5          # a change over more than this share of the frame redraws it all
PICTURE_CACHE_FRAMES = 8       # sprites kept: as many bytes as this many whole frames
PICTURE_CACHE_MIN_BYTES = 16 << 20


@dataclass(frozen=True)
class Change:
    """What a frame changed: nothing (no ``rects`` and not ``whole``), some rectangles
    (x, y, w, h), or the whole frame."""

    rects: tuple[tuple[int, int, int, int], ...]
    whole: bool

    @property
    def same(self) -> bool:
        return not self.rects and not self.whole


UNCHANGED = Change((), False)
ALL_CHANGED = Change((), True)


class Pictures:
    """Sprites of shapes at a scale, least recently used out past ``limit`` bytes.

    Kept by the shape object, so that elements showing one shape (the rows of a
    scrolling list) share its sprite; the shapes live as long as the film they are in,
    and so does a compositor's cache."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.bytes = 0
        self.items: OrderedDict[tuple[int, float], tuple[Shape, ShapePixels]] = OrderedDict()

    def get(self, shape: Shape, scale: float) -> ShapePixels:
        key = (id(shape), scale)
        item = self.items.get(key)
        if item is not None:
            self.items.move_to_end(key)
            return item[1]
        pic = paint(scaled(shape, scale) if scale != 1.0 else shape)
        self.items[key] = (shape, pic)
        self.bytes += pic.nbytes
        while self.bytes > self.limit and len(self.items) > 1:
            _, (_, old) = self.items.popitem(last=False)
            self.bytes -= old.nbytes
        return pic


def _int_box(box: Box) -> IntBox:
    return (math.floor(box[0]), math.floor(box[1]), math.ceil(box[2]), math.ceil(box[3]))


def _meet(a: IntBox, b: IntBox) -> IntBox | None:
    x0, y0, x1, y1 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return (x0, y0, x1, y1) if x1 > x0 and y1 > y0 else None


def _join(a: IntBox | None, b: IntBox | None) -> IntBox | None:
    if a is None:
        return b
    if b is None:
        return a
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _merged(boxes: Sequence[IntBox]) -> list[IntBox]:
    """``boxes`` with the overlapping ones joined, until none overlap."""
    out: list[IntBox] = []
    for box in boxes:
        while True:
            for k, other in enumerate(out):
                if _meet(box, other) is not None:
                    joined = _join(box, other)
                    assert joined is not None
                    box = joined
                    del out[k]
                    break
            else:
                break
        out.append(box)
    return out


class Compositor:
    """The frames of ``film`` (see the module docstring)."""

    def __init__(self, film: Film, pictures: Pictures | None = None) -> None:
        self.film = film
        self.frame_box: IntBox = (0, 0, film.width, film.height)
        self.buf = np.empty((film.height, film.width, 3), np.uint8)
        self.pictures = pictures or Pictures(max(
            PICTURE_CACHE_MIN_BYTES, PICTURE_CACHE_FRAMES * self.buf.nbytes))
        elements = film.elements
        self.underlay, self.live = self._split(elements)
        self.clips: list[IntBox] = [
            _meet(_int_box(e.clip), self.frame_box) or (0, 0, 0, 0) if e.clip is not None
            else self.frame_box for e in self.live]
        self.shown: list[ElementState | None] = [None] * len(self.live)
        self.boxes: list[IntBox | None] = [None] * len(self.live)
        self.drawn = False
        self.now = -math.inf
        index = {id(e): i for i, e in enumerate(self.live)}
        spans = sorted((t0, t1, index[id(e)]) for e in self.live for t0, t1 in e.changes())
        self.spans = spans
        self.starts = [span[0] for span in spans]
        self.next_span = 0
        self.active: list[tuple[float, float, int]] = []

    # ------------------------------------------------------------ set-up

    def _split(self, elements: Sequence[Element]) -> tuple[np.ndarray | None, list[Element]]:
        """The underlay (elements that never change with nothing moving beneath them,
        painted once) and the elements drawn each time, bottom to top."""
        moving: IntBox | None = None
        flat: list[Element] = []
        live: list[Element] = []
        for e in elements:
            if e.still:
                box = _int_box(e.swept())
                if moving is None or _meet(box, moving) is None:
                    flat.append(e)
                    continue
                live.append(e)
                continue
            live.append(e)
            moving = _join(moving, _int_box(e.swept()))
        if not flat:
            return None, live
        img = np.empty_like(self.buf)
        draw.fill(img, self.film.background)
        for e in flat:
            self._blit(img, e, e.state(0.0), self.frame_box,
                       _meet(_int_box(e.clip), self.frame_box) if e.clip is not None
                       else self.frame_box)
        img.flags.writeable = False
        return img, live

    # ------------------------------------------------------------ drawing

    def _picture(self, e: Element, s: ElementState) -> ShapePixels:
        return self.pictures.get(e.variants[min(max(s.shape, 0), len(e.variants) - 1)],
                                 s.scale)

    def _place(self, e: Element, s: ElementState, clip: IntBox | None) -> IntBox | None:
        """Where the element paints in state ``s`` (None: nowhere)."""
        if s.opacity <= 0 or not e.variants or clip is None:
            return None
        pic = self._picture(e, s)
        x, y = int(round(s.x)) + pic.x, int(round(s.y)) + pic.y
        return _meet((x, y, x + pic.width, y + pic.height), clip)

    def _blit(self, out: np.ndarray, e: Element, s: ElementState, within: IntBox,
              clip: IntBox | None) -> None:
        if s.opacity <= 0 or not e.variants or clip is None:
            return
        box = _meet(within, clip)
        if box is None:
            return
        pic = self._picture(e, s)
        x, y = int(round(s.x)) + pic.x, int(round(s.y)) + pic.y
        if pic.opaque and s.opacity < 1.0:      # an overlay crossfading: one weighted sum
            part = _meet(box, (x, y, x + pic.width, y + pic.height))
            if part is None:
                return
            x0, y0, x1, y1 = part
            dst = out[y0:y1, x0:x1]
            draw.mix_into(dst, pic.rgb[y0 - y:y1 - y, x0 - x:x1 - x], s.opacity)
            return
        sprite: draw.Sprite = (pic.rgb, pic.alpha)
        if s.opacity < 1.0:
            sprite = draw.fade(sprite, s.opacity)
        draw.blit_within(out, sprite, x, y, (box[0], box[1], box[2] - box[0], box[3] - box[1]))

    def _covers(self, e: Element, s: ElementState, box: IntBox, clip: IntBox) -> bool:
        """Whether ``e`` in state ``s`` paints every pixel of ``box`` opaquely."""
        if s.opacity < 1.0 or not e.variants:
            return False
        pic = self._picture(e, s)
        if not pic.opaque:
            return False
        x, y = int(round(s.x)) + pic.x, int(round(s.y)) + pic.y
        have = _meet((x, y, x + pic.width, y + pic.height), clip)
        return have is not None and have[0] <= box[0] and have[1] <= box[1] \
            and have[2] >= box[2] and have[3] >= box[3]

    def _paint(self, box: IntBox, states: Sequence[ElementState | None]) -> None:
        """Redraw ``box`` of the buffer from the underlay and the live elements."""
        first = 0
        for i in range(len(self.live) - 1, -1, -1):
            s, b = states[i], self.boxes[i]
            if s is not None and b is not None and b[0] <= box[0] and b[1] <= box[1] \
                    and b[2] >= box[2] and b[3] >= box[3] \
                    and self._covers(self.live[i], s, box, self.clips[i]):
                first = i
                break
        else:
            x0, y0, x1, y1 = box
            if self.underlay is not None:
                self.buf[y0:y1, x0:x1] = self.underlay[y0:y1, x0:x1]
            else:
                draw.fill(self.buf[y0:y1, x0:x1], self.film.background)
        for i in range(first, len(self.live)):
            s = states[i]
            b = self.boxes[i]
            if s is None or b is None or _meet(b, box) is None:
                continue
            self._blit(self.buf, self.live[i], s, box, self.clips[i])

    # ------------------------------------------------------------ frames

    def frame(self, t: float) -> np.ndarray:
        """The frame at ``t`` seconds, drawn whole (any time, in any order)."""
        states = [e.state(t) for e in self.live]
        self.shown = list(states)
        self.boxes = [self._place(e, s, c) for e, s, c in zip(self.live, states, self.clips)]
        self._paint(self.frame_box, states)
        self.drawn = True
        self.now = t
        self.next_span = bisect.bisect_left(self.starts, t)
        self.active = [span for span in self.spans[:self.next_span] if span[1] > t]
        return self.buf

    def next(self, t: float) -> Change:
        """Draw the frame at ``t`` (later than the last one drawn) by changing the last
        one; say what changed."""
        if not self.drawn or t < self.now:
            self.frame(t)
            return ALL_CHANGED
        spans = self.spans
        while self.next_span < len(spans) and spans[self.next_span][0] < t:
            self.active.append(spans[self.next_span])
            self.next_span += 1
        touched = sorted({i for _, _, i in self.active})
        self.active = [span for span in self.active if span[1] > t]
        self.now = t
        dirty: list[IntBox] = []
        for i in touched:
            s = self.live[i].state(t)
            if s == self.shown[i]:
                continue
            old = self.boxes[i]
            self.shown[i] = s
            self.boxes[i] = new = self._place(self.live[i], s, self.clips[i])
            box = _join(old, new)
            if box is not None:
                dirty.append(box)
        boxes = _merged(dirty)
        if not boxes:
            return UNCHANGED
        area = sum((b[2] - b[0]) * (b[3] - b[1]) for b in boxes)
        if area > WHOLE_SHARE * self.film.width * self.film.height:
            self._paint(self.frame_box, self.shown)
            return ALL_CHANGED
        for box in boxes:
            self._paint(box, self.shown)
        return Change(tuple((b[0], b[1], b[2] - b[0], b[3] - b[1]) for b in boxes), False)

    def quiet_until(self) -> float:
        """The time up to which (inclusive) nothing changes after the last frame."""
        if self.active:
            return self.now
        if self.next_span < len(self.spans):
            return self.spans[self.next_span][0]
        return math.inf


__all__ = ["ALL_CHANGED", "UNCHANGED", "Change", "Compositor", "Pictures"]
