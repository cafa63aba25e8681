"""Timing: easing curves and how many frames each phase of an animation gets.

All pure functions.  The rules (documented in docs/rendering.md, "Timing"):
a phase of ``s`` seconds at ``fps`` gets ``frames(s, fps) = round(s * fps)`` frames,
except that a motion gets at least one frame; a step of ``segments`` eased sections
shows progress ``progress(i / n)`` on its i-th frame (i = 1..n, so the last frame shows
the step completed).
"""

from __future__ import annotations

import math
from collections.abc import Callable

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_in_out(t: float) -> float:
    """Cubic ease-in-out: slow start, slow end, symmetric."""
    if t < 0.5:
        return 4.0 * t * t * t
    u = 2.0 * t - 2.0
    return 0.5 * u * u * u + 1.0


def ease_in(t: float) -> float:
    return t * t * t


def ease_out(t: float) -> float:
    u = 1.0 - t
    return 1.0 - u * u * u


EASINGS: dict[str, Easing] = {
    "ease-in-out": ease_in_out,
    "linear": linear,
    "ease-in": ease_in,
    "ease-out": ease_out,
}


def frames(seconds: float, fps: int, *, minimum: int = 0) -> int:
    """Frames for a phase of ``seconds`` (round half to even, as Python's round)."""
    return max(minimum, round(seconds * fps))


def segmented(t: float, segments: int, easing: Easing) -> float:
    """Progress in [0, 1] when each of ``segments`` equal sections is eased separately.

    ``t`` is linear time through the whole step; the result is monotonic and passes
    through i / segments at the section boundaries."""
    if segments <= 1:
        return easing(min(max(t, 0.0), 1.0))
    s = min(max(t, 0.0), 1.0) * segments
    i = min(math.floor(s), segments - 1)
    return (i + easing(s - i)) / segments


__all__ = ["EASINGS", "Easing", "ease_in", "ease_in_out", "ease_out", "frames", "linear",
           "segmented"]
