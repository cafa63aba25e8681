"""A lock file held while one process reads, changes and writes a file others share
(the manifest of an output folder two runs write into at once).

The lock is ``flock`` on a file of its own beside the shared one (which is replaced
whole, so cannot carry a lock itself): the system lets it go when the process ends,
however it ends, so a run that was killed leaves no lock behind.  A link planted at the
lock file's name is refused (``O_NOFOLLOW``), never followed.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def locked(path: str | os.PathLike[str]) -> Iterator[None]:
    """Hold the lock file ``path`` (made if needed) while the block runs, waiting for
    another process holding it to let go (on a file system that cannot lock, such as
    some network ones, the block runs unlocked)."""
    try:
        import fcntl
    except ImportError:                    # pragma: no cover - not on POSIX
        yield
        return
    fd = os.open(Path(path), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o666)
    try:
        with contextlib.suppress(OSError):   # a file system that has no locks: unlocked
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


__all__ = ["locked"]
