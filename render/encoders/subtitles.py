"""Subtitles: a video's cues as WebVTT text, one cue per line of the move list, then
the result's cue (``with_result``) to the video's end.

Cue text is escaped for WebVTT (``&``, ``<`` and ``>`` as character references, no
line breaks, no ``-->``), so a move's words from any trace are shown as written and
never read as markup.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Protocol

from puzzlereel.ground import escape
from puzzlereel.render.direction.plan import Cue


class CueLike(Protocol):
    @property
    def start(self) -> float: ...

    @property
    def end(self) -> float: ...

    @property
    def text(self) -> str: ...


def stamp(t: float) -> str:
    """Seconds as a WebVTT timestamp, ``hh:mm:ss.ttt``."""
    ms = int(round(t * 1000))
    h, ms = divmod(ms, 3_600_000)
    m, ms = divmod(ms, 60_000)
    s, ms = divmod(ms, 1000)
    return f"{h:02d}:{m:02d}:{s:02d}.{ms:03d}"


def with_result(cues: Iterable[Cue], text: str, start: float, end: float) -> list[Cue]:
    """``cues`` and after them one cue of ``text`` (the result's words), from ``start``
    (the ending's) or from where the last of ``cues`` ends, if later, to ``end`` (the
    video's); no such cue without words or time for it."""
    made = list(cues)
    start = max([start, *(c.end for c in made)])
    if text and end > start:
        made.append(Cue(start, end, text))
    return made


def cue_text(text: str) -> str:
    """``text`` as one line of WebVTT cue text (``puzzlereel.ground.escape``)."""
    return escape.vtt_text(text)


def webvtt_lines(cues: Iterable[CueLike]) -> Iterator[str]:
    """The lines of a WebVTT file of ``cues`` (``start``, ``end`` in seconds, ``text``),
    each with its newline, one cue at a time."""
    yield "WEBVTT\n"
    for i, c in enumerate(cues, 1):
        yield f"\n{i}\n{stamp(c.start)} --> {stamp(c.end)}\n{cue_text(c.text)}\n"


def webvtt(cues: Iterable[CueLike]) -> str:
    """WebVTT text of ``cues``."""
    return "".join(webvtt_lines(cues))


__all__ = ["cue_text", "stamp", "webvtt", "webvtt_lines", "with_result"]
