"""What every puzzle family's solver provides, and the options the actions pass to it.

A family provides two things, each named by the family's row in
``puzzlereel.registry``:

- a config loader, ``load(config) -> P``: reads the ``[puzzle]`` and ``[solve]`` tables
  into the family's own puzzle type ``P``, or raises ``ConfigError`` naming the field
  (it imports no compiled code, so reading a config stays quick);
- one ``Solver`` value (``SOLVER`` in its module) holding three functions over ``P``:

- ``solve(puzzle, options) -> Iterator[Event]``: header, search events (unless
  ``options.search_events`` is off), moves/solutions (a move with its position's
  ``legal`` / ``optimal`` counts where the family works them out, unless
  ``options.choices`` is off), end;
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

from puzzlereel.ground.config import Config, format_size
from puzzlereel.ground.memory import rlimit_room
from puzzlereel.ground.progress import Progress, no_progress
from puzzlereel.ground.words import plural
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
    choices: bool = True            # write each move's legal and optimal counts


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
UNLIMITED = 1 << 62            # a cgroup's "no limit" is written as a number this large
_searches_at_once = 1          # searches of this run sharing this machine's memory


def share_memory(searches: int) -> None:
    """Tell this process how many searches run at once on this machine (``run --jobs``
    workers): the default memory budget is split between them."""
    global _searches_at_once
    _searches_at_once = max(1, int(searches))


def _machine_available() -> int | None:
    """MemAvailable on Linux, else the free pages, else None."""
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
        return None


def _read_int(path: str) -> int | None:
    try:
        with open(path, encoding="ascii") as f:
            text = f.read().strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def _cgroup_room(membership: str = "/proc/self/cgroup",
                 root: str = "/sys/fs/cgroup") -> int | None:
    """What this process's cgroup (v2 ``memory.max``, v1 ``memory.limit_in_bytes``, and
    those of the groups above it) lets it take beyond what the group uses now."""
    try:
        with open(membership, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    rooms = []
    for line in lines:
        _, controllers, path = (line.split(":", 2) + ["", ""])[:3]
        if controllers == "":
            base, limit, usage = root, "memory.max", "memory.current"
        elif "memory" in controllers.split(","):
            base, limit, usage = (os.path.join(root, "memory"), "memory.limit_in_bytes",
                                  "memory.usage_in_bytes")
        else:
            continue
        parts = [p for p in path.split("/") if p]
        for depth in range(len(parts), -1, -1):
            folder = os.path.join(base, *parts[:depth])
            most = _read_int(os.path.join(folder, limit))
            if most is not None and most < UNLIMITED:
                rooms.append(max(0, most - (_read_int(os.path.join(folder, usage)) or 0)))
    return min(rooms) if rooms else None


def available_memory() -> int:
    """Bytes this process may still take: the least of the machine's available memory,
    what its cgroup allows beyond what the group uses, and what its own limits
    (``ulimit -v``, ``ulimit -d``) leave it; 8 GiB when none is known."""
    known = [room for room in (_machine_available(), _cgroup_room(), rlimit_room())
             if room is not None]
    return min(known) if known else 8 << 30


def memory_budget(options: SolveOptions, configured: int | None = None) -> int:
    """The bytes a search may store: ``--max-memory``, else the config's ``[solve]
    max_memory``, else half of the memory available now (``available_memory``: the
    machine's, the cgroup's and the process's own limits), split between the searches
    running at once (``share_memory``), at least 64 MiB."""
    if options.max_memory is not None:
        return options.max_memory
    if configured is not None:
        return configured
    share = available_memory() * DEFAULT_MEMORY_SHARE / _searches_at_once
    return max(64 << 20, int(share))


@dataclass
class Limits:
    """What one search may do (``--max-states``: positions or candidates it looks at;
    its memory budget: bytes it stores), and what it did so far.  Searches that work
    in steps (counting, generate and test) ask ``room`` before each step and ``spend``
    after it; one that has work left when there is no room calls ``stop``.  Once
    ``reached``, ``why`` says what stopped it, and the search ends with what it has."""

    max_states: int | None
    budget: int
    states: int = 0
    why: str | None = None

    @classmethod
    def of(cls, options: SolveOptions, configured: int | None = None) -> Limits:
        return cls(options.max_states, memory_budget(options, configured))

    def room(self, step: int) -> int:
        """How many states the next step may look at (``step`` at most)."""
        if self.max_states is None:
            return step
        return max(0, min(step, self.max_states - self.states))

    def spend(self, states: int, stored: int = 0, *, what: str = "position") -> None:
        """Count ``states`` more looked at (``what``: the word for one), with ``stored``
        bytes held now (more than the budget stops the search)."""
        self.states += states
        if self.why is None and stored > self.budget:
            self.why = (f"stopped after {self._count(what)} at the "
                        f"{format_size(self.budget)} memory budget; raise --max-memory")

    def stop(self, *, what: str = "position") -> None:
        """The search has work left but no room (``--max-states``): it stops here."""
        if self.why is None:
            self.why = (f"stopped after {self._count(what)} at --max-states "
                        f"{self.max_states}; raise it")

    def _count(self, what: str) -> str:
        """"1 placement", "2,000 digits tried": the word's first part takes the plural."""
        word, _, rest = what.partition(" ")
        return f"{self.states:,} {plural(word, self.states)}" + (f" {rest}" if rest else "")

    def fits(self, stored: int, *, what: str = "position") -> bool:
        """Whether ``stored`` bytes fit the budget (if not, the search stops)."""
        self.spend(0, stored, what=what)
        return stored <= self.budget

    @property
    def reached(self) -> bool:
        return self.why is not None

    def so_far(self, count: int, unit: str = "solution") -> str:
        """What stopped the search, with what it found: "... (36 solutions so far)"."""
        return f"{self.why} ({count:,} {plural(unit, count)} so far)"


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


Loader = Callable[[Config], Any]
"""A family's config loader: ``load(config) -> puzzle`` (the registry's ``config`` part)."""


__all__ = ["Analysis", "DEFAULT_MEMORY_SHARE", "Loader", "P", "Series", "SolveOptions",
           "Limits", "Solver", "Stopwatch", "available_memory", "memory_budget", "read_max_memory",
           "share_memory"]
