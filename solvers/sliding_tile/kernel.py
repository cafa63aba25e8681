"""Compiled inner loops of the sliding-tile solver (numba, cached on disk).

``search`` and ``pdb`` call these (importing this module only when they need it: it loads
numba); they work on flat numpy arrays.  IDA* takes what it reads about the puzzle and
its lower bound as one ``arrays.Arrays`` value, and what it changes as one ``Work`` (the
heuristic's running values, shared with ``heuristic``) and one ``Stack``.

- ``ida_run``: one IDA* iteration (cost bound) as a resumable depth-first
  search with an explicit stack, the heuristic updated incrementally per move: 0
  (iterative deepening), Manhattan distance, Manhattan + linear conflicts, or an additive
  pattern database.  It can stop at the first solution or count every path that reaches
  the goal within the bound (all optimal solutions, in the last iteration).
- ``pdb_level``: one breadth-first level of building a pattern database for a group of
  tiles (only moves of the group's tiles count, so disjoint groups add up).
- ``bfs_all``: distance from the goal of every board of a small puzzle (ranked
  permutations), for the farthest positions and the depth histogram.
"""

from __future__ import annotations

import numpy as np

from puzzlereel.solvers.jit import njit

from .arrays import (
    MODE_LINEAR,
    MODE_MANHATTAN,
    MODE_PDB,
    MODE_ZERO,
    ST_BOUND,
    ST_NEXT,
    ST_NODES,
    ST_SOLUTIONS,
    ST_SP,
)


@njit(cache=True)
def line_conflicts(board, line, rows, cols, grow, gcol, scratch):
    """Tiles to lift out of one row (line < rows) or column (line - rows) so that the tiles
    in their goal line are in goal order: their count minus the longest increasing run."""
    k = 0
    if line < rows:
        for c in range(cols):
            t = board[line * cols + c]
            if t != 0 and grow[t] == line:
                scratch[k] = gcol[t]
                k += 1
    else:
        c = line - rows
        for r in range(rows):
            t = board[r * cols + c]
            if t != 0 and gcol[t] == c:
                scratch[k] = grow[t]
                k += 1
    if k < 2:
        return 0
    best = 0
    # longest increasing subsequence, O(k^2) (k <= one board side)
    for i in range(k):
        li = 1
        for j in range(i):
            if scratch[j] < scratch[i] and scratch[k + j] + 1 > li:
                li = scratch[k + j] + 1
        scratch[k + i] = li
        if li > best:
            best = li
    return k - best


@njit(cache=True)
def heuristic(board, arrays, work):
    """The full (non-incremental) heuristic of ``board``; fills ``work`` (``idx``, ``idx2``,
    ``lcv``) for ``ida_run`` to update from there.

    With ``arrays.mirror`` (pattern databases on a square board whose goal is symmetric
    about the main diagonal) the tables are also looked up for the board mirrored about
    that diagonal, tile t becoming ``m(t)``: ``idx2`` indexes it, and h is the larger sum."""
    rows, cols, mode, dist = arrays.rows, arrays.cols, arrays.mode, arrays.dist
    grow, gcol, grp, wt = arrays.grow, arrays.gcol, arrays.grp, arrays.wt
    pdb, pdboff, mirror = arrays.pdb, arrays.pdboff, arrays.mirror
    mgrp, mwt, tcell = arrays.mgrp, arrays.mwt, arrays.tcell
    idx, idx2, lcv, scratch = work.idx, work.idx2, work.lcv, work.scratch
    n = rows * cols
    md = 0
    for cell in range(n):
        md += dist[board[cell], cell]
    if mode == MODE_ZERO:
        return 0
    if mode == MODE_MANHATTAN:
        return md
    if mode == MODE_LINEAR:
        lc = 0
        for line in range(rows + cols):
            lcv[line] = line_conflicts(board, line, rows, cols, grow, gcol, scratch)
            lc += lcv[line]
        return md + 2 * lc
    for g in range(idx.shape[0]):
        idx[g] = 0
        idx2[g] = 0
    for cell in range(n):
        t = board[cell]
        if t != 0:
            idx[grp[t]] += cell * wt[t]
            idx2[mgrp[t]] += tcell[cell] * mwt[t]
    h = 0
    h2 = 0
    for g in range(idx.shape[0]):
        h += pdb[pdboff[g] + idx[g]]
        h2 += pdb[pdboff[g] + idx2[g]]
    if mirror and h2 > h:
        return h2
    return h


@njit(cache=True)
def pdb_sum(pdb, pdboff, idx):
    h = 0
    for g in range(idx.shape[0]):
        h += pdb[pdboff[g] + idx[g]]
    return h


@njit(cache=True)
def manhattan(board, dist):
    md = 0
    for cell in range(board.shape[0]):
        md += dist[board[cell], cell]
    return md


@njit(cache=True)
def _begin(arrays, work, stack):
    """Put ``stack.root`` at the bottom of the stack (and its heuristic in ``work``)."""
    board, root = stack.board, stack.root
    blank = 0
    for cell in range(board.shape[0]):
        board[cell] = root[cell]
        if root[cell] == 0:
            blank = cell
    stack.hstk[0] = heuristic(board, arrays, work)
    stack.sums[0, 0] = pdb_sum(arrays.pdb, arrays.pdboff, work.idx)
    stack.sums[0, 1] = pdb_sum(arrays.pdb, arrays.pdboff, work.idx2)
    stack.blanks[0] = blank
    stack.dirs[0] = 0
    stack.mdstk[0] = manhattan(board, arrays.dist)


@njit(cache=True)
def ida_run(arrays, work, stack, count_all, budget, begin):
    """Run (or resume) one IDA* iteration with cost bound ``stack.st[ST_BOUND]``; with
    ``begin``, start it from ``stack.root`` (the caller has zeroed ``st``, then set the
    bound and ``st[ST_NEXT] = INF``).

    Returns 0 when the iteration is finished (``st[ST_SOLUTIONS]`` goals reached,
    ``st[ST_NEXT]`` the smallest f above the bound), 1 when ``budget`` more nodes were
    generated (call again to continue), 2 when a solution was found and ``count_all``
    is false (its tiles in ``stack.path[:bound]``).
    """
    if begin:
        _begin(arrays, work, stack)
    return _search(arrays, work, stack, count_all, budget)


@njit(cache=True)
def _search(arrays, work, stack, count_all, budget):
    """``ida_run``'s depth-first loop (kept apart from ``_begin``: compiled together, the
    loop runs a few per cent slower)."""
    rows, cols, adj, deg, mode = arrays.rows, arrays.cols, arrays.adj, arrays.deg, arrays.mode
    dist, grow, gcol, grp, wt = arrays.dist, arrays.grow, arrays.gcol, arrays.grp, arrays.wt
    pdb, pdboff, mirror = arrays.pdb, arrays.pdboff, arrays.mirror
    mgrp, mwt, tcell = arrays.mgrp, arrays.mwt, arrays.tcell
    idx, idx2, lcv, scratch = work.idx, work.idx2, work.lcv, work.scratch
    board, st, blanks, dirs = stack.board, stack.st, stack.blanks, stack.dirs
    hstk, mdstk, movestk = stack.hstk, stack.mdstk, stack.movestk
    lcsave, path, sums = stack.lcsave, stack.path, stack.sums
    sp = st[ST_SP]
    bound = st[ST_BOUND]
    nxt = st[ST_NEXT]
    nodes = st[ST_NODES]
    sols = st[ST_SOLUTIONS]
    stop = nodes + budget
    status = 0
    while True:
        b = blanks[sp]
        d = dirs[sp]
        if d >= deg[b]:
            if sp == 0:
                status = 0
                break
            # undo the move that led here: tile movestk[sp-1] went from blanks[sp]
            # to blanks[sp-1]
            sp -= 1
            t = movestk[sp]
            x = blanks[sp + 1]
            pb = blanks[sp]
            board[x] = t
            board[pb] = 0
            if mode == MODE_PDB:
                idx[grp[t]] += (x - pb) * wt[t]
                if mirror:
                    idx2[mgrp[t]] += (tcell[x] - tcell[pb]) * mwt[t]
            elif mode == MODE_LINEAR:
                lcv[lcsave[sp, 0]] = lcsave[sp, 1]
                lcv[lcsave[sp, 2]] = lcsave[sp, 3]
            continue
        if nodes >= stop:
            status = 1
            break
        dirs[sp] = d + 1
        x = adj[b, d]
        if sp > 0 and x == blanks[sp - 1]:
            continue
        t = board[x]
        nodes += 1
        # slide tile t from x into the blank at b
        board[b] = t
        board[x] = 0
        md = mdstk[sp] - dist[t, x] + dist[t, b]
        if mode == MODE_ZERO:
            h = 0
        elif mode == MODE_MANHATTAN:
            h = md
        elif mode == MODE_LINEAR:
            if x // cols == b // cols:  # horizontal move: two columns change
                la = rows + x % cols
                lb = rows + b % cols
            else:  # vertical move: two rows change
                la = x // cols
                lb = b // cols
            oa = lcv[la]
            ob = lcv[lb]
            na = line_conflicts(board, la, rows, cols, grow, gcol, scratch)
            nb = line_conflicts(board, lb, rows, cols, grow, gcol, scratch)
            h = hstk[sp] + (md - mdstk[sp]) + 2 * (na - oa + nb - ob)
            lcv[la] = na
            lcv[lb] = nb
            lcsave[sp, 0] = la
            lcsave[sp, 1] = oa
            lcsave[sp, 2] = lb
            lcsave[sp, 3] = ob
        else:
            g = grp[t]
            old = idx[g]
            new = old + (b - x) * wt[t]
            idx[g] = new
            s1 = sums[sp, 0] - pdb[pdboff[g] + old] + pdb[pdboff[g] + new]
            h = s1
            if mirror:
                g2 = mgrp[t]
                old2 = idx2[g2]
                new2 = old2 + (tcell[b] - tcell[x]) * mwt[t]
                idx2[g2] = new2
                s2 = sums[sp, 1] - pdb[pdboff[g2] + old2] + pdb[pdboff[g2] + new2]
                if s2 > h:
                    h = s2
                sums[sp + 1, 1] = s2
            sums[sp + 1, 0] = s1
        f = sp + 1 + h
        goal = md == 0
        if f > bound or goal:
            if f > bound:
                if f < nxt:
                    nxt = f
            else:
                sols += 1
                if sols == 1:
                    for i in range(sp):
                        path[i] = movestk[i]
                    path[sp] = t
            # take the move back
            board[x] = t
            board[b] = 0
            if mode == MODE_PDB:
                idx[grp[t]] -= (b - x) * wt[t]
                if mirror:
                    idx2[mgrp[t]] -= (tcell[b] - tcell[x]) * mwt[t]
            elif mode == MODE_LINEAR:
                lcv[lcsave[sp, 0]] = lcsave[sp, 1]
                lcv[lcsave[sp, 2]] = lcsave[sp, 3]
            if goal and f <= bound and not count_all:
                status = 2
                break
            continue
        movestk[sp] = t
        sp += 1
        blanks[sp] = x
        dirs[sp] = 0
        hstk[sp] = h
        mdstk[sp] = md
    st[ST_SP] = sp
    st[ST_NEXT] = nxt
    st[ST_NODES] = nodes
    st[ST_SOLUTIONS] = sols
    return status


@njit(cache=True)
def pdb_level(table, depth, n, k, adj, deg, pos, powers):
    """Expand every pattern placement at ``depth`` (table holds 255 = not reached yet).

    ``table`` is indexed by the pattern tiles' cells as base-n digits (tile 0 most
    significant).  Returns how many placements got ``depth + 1``."""
    added = 0
    size = table.shape[0]
    for i in range(size):
        if table[i] != depth:
            continue
        rest = i
        occ = np.int64(0)
        for j in range(k - 1, -1, -1):
            pos[j] = rest % n
            rest //= n
            occ |= np.int64(1) << pos[j]
        for j in range(k):
            p = pos[j]
            for e in range(deg[p]):
                q = adj[p, e]
                if (occ >> q) & 1:
                    continue
                ni = i + (q - p) * powers[j]
                if table[ni] == 255:
                    table[ni] = depth + 1
                    added += 1
    return added


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
