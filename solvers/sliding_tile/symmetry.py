"""The board's turns and mirror images, so that a goal whose pattern databases are not
cached yet can use those of a goal it turns into.

A turn maps every cell of a rows x cols board to a cell of the turned board (cols x rows
when it swaps the axes).  Turning the start and the goal alike gives the same puzzle:
tiles keep their numbers and neighbouring cells stay neighbours, so a solution of the
turned puzzle (the tiles moved, in order) is a solution of the user's, as short.  A
group's table depends only on the board, the goal cells of the group's tiles and the
blank's goal cell (``pdb.Pattern``), not on the tiles' numbers, so two goals share
tables when a turn maps the cells of one's groups onto the other's: with the default
splits, every goal of the 15- or the 24-puzzle with the blank in a corner shares those
of Korf's goal (blank first).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .config import TilePuzzle
from .pdb import patterns_of, pdb_dir


@dataclass(frozen=True)
class Turn:
    """A symmetry of the board: swap the axes (``transpose``), then reverse the order of
    the rows (``flip_rows``) and of the columns (``flip_cols``)."""

    name: str
    transpose: bool = False
    flip_rows: bool = False
    flip_cols: bool = False

    def board(self, rows: int, cols: int) -> tuple[int, int]:
        """The turned board's (rows, cols)."""
        return (cols, rows) if self.transpose else (rows, cols)

    def cell(self, cell: int, rows: int, cols: int) -> int:
        """Where ``cell`` of a rows x cols board goes on the turned board."""
        r, c = divmod(cell, cols)
        if self.transpose:
            r, c = c, r
        rows2, cols2 = self.board(rows, cols)
        if self.flip_rows:
            r = rows2 - 1 - r
        if self.flip_cols:
            c = cols2 - 1 - c
        return r * cols2 + c


AS_GIVEN = Turn("as given")
TURNS = (AS_GIVEN,
         Turn("turned 180°", flip_rows=True, flip_cols=True),
         Turn("flipped top to bottom", flip_rows=True),
         Turn("mirrored left to right", flip_cols=True),
         Turn("mirrored about the main diagonal", transpose=True),
         Turn("mirrored about the other diagonal", transpose=True, flip_rows=True,
              flip_cols=True),
         Turn("turned a quarter clockwise", transpose=True, flip_cols=True),
         Turn("turned a quarter anticlockwise", transpose=True, flip_rows=True))


def turned(puzzle: TilePuzzle, turn: Turn) -> TilePuzzle:
    """``puzzle`` with its start and goal turned; each group's tiles listed in the order
    of their goal cells on the turned board (the order the default splits use)."""
    if turn == AS_GIVEN:
        return puzzle
    rows, cols = puzzle.rows, puzzle.cols
    where = [turn.cell(c, rows, cols) for c in range(rows * cols)]

    def moved(tiles: tuple[int, ...]) -> tuple[int, ...]:
        out = [0] * len(tiles)
        for c, t in enumerate(tiles):
            out[where[c]] = t
        return tuple(out)

    goal = moved(puzzle.goal)
    cell_of = {t: c for c, t in enumerate(goal)}
    rows2, cols2 = turn.board(rows, cols)
    return replace(puzzle, rows=rows2, cols=cols2, tiles=moved(puzzle.tiles), goal=goal,
                   groups=tuple(tuple(sorted(g, key=cell_of.__getitem__))
                                for g in puzzle.groups))


def cached(puzzle: TilePuzzle) -> bool:
    """Whether every table of ``puzzle``'s groups is in the cache folder."""
    folder = pdb_dir()
    return folder is not None and all((folder / p.file_name).is_file()
                                      for p in patterns_of(puzzle))


def sharing(puzzle: TilePuzzle) -> tuple[Turn, TilePuzzle]:
    """The turn of ``puzzle`` to search: the first (as given first) whose tables are all
    cached, else as given (whose tables are then built)."""
    for turn in TURNS:
        candidate = turned(puzzle, turn)
        if cached(candidate):
            return turn, candidate
    return AS_GIVEN, puzzle


__all__ = ["AS_GIVEN", "TURNS", "Turn", "cached", "sharing", "turned"]
