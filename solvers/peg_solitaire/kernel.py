"""Compiled inner loops of the peg-solitaire solver (numba, cached on disk).

A position is a bitboard: bit ``i`` is set when hole ``i`` holds a peg (holes numbered
row by row from the top, at most 63 of them).  Everything the searches read about the
board comes in one ``tables.Arrays``: a jump ``j`` moves the peg at ``jf[j]`` over
``jo[j]`` into ``jt[j]``, and ``jm[j]`` is the three bits it toggles; board symmetries
come as byte lookup tables (``ptab[s, k, v]`` = the image of byte ``k`` with value
``v`` under symmetry ``s``) and hole maps (``plast[s, i + 1]`` = the image of hole
``i``; ``plast[s, 0] = -1`` stands for "no hole"); ``tk``/``tk2``/``tv`` are the
position table.

Two searches live here, both iterative (explicit stacks) and both using a lossy hash
table of positions (a collision only overwrites, so it costs time, never correctness):

- ``dfs_jumps``: any solution, depth first, remembering positions proved dead;
- ``ida_moves``: one round of iterative deepening on *moves* (a chain of jumps by one
  peg is one move), with a lower bound, a table of (position, last landing hole) ->
  the largest budget proved too small, and, in counting mode, a memo of solution counts.

Only the family's ``search`` module calls these.
"""

from __future__ import annotations

import numpy as np

from puzzlereel.solvers.jit import njit

from .tables import PegArrays

HASH_MUL = 0x5851F42D4C957F2D


@njit(cache=True, inline="always")
def popcount(b: int) -> int:
    c = 0
    while b:
        b &= b - 1
        c += 1
    return c


@njit(cache=True, inline="always")
def permute(b: int, ptab: np.ndarray, s: int) -> int:
    p = 0
    k = 0
    while b:
        p |= ptab[s, k, b & 255]
        b >>= 8
        k += 1
    return p


@njit(cache=True)
def canon(b: int, last: int, ptab: np.ndarray, plast: np.ndarray) -> tuple[int, int]:
    """The least (image of b, image of last) over the symmetries (row 0 = identity)."""
    best = b
    best_last = last
    for s in range(1, ptab.shape[0]):
        p = permute(b, ptab, s)
        if p < best:
            best = p
            best_last = plast[s, last + 1]
        elif p == best:
            q = plast[s, last + 1]
            if q < best_last:
                best_last = q
    return best, best_last


@njit(cache=True, inline="always")
def slot(key: int, key2: int, mask: int) -> int:
    h = (key ^ (key >> 31) ^ (key2 * 0x2545F491)) * HASH_MUL
    return (h >> 24) & mask


@njit(cache=True)
def tt_get(tk: np.ndarray, tk2: np.ndarray, tv: np.ndarray, key: int, key2: int) -> int:
    """The value stored for (key, key2), or -1."""
    mask = tk.shape[0] - 1
    i = slot(key, key2, mask)
    if tk[i] == key and tk2[i] == key2:
        return tv[i]
    i ^= 1
    if tk[i] == key and tk2[i] == key2:
        return tv[i]
    return -1


@njit(cache=True)
def tt_put(tk: np.ndarray, tk2: np.ndarray, tv: np.ndarray, key: int, key2: int,
           value: int) -> None:
    mask = tk.shape[0] - 1
    i = slot(key, key2, mask)
    if tk[i] == key and tk2[i] == key2:
        tv[i] = value
        return
    k = i ^ 1
    if tk[k] == key and tk2[k] == key2:
        tv[k] = value
        return
    if tk[i] != 0 and tk[k] == 0:
        i = k
    tk[i] = key
    tk2[i] = key2
    tv[i] = value


@njit(cache=True)
def is_goal(b: int, goal_mask: int) -> bool:
    if goal_mask != 0:
        return b == goal_mask
    return b != 0 and (b & (b - 1)) == 0


@njit(cache=True)
def dfs_jumps(start: int, goal_mask: int, goal_count: int, arrays: PegArrays, max_nodes: int,
              path: np.ndarray) -> tuple[int, int]:
    """Depth-first search for any solution; returns (status, nodes).

    status 1 = solved (``path[:jumps]`` holds the jump indices), 0 = proved impossible,
    2 = stopped after ``max_nodes`` positions.  ``arrays.tk/tk2/tv`` remember the
    positions proved dead.
    """
    jf, jo, jt, jm = arrays.jf, arrays.jo, arrays.jt, arrays.jm
    ptab, plast = arrays.ptab, arrays.plast
    tk, tk2, tv = arrays.tk, arrays.tk2, arrays.tv
    total = popcount(start) - goal_count
    if total < 0:
        return 0, 0
    if total == 0:
        return (1 if is_goal(start, goal_mask) else 0), 0
    nj = jf.shape[0]
    boards = np.empty(total + 1, np.int64)
    nxt = np.zeros(total + 1, np.int64)
    boards[0] = start
    d = 0
    nodes = 0
    while d >= 0:
        b = boards[d]
        if d == total:
            if is_goal(b, goal_mask):
                return 1, nodes
            c, _ = canon(b, -1, ptab, plast)
            tt_put(tk, tk2, tv, c, 0, 1)
            d -= 1
            continue
        j = nxt[d]
        found = -1
        nb = 0
        while j < nj:
            if ((b >> jf[j]) & 1) and ((b >> jo[j]) & 1) and not ((b >> jt[j]) & 1):
                nb = b ^ jm[j]
                c, _ = canon(nb, -1, ptab, plast)
                if tt_get(tk, tk2, tv, c, 0) < 0:
                    found = j
                    break
            j += 1
        if found < 0:
            c, _ = canon(b, -1, ptab, plast)
            tt_put(tk, tk2, tv, c, 0, 1)
            d -= 1
            continue
        nxt[d] = found + 1
        path[d] = found
        d += 1
        boards[d] = nb
        nxt[d] = 0
        nodes += 1
        if max_nodes > 0 and nodes >= max_nodes:
            return 2, nodes
    return 0, nodes


@njit(cache=True)
def lower_bound(b: int, last: int, umask: int, any_goal: bool, goal_count: int) -> int:
    """Moves still needed, at least: pegs in holes nothing can jump over must each move
    (less one if it is the peg whose chain may go on, less one that may stay as the last
    peg); and any position with pegs to spare and no chain to continue needs a move."""
    h = popcount(b & umask)
    if last >= 0 and ((umask >> last) & 1) and ((b >> last) & 1):
        h -= 1
    if any_goal and h > 0:
        h -= 1
    if h <= 0:
        h = 1 if (last < 0 and popcount(b) > goal_count) else 0
    return h


@njit(cache=True)
def can_jump_from(b: int, h: int, off: np.ndarray, jo: np.ndarray, jt: np.ndarray) -> bool:
    if h < 0 or not ((b >> h) & 1):
        return False
    for j in range(off[h], off[h + 1]):
        if ((b >> jo[j]) & 1) and not ((b >> jt[j]) & 1):
            return True
    return False


@njit(cache=True)
def ida_moves(start: int, last0: int, bound: int, goal_mask: int, goal_count: int,
              arrays: PegArrays, count_mode: bool, jump_metric: bool, max_nodes: int,
              path: np.ndarray) -> tuple[int, int, int]:
    """One depth-first round under a budget of ``bound`` moves.

    Find mode: returns (1, jumps, nodes) with ``path[:jumps]`` the jump indices, or
    (0, 0, nodes) when no solution fits the budget.  Count mode: returns (1, count, nodes),
    the number of distinct jump sequences that solve it within the budget.  Status 2 =
    stopped after ``max_nodes`` positions.  ``jump_metric`` makes every jump cost 0 (the
    budget is then irrelevant: used to count all solutions under the jumps metric).
    The table (``arrays.tk/tk2/tv``) holds, in find mode, (position, last) -> largest
    budget that failed; in count mode (position, last, budget) -> count.
    """
    jf, jo, jt, jm, off = arrays.jf, arrays.jo, arrays.jt, arrays.jm, arrays.off
    umask, ptab, plast = arrays.umask, arrays.ptab, arrays.plast
    tk, tk2, tv = arrays.tk, arrays.tk2, arrays.tv
    any_goal = goal_mask == 0
    total = popcount(start) - goal_count
    if total < 0:
        return 0, 0, 0
    nj = jf.shape[0]
    boards = np.empty(total + 1, np.int64)
    lasts = np.empty(total + 1, np.int64)
    budget = np.empty(total + 1, np.int64)
    tnext = np.zeros(total + 1, np.int64)
    acc = np.zeros(total + 1, np.int64)
    keys = np.empty(total + 1, np.int64)
    keys2 = np.empty(total + 1, np.int64)
    nodes = 0
    d = 0
    boards[0] = start
    lasts[0] = last0 if can_jump_from(start, last0, off, jo, jt) else -1
    budget[0] = bound
    entering = True
    child_result = 0
    while True:
        b = boards[d]
        last = lasts[d]
        r = budget[d]
        if entering:
            entering = False
            result = -1
            if d == total:
                result = 1 if is_goal(b, goal_mask) else 0
            elif lower_bound(b, last, umask, any_goal, goal_count) > r:
                result = 0
            else:
                c, cl = canon(b, last, ptab, plast)
                keys[d] = c
                if count_mode:
                    keys2[d] = (cl + 2) + (r << 8)
                    got = tt_get(tk, tk2, tv, c, keys2[d])
                    if got >= 0:
                        result = got
                else:
                    keys2[d] = cl + 2
                    got = tt_get(tk, tk2, tv, c, keys2[d])
                    if got >= r:
                        result = 0
            if result >= 0:
                if not count_mode and result > 0:
                    return 1, d, nodes
                if d == 0:
                    return 1 if count_mode else 0, result, nodes
                d -= 1
                child_result = result
                continue
            tnext[d] = 0
            acc[d] = 0
        else:
            # back from a child
            if count_mode:
                acc[d] += child_result
        # next child
        nlast = 0
        if last >= 0:
            nlast = off[last + 1] - off[last]
        t = tnext[d]
        found = -1
        nr = 0
        while t < nlast + nj:
            if t < nlast:
                j = off[last] + t
            else:
                j = t - nlast
                if jf[j] == last:
                    t += 1
                    continue
            t += 1
            if ((b >> jf[j]) & 1) and ((b >> jo[j]) & 1) and not ((b >> jt[j]) & 1):
                cost = 0 if (jump_metric or jf[j] == last) else 1
                if r - cost >= 0:
                    found = j
                    nr = r - cost
                    break
        tnext[d] = t
        if found >= 0:
            path[d] = found
            nb = b ^ jm[found]
            d += 1
            boards[d] = nb
            nl = -1 if jump_metric else jt[found]
            lasts[d] = nl if can_jump_from(nb, nl, off, jo, jt) else -1
            budget[d] = nr
            entering = True
            nodes += 1
            if max_nodes > 0 and nodes >= max_nodes:
                return 2, 0, nodes
            continue
        # all children done
        if count_mode:
            result = acc[d]
            tt_put(tk, tk2, tv, keys[d], keys2[d], result)
        else:
            result = 0
            old = tt_get(tk, tk2, tv, keys[d], keys2[d])
            if r > old:
                tt_put(tk, tk2, tv, keys[d], keys2[d], r)
        if d == 0:
            return (1, result, nodes) if count_mode else (0, 0, nodes)
        d -= 1
        child_result = result
