"""A trace's first and last lines: its header and its ``end`` event, read without the
events between them.

A whole trace's bytes (a batch task's) give their end with ``end_of``; a trace file
gives both ends with ``read_ends``, which reads the first line and the last one whole,
backwards ``TAIL_READ`` bytes at a time (at most ``MAX_TRACE_LINE`` bytes, as any trace line),
however long the file.  Neither checks the moves: that is ``read_trace`` / ``replay``.
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

from puzzlereel.trace.events import End, Header
from puzzlereel.trace.fields import TraceError
from puzzlereel.trace.io import MAX_TRACE_LINE, LineTooLong, line_value
from puzzlereel.trace.parsing import header_from_json

TAIL_READ = 1 << 16          # bytes read at a time from a file's end to find its last line


def last_line(data: bytes) -> bytes:
    """The last non-empty line of ``data`` (without its newline)."""
    return data.rstrip(b"\n").rsplit(b"\n", 1)[-1]


def end_from_line(line: bytes, source: str) -> End:
    """The ``end`` event a trace's last line holds (``TraceError`` naming ``source``)."""
    try:
        obj = line_value(line)
    except TraceError as exc:
        raise TraceError(f"the last line: {exc.problem}", source=source) from None
    if not isinstance(obj, dict) or obj.get("type") != "end":
        raise TraceError("the trace does not end with an 'end' line", source=source)
    try:
        return End.from_json(obj)
    except TraceError as exc:
        raise exc.located(source=source) from None


def end_of(data: bytes, source: str) -> End:
    """The ``end`` event of a whole trace's bytes."""
    return end_from_line(last_line(data), source)


def _first_and_last(path: Path) -> tuple[bytes, bytes]:
    with open(path, "rb") as handle:
        first = handle.readline(MAX_TRACE_LINE + 1)
        if len(first) > MAX_TRACE_LINE and not first.endswith(b"\n"):
            raise LineTooLong(f"longer than {MAX_TRACE_LINE:,} bytes, more than any trace line "
                              "holds (is this a trace?)", source=str(path), line=1)
        return first, _last_line_of(handle, path)


def _last_line_of(handle: BinaryIO, path: Path) -> bytes:
    """The last non-empty line of the open file ``handle``, read backwards from its end
    a ``TAIL_READ`` at a time until the newline before it; ``LineTooLong`` past
    ``MAX_TRACE_LINE``."""
    position = handle.seek(0, 2)
    pieces: list[bytes] = []
    held = 0
    while position > 0:
        start = max(0, position - TAIL_READ)
        handle.seek(start)
        piece = handle.read(position - start)
        position = start
        if not pieces:
            piece = piece.rstrip(b"\n")            # the newlines that end the file
            if not piece:
                continue
        cut = piece.rfind(b"\n")
        pieces.append(piece[cut + 1:])
        held += len(pieces[-1])
        if held > MAX_TRACE_LINE:
            raise LineTooLong(f"the last line is longer than {MAX_TRACE_LINE:,} bytes, more than "
                              "any trace line holds", source=str(path))
        if cut >= 0:
            break
    return b"".join(reversed(pieces))


def read_ends(path: str | Path) -> tuple[Header, End]:
    """A trace file's header and end event, from its first and last lines."""
    source = str(path)
    first, last = _first_and_last(Path(path))
    try:
        obj = line_value(first)
        if not isinstance(obj, dict):
            raise TraceError("not a trace (its first line is not a JSON object)")
        header = header_from_json(obj)
    except TraceError as exc:
        raise exc.located(source=source, line=1) from None
    return header, end_from_line(last, source)


__all__ = ["TAIL_READ", "end_from_line", "end_of", "last_line", "read_ends"]
