"""Rendering a trace stream to files: each output's format from its suffix, its writer
from ``sinks.SINKS``; written atomically.

``render_trace(stream, source, files, options)`` replays the trace once and writes every
output (``[(format, path), ...]``) at the same time; each file appears only when it is
complete (a temporary file beside it is renamed into place), and a bad trace leaves
nothing behind.  ``player_html`` gives the player page of a trace as a string (what an
``.html`` output holds), for a notebook to show inline.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from puzzlereel.ground.errors import PuzzlereelError, UnsupportedFormat
from puzzlereel.ground.fileio import atomic_path
from puzzlereel.ground.outpaths import is_stream
from puzzlereel.ground.progress import Progress, no_progress
from puzzlereel.ground.words import plural
from puzzlereel.render.direction.director import Director
from puzzlereel.render.direction.resolve import resolve_options
from puzzlereel.render.options import FORMATS, RenderOptions, changed_fields
from puzzlereel.render.outputs import Movie, Output, Vector, render_stream
from puzzlereel.render.sinks import frame_rate, output_for
from puzzlereel.trace import End, Header, Replay, Replayed


class OutOfMemory(PuzzlereelError):
    """A render that ran out of memory: its frames too large for the memory there is."""


def unsupported(path: str | Path) -> UnsupportedFormat:
    """The error for an output whose suffix names no format."""
    suffix = Path(path).suffix or "(none)"
    return UnsupportedFormat(f"unsupported output suffix {suffix} "
                             f"(use one of: {', '.join('.' + f for f in FORMATS)})",
                             source=str(path))


def format_of(path: str | Path) -> str:
    """The output format a file name asks for, by suffix."""
    fmt = Path(path).suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise unsupported(path)
    return fmt


@dataclass(frozen=True)
class Written:
    """One file a render wrote: its path, format, length in seconds and frames (0 for
    a contact sheet or subtitles) and size in bytes (None for a stream written through,
    ``-o /dev/null``, a pipe: its size is not known)."""

    path: Path
    fmt: str
    seconds: float
    frames: int
    size: int | None

    def summary(self) -> str:
        """"out/h.mp4: 43.3 s, 1298 frames, 1.04 MB"; "out/h.svg: 43.3 s, 48.0 kB"; a sheet or
        captions: the size."""
        parts = [f"{self.seconds:.1f} s"] if self.seconds else []
        if self.frames:
            parts.append(f"{self.frames} {plural('frame', self.frames)}")
        if self.size is not None:
            parts.append(f"{self.size / 1e6:.2f} MB" if self.frames or self.size >= 100_000
                         else f"{self.size / 1e3:.1f} kB")
        return f"{self.path}: {', '.join(parts)}" if parts else str(self.path)


def render_trace(stream: IO[Any], source: str, files: Sequence[tuple[str, str | Path]],
                 options: RenderOptions, *, explicit: Iterable[str] | None = None,
                 progress: Progress = no_progress, allow_partial: bool = False,
                 written: list[Written] | None = None) -> End | None:
    """Render the trace in ``stream`` to every ``(format, path)`` of ``files``.

    ``explicit`` names the options the user set (they win over the header's hints and
    the family's pacing; when not given, every field of ``options`` that differs from
    the defaults counts as set);
    ``allow_partial`` renders a trace that stops without its ``end`` line; ``written``,
    if given, receives one ``Written`` per file once all are in place."""
    chosen = changed_fields(options) if explicit is None else explicit
    made: list[Output] = []
    end = _render(stream, source, files, options, chosen, progress, allow_partial, made)
    if written is not None:
        for (fmt, path), out in zip(files, made, strict=True):
            frames = out.total_frames if isinstance(out, Movie) else 0
            seconds = out.seconds if isinstance(out, (Movie, Vector)) else 0.0
            size = None if is_stream(path) else Path(path).stat().st_size
            written.append(Written(Path(path), fmt, seconds, frames, size))
    return end


class _Page:
    """An output of ``render_stream`` that keeps the player page as text: the film of a
    ``.html`` output (``outputs.Vector``), written to a string instead of a file."""

    def __init__(self, header: Header, options: RenderOptions) -> None:
        self.director = Director(header, options, options.fps, layout="compact")
        self.text = ""

    def feed(self, item: Replayed, rep: Replay) -> None:
        self.director.feed(item, rep)

    def finish(self, end: End | None, progress: Progress = no_progress) -> None:
        from puzzlereel.render.backends.player import html_text

        self.text = html_text(self.director.finish(end), self.director)


def player_html(stream: IO[Any], source: str, options: RenderOptions, *,
                explicit: Iterable[str] | None = None, allow_partial: bool = False) -> str:
    """The self-contained HTML player of the trace in ``stream``, as a string: the very
    page an ``.html`` output receives (``explicit`` and ``allow_partial`` as for
    ``render_trace``)."""
    chosen = set(changed_fields(options) if explicit is None else explicit)
    pages: list[_Page] = []

    def make(header: Header) -> list[Output]:
        pages.append(_Page(header, resolve_options(header, options, chosen, source)))
        return [pages[0]]

    render_stream(stream, source, make, allow_partial=allow_partial)
    return pages[0].text if pages else ""


def _render(stream: IO[Any], source: str, files: Sequence[tuple[str, str | Path]],
            options: RenderOptions, explicit: Iterable[str], progress: Progress,
            allow_partial: bool, made: list[Output]) -> End | None:
    explicit = set(explicit)
    with contextlib.ExitStack() as stack:
        tmps = [(fmt, stack.enter_context(atomic_path(path)), str(path))
                for fmt, path in files]

        def make(header: Header) -> list[Output]:
            opts = resolve_options(header, options, explicit, source)
            outs = [output_for(fmt, tmp, header, opts, name=name) for fmt, tmp, name in tmps]
            made.extend(outs)
            return outs

        try:
            return render_stream(stream, source, make, progress, allow_partial=allow_partial)
        except BaseException as exc:
            for out in made:
                if isinstance(out, Movie):
                    with contextlib.suppress(Exception):
                        out.abort()
            if isinstance(exc, MemoryError):
                frames = "{}x{} frames".format(*options.size) if options.size else "frames"
                raise OutOfMemory(f"out of memory drawing {frames}; a smaller size needs "
                                  "less memory", source=", ".join(str(p) for _, p in files)
                                  ) from None
            raise
    return None  # pragma: no cover - the with block always returns or raises


__all__ = ["OutOfMemory", "UnsupportedFormat", "Written", "format_of", "frame_rate", "output_for",
           "player_html", "render_trace"]
