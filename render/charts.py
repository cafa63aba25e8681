"""Charts of a search drawn alone: ``analyze``'s plot and video of a puzzle's whole space,
and the small chart of a gallery card.

They draw the chart of ``render.direction.search`` (the same bars, marks and words as a video's
"how it was found" segment) as a film of its own, then write it: its last picture as a
PNG or an inline SVG, or the whole film as a video whose bars rise layer by layer.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from puzzlereel.ground.errors import UsageError
from puzzlereel.ground.fileio import atomic_path
from puzzlereel.ground.formats import BY_SUFFIX, CHARTS
from puzzlereel.ground.words import one_of
from puzzlereel.registry import Searched
from puzzlereel.render.backends.compositor import Compositor
from puzzlereel.render.backends.markup import still_svg
from puzzlereel.render.direction.barchart import chart_film
from puzzlereel.render.direction.search import PLAIN, Story, goal_reached, story
from puzzlereel.render.film.theme import THEMES
from puzzlereel.render.options import RenderOptions, stream_format
from puzzlereel.render.outputs import play
from puzzlereel.render.sinks import SINKS, frame_rate
from puzzlereel.trace import End, Search

PLOT_SIZE = (1280, 720)
VIDEO_SECONDS = 8.0


def chart_png(told: Story, path: str | Path, options: RenderOptions) -> None:
    """The chart, grown, as a PNG (atomically)."""
    from puzzlereel.render.encoders.png import write_png

    width, height = options.size or PLOT_SIZE
    film = chart_film(told, THEMES[options.theme], width, height, 1.0)
    pixels = Compositor(film).frame(film.duration)
    with atomic_path(path) as tmp:
        write_png(tmp, width, height, [pixels])


def video_format(path: str | Path) -> str:
    """The format of ``analyze --video``'s file, by its suffix, as ``render -o`` takes it:
    a device or pipe without a format's suffix (``/dev/null``, ``/dev/stdout``) gets the
    MP4; a ``UsageError`` for anything but a format ``analyze`` makes (``formats.CHARTS``)."""
    fmt = Path(path).suffix.lower().lstrip(".")
    if fmt in BY_SUFFIX and BY_SUFFIX[fmt].chart:
        return fmt
    stream = stream_format(path)
    if stream is not None:
        return stream
    raise UsageError(f"--video: {str(path)!r} is not an "
                     f"{one_of(['.' + f.suffix for f in CHARTS])} file")


def chart_video(told: Story, path: str | Path, options: RenderOptions) -> float:
    """The chart growing layer by layer as a short video (a format of ``CHARTS``:
    ``video_format``, atomically); returns its length in seconds."""
    fmt = video_format(path)
    frames = SINKS[fmt].frames
    assert frames is not None, f"{fmt} is declared for charts but has no frames"
    width, height = options.size or PLOT_SIZE
    theme = THEMES[options.theme]
    seconds = options.duration or VIDEO_SECONDS
    film = chart_film(told, theme, width - width % 2, height - height % 2, seconds)
    fps = frame_rate(fmt, options)
    total = max(1, round(seconds * fps))
    with atomic_path(path) as tmp:
        sink = frames(tmp, film, fps, options, theme.colours(), None)
        try:
            sink.describe([], {"title": told.heading, "comment": told.sentence})
            play(film, fps, total, sink)
            sink.close()
        except BaseException:
            sink.abort()
            raise
    return total / fps


def search_svg(events: Sequence[Search], end: End | None, width: int = 320,
               height: int = 120, theme: str = "light", searched: Searched = PLAIN) -> str:
    """A trace's search as a small still chart, an SVG to set in a page: the bars, the
    goal's layer and the count in the family's words (``searched``; "" when the trace
    tells of no search)."""
    told = story(events, end, goal_reached, searched)
    if told is None:
        return ""
    film = chart_film(told, THEMES[theme], width, height, 1.0, words=False)
    return still_svg(film.still(film.duration), width, height, film.background,
                     f"How it was found: {told.sentence}")


__all__ = ["PLOT_SIZE", "chart_png", "chart_video", "search_svg"]
