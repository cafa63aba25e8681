"""Which moves of a sliding-block solution mattered: for each position on the path, the
moves it allows (``legal``) and how many of them keep the optimum (``optimal``).

The breadth-first search found the goal at depth D, so its layers 0 .. D-1 are complete
and it knows every stored position's depth (its index: the layers are stored one after
another).  The positions on some optimal solution are found backwards, layer by layer:

- at depth D-1, those with a goal among their successors: the parent of the goal found
  and, of the positions after it in its layer (not yet expanded when the goal was
  found), each that has one (only the goal's pieces need be tried: ``goal_groups``);
  the positions before it had none, or the search would have met the goal among their
  successors first;
- at depth d-1, the successors (moves can be undone: a successor is a predecessor too)
  of the depth-d ones that lie in layer d-1.

A successor of the path's i-th position keeps the optimum when it is one of the
depth-(i+1) positions found, or, for the last move, when it is a goal.  A position's
successors are its (piece, destination) moves, each a different position, so ``legal``
is their number.  None of this is the search's: the positions looked at here are not
counted in its ``states``.

``small_choices`` does it on the plain-Python search's store (patterns of empty cells
already worked out are reused); ``compiled_choices`` on the compiled search's arrays,
with the kernel's ``choices``.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from puzzlereel.trace import Choices

from .board import BlockBoard
from .small import Moves, Store

if TYPE_CHECKING:
    import numpy as np


def _layer_starts(layers: list[int]) -> list[int]:
    """Where each depth's positions start in the store, and where the last one ends."""
    starts = [0]
    for size in layers:
        starts.append(starts[-1] + size)
    return starts


def goal_groups(board: BlockBoard) -> list[int]:
    """The groups whose moves can reach the goal from a position that is not one: those
    the goal names (a move of any other piece changes no cell the goal looks at from
    one of its groups' labels to another), or all of them when the goal wants some cell
    empty (a whole target layout)."""
    labels = {label for _, label in board.goal_pairs}
    if 0 in labels:
        return list(range(board.G))
    return sorted(label - 1 for label in labels)


def reaches_goal(moves: Moves, groups: list[int], key: int, have: int, empty: int) -> bool:
    """Whether one move of a piece of ``groups`` takes the position (``key``, its pieces
    ``have`` and empty cells ``empty``, as the store holds them) to a goal."""
    board = moves.board
    mask, value = board.goal_test()
    whole = (1 << board.C) - 1
    for g in groups:
        anchors = (have >> (g * board.C)) & whole
        while anchors:
            a = (anchors & -anchors).bit_length() - 1
            anchors &= anchors - 1
            start = key - board.pkey[g][a]
            for q in moves.destinations(g, a, empty | moves.cells[g][a]):
                if (start + board.pkey[g][q]) & mask == value:
                    return True
    return False


def small_choices(store: Store) -> list[Choices]:
    """The choices of every move of the plain-Python search's solution (its store ends
    with the goal found, ``store.found``)."""
    if store.found == 0:
        return []                                   # the start is the goal
    moves = store.moves
    assert moves is not None and store.found > 0
    keys, pieces, empties, parents = store.keys, store.pieces, store.empties, store.parents
    mask, value = moves.board.goal_test()

    def successors(i: int) -> list[int]:
        empty, have = empties[i], pieces[i]
        entry = moves.of(empty)
        present = have & entry[0]
        steps = entry[1].get(present)
        if steps is None:
            steps = moves.steps(empty, present)
        key = keys[i]
        return [key + dkey for dkey, _, _ in steps]

    starts = _layer_starts(store.layers)
    depth = len(store.layers)                       # the goal's
    index = store.index
    last = parents[store.found]
    on: list[set[int]] = [set() for _ in range(depth)]
    groups = goal_groups(moves.board)
    on[depth - 1] = {last} | {i for i in range(last + 1, starts[depth])
                              if reaches_goal(moves, groups, keys[i], pieces[i], empties[i])}
    for d in range(depth - 1, 0, -1):
        lo, hi = starts[d - 1], starts[d]
        below = on[d - 1]
        for i in on[d]:
            for k in successors(i):
                j = index.get(k, -1)
                if lo <= j < hi:
                    below.add(j)
    path = [store.found]
    while parents[path[-1]] >= 0:
        path.append(parents[path[-1]])
    path.reverse()
    out = []
    for d, i in enumerate(path[:-1]):
        after = successors(i)
        if d == depth - 1:
            good = sum(1 for k in after if k & mask == value)
        else:
            good = sum(1 for k in after if index.get(k, -1) in on[d + 1])
        out.append(Choices(legal=len(after), optimal=good))
    return out


def compiled_choices(kernel: ModuleType, arrays: object, keys: np.ndarray, table: np.ndarray,
                     layers: list[int], found: int, parents: np.ndarray) -> list[Choices]:
    """The choices of every move of the compiled search's solution: its positions
    ``keys`` (rows of words) with their hash ``table`` and ``parents``, the sizes of its
    complete ``layers``, and the goal's row ``found``."""
    import numpy as np

    rows = [found]
    while parents[rows[-1]] >= 0:
        rows.append(int(parents[rows[-1]]))
    rows.reverse()
    moves = len(rows) - 1
    legal = np.zeros(moves, np.int64)
    optimal = np.zeros(moves, np.int64)
    kernel.choices(keys, table, np.array(_layer_starts(layers), np.int64),
                   np.array(rows, np.int64), arrays, legal, optimal)
    return [Choices(legal=int(a), optimal=int(b)) for a, b in zip(legal, optimal, strict=True)]


__all__ = ["compiled_choices", "goal_groups", "reaches_goal", "small_choices"]
