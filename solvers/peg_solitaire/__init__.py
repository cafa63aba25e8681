"""peg_solitaire solver (TEMPORARY package layout)."""

from __future__ import annotations

from ..base import Solver
from .search import Puzzle, analyze, load, plot_series, solve

SOLVER: Solver[Puzzle] = Solver(solve=solve, analyze=analyze, plot_series=plot_series)

__all__ = ["SOLVER", "Puzzle", "load"]
