"""The gallery's poster of a trace: one frame, drawn as ``render`` draws it.

The frame is the video's ending, its most telling moment for every family: the solved
position (the answer: the pieces home, the queens, the sum, the secret found) with the
result beside it, or the board with "No solution exists".  A batch unit draws it with
the run's options (``run --gallery``); the gallery draws the ones missing with the
config's.  Its size is the options' (the gallery's), never a trace header's hints
(``SIZED``): a header asking for 7680x4320 frames gets a poster like any other.  A
poster carries a mark (a PNG text chunk, ``manifest.poster_chunk``) by which the
gallery and ``run`` know it for theirs, and never draw over a picture of the user's.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from puzzlereel.actions.show import open_trace
from puzzlereel.ground.fileio import atomic_path
from puzzlereel.ground.manifest import POSTER_AT, poster_chunk, poster_drawn_here

if TYPE_CHECKING:
    from puzzlereel.render.options import RenderOptions

SIZED = frozenset({"size", "cell", "target"})   # the render keys that set a frame's size


def poster_options(options: RenderOptions, explicit: frozenset[str]
                   ) -> tuple[RenderOptions, frozenset[str]]:
    """``options`` with its own size settled (a target's size where neither ``size``
    nor ``cell`` was set), and the size keys counted as set, so that no header hint
    changes them."""
    from puzzlereel.render.options import TARGETS

    if options.target is not None and not {"size", "cell"} & explicit:
        size = TARGETS[options.target].size
        if size is not None:
            options = replace(options, size=size)
    return options, explicit | SIZED


def draw_poster(trace: Path, poster: Path, options: RenderOptions,
                explicit: frozenset[str], source: str | None = None) -> None:
    """Draw ``trace``'s poster frame into the PNG ``poster`` (atomically) at the size
    ``options`` give; messages name the trace ``source`` (default: its path)."""
    from puzzlereel.actions import preview

    options, explicit = poster_options(options, frozenset(explicit))
    with open_trace(str(trace)) as (stream, name):
        frame = preview.draw_frame(stream, source or name, options, preview.moment(end=True),
                                   explicit=explicit)
    from puzzlereel.render.encoders.png import write_png

    height, width, _ = frame.pixels.shape
    with atomic_path(poster) as tmp:
        write_png(tmp, width, height, [frame.pixels])
        if tmp.is_file():               # not a device written straight into
            data = tmp.read_bytes()
            tmp.write_bytes(data[:POSTER_AT] + poster_chunk() + data[POSTER_AT:])


def to_draw(poster: Path, trace: Path, recorded: bool, force: bool = False) -> bool:
    """Whether to draw ``trace``'s poster: there is none, or one of puzzlereel's (marked,
    or of a config the manifest records: ``recorded``) older than the trace.  A picture
    of the user's by that name is theirs, and shown as it is, unless ``force`` (then it
    is replaced)."""
    try:
        older = poster.stat().st_mtime < trace.stat().st_mtime
    except OSError:
        return not os.path.lexists(poster)
    ours = recorded or poster_drawn_here(poster)
    return older if ours else force


__all__ = ["SIZED", "draw_poster", "poster_options", "to_draw"]
