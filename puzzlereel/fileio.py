"""Writing output files so that none is ever left half-written.

``atomic_path`` gives a temporary file in the target directory and renames it into
place only when the block finishes without error; on error the temporary file is removed.
The temporary files being written are known (``remove_unfinished`` deletes them when a
signal stops the program), and ones that a killed earlier run left beside a target
(``.NAME.XXXX.part.EXT``, older than this process) are removed the next time that target
is written.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

_STARTED = time.time()             # files of ours older than this are not this run's
_unfinished: set[Path] = set()     # temporary files being written now
_lock = threading.Lock()


def remove_unfinished() -> None:
    """Delete every temporary file still being written (the program is stopping)."""
    with _lock:
        paths = list(_unfinished)
        _unfinished.clear()
    for path in paths:
        with contextlib.suppress(OSError):
            path.unlink()


def _remove_stale(directory: Path, target: Path) -> None:
    """Remove temporary files an earlier, killed run left beside ``target``: our naming
    pattern only, and only those older than this process."""
    prefix, suffix = f".{target.name}.", ".part" + target.suffix
    with contextlib.suppress(OSError):
        for entry in os.scandir(directory):
            name = entry.name
            if not (name.startswith(prefix) and name.endswith(suffix)
                    and len(name) > len(prefix) + len(suffix)):
                continue
            with contextlib.suppress(OSError):
                if entry.is_file(follow_symlinks=False) and entry.stat().st_mtime < _STARTED:
                    os.unlink(entry.path)


@contextlib.contextmanager
def atomic_path(target: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path beside ``target``; rename it to ``target`` on success."""
    target = Path(target)
    if target.exists() and not target.is_file() and not target.is_dir():
        # a device or pipe (``-o /dev/null``, a FIFO): write to it directly; renaming a
        # temporary file over it would replace the device node itself
        yield target
        return
    directory = target.parent if str(target.parent) else Path(".")
    directory.mkdir(parents=True, exist_ok=True)
    _remove_stale(directory, target)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part" + target.suffix,
                               dir=directory)
    os.close(fd)
    tmp_path = Path(tmp)
    with _lock:
        _unfinished.add(tmp_path)
    try:
        yield tmp_path
        # mkstemp makes 0600 files; give the finished file the usual umask-based mode
        mask = os.umask(0o022)
        os.umask(mask)
        with contextlib.suppress(FileNotFoundError):
            os.chmod(tmp_path, 0o666 & ~mask)
        os.replace(tmp_path, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp_path.unlink()
        raise
    finally:
        with _lock:
            _unfinished.discard(tmp_path)


@contextlib.contextmanager
def atomic_text(target: str | os.PathLike[str]) -> Iterator[IO[str]]:
    """Open a temporary text file beside ``target``; rename it into place on success."""
    with atomic_path(target) as tmp, open(tmp, "w", encoding="utf-8", newline="\n") as handle:
        yield handle
