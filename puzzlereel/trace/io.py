"""Reading and writing traces as JSON Lines streams.

``read_trace`` checks the shape of a trace (header first, known events, ``end`` last,
nothing after it) one line at a time, so it works on pipes and never holds the whole
trace.  ``write_trace`` writes events and flushes each line so a reader downstream of a
pipe sees moves as they come.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import IO, Any

from .events import End, Event, Header, event_from_json, header_from_json
from .fields import TraceError


def dumps(event: Event) -> str:
    """One trace line (without the newline)."""
    return json.dumps(event.to_json(), separators=(",", ":"), ensure_ascii=False)


def write_trace(events: Iterable[Event], stream: IO[str]) -> End | None:
    """Write ``events`` as JSON Lines; returns the ``end`` event written, if any."""
    last: End | None = None
    for event in events:
        stream.write(dumps(event))
        stream.write("\n")
        stream.flush()
        if isinstance(event, End):
            last = event
    return last


def _lines(stream: IO[Any]) -> Iterator[str]:
    for raw in stream:
        if isinstance(raw, bytes):
            try:
                raw = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise TraceError(f"not UTF-8 ({exc.reason})") from None
        yield raw


def read_trace(stream: IO[Any], source: str = "<trace>", *,
               allow_partial: bool = False) -> Iterator[tuple[int, Event]]:
    """Yield ``(line_number, event)`` for every line of a trace, checking its shape.

    Raises ``TraceError`` (with ``source`` and the line number) on the first bad line, and
    at the end of a stream that stops without an ``end`` event unless ``allow_partial``.
    """
    header: Header | None = None
    ended = False
    lineno = 0
    try:
        for raw in _lines(stream):
            lineno += 1
            text = raw.rstrip("\n").rstrip("\r")
            if ended:
                raise TraceError("a line after the 'end' event", field="type")
            if not text.strip():
                raise TraceError("blank line (a trace has one JSON object per line)")
            try:
                obj = json.loads(text)
            except json.JSONDecodeError as exc:
                raise TraceError(f"invalid JSON ({exc.msg} at column {exc.colno})") from None
            if not isinstance(obj, dict):
                raise TraceError(f"expected a JSON object, got {type(obj).__name__}")
            if "type" not in obj:
                raise TraceError("missing", field="type")
            event: Event
            if header is None:
                event = header = header_from_json(obj)
            else:
                event = event_from_json(obj, header.puzzle)
                if isinstance(event, End):
                    ended = True
            yield lineno, event
    except TraceError as exc:
        raise exc.located(line=lineno if lineno else 1, source=source) from None
    if header is None:
        raise TraceError("empty trace (no header line)", line=1, source=source)
    if not ended and not allow_partial:
        raise TraceError("truncated: the trace stops without an 'end' line",
                         line=lineno + 1, source=source)
