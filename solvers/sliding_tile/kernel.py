"""Compiled IDA* of the sliding-tile solver (numba, cached on disk).

``ida`` calls these (importing this module only when it needs it: it loads numba); they
work on flat numpy arrays.  IDA* takes what it reads about the puzzle and
its lower bound as one ``arrays.Arrays`` value, and what it changes as one ``Work`` (the
heuristic's running values, shared with ``heuristic``) and one ``Stack``.

- ``ida_run``: one IDA* iteration (cost bound) as a resumable depth-first
  search with an explicit stack, the heuristic updated incrementally per move: 0
  (iterative deepening), Manhattan distance, Manhattan + linear conflicts, or additive
  pattern databases (only the moved tile's group is looked up again, on the board and
  on its mirror image; ``placement_index`` numbers the placements as ``pdb_kernel``
  builds the tables).  It can stop at
  the first solution or count every path that reaches the goal within the bound (all
  optimal solutions, in the last iteration).

The tables themselves are built by ``pdb_kernel``; the whole-space breadth-first search
of small puzzles is ``space_kernel``.
"""

from __future__ import annotations

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
def placement_index(mask, board, cellmap, locmap, k, kf, n, binom, pc):
    """A pattern's table index on ``board``: its tiles occupy the cells of ``mask``.

    ``cellmap[c]`` is the board cell read for cell c (the identity, or the mirror image for
    the lookups on the mirrored board) and ``locmap[t]`` the place of tile t in its group
    (0 .. k-1).  Index = colex rank of the cells * k! + lexicographic rank of the tiles'
    places read by increasing cell."""
    s = 0
    arr = 0
    used = 0
    i = 0
    for c in range(n):
        if (mask >> c) & 1:
            i += 1
            s += binom[c, i]
            loc = locmap[board[cellmap[c]]]
            arr = arr * (k - i + 1) + loc - pc[used & ((1 << loc) - 1)]
            used |= 1 << loc
    return s * kf + arr


@njit(cache=True)
def entry(pdb, off, i):
    """Entry i of the table starting at byte ``off`` (4 bits each, low nibble first)."""
    return (pdb[off + (i >> 1)] >> ((i & 1) << 2)) & 15


@njit(cache=True)
def heuristic(board, arrays, work):
    """The full (non-incremental) heuristic of ``board``; fills ``work`` (``idx``, ``idx2``,
    ``occ``, ``occ2``, ``lcv``) for ``ida_run`` to update from there.

    With ``arrays.mirror`` (pattern databases on a square board whose goal is symmetric
    about the main diagonal) the tables are also looked up for the board mirrored about
    that diagonal, tile t becoming ``m(t)``: ``idx2`` indexes it, and h uses the larger
    sum (the Manhattan distance is the same on both boards)."""
    rows, cols, mode, dist = arrays.rows, arrays.cols, arrays.mode, arrays.dist
    grow, gcol, grp, loc = arrays.grow, arrays.gcol, arrays.grp, arrays.loc
    pdb, pdboff, mirror = arrays.pdb, arrays.pdboff, arrays.mirror
    mgrp, mloc, tcell = arrays.mgrp, arrays.mloc, arrays.tcell
    gsize, gfact, binom, popc = arrays.gsize, arrays.gfact, arrays.binom, arrays.popc
    idx, idx2, occ, occ2 = work.idx, work.idx2, work.occ, work.occ2
    lcv, scratch = work.lcv, work.scratch
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
        occ[g] = 0
        occ2[g] = 0
        idx2[g] = 0
    for cell in range(n):
        t = board[cell]
        if t != 0:
            occ[grp[t]] |= 1 << cell
            occ2[mgrp[t]] |= 1 << tcell[cell]
    h = 0
    h2 = 0
    for g in range(idx.shape[0]):
        idx[g] = placement_index(occ[g], board, arrays.ident, loc, gsize[g], gfact[g], n,
                                 binom, popc)
        h += entry(pdb, pdboff[g], idx[g])
        if mirror:
            idx2[g] = placement_index(occ2[g], board, tcell, mloc, gsize[g], gfact[g], n,
                                      binom, popc)
            h2 += entry(pdb, pdboff[g], idx2[g])
    if mirror and h2 > h:
        h = h2
    return md + 2 * h


@njit(cache=True)
def heuristics(boards, arrays, work, out):
    """``heuristic`` of every row of ``boards`` into ``out`` (checks over many boards)."""
    for i in range(boards.shape[0]):
        out[i] = heuristic(boards[i], arrays, work)


@njit(cache=True)
def pdb_sum(pdb, pdboff, idx):
    h = 0
    for g in range(idx.shape[0]):
        h += entry(pdb, pdboff[g], idx[g])
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
    dist, grow, gcol, grp, loc = arrays.dist, arrays.grow, arrays.gcol, arrays.grp, arrays.loc
    pdb, pdboff, mirror = arrays.pdb, arrays.pdboff, arrays.mirror
    mgrp, mloc, tcell, ident = arrays.mgrp, arrays.mloc, arrays.tcell, arrays.ident
    gsize, gfact, binom, popc = arrays.gsize, arrays.gfact, arrays.binom, arrays.popc
    idx, idx2, occ, occ2 = work.idx, work.idx2, work.occ, work.occ2
    lcv, scratch = work.lcv, work.scratch
    board, st, blanks, dirs = stack.board, stack.st, stack.blanks, stack.dirs
    hstk, mdstk, movestk = stack.hstk, stack.mdstk, stack.movestk
    lcsave, path, sums, saved = stack.lcsave, stack.path, stack.sums, stack.saved
    n = rows * cols
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
                occ[grp[t]] ^= (1 << x) | (1 << pb)
                idx[grp[t]] = saved[sp, 0]
                if mirror:
                    occ2[mgrp[t]] ^= (1 << tcell[x]) | (1 << tcell[pb])
                    idx2[mgrp[t]] = saved[sp, 1]
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
            occ[g] ^= (1 << x) | (1 << b)
            new = placement_index(occ[g], board, ident, loc, gsize[g], gfact[g], n, binom,
                                  popc)
            idx[g] = new
            saved[sp, 0] = old
            s1 = sums[sp, 0] - entry(pdb, pdboff[g], old) + entry(pdb, pdboff[g], new)
            best = s1
            if mirror:
                g2 = mgrp[t]
                old2 = idx2[g2]
                occ2[g2] ^= (1 << tcell[x]) | (1 << tcell[b])
                new2 = placement_index(occ2[g2], board, tcell, mloc, gsize[g2], gfact[g2], n,
                                       binom, popc)
                idx2[g2] = new2
                saved[sp, 1] = old2
                s2 = sums[sp, 1] - entry(pdb, pdboff[g2], old2) + entry(pdb, pdboff[g2], new2)
                if s2 > best:
                    best = s2
                sums[sp + 1, 1] = s2
            sums[sp + 1, 0] = s1
            h = md + 2 * best
            if h < hstk[sp] - 1:
                # pathmax: the tables are admissible but not consistent (a move that
                # puts the blank in another region of free cells can lower an entry by
                # more than one), and the parent's bound less one is a bound too
                h = hstk[sp] - 1
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
                occ[grp[t]] ^= (1 << x) | (1 << b)
                idx[grp[t]] = saved[sp, 0]
                if mirror:
                    occ2[mgrp[t]] ^= (1 << tcell[x]) | (1 << tcell[b])
                    idx2[mgrp[t]] = saved[sp, 1]
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
