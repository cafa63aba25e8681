"""Rendering a trace stream to files: picks the encoder by suffix, writes atomically.

``render_trace(stream, source, targets, options)`` replays the trace once and writes every
target (``[(format, path), ...]``) at the same time; each file appears only when it is
complete (a temporary file beside it is renamed into place), and a bad trace leaves
nothing behind.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import IO, Any

from puzzlereel.errors import UsageError
from puzzlereel.fileio import atomic_path
from puzzlereel.progress import Progress, no_progress
from puzzlereel.trace import End, Header

from .core import AnyScene, Movie, Output, Sheet, Sink, render_stream, resolve_options
from .options import FORMATS, RenderOptions
from .theme import Theme


class UnsupportedFormat(UsageError):
    """An output whose suffix names no format we write."""

    def __init__(self, path: str | Path) -> None:
        suffix = Path(path).suffix or "(none)"
        super().__init__(f"unsupported output suffix {suffix} "
                         f"(use one of: {', '.join('.' + f for f in FORMATS)})",
                         source=str(path))


def format_of(path: str | Path) -> str:
    """The output format a file name asks for, by suffix."""
    fmt = Path(path).suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise UnsupportedFormat(path)
    return fmt


def frame_rate(fmt: str, options: RenderOptions) -> int:
    """Frames per second of a ``fmt`` file: ``fps``, and ``min(fps, gif_fps)`` for GIFs.

    Every format plays the same timeline of seconds (``timeline.Clock``), so a GIF
    lasts as long as the MP4 within one GIF frame."""
    return min(options.fps, options.gif_fps) if fmt == "gif" else options.fps


def render_trace(stream: IO[Any], source: str, targets: Sequence[tuple[str, str | Path]],
                 options: RenderOptions, *, explicit: Iterable[str] = (),
                 progress: Progress = no_progress, allow_partial: bool = False) -> End | None:
    """Render the trace in ``stream`` to every ``(format, path)`` of ``targets``.

    ``explicit`` names the options the user set (they win over the header's hints);
    ``allow_partial`` renders a trace that stops without its ``end`` line."""
    from .encode import GifSink, VideoSink

    explicit = set(explicit)
    sinks: list[Sink] = []
    with contextlib.ExitStack() as stack:
        tmps = [(fmt, stack.enter_context(atomic_path(path))) for fmt, path in targets]

        def make(header: Header) -> list[Output]:
            opts = resolve_options(header, options, explicit)
            outs: list[Output] = []
            for fmt, tmp in tmps:
                if fmt == "png":
                    outs.append(Sheet(header, opts, tmp))
                    continue

                fps = frame_rate(fmt, opts)

                def factory(w: int, h: int, scene: AnyScene, theme: Theme, fmt: str = fmt,
                            tmp: Path = tmp, fps: int = fps) -> Sink:
                    sink: Sink
                    if fmt == "gif":
                        sink = GifSink(tmp, w, h, fps, [*scene.colours(), *theme.colours()])
                    else:
                        sink = VideoSink(tmp, w, h, fps, opts,
                                         codec="libx264" if fmt == "mp4" else "libvpx-vp9")
                    sinks.append(sink)
                    return sink

                outs.append(Movie(header, opts, fps, factory))
            return outs

        try:
            return render_stream(stream, source, make, progress, allow_partial=allow_partial)
        except BaseException:
            for sink in sinks:
                with contextlib.suppress(Exception):
                    sink.abort()
            raise
    return None  # pragma: no cover - the with block always returns or raises


__all__ = ["UnsupportedFormat", "format_of", "frame_rate", "render_trace"]
