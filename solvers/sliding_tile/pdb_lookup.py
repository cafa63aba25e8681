"""Where the compiled search looks a tile up in the pattern databases: each tile's group
and its place in the group, and, on a square board whose goal is symmetric about the main
diagonal, the same for the board mirrored about that diagonal (``mirror_symmetric``,
``mirror_index``), whose lookups in the same tables give a second lower bound.
"""

from __future__ import annotations

import numpy as np

from puzzlereel.rules.sliding_tile import Tiles

from .config import TilePuzzle


def mirror_symmetric(goal: Tiles, rows: int, cols: int) -> bool:
    """Whether mirroring about the main diagonal maps the goal onto itself up to tile
    names: a square board with the blank's goal cell on the diagonal.  Then a board and
    its mirror image are equally far from the goal, and the tables can be looked up for
    both (the larger sum is still a lower bound)."""
    if rows != cols:
        return False
    r, c = divmod(goal.index(0), cols)
    return r == c


def group_index(puzzle: TilePuzzle) -> tuple[np.ndarray, np.ndarray]:
    """(group, place) of every tile: its group's number and its place in the group."""
    n = puzzle.cells
    grp = np.zeros(n, np.int64)
    loc = np.zeros(n, np.int64)
    for g, group in enumerate(puzzle.groups):
        for j, t in enumerate(group):
            grp[t] = g
            loc[t] = j
    return grp, loc


def mirror_index(puzzle: TilePuzzle, grp: np.ndarray, loc: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(mgrp, mloc, tcell) for the mirrored lookups: tile t sits, on the board mirrored
    about the main diagonal, as tile m(t), which has group ``mgrp[t]`` and place
    ``mloc[t]`` in it; cell c becomes ``tcell[c]``."""
    n, cols = puzzle.cells, puzzle.cols
    goal_cell = {t: i for i, t in enumerate(puzzle.goal)}
    mgrp = np.zeros(n, np.int64)
    mloc = np.zeros(n, np.int64)
    tcell = np.zeros(n, np.int64)
    for cell in range(n):
        r, c = divmod(cell, cols)
        tcell[cell] = c * cols + r
    for t in range(1, n):
        m = puzzle.goal[int(tcell[goal_cell[t]])]
        mgrp[t] = grp[m]
        mloc[t] = loc[m]
    return mgrp, mloc, tcell


__all__ = ["group_index", "mirror_index", "mirror_symmetric"]
