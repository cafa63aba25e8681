"""Outputs whose owner is checked the moment they are put in place.

A run that writes into a folder of outputs it shares with the user (``run``'s
``OUT_DIR``, the gallery's page) decides whose each file is when it plans, but files
come and go while it works.  It names those outputs to ``placing`` with a check for
each; ``fileio.atomic_path`` then calls the check just before it renames the finished
file onto the output (``check(target, finished)``; a check refuses by raising), and
puts the file in place of whatever stands there, never writing through it: a symbolic
link planted at such an output is replaced by the file, and the file it pointed to is
left as it was.

The checks are the command's, kept in its write state (``writestate``): a write in a
thread that carries the command's context (``interrupts.run_stoppable``) is checked,
and a command running in another thread of the process never sees them.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from puzzlereel.ground import writestate
from puzzlereel.ground.writestate import Check


def _key(path: str | os.PathLike[str]) -> str:
    return os.path.abspath(os.fspath(path))


@contextlib.contextmanager
def placing(checks: Mapping[Path, Check]) -> Iterator[None]:
    """While the block runs, check each output of ``checks`` as this command puts it in
    place."""
    keys = {_key(path): check for path, check in checks.items()}
    state = writestate.current()
    state.place(keys)
    try:
        yield
    finally:
        state.placed(keys)


def check_of(target: str | os.PathLike[str]) -> Check | None:
    """The check of the output ``target`` while this command places it (``placing``),
    else None."""
    return writestate.current().check_of(_key(target))


__all__ = ["Check", "check_of", "placing"]


def replaced_outputs(paths: Iterable[Path]) -> list[Path]:
    """The outputs among ``paths`` to check against the inputs before placing them: a
    symbolic link planted at an output is replaced, never written through, so the file
    it names (another output, an input) is not that output."""
    return [path for path in paths if not path.is_symlink()]
