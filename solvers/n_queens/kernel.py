"""The compiled N-Queens loops (numba, cached in the user cache folder): a depth-first
search over the rows that stops after a given number of placements and goes on later
from where it stopped, counting the solutions it passes (``count_walk``) or listing
them in order (``list_walk``).

Each row keeps three bit masks (columns and both diagonals already attacked), so the
free squares of the next row are one AND away; an explicit stack replaces recursion.
The stack lives in arrays the caller keeps (``search.Walk``), which is what lets a
count of hours be cut into steps of a fraction of a second: between them the driver
reports progress and checks ``--max-states``.  Each loop works on local copies of the
stack (arrays passed in might alias, which keeps the compiler from holding them in
registers) and writes them back when it stops.
"""

from __future__ import annotations

import numpy as np

from puzzlereel.solvers.jit import njit


@njit(cache=True)
def count_walk(n: int, stack: np.ndarray, at: np.ndarray,
               budget: int) -> tuple[int, int, bool]:  # pragma: no cover - numba
    """Go on with the search whose stack is ``stack`` (rows: the squares of each row
    still to try, and the columns and both diagonals attacked there) at depth
    ``at[0]``, down to the root row ``at[1]``, for at most ``budget`` placements.
    Returns (solutions passed, placements made, finished)."""
    full = (1 << n) - 1
    free, cols, ld, rd = (stack[0].copy(), stack[1].copy(), stack[2].copy(),
                          stack[3].copy())
    depth = at[0]
    root = at[1]
    count = 0
    nodes = 0
    while depth >= root and nodes < budget:
        f = free[depth]
        if f == 0:
            depth -= 1
            continue
        bit = f & -f
        free[depth] = f ^ bit
        nodes += 1
        c = cols[depth] | bit
        if c == full:
            count += 1
            continue
        nl = ((ld[depth] | bit) << 1) & full
        nr = (rd[depth] | bit) >> 1
        depth += 1
        cols[depth] = c
        ld[depth] = nl
        rd[depth] = nr
        free[depth] = full & ~(c | nl | nr)
    at[0] = depth
    stack[0], stack[1], stack[2], stack[3] = free, cols, ld, rd
    return count, nodes, depth < root


@njit(cache=True)
def list_walk(n: int, stack: np.ndarray, at: np.ndarray, out: np.ndarray,
              budget: int) -> tuple[int, int, bool]:  # pragma: no cover - numba
    """``count_walk`` that writes each solution passed into a row of ``out``
    (``stack[4]``: the column chosen in each row) and stops when ``out`` is full, so
    that listing in steps loses none.  Returns (solutions written, placements made,
    finished)."""
    full = (1 << n) - 1
    free, cols, ld, rd, chosen = (stack[0].copy(), stack[1].copy(), stack[2].copy(),
                                  stack[3].copy(), stack[4].copy())
    depth = at[0]
    root = at[1]
    room = out.shape[0]
    found = 0
    nodes = 0
    while depth >= root and nodes < budget and found < room:
        f = free[depth]
        if f == 0:
            depth -= 1
            continue
        bit = f & -f
        free[depth] = f ^ bit
        nodes += 1
        col = 0
        while (1 << col) != bit:
            col += 1
        chosen[depth] = col
        c = cols[depth] | bit
        if c == full:
            for r in range(n):
                out[found, r] = chosen[r]
            found += 1
            continue
        nl = ((ld[depth] | bit) << 1) & full
        nr = (rd[depth] | bit) >> 1
        depth += 1
        cols[depth] = c
        ld[depth] = nl
        rd[depth] = nr
        free[depth] = full & ~(c | nl | nr)
    at[0] = depth
    stack[0], stack[1], stack[2], stack[3], stack[4] = free, cols, ld, rd, chosen
    return found, nodes, depth < root


__all__ = ["count_walk", "list_walk"]
