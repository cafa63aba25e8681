"""The user cache folder: where puzzlereel keeps what it computes once and reuses.

Compiled search loops (numba) and pattern databases live here, never beside the
installed modules, so an install stays exactly as pip wrote it (and read-only installs
work).  The folder is ``$PUZZLEREEL_CACHE`` when set, else the platform's user cache
folder: ``$XDG_CACHE_HOME/puzzlereel`` (default ``~/.cache/puzzlereel``) on Linux,
``~/Library/Caches/puzzlereel`` on macOS, ``%LOCALAPPDATA%\\puzzlereel\\Cache`` on
Windows.

When the folder cannot be written (read-only home, full disk) everything still works,
only uncached: ``writable`` says so once with a ``CacheWarning`` and returns None.
"""

from __future__ import annotations

import os
import sys
import tempfile
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
    """The writable subfolder ``name`` of the cache folder, or None."""
    base = cache_dir()
    return writable(None if base is None else base / name)


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


__all__ = ["ENV", "CacheWarning", "DamagedCacheWarning", "cache_dir", "folder",
           "numba_cache_dir", "writable"]
