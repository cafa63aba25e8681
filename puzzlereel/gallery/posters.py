"""The gallery's poster of a trace: one frame, drawn as ``render`` draws it.

The frame is the video's ending, its most telling moment for every family: the solved
position (the answer: the pieces home, the queens, the sum, the secret found) with the
result beside it, or the board with "No solution exists".  A batch task draws it with
the run's options (``run --gallery``); the gallery draws the ones missing with the
config's.  Its size is the options' (the gallery's), never a trace header's hints
(``SIZED``): a header asking for 7680x4320 frames gets a poster like any other.  A
poster carries a mark (PNG text chunks, ``owners.poster_chunk``) by which the gallery
and ``run`` know it for theirs, and never draw over a picture of the user's, and the
hash of what it was drawn from (``poster_key``), by which they know it is up to date.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import asdict, replace
from pathlib import Path
from typing import TYPE_CHECKING

from puzzlereel import __version__
from puzzlereel.actions.draw import render_options
from puzzlereel.actions.show import open_trace
from puzzlereel.ground.config import load_config
from puzzlereel.ground.errors import PuzzlereelError
from puzzlereel.ground.fileio import OutputError, atomic_path
from puzzlereel.ground.manifest import ConfigRecord, key_of, sha256_file
from puzzlereel.ground.owners import POSTER_AT, poster_chunk, poster_drawn_here, poster_made_from
from puzzlereel.ground.placing import Check, placing

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


def poster_key(trace: Path, options: RenderOptions, explicit: frozenset[str]) -> str:
    """The content hash of what ``trace``'s poster is drawn from: the trace's bytes, the
    options as ``poster_options`` settles them, and the puzzlereel version."""
    options, explicit = poster_options(options, frozenset(explicit))
    return key_of({"trace": sha256_file(trace), "options": asdict(options),
                   "explicit": sorted(explicit), "puzzlereel": __version__})


def draw_poster(trace: Path, poster: Path, options: RenderOptions,
                explicit: frozenset[str], source: str | None = None) -> None:
    """Draw ``trace``'s poster frame into the PNG ``poster`` (atomically) at the size
    ``options`` give, marked as puzzlereel's with what it was drawn from
    (``poster_key``); messages name the trace ``source`` (default: its path)."""
    from puzzlereel.actions import preview

    key = poster_key(trace, options, explicit)
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
            tmp.write_bytes(data[:POSTER_AT] + poster_chunk(key) + data[POSTER_AT:])


def to_draw(poster: Path, key: str, recorded: bool, force: bool = False) -> bool:
    """Whether to draw a poster that would be drawn from what has the hash ``key``
    (``poster_key``): there is none, or one of puzzlereel's (marked, or of a config the
    manifest records: ``recorded``) drawn from anything else, whatever the files' times.
    A picture of the user's by that name is theirs, and shown as it is, unless ``force``
    (then it is replaced)."""
    if not os.path.lexists(poster):
        return True
    if recorded or poster_drawn_here(poster):
        return force or poster_made_from(poster) != key
    return force


def drawing_options(entry: ConfigRecord | None) -> tuple[RenderOptions, frozenset[str]]:
    """The options a trace's poster is drawn with: those its run drew the trace's files
    with, as the manifest records them (its config's ``[render]`` and the run's flags),
    else its config's ``[render]`` when the manifest names a config (by its absolute
    path) that is still there, else the defaults."""
    if entry is not None and entry.render is not None:
        with contextlib.suppress(PuzzlereelError):
            return render_options(None, entry.render)
    config = None
    where = entry.path or entry.config if entry is not None else ""
    if os.path.isabs(where) and Path(where).is_file():
        with contextlib.suppress(PuzzlereelError):
            config = load_config(where)
    return render_options(config, {})


def _ours(poster: Path, recorded: bool, force: bool) -> Check:
    """The check made as ``poster`` is put in place: none is there, or one of
    puzzlereel's (``to_draw``), or ``force``."""
    def check(target: Path, finished: Path) -> None:
        if not (force or recorded or poster_drawn_here(target) or not os.path.lexists(target)):
            raise OutputError("not a poster puzzlereel drew, put there while the gallery "
                               "worked; nothing was written over it: move it away, or "
                               "--force replaces it", source=str(target))
    return check


def refresh(trace: Path, poster: Path, entry: ConfigRecord | None, force: bool = False) -> bool:
    """Draw ``trace``'s poster, with the options of its entry in the manifest
    (``drawing_options``), when ``to_draw`` says so, checking as it is put in place that
    no picture of the user's came there meanwhile; whether it was drawn."""
    options, explicit = drawing_options(entry)
    recorded = entry is not None
    if not to_draw(poster, poster_key(trace, options, explicit), recorded, force):
        return False
    with placing({poster: _ours(poster, recorded, force)}):
        draw_poster(trace, poster, options, explicit)
    return True


__all__ = ["SIZED", "draw_poster", "drawing_options", "poster_key", "poster_options", "refresh",
           "to_draw"]
