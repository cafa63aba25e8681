"""Reading and writing traces as JSON Lines streams.

``read_trace`` checks the shape of a trace (header first, known events, ``end`` last,
nothing after it) one line at a time, so it works on pipes and never holds the whole
trace.  ``write_trace`` writes events and flushes each line so a reader downstream of a
pipe sees moves as they come.

There is one reader for files and pipes alike: it takes the bytes and decodes them
itself (a text stream such as ``sys.stdin`` is read through its byte buffer), so the
same trace gives the same answer however it arrives, whatever the locale or
``PYTHONIOENCODING`` says.  A line that is not UTF-8, nests deeper than
``MAX_NESTING``, holds a number of more than ``MAX_DIGITS`` digits, or holds ``NaN``,
``Infinity`` or a number too large for a 64-bit float (none of which is JSON, though
Python's ``json`` reads them) is a ``TraceError`` like any other bad line.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Iterator
from typing import IO, Any

from puzzlereel.ground.config import MAX_DIGITS, MAX_NESTING, depth_of
from puzzlereel.ground.utf8 import utf8_writer
from puzzlereel.trace.events import End, Event, Header
from puzzlereel.trace.fields import TraceError
from puzzlereel.trace.parsing import event_from_json, header_from_json

MAX_TRACE_LINE = 16 << 20     # bytes: the longest trace line read (a header of 4,096 cells is
                        # ~200 kB; a 500x500 sliding-tile board ~2 MB)


def dumps(event: Event) -> str:
    """One trace line (without the newline); a number that is NaN or infinite, which JSON
    has no way to write, is a ``TraceError``."""
    try:
        return json.dumps(event.to_json(), separators=(",", ":"), ensure_ascii=False,
                          allow_nan=False)
    except ValueError:
        raise TraceError("a number that is NaN or infinite (JSON has none)",
                         field=event.type) from None


def write_trace(events: Iterable[Event], stream: IO[str]) -> End | None:
    """Write ``events`` as JSON Lines; returns the ``end`` event written, if any.

    A trace is UTF-8 wherever it goes: to a text stream of another encoding that has a
    byte ``buffer`` (stdout under ``PYTHONIOENCODING=ascii``), the lines go to the buffer
    as UTF-8."""
    write = utf8_writer(stream)
    last: End | None = None
    for event in events:
        write(dumps(event) + "\n")
        if isinstance(event, End):
            last = event
    return last


class LineTooLong(TraceError):
    """A line longer than ``MAX_TRACE_LINE``: no trace line is, and reading on would hold
    an endless one (``validate - < /dev/zero``) in memory."""


def lines(stream: IO[Any], limit: int = MAX_TRACE_LINE
          ) -> Iterator[bytes | str | UnicodeDecodeError]:
    """The stream's lines as it gives them, none read past ``limit`` bytes
    (``LineTooLong``): bytes (a text stream's byte ``buffer`` is read when it has one),
    or text from a text stream without one, where a line it could not decode ends the
    lines as the ``UnicodeDecodeError``.  A stream without ``readline`` is iterated."""
    source: IO[Any] = getattr(stream, "buffer", None) or stream
    read = getattr(source, "readline", None)
    them = iter(source) if read is None else iter(lambda: read(limit + 1), source.read(0))
    while True:
        try:
            raw = next(them)
        except StopIteration:
            return
        except UnicodeDecodeError as exc:
            yield exc
            return
        if len(raw) > limit and raw[-1:] not in (b"\n", "\n"):
            raise LineTooLong(f"longer than {limit:,} bytes, more than any trace line "
                              "holds (is this a trace?)")
        yield raw


def _text(raw: bytes | str | UnicodeDecodeError) -> str:
    """One line as text, or a ``TraceError`` if it is not UTF-8."""
    if isinstance(raw, UnicodeDecodeError):
        raise TraceError(f"not UTF-8 ({raw.reason})")
    if isinstance(raw, bytes):
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise TraceError(f"not UTF-8 ({exc.reason} at byte {exc.start + 1})") from None
    if not raw.isascii():
        try:    # a text stream that let undecodable bytes through as surrogates
            raw.encode("utf-8")
        except UnicodeEncodeError:
            raise TraceError("not UTF-8 (undecodable bytes)") from None
    return raw


class NotJson(Exception):
    """A number Python's ``json`` reads but JSON has not: NaN, Infinity, or one too
    large for a 64-bit float (``1e999``, read as infinity)."""


def _no_constant(name: str) -> Any:
    raise NotJson(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise NotJson(f"{text[:20]}{'…' if len(text) > 20 else ''} is too large a number "
                      "(at most about 1.8e308)")
    return value


def _parse(text: str) -> Any:
    """One line's JSON value, or a ``TraceError`` saying why not (and where)."""
    try:
        obj = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except NotJson as exc:
        raise TraceError(f"invalid JSON ({exc})") from None
    except json.JSONDecodeError as exc:
        at = "" if exc.msg.endswith(" at") else " at"   # "... starting at column 2"
        raise TraceError(f"invalid JSON ({exc.msg}{at} column {exc.colno})") from None
    except RecursionError:
        raise TraceError(f"invalid JSON (arrays or objects nested more than {MAX_NESTING} "
                         "deep)") from None
    except ValueError:      # int() refused a number of too many digits
        m = re.search(rf"[0-9]{{{MAX_DIGITS + 1},}}", text)
        where = f" at column {m.start() + 1}" if m else ""
        raise TraceError(f"invalid JSON (a number of more than {MAX_DIGITS:,} "
                         f"digits{where})") from None
    if text.count("[") + text.count("{") > MAX_NESTING:   # only then can it be too deep
        _, path = depth_of(obj)
        if path:
            field = str(path[0]) if path and isinstance(path[0], str) else None
            raise TraceError(f"arrays or objects nested more than {MAX_NESTING} deep",
                             field=field)
    if _SURROGATE.search(text) and _has_lone_surrogate(obj):
        raise TraceError("invalid JSON (a \\u escape of half a surrogate pair, "
                         "which is no character)")
    return obj


# a \u escape of a surrogate: JSON accepts one alone, but it is no text (it cannot be
# written out again as UTF-8), so a string holding one is refused like bad UTF-8
_SURROGATE = re.compile(r"\\u[dD][89abcdefABCDEF]")


def line_value(raw: bytes | str) -> Any:
    """One trace line's JSON value, decoded and parsed as ``read_trace`` does
    (``TraceError`` saying why not: not UTF-8, invalid JSON, nested too deep, ...)."""
    return _parse(_text(raw).rstrip("\n").rstrip("\r"))


def _has_lone_surrogate(obj: Any) -> bool:
    stack = [obj]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            if not node.isascii():
                try:
                    node.encode("utf-8")
                except UnicodeEncodeError:
                    return True
        elif isinstance(node, dict):
            stack.extend(node.keys())
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False


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
        for raw in lines(stream):
            lineno += 1
            text = _text(raw).rstrip("\n").rstrip("\r")
            if ended:
                raise TraceError("a line after the 'end' event", field="type")
            if not text.strip():
                raise TraceError("blank line (a trace has one JSON object per line)")
            obj = _parse(text)
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
    except LineTooLong as exc:        # raised reading the next line
        raise exc.located(line=lineno + 1, source=source) from None
    except TraceError as exc:
        raise exc.located(line=lineno if lineno else 1, source=source) from None
    if header is None:
        raise TraceError("empty trace (no header line)", line=1, source=source)
    if not ended and not allow_partial:
        raise TraceError("truncated: the trace stops without an 'end' line",
                         line=lineno + 1, source=source)
