"""MP4 track flags: whether a finished MP4's subtitle tracks play by default.

FFmpeg's MP4 muxer enables the first track of each kind (the "enabled" flag of its
``tkhd`` box), whatever the stream's disposition says, and players (VLC, mpv,
QuickTime) show an enabled subtitle track at once; ffprobe reports the flag as the
stream's ``default`` disposition.  ``enable_subtitles`` sets or clears that flag of
every subtitle track (handler ``sbtl`` or ``text``) in place, in the file's ``moov``
box: three bytes of each such track change, no box moves or changes size.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterator
from typing import BinaryIO

SUBTITLE_HANDLERS = (b"sbtl", b"text", b"subt")
ENABLED = 0x000001            # tkhd flags: the track is enabled (plays by default)


def boxes(data: bytes, start: int = 0, end: int | None = None
          ) -> Iterator[tuple[bytes, int, int]]:
    """The boxes of ``data[start:end]``, one level: (type, the box's offset, the offset
    of its end); a box whose size runs past ``end`` ends the walk."""
    end = len(data) if end is None else end
    at = start
    while at + 8 <= end:
        size, kind = struct.unpack_from(">I4s", data, at)
        head = 8
        if size == 1:
            if at + 16 > end:
                return
            size, head = struct.unpack_from(">Q", data, at + 8)[0], 16
        elif size == 0:
            size = end - at
        if size < head or at + size > end:
            return
        yield kind, at, at + size
        at += size


def _child(data: bytes, start: int, end: int, kind: bytes) -> tuple[int, int] | None:
    """The first box ``kind`` among the boxes of ``data[start:end]``: (offset, end)."""
    for found, at, stop in boxes(data, start, end):
        if found == kind:
            return at, stop
    return None


def _find_moov(f: BinaryIO) -> tuple[int, bytes] | None:
    """The file's ``moov`` box: its offset and its bytes (None when it has none)."""
    f.seek(0, os.SEEK_END)
    length = f.tell()
    at = 0
    while at + 8 <= length:
        f.seek(at)
        head = f.read(16)
        if len(head) < 8:
            return None
        size, kind = struct.unpack_from(">I4s", head)
        if size == 1 and len(head) == 16:
            size = struct.unpack_from(">Q", head, 8)[0]
        elif size == 0:
            size = length - at
        if size < 8:
            return None
        if kind == b"moov":
            f.seek(at)
            return at, f.read(size)
        at += size
    return None


def subtitle_flags(moov: bytes) -> Iterator[int]:
    """The offsets (in ``moov``'s bytes) of the three flag bytes of every subtitle
    track's ``tkhd`` box."""
    for kind, at, stop in boxes(moov, 8):
        if kind != b"trak":
            continue
        tkhd = _child(moov, at + 8, stop, b"tkhd")
        mdia = _child(moov, at + 8, stop, b"mdia")
        hdlr = None if mdia is None else _child(moov, mdia[0] + 8, mdia[1], b"hdlr")
        if tkhd is None or hdlr is None or hdlr[1] - hdlr[0] < 20:
            continue
        if moov[hdlr[0] + 16:hdlr[0] + 20] in SUBTITLE_HANDLERS:
            yield tkhd[0] + 9          # after the size, the type and the version byte


def enable_subtitles(path: str | os.PathLike[str], on: bool) -> int:
    """Set (``on``) or clear the "enabled" flag of every subtitle track of the MP4 at
    ``path``; the number of tracks found.  A file without a ``moov`` box (nothing
    written: ``-o /dev/null``) is left alone."""
    with open(path, "r+b") as f:
        found = _find_moov(f)
        if found is None:
            return 0
        base, moov = found
        count = 0
        for offset in subtitle_flags(moov):
            flags = int.from_bytes(moov[offset:offset + 3], "big")
            flags = flags | ENABLED if on else flags & ~ENABLED
            f.seek(base + offset)
            f.write(flags.to_bytes(3, "big"))
            count += 1
        return count


__all__ = ["ENABLED", "SUBTITLE_HANDLERS", "boxes", "enable_subtitles", "subtitle_flags"]
