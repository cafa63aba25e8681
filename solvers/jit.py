"""Compiling the hot search loops: numba's ``njit``, cached in the user cache folder.

Every compiled kernel is declared with ``@njit`` from here instead of numba's own, so
that its machine code is kept in ``puzzlereel.cache``'s folder (never in a
``__pycache__`` beside the installed module) and so that a cache that cannot be
written, from the start or when the disk fills up later, only turns caching off: the
search still runs, after one warning.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from puzzlereel import cache

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
            cache.warn_unusable(_CACHE or cache.cache_dir(), exc.strerror or str(exc))
            store.disable()

    store.save_overload = guarded


def njit(*args: Any, **kwargs: Any) -> Any:
    """``numba.njit`` with ``cache=True`` when the cache folder can be written, and
    ``nogil=True``: a compiled search lets go of Python's lock, so the main thread stays
    free to notice Ctrl-C or a ``kill`` while it runs (``puzzlereel.interrupts``)."""
    kwargs["cache"] = _CACHE is not None and kwargs.get("cache", True)
    kwargs.setdefault("nogil", True)
    if args and callable(args[0]):
        dispatcher = numba.njit(**kwargs)(args[0])
        if kwargs["cache"]:
            _guard_saves(dispatcher)
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
