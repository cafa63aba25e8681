"""The two parts of a solve's time, kept apart: loading (compiled code, tables) and the
search itself; what a trace's ``end.stats`` reports of them."""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

from puzzlereel.ground.progress import Progress, no_progress

T = TypeVar("T")


@dataclass
class Stopwatch:
    """The two parts of a solve's time, kept apart so a user can see how fast the search
    is: ``load`` (importing and loading compiled code, building or loading tables) and
    ``search`` (the search itself).  ``stats()`` is what ``end.stats`` reports."""

    load: float = 0.0
    search: float = 0.0

    @contextmanager
    def loading(self, progress: Progress = no_progress,
                what: str = "loading compiled code") -> Iterator[None]:
        """Time what is in the block as loading, and say so to ``progress`` (a phase of
        its own: the search has not started)."""
        progress(what, 0, None)
        t0 = time.perf_counter()
        try:
            yield
        finally:
            self.load += time.perf_counter() - t0

    @contextmanager
    def searching(self) -> Iterator[None]:
        t0 = time.perf_counter()
        try:
            yield
        finally:
            self.search += time.perf_counter() - t0

    def timed(self, items: Iterable[T]) -> Iterator[T]:
        """``items`` one by one, the time spent producing each counted as search (for
        searches that yield as they go: the consumer's time is not theirs)."""
        it = iter(items)
        while True:
            with self.searching():
                try:
                    item = next(it)
                except StopIteration:
                    return
            yield item

    def stats(self) -> dict[str, float]:
        """``search_seconds``, ``load_seconds`` and their sum ``seconds``."""
        return {"search_seconds": round(self.search, 4), "load_seconds": round(self.load, 4),
                "seconds": round(self.search + self.load, 4)}


__all__ = ["Stopwatch"]
