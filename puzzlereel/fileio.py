"""Writing output files so that none is ever left half-written.

``atomic_path`` gives a temporary file in the target directory and renames it into
place only when the block finishes without error; on error the temporary file is removed.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO


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
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part" + target.suffix,
                               dir=directory)
    os.close(fd)
    tmp_path = Path(tmp)
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


@contextlib.contextmanager
def atomic_text(target: str | os.PathLike[str]) -> Iterator[IO[str]]:
    """Open a temporary text file beside ``target``; rename it into place on success."""
    with atomic_path(target) as tmp, open(tmp, "w", encoding="utf-8", newline="\n") as handle:
        yield handle
