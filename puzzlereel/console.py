"""What the command line shows people besides its data: lines on stdout and stderr,
quiet or not, the files a render wrote, warnings as one line each.

``start`` applies the options every command shares (``--quiet``, ``--progress``); the
rest is read from here by the modules that print (``batch.runner``, ``gallery``).
"""

from __future__ import annotations

import contextlib
import sys
import warnings
from collections.abc import Iterable
from typing import Any

from puzzlereel import progress
from puzzlereel.escape import terminal_text

_quiet = False                # --quiet: print errors only


def start(progress_mode: str, quiet: bool) -> None:
    """``--progress MODE`` and ``--quiet`` for the whole command (quiet shows no progress
    and no warnings)."""
    global _quiet
    _quiet = quiet
    progress.set_mode("none" if quiet else progress_mode)
    if quiet:
        warnings.simplefilter("ignore")


def quiet() -> bool:
    """Whether only errors are printed (``--quiet``)."""
    return _quiet


def echo(text: str, *, err: bool = False) -> None:
    """One line on stdout (``err``: stderr), at once; text from files may be in it, so
    no control character but newline and tab reaches the terminal
    (``escape.terminal_text``)."""
    stream = sys.stderr if err else sys.stdout
    stream.write(terminal_text(text) + "\n")
    stream.flush()


def summarise(written: Iterable[Any]) -> None:
    """One line per file a render wrote (its ``summary()``), on stderr; none when quiet."""
    if _quiet:
        return
    for item in written:
        echo(item.summary(), err=True)


def warning_line(message: Warning | str, category: type[Warning], filename: str,
                 lineno: int, file: Any = None, line: str | None = None) -> None:
    """``warnings.showwarning`` for the command line: a warning reaches the user as one
    line, like an error."""
    with contextlib.suppress(OSError):
        sys.stderr.write(f"puzzlereel: warning: {terminal_text(str(message))}\n")


__all__ = ["echo", "quiet", "start", "summarise", "warning_line"]
