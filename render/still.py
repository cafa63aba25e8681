"""Single frames of a trace's video, drawn alone: ``puzzlereel preview`` and posters.

``direct`` replays a trace into the director of one format's film (the MP4's, with its
side panel, or the GIF's, compact, at the GIF's frame rate) and plans it, drawing
nothing; ``frame_at`` then draws any one frame of it, which is the very frame the
encoder would receive (a frame is a pure function of time).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import IO, Any

import numpy as np

from puzzlereel.render.backends.compositor import Compositor
from puzzlereel.render.direction.director import Director
from puzzlereel.render.direction.resolve import resolve_options
from puzzlereel.render.film.timeline import frame_time
from puzzlereel.render.options import RenderOptions
from puzzlereel.render.outputs import Output, render_stream
from puzzlereel.render.sinks import director_for
from puzzlereel.trace import End, Header, Replay, Replayed


class _Feed:
    """An output of ``render_stream`` that only feeds a director."""

    def __init__(self, director: Director) -> None:
        self.director = director

    def feed(self, item: Replayed, rep: Replay) -> None:
        self.director.feed(item, rep)

    def finish(self, end: End | None, progress: object = None) -> None:
        self.director.finish(end)


def direct(stream: IO[Any], source: str, options: RenderOptions, *,
           explicit: Iterable[str] = (), allow_partial: bool = False, fmt: str = "mp4",
           check: Callable[[RenderOptions], None] | None = None) -> Director:
    """The planned director of the trace in ``stream``'s ``fmt`` film ("mp4": the side
    panel; "gif": compact, at the GIF's frame rate); ``check`` may refuse the options
    once the trace's hints are applied."""
    made: list[Director] = []

    def make(header: Header) -> list[Output]:
        opts = resolve_options(header, options, explicit, source)
        if check is not None:
            check(opts)
        made.append(director_for(fmt, header, opts))
        return [_Feed(made[0])]

    render_stream(stream, source, make, allow_partial=allow_partial)
    return made[0]


def frame_at(director: Director, index: int) -> np.ndarray:
    """Frame ``index`` of the director's film (clamped to the film), a copy."""
    plan = director.plan
    assert plan is not None, "direct() first"
    index = min(max(0, index), max(0, plan.total_frames - 1))
    return Compositor(director.film).frame(frame_time(index, plan.fps)).copy()


__all__ = ["direct", "frame_at"]
