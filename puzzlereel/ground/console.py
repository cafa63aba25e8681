"""What the command line shows people besides its data: lines on stdout and stderr,
quiet or not, the files a render wrote, warnings as one line each; and the standard
streams themselves, made safe to use however the program was started.

``standard_streams`` runs first of all: a standard stream the shell closed (``>&-``,
``<&-``, ``2>&-``) becomes one that says so (``StreamClosed``) when the command reads or
writes it (stderr: one that takes every line and shows none), stderr whose reader goes
away drops its lines from then on (``Forgiving``), and text stdout cannot
encode (``PYTHONIOENCODING=ascii``, a Latin-1 terminal) is written with "?" in its place.
``start`` applies the options every command shares (``--quiet``, ``--progress``); the
rest is read from here by the modules that print (``batch.runner``, ``gallery``).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import warnings
from collections.abc import Iterable
from typing import IO, Any, NoReturn, TypeVar

from puzzlereel.ground import progress, writestate
from puzzlereel.ground.errors import PuzzlereelError
from puzzlereel.ground.escape import terminal_text

S = TypeVar("S", bound=IO[Any])

_quiet = False                # --quiet: print errors only


class StreamClosed(PuzzlereelError):
    """A standard stream the command needs was closed before it started (exit 1)."""


class Closed(io.TextIOBase):
    """What ``sys.stdin`` / ``sys.stdout`` are when the shell closed them: reading or
    writing is a ``StreamClosed`` naming the stream; flushing and closing do nothing."""

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what                   # "input", "output"

    def _closed(self, *_: object) -> NoReturn:
        raise StreamClosed(f"standard {self.what} is closed")

    write = read = readline = _closed      # type: ignore[assignment]

    def fileno(self) -> int:
        raise io.UnsupportedOperation(f"standard {self.what} is closed")

    def isatty(self) -> bool:
        return False

    def flush(self) -> None:
        pass

    @property
    def encoding(self) -> str:            # type: ignore[override]
        return "utf-8"


class Forgiving:
    """stderr, whose reader may go away (``2>&1 | head``, a closed log pipe): a line it
    can no longer take is dropped, and so is every later one, so that losing the reader
    of messages changes neither what the command does nor its exit code.  Everything
    else is the stream's own."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream
        self._gone = False

    def write(self, text: str) -> int:
        if not self._gone:
            try:
                return self._stream.write(text)
            except (OSError, ValueError):
                self._gone = True
        return len(text)

    def flush(self) -> None:
        if not self._gone:
            try:
                self._stream.flush()
            except (OSError, ValueError):
                self._gone = True

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def usable(stream: S | None, what: str) -> S:
    """``stream`` when it can be read or written, else ``StreamClosed`` ("standard output
    is closed"): ``what`` is "input" or "output"."""
    if stream is None or isinstance(stream, Closed):
        raise StreamClosed(f"standard {what} is closed")
    return stream


def standard_streams() -> None:
    """Make the standard streams safe for the whole command (see the module's text).

    A closed descriptor 0, 1 or 2 is opened on the null device first, so that no file
    the command opens later takes its number (and with it what a child process or a
    stray write sends there)."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            with contextlib.suppress(OSError):
                got = os.open(os.devnull, os.O_RDWR)
                if got != fd:
                    os.dup2(got, fd)
                    os.close(got)
    if sys.stdin is None:
        sys.stdin = Closed("input")
    if sys.stdout is None:
        sys.stdout = Closed("output")
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - for good
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors in ("strict",
                                                                      "backslashreplace"):
            with contextlib.suppress(OSError, ValueError):
                stream.reconfigure(errors="replace")
    if not isinstance(sys.stderr, Forgiving):
        sys.stderr = Forgiving(sys.stderr)  # type: ignore[assignment]


def start(progress_mode: str, quiet: bool) -> None:
    """``--progress MODE`` and ``--quiet`` for the whole command (quiet shows no progress
    and no warnings); the command's write state begins (``writestate.begin``)."""
    global _quiet
    _quiet = quiet
    writestate.begin()
    progress.set_mode("none" if quiet else progress_mode)
    if quiet:
        warnings.simplefilter("ignore")


def quiet() -> bool:
    """Whether only errors are printed (``--quiet``)."""
    return _quiet


def echo(text: str, *, err: bool = False) -> None:
    """One line on stdout (``err``: stderr), at once; text from files may be in it, so
    no control character but newline and tab reaches the terminal
    (``escape.terminal_text``).  On stderr when stdout is one of the command's output
    files (``-o /dev/stdout``), which no line may be mixed into."""
    stream = sys.stderr if err or writestate.stdout_is_output() else sys.stdout
    stream.write(terminal_text(text) + "\n")
    stream.flush()


def summarise(written: Iterable[Any]) -> None:
    """One line per file a render wrote (its ``summary()``), on stderr; none when quiet."""
    if _quiet:
        return
    for item in written:
        echo(item.summary(), err=True)


def warn(text: str) -> None:
    """One warning line on stderr, "puzzlereel: warning: TEXT"; none when quiet."""
    if not _quiet:
        echo(f"puzzlereel: warning: {text}", err=True)


def warning_line(message: Warning | str, category: type[Warning], filename: str,
                 lineno: int, file: Any = None, line: str | None = None) -> None:
    """``warnings.showwarning`` for the command line: a warning reaches the user as one
    line, like an error."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.write(f"puzzlereel: warning: {terminal_text(str(message))}\n")


__all__ = ["Closed", "Forgiving", "StreamClosed", "echo", "quiet", "standard_streams", "start",
           "summarise", "usable", "warn", "warning_line"]
