"""Vector outputs of a trace: an animated SVG (``svg``) and a self-contained HTML player
(``html``), drawn from the same scenes, geometry, colours and timeline as the video.

Two ways in:

* ``write_vector(fmt, stream, source, out_path, options)`` replays a trace and writes one
  file atomically (``fmt`` is ``"svg"`` or ``"html"``);
* ``VectorOutput(header, options, fmt, path)`` is one output among others of a single
  replay (``render.core.render_stream``): ``feed`` each replayed event, ``finish`` writes
  ``path`` (a temporary file the caller renames into place), ``abort`` gives up.

docs/vector.md describes both formats, how to embed them and their limits.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

from puzzlereel.errors import UsageError
from puzzlereel.fileio import atomic_path
from puzzlereel.progress import Progress, no_progress
from puzzlereel.trace import End, Header, Replay, Replayed

from ..options import RenderOptions, changed_fields
from .record import Recorder, Recording, record

VECTOR_FORMATS = ("svg", "html")


def _writer(fmt: str) -> Any:
    if fmt == "svg":
        from .svg import write_svg
        return write_svg
    if fmt == "html":
        from .html import write_html
        return write_html
    raise UsageError(f"{fmt!r} is not a vector format (use one of: {', '.join(VECTOR_FORMATS)})")


class VectorOutput:
    """An SVG or HTML file of one trace, as an output of ``render_stream``."""

    def __init__(self, header: Header, options: RenderOptions, fmt: str,
                 path: str | Path) -> None:
        self.write = _writer(fmt)
        self.path = Path(path)
        self.recorder = Recorder(header, options)

    def feed(self, item: Replayed, rep: Replay) -> None:
        self.recorder.feed(item, rep)

    def finish(self, end: End | None, progress: Progress = no_progress) -> None:
        self.recorder.finish(end, progress)
        self.write(self.recorder.recording, self.path)

    def abort(self) -> None:
        """Nothing is held open: the caller's temporary file is simply not renamed."""

    @property
    def recording(self) -> Recording:
        return self.recorder.recording

    @property
    def seconds(self) -> float:
        """The animation's length (the video's), once finished."""
        return self.recorder.recording.total


def write_vector(fmt: str, stream: IO[Any], source: str, out_path: str | Path,
                 options: RenderOptions, *, explicit: Iterable[str] | None = None,
                 progress: Progress = no_progress, allow_partial: bool = False) -> Recording:
    """Replay the trace in ``stream`` and write its ``fmt`` file (``svg`` or ``html``) to
    ``out_path``, atomically (a bad trace leaves nothing); return the recording.

    ``explicit`` names the options the user set, as for ``render_trace`` (when not
    given, every field of ``options`` that differs from the defaults counts as set)."""
    write = _writer(fmt)
    chosen = changed_fields(options) if explicit is None else explicit
    rec = record(stream, source, options, explicit=chosen, progress=progress,
                 allow_partial=allow_partial)
    with atomic_path(out_path) as tmp:
        write(rec, tmp)
    return rec


__all__ = ["VECTOR_FORMATS", "VectorOutput", "write_vector"]
