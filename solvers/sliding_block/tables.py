"""The sliding-block search tables: the board's placements (``board.Board``) as the arrays
the compiled search (``kernel``) reads, a position as a row of 64-bit words.

``Tables`` also offers the family's small interface on packed states (as ints) for tests
and reference searches: ``legal_moves``, ``apply``, ``is_goal``, ``format_state``,
``parse_state``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from puzzlereel.rules.sliding_block_layout import shape_of
from puzzlereel.solvers.sliding_block.board import BlockBoard
from puzzlereel.solvers.sliding_block.config import BlockPuzzle
from puzzlereel.trace import Cell


class BlockArrays(NamedTuple):
    """What the compiled search reads about one puzzle (see ``Tables`` for each array)."""

    C: int                  # cells
    bits: int               # bits per cell label
    cpw: int                # cells per 64-bit word
    G: int                  # groups of interchangeable pieces
    ncells: np.ndarray      # [G] cells of a group's shape
    cells_at: np.ndarray    # [G, C, maxcells] the cells a piece covers with its anchor at c
    fits: np.ndarray        # [G, C] whether that placement is on the board, off the walls
    pkey: np.ndarray        # [G, C, K] the placement's labels, packed
    nbr: np.ndarray         # [C, 4] the neighbouring cell in each direction, or -1
    axis_dirs: np.ndarray   # [G, 4] the directions a group may move in
    metric: int             # 0 piece, 1 line, 2 step
    goal_word: np.ndarray   # the goal as (word, shift, label) triples that must all hold
    goal_shift: np.ndarray
    goal_label: np.ndarray
    maxbranch: int          # an upper bound on one position's successors


@dataclass(frozen=True)
class Move:
    """A move in search terms: the piece of ``group`` whose anchor goes ``src`` -> ``dst``.

    Anchors are cell indices (y * width + x) of the piece's first cell in reading order.
    Text form: ``"<group>:<src>-<dst>"``.
    """

    group: int
    src: int
    dst: int

    def __str__(self) -> str:
        return f"{self.group}:{self.src}-{self.dst}"

    @classmethod
    def parse(cls, text: str) -> Move:
        try:
            g, rest = text.split(":")
            s, d = rest.split("-")
            return cls(int(g), int(s), int(d))
        except ValueError:
            raise ValueError(f"not a move: {text!r} (expected 'group:src-dst')") from None


class Tables:
    """Precomputed tables for searching one puzzle: labels, bit packing, placements.

    Also the family's small interface on packed states: ``start``, ``legal_moves``,
    ``apply``, ``is_goal``, ``format_state`` / ``parse_state``.  ``arrays`` is what the
    compiled kernel reads.
    """

    def __init__(self, puzzle: BlockPuzzle, board: BlockBoard | None = None) -> None:
        self.puzzle = puzzle
        self.board = board = board or BlockBoard(puzzle)
        self.width, self.height, self.C = board.width, board.height, board.C
        self.group_ids, self.G, self.group_of = board.group_ids, board.G, board.group_of
        self.first, self.offsets = board.first, board.offsets
        self.bits, self.wall_label = board.bits, board.wall_label
        self.cpw, self.K = board.cpw, board.K
        self.metric_code = board.metric_code
        C, G, K = self.C, self.G, self.K
        self.axis_dirs = np.zeros((G, 4), dtype=np.bool_)
        for g, dirs in enumerate(board.dirs):
            self.axis_dirs[g, list(dirs)] = True
        maxcells = max(len(o) for o in self.offsets)
        self.ncells = np.array([len(o) for o in self.offsets], dtype=np.int32)
        self.cells_at = np.zeros((G, C, maxcells), dtype=np.int32)
        self.fits = np.zeros((G, C), dtype=np.bool_)
        self.pkey = np.zeros((G, C, K), dtype=np.uint64)
        for g in range(G):
            for a in range(C):
                cells = board.cells_at[g][a]
                if cells is not None:
                    self.fits[g, a] = True
                    self.cells_at[g, a, :len(cells)] = cells
                    self.pkey[g, a] = self.from_int(board.pkey[g][a])
        self.nbr = np.array(board.nbr, dtype=np.int32).reshape(C, 4)
        self.wall_key = self.from_int(board.wall_key)
        pairs = board.goal_pairs
        self.goal_word = np.array([c // self.cpw for c, _ in pairs], dtype=np.int32)
        self.goal_shift = np.array([(c % self.cpw) * self.bits for c, _ in pairs],
                                   dtype=np.int32)
        self.goal_label = np.array([lab for _, lab in pairs], dtype=np.uint64)
        self.start = self.from_int(board.start)
        self.arrays = BlockArrays(
            C=C, bits=self.bits, cpw=self.cpw, G=G, ncells=self.ncells,
            cells_at=self.cells_at, fits=self.fits, pkey=self.pkey, nbr=self.nbr,
            axis_dirs=self.axis_dirs, metric=self.metric_code, goal_word=self.goal_word,
            goal_shift=self.goal_shift, goal_label=self.goal_label,
            maxbranch=board.max_branch())

    # ------------------------------------------------------------ packing

    def key_of(self, positions: Mapping[str, Cell]) -> np.ndarray:
        """Packed words for pieces at bounding-box positions {id: (x, y)}."""
        return self.from_int(self.board.key_of(positions))

    def labels(self, key: np.ndarray) -> list[int]:
        return self.board.labels(self.as_int(key))

    def anchors(self, key: np.ndarray) -> list[list[int]]:
        """For each group, the anchor cells of its pieces, in reading order."""
        return self.board.anchors(self.as_int(key))

    def as_int(self, key: np.ndarray) -> int:
        return sum(int(w) << (64 * i) for i, w in enumerate(key))

    def from_int(self, value: int) -> np.ndarray:
        return np.array([(value >> (64 * i)) & (2**64 - 1) for i in range(self.K)],
                        dtype=np.uint64)

    # ------------------------------------------------------------ the small interface

    def legal_moves(self, state: int) -> Iterator[Move]:
        """Every move from ``state`` (a packed int) under the puzzle's metric."""
        key = self.from_int(state)
        lab = self.labels(key)
        for g, anchors in enumerate(self.anchors(key)):
            n = int(self.ncells[g])
            for a in anchors:
                own = {int(self.cells_at[g, a, i]) for i in range(n)}

                def free(q: int, g: int = g, n: int = n, own: set[int] = own) -> bool:
                    return bool(self.fits[g, q]) and all(
                        lab[int(self.cells_at[g, q, i])] == 0
                        or int(self.cells_at[g, q, i]) in own for i in range(n))

                dirs = [d for d in range(4) if self.axis_dirs[g, d]]
                found: list[int] = []
                if self.metric_code == 0:
                    seen = {a}
                    todo = [a]
                    while todo:
                        p = todo.pop()
                        for d in dirs:
                            q = int(self.nbr[p, d])
                            if q >= 0 and q not in seen and free(q):
                                seen.add(q)
                                todo.append(q)
                                found.append(q)
                else:
                    for d in dirs:
                        p = a
                        while True:
                            q = int(self.nbr[p, d])
                            if q < 0 or not free(q):
                                break
                            found.append(q)
                            if self.metric_code == 2:
                                break
                            p = q
                for q in sorted(found):
                    yield Move(g, a, q)

    def apply(self, state: int, move: Move) -> int:
        key = self.from_int(state)
        key = key - self.pkey[move.group, move.src] + self.pkey[move.group, move.dst]
        return self.as_int(key)

    def is_goal(self, state: int) -> bool:
        return self.board.is_goal(state)

    def format_state(self, state: int) -> str:
        """Rows of the layout; pieces of a group get the group's ids in reading order."""
        return self.board.format_state(state)

    def parse_state(self, text: str) -> int:
        """Inverse of ``format_state`` (any letters of the right groups are accepted)."""
        rows = [r.strip() for r in text.strip().splitlines()]
        if len(rows) != self.height or any(len(r) != self.width for r in rows):
            raise ValueError(f"not a {self.width}x{self.height} layout: {text!r}")
        cells: dict[str, list[Cell]] = {}
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch not in ".#":
                    cells.setdefault(ch, []).append((x, y))
        positions = {}
        for ch, cs in cells.items():
            if ch not in self.group_of:
                raise ValueError(f"no piece {ch!r} in this puzzle: {text!r}")
            (x, y), _ = shape_of(cs)
            positions[ch] = (x, y)
        return self.as_int(self.key_of(positions))


__all__ = ["Move", "Tables"]
