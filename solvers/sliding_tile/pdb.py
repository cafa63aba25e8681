"""Additive pattern databases for the sliding-tile lower bound: building, caching, loading.

The tiles are split into disjoint groups (``TilePuzzle.groups``, e.g. 6-6-3 on the
15-puzzle).  A group's table holds, for every placement of its tiles, the fewest moves
*of those tiles* that bring them all to their goal cells, the other tiles moving for
free; so the tables of disjoint groups add up to a lower bound.  A table is indexed by
its tiles' cells read as base-n digits (``group_index`` gives each tile's weight).

``load_tables`` takes each group's table from the ``pdb`` folder of the user cache
(``puzzlereel.cache``), named after the board and the group's goal cells, or builds it
breadth-first with the compiled ``kernel.pdb_level`` and saves it there.  On a square
board whose goal is symmetric about the main diagonal the same tables can also be read
for the mirrored board (``mirror_symmetric``, ``mirror_index``).
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from puzzlereel import cache
from puzzlereel.fileio import atomic_path
from puzzlereel.progress import Progress
from puzzlereel.rules.sliding_tile import Tiles

from .arrays import adjacency
from .config import PuzzleError, TilePuzzle


def pdb_dir() -> Path:
    """Where pattern databases are kept: the ``pdb`` folder of the user cache
    (``puzzlereel.cache``)."""
    return cache.cache_dir() / "pdb"


@dataclass
class PdbInfo:
    """What building / loading the tables cost."""

    name: str
    seconds: float = 0.0
    bytes: int = 0
    built: int = 0
    loaded: int = 0
    files: list[str] = field(default_factory=list)


def _pdb_name(rows: int, cols: int, cells: tuple[int, ...]) -> str:
    """The cache file of one group's table: the board's size and the group's goal cells."""
    key = f"{rows}x{cols}:" + ",".join(map(str, cells))
    digest = hashlib.sha1(key.encode()).hexdigest()[:12]
    return f"tiles-pdb-{rows}x{cols}-{len(cells)}-{digest}.npy"


def build_group_table(rows: int, cols: int, cells: tuple[int, ...],
                      progress: Progress | None = None) -> np.ndarray:
    """The table for tiles whose goal cells are ``cells``: entry (base-n digits = the tiles'
    cells) = fewest moves *of these tiles* to bring them all home (others move for free)."""
    from . import kernel as k

    n = rows * cols
    kk = len(cells)
    size = n ** kk
    table = np.full(size, 255, np.uint8)
    powers = np.array([n ** (kk - 1 - j) for j in range(kk)], np.int64)
    table[int(sum(c * p for c, p in zip(cells, powers, strict=True)))] = 0
    adj, deg = adjacency(rows, cols)
    pos = np.zeros(kk, np.int64)
    total = 1
    for j in range(kk):
        total *= n - j
    done = 1
    depth = 0
    while True:
        added = k.pdb_level(table, depth, n, kk, adj, deg, pos, powers)
        if added == 0:
            break
        done += added
        depth += 1
        if depth >= 255:
            raise PuzzleError("pattern database deeper than 254 moves")
        if progress is not None:
            progress(f"pattern database {kk} tiles, depth {depth}", done, total)
    return table


def load_tables(puzzle: TilePuzzle, progress: Progress
                ) -> tuple[np.ndarray, np.ndarray, PdbInfo]:
    """(flat tables, offsets, info): each group's table from the cache or built now."""
    goal_cell = {t: i for i, t in enumerate(puzzle.goal)}
    info = PdbInfo(puzzle.pdb_name)
    t0 = time.perf_counter()
    tables = []
    folder = cache.writable(pdb_dir())  # None: build in memory only (warned once)
    for group in puzzle.groups:
        cells = tuple(goal_cell[t] for t in group)
        path = (folder or pdb_dir()) / _pdb_name(puzzle.rows, puzzle.cols, cells)
        size = puzzle.cells ** len(cells)
        table: np.ndarray | None = None
        if folder is not None and path.exists():
            try:
                table = np.load(path, allow_pickle=False)
            except (OSError, ValueError):
                table = None
            if table is not None and (table.dtype != np.uint8 or table.shape != (size,)):
                table = None
        if table is None:
            table = build_group_table(puzzle.rows, puzzle.cols, cells, progress)
            info.built += 1
            if folder is not None:
                try:
                    with atomic_path(path) as tmp, open(tmp, "wb") as handle:
                        np.save(handle, table, allow_pickle=False)
                except OSError as exc:  # a full disk only costs a rebuild next time
                    cache.warn_unusable(folder, exc.strerror or str(exc))
                else:
                    info.files.append(str(path))
        else:
            info.loaded += 1
            info.files.append(str(path))
        tables.append(table)
    offsets = np.zeros(len(tables), np.int64)
    for i in range(1, len(tables)):
        offsets[i] = offsets[i - 1] + tables[i - 1].shape[0]
    flat = np.concatenate(tables) if tables else np.zeros(1, np.uint8)
    info.bytes = int(flat.nbytes)
    info.seconds = time.perf_counter() - t0
    return flat, offsets, info


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
    """(group, weight) of every tile: a group's table index is the sum of its tiles'
    ``cell * weight`` (the first tile of the group the most significant digit)."""
    n = puzzle.cells
    grp = np.zeros(n, np.int64)
    wt = np.zeros(n, np.int64)
    for g, group in enumerate(puzzle.groups):
        for j, t in enumerate(group):
            grp[t] = g
            wt[t] = n ** (len(group) - 1 - j)
    return grp, wt


def mirror_index(puzzle: TilePuzzle, grp: np.ndarray, wt: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(mgrp, mwt, tcell) for the mirrored lookups: tile t sits, on the board mirrored
    about the main diagonal, as tile m(t), which has group ``mgrp[t]`` and weight
    ``mwt[t]``; cell c becomes ``tcell[c]``."""
    n, cols = puzzle.cells, puzzle.cols
    goal_cell = {t: i for i, t in enumerate(puzzle.goal)}
    mgrp = np.zeros(n, np.int64)
    mwt = np.zeros(n, np.int64)
    tcell = np.zeros(n, np.int64)
    for cell in range(n):
        r, c = divmod(cell, cols)
        tcell[cell] = c * cols + r
    for t in range(1, n):
        m = puzzle.goal[int(tcell[goal_cell[t]])]
        mgrp[t] = grp[m]
        mwt[t] = wt[m]
    return mgrp, mwt, tcell


__all__ = ["PdbInfo", "build_group_table", "group_index", "load_tables", "mirror_index",
           "mirror_symmetric", "pdb_dir"]
