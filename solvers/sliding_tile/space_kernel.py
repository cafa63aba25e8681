"""Compiled breadth-first search over every board of a small sliding-tile puzzle (numba,
cached on disk), for the positions farthest from the goal and the depth histogram.

Boards are ranked as permutations (``_rank``, ``_unrank``): ``bfs_all`` fills each rank's
distance from the goal, ``unrank_many`` turns ranks back into boards.  ``search`` imports
this module only when it needs it: it loads numba.
"""

from __future__ import annotations

import numpy as np

from puzzlereel.solvers.jit import njit


@njit(cache=True)
def _rank(perm, n, fact):
    r = 0
    for i in range(n):
        smaller = 0
        for j in range(i + 1, n):
            if perm[j] < perm[i]:
                smaller += 1
        r += smaller * fact[n - 1 - i]
    return r


@njit(cache=True)
def _unrank(r, n, fact, out, used):
    for i in range(n):
        used[i] = 0
    for i in range(n):
        f = fact[n - 1 - i]
        q = r // f
        r -= q * f
        # the q-th unused value
        for v in range(n):
            if used[v] == 0:
                if q == 0:
                    out[i] = v
                    used[v] = 1
                    break
                q -= 1


@njit(cache=True)
def bfs_all(goal, rows, cols, adj, deg, fact, depth, queue):
    """Breadth-first search from ``goal`` over every board (ranked as permutations).

    ``depth`` (uint8, n! entries, 255 = unreached) gets each board's distance;
    ``queue`` (int64, n!/2 entries) holds the ranks in order of distance.  Returns the
    number of boards reached."""
    n = rows * cols
    perm = np.empty(n, np.int64)
    used = np.empty(n, np.int64)
    for i in range(n):
        perm[i] = goal[i]
    r0 = _rank(perm, n, fact)
    depth[r0] = 0
    queue[0] = r0
    head = 0
    tail = 1
    while head < tail:
        r = queue[head]
        head += 1
        d = depth[r]
        _unrank(r, n, fact, perm, used)
        b = 0
        for i in range(n):
            if perm[i] == 0:
                b = i
        for e in range(deg[b]):
            x = adj[b, e]
            perm[b] = perm[x]
            perm[x] = 0
            s = _rank(perm, n, fact)
            if depth[s] == 255:
                depth[s] = d + 1
                queue[tail] = s
                tail += 1
            perm[x] = perm[b]
            perm[b] = 0
    return tail


@njit(cache=True)
def unrank_many(ranks, n, fact, out):
    """Boards for ``ranks`` (one per row of ``out``)."""
    used = np.empty(n, np.int64)
    row = np.empty(n, np.int64)
    for i in range(ranks.shape[0]):
        _unrank(ranks[i], n, fact, row, used)
        for j in range(n):
            out[i, j] = row[j]
