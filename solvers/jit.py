"""Compiling the hot search loops: numba's ``njit``, cached in the user cache folder.

Every compiled kernel is declared with ``@njit`` from here instead of numba's own, so
that its machine code is kept in ``puzzlereel.ground.cache``'s folder (never in a
``__pycache__`` beside the installed module), so that a cache that cannot be
written, from the start or when the disk fills up later, only turns caching off (the
search still runs, after one warning), and so that a damaged cache file is removed and
the kernel compiled again, after one warning.  Before numba opens a kernel's files, an
entry in their place that is no regular file (a named pipe numba would wait on forever,
a folder, a link) or that is far larger than such a file is is set aside the same way.
"""

from __future__ import annotations

import contextlib
import glob
import os
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from puzzlereel.ground import cache

_CACHE = cache.numba_cache_dir()  # must run before numba is imported

import numba  # noqa: E402


def _guard_saves(dispatcher: Any) -> None:
    """Make a failed write of the on-disk cache (a full disk) warn and stop caching."""
    store = getattr(dispatcher, "_cache", None)
    save = getattr(store, "save_overload", None)
    if store is None or save is None:  # pragma: no cover - numba internals moved
        return

    def guarded(sig: Any, data: Any) -> None:
        try:
            _clear_the_way(store)
            save(sig, data)
        except OSError as exc:
            cache.warn_unusable(_CACHE or cache.cache_dir() or "the cache folder",
                                exc.strerror or str(exc))
            store.disable()

    store.save_overload = guarded


_healed: set[str] = set()       # cache folders found damaged (warned once each)
_MOST = {".nbi": 1 << 20, ".nbc": 64 << 20}     # far more than any kernel's files hold


def _files_of(index: str) -> list[str]:
    """A kernel's cache files: its index and the data files beside it."""
    return [index, *glob.glob(glob.escape(index.removesuffix(".nbi")) + ".*.nbc")]


def _stranger(path: str) -> str | None:
    """What is wrong with the cache file at ``path`` (None: a file of a sane size, or
    nothing), after setting aside an entry there that is no regular file."""
    kind = cache.heal(Path(path))
    if kind is not None:
        return f"{kind} in place of {os.path.basename(path)}"
    with contextlib.suppress(FileNotFoundError):
        size = os.lstat(path).st_size
        if size > _MOST[os.path.splitext(path)[1]]:
            os.unlink(path)
            return f"{os.path.basename(path)} of {size:,} bytes"
    return None


def _warn_damaged(folder: str, why: str) -> None:
    if folder not in _healed:       # one line for a family's damaged files
        _healed.add(folder)
        warnings.warn(cache.DamagedCacheWarning(
            f"compiled code cache {folder} was damaged ({why}); removed the damaged "
            "files, compiling again"), stacklevel=3)


def _clear_the_way(store: Any) -> None:
    """Set aside what stands in place of a cache file of ``store``'s kernel and is no
    file of its kind, before numba opens it (one warning); an entry that cannot be set
    aside turns this kernel's caching off, so that nothing waits on it."""
    index = getattr(getattr(store, "_cache_file", None), "_index_path", None)
    if index is None:  # pragma: no cover - numba internals moved
        return
    try:
        found = [why for path in _files_of(index) if (why := _stranger(path))]
    except OSError as exc:
        cache.warn_unusable(os.path.dirname(index), exc.strerror or str(exc))
        store.disable()
        return
    if found:
        _warn_damaged(os.path.dirname(index), found[0])


def _heal_loads(dispatcher: Any) -> None:
    """Make a damaged cache file (cut short, emptied, altered) of this kernel be removed
    with one warning and the kernel compiled again, instead of failing every search
    that uses it from then on."""
    store = getattr(dispatcher, "_cache", None)
    load = getattr(store, "load_overload", None)
    index = getattr(getattr(store, "_cache_file", None), "_index_path", None)
    if store is None or load is None or index is None:  # pragma: no cover - numba moved
        return

    def healed(sig: Any, target_context: Any) -> Any:
        _clear_the_way(store)
        try:
            return load(sig, target_context)
        except Exception as exc:  # noqa: BLE001 - any damage: the file is not ours to trust
            for path in _files_of(index):
                with contextlib.suppress(OSError):
                    os.unlink(path)
            base = os.path.basename(index.removesuffix(".nbi"))
            _warn_damaged(os.path.dirname(index), f"{type(exc).__name__} reading {base}")
            return None

    store.load_overload = healed


def njit(*args: Any, **kwargs: Any) -> Any:
    """``numba.njit`` with ``cache=True`` when the cache folder can be written, and
    ``nogil=True``: a compiled search lets go of Python's lock, so the main thread stays
    free to notice Ctrl-C or a ``kill`` while it runs (``puzzlereel.ground.interrupts``)."""
    kwargs["cache"] = _CACHE is not None and kwargs.get("cache", True)
    kwargs.setdefault("nogil", True)
    if args and callable(args[0]):
        dispatcher = numba.njit(**kwargs)(args[0])
        if kwargs["cache"]:
            _guard_saves(dispatcher)
            _heal_loads(dispatcher)
        return dispatcher

    def decorate(func: Callable[..., Any]) -> Any:
        return njit(func, **kwargs)

    return decorate


def preload(dispatcher: Any, *args: Any) -> None:
    """Load ``dispatcher``'s machine code for the types of ``args`` (from the cache, or by
    compiling it) without running it, so that a search timed afterwards holds no loading.

    ``args`` are examples of the real call's arguments: their numba types must be the
    call's, or the call loads a second version."""
    dispatcher.compile(tuple(numba.typeof(a) for a in args))


__all__ = ["njit", "preload"]
