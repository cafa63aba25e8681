"""The N-Queens backtracking as it is watched: its ``place`` / ``remove`` steps and the
solutions it finds, walked in Python (``backtrack_steps``), and the pass of the trace
that shows them (``watched``), counting each step against ``--max-states`` and writing
the solutions it finds into ``SolutionsWritten`` (the trace's solutions, numbered).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass, field

from puzzlereel.trace import Event, Note, Place, Remove, SolutionFound

from ..limits import Limits
from ..stopwatch import Stopwatch
from .config import NQueens


def backtrack_steps(n: int, *, until_first: bool,
                    max_steps: int) -> Iterator[Place | Remove | tuple[int, ...]]:
    """The backtracking search as it runs: Place/Remove events, and each solution found.

    Stops after the first solution with ``until_first`` (leaving the board full), and
    after ``max_steps`` place/remove events in any case.
    """
    full = (1 << n) - 1
    cols: list[int] = []
    steps = 0

    def walk(row: int, used: int, ld: int, rd: int) -> Iterator[Place | Remove | tuple[int, ...]]:
        nonlocal steps
        free = full & ~(used | ld | rd)
        while free:
            bit = free & -free
            free ^= bit
            col = bit.bit_length() - 1
            if steps >= max_steps:
                return
            steps += 1
            yield Place(row=row, col=col)
            cols.append(col)
            if row == n - 1:
                yield tuple(cols)
                if until_first:
                    return
            else:
                yield from walk(row + 1, used | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1)
                if until_first and len(cols) == n:
                    return
            if steps >= max_steps:
                return
            steps += 1
            cols.pop()
            yield Remove(row=row, col=col)

    yield from walk(0, 0, 0, 0)



@dataclass
class SolutionsWritten:
    """The solutions the trace gives (``k`` of them, numbered from 1), at most ``limit``
    (0: every one); ``seen``: those the watched backtracking gave."""

    limit: int
    k: int = 0
    seen: set[tuple[int, ...]] = field(default_factory=set)

    def wants_more(self) -> bool:
        return not self.limit or self.k < self.limit

    def write(self, cols: tuple[int, ...]) -> SolutionFound:
        self.k += 1
        return SolutionFound(k=self.k, cols=cols)


def watched(puzzle: NQueens, limits: Limits, watch: Stopwatch, written: SolutionsWritten
             ) -> Generator[Event, None, tuple[int, int]]:
    """The second pass: the backtracking as it runs, its place and remove events (each a
    placement of ``--max-states``) and the solutions it finds; gives back (queens
    placed, queens removed)."""
    placed = removed = 0
    watched = watch.timed(backtrack_steps(puzzle.n, until_first=puzzle.steps == "first",
                                          max_steps=puzzle.max_steps))
    for item in watched:
        if isinstance(item, (Place, Remove)):
            if limits.room(1) == 0:
                limits.stop(what="placement")
            if limits.reached:
                break
            limits.spend(1, what="placement")
            placed += isinstance(item, Place)
            removed += isinstance(item, Remove)
            yield item
        elif written.wants_more():
            written.seen.add(item)
            yield written.write(item)
    if not limits.reached and placed + removed >= puzzle.max_steps \
            and puzzle.steps == "all":
        yield Note(f"backtracking steps stop after {puzzle.max_steps} (solve.max_steps); "
                   "the remaining solutions follow without them")
    return placed, removed


__all__ = ["SolutionsWritten", "backtrack_steps", "watched"]
