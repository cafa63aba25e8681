"""The compiled N-Queens loops (numba, cached in the user cache folder): counting the
solutions below a partial placement (and, for the trace's search events, the queens
placed on the way), and listing the first solutions in order.

Each row keeps three bit masks (columns and both diagonals already attacked), so the
free squares of the next row are one AND away; an explicit stack replaces recursion.
"""

from __future__ import annotations

import numpy as np

from puzzlereel.solvers.jit import njit


@njit(cache=True, inline="always")
def _count(n: int, cols: int, ld: int, rd: int,
           with_nodes: bool) -> tuple[int, int]:  # pragma: no cover - numba
    """(solutions, queens placed) below a partial placement; the placements are counted
    only ``with_nodes`` (a constant in each caller, so the other loses the counting)."""
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
    nodes = 0
    while depth >= 0:
        free = stack_free[depth]
        if free == 0:
            depth -= 1
            continue
        bit = free & -free
        stack_free[depth] = free ^ bit
        if with_nodes:
            nodes += 1
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
    return count, nodes


@njit(cache=True)
def count_from(n: int, cols: int, ld: int, rd: int) -> int:  # pragma: no cover - numba
    """Solutions below a partial placement (masks of attacked squares in the next row)."""
    return _count(n, cols, ld, rd, False)[0]


@njit(cache=True)
def count_with_nodes_from(n: int, cols: int, ld: int,
                          rd: int) -> tuple[int, int]:  # pragma: no cover - numba
    """(solutions, queens placed) below a partial placement: the search's size too."""
    return _count(n, cols, ld, rd, True)


@njit(cache=True)
def first_solutions(n: int, limit: int) -> np.ndarray:  # pragma: no cover - numba
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


__all__ = ["count_from", "count_with_nodes_from", "first_solutions"]
