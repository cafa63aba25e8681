"""Progress of long work: the one callback type every search and render reports through,
and the indicator on stderr that shows it.

Searches and renders call ``progress(label, done, total)`` (total may be unknown) and
never print.  ``Reporter`` is the indicator the command line passes in: it stays silent
for the first second (quick runs print nothing) and whenever stderr is not a terminal
(pipes, CI logs), so it never mixes with a trace on stdout.
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import Any, Protocol


class Progress(Protocol):
    """``progress(label, done, total)``: called from long work; ``total`` may be None."""

    def __call__(self, label: str, done: int, total: int | None, /) -> None: ...


def no_progress(label: str, done: int, total: int | None, /) -> None:
    """A progress callback that shows nothing."""


class Reporter:
    """``reporter(label, done, total)`` updates one rich progress bar, created lazily."""

    def __init__(self, description: str, *, delay: float = 1.0, enabled: bool | None = None):
        self.description = description
        self.delay = delay
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self.t0 = time.monotonic()
        self._progress: Any = None
        self._task: Any = None

    def __call__(self, label: str, done: int, total: int | None) -> None:
        if not self.enabled:
            return
        if self._progress is None:
            if time.monotonic() - self.t0 < self.delay:
                return
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            self._progress = Progress(
                TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                TextColumn("{task.fields[label]}"), TimeElapsedColumn(),
                console=Console(stderr=True), transient=True,
            )
            self._progress.start()
            self._task = self._progress.add_task(self.description, total=total, label=label)
        self._progress.update(self._task, completed=done, total=total, label=label)

    def close(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None

    def __enter__(self) -> Reporter:
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
