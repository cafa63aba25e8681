"""What an output path is, the temporary files written beside one, the names of the
files the program makes (``safe_name``) and text written to a stream (``utf8_writer``).

An output is either a file, replaced whole when it is complete (``fileio.atomic_path``),
or a stream, written through and never replaced:

- a device (``/dev/null``), a named pipe or a socket, reached by any name;
- a process's open file, reached through ``/proc/PID/fd/N`` (``/dev/stdout``,
  ``/dev/fd/1``, a link to either): it may be a regular file (``> out.mp4``), but the name
  is the kernel's, and replacing it (as root, ``/dev/stdout`` itself) would break the
  system.

A symbolic link to a file elsewhere stays a link: the file it points to is replaced.

A temporary file is named ``.NAME.PID-START-MACHINE-XXXXXXXX.part.EXT``: the process
writing it (its id and, where the system tells it, the time it started), the machine it
runs on (``machine``) and eight random characters.  It is stale, and removed the next
time its target is written, only when that process is gone: two processes writing one
target each keep their own temporary file, and the one that finishes last leaves its
whole file.  A writer on another machine (a shared folder) cannot be asked: its file is
stale when untouched for ``FOREIGN_SECONDS``.  A name without a writer
(``.NAME.XXXXXXXX.part.EXT``) is stale when it is older than this process.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import functools
import hashlib
import os
import re
import socket
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

_STARTED = time.time()               # files older than this are not this run's
_LINKS = 40                          # symbolic links followed, as the kernel does
_FD = re.compile(r"/proc/(?:self|thread-self|(\d+))(?:/task/\d+)?/fd/(\d+)")
NAME_MAX = 255                       # the longest file name most file systems take
_WRITER_BYTES = 48                   # room for "PID-START-MACHINE-XXXXXXXX" (47 at most)
_EXT_BYTES = 16                      # a longer suffix is left out of a temporary name
_WRITER = re.compile(r"([1-9]\d{0,9})-(\d{0,20})-([0-9a-f]{6})-[a-z0-9_]{8}")
_RANDOM = re.compile(r"[a-z0-9_]{8}")  # a temporary name without its writer
FOREIGN_SECONDS = 24 * 3600           # another machine's writer: stale when untouched so long


@dataclass(frozen=True)
class OutPath:
    """An output path as found: ``mode`` (0 when nothing is there), ``real`` (the file a
    link chain ends at, which is replaced; ``path`` itself when it is no link) and, for a
    process's open file, ``fd`` (this process's descriptor) or ``through_proc``."""

    path: Path
    mode: int
    real: Path
    fd: int | None = None
    through_proc: bool = False

    @property
    def stream(self) -> bool:
        """Written through, never replaced: a device, pipe or socket, or a process's
        open file."""
        if stat.S_ISDIR(self.mode):
            return False
        return (self.through_proc or stat.S_ISCHR(self.mode) or stat.S_ISBLK(self.mode)
                or stat.S_ISFIFO(self.mode) or stat.S_ISSOCK(self.mode))


def _chain(path: str | os.PathLike[str]) -> list[str]:
    """``path`` and every name its symbolic links lead to, each absolute with its folder
    resolved (``/dev/stdout``, ``/proc/1234/fd/1``, then what fd 1 is)."""
    names: list[str] = []
    current = os.path.abspath(os.fspath(path))
    for _ in range(_LINKS):
        folder, base = os.path.split(current)
        if base in ("", ".", ".."):
            names.append(os.path.realpath(current))
            return names
        folder = os.path.realpath(folder)
        current = os.path.join(folder, base)
        names.append(current)
        try:
            link = os.readlink(current)
        except (OSError, ValueError):
            return names
        current = os.path.join(folder, link)       # its folder is resolved next turn
    raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), os.fspath(path))


def find(path: str | os.PathLike[str]) -> OutPath:
    """What ``path`` is (``OSError`` for a loop of links)."""
    path = Path(path)
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        mode = 0
    names = _chain(path)
    fd = None
    through_proc = False
    for name in names:
        found = _FD.fullmatch(name)
        if found:
            through_proc = True
            if found[1] is None or int(found[1]) == os.getpid():
                fd = int(found[2])
            break
    real = Path(names[-1]) if len(names) > 1 else path
    return OutPath(path, mode, real, fd, through_proc)


def own_mode(path: str | os.PathLike[str]) -> int:
    """The mode of ``path`` itself (a link's, not its target's); 0 when there is none."""
    try:
        return os.lstat(path).st_mode
    except (OSError, ValueError):
        return 0


def is_stream(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is written through, never replaced, and named by no suffix: a
    device or named pipe (``/dev/null``, a FIFO), or a process's open file
    (``/dev/stdout``, whatever it is)."""
    try:
        return find(path).stream
    except OSError:
        return False


def seekable(target: OutPath) -> bool:
    """Whether the device ``target`` can be written as a file is (``/dev/null``, a disk),
    seeking back, or only as a stream (a terminal); ``OSError`` when it cannot be opened
    for writing."""
    fd = os.open(target.path, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY)
    try:
        os.lseek(fd, 0, os.SEEK_CUR)
    except OSError:
        return False
    finally:
        os.close(fd)
    return True


# ---------------------------------------------------------------- temporary files


def _process_start(pid: int) -> str:
    """When process ``pid`` started (clock ticks since boot), "" where the system does
    not tell: with its id, it names one process, even once the id is used again."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()
        return fields[19].decode("ascii") if fields[19].isdigit() else ""
    except (OSError, IndexError, ValueError):
        return ""


@functools.cache
def machine() -> str:
    """This machine (its name and, where the system tells it, this boot) as six hex
    digits: a process id means something only on the machine that gave it."""
    boot = ""
    with contextlib.suppress(OSError):
        with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as handle:
            boot = handle.read().strip()
    return hashlib.sha256(f"{socket.gethostname()}/{boot}".encode()).hexdigest()[:6]


def writer() -> str:
    """This process as a temporary file's name holds it: ``PID-START-MACHINE-``."""
    pid = os.getpid()                        # asked each time: a forked worker is another
    return f"{pid}-{_process_start(pid)}-{machine()}-"


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


def _gone(pid: int, start: str) -> bool:
    """Whether process ``pid``, started at ``start`` ("": unknown), has ended."""
    if os.name == "nt":                      # no signal 0 there: never take it as gone
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:                  # alive, another user's
        pass
    except (OSError, OverflowError, ValueError):
        return True
    if not start:
        return False
    now = _process_start(pid)
    return bool(now) and now != start        # the id is another process's now


def stale(middle: str, mtime: float) -> bool:
    """Whether a temporary file whose name holds ``middle`` between its prefix and suffix
    was left by a writer that is gone."""
    found = _WRITER.fullmatch(middle)
    if found is None:                        # no writer named: older than this process
        return _RANDOM.fullmatch(middle) is not None and mtime < _STARTED
    if found[3] != machine():                # another machine's: gone when long untouched
        return mtime < time.time() - FOREIGN_SECONDS
    return _gone(int(found[1]), found[2])


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


# ---------------------------------------------------------------- names and text


NAME_BYTES = 200       # a name's longest UTF-8 form, leaving room for ".poster.png" & co.
_NOT_IN_NAMES = re.compile(r"[\x00-\x1f\x7f-\x9f/\\\ud800-\udfff]+")


def safe_name(text: str, default: str = "puzzle", limit: int = NAME_BYTES) -> str:
    """``text`` made a file name of its own, which no folder part can lead out of the
    folder it is written in: path separators, control characters (C0 and C1) and bytes
    that are not UTF-8 as ``-``, no leading dot (``..``, hidden files), at most ``limit``
    bytes; ``default`` when nothing is left."""
    name = _NOT_IN_NAMES.sub("-", str(text)).lstrip(".").strip()
    while len(name.encode("utf-8")) > limit:
        name = name[:-1]
    return name or default


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


__all__ = ["FOREIGN_SECONDS", "NAME_BYTES", "NAME_MAX", "OutPath", "affixes", "find",
           "is_stream", "machine", "own_mode", "remove_stale", "safe_name", "seekable", "stale",
           "utf8_writer", "writer"]
