"""Mastermind (bulls and cows): find a secret code from the answers to guesses.

Every possible code is generated; after each answer only the codes that would have
given the same answers stay possible (generate and test).  Strategies choose the next
guess:

- ``simple`` (M. Hiroi's, 「生成検定法」): the first possible code in lexicographic order;
- ``minimax`` (Knuth): the guess whose worst answer leaves the fewest codes;
- ``expected`` (default): the guess that leaves the fewest codes on average
  (smallest sum of squared partition sizes).

``minimax`` and ``expected`` consider every code as a guess, prefer one that is still
possible, then the lowest.  The answer to a guess is (bulls, cows): bulls are symbols in
the right place, cows right symbols in the wrong place.  The pairwise answer table and the
partition counting are compiled loops (numba, cached).

The parts: ``config`` reads the TOML; ``search`` holds the codes, the strategies, one
game and the walk over every secret; ``kernel`` the compiled answer table and guess
choice.  The rules a trace must follow are in ``puzzlereel.rules.mastermind``.
"""

from __future__ import annotations

from ..base import Solver
from .config import Mastermind, load
from .search import Codes, all_secrets, analyze, plot_series, solve

SOLVER: Solver[Mastermind] = Solver(solve=solve, analyze=analyze, plot_series=plot_series)

__all__ = ["SOLVER", "Codes", "Mastermind", "all_secrets", "analyze", "load", "plot_series",
           "solve"]
