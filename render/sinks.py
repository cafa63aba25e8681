"""What writes each output format, registered against its row of
``puzzlereel.ground.formats``, and how the renderer reads the row: a format's frame
rate, layout and loop.

``SINKS`` holds one ``Writer`` per declared format (tests/render/test_formats.py checks
there is one for every row and none besides): the output a render feeds (``output``)
and, for a video, the encoder its frames go into (``frames``), which ``analyze
--video``'s chart uses too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from puzzlereel.ground.formats import BY_SUFFIX
from puzzlereel.render.direction.director import Director
from puzzlereel.render.film.elements import Film
from puzzlereel.render.film.theme import RGB
from puzzlereel.render.options import TARGETS, RenderOptions
from puzzlereel.render.outputs import Captions, Movie, Output, Sink, Vector, palette
from puzzlereel.render.sheet import Sheet
from puzzlereel.trace import Header


def frame_rate(fmt: str, options: RenderOptions) -> int:
    """Frames per second of a ``fmt`` file: ``fps``, at most its ``rate_cap`` option's
    (a GIF's: ``min(fps, gif_fps)``).

    Every format plays the same timeline of seconds (``timeline.Clock``), so a GIF
    lasts as long as the MP4 within one GIF frame."""
    cap = BY_SUFFIX[fmt].rate_cap
    return min(options.fps, getattr(options, cap)) if cap else options.fps


def layout_for(fmt: str, options: RenderOptions) -> str:
    """The layout a ``fmt`` file gets: "compact" for the ``docs`` target, and for a
    ``compact`` format (GIFs, SVGs, players) given no size (or target); else "video"
    (the frame's proportions choose; ``--cell`` makes it compact)."""
    if options.target is not None and TARGETS[options.target].compact:
        return "compact"
    if BY_SUFFIX[fmt].compact and options.size is None:
        return "compact"
    return "video"


def director_for(fmt: str, header: Header, options: RenderOptions) -> Director:
    """The director of a ``fmt`` file's film: at its frame rate, in its layout, with
    the return to the start when the format loops."""
    return Director(header, options, frame_rate(fmt, options),
                    layout=layout_for(fmt, options), loop=BY_SUFFIX[fmt].loops)


# an encoder of frames: (path, film, fps, options, the theme's colours, the name its
# messages give the output, None: the path) -> the sink
FrameSink = Callable[[Path, Film, int, RenderOptions, Sequence[RGB], str | None], Sink]
# (format, path, the trace's header, options, the name messages give it) -> the output
MakeOutput = Callable[[str, Path, Header, RenderOptions, str | None], Output]


@dataclass(frozen=True)
class Writer:
    """What writes the files of one format: ``output`` makes the output a render feeds;
    ``frames`` (a video's) opens the encoder its frames go into."""

    output: MakeOutput
    frames: FrameSink | None = None


def _gif(path: Path, film: Film, fps: int, options: RenderOptions, colours: Sequence[RGB],
         name: str | None) -> Sink:
    from puzzlereel.render.encoders.gif import GifSink

    return GifSink(path, film.width, film.height, fps, palette(film, colours))


def _video(codec: str) -> FrameSink:
    """The frames of a video encoded by ``codec`` (``render.encoders.video``)."""

    def open_sink(path: Path, film: Film, fps: int, options: RenderOptions,
                  colours: Sequence[RGB], name: str | None) -> Sink:
        from puzzlereel.render.encoders.video import VideoSink

        return VideoSink(path, film.width, film.height, fps, options, codec=codec, name=name)

    return open_sink


def _movie(frames: FrameSink) -> Writer:
    """A video: its film's frames into the encoder ``frames`` opens."""

    def output(fmt: str, path: Path, header: Header, options: RenderOptions,
               name: str | None) -> Output:
        def open_sink(film: Film, director: Director) -> Sink:
            return frames(path, film, director.fps, options, director.theme.colours(), name)

        return Movie(director_for(fmt, header, options), open_sink)

    return Writer(output, frames)


def _vector(text: Callable[[Film, Director], str]) -> Writer:
    """A film written as text: ``text`` of the film and its director."""

    def output(fmt: str, path: Path, header: Header, options: RenderOptions,
               name: str | None) -> Output:
        return Vector(director_for(fmt, header, options), path, text)

    return Writer(output)


def _svg_text(film: Film, director: Director) -> str:
    from puzzlereel.render.backends.svg import svg_text

    return svg_text(film, director)


def _html_text(film: Film, director: Director) -> str:
    from puzzlereel.render.backends.player import html_text

    return html_text(film, director)


def _sheet(fmt: str, path: Path, header: Header, options: RenderOptions,
           name: str | None) -> Output:
    return Sheet(header, options, path)


def _captions(fmt: str, path: Path, header: Header, options: RenderOptions,
              name: str | None) -> Output:
    return Captions(header, options, options.fps, path)


# the writer of each format of ``formats.FORMAT_ROWS``, by its suffix
SINKS: dict[str, Writer] = {
    "mp4": _movie(_video("libx264")),
    "gif": _movie(_gif),
    "png": Writer(_sheet),
    "webm": _movie(_video("libvpx-vp9")),
    "vtt": Writer(_captions),
    "svg": _vector(_svg_text),
    "html": _vector(_html_text),
}


def output_for(fmt: str, path: Path, header: Header, options: RenderOptions, *,
               name: str | None = None) -> Output:
    """The output that writes a ``fmt`` file of ``header``'s trace to ``path``; a video's
    messages name the output ``name`` (default: ``path``)."""
    return SINKS[fmt].output(fmt, path, header, options, name)


__all__ = ["SINKS", "FrameSink", "MakeOutput", "Writer", "director_for", "frame_rate",
           "layout_for", "output_for"]
