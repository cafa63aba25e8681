"""The arrays the compiled IDA* works on (``kernel``), and the board geometry in them.

``TileArrays`` is everything IDA* reads about one puzzle and its lower bound, built once per
puzzle and heuristic by ``ida.TileSearch``; ``Work`` and ``Stack`` are what it changes
as it goes, kept between calls so that a long iteration can be paused (progress, node
limits) and resumed.  They are numpy arrays in ``typing.NamedTuple``s, which numba
compiles to plain structs.  Nothing here imports numba.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from puzzlereel.rules.sliding_tile import Tiles

# ida_run's ``st`` array: the search's scalar state, kept between calls so that a long
# iteration can be paused (progress, node limits) and resumed.
ST_SP, ST_BOUND, ST_NEXT, ST_NODES, ST_SOLUTIONS, ST_H0 = 0, 1, 2, 3, 4, 5
ST_SIZE = 6

MODE_ZERO, MODE_MANHATTAN, MODE_LINEAR, MODE_PDB = 0, 1, 2, 3
HEURISTIC_MODES = {"manhattan": MODE_MANHATTAN, "linear-conflict": MODE_LINEAR, "pdb": MODE_PDB}

INF = 1 << 30


class TileArrays(NamedTuple):
    """What the compiled search reads about one puzzle and its lower bound (n = cells).

    With pattern databases, group g's tiles occupy the cells of the bit mask
    ``Work.occ[g]``; its entry is the 4-bit value at ``Work.idx[g]`` (see
    ``kernel.placement_index``: the occupied cells and the tiles' places ``loc[t]``
    in their group) of its table, which starts at byte ``pdboff[g]`` of ``pdb``; the
    bound is the Manhattan distance plus twice the sum of the entries.  With ``mirror``
    the same is done for the board mirrored about the main diagonal, where the tile
    standing for t has group ``mgrp[t]`` and place ``mloc[t]`` and cell c becomes
    ``tcell[c]``."""

    rows: int
    cols: int
    mode: int               # MODE_ZERO, MODE_MANHATTAN, MODE_LINEAR or MODE_PDB
    adj: np.ndarray         # [n, 4] the cells next to each cell, padded with -1
    deg: np.ndarray         # [n] how many there are
    dist: np.ndarray        # [n, n] Manhattan distance of tile t at cell c from its goal
    grow: np.ndarray        # [n] each tile's goal row
    gcol: np.ndarray        # [n] each tile's goal column
    grp: np.ndarray         # [n] each tile's pattern group
    loc: np.ndarray         # [n] its place in the group (0 .. size - 1)
    gsize: np.ndarray       # [groups] each group's number of tiles k ...
    gfact: np.ndarray       # [groups] ... and k!
    pdb: np.ndarray         # uint8: every group's table, one after another, 2 entries a byte
    pdboff: np.ndarray      # [groups] where each group's table starts in ``pdb``
    binom: np.ndarray       # [n + 1, max k + 2] binomial coefficients (subset ranks)
    popc: np.ndarray        # [65536] set bits of every 16-bit value
    ident: np.ndarray       # [n] 0 .. n-1 (the cells read for the plain lookups)
    mirror: bool            # also look the tables up for the mirrored board
    mgrp: np.ndarray        # [n] the mirrored board's groups ...
    mloc: np.ndarray        # [n] ... and places
    tcell: np.ndarray       # [n] each cell's mirror image


class Work(NamedTuple):
    """The heuristic's running values for the current board: ``heuristic`` fills them,
    ``ida_run`` updates them move by move."""

    idx: np.ndarray         # [groups] each group's table index
    idx2: np.ndarray        # [groups] the same on the mirrored board
    occ: np.ndarray         # [groups] the cells each group's tiles occupy (bit mask)
    occ2: np.ndarray        # [groups] the same on the mirrored board
    lcv: np.ndarray         # [rows + cols] linear conflicts in each row, then each column
    scratch: np.ndarray     # [2 * max(rows, cols) + 2] ``line_conflicts``'s working space


class Stack(NamedTuple):
    """IDA*'s state between calls of ``ida_run`` (depth-indexed arrays, ``depth cap`` rows),
    so that a long iteration can be paused and resumed."""

    root: np.ndarray        # [n] the start position
    board: np.ndarray       # [n] the board at the top of the stack
    st: np.ndarray          # [ST_SIZE] the scalars (ST_SP, ST_BOUND, ...)
    blanks: np.ndarray      # the blank's cell at each depth
    dirs: np.ndarray        # the next neighbour to try at each depth
    hstk: np.ndarray        # the heuristic at each depth
    mdstk: np.ndarray       # the Manhattan distance at each depth
    movestk: np.ndarray     # the tile moved from each depth
    lcsave: np.ndarray      # [depth cap, 4] the two line-conflict values a move replaced
    path: np.ndarray        # the first solution's tiles
    sums: np.ndarray        # [depth cap, 2] the table sums (plain, mirrored) at each depth
    saved: np.ndarray       # [depth cap, 2] the table indexes (plain, mirrored) a move replaced


def adjacency(rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
    """(adj, deg): the cells next to each cell, padded with -1, and how many there are."""
    n = rows * cols
    adj = np.full((n, 4), -1, np.int64)
    deg = np.zeros(n, np.int64)
    for cell in range(n):
        r, c = divmod(cell, cols)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < rows and 0 <= cc < cols:
                adj[cell, deg[cell]] = rr * cols + cc
                deg[cell] += 1
    return adj, deg


def goal_distances(goal: Tiles, rows: int, cols: int
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(dist, grow, gcol): ``dist[t, c]`` the Manhattan distance of tile t at cell c from
    its goal cell, which is in row ``grow[t]`` and column ``gcol[t]`` (the blank: 0)."""
    n = rows * cols
    goal_cell = {t: i for i, t in enumerate(goal)}
    dist = np.zeros((n, n), np.int64)
    grow = np.zeros(n, np.int64)
    gcol = np.zeros(n, np.int64)
    for t in range(1, n):
        gr, gc = divmod(goal_cell[t], cols)
        grow[t], gcol[t] = gr, gc
        for cell in range(n):
            r, c = divmod(cell, cols)
            dist[t, cell] = abs(r - gr) + abs(c - gc)
    return dist, grow, gcol


def new_stack(start: Tiles, depth_cap: int) -> Stack:
    """An empty stack for a search from ``start``, for paths up to ``depth_cap - 2`` moves."""
    root = np.array(start, np.int64)
    return Stack(root=root, board=root.copy(), st=np.zeros(ST_SIZE, np.int64),
                 blanks=np.zeros(depth_cap, np.int64), dirs=np.zeros(depth_cap, np.int64),
                 hstk=np.zeros(depth_cap, np.int64), mdstk=np.zeros(depth_cap, np.int64),
                 movestk=np.zeros(depth_cap, np.int64),
                 lcsave=np.zeros((depth_cap, 4), np.int64),
                 path=np.zeros(depth_cap, np.int64), sums=np.zeros((depth_cap, 2), np.int64),
                 saved=np.zeros((depth_cap, 2), np.int64))


__all__ = ["HEURISTIC_MODES", "INF", "MODE_LINEAR", "MODE_MANHATTAN", "MODE_PDB", "MODE_ZERO",
           "ST_BOUND", "ST_NEXT", "ST_NODES", "ST_SIZE", "ST_SOLUTIONS", "ST_SP", "Stack",
           "TileArrays", "Work", "adjacency", "goal_distances", "new_stack"]
