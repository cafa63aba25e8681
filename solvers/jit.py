"""Compiling the hot search loops: numba's ``njit``, cached in the user cache folder.

Every compiled kernel is declared with ``@njit`` from here instead of numba's own, so
that its machine code is kept in ``puzzlereel.ground.cache``'s folder (never in a
``__pycache__`` beside the installed module), so that a cache that cannot be
written, from the start or when the disk fills up later, only turns caching off (the
search still runs, after one warning), and so that a damaged cache file is removed and
the kernel compiled again, after one warning.
"""

from __future__ import annotations

import contextlib
import glob
import os
import warnings
from collections.abc import Callable
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
            save(sig, data)
        except OSError as exc:
            cache.warn_unusable(_CACHE or cache.cache_dir() or "the cache folder",
                                exc.strerror or str(exc))
            store.disable()

    store.save_overload = guarded


_healed: set[str] = set()       # cache folders found damaged (warned once each)


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
        try:
            return load(sig, target_context)
        except Exception as exc:  # noqa: BLE001 - any damage: the file is not ours to trust
            base = index.removesuffix(".nbi")
            for path in [index, *glob.glob(glob.escape(base) + ".*.nbc")]:
                with contextlib.suppress(OSError):
                    os.unlink(path)
            folder = os.path.dirname(index)
            if folder not in _healed:       # one line for a family's damaged files
                _healed.add(folder)
                warnings.warn(cache.DamagedCacheWarning(
                    f"compiled code cache {folder} was damaged ({type(exc).__name__} "
                    f"reading {os.path.basename(base)}); removed the damaged files, "
                    "compiling again"), stacklevel=2)
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
