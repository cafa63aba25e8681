"""N-Queens: place n queens on an n x n board so that no two attack each other.

Generate and test with pruning, as in the seed article, but with bit masks: each row
keeps three masks (columns and both diagonals already attacked), so the free squares of
the next row are one AND away.  The compiled loops (numba, cached) count and list the
solutions; the pure-Python walk records the backtracking itself (``place`` / ``remove``
events) for small boards so the search can be watched.

Config::

    [puzzle]
    type = "n-queens"
    n = 8
    [solve]
    steps = "first"       # "none" (default), "first" (until the first solution) or "all"
    max_steps = 20000     # stop recording place/remove after this many (solutions continue)
    max_solutions = 0     # 0 = every solution in the trace
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from puzzlereel.config import Config
from puzzlereel.progress import Progress, no_progress
from puzzlereel.solvers.jit import njit
from puzzlereel.trace import End, Event, Header, Note, Place, Remove, Solution

from .base import Analysis, Series, SolveOptions, Solver

MAX_N = 20          # counting n = 20 takes hours; larger boards are refused
MAX_LIST_N = 14     # listing every solution in a trace stops here (365,596 at 14)
STEPS = ("none", "first", "all")


@dataclass(frozen=True)
class NQueens:
    n: int
    steps: str = "none"
    max_steps: int = 20000
    max_solutions: int = 0
    title: str | None = None


def load(config: Config) -> NQueens:
    n = config.get("puzzle.n", int)
    if not 1 <= n <= MAX_N:
        raise config.error("puzzle.n", f"n must be between 1 and {MAX_N}, got {n}")
    steps = config.get("solve.steps", str, "none", choices=STEPS)
    max_steps = config.get("solve.max_steps", int, 20000)
    if max_steps < 0:
        raise config.error("solve.max_steps", f"must be >= 0, got {max_steps}")
    max_solutions = config.get("solve.max_solutions", int, 0)
    if max_solutions < 0:
        raise config.error("solve.max_solutions", f"must be >= 0, got {max_solutions}")
    if n > MAX_LIST_N and max_solutions == 0:
        raise config.error("puzzle.n", f"n = {n} has too many solutions to list in a trace; "
                           "set [solve] max_solutions, or use `analyze` to count them")
    return NQueens(n=n, steps=steps, max_steps=max_steps, max_solutions=max_solutions,
                   title=config.title)


# ------------------------------------------------------------------ compiled search


@njit(cache=True)
def _count_from(n: int, cols: int, ld: int, rd: int) -> int:  # pragma: no cover - numba
    """Solutions below a partial placement (masks of attacked squares in the next row)."""
    full = (1 << n) - 1
    stack_free = np.zeros(n + 1, dtype=np.int64)
    stack_cols = np.zeros(n + 1, dtype=np.int64)
    stack_ld = np.zeros(n + 1, dtype=np.int64)
    stack_rd = np.zeros(n + 1, dtype=np.int64)
    depth = 0
    stack_cols[0] = cols
    stack_ld[0] = ld
    stack_rd[0] = rd
    stack_free[0] = full & ~(cols | ld | rd)
    count = 0
    while depth >= 0:
        free = stack_free[depth]
        if free == 0:
            depth -= 1
            continue
        bit = free & -free
        stack_free[depth] = free ^ bit
        c = stack_cols[depth] | bit
        if c == full:
            count += 1
            continue
        l2 = ((stack_ld[depth] | bit) << 1) & full
        r2 = (stack_rd[depth] | bit) >> 1
        depth += 1
        stack_cols[depth] = c
        stack_ld[depth] = l2
        stack_rd[depth] = r2
        stack_free[depth] = full & ~(c | l2 | r2)
    return count


@njit(cache=True)
def _list_solutions(n: int, limit: int) -> np.ndarray:  # pragma: no cover - numba
    """Up to ``limit`` solutions as rows of ``cols[row]``, in lexicographic order."""
    out = np.zeros((limit, n), dtype=np.int8)
    full = (1 << n) - 1
    stack_free = np.zeros(n + 1, dtype=np.int64)
    stack_cols = np.zeros(n + 1, dtype=np.int64)
    stack_ld = np.zeros(n + 1, dtype=np.int64)
    stack_rd = np.zeros(n + 1, dtype=np.int64)
    chosen = np.zeros(n + 1, dtype=np.int64)
    stack_free[0] = full
    depth = 0
    found = 0
    while depth >= 0 and found < limit:
        free = stack_free[depth]
        if free == 0:
            depth -= 1
            continue
        bit = free & -free
        stack_free[depth] = free ^ bit
        col = 0
        while (1 << col) != bit:
            col += 1
        chosen[depth] = col
        c = stack_cols[depth] | bit
        if depth == n - 1:
            for r in range(n):
                out[found, r] = chosen[r]
            found += 1
            continue
        l2 = ((stack_ld[depth] | bit) << 1) & full
        r2 = (stack_rd[depth] | bit) >> 1
        depth += 1
        stack_cols[depth] = c
        stack_ld[depth] = l2
        stack_rd[depth] = r2
        stack_free[depth] = full & ~(c | l2 | r2)
    return out[:found]


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
        out[col] = out[n - 1 - col] = int(_count_from(n, bit, (bit << 1) & full, bit >> 1))
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
    return [tuple(int(c) for c in row) for row in _list_solutions(n, limit)]


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
    t0 = time.perf_counter()
    n = puzzle.n
    yield Header(puzzle="n-queens", fields={"n": n}, title=puzzle.title or f"{n} queens",
                 solver={"algorithm": "backtracking (bit masks)", "steps": puzzle.steps,
                         "program": "puzzlereel"})
    k = 0
    written: set[tuple[int, ...]] = set()
    placed = removed = 0
    limit = puzzle.max_solutions
    if puzzle.steps != "none":
        watched = backtrack_steps(n, until_first=puzzle.steps == "first",
                                  max_steps=puzzle.max_steps)
        for item in watched:
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
        if placed + removed >= puzzle.max_steps and puzzle.steps == "all":
            yield Note(f"backtracking steps stop after {puzzle.max_steps} (solve.max_steps); "
                       "the remaining solutions follow without them")
    options.progress("listing solutions", 0, None)
    total = count_solutions(n)
    want = total if not limit else min(limit, total)
    if k < want:
        for cols in list_solutions(n, want):
            if cols in written:
                continue
            k += 1
            yield Solution(k=k, cols=cols)
            if k >= want:
                break
    status = "solved" if total else "unsolvable"
    stats: dict[str, Any] = {"solutions": k, "total_solutions": total,
                             "seconds": round(time.perf_counter() - t0, 4)}
    if puzzle.steps != "none":
        stats.update(placed=placed, removed=removed)
    if not total:
        stats["reason"] = f"no placement of {n} queens works"
    yield End(status=status, stats=stats)


def analyze(puzzle: NQueens, options: SolveOptions) -> Analysis:
    t0 = time.perf_counter()
    by_col = count_by_first_row(puzzle.n, options.progress)
    return {"n": puzzle.n, "solutions": sum(by_col), "by_first_column": by_col,
            "seconds": round(time.perf_counter() - t0, 4)}


def plot_series(result: Mapping[str, Any]) -> Series | None:
    by_col = result.get("by_first_column")
    if not by_col:
        return None
    return Series(title=f"{result['n']} queens: {result['solutions']:,} solutions",
                  xlabel="column of the queen in row 0", ylabel="solutions",
                  points=[(i, int(c)) for i, c in enumerate(by_col)])


SOLVER: Solver[NQueens] = Solver(solve=solve, analyze=analyze, plot_series=plot_series)
