"""Timing: easing curves, and where the frames of an animation's phases fall.

A video is one list of phases in seconds (title card, start hold, each move, pauses, end
hold), the same for every format.  The rules (documented in docs/rendering.md,
"Timing"): the phase that ends ``t`` seconds into the video ends at frame
``round(t * fps)`` (``t`` summed exactly, so rounding never adds up and every format
lasts the same time within one of its frames), except that a motion gets at least one
frame, which the phases after it give back; a step of ``segments`` eased sections shows
progress ``progress(i / n)`` on its i-th frame (i = 1..n, so the last frame shows the
step completed).  ``Clock`` keeps the running sums; everything else is a pure function.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from fractions import Fraction

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


def boundary(seconds: Fraction, fps: int) -> int:
    """The frame at which the phase ending ``seconds`` into the video ends:
    ``round(seconds * fps)``, half to even as Python's ``round``."""
    return round(seconds * fps)


class Clock:
    """The timeline at one frame rate: phases in, frame counts out.

    ``take(seconds)`` adds a phase and returns its frames: from where the frames so far
    end to ``boundary(time so far, fps)``; ``minimum`` forces a few (a motion always
    shows), and the frames owed are then taken from the phases that follow.  Times
    are summed as exact fractions of the given floats, so where a phase ends depends
    only on the seconds before it, never on how earlier phases were rounded."""

    def __init__(self, fps: int) -> None:
        if fps <= 0:
            raise ValueError(f"fps must be > 0, got {fps!r}")
        self.fps = fps
        self.seconds = Fraction(0)   # the timeline's time so far
        self.frames = 0              # frames given out so far

    def take(self, seconds: float, *, minimum: int = 0) -> int:
        """Frames for the next phase of ``seconds`` (>= 0), at least ``minimum``."""
        self.seconds += Fraction(seconds)
        n = max(minimum, boundary(self.seconds, self.fps) - self.frames)
        self.frames += n
        return n


def frame_counts(phases: Iterable[tuple[float, int]], fps: int) -> list[int]:
    """The frames of each ``(seconds, minimum)`` phase of a timeline at ``fps``."""
    clock = Clock(fps)
    return [clock.take(seconds, minimum=minimum) for seconds, minimum in phases]


def segmented(t: float, segments: int, easing: Easing) -> float:
    """Progress in [0, 1] when each of ``segments`` equal sections is eased separately.

    ``t`` is linear time through the whole step; the result is monotonic and passes
    through i / segments at the section boundaries."""
    if segments <= 1:
        return easing(min(max(t, 0.0), 1.0))
    s = min(max(t, 0.0), 1.0) * segments
    i = min(math.floor(s), segments - 1)
    return (i + easing(s - i)) / segments


__all__ = ["EASINGS", "Clock", "Easing", "boundary", "ease_in", "ease_in_out", "ease_out",
           "frame_counts", "linear", "segmented"]
