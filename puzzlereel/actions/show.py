"""Reading a trace for ``validate`` and ``show``: a file or standard input, checked
event by event, and told in lines."""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from typing import IO, Any

from puzzlereel.actions.check import COUNT_STATS
from puzzlereel.ground.console import usable
from puzzlereel.ground.words import plural, stat_text
from puzzlereel.registry import FAMILIES
from puzzlereel.trace import (
    End,
    Header,
    Note,
    TraceError,
    TraceSummary,
    replay,
)
from puzzlereel.trace import validate as validate_trace


@contextlib.contextmanager
def open_trace(path: str, stdin: IO[Any] | None = None) -> Iterator[tuple[IO[Any], str]]:
    """The trace to read: a file, or ``stdin`` for ``-``; yields (stream, name for messages)."""
    if path == "-":
        stdin = usable(stdin, "input")
        if _pipe_wrote_nothing(stdin):
            raise TraceError("the previous stage of the pipeline wrote nothing",
                             source="<stdin>")
        yield stdin, "<stdin>"
        return
    try:
        handle = open(path, "rb")  # noqa: SIM115 - bytes: read_trace decodes and reports
    except FileNotFoundError:
        raise TraceError("no such file", source=path) from None
    except IsADirectoryError:
        raise TraceError("is a directory, not a trace", source=path) from None
    with handle:
        yield handle, path


def _pipe_wrote_nothing(stream: IO[Any]) -> bool:
    """Whether ``stream`` is a pipe that ended before its first byte: the stage before
    this one in a shell pipeline wrote nothing (it failed, and said so itself)."""
    try:
        mode = os.fstat(stream.fileno()).st_mode
    except (AttributeError, OSError, ValueError):
        return False
    peek = getattr(getattr(stream, "buffer", stream), "peek", None)
    return stat.S_ISFIFO(mode) and peek is not None and peek(1) == b""


def validate_lines(stream: IO[Any], source: str) -> Iterator[str]:
    """Check a whole trace; the notes it holds, then a one-line summary."""
    summary: TraceSummary = validate_trace(stream, source)
    for note in summary.notes:
        yield f"note: {note}"
    end = summary.end
    status = end.status if end else "?"
    title = f" ({summary.header.title})" if summary.header.title else ""
    yield (f"{source}: valid {summary.header.puzzle} trace{title}: "
           f"{counted(summary.header, summary.end, summary.moves)}, "
           f"{summary.events} {plural('event', summary.events)}, status {status}")


def counted(header: Header, end: End | None, moves: int) -> str:
    """What a trace holds in the puzzle's count noun: "81 moves", "9 guesses", "92 solutions"."""
    family = FAMILIES.get(header.puzzle)
    count_noun = family.count_noun if family is not None else "move"
    if count_noun == "move":
        return f"{moves} {plural('move', moves)}"
    stats = end.stats if end is not None else {}
    for key in COUNT_STATS.get(count_noun, ()):
        value = stats.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return f"{value} {plural(count_noun, value)}"
    return f"{moves} {plural('event', moves)} replayed"


def show_lines(stream: IO[Any], source: str) -> Iterator[str]:
    """The solution as numbered text boards, each move checked on the way (``show``)."""
    count_noun = "move"
    for rep, item in replay(stream, source):
        event = item.event
        if isinstance(event, Header):
            family = FAMILIES.get(event.puzzle)
            count_noun = family.count_noun if family is not None else "move"
            title = event.title or event.puzzle
            metric = f", metric {event.solver['metric']}" if "metric" in event.solver else ""
            yield f"{title} ({event.puzzle}{metric})"
            board = rep.text()
            if board:
                yield f"\nstart\n{board}"
        elif isinstance(event, End):
            moves = (f", {event.moves} {plural(count_noun, event.moves)}"
                     if event.moves is not None else "")
            stats = ", ".join(f"{k} {stat_text(v)}" for k, v in event.stats.items())
            yield f"\nend: {event.status}{moves}" + (f" ({stats})" if stats else "")
        elif item.applied is None and isinstance(event, Note):
            yield f"note: {event.text}"
        elif item.applied is not None:
            what = rep.describe(item.applied)
            board = rep.text()
            yield f"\n{what}" + (f"\n{board}" if board else "")


__all__ = ["counted", "open_trace", "show_lines", "validate_lines"]
