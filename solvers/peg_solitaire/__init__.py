"""Peg solitaire: the English, French, Hoppers and triangle boards, or any ASCII board.

A peg jumps over a neighbouring peg into an empty hole and the peg jumped over is
removed; the aim is to leave one peg (anywhere, or in given holes: the "complement"
problem leaves it where the first hole was).  Two metrics: ``jumps`` (every jump counts;
all solutions have the same length, so any solution is optimal) and ``moves`` (a chain
of jumps by one peg counts as one move, the metric of M. Hiroi's
「反復深化と下限値枝刈り法」).  A depth-first search with a table of dead positions finds
any solution; iterative deepening on moves with a lower bound (pegs in holes nothing
can jump over must move), a table of budgets proved too small and a memo that counts
every optimal solution finds the fewest moves; both fold positions by the board's
symmetries.  A position-class (three-colouring)
argument proves some starts impossible at once, like the French board's central game.

The parts, each with one job: ``board`` is the board model (holes numbered row by row,
jumps as hole triples, positions as bitboards, symmetries, built-in boards, ASCII
boards, text form); ``config`` reads the TOML into a ``PegPuzzle``; ``tables`` packs a
board into the arrays the compiled search reads; ``kernel`` holds the compiled loops;
``search`` drives them and writes the trace events.  The board as the trace carries it,
and the legality of every jump, are shared with the renderer in
``puzzlereel.rules.peg_solitaire``.
"""

from __future__ import annotations

from ..base import Solver
from .config import PegPuzzle, load
from .search import analyze, plot_series, solve

SOLVER: Solver[PegPuzzle] = Solver(solve=solve, analyze=analyze, plot_series=plot_series)

__all__ = ["SOLVER", "PegPuzzle", "load"]
