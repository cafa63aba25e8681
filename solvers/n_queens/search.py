"""The N-Queens search: counting and listing solutions with the compiled kernel.
``solve`` and ``analyze`` are the family's interface; ``solve`` makes a trace in three
passes: the whole search for its events (``_whole_search``), the backtracking watched
step by step (``watched``), and every solution listed (``_listed``), then counts them
all if the listing stopped at ``max_solutions``.

The trace's search events are the whole count's, one ``candidates`` step per column of
the first row's queen: the queens placed below it (``tested``, the first one included)
and the solutions found there (``accepted``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Mapping
from types import ModuleType
from typing import Any, TypeVar

import numpy as np

from puzzlereel.ground.progress import Progress, no_progress
from puzzlereel.ground.words import plural
from puzzlereel.trace import End, Event, Header
from puzzlereel.trace.search import merged, step_events

from ..base import Analysis, Series, SolveOptions
from ..limits import Limits
from ..stopwatch import Stopwatch
from .config import MAX_LIST_N, NQueens
from .watched import SolutionsWritten, watched

T = TypeVar("T")
STEP = 1 << 23      # placements a compiled step makes (a few hundredths of a second)
LISTED_A_STEP = 1 << 12    # solutions listed a step


def kernel() -> ModuleType:
    """The compiled loops (importing them loads numba)."""
    from . import kernel as compiled

    return compiled


class Walk:
    """The depth-first search of an n-board from a root (the empty board, or the first
    row's queen in one column), run by the compiled loops in steps that it can be
    stopped between (``count`` / ``list``)."""

    def __init__(self, n: int, first: int | None = None) -> None:
        self.n = n
        full = (1 << n) - 1
        # rows: squares still to try, columns, both diagonals, the column chosen
        self.stack = np.zeros((5, n + 1), dtype=np.int64)
        self.at = np.zeros(2, dtype=np.int64)       # depth now, root depth
        free, cols, ld, rd, chosen = self.stack
        if first is None:
            free[0] = full
        else:
            bit = 1 << first
            chosen[0] = first
            self.at[:] = 1
            cols[1], ld[1], rd[1] = bit, (bit << 1) & full, bit >> 1
            free[1] = full & ~(cols[1] | ld[1] | rd[1])
        self.done = n == 1 and first is not None     # one row: the root is the solution

    def count(self, budget: int) -> tuple[int, int]:
        """At most ``budget`` placements more: (solutions passed, placements made)."""
        if self.done or budget <= 0:
            return 0, 0
        found, nodes, finished = kernel().count_walk(self.n, self.stack, self.at, budget)
        self.done = bool(finished)
        return int(found), int(nodes)

    def list(self, budget: int, out: np.ndarray) -> tuple[int, int]:
        """``count`` that writes the solutions into ``out`` (and stops when it is full):
        (solutions written, placements made)."""
        if self.done or budget <= 0:
            return 0, 0
        found, nodes, finished = kernel().list_walk(self.n, self.stack, self.at, out,
                                                    budget)
        self.done = bool(finished)
        return int(found), int(nodes)


def load_kernel(n: int) -> None:
    """Load the compiled loops for an n-board without running them."""
    from puzzlereel.solvers.jit import preload

    w = Walk(n)
    preload(kernel().count_walk, n, w.stack, w.at, 1)
    preload(kernel().list_walk, n, w.stack, w.at, np.zeros((1, n), dtype=np.int8), 1)


def search_by_first_row(n: int, progress: Progress = no_progress,
                        limits: Limits | None = None) -> list[tuple[int, int]]:
    """(queens placed, solutions) of the whole backtracking search, for each column of
    the first row's queen (that queen counted), counted in steps (progress after each);
    with ``limits``, stopped once they are reached, the figures then being those so far
    (``limits.why`` says where it stopped).

    Mirror symmetry halves the work: column ``c`` and column ``n-1-c`` count the same."""
    if n == 1:
        return [(1, 1)]
    placed = [0] * n
    found = [0] * n
    half = (n + 1) // 2
    for col in range(half):
        walk = Walk(n, col)
        placed[col] = 1
        for solutions, nodes in walked(walk, limits, walk.count):
            found[col] += solutions
            placed[col] += nodes
            done = limits.states if limits is not None else sum(placed)
            progress(f"{n} queens: counting, first queen in column {col + 1} of {half}, "
                     f"{sum(found):,} {plural('solution', sum(found))} so far", done, None)
        if walk.done:                      # a column stopped part-way has no mirror
            mirror = n - 1 - col
            found[mirror], placed[mirror] = found[col], placed[col]
        if limits is not None and limits.reached:
            break
    return list(zip(placed, found))


def solution_bytes(n: int) -> int:
    """The memory a solution held in a list takes: its tuple of n small ints and the
    list's pointer to it."""
    return 40 + 8 * n + 8


def list_by_first_row(n: int, progress: Progress = no_progress,
                      limits: Limits | None = None
                      ) -> tuple[list[tuple[int, int]], list[tuple[int, ...]]]:
    """``search_by_first_row``'s figures and every solution with them, lexicographic in
    ``cols``, from one pass of the whole search (no mirror: each column is walked, as
    listing every solution walks them anyway); with ``limits``, stopped once they are
    reached (the solutions held count against the memory budget), the figures and
    solutions then being those so far.  For boards whose
    solutions can all be listed (``MAX_LIST_N``)."""
    if n == 1:
        return [(1, 1)], [(0,)]
    figures: list[tuple[int, int]] = []
    solutions: list[tuple[int, ...]] = []
    each = solution_bytes(n)
    for col in range(n):
        placed, found = 1, 0
        for rows, nodes in listed_steps(Walk(n, col), limits):
            found += len(rows)
            placed += nodes
            solutions.extend(tuple(int(c) for c in row) for row in rows)
            if limits is not None and not limits.fits(each * len(solutions),
                                                      what="placement"):
                break
        figures.append((placed, found))
        progress(f"{n} queens: listing, first queen in column {col + 1} of {n}, "
                 f"{len(solutions):,} {plural('solution', len(solutions))} so far",
                 limits.states if limits is not None else sum(p for p, _ in figures), None)
        if limits is not None and limits.reached:
            break
    return figures, solutions


def count_by_first_row(n: int, progress: Progress = no_progress,
                       limits: Limits | None = None) -> list[int]:
    """How many solutions put the first row's queen in each column (``search_by_first
    _row``'s solutions)."""
    return [solutions for _, solutions in search_by_first_row(n, progress, limits)]


def count_solutions(n: int) -> int:
    return sum(count_by_first_row(n))


def walked(walk: Walk, limits: Limits | None, step: Callable[[int], tuple[T, int]]
           ) -> Iterator[tuple[T, int]]:
    """``walk`` a step at a time, ``step(room)`` making at most ``room`` placements and
    giving (what it found, placements made); stopping once ``limits`` are reached."""
    while not walk.done:
        room = limits.room(STEP) if limits is not None else STEP
        if room == 0 and limits is not None:
            limits.stop(what="placement")
            return
        got, nodes = step(room)
        if limits is not None:
            limits.spend(nodes, what="placement")
        yield got, nodes
        if limits is not None and limits.reached:
            return


def listed_steps(walk: Walk, limits: Limits | None = None
                 ) -> Iterator[tuple[np.ndarray, int]]:
    """``walk`` listed a step at a time: (the solutions the step found, one row each,
    placements it made), stopping once ``limits`` are reached."""
    def step(room: int) -> tuple[np.ndarray, int]:
        rows = np.zeros((LISTED_A_STEP, walk.n), dtype=np.int8)
        found, nodes = walk.list(room, rows)
        return rows[:found], nodes

    return walked(walk, limits, step)


def solutions_in_order(n: int, limits: Limits | None = None
                       ) -> Iterator[tuple[int, ...]]:
    """Every solution, lexicographic in ``cols``, found a step at a time (stopping
    once ``limits`` are reached)."""
    for rows, _ in listed_steps(Walk(n), limits):
        for row in rows:
            yield tuple(int(c) for c in row)


def list_solutions(n: int, limit: int = 0) -> list[tuple[int, ...]]:
    """Every solution (or the first ``limit``), lexicographic in ``cols``."""
    out = []
    for cols in solutions_in_order(n):
        out.append(cols)
        if limit and len(out) >= limit:
            break
    return out


# ------------------------------------------------------------------ family interface


def solve(puzzle: NQueens, options: SolveOptions) -> Iterator[Event]:
    """Header, the watched backtracking (``[solve] steps``), every solution (or the
    first ``max_solutions``), end.  ``--max-states`` counts every placement the search
    makes, the watched ones, those of listing and those of counting the total alike;
    reached, the trace ends with status ``limit`` and the solutions found so far."""
    n = puzzle.n
    watch = Stopwatch()
    with watch.loading(options.progress):
        load_kernel(n)
    yield Header(puzzle="n-queens", fields={"n": n}, title=puzzle.title or f"{n} queens",
                 solver={"algorithm": "backtracking (bit masks)", "steps": puzzle.steps,
                         "program": "puzzlereel"})
    limits = Limits.of(options)
    by_col: list[tuple[int, int]] | None = None
    listed: list[tuple[int, ...]] | None = None       # every solution, from the events' pass
    if options.search_events:          # the whole search's events come first
        by_col, listed = _whole_search(puzzle, options, limits, watch)
        yield from merged(step_events(by_col))
    counted = sum(f for _, f in by_col) if by_col is not None and not limits.reached \
        else None
    written = SolutionsWritten(puzzle.max_solutions)
    steps: tuple[int, int] | None = None
    if puzzle.steps != "none":
        steps = (0, 0)
        if not limits.reached:
            steps = yield from watched(puzzle, limits, watch, written)
    every: int | None = None
    if (not limits.reached or listed is not None) and written.wants_more():
        every = yield from _listed(n, options, limits, watch, written, listed)
    total = every if every is not None else counted
    if total is None and not limits.reached:          # stopped at max_solutions: count
        total = _count_all(n, options, limits, watch)
    yield _end(n, limits, watch, written.k, total, by_col, steps)


def _whole_search(puzzle: NQueens, options: SolveOptions, limits: Limits, watch: Stopwatch
                  ) -> tuple[list[tuple[int, int]], list[tuple[int, ...]] | None]:
    """The first pass, for the search events: the whole search's figures by the first
    row's column, and every solution when all are listed (one pass does both)."""
    n = puzzle.n
    with watch.searching():
        if puzzle.max_solutions == 0 and n <= MAX_LIST_N:
            return list_by_first_row(n, options.progress, limits)
        return search_by_first_row(n, options.progress, limits), None   # the total's count


def _listed(n: int, options: SolveOptions, limits: Limits, watch: Stopwatch,
            written: SolutionsWritten, listed: list[tuple[int, ...]] | None
            ) -> Generator[Event, None, int | None]:
    """The third pass: every solution in order (those of ``listed``, else found again),
    but those the backtracking gave; gives back how many there are when it went through
    them all (None: it stopped at ``max_solutions`` or a limit)."""
    options.progress("listing solutions: 0 written", 0, None)
    found = iter(listed) if listed is not None else \
        watch.timed(solutions_in_order(n, limits))
    seen = 0                          # solutions the listing passed (those written too)
    given = written.seen
    for cols in found:
        seen += 1
        if cols not in given:
            yield written.write(cols)
            if seen % LISTED_A_STEP == 0:
                options.progress(f"listing solutions: {written.k:,} written", written.k,
                                 None)
        if not written.wants_more():
            return None
    return None if limits.reached else seen


def _count_all(n: int, options: SolveOptions, limits: Limits, watch: Stopwatch
               ) -> int | None:
    """Every solution counted (the listing stopped at ``max_solutions``); None when a
    limit stops the count."""
    options.progress("counting every solution: 0 placements", 0, None)
    with watch.searching():
        every = sum(count_by_first_row(n, options.progress, limits))
    return None if limits.reached else every


def _end(n: int, limits: Limits, watch: Stopwatch, k: int, total: int | None,
         by_col: list[tuple[int, int]] | None, steps: tuple[int, int] | None) -> End:
    """The end: how it ended, the solutions written and in all, the placements the
    events' pass and the watched backtracking made."""
    status = "limit" if limits.reached else "solved" if total else "unsolvable"
    stats: dict[str, Any] = {"solutions": k, **watch.stats()}
    if total is not None:
        stats["total_solutions"] = total
    if by_col is not None:
        stats["candidates"] = sum(t for t, _ in by_col)
    if steps is not None:
        stats.update(placed=steps[0], removed=steps[1])
    if limits.reached:
        stats["limit"] = limits.so_far(k)
    elif not total:
        stats["reason"] = f"no placement of {n} queens works"
    return End(status=status, stats=stats)


def analyze(puzzle: NQueens, options: SolveOptions) -> Analysis:
    """Every solution counted, by the first row's column (``--max-states`` counts the
    placements; reached, the counts are those so far, status ``limit``)."""
    watch = Stopwatch()
    with watch.loading(options.progress):
        load_kernel(puzzle.n)
    limits = Limits.of(options)
    with watch.searching():
        by_col = count_by_first_row(puzzle.n, options.progress, limits)
    out: Analysis = {"n": puzzle.n, "solutions": sum(by_col), "by_first_column": by_col,
                     "placements": limits.states, **watch.stats()}
    if limits.reached:
        out.update(status="limit", limit=limits.so_far(sum(by_col)))
    return out


def plot_series(result: Mapping[str, Any]) -> Series | None:
    by_col = result.get("by_first_column")
    if not by_col:
        return None
    n, count = result["n"], result["solutions"]
    return Series(title=f"{n} {plural('queen', n)}: {count:,} {plural('solution', count)}",
                  xlabel="column of the queen in row 0", ylabel="solutions",
                  points=[(i, int(c)) for i, c in enumerate(by_col)])
