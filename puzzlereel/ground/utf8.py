"""Data written to a text stream as UTF-8, whatever the stream's own encoding: a trace
or a config is never changed by the terminal's."""

from __future__ import annotations

import codecs
from collections.abc import Callable
from typing import IO


def utf8_writer(stream: IO[str]) -> Callable[[str], None]:
    """A function writing text to ``stream`` as UTF-8 and flushing it: a text stream of
    another encoding that has a byte ``buffer`` (stdout under ``PYTHONIOENCODING=ascii``)
    gets the UTF-8 bytes in its buffer, so that data (a trace, a config) is never changed
    by the terminal's encoding."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        utf8 = codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        utf8 = False
    buffer = getattr(stream, "buffer", None)
    if utf8 or buffer is None:
        def write(line: str) -> None:
            stream.write(line)
            stream.flush()
        return write
    stream.flush()

    def write_bytes(line: str) -> None:
        buffer.write(line.encode("utf-8"))
        buffer.flush()
    return write_bytes


__all__ = ["utf8_writer"]
