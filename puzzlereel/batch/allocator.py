"""The memory allocator a task runs with, on a worker told to hand memory back eagerly.

Dask's nanny starts workers with ``MALLOC_TRIM_THRESHOLD_=65536``, which makes every
video frame buffer a fresh ``mmap`` and a render about 1.7x slower; ``roomy_allocator``
gives glibc its usual behaviour back for a task's duration and returns the memory after.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import sys
from collections.abc import Iterator
from typing import Any

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3      # glibc's mallopt() parameters
ROOMY_TRIM = 256 << 20          # keep up to this much freed memory between frames
ROOMY_MMAP = 32 << 20           # frame-sized blocks from the heap, not one mmap each
GLIBC_MMAP = 128 << 10          # glibc's own mmap threshold


def _glibc() -> Any:
    """The C library's allocator controls (glibc's ``mallopt``), or None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL("libc.so.6")
        return libc if hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim") else None
    except OSError:
        return None


@contextlib.contextmanager
def roomy_allocator() -> Iterator[None]:
    """Undo ``MALLOC_TRIM_THRESHOLD_`` (set by Dask's nanny for its workers) while a task
    runs: with it, glibc returns every freed block at once and maps each large one
    afresh, so each frame buffer costs page faults.  Afterwards the worker's own
    setting is back and the freed memory is returned (``malloc_trim``)."""
    trim = os.environ.get("MALLOC_TRIM_THRESHOLD_")
    libc = None if trim is None else _glibc()
    if trim is None or libc is None:
        yield
        return
    libc.mallopt(M_MMAP_THRESHOLD, ROOMY_MMAP)
    libc.mallopt(M_TRIM_THRESHOLD, ROOMY_TRIM)
    try:
        yield
    finally:
        with contextlib.suppress(ValueError, ctypes.ArgumentError):
            libc.mallopt(M_TRIM_THRESHOLD, int(trim))
        libc.mallopt(M_MMAP_THRESHOLD, GLIBC_MMAP)
        libc.malloc_trim(0)


__all__ = ["GLIBC_MMAP", "M_MMAP_THRESHOLD", "M_TRIM_THRESHOLD", "ROOMY_MMAP", "ROOMY_TRIM",
           "roomy_allocator"]
