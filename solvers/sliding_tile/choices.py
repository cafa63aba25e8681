"""Which moves of a sliding-tile solution mattered: for each board on the path, the moves
it allows (``legal``: the tiles next to the blank) and how many of them keep the
optimum (``optimal``: the boards they lead to that are still at most the remaining
moves from the goal; the solution's own move is one of them).

Whether a board is within k moves of the goal is answered one of two ways:

- ``table_reach``: on boards of at most ``TABLE_MAX_CELLS`` cells, from every board's
  distance to the goal, found by a breadth-first search of the whole space from the
  goal (8!/2 = 20,160 boards at most), in plain Python;
- ``ida_reach``: elsewhere, by one iteration of the compiled IDA* (``TileSearch.
  reaches``) with cost bound k from that board, with the solver's lower bound (pattern
  databases, when it searched with them; else Manhattan distance plus linear
  conflicts).  The counts may search a tenth of the nodes the solver's search did, and
  at least ``TILE_LEAST_NODES`` (``budget_for``): a count of work, never a time.  They are
  worked out from the last move back; a move whose boards are not all decided within
  what is left has no counts (None), and neither has any move before it.

Moves alternate the parity of a board's distance, so a board next to one k + 1 moves
from the goal is k or k + 2 moves away: "within k" is "exactly k".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from puzzlereel.rules.sliding_tile import Tiles, neighbours, slide
from puzzlereel.trace import Choices

from ..choices import path_choices as counted
from .arrays import MODE_MANHATTAN, MODE_ZERO
from .config import TilePuzzle
from .ida import TileSearch

TABLE_MAX_CELLS = 8       # the whole space in a plain-Python table: 2x4 boards at most
TILE_LEAST_NODES = 1_000_000   # IDA* nodes the counts may search, at least (``budget_for``)

TileReach = Callable[[Tiles, int, int], tuple[bool | None, int]]   # solvers.choices.Reach


def successors(tiles: Tiles, rows: int, cols: int) -> list[Tiles]:
    """The boards one move from ``tiles``: each tile next to the blank slid into it."""
    blank = tiles.index(0)
    out = []
    for cell in neighbours(blank, rows, cols):
        after = list(tiles)
        after[blank], after[cell] = after[cell], 0
        out.append(tuple(after))
    return out


def distances(goal: Tiles, rows: int, cols: int) -> dict[Tiles, int]:
    """Every board that can reach ``goal``, with its distance: breadth-first from it."""
    dist = {goal: 0}
    layer = [goal]
    depth = 0
    while layer:
        depth += 1
        nxt = []
        for board in layer:
            for after in successors(board, rows, cols):
                if after not in dist:
                    dist[after] = depth
                    nxt.append(after)
        layer = nxt
    return dist


def table_reach(puzzle: TilePuzzle) -> TileReach:
    """``TileReach`` from the distances of the whole space (no search: no nodes spent)."""
    dist = distances(puzzle.goal, puzzle.rows, puzzle.cols)

    def reach(board: Tiles, k: int, nodes: int) -> tuple[bool | None, int]:
        return dist.get(board, k + 1) <= k, 0

    return reach


def ida_reach(search: TileSearch) -> TileReach:
    """``TileReach`` by one bounded IDA* iteration of ``search`` per board."""
    return search.reaches


def path_choices(start: Tiles, path: Sequence[int], rows: int, cols: int, reach: TileReach,
                 nodes: int) -> list[Choices | None]:
    """The choices of each move of ``path`` (the tiles moved, from ``start``) within
    ``nodes`` nodes of search in all (``solvers.choices.path_choices``)."""
    boards = [start]
    for tile in path:
        boards.append(slide(boards[-1], tile, cols))
    return counted(boards, lambda board: successors(board, rows, cols), reach, nodes)


def budget_for(searched: int) -> int:
    """The nodes the counts may search: a tenth of what the search did, at least
    ``TILE_LEAST_NODES``."""
    return max(TILE_LEAST_NODES, searched // 10)


def solution_choices(puzzle: TilePuzzle, path: Sequence[int], searched: int,
                     search: TileSearch | None = None) -> list[Choices | None]:
    """The choices of each move of a solution of ``puzzle`` (the tiles moved): from the
    whole space's table on a small board, else by IDA* iterations of ``search`` (the
    solver's, whose puzzle may be ``puzzle`` turned, ``symmetry``: the same tiles move)
    when it has a lower bound as good as linear conflicts, else of a new one that has,
    within ``budget_for(searched)`` nodes (``searched``: what the search looked at)."""
    nodes = budget_for(searched)
    if puzzle.cells <= TABLE_MAX_CELLS:
        return path_choices(puzzle.tiles, path, puzzle.rows, puzzle.cols, table_reach(puzzle),
                            nodes)
    if search is None or search.arrays.mode in (MODE_ZERO, MODE_MANHATTAN):
        search = TileSearch(puzzle if search is None else search.puzzle, "linear-conflict")
        search.preload()
    board = search.puzzle
    return path_choices(board.tiles, path, board.rows, board.cols, ida_reach(search), nodes)


__all__ = ["TABLE_MAX_CELLS", "TILE_LEAST_NODES", "TileReach", "budget_for", "distances",
           "ida_reach", "path_choices", "solution_choices", "successors", "table_reach"]
