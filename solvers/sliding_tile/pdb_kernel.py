"""Compiled pieces of pattern-database building and lookup (numba, cached on disk).

A pattern is a group of k tiles.  Its abstract positions are the placements of those k
tiles on the board's n cells, the other tiles being alike and the blank free to wander
at no cost through the cells the pattern does not occupy; so an abstract state is a
placement plus the *region* (connected set of free cells) that holds the blank.  A move
slides one pattern tile into a free cell of the blank's region next to it, at cost 1.
A placement's distance is the fewest moves from it, with the blank in its best region,
to the goal placement with the blank in the region of its goal cell: an exact abstract
distance, so never more than the moves the group's tiles make in the real puzzle.
Every move changes the group's Manhattan distance md by one, so distance - md is even;
the table keeps (distance - md) / 2 in 4 bits, two entries a byte.

Placements are numbered by two ranks (``kernel.placement_index``): the set of occupied
cells (a k-subset of the n cells, ranked in increasing order of its bit mask, i.e. colex
order: ``colex_rank``) and the order in which the group's tiles appear in those cells,
read by increasing cell (a permutation of k, ranked lexicographically).  Index =
subset rank * k! + permutation rank: n!/(n-k)! entries, none wasted.

The breadth-first search (``expand_blocks``) works on *blocks*: one block per occupied
set and region, holding all k! arrangements of the tiles, two bits each (0 = not
reached, 1 or 2 = reached at an even or odd depth and not expanded yet, 3 = expanded).
Moving a tile from cell p to cell q changes the occupied set the same way for every
arrangement of a block and moves one tile to another place in the cell order, so a whole
block moves at once to one target block, through a table of rank changes
(``rank_moves``): the inner loop's memory accesses stay inside two blocks.  For 8 tiles
on 16 cells that is 35,347 blocks of 40,320 states (356 MB of 2-bit codes) besides the
259 MB table.
"""

from __future__ import annotations

import numpy as np

from puzzlereel.solvers.jit import njit

M55 = 0x5555555555555555   # the low bit of every 2-bit field of a 64-bit word


@njit(cache=True)
def popcount(x, pc):
    """Set bits of a non-negative mask below 2**64 (``pc``: the bits of every 16-bit value)."""
    return (pc[x & 0xFFFF] + pc[(x >> 16) & 0xFFFF] + pc[(x >> 32) & 0xFFFF]
            + pc[(x >> 48) & 0xFFFF])


@njit(cache=True)
def colex_rank(mask, n, binom):
    """The rank of a k-subset of cells (bit mask) among all k-subsets in increasing order
    of their masks: the sum of C(cell, i) over its cells, the i-th smallest (from 1)."""
    r = 0
    i = 0
    for c in range(n):
        if (mask >> c) & 1:
            i += 1
            r += binom[c, i]
    return r


@njit(cache=True)
def k_subsets(n, k, out):
    """Every k-subset of n cells as a bit mask, in increasing order, into ``out``."""
    m = (1 << k) - 1
    limit = 1 << n
    i = 0
    while m < limit:
        out[i] = m
        i += 1
        low = m & -m
        r = m + low
        m = (((r ^ m) >> 2) // low) | r
    return i


@njit(cache=True)
def free_regions(masks, n, adj, deg, labels, nreg):
    """For each occupied set: the region number of every free cell (-1 where occupied),
    regions numbered by their smallest cell; ``nreg`` = how many regions."""
    stack = np.empty(n, np.int64)
    for s in range(masks.shape[0]):
        occ = masks[s]
        for c in range(n):
            labels[s, c] = -1
        r = 0
        for c in range(n):
            if (occ >> c) & 1 or labels[s, c] >= 0:
                continue
            labels[s, c] = r
            stack[0] = c
            top = 1
            while top > 0:
                top -= 1
                x = stack[top]
                for e in range(deg[x]):
                    y = adj[x, e]
                    if not ((occ >> y) & 1) and labels[s, y] < 0:
                        labels[s, y] = r
                        stack[top] = y
                        top += 1
            r += 1
        nreg[s] = r


@njit(cache=True)
def lehmer_rank(seq, k, pc):
    """Lexicographic rank of a permutation of 0 .. k-1."""
    rank = 0
    used = 0
    for i in range(k):
        v = seq[i]
        rank = rank * (k - i) + v - pc[used & ((1 << v) - 1)]
        used |= 1 << v
    return rank


@njit(cache=True)
def rank_moves(k, kf, pc, remap, perm):
    """``perm[r]``: the permutation of rank r; ``remap[a * k + b, r]``: the rank of
    permutation r after its element at place a is taken out and put back at place b (the
    others keeping their order)."""
    seq = np.empty(k, np.int64)
    moved = np.empty(k, np.int64)
    fact = np.ones(k + 1, np.int64)
    for i in range(1, k + 1):
        fact[i] = fact[i - 1] * i
    for r in range(kf):
        rest = r
        used = 0
        for i in range(k):
            f = fact[k - 1 - i]
            q = rest // f
            rest -= q * f
            for v in range(k):
                if not (used >> v) & 1:
                    if q == 0:
                        seq[i] = v
                        perm[r, i] = v
                        used |= 1 << v
                        break
                    q -= 1
        for a in range(k):
            for b in range(k):
                x = seq[a]
                j = 0
                for i in range(k):
                    if i == a:
                        continue
                    if j == b:
                        j += 1
                    moved[j] = seq[i]
                    j += 1
                moved[b] = x
                remap[a * k + b, r] = lehmer_rank(moved, k, pc)


@njit(cache=True)
def expand_blocks(words, out, masks, labels, boff, blk_s, blk_r, cur_flags, nxt_flags,
                  lo, hi, depth, n, k, kf, stride, adj, deg, binom, remap, perm, dgoal, pc,
                  found, cells2, counts):
    """Expand every state at ``depth`` (2-bit code depth % 2 + 1) in blocks lo .. hi-1
    (those flagged in ``cur_flags``), then mark it expanded (code 3): each successor not
    reached yet (code 0) gets the code of depth + 1 and its block a flag in
    ``nxt_flags``.  A placement reached for the first time gets its table entry: half the
    moves beyond its tiles' Manhattan distance, (depth + 1 - md) / 2, a 4-bit value
    (15 = not reached yet; values above 14 are stored as 14, which only lowers the
    bound, and counted in ``counts[1]``).  ``counts[0]`` += the states reached."""
    cur = depth % 2 + 1        # the states at ``depth`` ...
    nxt = 3 - cur              # ... those found for depth + 1; 3 = expanded already
    pat = 0
    for j in range(32):
        pat |= cur << (2 * j)
    wpb = stride // 32
    added = 0
    for block in range(lo, hi):
        if cur_flags[block] == 0:
            continue
        base = block * wpb
        cnt = 0
        for w in range(wpb):
            x = words[base + w] ^ pat
            z = ~(x | (x >> 1)) & M55
            if z != 0:
                for j in range(32):
                    if (z >> (2 * j)) & 1:
                        found[cnt] = w * 32 + j
                        cnt += 1
        if cnt == 0:
            continue
        s = blk_s[block]
        r = blk_r[block]
        occ = masks[s]
        for q in range(n):
            if labels[s, q] != r:
                continue
            for e in range(deg[q]):
                p = adj[q, e]
                if not (occ >> p) & 1:
                    continue
                # the tile at p slides into q; the blank is left at p
                occ2 = occ ^ (1 << p) ^ (1 << q)
                s2 = colex_rank(occ2, n, binom)
                block2 = boff[s2] + labels[s2, p]
                a = popcount(occ & ((1 << p) - 1), pc)
                b = popcount(occ2 & ((1 << q) - 1), pc)
                row = a * k + b
                i = 0
                for c in range(n):
                    if (occ2 >> c) & 1:
                        cells2[i] = c
                        i += 1
                base2 = block2 * stride
                obase = s2 * kf
                before = added
                for i in range(cnt):
                    t = found[i]
                    if a != b:
                        t = remap[row, t]
                    ci = base2 + t
                    wi = ci >> 5
                    sh = (ci & 31) << 1
                    if ((words[wi] >> sh) & 3) != 0:
                        continue
                    words[wi] |= nxt << sh
                    added += 1
                    oi = obase + t
                    ob = oi >> 1
                    osh = (oi & 1) << 2
                    if ((out[ob] >> osh) & 15) != 15:
                        continue
                    md = 0
                    for j in range(k):
                        md += dgoal[perm[t, j], cells2[j]]
                    v = (depth + 1 - md) >> 1
                    if v > 14:
                        v = 14
                        counts[1] += 1
                    out[ob] = (out[ob] & (240 >> osh)) | (v << osh)
                if added > before:
                    nxt_flags[block2] = 1
        for i in range(cnt):
            ci = block * stride + found[i]
            words[ci >> 5] |= 3 << ((ci & 31) << 1)
    counts[0] += added
    return added


__all__ = ["colex_rank", "expand_blocks", "free_regions", "k_subsets", "lehmer_rank",
           "popcount", "rank_moves"]
