"""The user cache folder: where puzzlereel keeps what it computes once and reuses.

Compiled search loops (numba) and pattern databases live here, never beside the
installed modules, so an install stays exactly as pip wrote it (and read-only installs
work).  The folder is ``$PUZZLEREEL_CACHE`` when set, else the platform's user cache
folder: ``$XDG_CACHE_HOME/puzzlereel`` (default ``~/.cache/puzzlereel``) on Linux,
``~/Library/Caches/puzzlereel`` on macOS, ``%LOCALAPPDATA%\\puzzlereel\\Cache`` on
Windows.

When the folder cannot be written (read-only home, full disk) everything still works,
only uncached: ``writable`` says so once with a ``CacheWarning`` and returns None.

An entry of the folder that is not a regular file (a named pipe, a folder, a link, a
device) is never opened: ``heal`` sets it aside so that the file can be made again, and
``open_entry`` opens a file without blocking, without following a link, and only when
it is a regular file of at most the size expected, so that every read is bounded.
"""

from __future__ import annotations

import contextlib
import io
import os
import stat
import sys
import tempfile
import uuid
import warnings
from pathlib import Path

ENV = "PUZZLEREEL_CACHE"


class CacheWarning(UserWarning):
    """The cache folder cannot be used; work goes on without keeping results."""


class DamagedCacheWarning(UserWarning):
    """A file of the cache was damaged (cut short, emptied, altered): it was removed and
    is made again."""


def cache_dir() -> Path | None:
    """The cache folder (not created here); None, after one warning, when the folder
    asked for cannot be found (``~nosuchuser/x``, no home folder)."""
    own = os.environ.get(ENV)
    try:
        return Path(own).expanduser() if own else _platform_dir()
    except RuntimeError as exc:       # expanduser / home(): no such user, no home
        if own:
            user = own.split("/", 1)[0]
            warn_unusable(f"{ENV}={own}", f"{user} is no home folder known here")
        else:
            warn_unusable("in the home folder", str(exc).rstrip("."))
        return None


def _platform_dir() -> Path:
    home = Path.home()
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "puzzlereel"
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA")
        return (Path(local) if local else home / "AppData" / "Local") / "puzzlereel" / "Cache"
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".cache"
    return base / "puzzlereel"


_warned: set[Path | str] = set()


def warn_unusable(path: Path | str, reason: str) -> None:
    """Say once per folder that it cannot be used, and why."""
    if path in _warned:
        return
    _warned.add(path)
    warnings.warn(f"cache folder {path} cannot be written ({reason}); working without "
                  "a cache, so compiled code and tables are not kept between runs",
                  CacheWarning, stacklevel=3)


def writable(path: Path | None) -> Path | None:
    """``path`` created if needed and checked writable, or None (after one warning)."""
    if path is None:
        return None
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path) as probe:
            probe.write(b"puzzlereel")
            probe.flush()
            os.fsync(probe.fileno())
    except OSError as exc:
        warn_unusable(path, exc.strerror or str(exc))
        return None
    return path


def folder(name: str) -> Path | None:
    """The writable subfolder ``name`` of the cache folder, or None; an entry of that
    name that is no folder (nor a link to one) is set aside first."""
    base = cache_dir()
    if base is None:
        return None
    path = base / name
    if not path.is_dir():
        with contextlib.suppress(OSError):      # else writable says why, once
            heal(path, wanted_folder=True)
    return writable(path)


def numba_cache_dir() -> Path | None:
    """Point numba's on-disk cache at our cache folder; None if it cannot be written.

    A user's own ``NUMBA_CACHE_DIR`` is respected.  Called before numba is imported (it
    reads the variable once); if numba is already loaded its config is set directly.
    """
    own = os.environ.get("NUMBA_CACHE_DIR")
    path = writable(Path(own).expanduser()) if own else folder("numba")
    if path is None:
        return None
    if not own:
        os.environ["NUMBA_CACHE_DIR"] = str(path)
    config = sys.modules.get("numba.core.config")
    if config is not None and not getattr(config, "CACHE_DIR", ""):
        config.CACHE_DIR = str(path)  # type: ignore[attr-defined]
    return path


def _kind(mode: int) -> str:
    """What a file of ``mode`` is, in words."""
    kinds = [(stat.S_ISFIFO, "a named pipe"), (stat.S_ISDIR, "a folder"),
             (stat.S_ISLNK, "a symbolic link"), (stat.S_ISSOCK, "a socket"),
             (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device")]
    return next((words for test, words in kinds if test(mode)), "not a regular file")


def _set_aside(path: Path, mode: int) -> None:
    """Take the entry at ``path`` out of the way: a folder with something in it is
    renamed beside it (its contents are kept), anything else is removed (a link, a
    named pipe, a device node or an empty folder holds no data of its own)."""
    if stat.S_ISDIR(mode):
        with contextlib.suppress(OSError):
            path.rmdir()
            return
        path.rename(path.with_name(f"{path.name}.set-aside-{uuid.uuid4().hex[:8]}"))
    else:
        path.unlink()


def heal(path: Path, *, wanted_folder: bool = False) -> str | None:
    """None when ``path`` is a regular file (a folder, if ``wanted_folder``) or nothing;
    else the entry there (what it was is returned, e.g. "a named pipe") is set aside, so
    that the file can be made again.  An entry that cannot be set aside raises
    ``OSError``."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return None
    if stat.S_ISREG(mode) or (wanted_folder and stat.S_ISDIR(mode)):
        return None
    _set_aside(path, mode)
    return _kind(mode)


_NONBLOCKING = (getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
                | getattr(os, "O_BINARY", 0))


class NotACacheFile(OSError):
    """A cache entry that is not a regular file of the size expected; never read."""


def open_entry(path: Path, most: int) -> io.BufferedReader:
    """``path`` opened for reading: never blocking (a named pipe), never through a
    symbolic link, and only a regular file of at most ``most`` bytes; else
    ``NotACacheFile`` (or the ``OSError`` of opening it)."""
    fd = os.open(path, os.O_RDONLY | _NONBLOCKING)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotACacheFile(f"it is {_kind(info.st_mode)}, not a file")
        if info.st_size > most:
            raise NotACacheFile(f"{info.st_size:,} bytes where at most {most:,} were expected")
        if hasattr(os, "O_NONBLOCK"):
            os.set_blocking(fd, True)
        return io.BufferedReader(io.FileIO(fd, "rb"))
    except BaseException:
        os.close(fd)
        raise


__all__ = ["ENV", "CacheWarning", "DamagedCacheWarning", "NotACacheFile", "cache_dir",
           "folder", "heal", "numba_cache_dir", "open_entry", "writable"]
