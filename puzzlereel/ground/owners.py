"""Whose a file of an output folder is: the names one run gives out (``Claims``), and
the mark of a poster puzzlereel drew, with what it was drawn from.

A poster carries two PNG text chunks right after its IHDR chunk: the mark
(``Software: puzzlereel poster``), by which the gallery and ``run`` know it for theirs,
and the content hash of what it was drawn from (its trace and render options), by which
they know whether it is up to date, whatever the files' times say.
"""

from __future__ import annotations

import contextlib
import zlib
from collections.abc import Iterable
from pathlib import Path

from puzzlereel.ground.fileio import Clash, remove_output
from puzzlereel.ground.formats import FORMAT_ROWS
from puzzlereel.ground.manifest import (
    FILE_NAME,
    LOCK_NAME,
    POSTER,
    TRACE,
    ConfigRecord,
    Manifest,
    file_name,
)

POSTER_TEXT = b"Software\x00puzzlereel poster"
MADE_FROM = b"Comment\x00made from "    # then the hash of what the poster was drawn from
POSTER_AT = 33                   # bytes: the PNG signature (8) and the IHDR chunk (25)
HASH_CHARS = 64                  # a SHA-256 in hex

# what an output of each kind is, for messages about it (a format's: its ``words``)
KIND_WORDS = {TRACE: "trace", POSTER: "poster", **{f.suffix: f.words for f in FORMAT_ROWS}}


def kind_word(kind: str) -> str:
    return KIND_WORDS.get(kind, kind)


def _chunk(text: bytes) -> bytes:
    body = b"tEXt" + text
    return len(text).to_bytes(4, "big") + body + \
        (zlib.crc32(body) & 0xFFFFFFFF).to_bytes(4, "big")


def poster_chunk(made_from: str = "") -> bytes:
    """The PNG chunks that mark a poster as puzzlereel's, drawn from what has the hash
    ``made_from`` (none when "")."""
    made = _chunk(MADE_FROM + made_from.encode("ascii")) if made_from else b""
    return _chunk(POSTER_TEXT) + made


def _head(path: str | Path) -> bytes:
    with contextlib.suppress(OSError), open(path, "rb") as handle:
        return handle.read(POSTER_AT + len(poster_chunk("0" * HASH_CHARS)))
    return b""


def poster_drawn_here(path: str | Path) -> bool:
    """Whether the file ``path`` is a poster puzzlereel drew (its mark is in place)."""
    mark = poster_chunk()
    return _head(path)[POSTER_AT:POSTER_AT + len(mark)] == mark


def poster_made_from(path: str | Path) -> str | None:
    """The hash of what the poster ``path`` was drawn from, as it records it; None for a
    file that is no poster of puzzlereel's or records none."""
    head = _head(path)
    mark = poster_chunk()
    if head[POSTER_AT:POSTER_AT + len(mark)] != mark:
        return None
    rest = head[POSTER_AT + len(mark):]
    size = int.from_bytes(rest[:4], "big")
    text = rest[8:8 + size]
    if rest[4:8] != b"tEXt" or len(text) != size or not text.startswith(MADE_FROM) \
            or rest[8 + size:12 + size] != _chunk(text)[-4:]:
        return None
    return text[len(MADE_FROM):].decode("ascii", "replace")


class Claims:
    """Who each file name of the output folder belongs to: a config's output (by the
    config's name), the manifest or the gallery page.  Two owners of one name would
    write over each other's file, so the second is refused (``Clash``)."""

    def __init__(self, manifest: Manifest | None = None, page: str | None = None) -> None:
        self.owners: dict[str, tuple[str, str]] = {FILE_NAME: ("", "the run's manifest"),
                                                   LOCK_NAME: ("", "the manifest's lock")}
        if page is not None:
            self.owners[page] = ("", "the gallery page")
        for name, entry in (manifest.entries if manifest is not None else {}).items():
            for kind, out in entry.outputs.items():
                self.owners.setdefault(out.file, (name, f"the {kind_word(kind)} of "
                                                        f"{entry.config}"))

    def take(self, name: str, source: str, kinds: Iterable[str]) -> None:
        """Give ``name`` (a config read from ``source``) the files of ``kinds``, or
        ``Clash`` when one of them belongs to something else."""
        files = [(kind, file_name(name, kind)) for kind in kinds]
        for kind, file in files:
            owner, what = self.owners.get(file, (name, ""))
            if owner != name:
                raise Clash(f"its {kind_word(kind)} {file} would replace {what}; rename one "
                            "of the two", source=source)
        for kind, file in files:
            self.owners[file] = (name, f"the {kind_word(kind)} of {source}")


def remove_outputs(folder: str | Path, entry: ConfigRecord, keep: Iterable[str] = ()) -> list[str]:
    """Remove the files ``entry`` records in ``folder`` (every kind but those in
    ``keep``): outputs of an older version of its config, which must not stay beside a
    newer trace (or none).  A file of the config's name that the manifest does not
    record is not puzzlereel's, and stays.  The names of the files removed."""
    kept = set(keep)
    removed = []
    for kind, out in entry.outputs.items():
        if kind not in kept and remove_output(Path(folder) / out.file):
            removed.append(out.file)
    return removed


__all__ = ["KIND_WORDS", "MADE_FROM", "POSTER_AT", "Claims", "poster_chunk", "poster_drawn_here",
           "kind_word", "poster_made_from",
           "remove_outputs"]
