"""Films of traces for the render tests: a trace's film in any layout, the time at which
a beat has reached a given eased progress, and the frame a film shows then.

Import it as ``tests.render.films``.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np

from puzzlereel.render.backends.compositor import Compositor
from puzzlereel.render.direction.director import Director
from puzzlereel.render.direction.plan import Plan
from puzzlereel.render.direction.resolve import resolve_options
from puzzlereel.render.film.easing import inverse
from puzzlereel.render.film.elements import Film
from puzzlereel.render.film.timeline import MOVE
from puzzlereel.render.options import RenderOptions
from puzzlereel.render.outputs import render_stream
from puzzlereel.trace import Header, Replay, Replayed


def directed(trace: str | Path, options: RenderOptions | None = None, *,
             layout: str = "board", fps: int = 30, whole: bool | None = None,
             explicit: frozenset[str] | None = None, loop: bool = False) -> Director:
    """The director of ``trace`` (a path or the JSON lines), finished: a "board" film
    (the scene alone, no title and no result, at ``options.cell`` or ``sheet_cell``) by
    default; ``loop``: ending with the return to its start, as a GIF's."""
    options = options or RenderOptions()
    text = Path(trace).read_text() if isinstance(trace, Path) else trace
    made: list[Director] = []

    class Feed:
        def __init__(self, director: Director) -> None:
            self.director = director

        def feed(self, item: Replayed, rep: Replay) -> None:
            self.director.feed(item, rep)

        def finish(self, end: object, progress: object = None) -> None:
            pass

    def outputs(header: Header) -> list[Feed]:
        opts = resolve_options(header, options, explicit if explicit is not None else
                               frozenset(k for k in ("size", "cell") if getattr(options, k)))
        complete = layout != "board" if whole is None else whole
        made.append(Director(header, opts, fps, layout=layout, whole=complete, loop=loop))
        return [Feed(made[0])]

    end = render_stream(io.StringIO(text), "trace", outputs)     # type: ignore[arg-type]
    made[0].finish(end)
    return made[0]


def beat_time(plan: Plan, beat: int, p: float, easing: str = "ease-in-out") -> float:
    """The time at which beat ``beat`` has reached eased progress ``p``."""
    for k, phase in enumerate(plan.phases):
        if phase.kind == MOVE and phase.step == beat:
            t0, t1 = plan.spans[k]
            return t0 + inverse(easing, p) * (t1 - t0)
    raise AssertionError(f"no beat {beat}")


def frame(film: Film, t: float) -> np.ndarray:
    """The film's frame at ``t`` seconds, drawn alone."""
    return Compositor(film).frame(t).copy()


__all__ = ["beat_time", "directed", "frame"]
