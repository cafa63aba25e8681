"""The gallery's poster of a trace: one frame, drawn as ``render`` draws it.

The frame is the video's ending, its most telling moment for every family: the solved
position (the answer: the pieces home, the queens, the sum, the secret found) with the
result beside it, or the board with "No solution exists".  A batch unit draws it with
the run's options (``run --gallery``); the gallery draws the ones missing with the
config's.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from puzzlereel import app

if TYPE_CHECKING:
    from puzzlereel.render.options import RenderOptions


def draw_poster(trace: Path, poster: Path, options: RenderOptions,
                explicit: frozenset[str], source: str | None = None) -> None:
    """Draw ``trace``'s poster frame into the PNG ``poster`` (atomically); messages name
    the trace ``source`` (default: its path)."""
    from puzzlereel import preview

    with app.open_trace(str(trace)) as (stream, name):
        frame = preview.draw_frame(stream, source or name, options, preview.moment(end=True),
                                   explicit=explicit)
    preview.write_frame(frame, poster)


__all__ = ["draw_poster"]
