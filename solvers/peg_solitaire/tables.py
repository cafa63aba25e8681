"""The arrays the compiled peg-solitaire search reads: jumps, symmetries, a position table.

``board_arrays`` packs a board for the kernel: its jumps grouped by the jumping hole,
the holes nothing can jump over (for the lower bound), and the board's symmetries that
keep the goal, as byte lookup tables that map a whole bitboard in a few steps.  With
them travels the position (transposition) table: three int64 arrays, a power of two in
length, sized by ``position_table`` from ``[solve] memory_mb`` or the number of
positions the search may visit.  ``PegArrays`` is the one value ``kernel`` takes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from .board import PegBoard
from .config import PegPuzzle

MIN_TABLE_BITS = 12


class PegArrays(NamedTuple):
    """What the compiled search reads about one board and goal (int64 arrays)."""

    jf: np.ndarray      # [J] jump j moves the peg at hole jf[j] ...
    jo: np.ndarray      # [J] ... over hole jo[j] ...
    jt: np.ndarray      # [J] ... into hole jt[j]; jumps are sorted by jf
    jm: np.ndarray      # [J] the three bits jump j toggles
    off: np.ndarray     # [n + 1] the jumps from hole i are off[i] .. off[i + 1] - 1
    umask: int          # holes nothing jumps over, less the goal's: a peg there must move
    ptab: np.ndarray    # [S, bytes, 256] the image of byte k holding v under symmetry s
    plast: np.ndarray   # [S, n + 1] plast[s, i + 1] = the image of hole i; plast[s, 0] = -1
    tk: np.ndarray      # [T] the position table: first key of each entry (0 = empty) ...
    tk2: np.ndarray     # [T] ... second key ...
    tv: np.ndarray      # [T] ... and value


def _permute_bits(bits: int, perm: Sequence[int]) -> int:
    out = 0
    for i, p in enumerate(perm):
        if bits >> i & 1:
            out |= 1 << p
    return out


def position_table(states: int | None, puzzle: PegPuzzle, budget: int | None = None
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """An empty position table (three int64 arrays, 24 bytes an entry, allocated lazily
    by the OS): ``[solve] memory_mb`` if given, else about ``states`` entries, else by
    board size (at most 16M entries = 384 MB); always a power of two, at most 2^27, and
    at most half of the memory ``budget`` (a search may hold two tables).  The table is
    a cache: a full one forgets positions, it never grows."""
    if puzzle.memory_mb:
        want = puzzle.memory_mb * (1 << 20) // 24
        size = 1 << max(MIN_TABLE_BITS, min(27, want.bit_length() - 1))
    else:
        want = states if states else 1 << min(24, puzzle.board.size + 3)
        size = 1 << max(MIN_TABLE_BITS, min(24, (max(want, 1) - 1).bit_length()))
    if budget is not None:
        while size > 1 << MIN_TABLE_BITS and 24 * size > budget // 2:
            size >>= 1
    return np.zeros(size, np.int64), np.zeros(size, np.int64), np.zeros(size, np.int64)


def board_arrays(board: PegBoard, goal: int,
                 table: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> PegArrays:
    """Jump arrays (grouped by the jumping hole) and the symmetries that keep ``goal``,
    with ``table`` (by default an empty one of the smallest size)."""
    trip = sorted(board.triples)
    n = board.size
    jf = np.array([t[0] for t in trip], np.int64)
    jo = np.array([t[1] for t in trip], np.int64)
    jt = np.array([t[2] for t in trip], np.int64)
    jm = np.array([(1 << f) | (1 << o) | (1 << t) for f, o, t in trip], np.int64)
    off = np.zeros(n + 1, np.int64)
    for f, _, _ in trip:
        off[f + 1] += 1
    off = np.cumsum(off).astype(np.int64)
    syms = [p for p in board.symmetries()
            if _permute_bits(goal, p) == goal]
    nbytes = (n + 7) // 8
    ptab = np.zeros((len(syms), max(nbytes, 1), 256), np.int64)
    plast = np.zeros((len(syms), n + 1), np.int64)
    for s, p in enumerate(syms):
        plast[s, 0] = -1
        for i in range(n):
            plast[s, i + 1] = p[i]
        vals = np.arange(256, dtype=np.int64)
        for k in range(nbytes):
            img = np.zeros(256, np.int64)
            for bit in range(min(8, n - 8 * k)):
                img |= ((vals >> bit) & 1) << p[8 * k + bit]
            ptab[s, k] = img
    umask = board.unjumpable() & ~goal
    if table is None:
        size = 1 << MIN_TABLE_BITS
        table = np.zeros(size, np.int64), np.zeros(size, np.int64), np.zeros(size, np.int64)
    tk, tk2, tv = table
    return PegArrays(jf=jf, jo=jo, jt=jt, jm=jm, off=off, umask=umask, ptab=ptab, plast=plast,
                  tk=tk, tk2=tk2, tv=tv)


__all__ = ["MIN_TABLE_BITS", "PegArrays", "board_arrays", "position_table"]
