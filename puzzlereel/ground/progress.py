"""Progress of long work: the one callback type every search and render reports through,
and the indicator on stderr that shows it.

Searches and renders call ``progress(label, done, total)`` (total may be unknown) and
never print.  ``Reporter`` is the indicator the command line passes in: a live bar on a
terminal, a plain line now and then in logs and pipes (``--progress``), nothing with
``--quiet``; it stays silent for the first second (quick runs print nothing) and writes
to stderr only, so it never mixes with a trace on stdout.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from types import TracebackType
from typing import IO, Any, Protocol

from puzzlereel.ground.escape import terminal_text
from puzzlereel.ground.words import count_text


class Progress(Protocol):
    """``progress(label, done, total)``: called from long work; ``total`` may be None."""

    def __call__(self, label: str, done: int, total: int | None, /) -> None: ...


def no_progress(label: str, done: int, total: int | None, /) -> None:
    """A progress callback that shows nothing."""


PROGRESS_MODES = ("auto", "bar", "plain", "none")
PLAIN_EVERY = 5.0      # seconds between plain progress lines (phase changes print at once)

_mode = "auto"


def set_mode(mode: str) -> None:
    """How ``Reporter`` shows progress from now on: ``bar`` (a live bar with rate and
    time left), ``plain`` (a line now and then, for logs and pipes), ``none``, or
    ``auto`` (a bar on a terminal, plain lines otherwise)."""
    global _mode
    if mode not in PROGRESS_MODES:
        raise ValueError(f"progress mode {mode!r} is not one of: {', '.join(PROGRESS_MODES)}")
    _mode = mode


def plain_line(description: str, label: str, done: int, total: int | None,
               elapsed: float) -> str:
    """One progress line for logs: "search: depth 41: 2.1 M positions, 12 s" (with no
    total, the label says what was counted), "render: frames, 500 of 1,000 (50 %), 10 s,
    about 10 s left"."""
    if total is None:
        return f"{description}: {label}, {elapsed:.0f} s"
    amount = f"{count_text(done)} of {count_text(total)} ({100 * done // max(total, 1)} %)"
    left = ""
    if 0 < done < total and elapsed > 0:
        left = f", about {elapsed * (total - done) / done:.0f} s left"
    return f"{description}: {label}, {amount}, {elapsed:.0f} s{left}"


class Reporter:
    """``reporter(label, done, total)`` shows progress on stderr, in the mode set with
    ``set_mode``: a rich bar (with rate and time left) created lazily, or plain lines at
    most every ``PLAIN_EVERY`` seconds and whenever the phase (the label's first word)
    changes.  Nothing shows during the first ``delay`` seconds, so quick runs are quiet;
    what was reported then shows once the delay is over if nothing newer came (a phase
    such as "loading compiled code" that reports once and takes long is seen).  With no
    total the label says what the number counts ("depth 41: 2.1 M positions")."""

    def __init__(self, description: str, *, delay: float = 1.0, mode: str | None = None,
                 stream: IO[str] | None = None):
        self.description = description
        self.delay = delay
        self.stream = stream if stream is not None else sys.stderr
        mode = mode or _mode
        if mode == "auto":
            mode = "bar" if _isatty(self.stream) else "plain"
        self.mode = mode
        self.t0 = time.monotonic()
        self._progress: Any = None
        self._task: Any = None
        self._last_line = 0.0
        self._phase: str | None = None
        self._lock = threading.RLock()
        self._pending: tuple[str, int, int | None] | None = None
        self._timer: threading.Timer | None = None
        self._closed = False

    def __call__(self, label: str, done: int, total: int | None) -> None:
        if self.mode == "none":
            return
        with self._lock:
            now = time.monotonic()
            if now - self.t0 < self.delay:
                self._pending = (label, done, total)
                if self._timer is None and not self._closed:
                    self._timer = threading.Timer(self.delay - (now - self.t0), self._flush)
                    self._timer.daemon = True
                    self._timer.start()
                return
            self._pending = None
            self._show(label, done, total, now)

    def _flush(self) -> None:
        with self._lock:
            pending, self._pending = self._pending, None
            if pending is not None and not self._closed:
                self._show(*pending, time.monotonic())

    def _show(self, label: str, done: int, total: int | None, now: float) -> None:
        label = terminal_text(label)
        if self.mode == "plain":
            phase = label.split(" ", 1)[0]
            if phase != self._phase or now - self._last_line >= PLAIN_EVERY:
                self._phase = phase
                self._last_line = now
                with contextlib.suppress(OSError, ValueError):
                    self.stream.write(plain_line(self.description, label, done, total,
                                                 now - self.t0) + "\n")
                    self.stream.flush()
            return
        from rich.markup import escape as markup_escape

        amount = "" if total is None else f"{count_text(done)}/{count_text(total)}"
        if self._progress is None:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                Progress,
                TaskProgressColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._progress = Progress(
                TextColumn("{task.description}"), BarColumn(), TextColumn("{task.fields[amount]}"),
                TaskProgressColumn(), TextColumn("{task.fields[label]}"),
                TimeElapsedColumn(), TimeRemainingColumn(),
                console=Console(file=self.stream), transient=True,
            )
            self._progress.start()
            self._task = self._progress.add_task(self.description, total=total,
                                                 label=markup_escape(label), amount=amount)
        self._progress.update(self._task, completed=done, total=total,
                              label=markup_escape(label), amount=amount)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._pending = None
            if self._timer is not None:
                self._timer.cancel()
            if self._progress is not None:
                self._progress.stop()
                self._progress = None

    def __enter__(self) -> Reporter:
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def _isatty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False
