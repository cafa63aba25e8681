"""The N-Queens search: counting and listing solutions with the compiled kernel, and the
backtracking itself (``place`` / ``remove`` events) walked in Python so that it can be
watched.  ``solve`` and ``analyze`` are the family's interface.

The trace's search events are the whole count's, one ``candidates`` step per column of
the first row's queen: the queens placed below it (``tested``, the first one included)
and the solutions found there (``accepted``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import ModuleType
from typing import Any

from puzzlereel.progress import Progress, no_progress
from puzzlereel.trace import End, Event, Header, Note, Place, Remove, Solution
from puzzlereel.trace.search import merged, step_events

from ..base import Analysis, Series, SolveOptions, Stopwatch
from .config import NQueens


def kernel() -> ModuleType:
    """The compiled loops (importing them loads numba)."""
    from . import kernel as compiled

    return compiled


def load_kernel(n: int) -> None:
    """Load the compiled loops for an n-board without running them."""
    from puzzlereel.solvers.jit import preload

    k = kernel()
    preload(k.count_from, n, 1, 2, 0)
    preload(k.count_with_nodes_from, n, 1, 2, 0)
    preload(k.first_solutions, n, 1)


def count_by_first_row(n: int, progress: Progress = no_progress) -> list[int]:
    """How many solutions put the first row's queen in each column.

    Mirror symmetry halves the work: column ``c`` and column ``n-1-c`` count the same."""
    if n == 1:
        return [1]
    out = [0] * n
    full = (1 << n) - 1
    half = (n + 1) // 2
    for col in range(half):
        bit = 1 << col
        out[col] = out[n - 1 - col] = int(kernel().count_from(n, bit, (bit << 1) & full, bit >> 1))
        progress(f"{n} queens: first queen in column {col}", col + 1, half)
    return out


def search_by_first_row(n: int, progress: Progress = no_progress) -> list[tuple[int, int]]:
    """(queens placed, solutions) of the whole backtracking search, for each column of
    the first row's queen (that queen counted); mirror symmetry halves the work."""
    if n == 1:
        return [(1, 1)]
    out = [(0, 0)] * n
    full = (1 << n) - 1
    half = (n + 1) // 2
    for col in range(half):
        bit = 1 << col
        found, placed = kernel().count_with_nodes_from(n, bit, (bit << 1) & full, bit >> 1)
        out[col] = out[n - 1 - col] = (int(placed) + 1, int(found))
        progress(f"{n} queens: first queen in column {col}", col + 1, half)
    return out


def count_solutions(n: int) -> int:
    return sum(count_by_first_row(n))


def list_solutions(n: int, limit: int = 0) -> list[tuple[int, ...]]:
    """Every solution (or the first ``limit``), lexicographic in ``cols``."""
    if limit <= 0:
        limit = count_solutions(n)
    if limit == 0:
        return []
    return [tuple(int(c) for c in row) for row in kernel().first_solutions(n, limit)]


# ------------------------------------------------------------------ watched search


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


# ------------------------------------------------------------------ family interface


def solve(puzzle: NQueens, options: SolveOptions) -> Iterator[Event]:
    n = puzzle.n
    watch = Stopwatch()
    with watch.loading():
        load_kernel(n)
    yield Header(puzzle="n-queens", fields={"n": n}, title=puzzle.title or f"{n} queens",
                 solver={"algorithm": "backtracking (bit masks)", "steps": puzzle.steps,
                         "program": "puzzlereel"})
    with watch.searching():
        by_col = search_by_first_row(n, options.progress) if options.search_events else None
        total = sum(f for _, f in by_col) if by_col is not None else count_solutions(n)
    if by_col is not None:
        yield from merged(step_events(by_col))
    k = 0
    written: set[tuple[int, ...]] = set()
    placed = removed = 0
    limit = puzzle.max_solutions
    cap = options.max_states          # events written at most (--max-states)
    stopped = False

    def full() -> bool:
        return cap is not None and placed + removed + k >= cap

    if puzzle.steps != "none":
        watched = watch.timed(backtrack_steps(n, until_first=puzzle.steps == "first",
                                              max_steps=puzzle.max_steps))
        for item in watched:
            if full():
                stopped = True
                break
            if isinstance(item, Place):
                placed += 1
                yield item
            elif isinstance(item, Remove):
                removed += 1
                yield item
            elif not limit or k < limit:
                k += 1
                written.add(item)
                yield Solution(k=k, cols=item)
        if not stopped and placed + removed >= puzzle.max_steps and puzzle.steps == "all":
            yield Note(f"backtracking steps stop after {puzzle.max_steps} (solve.max_steps); "
                       "the remaining solutions follow without them")
    options.progress("listing solutions", 0, None)
    want = total if not limit else min(limit, total)
    if not stopped and k < want:
        room = want if cap is None else min(want, k + max(0, cap - placed - removed - k)
                                            + len(written))
        with watch.searching():
            listed = list_solutions(n, room)
        for cols in listed:
            if cols in written:
                continue
            if full():
                break
            k += 1
            yield Solution(k=k, cols=cols)
            if k >= want:
                break
        stopped = k < want
    status = "limit" if stopped else "solved" if total else "unsolvable"
    stats: dict[str, Any] = {"solutions": k, "total_solutions": total, **watch.stats()}
    if by_col is not None:
        stats["candidates"] = sum(t for t, _ in by_col)
    if puzzle.steps != "none":
        stats.update(placed=placed, removed=removed)
    if stopped:
        stats["limit"] = (f"stopped after {placed + removed + k:,} events ({k:,} of {want:,} "
                          f"solutions) at --max-states {cap}; raise it")
    elif not total:
        stats["reason"] = f"no placement of {n} queens works"
    yield End(status=status, stats=stats)


def analyze(puzzle: NQueens, options: SolveOptions) -> Analysis:
    watch = Stopwatch()
    with watch.loading():
        load_kernel(puzzle.n)
    with watch.searching():
        by_col = count_by_first_row(puzzle.n, options.progress)
    return {"n": puzzle.n, "solutions": sum(by_col), "by_first_column": by_col,
            **watch.stats()}


def plot_series(result: Mapping[str, Any]) -> Series | None:
    by_col = result.get("by_first_column")
    if not by_col:
        return None
    return Series(title=f"{result['n']} queens: {result['solutions']:,} solutions",
                  xlabel="column of the queen in row 0", ylabel="solutions",
                  points=[(i, int(c)) for i, c in enumerate(by_col)])
