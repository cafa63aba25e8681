"""What one search may do, and what stopped it: its memory budget (``--max-memory``,
``[solve] max_memory``, else a share of the memory available, split between the searches
running at once) and the positions or candidates it may look at (``--max-states``)."""

from __future__ import annotations

from dataclasses import dataclass

from puzzlereel.ground.config import Config, format_size
from puzzlereel.ground.memory import available_memory
from puzzlereel.ground.words import plural
from puzzlereel.solvers.base import SolveOptions

DEFAULT_MEMORY_SHARE = 0.5     # of the memory available when the search starts
_searches_at_once = 1          # searches of this run sharing this machine's memory


def share_memory(searches: int) -> None:
    """Tell this process how many searches run at once on this machine (``run --jobs``
    workers): the default memory budget is split between them."""
    global _searches_at_once
    _searches_at_once = max(1, int(searches))


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

    def so_far(self, count: int, count_noun: str = "solution") -> str:
        """What stopped the search, with what it found: "... (36 solutions so far)"."""
        return f"{self.why} ({count:,} {plural(count_noun, count)} so far)"


def read_max_memory(config: Config) -> int | None:
    """``[solve] max_memory`` ("2G", "500 MiB", or a number of MiB); ``memory_mb``, its
    older name, is still read."""
    if config.get("solve.max_memory", (str, int), None) is not None:
        return config.size("solve.max_memory")
    return config.size("solve.memory_mb")


__all__ = ["DEFAULT_MEMORY_SHARE", "Limits", "memory_budget", "read_max_memory", "share_memory"]
