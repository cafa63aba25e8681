"""Sliding-tile puzzles (8-puzzle, 15-puzzle, 24-puzzle, any rows x cols from 2x2 up).

A position is a row-major tuple of tile numbers, ``0`` the blank; a move names the tile
that slides into the blank.  Solvability is decided first, by parity (no search).  Then
``bfs`` and ``bidirectional`` (breadth-first from both ends) run the shared search of
``solvers/search.py`` on tuples: fine for the 8-puzzle, hopeless beyond it; ``iddfs`` and
``ida*`` run a compiled IDA* with a lower bound: none (``iddfs``), ``manhattan``,
``linear-conflict`` (Manhattan plus two moves per tile that must leave its goal row or
column to let another pass), or ``pdb``: additive pattern databases (the tiles split into
disjoint groups, 7-8 on the 15-puzzle and 6-6-6-6 on the 24-puzzle by default; each
group's table holds the fewest moves of *its* tiles to bring them home, the blank
wandering freely around them, so the tables add up).  All of them return optimal
solutions; ``analyze`` also counts every optimal move sequence and, on small boards,
finds the positions farthest from the goal.

The parts, each with one job: ``config`` reads the TOML into a ``TilePuzzle`` (no
compiled code, so a config reads quickly); ``pdb`` builds the pattern databases (with
the compiled ``pdb_kernel``) and caches them in the user cache folder; ``pdb_lookup``
says where the search looks a tile up in them; ``arrays`` holds what the compiled search
reads and writes; ``kernel`` is the compiled IDA* and ``space_kernel`` the compiled
whole-space breadth-first search; ``ida`` drives IDA*; ``search`` chooses the algorithm
and writes the trace events.  Positions, parity, the text form and the trace header's fields
are shared with the renderer in ``puzzlereel.rules.sliding_tile``.
"""

from __future__ import annotations

from ..base import Solver
from .config import TilePuzzle, load
from .search import analyze, plot_series, solve

SOLVER: Solver[TilePuzzle] = Solver(solve=solve, analyze=analyze, plot_series=plot_series)

__all__ = ["SOLVER", "TilePuzzle", "load"]
