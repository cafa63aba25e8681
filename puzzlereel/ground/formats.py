"""The output formats, each declared once: one row per format with everything said
about it outside the code that writes it.

A file's suffix names its format (``render -o x.gif``, ``[render] formats``, ``run
--formats``, a manifest's kind of output).  What else knows the formats reads
``FORMAT_ROWS``: the render options' ``formats`` choices and default (``DEFAULT``), the
suffix a device or pipe gets (``STREAM``), each output's frame rate, layout and whether
it loops (``puzzlereel.render.sinks``), the kinds of file a run records and owns
(``manifest.FILE_KINDS``, ``owners.KIND_WORDS``), a gallery card's files, video,
picture and links (``gallery.build``, ``gallery.view``), what ``analyze --video`` can
make (``CHARTS``) and the lists ``--help`` gives.  The code that writes each format is
the renderer's, registered against the same suffixes (``render.sinks.SINKS``); the
ground knows the facts and not the writers, so that the floors below the renderer (the
manifest, the gallery, the command line's help) read them without loading it.
tests/render/test_formats.py checks that every reader follows the table.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CardLink:
    """How a gallery card shows a file of its format: ``link`` is the label of the
    file's link and ``place`` where that link comes among the card's (the trace's link
    has ``TRACE_PLACE``); a card plays the first ``video/`` file it has, by ``place``,
    in its frame (and links the others), else shows its poster, else the first of its
    files that is a ``picture``."""

    link: str
    place: int
    picture: bool = False


TRACE_PLACE = 4          # the trace's link among a card's: after the pictures'


@dataclass(frozen=True)
class Format:
    """One output format.

    ``suffix`` is the file's suffix without its dot and the format's name everywhere
    (``run --formats``, the manifest's kind of output); ``name`` the format as people
    write it ("WebVTT"); ``mime`` its media type (a ``video/`` one plays in a gallery
    card's video, and comes first where formats are listed); ``words`` what a file of
    it is called in messages ("contact sheet"); ``note`` what ``render --output``'s
    help says of it after the suffix ("" nothing).

    How the renderer draws it: ``loops`` (it plays forever, ending with the return to
    its first picture), ``compact`` (in the compact layout unless a size or target is
    given), ``rate_cap`` (the render option its frame rate is capped at, "" none).
    Where it is made: ``stream`` (what a device or pipe without a format's suffix
    gets; exactly one format), ``default`` (what ``run`` writes unless told),
    ``chart`` (``analyze --video`` can make it); ``card`` how a gallery card shows it
    (None: not at all)."""

    suffix: str
    name: str
    mime: str
    words: str
    note: str = ""
    loops: bool = False
    compact: bool = False
    rate_cap: str = ""
    stream: bool = False
    default: bool = False
    chart: bool = False
    card: CardLink | None = None

    @property
    def video(self) -> bool:
        """Whether it is a video people play (MP4, WebM), not a picture or a page."""
        return self.mime.startswith("video/")

    @property
    def listed(self) -> str:
        """The suffix as ``--help`` lists it: ``.png (contact sheet)``."""
        return f".{self.suffix} ({self.note})" if self.note else f".{self.suffix}"


FORMAT_ROWS: tuple[Format, ...] = (
    Format("mp4", "MP4", "video/mp4", "video", stream=True, default=True, chart=True,
           card=CardLink("MP4", 5)),
    Format("gif", "GIF", "image/gif", "GIF", loops=True, compact=True, rate_cap="gif_fps",
           default=True, chart=True, card=CardLink("GIF", 2, picture=True)),
    Format("png", "PNG", "image/png", "contact sheet", "contact sheet",
           card=CardLink("PNG sheet", 3)),
    Format("webm", "WebM", "video/webm", "video", chart=True, card=CardLink("WebM", 6)),
    Format("vtt", "WebVTT", "text/vtt", "subtitles", "subtitles"),
    Format("svg", "SVG", "image/svg+xml", "animated SVG", "animated", loops=True,
           compact=True, card=CardLink("SVG", 1, picture=True)),
    Format("html", "HTML", "text/html", "player", "player", compact=True,
           card=CardLink("Player", 0)),
)
BY_SUFFIX: dict[str, Format] = {f.suffix: f for f in FORMAT_ROWS}
SUFFIXES = tuple(BY_SUFFIX)                                  # the formats' names
DEFAULT = tuple(f.suffix for f in FORMAT_ROWS if f.default)      # what ``run`` writes
(STREAM,) = (f for f in FORMAT_ROWS if f.stream)
# the order files of a trace are listed in (help, a folder's kinds): the videos first
LISTED = tuple(sorted(FORMAT_ROWS, key=lambda f: not f.video))
CHARTS = tuple(f for f in LISTED if f.chart)                 # ``analyze --video``'s


__all__ = ["BY_SUFFIX", "CHARTS", "DEFAULT", "FORMAT_ROWS", "LISTED", "STREAM", "SUFFIXES",
           "TRACE_PLACE", "CardLink", "Format"]
