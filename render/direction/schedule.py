"""The seconds of a video: each beat's (``render.direction.pacing``), the opening's, the
ending's, the search's and a looping format's return, as ``Timing``: what the plan
(``render.direction.plan``) places on a frame rate's grid and the subtitles are timed
by.  What the options leave unset is sized to the video: the opening as long as its
words take to read, the ending at most a share of the video.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from puzzlereel.registry import FAMILIES
from puzzlereel.render.direction import pacing
from puzzlereel.render.direction.pacing import Timed
from puzzlereel.render.direction.resolve import family_pacing
from puzzlereel.render.direction.scene.beats import Beat
from puzzlereel.render.film.timeline import (
    CROSSFADE,
    RETURN_SECONDS,
    Pacing,
    Phase,
    fit,
    frames_of,
    phases,
)
from puzzlereel.render.options import RenderOptions
from puzzlereel.trace import Header

PAYOFF_SECONDS = 1.2     # the payoff after the last move of a solved trace
NO_MOVES_START = 3.0     # a trace without moves: its start shows at least this long,
NO_MOVES_END = 4.0       # and its result (seconds)
TITLE_LEAVES = 0.4       # the opening's last seconds: the title gone, the board alone
RESULT_SECONDS = 2.0     # the result's details after the final hold (when not set)


@dataclass(frozen=True)
class Timing:
    """What a video's phases are made of: each beat's seconds (``pacing.timed``), the
    fixed phases' (``Pacing``), and whether the search's chart is told after the
    solution."""

    times: list[Timed]
    pacing: Pacing

    def phases(self) -> Iterator[Phase]:
        return phases(((t.motion, t.pause) for t in self.times), self.pacing)


def _usual(header: Header, key: str, default: float) -> float:
    return float(family_pacing(header).get(key, default))


def timing(beats: Sequence[Beat], header: Header, o: RenderOptions, payoff: Beat | None,
           *, words: str = "", picture: bool = False, search: bool = False,
           search_after: bool = False, loop: bool = False, solved: bool = False) -> Timing:
    """The seconds of ``beats`` (``pacing.timed``; the family's ``finale`` when the trace
    is ``solved``: the last moves before the goal) and of the fixed phases.  What the
    options leave unset is sized to the video: the opening as long as ``words`` (the
    title and the goal) take to read (and the goal's ``picture`` after them), the
    ending (payoff, hold, result) at most
    ``pacing.ENDING_SHARE`` of the video; a trace without moves (no solution, a search
    that stopped) shows its start and its result longer: there is nothing else to
    watch.  ``search``: the "how it was found" chart, after the title or
    (``search_after``) after the solution; ``loop``: the video returns to its start."""
    family = FAMILIES.get(header.puzzle)
    times = pacing.timed(beats, o.speed, o.pause,
                         family.finale if family is not None and solved else 0)
    still = not any(b.move for b in beats)
    moving = sum(t.motion + t.pause for t in times)
    hold_start, title = _opening(o, words, picture, moving, still)
    search_seconds = o.search_seconds if search else 0.0
    base_speed = _usual(header, "speed", RenderOptions.speed)
    usual = (PAYOFF_SECONDS * min(1.0, o.speed / max(1e-9, base_speed))
             if payoff is not None else 0.0,
             o.hold_end if o.hold_end is not None else _usual(header, "hold_end", 1.5),
             o.end_seconds if o.end_seconds is not None else RESULT_SECONDS)
    if still:
        usual = (usual[0], usual[1], max(usual[2], NO_MOVES_END) if usual[2] > 0 else 0.0)
    elif o.hold_end is None and o.end_seconds is None:
        before = hold_start + moving         # (the search's chart aside)
        whole = sum(usual)
        fitted = pacing.ending_seconds(before, whole)
        if whole > 0:
            usual = (usual[0] * fitted / whole, usual[1] * fitted / whole,
                     usual[2] * fitted / whole)
    return Timing(times, Pacing(
        hold_start=hold_start, hold_end=usual[1], title=title, result=usual[2],
        payoff=usual[0], search=search_seconds, loop=RETURN_SECONDS if loop else 0.0,
        search_after=search_after and search_seconds > 0))


def _opening(o: RenderOptions, words: str, picture: bool, moving: float,
             still: bool) -> tuple[float, float]:
    """(the start hold, the title's part of it): as set, else as long as ``words`` (and
    the goal's ``picture`` after them) take to read (``pacing.opening_seconds``), the
    title leaving ``TITLE_LEAVES`` to the board alone."""
    hold = o.hold_start if o.hold_start is not None else \
        pacing.opening_seconds(words, moving, picture and o.title)
    if still:
        hold = max(hold, NO_MOVES_START)
    if not o.title:
        return hold, 0.0
    if o.title_seconds is not None:
        return hold, o.title_seconds
    return hold, max(hold - TITLE_LEAVES, min(hold, CROSSFADE))


def placed(timed: Timing, fps: int, duration: float | None) -> tuple[list[Phase], list[int]]:
    """The phases of ``timed`` (``--duration`` scales every one but a looping format's
    return: ``timeline.fit``) and each one's frames on the grid of ``fps``."""
    scheduled = list(timed.phases())
    if duration is not None:
        scheduled = fit(scheduled, duration)
    return scheduled, frames_of(scheduled, fps)


__all__ = ["NO_MOVES_END", "NO_MOVES_START", "PAYOFF_SECONDS", "RESULT_SECONDS",
           "TITLE_LEAVES", "Timing", "placed", "timing"]
