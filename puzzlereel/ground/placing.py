"""Outputs whose owner is checked the moment they are put in place.

A run that writes into a folder of outputs it shares with the user (``run``'s
``OUT_DIR``, the gallery's page) decides whose each file is when it plans, but files
come and go while it works.  It names those outputs to ``placing`` with a check for
each; ``fileio.atomic_path`` then calls the check just before it renames the finished
file onto the output (``check(target, finished)``; a check refuses by raising), and
puts the file in place of whatever stands there, never writing through it: a symbolic
link planted at such an output is replaced by the file, and the file it pointed to is
left as it was.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

Check = Callable[[Path, Path], None]     # (the output, the finished file to put there)

_checks: dict[str, Check] = {}           # absolute path -> its check, while placing
_lock = threading.Lock()


def _key(path: str | os.PathLike[str]) -> str:
    return os.path.abspath(os.fspath(path))


@contextlib.contextmanager
def placing(checks: Mapping[Path, Check]) -> Iterator[None]:
    """While the block runs, check each output of ``checks`` as it is put in place."""
    keys = {_key(path): check for path, check in checks.items()}
    with _lock:
        _checks.update(keys)
    try:
        yield
    finally:
        with _lock:
            for key, check in keys.items():
                if _checks.get(key) is check:
                    del _checks[key]


def check_of(target: str | os.PathLike[str]) -> Check | None:
    """The check of the output ``target`` while it is placed (``placing``), else None."""
    with _lock:
        return _checks.get(_key(target))


__all__ = ["Check", "check_of", "placing"]
