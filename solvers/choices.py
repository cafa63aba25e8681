"""A solution's choices counted within a budget of search, for the families that decide
each successor by a bounded search of its own (sliding tiles, peg solitaire).

For each move of a solution, the positions one move leads to from the position before
it are its ``legal`` moves; those that still reach the goal in the moves left after it
keep the optimum (``optimal``; the solution's own next position is one of them).  A
family gives the positions along its solution, a ``successors`` function and a
``reach`` function (is this position within k moves of the goal, within a number of
positions or nodes of search?); the moves are worked out from the last back, each
decided whole or not at all: once one is not, neither is any before it (None).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from puzzlereel.trace import Choices

P = TypeVar("P")

Reach = Callable[[P, int, int], tuple[bool | None, int]]
"""``reach(position, k, nodes)``: whether the position is within ``k`` moves of the goal
(None: not found out within ``nodes`` of search), and the search spent."""


def move_choices(after: Sequence[P], played: P, left: int, reach: Reach[P],
                 nodes: int) -> tuple[Choices | None, int]:
    """The choices of a move whose position leads to ``after``, ``played`` the one the
    solution took, with ``left`` moves after it: each other successor decided within
    ``nodes`` of search (else None), and the search spent."""
    good = spent = 0
    for other in after:
        if other == played:
            good += 1
            continue
        answer, used = reach(other, left, nodes - spent)
        spent += used
        if answer is None:
            return None, spent
        good += answer
    return Choices(legal=len(after), optimal=good), spent


def path_choices(positions: Sequence[P], successors: Callable[[P], Sequence[P]],
                 reach: Reach[P], nodes: int) -> list[Choices | None]:
    """The choices of each move of the solution through ``positions`` (start to goal)
    within ``nodes`` of search in all, the last move first (see the module docstring)."""
    moves = len(positions) - 1
    out: list[Choices | None] = [None] * moves
    for i in range(moves - 1, -1, -1):
        choices, spent = move_choices(successors(positions[i]), positions[i + 1],
                                      moves - i - 1, reach, nodes)
        if choices is None:
            break
        nodes -= spent
        out[i] = choices
    return out


__all__ = ["Reach", "move_choices", "path_choices"]
