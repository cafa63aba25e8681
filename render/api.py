"""Rendering a trace stream to files: picks the encoder by suffix, writes atomically.

``render_trace(stream, source, targets, options)`` replays the trace once and writes every
target (``[(format, path), ...]``) at the same time; each file appears only when it is
complete (a temporary file beside it is renamed into place), and a bad trace leaves
nothing behind.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from puzzlereel.errors import UsageError
from puzzlereel.fileio import atomic_path
from puzzlereel.progress import Progress, no_progress
from puzzlereel.trace import End, Header

from .core import (
    AnyScene,
    Captions,
    Movie,
    Output,
    Sheet,
    Sink,
    render_stream,
    resolve_options,
)
from .options import FORMATS, RenderOptions, changed_fields
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


@dataclass(frozen=True)
class Written:
    """One file a render wrote: its path, format, length in seconds and frames (0 for
    a contact sheet or subtitles) and size in bytes."""

    path: Path
    fmt: str
    seconds: float
    frames: int
    size: int

    def summary(self) -> str:
        """"out/h.mp4: 43.3 s, 1298 frames, 1.04 MB"; "out/h.svg: 43.3 s, 48.0 kB"; a sheet or
        captions: the size."""
        if self.frames:
            return (f"{self.path}: {self.seconds:.1f} s, {self.frames} frames, "
                    f"{self.size / 1e6:.2f} MB")
        size = f"{self.size / 1e3:.1f} kB" if self.size < 100_000 else f"{self.size / 1e6:.2f} MB"
        if self.seconds:     # an animated SVG or an HTML player: its length, no frames
            return f"{self.path}: {self.seconds:.1f} s, {size}"
        return f"{self.path}: {size}"


def render_trace(stream: IO[Any], source: str, targets: Sequence[tuple[str, str | Path]],
                 options: RenderOptions, *, explicit: Iterable[str] | None = None,
                 progress: Progress = no_progress, allow_partial: bool = False,
                 written: list[Written] | None = None) -> End | None:
    """Render the trace in ``stream`` to every ``(format, path)`` of ``targets``.

    ``explicit`` names the options the user set (they win over the header's hints and
    the family's pacing; when not given, every field of ``options`` that differs from
    the defaults counts as set);
    ``allow_partial`` renders a trace that stops without its ``end`` line; ``written``,
    if given, receives one ``Written`` per file once all are in place."""
    chosen = changed_fields(options) if explicit is None else explicit
    made: list[Output] = []
    end = _render(stream, source, targets, options, chosen, progress, allow_partial, made)
    if written is not None:
        for (fmt, path), out in zip(targets, made, strict=True):
            frames = out.total_frames if isinstance(out, Movie) else 0
            seconds = frames / out.fps if isinstance(out, Movie) and out.fps else 0.0
            if fmt in ("svg", "html"):
                seconds = float(getattr(out, "seconds", 0.0))
            written.append(Written(Path(path), fmt, seconds, frames,
                                   Path(path).stat().st_size))
    return end


def _render(stream: IO[Any], source: str, targets: Sequence[tuple[str, str | Path]],
            options: RenderOptions, explicit: Iterable[str], progress: Progress,
            allow_partial: bool, made: list[Output]) -> End | None:
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
                if fmt == "vtt":
                    outs.append(Captions(header, opts, opts.fps, tmp))
                    continue
                if fmt in ("svg", "html"):
                    from .vector import VectorOutput
                    outs.append(VectorOutput(header, opts, fmt, tmp))
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

                outs.append(Movie(header, opts, fps, factory, compact=fmt == "gif"))
            made.extend(outs)
            return outs

        try:
            return render_stream(stream, source, make, progress, allow_partial=allow_partial)
        except BaseException:
            for sink in sinks:
                with contextlib.suppress(Exception):
                    sink.abort()
            raise
    return None  # pragma: no cover - the with block always returns or raises


__all__ = ["UnsupportedFormat", "Written", "format_of", "frame_rate", "render_trace"]
