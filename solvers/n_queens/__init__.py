"""N-Queens: place n queens on an n x n board so that no two attack each other.

Generate and test with pruning, as in M. Hiroi's 「生成検定法」, but with bit masks: each row
keeps three masks (columns and both diagonals already attacked), so the free squares of
the next row are one AND away.  The compiled loops (``kernel``: numba, cached) count and
list the solutions; ``search`` drives them, and ``watched`` walks the backtracking
itself in Python (``place`` / ``remove`` events) for small boards, so the search can be
watched; ``config`` reads the TOML.  The rules a trace must follow are in
``puzzlereel.rules.n_queens``.
"""

from __future__ import annotations

from ..base import Solver
from .config import NQueens, load
from .search import analyze, count_solutions, list_solutions, plot_series, solve

SOLVER: Solver[NQueens] = Solver(solve=solve, analyze=analyze, plot_series=plot_series)

__all__ = ["SOLVER", "NQueens", "analyze", "count_solutions", "list_solutions", "load",
           "plot_series", "solve"]
