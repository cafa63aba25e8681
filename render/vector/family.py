"""What a puzzle family's vector scene provides: the board as shapes, the pieces as
actors (one element each, moved and faded by keys), and the keys of each event.

A vector scene is the vector twin of a raster scene (``render/scenes/<family>.py``): it
reads the same header through the family's rules, the same theme and the raster scene's
own geometry (the prepared raster scene is passed in, so cell size, frame thickness and
piece colours are the raster's, not copies), and places everything in the frame the
raster renderer planned (``render.core.plan_frame``).

Timing is not the scene's business: a ``Key`` says where an actor is at ``s``, a fraction
of linear time through the event's motion (0 = the motion starts, 1 = it ends); the
recorder (``render.vector.record``) maps ``s`` to seconds with the video's own timeline.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from puzzlereel.registry import KINDS
from puzzlereel.trace import Header, Replay, Replayed, TraceError

from ..core import AnyScene, AnyStep, FrameLayout
from ..options import RenderOptions
from ..theme import Theme
from ..timeline import EASINGS
from .shapes import Shape


@dataclass
class Actor:
    """One animated element: its shapes drawn around its own origin, placed at (x, y)."""

    ident: str
    shapes: list[Shape]
    x: float = 0.0
    y: float = 0.0
    opacity: float = 1.0
    data: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    glow: list[Shape] = field(default_factory=list)   # the highlight, shown by ``Key.glow``


@dataclass(frozen=True)
class Key:
    """Actor ``actor`` at linear time ``s`` (0..1) through an event's motion; a value of
    None keeps the actor's current one.  ``glow`` is the opacity of the actor's
    highlight.  ``timing``: the CSS timing function of the way to the actor's next key
    (None: the video's easing curve, ``CURVES``)."""

    actor: int
    s: float
    x: float | None = None
    y: float | None = None
    opacity: float | None = None
    glow: float | None = None
    timing: str | None = None


class VectorScene:
    """The base of every family's vector scene: keeps the inputs and the actor list."""

    def __init__(self, header: Header, options: RenderOptions, theme: Theme,
                 raster: AnyScene, frame: FrameLayout, origin: tuple[int, int]) -> None:
        self.header = header
        self.options = options
        self.theme = theme
        self.raster = raster
        self.frame = frame
        self.ox, self.oy = origin       # the scene's drawing's top-left in the frame
        self.cell = frame.cell
        self.actors: list[Actor] = []
        self.unit = KINDS[header.puzzle].unit
        self.note = ""      # the last event's notation (set by ``advance``)

    def add(self, actor: Actor) -> int:
        self.actors.append(actor)
        return len(self.actors) - 1

    # ------------------------------------------------------------ for subclasses

    def statics(self) -> list[Shape]:
        """The still picture under the actors (the board), in frame pixels."""
        return []

    def defs(self) -> str:
        """SVG ``<defs>`` content the shapes refer to (patterns), or ""."""
        return ""

    def overlays(self) -> list[Shape]:
        """Still shapes drawn above the actors (targets that read over any piece)."""
        return []

    def advance(self, item: Replayed, replay: Replay, steps: Sequence[AnyStep]) -> list[Key]:
        """The keys of one replayed event; ``steps`` are what the raster scene played for
        it (none: the video does not show it, so neither should the vector scene)."""
        return []

    def payoff(self, step: AnyStep) -> list[Key]:
        """Keys of the raster scene's payoff ``step`` after a solved trace's last move
        (the goal piece leaving through the exit); ``s`` runs over the payoff."""
        return []

    def finish(self, final: object) -> list[Key]:
        """Keys at the start of the end hold, which shows the raster scene's ``final``
        state, or (None) the payoff's last picture."""
        return []

    def glow_keys(self, i: int) -> list[Key]:
        """The highlight of moving actor ``i``: it fades in over the first fifth of the
        motion's eased progress and out over the last fifth (the raster scenes' rule),
        never changing the piece's size or place."""
        if not self.options.highlight or not self.actors[i].glow:
            return []
        e = self.options.easing
        return ramp(i, 0.0, 0.2, e, glow=(0.0, 1.0)) + ramp(i, 0.8, 1.0, e, glow=(1.0, 0.0))

    def notation(self, item: Replayed) -> str:
        """The event in a few characters, for the player's move list when the raster
        scene has no notation for it (by default what ``advance`` left in ``note``)."""
        return self.note



ARROWS = {(1, 0): "→", (-1, 0): "←", (0, 1): "↓", (0, -1): "↑"}


def arrows(path: Sequence[tuple[int, int]]) -> str:
    """A route as arrows, runs shortened: ``↓↓→`` becomes ``↓2 →``."""
    out: list[list[Any]] = []
    for (ax, ay), (bx, by) in zip(path, path[1:], strict=False):
        d = (max(-1, min(1, bx - ax)), max(-1, min(1, by - ay)))
        arrow = ARROWS.get(d, "·")
        if out and out[-1][0] == arrow:
            out[-1][1] += 1
        else:
            out.append([arrow, 1])
    return " ".join(a if n == 1 else f"{a}{n}" for a, n in out)


# cubic-bezier control points that follow ``render.timeline``'s cubic easings within 1 %
# of the distance moved (tests/render/test_vector_svg.py checks it)
CURVES: dict[str, tuple[float, float, float, float]] = {
    "ease-in-out": (0.65, 0.0, 0.35, 1.0),
    "ease-in": (0.32, 0.0, 0.67, 0.0),
    "ease-out": (0.33, 1.0, 0.68, 1.0),
    "linear": (0.0, 0.0, 1.0, 1.0),
}


def timing_css(curve: tuple[float, float, float, float]) -> str:
    if curve == CURVES["linear"]:
        return "linear"
    return "cubic-bezier({})".format(",".join(_short(v) for v in curve))


def _short(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    text = "0" if text in ("", "-0") else text
    return text[1:] if text.startswith("0.") else "-" + text[2:] if text.startswith("-0.") \
        else text


def bezier(u: float, a: float, b: float) -> float:
    """One coordinate of the timing curve from (0, 0) to (1, 1) with controls a, b."""
    v = 1.0 - u
    return 3 * v * v * u * a + 3 * v * u * u * b + u * u * u


def _split(curve: tuple[float, float, float, float], u0: float, u1: float
           ) -> tuple[float, float, float, float]:
    """The part of ``curve`` between parameters ``u0`` and ``u1`` as a timing curve of
    its own (scaled to the unit square), by the curve's derivatives at both ends."""
    x1, y1, x2, y2 = curve

    def d(u: float, a: float, b: float) -> float:
        v = 1.0 - u
        return 3 * v * v * a + 6 * v * u * (b - a) + 3 * u * u * (1 - b)

    h = u1 - u0
    xa, xb = bezier(u0, x1, x2), bezier(u1, x1, x2)
    ya, yb = bezier(u0, y1, y2), bezier(u1, y1, y2)
    w, ht = max(xb - xa, 1e-12), (yb - ya) or 1e-12
    c1x = xa + h / 3 * d(u0, x1, x2)
    c1y = ya + h / 3 * d(u0, y1, y2)
    c2x = xb - h / 3 * d(u1, x1, x2)
    c2y = yb - h / 3 * d(u1, y1, y2)
    return (min(max((c1x - xa) / w, 0.0), 1.0), (c1y - ya) / ht,
            min(max((c2x - xa) / w, 0.0), 1.0), (c2y - ya) / ht)


def bezier_param(curve: tuple[float, float, float, float], q: float) -> float:
    """The curve's parameter where its progress (y) reaches ``q``."""
    lo, hi = 0.0, 1.0
    for _ in range(50):
        mid = (lo + hi) / 2
        if bezier(mid, curve[1], curve[3]) < q:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def when(progress: float, easing: str) -> float:
    """The linear time (0..1) at which the video's ``easing`` reaches ``progress``."""
    ease = EASINGS.get(easing, EASINGS["linear"])
    lo, hi = 0.0, 1.0
    for _ in range(40):
        mid = (lo + hi) / 2
        if ease(mid) < progress:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def span(p0: float, p1: float, easing: str) -> tuple[float, float, str]:
    """Where the video's eased progress runs from ``p0`` to ``p1``: the linear times
    (0..1) of both ends and the CSS timing function between them, so that a value that
    changes in step with the progress (a fade, a glow) follows the easing exactly as the
    raster frames do."""
    curve = CURVES.get(easing, CURVES["linear"])
    u0, u1 = bezier_param(curve, p0), bezier_param(curve, p1)
    return (bezier(u0, curve[0], curve[2]), bezier(u1, curve[0], curve[2]),
            timing_css(_split(curve, u0, u1)))


def ramp(actor: int, p0: float, p1: float, easing: str, *, opacity: tuple[float, float]
         | None = None, glow: tuple[float, float] | None = None) -> list[Key]:
    """Keys taking the actor's opacity (or glow) from one value to another while the
    eased progress runs from ``p0`` to ``p1``, in step with it."""
    s0, s1, timing = span(p0, p1, easing)
    if opacity is not None:
        return [Key(actor, s0, opacity=opacity[0], timing=timing),
                Key(actor, s1, opacity=opacity[1], timing="linear")]
    if glow is not None:
        return [Key(actor, s0, glow=glow[0], timing=timing),
                Key(actor, s1, glow=glow[1], timing="linear")]
    return []


def motion_keys(actor: int, points: Sequence[tuple[float, float]], easing: str) -> list[Key]:
    """Keys moving ``actor`` along ``points`` as one motion eased over its whole length
    (``timeline.eased``): a straight run is one key pair, and at each corner the curve is
    split so the piece keeps moving through it."""
    pts = [points[0]]
    for p, q in zip(points[1:], points[2:], strict=False):   # drop points inside a straight run
        a = pts[-1]
        if (p[0] - a[0]) * (q[1] - p[1]) != (p[1] - a[1]) * (q[0] - p[0]):
            pts.append(p)
    if len(points) > 1:
        pts.append(points[-1])
    if len(pts) <= 2:
        return [Key(actor, 0.0, *pts[0]), Key(actor, 1.0, *pts[-1])]
    lengths = [0.0]
    for (ax, ay), (bx, by) in zip(pts, pts[1:], strict=False):
        lengths.append(lengths[-1] + math.hypot(bx - ax, by - ay))
    total = lengths[-1] or 1.0
    curve = CURVES.get(easing, CURVES["linear"])
    params = [0.0] + [bezier_param(curve, d / total) for d in lengths[1:-1]] + [1.0]
    keys = []
    for j, (x, y) in enumerate(pts):
        s = bezier(params[j], curve[0], curve[2])
        timing = timing_css(_split(curve, params[j], params[j + 1])) if j + 1 < len(pts) else None
        keys.append(Key(actor, s, x, y, timing=timing))
    return keys


FAMILIES = {
    "sliding-block": "sliding_block:BlockVector",
    "sliding-tile": "sliding_tile:TileVector",
    "peg-solitaire": "peg_solitaire:PegVector",
    "n-queens": "n_queens:QueensVector",
    "mastermind": "mastermind:MastermindVector",
    "komachi": "equations:CardVector",
    "oomachi": "equations:CardVector",
    "alphametic": "equations:CardVector",
}


def vector_scene_for(header: Header, options: RenderOptions, theme: Theme, raster: AnyScene,
                     frame: FrameLayout, origin: tuple[int, int]) -> VectorScene:
    """The vector scene of ``header``'s puzzle (a TraceError when there is none)."""
    import importlib

    name = FAMILIES.get(header.puzzle)
    if name is None:
        raise TraceError(f"cannot draw {header.puzzle!r} traces as vectors yet (known: "
                         f"{', '.join(sorted(FAMILIES))})", field="puzzle", line=1)
    module, _, cls = name.partition(":")
    found: Any = getattr(importlib.import_module(f"{__package__}.{module}"), cls)
    scene: VectorScene = found(header, options, theme, raster, frame, origin)
    return scene


__all__ = ["CURVES", "FAMILIES", "Actor", "Key", "VectorScene", "arrows", "motion_keys",
           "bezier", "bezier_param", "ramp", "span", "timing_css", "vector_scene_for", "when"]
