"""The compiled inner loop of the sliding-block breadth-first search (numba, cached on disk).

Positions are rows of ``K`` uint64 words (the packed label grid, see ``tables``);
``expand`` generates every successor of one BFS layer, de-duplicates them in an
open-addressing hash table of int32 indices, and stops early when the goal appears or
the arrays are nearly full (the caller grows them and calls again).  ``choices`` works
out, once the goal is found, each move's legal moves and those that keep the optimum
(``choices.compiled_choices``), looking positions up in the same table.
"""

from __future__ import annotations

import numpy as np

from puzzlereel.solvers.jit import njit

_EMPTY = -1


@njit(cache=True, inline="always")
def _hash(keys: np.ndarray, row: int) -> np.uint64:
    h = np.uint64(0x9E3779B97F4A7C15)
    for w in range(keys.shape[1]):
        z = keys[row, w] ^ h
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        h = z ^ (z >> np.uint64(31))
    return h


@njit(cache=True)
def _find_or_insert(keys: np.ndarray, table: np.ndarray, row: int) -> int:
    """Index of the position equal to keys[row] if stored, else store row and return -1."""
    mask = np.uint64(table.shape[0] - 1)
    slot = _hash(keys, row) & mask
    K = keys.shape[1]
    while True:
        idx = table[slot]
        if idx == _EMPTY:
            table[slot] = row
            return -1
        same = True
        for w in range(K):
            if keys[idx, w] != keys[row, w]:
                same = False
                break
        if same:
            return idx
        slot = (slot + np.uint64(1)) & mask


@njit(cache=True)
def insert_start(keys: np.ndarray, table: np.ndarray) -> int:
    _find_or_insert(keys, table, 0)
    return 1


@njit(cache=True)
def rebuild(keys: np.ndarray, n: int, table: np.ndarray) -> None:
    for i in range(n):
        _find_or_insert(keys, table, i)


@njit(cache=True)
def is_goal(key: np.ndarray, goal_word: np.ndarray, goal_shift: np.ndarray,
            goal_label: np.ndarray, bits: int) -> bool:
    mask = np.uint64((1 << bits) - 1)
    for i in range(goal_word.shape[0]):
        if (key[goal_word[i]] >> np.uint64(goal_shift[i])) & mask != goal_label[i]:
            return False
    return True


@njit(cache=True, inline="always")
def _destinations(lab, g, a, cells_at, fits, nbr, axis_dirs, metric, nc, stamp, cur, queue,
                  dests):
    """Where the piece of group ``g`` at anchor ``a`` (lifted off ``lab``) can go in one
    move, in the order the search takes them, into ``dests``; returns how many.  The
    piece metric floods from ``a`` (``queue``, ``stamp`` marked ``cur``), the line and
    step metrics walk out in each direction."""
    stamp[a] = cur
    qh = 0
    qt = 0
    if metric == 0:
        queue[qt] = a
        qt += 1
    m = 0
    while True:
        if metric == 0:
            if qh == qt:
                break
            p = queue[qh]
            qh += 1
        else:
            p = a
        for d in range(4):
            if not axis_dirs[g, d]:
                continue
            q = p
            while True:
                q = nbr[q, d]
                if q < 0 or not fits[g, q]:
                    break
                free = True
                for i in range(nc):
                    if lab[cells_at[g, q, i]] != 0:
                        free = False
                        break
                if not free:
                    break
                if metric == 0 and stamp[q] == cur:
                    break
                stamp[q] = cur
                dests[m] = q
                m += 1
                if metric == 0:
                    queue[qt] = q
                    qt += 1
                    break
                if metric == 2:
                    break
        if metric != 0:
            break
    return m


@njit(cache=True)
def expand(keys, parents, table, lo, hi, n, arrays, to_goal, limit):
    """Expand positions lo..hi-1.  Returns (n, goal index or -1, resume index or -1).

    ``arrays`` is the puzzle's ``tables.Arrays``; ``keys``/``parents``/``table`` are the
    growing store of positions, their parents and the hash table of their indices."""
    C, bits, cpw, G = arrays.C, arrays.bits, arrays.cpw, arrays.G
    ncells, cells_at, fits, pkey = arrays.ncells, arrays.cells_at, arrays.fits, arrays.pkey
    nbr, axis_dirs, metric = arrays.nbr, arrays.axis_dirs, arrays.metric
    goal_word, goal_shift, goal_label = arrays.goal_word, arrays.goal_shift, arrays.goal_label
    maxbranch = arrays.maxbranch
    K = keys.shape[1]
    cap = keys.shape[0]
    lab = np.zeros(C, dtype=np.int32)
    seen = np.zeros(C, dtype=np.bool_)
    stamp = np.zeros(C, dtype=np.int32)
    queue = np.zeros(C, dtype=np.int32)
    dests = np.zeros(C, dtype=np.int32)
    cur = 0
    mask = np.uint64((1 << bits) - 1)
    ub = np.uint64(bits)
    for s in range(lo, hi):
        if n + maxbranch > cap or (limit >= 0 and n >= limit):
            return n, -1, s
        # decode the label grid
        for c in range(C):
            w = c // cpw
            lab[c] = np.int32((keys[s, w] >> (np.uint64(c % cpw) * ub)) & mask)
            seen[c] = False
        for c in range(C):
            g = lab[c] - 1
            if g < 0 or g >= G or seen[c]:
                continue
            a = c
            nc = ncells[g]
            for i in range(nc):
                seen[cells_at[g, a, i]] = True
            # lift the piece off the board
            for i in range(nc):
                lab[cells_at[g, a, i]] = 0
            cur += 1
            m = _destinations(lab, g, a, cells_at, fits, nbr, axis_dirs, metric, nc, stamp,
                              cur, queue, dests)
            for j in range(m):
                q = dests[j]
                # a new position: piece g moved from a to q
                for w in range(K):
                    keys[n, w] = keys[s, w] - pkey[g, a, w] + pkey[g, q, w]
                if _find_or_insert(keys, table, n) < 0:
                    parents[n] = s
                    n += 1
                    if to_goal:
                        ok = True
                        for i in range(goal_word.shape[0]):
                            if ((keys[n - 1, goal_word[i]] >> np.uint64(goal_shift[i]))
                                    & mask) != goal_label[i]:
                                ok = False
                                break
                        if ok:
                            return n, n - 1, -1
            for i in range(nc):
                lab[cells_at[g, a, i]] = g + 1
    return n, -1, -1


@njit(cache=True)
def _find(keys, table, probe, row):
    """Index of the stored position equal to probe[row], or -1 (nothing is stored)."""
    mask = np.uint64(table.shape[0] - 1)
    slot = _hash(probe, row) & mask
    K = keys.shape[1]
    while True:
        idx = table[slot]
        if idx == _EMPTY:
            return -1
        same = True
        for w in range(K):
            if keys[idx, w] != probe[row, w]:
                same = False
                break
        if same:
            return idx
        slot = (slot + np.uint64(1)) & mask


@njit(cache=True)
def _successors(keys, s, arrays, out):
    """Every position one move from keys[s], as rows of ``out``; returns how many (the
    moves ``expand`` generates, found the same way, none of them stored)."""
    C, bits, cpw, G = arrays.C, arrays.bits, arrays.cpw, arrays.G
    ncells, cells_at, fits, pkey = arrays.ncells, arrays.cells_at, arrays.fits, arrays.pkey
    nbr, axis_dirs, metric = arrays.nbr, arrays.axis_dirs, arrays.metric
    K = keys.shape[1]
    lab = np.zeros(C, dtype=np.int32)
    seen = np.zeros(C, dtype=np.bool_)
    stamp = np.zeros(C, dtype=np.int32)
    queue = np.zeros(C, dtype=np.int32)
    dests = np.zeros(C, dtype=np.int32)
    mask = np.uint64((1 << bits) - 1)
    ub = np.uint64(bits)
    for c in range(C):
        lab[c] = np.int32((keys[s, c // cpw] >> (np.uint64(c % cpw) * ub)) & mask)
    cur = 0
    m = 0
    for c in range(C):
        g = lab[c] - 1
        if g < 0 or g >= G or seen[c]:
            continue
        a = c
        nc = ncells[g]
        for i in range(nc):
            seen[cells_at[g, a, i]] = True
            lab[cells_at[g, a, i]] = 0
        cur += 1
        k = _destinations(lab, g, a, cells_at, fits, nbr, axis_dirs, metric, nc, stamp, cur,
                          queue, dests)
        for j in range(k):
            for w in range(K):
                out[m, w] = keys[s, w] - pkey[g, a, w] + pkey[g, dests[j], w]
            m += 1
        for i in range(nc):
            lab[cells_at[g, a, i]] = g + 1
    return m


@njit(cache=True)
def choices(keys, table, starts, rows, arrays, legal, optimal):
    """Each move of a solution: its position's moves (``legal``) and those that keep
    the optimum (``optimal``), as ``choices.compiled_choices`` describes.  ``rows``: the
    solution's positions, start to goal; ``starts[d]``: where depth d begins in
    ``keys``, up to the end of the goal's parent's layer."""
    goal_word, goal_shift, goal_label = arrays.goal_word, arrays.goal_shift, arrays.goal_label
    bits = arrays.bits
    depth = rows.shape[0] - 1
    if depth <= 0:
        return
    out = np.zeros((arrays.maxbranch, keys.shape[1]), dtype=np.uint64)
    on = np.zeros(starts[depth], dtype=np.bool_)
    last = rows[depth - 1]
    on[last] = True
    for i in range(last + 1, starts[depth]):
        m = _successors(keys, i, arrays, out)
        for j in range(m):
            if is_goal(out[j], goal_word, goal_shift, goal_label, bits):
                on[i] = True
                break
    for d in range(depth - 1, 0, -1):
        for i in range(starts[d], starts[d + 1]):
            if on[i]:
                m = _successors(keys, i, arrays, out)
                for j in range(m):
                    idx = _find(keys, table, out, j)
                    if idx >= starts[d - 1] and idx < starts[d]:
                        on[idx] = True
    for d in range(depth):
        m = _successors(keys, rows[d], arrays, out)
        legal[d] = m
        good = 0
        for j in range(m):
            if d == depth - 1:
                if is_goal(out[j], goal_word, goal_shift, goal_label, bits):
                    good += 1
            else:
                idx = _find(keys, table, out, j)
                if idx >= starts[d + 1] and idx < starts[d + 2] and on[idx]:
                    good += 1
        optimal[d] = good
