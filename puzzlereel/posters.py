"""The gallery's poster of a trace: one frame, drawn as ``render`` draws it.

The frame is the start position for puzzles of moves (the puzzle as it is set) and the
last frame for the others (the answer: queens, a sum, the guesses).  A batch unit draws
it with the run's options (``run --gallery``); the gallery draws the ones missing with
the config's.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from puzzlereel import app
from puzzlereel.registry import KINDS
from puzzlereel.trace import read_ends

if TYPE_CHECKING:
    from puzzlereel.render.options import RenderOptions


def poster_moment(unit_word: str) -> str:
    """The poster's frame, by the puzzle's unit word: "start" for moves, else "end"."""
    return "start" if unit_word == "move" else "end"


def draw_poster(trace: Path, poster: Path, options: RenderOptions,
                explicit: frozenset[str], source: str | None = None) -> None:
    """Draw ``trace``'s poster frame into the PNG ``poster`` (atomically); messages name
    the trace ``source`` (default: its path)."""
    from puzzlereel import preview

    header, _ = read_ends(trace)
    moment = poster_moment(KINDS[header.puzzle].unit)
    when = preview.moment(end=True) if moment == "end" else preview.moment(move=0)
    with app.open_trace(str(trace)) as (stream, name):
        frame = preview.draw_frame(stream, source or name, options, when, explicit=explicit)
    preview.write_frame(frame, poster)


__all__ = ["draw_poster", "poster_moment"]
