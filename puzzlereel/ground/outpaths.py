"""What an output path is: a file, replaced whole when it is complete
(``fileio.atomic_path``), a symbolic link to one, or a stream, written through and
never replaced:

- a device (``/dev/null``), a named pipe or a socket, reached by any name;
- a process's open file, reached through ``/proc/PID/fd/N`` (``/dev/stdout``,
  ``/dev/fd/1``, a link to either): it may be a regular file (``> out.mp4``), but the name
  is the kernel's, and replacing it (as root, ``/dev/stdout`` itself) would break the
  system.

A symbolic link to a file elsewhere stays a link: the file it points to is replaced.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

_LINKS = 40                          # symbolic links followed, as the kernel does
_FD = re.compile(r"/proc/(?:self|thread-self|(\d+))(?:/task/\d+)?/fd/(\d+)")


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


__all__ = ["OutPath", "find", "is_stream", "own_mode", "seekable"]
