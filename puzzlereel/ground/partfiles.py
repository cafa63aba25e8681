"""The temporary files written beside an output (``fileio.atomic_path``): their names,
and which of them are stale.

A temporary file is named ``.NAME.PID-START-MACHINE-XXXXXXXX.part.EXT``: the process
writing it (``writers.writer``: its id and, where the system tells it, the time it
started; the machine it runs on) and eight random characters.  It is stale, and removed
the next time its target is written, only when that process is gone: two processes
writing one target each keep their own temporary file, and the one that finishes last
leaves its whole file.  A writer on another machine (a shared folder) cannot be asked:
its file is stale when untouched for ``FOREIGN_SECONDS``.  A name without a writer
(``.NAME.XXXXXXXX.part.EXT``) is stale when it is older than this process.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from pathlib import Path

from puzzlereel.ground.writers import gone, machine

_STARTED = time.time()               # files older than this are not this run's
NAME_MAX = 255                       # the longest file name most file systems take
_WRITER_BYTES = 48                   # room for "PID-START-MACHINE-XXXXXXXX" (47 at most)
_EXT_BYTES = 16                      # a longer suffix is left out of a temporary name
_WRITER = re.compile(r"([1-9]\d{0,9})-(\d{0,20})-([0-9a-f]{6})-[a-z0-9_]{8}")
_RANDOM = re.compile(r"[a-z0-9_]{8}")  # a temporary name without its writer
FOREIGN_SECONDS = 24 * 3600           # another machine's writer: stale when untouched so long


def affixes(target: Path) -> tuple[str, str]:
    """The prefix and suffix of a temporary file beside ``target``: ``.NAME.`` and
    ``.part.EXT``, NAME cut (at a character) so that the whole name, writer and all, fits
    in ``NAME_MAX`` bytes."""
    ext = target.suffix if len(os.fsencode(target.suffix)) <= _EXT_BYTES else ""
    suffix = ".part" + ext
    room = NAME_MAX - _WRITER_BYTES - 2 - len(os.fsencode(suffix))
    name = target.name
    while len(os.fsencode(name)) > room:
        name = name[:-1]
    return f".{name}.", suffix


def stale(middle: str, mtime: float) -> bool:
    """Whether a temporary file whose name holds ``middle`` between its prefix and suffix
    was left by a writer that is gone."""
    found = _WRITER.fullmatch(middle)
    if found is None:                        # no writer named: older than this process
        return _RANDOM.fullmatch(middle) is not None and mtime < _STARTED
    if found[3] != machine():                # another machine's: gone when long untouched
        return mtime < time.time() - FOREIGN_SECONDS
    return gone(int(found[1]), found[2])


def remove_stale(directory: Path, target: Path) -> None:
    """Remove the temporary files beside ``target`` (our naming pattern only) whose
    writers are gone."""
    prefix, suffix = affixes(target)
    with contextlib.suppress(OSError):
        for entry in os.scandir(directory):
            name = entry.name
            if not (name.startswith(prefix) and name.endswith(suffix)
                    and len(name) > len(prefix) + len(suffix)):
                continue
            middle = name[len(prefix):len(name) - len(suffix)]
            with contextlib.suppress(OSError):
                if (entry.is_file(follow_symlinks=False)
                        and stale(middle, entry.stat(follow_symlinks=False).st_mtime)):
                    os.unlink(entry.path)


__all__ = ["FOREIGN_SECONDS", "NAME_MAX", "affixes", "remove_stale", "stale"]
