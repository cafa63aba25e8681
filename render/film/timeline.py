"""Timing: the phases of a video in seconds, and where their frames fall.

A video is one list of ``Phase`` values in seconds (the opening: the start position with
its title, or briefly alone before the search without one; the search between two
crossfades when it is shown, here or after the payoff; the rest of the start
hold; each beat, pauses; the payoff, the hold and the result on the solved position; a
looping format's return to the start), the same for every format but the return, and
computable without drawing anything (``phases``; ``fit`` scales it to a chosen length).
The rules (documented in docs/rendering.md, "Timing"): the phase that ends ``t`` seconds
into the video ends at frame ``round(t * fps)`` (``t`` summed exactly, so rounding never
adds up and every format lasts the same time within one of its frames), except that a
beat gets at least one frame, which the phases after it give back (all but the ending's
last frame).  ``spans`` gives
each phase's time on the frame grid: a phase of frames ``f .. f + n - 1`` runs from
``f / fps`` to ``(f + n) / fps``, and frame ``f`` shows the film at ``(f + 1) / fps``,
so a beat's i-th frame (i = 1..n) shows it at ``i / n`` of its length and its last frame
shows it done.  ``Clock`` keeps the running sums; everything else is a pure function.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction


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


# ---------------------------------------------------------------- phases

TITLE, SEARCH_IN, SEARCH, SEARCH_OUT, START, MOVE, PAUSE, PAYOFF, HOLD, END, RETURN = (
    "title", "search-in", "search", "search-out", "start", "move", "pause", "payoff", "hold",
    "end", "return")
CROSSFADE = 0.3     # seconds of a crossfade: the title fading, the search's chart in and out
RETURN_SECONDS = 0.5    # a looping format's crossfade from the solved position to the start
ENDING = frozenset({HOLD, END, RETURN})    # after the last beat and the payoff


@dataclass(frozen=True)
class Phase:
    """One part of a video: its ``kind`` (``TITLE``, ``SEARCH_IN``, ``SEARCH``,
    ``SEARCH_OUT``, ``START``, ``MOVE``, ``PAUSE``, ``PAYOFF``, ``HOLD``, ``END``,
    ``RETURN``; ``END`` is the result's details on the last position, after the final
    hold; a trace without a title but with the search's chart opens with a short
    ``START`` before it), its length in seconds, the frames it must have at least (a beat always
    shows) and, for ``MOVE`` and ``PAUSE``, the index of its beat in the video's list of
    beats."""

    kind: str
    seconds: float
    minimum: int = 0
    step: int | None = None


@dataclass(frozen=True)
class Pacing:
    """The seconds a video's fixed phases take (the beats' own come with them, each a
    motion and the pause after it: ``render.direction.pacing``): ``hold_start`` the
    start position's whole still time before the first move (the title's included),
    ``title`` the part of it with the title over or beside the board, ``hold_end`` the
    solved position's still time, ``result`` the time after it with the result's
    details, the payoff, the search's chart (``search_after``: told after the solution,
    before the final hold, instead of after the title), and ``loop`` the return to the
    start of a format that loops."""

    hold_start: float
    hold_end: float
    title: float            # 0: no title
    result: float           # 0: no result details after the hold
    payoff: float           # 0: no payoff
    search: float = 0.0     # 0: no "how it was found" segment
    loop: float = 0.0       # 0: the video ends on the solved position
    search_after: bool = False

    def opening_rest(self) -> float:
        """The start hold left after the title: ``hold_start`` less the title's time,
        but at least the title's crossfade away (all of ``hold_start`` without a title,
        or after the search's chart)."""
        if self.title <= 0 or self.search > 0 and not self.search_after:
            return self.hold_start
        return max(self.hold_start - self.title, CROSSFADE)


def _search(seconds: float) -> Iterator[Phase]:
    yield Phase(SEARCH_IN, CROSSFADE)
    yield Phase(SEARCH, seconds)
    yield Phase(SEARCH_OUT, CROSSFADE)


def phases(times: Iterable[tuple[float, float]], pacing: Pacing) -> Iterator[Phase]:
    """The phases of a video whose beats play ``times[i]`` = (motion seconds, seconds of
    the pause after it; 0: none), one at a time."""
    before = pacing.search > 0 and not pacing.search_after
    if pacing.title > 0:
        yield Phase(TITLE, pacing.title)
    elif before:
        yield Phase(START, CROSSFADE)    # the board, before the chart crossfades in
    if before:
        yield from _search(pacing.search)
    yield Phase(START, pacing.opening_rest())
    for i, (motion, pause) in enumerate(times):
        yield Phase(MOVE, motion, 1, i)
        if pause > 0:
            yield Phase(PAUSE, pause, 0, i)
    if pacing.payoff > 0:
        yield Phase(PAYOFF, pacing.payoff)
    if pacing.search > 0 and pacing.search_after:
        yield from _search(pacing.search)
    yield Phase(HOLD, pacing.hold_end)
    if pacing.result > 0:
        yield Phase(END, pacing.result)
    if pacing.loop > 0:
        yield Phase(RETURN, pacing.loop)


def total_seconds(phases: Iterable[Phase]) -> float:
    return float(sum(Fraction(p.seconds) for p in phases))


def fit(phases: Sequence[Phase], duration: float) -> list[Phase]:
    """``phases`` scaled so that together they last ``duration`` seconds: every phase,
    moves and holds alike, by the same factor (the frames then end within one frame of
    ``duration``); a looping format's return to the start is not scaled and comes on
    top, so that every format plays its moves alike."""
    total = total_seconds(p for p in phases if p.kind != RETURN)
    if total <= 0:
        return list(phases)
    k = duration / total
    return [p if p.kind == RETURN else Phase(p.kind, p.seconds * k, p.minimum, p.step)
            for p in phases]


def frames_of(phases: Sequence[Phase], fps: int) -> list[int]:
    """The frames of each phase at ``fps`` (``Clock``'s rule).  The frames owed by beats
    shorter than a frame are never taken from the ending (the final hold, the result and
    the return keep all but one of their frames): with many such beats at a low
    frame rate the video runs longer instead of losing its last words."""
    return frame_counts(((p.seconds, least_frames(p.kind, p.seconds, p.minimum, fps))
                         for p in phases), fps)


def least_frames(kind: str, seconds: float, minimum: int, fps: int) -> int:
    """The fewest frames a phase of ``kind`` lasting ``seconds`` gets: ``minimum`` (a
    beat's one frame), and for the ending all but one of its own (``frames_of``)."""
    if kind in ENDING:
        return max(minimum, math.floor(seconds * fps) - 1)
    return minimum


def spans(counts: Sequence[int], fps: int) -> list[tuple[float, float]]:
    """Each phase's (start, end) in seconds on the frame grid, from its frame counts."""
    out, n = [], 0
    for c in counts:
        out.append((n / fps, (n + c) / fps))
        n += c
    return out


def frame_time(index: int, fps: int) -> float:
    """The film time frame ``index`` shows: the end of its time on screen."""
    return (index + 1) / fps


__all__ = ["CROSSFADE", "ENDING", "RETURN_SECONDS", "Clock", "Pacing", "Phase", "boundary",
           "fit", "frame_counts", "least_frames", "frame_time", "frames_of", "phases",
           "spans", "total_seconds", "TITLE", "SEARCH_IN", "SEARCH", "SEARCH_OUT",
           "START", "MOVE", "PAUSE", "PAYOFF", "HOLD", "END", "RETURN"]
