"""IDA* on a sliding-tile puzzle: ``TileSearch`` builds the arrays the compiled search
(``kernel.ida_run``) reads once per puzzle and heuristic (pattern databases from ``pdb``,
looked up as ``pdb_lookup`` says) and calls it in chunks of nodes, so that progress is
reported and a node limit is honoured; ``IdaResult`` is what a run found.  ``reaches``
runs one iteration alone: whether a board is within a number of moves of the goal.

The compiled kernel is imported where it is first used, so that importing this module
never loads numba.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np

from puzzlereel.ground.progress import Progress, no_progress
from puzzlereel.ground.words import count_text
from puzzlereel.rules.sliding_tile import Tiles

from .arrays import (
    HEURISTIC_MODES,
    INF,
    MODE_PDB,
    MODE_ZERO,
    ST_BOUND,
    ST_NEXT,
    ST_NODES,
    ST_SOLUTIONS,
    TileArrays,
    Work,
    adjacency,
    goal_distances,
    new_stack,
)
from .config import TilePuzzle
from .pdb import PdbInfo, binomials, load_tables, popcounts
from .pdb_lookup import group_index, mirror_index, mirror_symmetric

MAX_IDA_DEPTH = 1000


@dataclass
class IdaResult:
    """An IDA* run: status, one optimal solution (tiles moved), how many there are."""

    status: str
    path: list[int] = field(default_factory=list)
    solutions: int = 0
    nodes: int = 0
    seconds: float = 0.0
    iterations: list[tuple[int, int]] = field(default_factory=list)  # (bound, nodes)
    pdb: PdbInfo | None = None
    h0: int = 0


class TileSearch:
    """The arrays IDA* needs for one puzzle and one heuristic (tables loaded once).

    ``heuristic`` None is iterative deepening (no lower bound); ``arrays`` is what the
    kernel reads, ``work`` the heuristic's running values (``arrays.Arrays``, ``Work``)."""

    def __init__(self, puzzle: TilePuzzle, heuristic: str | None,
                 progress: Progress = no_progress) -> None:
        self.puzzle = puzzle
        rows, cols = puzzle.rows, puzzle.cols
        n = rows * cols
        mode = MODE_ZERO if heuristic is None else HEURISTIC_MODES[heuristic]
        adj, deg = adjacency(rows, cols)
        dist, grow, gcol = goal_distances(puzzle.goal, rows, cols)
        grp, loc = np.zeros(n, np.int64), np.zeros(n, np.int64)
        pdb, pdboff = np.zeros(1, np.uint8), np.zeros(1, np.int64)
        gsize, gfact = np.ones(1, np.int64), np.ones(1, np.int64)
        kmax = 1
        self.pdb_info: PdbInfo | None = None
        ngroups = 1
        if mode == MODE_PDB:
            grp, loc = group_index(puzzle)
            pdb, pdboff, self.pdb_info = load_tables(puzzle, progress)
            ngroups = len(puzzle.groups)
            gsize = np.array([len(g) for g in puzzle.groups], np.int64)
            gfact = np.array([math.factorial(len(g)) for g in puzzle.groups], np.int64)
            kmax = int(gsize.max())
        mirror = mode == MODE_PDB and mirror_symmetric(puzzle.goal, rows, cols)
        if mirror:
            mgrp, mloc, tcell = mirror_index(puzzle, grp, loc)
        else:
            mgrp, mloc, tcell = np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64)
        self.arrays = TileArrays(rows=rows, cols=cols, mode=mode, adj=adj, deg=deg, dist=dist,
                             grow=grow, gcol=gcol, grp=grp, loc=loc, gsize=gsize, gfact=gfact,
                             pdb=pdb, pdboff=pdboff, binom=binomials(n, kmax),
                             popc=popcounts(), ident=np.arange(n, dtype=np.int64),
                             mirror=mirror, mgrp=mgrp, mloc=mloc, tcell=tcell)
        self.work = Work(idx=np.zeros(ngroups, np.int64), idx2=np.zeros(ngroups, np.int64),
                         occ=np.zeros(ngroups, np.int64), occ2=np.zeros(ngroups, np.int64),
                         lcv=np.zeros(rows + cols, np.int64),
                         scratch=np.zeros(2 * max(rows, cols) + 2, np.int64))

    @property
    def mirror(self) -> bool:
        """Whether the tables are also looked up for the mirrored board."""
        return self.arrays.mirror

    @mirror.setter
    def mirror(self, on: bool) -> None:
        self.arrays = self.arrays._replace(mirror=bool(on))

    def preload(self, count_all: bool = False) -> None:
        """Load the compiled search (from the cache, or by compiling it) for this puzzle's
        arrays, without running it, so that a search timed afterwards holds no loading."""
        from puzzlereel.solvers.jit import preload

        from . import kernel as k

        stack = new_stack(self.puzzle.tiles, 4)
        preload(k.heuristic, stack.board, self.arrays, self.work)
        preload(k.ida_run, self.arrays, self.work, stack, count_all, 1, True)

    def h(self, tiles: Tiles) -> int:
        """The heuristic's value for one position (tests, admissibility checks)."""
        from . import kernel as k

        return int(k.heuristic(np.array(tiles, np.int64), self.arrays, self.work))

    def h_all(self, boards: np.ndarray) -> np.ndarray:
        """The heuristic of every row of ``boards`` (an int64 array, one board a row)."""
        from . import kernel as k

        out = np.zeros(boards.shape[0], np.int64)
        k.heuristics(np.ascontiguousarray(boards, np.int64), self.arrays, self.work, out)
        return out

    def reaches(self, start: Tiles, bound: int, max_nodes: int) -> tuple[bool | None, int]:
        """Whether ``start`` reaches the goal in at most ``bound`` moves, by one IDA*
        iteration with that cost bound (no path within it: the lower bound never
        overestimates, so there is none); None when it stopped after ``max_nodes``
        nodes first.  Also the nodes it generated."""
        from . import kernel as k

        if start == self.puzzle.goal:
            return True, 0
        if bound <= 0 or max_nodes <= 0:
            return (False if bound <= 0 else None), 0
        stack = new_stack(start, bound + 2)
        st = stack.st
        st[:] = 0
        st[ST_BOUND] = bound
        st[ST_NEXT] = INF
        status = k.ida_run(self.arrays, self.work, stack, False, max_nodes, True)
        nodes = int(st[ST_NODES])
        return {0: False, 1: None, 2: True}[int(status)], nodes

    def run(self, start: Tiles, *, count_all: bool = False, max_nodes: int | None = None,
            max_depth: int = MAX_IDA_DEPTH, progress: Progress | None = None,
            chunk: int = 2_000_000) -> IdaResult:
        """IDA* from ``start`` to the goal; with ``count_all`` also count optimal solutions."""
        from . import kernel as k

        arrays, work = self.arrays, self.work
        t0 = time.perf_counter()
        out = IdaResult("solved", pdb=self.pdb_info)
        stack = new_stack(start, max_depth + 2)
        st = stack.st
        h0 = int(k.heuristic(stack.board, arrays, work))
        out.h0 = h0
        if start == self.puzzle.goal:
            out.solutions = 1
            out.seconds = time.perf_counter() - t0
            return out
        bound = h0 if arrays.mode != MODE_ZERO else 1
        total_nodes = 0
        while True:
            if bound > max_depth:
                out.status = "limit"
                break
            st[:] = 0
            st[ST_BOUND] = bound
            st[ST_NEXT] = INF
            begin = True
            while True:
                budget = chunk
                if max_nodes is not None:
                    budget = min(budget, max_nodes - total_nodes - int(st[ST_NODES]))
                    if budget <= 0:
                        break
                status = k.ida_run(arrays, work, stack, count_all, budget, begin)
                begin = False
                if progress is not None:
                    nodes = total_nodes + int(st[ST_NODES])
                    progress(f"bound {bound}: {count_text(nodes)} nodes", nodes, None)
                if status != 1:
                    break
            nodes = int(st[ST_NODES])
            total_nodes += nodes
            out.iterations.append((bound, nodes))
            if int(st[ST_SOLUTIONS]) > 0:
                out.solutions = int(st[ST_SOLUTIONS])
                out.path = [int(t) for t in stack.path[:bound]]
                break
            if max_nodes is not None and total_nodes >= max_nodes:
                out.status = "limit"
                break
            if int(st[ST_NEXT]) >= INF:
                out.status = "unsolvable"
                break
            bound = int(st[ST_NEXT])
        out.nodes = total_nodes
        out.seconds = time.perf_counter() - t0
        return out


__all__ = ["MAX_IDA_DEPTH", "IdaResult", "TileSearch"]
