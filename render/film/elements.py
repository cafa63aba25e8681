"""A film: the whole video of a trace as named elements whose properties change over time.

An **element** is something drawn: one or more *variants* (shapes from ``render.film.shapes``),
of which it shows one at a time, moved to ``(x, y)``, scaled about its origin by
``scale`` and faded by ``opacity``.  Elements are drawn in layers (``LAYERS``: the board
under the pieces, the pieces, marks over them, the panel and counter, whole-frame
overlays: the search's chart, a looping format's way back to its start), in the
order they were added within a layer, and a scene's elements are clipped to its area.

A **track** is how one property of one element changes: a list of **motions** that do
not overlap.  A motion runs from ``t0`` to ``t1`` seconds through *stops*
``(progress, value)``, its progress following one easing over its whole length: a piece
sliding round two corners is one motion of three stops, eased once.  Between stops the
value is interpolated linearly in progress; ``shape`` (the variant shown) steps: it
keeps the value before the motion until the progress reaches the first stop, then takes
each stop's value as the progress reaches it.  A motion takes effect just after
``t0`` (at ``t0`` itself the value before it still shows) and holds its last value
from ``t1`` on.

A frame is a pure function of time: ``Element.state(t)`` gives what an element shows,
``Film.still(t)`` the whole picture as plain shapes.  Every backend reads these values
and nothing else: the raster frames sample them at each frame's time, the animated SVG
writes the tracks as CSS keyframes, the player samples them in the browser.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from puzzlereel.render.film import easing as eases
from puzzlereel.render.film.shapes import EMPTY_BOX, Box, Group, Shape, bounds, colours, union
from puzzlereel.render.film.theme import RGB

LAYERS = ("under", "pieces", "over", "chrome", "overlay")
PROPERTIES = ("pos", "opacity", "scale", "shape")

Value = float | tuple[float, float]
Stop = tuple[float, Value]


@dataclass(frozen=True)
class Motion:
    """One property from ``t0`` to ``t1`` seconds through ``stops`` (progress, value),
    progress following ``easing`` (a name of ``easing.EASINGS``) over the whole motion."""

    t0: float
    t1: float
    easing: str
    stops: tuple[Stop, ...]

    def value(self, t: float, stepped: bool, before: Value) -> Value:
        """The value at ``t`` (``t0 < t``): interpolated between stops, or with
        ``stepped`` the last stop reached (``before`` until the first is)."""
        stops = self.stops
        if t >= self.t1 or self.t1 <= self.t0:
            return stops[-1][1]
        p = eases.progress(self.easing, (t - self.t0) / (self.t1 - self.t0))
        if stepped:
            out = before
            for q, v in stops:
                if q <= p:
                    out = v
            return out
        if p <= stops[0][0]:
            return stops[0][1]
        for (qa, va), (qb, vb) in zip(stops, stops[1:]):
            if p <= qb:
                f = 0.0 if qb <= qa else (p - qa) / (qb - qa)
                return _mix(va, vb, f)
        return stops[-1][1]


def scalar(v: Value) -> float:
    """A value that is one number (opacity, scale, a variant's index)."""
    if isinstance(v, tuple):
        raise TypeError(f"expected a number, got {v!r}")
    return float(v)


def _mix(a: Value, b: Value, f: float) -> Value:
    if isinstance(a, tuple) and isinstance(b, tuple):
        return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
    assert isinstance(a, (int, float)) and isinstance(b, (int, float))
    return a + (b - a) * f


class ElementState(NamedTuple):
    """What an element shows at one moment."""

    shape: int
    x: float
    y: float
    opacity: float
    scale: float


@dataclass(eq=False)
class Track:
    """The motions of one property, in time order."""

    prop: str
    motions: list[Motion] = field(default_factory=list)
    _starts: list[float] = field(default_factory=list)

    def add(self, motion: Motion) -> None:
        if self.motions and motion.t0 < self.motions[-1].t1 - 1e-9:
            raise ValueError(f"{self.prop}: a motion from {motion.t0:g} s overlaps the one "
                             f"ending at {self.motions[-1].t1:g} s")
        self.motions.append(motion)
        self._starts.append(motion.t0)

    def value(self, t: float, start: Value) -> Value:
        """The value at ``t``, ``start`` before the first motion takes effect."""
        k = bisect.bisect_left(self._starts, t) - 1      # the last motion with t0 < t
        if k < 0:
            return start
        before = self.motions[k - 1].stops[-1][1] if k > 0 else start
        return self.motions[k].value(t, self.prop == "shape", before)

    def values(self) -> Iterator[Value]:
        for m in self.motions:
            for _, v in m.stops:
                yield v


@dataclass(eq=False)
class Element:
    """One drawn thing: its variants, where it starts, its tracks (see the module doc).

    ``role`` says what it belongs to: ``"board"`` (a scene's drawing), ``"chrome"`` (the
    panel or counter line), ``"search"`` (the search's chart) or ``"overlay"`` (a looping
    format's way back to its start); ``data`` are attributes the SVG keeps
    (``data-piece="B"``); ``clip`` the box it is drawn within (None: the frame)."""

    name: str
    variants: Sequence[Shape]
    layer: str
    x: float = 0.0
    y: float = 0.0
    opacity: float = 1.0
    scale: float = 1.0
    shape: int = 0
    clip: Box | None = None
    role: str = "board"
    data: tuple[tuple[str, str], ...] = ()
    tracks: dict[str, Track] = field(default_factory=dict)

    def start(self, prop: str) -> Value:
        if prop == "pos":
            return (self.x, self.y)
        return float(getattr(self, prop))

    def state(self, t: float) -> ElementState:
        """What the element shows at ``t`` seconds."""
        tr = self.tracks
        x, y = self.x, self.y
        if "pos" in tr:
            pos = tr["pos"].value(t, (x, y))
            assert isinstance(pos, tuple)
            x, y = pos
        o = scalar(tr["opacity"].value(t, self.opacity)) if "opacity" in tr else self.opacity
        s = scalar(tr["scale"].value(t, self.scale)) if "scale" in tr else self.scale
        k = int(scalar(tr["shape"].value(t, self.shape))) if "shape" in tr else self.shape
        return ElementState(k, x, y, o, s)

    def animate(self, prop: str, motion: Motion) -> None:
        if prop not in PROPERTIES:
            raise ValueError(f"{self.name}: no property {prop!r} (one of {PROPERTIES})")
        self.tracks.setdefault(prop, Track(prop)).add(motion)

    @property
    def still(self) -> bool:
        """Whether the element never changes."""
        return not any(track.motions for track in self.tracks.values())

    def swept(self) -> Box:
        """A box every picture of the element lies in, over the whole film."""
        boxes = [bounds(v) for v in self.variants]
        if "shape" in self.tracks:
            used = {int(scalar(v)) for v in self.tracks["shape"].values()} | {self.shape}
            boxes = [b for i, b in enumerate(boxes) if i in used]
        local = union(boxes)
        if local == EMPTY_BOX:
            return EMPTY_BOX
        scales = [self.scale, *(scalar(v) for v in self.tracks["scale"].values())] \
            if "scale" in self.tracks else [self.scale]
        points = [(self.x, self.y)]
        if "pos" in self.tracks:
            points += [v for v in self.tracks["pos"].values() if isinstance(v, tuple)]
        lo, hi = min(scales), max(scales)
        xs = [p[0] + c * s for p in points for c in (local[0], local[2]) for s in (lo, hi)]
        ys = [p[1] + c * s for p in points for c in (local[1], local[3]) for s in (lo, hi)]
        box = (min(xs), min(ys), max(xs), max(ys))
        if self.clip is not None:
            box = (max(box[0], self.clip[0]), max(box[1], self.clip[1]),
                   min(box[2], self.clip[2]), min(box[3], self.clip[3]))
        return box

    def changes(self) -> Iterator[tuple[float, float]]:
        """The (t0, t1) of every motion of the element."""
        for track in self.tracks.values():
            for m in track.motions:
                yield (m.t0, m.t1)


def still_shape(element: Element, state: ElementState) -> Shape | None:
    """The element as it shows in ``state``, as one plain shape (None when invisible)."""
    if state.opacity <= 0 or not element.variants:
        return None
    shape = element.variants[min(max(state.shape, 0), len(element.variants) - 1)]
    if state.scale != 1.0:
        from puzzlereel.render.film.shapes import scaled

        shape = scaled(shape, state.scale)
    return Group((shape,), state.x, state.y, state.opacity)


class Film:
    """Every element of one video, in layers, on a ``width`` x ``height`` frame of
    ``background`` colour, lasting ``duration`` seconds."""

    def __init__(self, width: int, height: int, background: RGB) -> None:
        self.width, self.height = width, height
        self.background = background
        self.duration = 0.0
        self.layers: dict[str, list[Element]] = {name: [] for name in LAYERS}
        self.names: dict[str, Element] = {}

    def add(self, name: str, variants: Sequence[Shape], layer: str = "pieces", *,
            x: float = 0.0, y: float = 0.0, opacity: float = 1.0, scale: float = 1.0,
            clip: Box | None = None, role: str = "board",
            data: tuple[tuple[str, str], ...] = ()) -> Element:
        if name in self.names:
            raise ValueError(f"two elements named {name!r}")
        if layer not in self.layers:
            raise ValueError(f"no layer {layer!r} (one of {LAYERS})")
        element = Element(name, variants, layer, x, y, opacity, scale, 0, clip, role, data)
        self.layers[layer].append(element)
        self.names[name] = element
        return element

    @property
    def elements(self) -> list[Element]:
        """Every element, bottom to top."""
        return [e for name in LAYERS for e in self.layers[name]]

    def still(self, t: float, role: str | None = None) -> list[Shape]:
        """The picture at ``t`` as plain shapes, bottom to top (only ``role``'s elements
        when given); an element's clip is not applied."""
        out = []
        for element in self.elements:
            if role is not None and element.role != role:
                continue
            shape = still_shape(element, element.state(t))
            if shape is not None:
                out.append(shape)
        return out

    def colours(self) -> list[RGB]:
        """Every flat colour the film paints, the background first."""
        seen = dict.fromkeys([self.background])
        for element in self.elements:
            for variant in element.variants:
                seen.update(dict.fromkeys(colours(variant)))
        return list(seen)


__all__ = ["LAYERS", "PROPERTIES", "Element", "ElementState", "Film", "Motion", "Stop", "Track",
           "Value", "scalar", "still_shape"]
