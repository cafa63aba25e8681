"""What every puzzle family's solver provides, and the options the app passes to it.

A family provides two things, each named by the family's row in
``puzzlereel.registry``:

- a config loader, ``load(config) -> P``: reads the ``[puzzle]`` and ``[solve]`` tables
  into the family's own puzzle type ``P``, or raises ``ConfigError`` naming the field
  (it imports no compiled code, so reading a config stays quick);
- one ``Solver`` value (``SOLVER`` in its module) holding three functions over ``P``:

- ``solve(puzzle, options) -> Iterator[Event]``: header, search events (unless
  ``options.search_events`` is off), moves/solutions, end;
- ``analyze(puzzle, options) -> dict``: the ``analyze --json`` object;
- ``plot_series(result) -> Series | None``: what ``analyze --plot`` draws.

Inside, each family has a small interface: parse, legal moves, apply,
is-goal and a text form for its states, with the rules it shares with the renderer in
``puzzlereel.rules``.  Solvers never print or write files: they yield events, and report
progress through ``options.progress``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from puzzlereel.config import Config
from puzzlereel.progress import Progress, no_progress
from puzzlereel.trace import Event

P = TypeVar("P")
T = TypeVar("T")

Analysis = dict[str, Any]
"""The ``analyze --json`` object: JSON-compatible values only."""


@dataclass(frozen=True)
class SolveOptions:
    """Settings from the command line that override or add to ``[solve]``."""

    max_states: int | None = None
    max_memory: int | None = None   # bytes the search may store; None: ``[solve]`` or default
    algorithm: str | None = None
    progress: Progress = no_progress
    farthest: bool = False          # analyze: also find the positions farthest from the goal
    search_events: bool = True      # write the search's events (layers, iterations, steps)


@dataclass(frozen=True)
class Series:
    """A bar chart for ``analyze --plot``."""

    title: str
    xlabel: str
    ylabel: str
    points: list[tuple[int, int]]


@dataclass(frozen=True)
class Solver(Generic[P]):
    """One family's solver: its three functions over its puzzle type ``P``."""

    solve: Callable[[P, SolveOptions], Iterator[Event]]
    analyze: Callable[[P, SolveOptions], Analysis]
    plot_series: Callable[[Mapping[str, Any]], Series | None]


DEFAULT_MEMORY_SHARE = 0.5     # of the memory available when the search starts


def available_memory() -> int:
    """Bytes of memory available now (MemAvailable on Linux), or 8 GiB if unknown."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return 8 << 30


def memory_budget(options: SolveOptions, configured: int | None = None) -> int:
    """The bytes a search may store: ``--max-memory``, else the config's ``[solve]
    max_memory``, else half of the memory available now (at least 64 MiB)."""
    if options.max_memory is not None:
        return options.max_memory
    if configured is not None:
        return configured
    return max(64 << 20, int(available_memory() * DEFAULT_MEMORY_SHARE))


def read_max_memory(config: Config) -> int | None:
    """``[solve] max_memory`` ("2G", "500 MiB", or a number of MiB); ``memory_mb``, its
    older name, is still read."""
    if config.get("solve.max_memory", (str, int), None) is not None:
        return config.size("solve.max_memory")
    return config.size("solve.memory_mb")


@dataclass
class Stopwatch:
    """The two parts of a solve's time, kept apart so a user can see how fast the search
    is: ``load`` (importing and loading compiled code, building or loading tables) and
    ``search`` (the search itself).  ``stats()`` is what ``end.stats`` reports."""

    load: float = 0.0
    search: float = 0.0

    @contextmanager
    def loading(self) -> Iterator[None]:
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


Loader = Callable[[Config], Any]
"""A family's config loader: ``load(config) -> puzzle`` (the registry's ``config`` part)."""


__all__ = ["Analysis", "DEFAULT_MEMORY_SHARE", "Loader", "P", "Series", "SolveOptions",
           "Solver", "Stopwatch", "available_memory", "memory_budget", "read_max_memory"]
