"""Sliding-tile boards (8-puzzle, 15-puzzle, any rows x cols): the replay of a trace and the
position helpers both solvers/ and render/ share.

A position (``Tiles``) is a row-major tuple of tile numbers with ``0`` as the blank.
``tiles_text`` and ``parse_tiles`` are each other's inverse; ``solvable`` is the parity
test that decides, without searching, whether one position can reach another.  ``TileLayout``
is what a trace header says about the puzzle (board size, start, goal): the solver
writes it with ``header_fields`` and the replay reads it back with ``from_header``.
``SlidingTileReplay`` checks a ``sliding-tile`` trace move by move: the tile named in each
``move`` must sit next to the blank, and a move's ``legal`` count, when it gives one, is
the number of tiles next to the blank.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from puzzlereel.ground.errors import quoted
from puzzlereel.rules.notation import tile_words
from puzzlereel.trace import End, Event, Header, TileMove, TraceError
from puzzlereel.trace.choices import check_legal
from puzzlereel.trace.fields import get_int, get_list
from puzzlereel.trace.replay import check_move_counts, check_status, declared_moves

Tiles = tuple[int, ...]
"""A position: the tile number in each cell, row-major, ``0`` the blank."""

# the colour schemes a renderer offers for tiles ("auto" = fringe)
SCHEMES = ("plain", "rows", "columns", "fringe")


def default_goal(n: int, *, blank_first: bool = False) -> Tiles:
    """``1..n-1`` then the blank (or the blank first: ``0, 1, ..., n-1``)."""
    return tuple(range(n)) if blank_first else tuple(range(1, n)) + (0,)


TILES_LISTED = 5          # tiles a message lists of each kind of problem


def check_tiles(tiles: Sequence[int], rows: int, cols: int) -> str | None:
    """Why ``tiles`` is not a position on ``rows`` x ``cols`` (None if it is one)."""
    n = rows * cols
    if len(tiles) != n:
        return f"{len(tiles)} tiles, a {rows}x{cols} board has {n} cells"
    seen = Counter(tiles)
    if len(seen) == n and all(0 <= t < n for t in seen):     # n distinct, in range
        return None
    what = []
    for word, found in (("repeated", (t for t, k in seen.items() if k > 1)),
                        ("missing", (t for t in range(n) if t not in seen)),
                        ("out of range", (t for t in seen if not 0 <= t < n))):
        listed = sorted(found)
        if listed:
            shown = ", ".join(map(str, listed[:TILES_LISTED]))
            more = f" and {len(listed) - TILES_LISTED:,} more" if len(listed) > TILES_LISTED else ""
            what.append(f"{word} {shown}{more}")
    return f"the tiles must be 0..{n - 1} once each ({'; '.join(what)})"


def permutation_parity(perm: Sequence[int]) -> int:
    """0 for an even permutation of 0..n-1, 1 for an odd one (counted by cycles)."""
    seen = [False] * len(perm)
    parity = 0
    for i in range(len(perm)):
        if seen[i]:
            continue
        j, length = i, 0
        while not seen[j]:
            seen[j] = True
            j = perm[j]
            length += 1
        parity ^= (length - 1) & 1
    return parity


def solvable(start: Sequence[int], goal: Sequence[int], cols: int) -> bool:
    """Whether ``start`` can reach ``goal`` (boards of at least 2x2).

    Each move swaps the blank with a neighbour: it flips the parity of the arrangement
    (as a permutation of the cells) and moves the blank one step, flipping the parity of
    the blank's taxicab distance to its goal cell.  The two parities stay equal on every
    reachable board, and for boards of at least 2x2 every board that keeps them equal is
    reachable.
    """
    where = {tile: i for i, tile in enumerate(goal)}
    perm = [where[tile] for tile in start]  # cell i holds the tile whose goal cell is perm[i]
    b0, b1 = list(start).index(0), list(goal).index(0)
    blank = abs(b0 // cols - b1 // cols) + abs(b0 % cols - b1 % cols)
    return permutation_parity(perm) == blank & 1


def tiles_text(tiles: Sequence[int], cols: int) -> str:
    """The position as text, one line per row, numbers right-aligned, ``.`` for the blank."""
    width = len(str(len(tiles) - 1))
    lines = []
    for r in range(len(tiles) // cols):
        row = tiles[r * cols:(r + 1) * cols]
        lines.append(" ".join((str(t) if t else ".").rjust(width) for t in row))
    return "\n".join(lines)


def parse_tiles(text: str) -> tuple[Tiles, int, int]:
    """``tiles_text``'s inverse: (tiles, rows, cols).  Raises ValueError quoting bad input."""
    rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
    if not rows:
        raise ValueError("empty board")
    cols = len(rows[0])
    tiles: list[int] = []
    for r, row in enumerate(rows):
        if len(row) != cols:
            raise ValueError(f"row {r} {' '.join(row)!r} has {len(row)} cells, row 0 has {cols}")
        for cell in row:
            if cell in (".", "0", "_"):
                tiles.append(0)
            elif cell.isdigit():
                tiles.append(int(cell))
            else:
                raise ValueError(f"not a tile number: {cell!r}")
    why = check_tiles(tiles, len(rows), cols)
    if why:
        raise ValueError(why)
    return tuple(tiles), len(rows), cols


def neighbours(cell: int, rows: int, cols: int) -> list[int]:
    """The cells next to ``cell`` (up, down, left, right order)."""
    r, c = divmod(cell, cols)
    out = []
    if r > 0:
        out.append(cell - cols)
    if r < rows - 1:
        out.append(cell + cols)
    if c > 0:
        out.append(cell - 1)
    if c < cols - 1:
        out.append(cell + 1)
    return out


def slide(tiles: Sequence[int], tile: int, cols: int) -> Tiles:
    """The position after ``tile`` slides into the blank (ValueError if it is not next to it)."""
    after = list(tiles)
    try:
        at = after.index(tile)
    except ValueError:
        raise ValueError(f"there is no tile {tile}") from None
    blank = after.index(0)
    if abs(at - blank) not in (1, cols) or (abs(at - blank) == 1 and at // cols != blank // cols):
        raise ValueError(f"tile {tile} is not next to the blank")
    after[blank], after[at] = tile, 0
    return tuple(after)


@dataclass(frozen=True)
class TileLayout:
    """What a trace header says about one puzzle: the board's size, the start and the goal.

    The solver writes it (``header_fields``) and the replay and the renderer read it back
    (``from_header``), so both sides agree on the fields ``rows``, ``cols``, ``tiles`` (the
    start) and ``goal`` (optional in a trace: 1..N then the blank)."""

    rows: int
    cols: int
    start: Tiles
    goal: Tiles

    @classmethod
    def from_header(cls, header: Header) -> TileLayout:
        """Read and check the header's fields (``TraceError`` naming the field)."""
        f = header.fields
        rows: int = get_int(f, "rows", minimum=2)
        cols: int = get_int(f, "cols", minimum=2)
        start = _tiles_field(f, "tiles", rows, cols)
        goal = (_tiles_field(f, "goal", rows, cols) if f.get("goal") is not None
                else default_goal(rows * cols))
        return cls(rows=rows, cols=cols, start=start, goal=goal)

    def header_fields(self) -> dict[str, Any]:
        """The header fields that ``from_header`` reads back."""
        return {"rows": self.rows, "cols": self.cols, "tiles": list(self.start),
                "goal": list(self.goal)}


def _tiles_field(f: Mapping[str, Any], key: str, rows: int, cols: int) -> Tiles:
    """A header field holding a position, checked against the board's size."""
    raw = get_list(f, key)
    if any(isinstance(v, bool) or not isinstance(v, int) for v in raw):
        raise TraceError(f"expected a list of integers, got {quoted(raw)}", field=key)
    why = check_tiles(raw, rows, cols)
    if why:
        raise TraceError(why, field=key)
    return tuple(raw)


class SlidingTileReplay:
    """The current board of a sliding-tile trace, advanced one ``move`` at a time."""

    def __init__(self, header: Header) -> None:
        self.layout = TileLayout.from_header(header)
        self.rows, self.cols = self.layout.rows, self.layout.cols
        self.start: Tiles = self.layout.start
        self.goal: Tiles = self.layout.goal
        self._board = list(self.start)               # tile at each cell
        self._cell = [0] * len(self._board)          # cell of each tile
        for cell, tile in enumerate(self._board):
            self._cell[tile] = cell
        self.moves = 0
        self.total: int | None = declared_moves(header.fields)
        self.last_n = 0

    @property
    def tiles(self) -> Tiles:
        """The board now, row-major (0: the blank)."""
        return tuple(self._board)

    def blank(self) -> int:
        return self._cell[0]

    def solved(self) -> bool:
        return self.tiles == self.goal

    def legal_moves(self) -> int:
        """The moves this board allows: the tiles next to the blank."""
        return len(neighbours(self._cell[0], self.rows, self.cols))

    def _slide(self, tile: int) -> None:
        """``tile`` into the blank, in constant time (``ValueError`` if it is not next
        to it), as ``slide`` does to a whole board."""
        at, blank, cols = self._cell[tile], self._cell[0], self.cols
        if abs(at - blank) not in (1, cols) or (abs(at - blank) == 1
                                                and at // cols != blank // cols):
            raise ValueError(f"tile {tile} is not next to the blank")
        self._board[blank], self._board[at] = tile, 0
        self._cell[tile], self._cell[0] = blank, at

    def text(self) -> str:
        return tiles_text(self.tiles, self.cols)

    def describe(self, event: Event) -> str:
        if isinstance(event, TileMove):       # after the move: the blank is where it was
            src, dst = self._cell[0], self._cell[event.tile]
            words = tile_words(event.tile, src, dst, self.cols)
            return (f"move {event.n}: {words}  (row {src // self.cols + 1}, column "
                    f"{src % self.cols + 1}) → (row {dst // self.cols + 1}, column "
                    f"{dst % self.cols + 1})")
        return event.type

    def step(self, event: Event) -> TileMove | None:
        """Check and apply one event; return the move it makes (None for notes / end)."""
        if isinstance(event, TileMove):
            if event.n != self.last_n + 1:
                raise TraceError(f"expected move {self.last_n + 1}, got {event.n}", field="n")
            if event.tile >= self.rows * self.cols:
                raise TraceError(f"there is no tile {event.tile} on a {self.rows}x{self.cols} "
                                 "board", field="tile")
            check_legal(event.choices, self.legal_moves)
            try:
                self._slide(event.tile)
            except ValueError as exc:
                raise TraceError(str(exc), field="tile") from None
            self.last_n = event.n
            self.moves += 1
            return event
        if isinstance(event, End):
            self.finish(event)
        return None

    def finish(self, end: End) -> None:
        check_move_counts(end, self.moves, self.total)
        check_status(end, self.solved(), "the moves reach the goal")
        if end.status == "solved" and not self.solved():
            raise TraceError("status is 'solved' but the last board is not the goal",
                             field="status")


__all__ = ["SCHEMES", "SlidingTileReplay", "TileLayout", "Tiles", "check_tiles", "default_goal",
           "neighbours", "parse_tiles", "permutation_parity", "slide", "solvable", "tiles_text"]
