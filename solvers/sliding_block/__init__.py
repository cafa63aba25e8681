"""Sliding-block puzzles: Hakoiri Musume / Klotski, Dad's puzzle, Century, Rush Hour-like.

A puzzle is a board of any size with walls and pieces (any polyomino, named by one letter
or digit).  Pieces of one *group* are interchangeable when positions are compared (by
default pieces of the same shape, except the pieces named in the goal).  Three move
metrics: ``step`` (one cell), ``line`` (any distance in one straight line), ``piece``
(any number of cells with turns: M. Hiroi's 「箱入り娘」 and Hordern's metric).
Breadth-first search finds an optimal solution.

The parts, each with one job: ``config`` reads the TOML into a ``BlockPuzzle``; ``board``
packs positions into ints and precomputes every placement; ``small`` is the plain-Python
layer loop for small spaces; ``tables`` turns the board into the arrays of ``kernel``,
the compiled layer loop, which ``compiled`` drives from where ``small`` stopped;
``search`` chooses and writes the trace events.  The board model
and its legality are shared with the renderer in ``puzzlereel.rules.sliding_block_layout``
and ``puzzlereel.rules.sliding_block``.
"""

from __future__ import annotations

from puzzlereel.solvers.base import Solver
from puzzlereel.solvers.sliding_block.config import BlockPuzzle, load
from puzzlereel.solvers.sliding_block.search import analyze, plot_series, solve

SOLVER: Solver[BlockPuzzle] = Solver(solve=solve, analyze=analyze, plot_series=plot_series)

__all__ = ["SOLVER", "BlockPuzzle", "load"]
