"""Which moves of a peg-solitaire solution mattered: for each position on the path, the
moves it allows (``legal``: the distinct positions one move leads to) and how many of
them keep the optimum (``optimal``: those from which the goal is still at most the
remaining moves away; the solution's own move is one of them).

A move is one jump under the ``jumps`` metric, and one peg's chain of one or more jumps
under ``moves``, where the moves after a chain count afresh (the next one may be any
peg's).  Whether a position reaches the goal in time is asked of the compiled searches
(``kernel``), sharing the table of positions the solver's search left (what it holds
stays true for any start: dead positions, budgets proved too small):

- ``moves``: one round of ``ida_moves`` with the remaining moves as its budget;
- ``jumps``: every jump removes a peg, so every way to the goal takes the same number
  of jumps: ``dfs_jumps`` looks for any.

The counts may search a tenth of the positions the solver's search did, and at least
``PEG_LEAST_NODES`` (``budget_for``): a count of work, never a time.  They are worked out
from the last move back, where proofs are small (few pegs left); a move whose
successors are not all decided within what is left has no counts (None), and neither
has any move before it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from puzzlereel.trace import Choices

from ..choices import path_choices as counted
from .board import Jump, PegBoard
from .config import PegPuzzle
from .tables import PegArrays

PEG_LEAST_NODES = 100_000     # positions the counts may search, at least (``budget_for``)


def successors(board: PegBoard, pos: int, metric: str) -> set[int]:
    """The distinct positions one move leads to from ``pos``: one jump (``jumps``), or
    one peg's chain of one or more jumps (``moves``)."""
    reached: set[int] = set()
    todo = [(pos, -1)]                   # (position, the hole the chain is at; -1: none)
    seen = set(todo)
    while todo:
        here, at = todo.pop()
        for f, o, t in board.legal_jumps(here):
            if at >= 0 and f != at:
                continue
            after = PegBoard.apply_jump(here, (f, o, t))
            reached.add(after)
            if metric == "moves" and (after, t) not in seen:
                seen.add((after, t))
                todo.append((after, t))
    return reached


def reaches(puzzle: PegPuzzle, arrays: PegArrays, pos: int, left: int, nodes: int
            ) -> tuple[bool | None, int]:
    """Whether ``pos`` reaches the goal within ``left`` moves (None: not found out within
    ``nodes`` positions of search), and the positions searched."""
    from . import kernel as k

    if nodes <= 0:
        return None, 0
    path = np.zeros(puzzle.board.size + 1, np.int64)
    if puzzle.metric == "jumps":
        status, used = k.dfs_jumps(pos, puzzle.goal, puzzle.goal_count, arrays, nodes, path)
    else:
        status, _, used = k.ida_moves(pos, -1, left, puzzle.goal, puzzle.goal_count, arrays,
                                      False, False, nodes, path)
    return {0: False, 1: True, 2: None}[int(status)], int(used)


def budget_for(searched: int) -> int:
    """The positions the counts may search: a tenth of what the search did, at least
    ``PEG_LEAST_NODES``."""
    return max(PEG_LEAST_NODES, searched // 10)


def path_choices(puzzle: PegPuzzle, arrays: PegArrays, groups: Sequence[Sequence[Jump]],
                 nodes: int) -> list[Choices | None]:
    """The choices of each move of a solution from ``puzzle.start`` (``groups``: each
    move's jumps), with the search's ``arrays`` and their table of positions, within
    ``nodes`` positions of search in all (``solvers.choices.path_choices``)."""
    positions = [puzzle.start]
    for group in groups:
        pos = positions[-1]
        for jump in group:
            pos = PegBoard.apply_jump(pos, jump)
        positions.append(pos)
    return counted(positions, lambda pos: sorted(successors(puzzle.board, pos, puzzle.metric)),
                   lambda pos, left, budget: reaches(puzzle, arrays, pos, left, budget), nodes)


__all__ = ["PEG_LEAST_NODES", "budget_for", "path_choices", "reaches", "successors"]
