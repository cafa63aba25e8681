"""sliding_tile solver (TEMPORARY package layout)."""

from __future__ import annotations

from ..base import Solver
from .search import TilePuzzle, analyze, load, plot_series, solve

SOLVER: Solver[TilePuzzle] = Solver(solve=solve, analyze=analyze, plot_series=plot_series)

__all__ = ["SOLVER", "TilePuzzle", "load"]
