"""The sliding-block search tables: a position packed into 64-bit words, and every
placement of every piece precomputed.

A position is the board's *label grid*: for every cell, the group of the piece covering
it (0 = empty), packed a few bits a cell into 64-bit words.  Pieces of one group are
interchangeable, so the grid determines where every piece is (a tiling by translates of
one shape is unique) and is both the state and its canonical key.  ``Tables`` builds the
arrays the compiled search (``kernel``) reads, and also offers the family's small
interface on packed states for tests and reference searches.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from puzzlereel.rules.sliding_block import DIRS, METRICS, PIECE_CHARS, shape_of
from puzzlereel.trace import Cell

from .config import Puzzle


class Arrays(NamedTuple):
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

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        layout = puzzle.layout
        self.width, self.height = layout.width, layout.height
        self.C = layout.width * layout.height
        self.group_ids = puzzle.groups
        self.G = len(puzzle.groups)
        self.group_of = {pid: g for g, ids in enumerate(puzzle.groups) for pid in ids}
        self._shapes()
        nlabels = self.G + 1 + (1 if layout.walls else 0)
        self.bits = max(1, (nlabels - 1).bit_length())
        self.wall_label = self.G + 1
        self.cpw = 64 // self.bits
        self.K = (self.C + self.cpw - 1) // self.cpw
        self._placements()
        self._neighbours()
        self.wall_key = np.zeros(self.K, dtype=np.uint64)
        for x, y in layout.walls:
            c = y * self.width + x
            self.wall_key[c // self.cpw] |= np.uint64(
                self.wall_label << ((c % self.cpw) * self.bits))
        self.metric_code = METRICS.index(layout.metric)
        pairs = self._goal_pairs()
        self.goal_word = np.array([c // self.cpw for c, _ in pairs], dtype=np.int32)
        self.goal_shift = np.array([(c % self.cpw) * self.bits for c, _ in pairs],
                                   dtype=np.int32)
        self.goal_label = np.array([lab for _, lab in pairs], dtype=np.uint64)
        self.start = self.key_of({p.id: xy for p, xy in zip(layout.pieces, layout.start,
                                                             strict=True)})
        self.arrays = Arrays(
            C=self.C, bits=self.bits, cpw=self.cpw, G=self.G, ncells=self.ncells,
            cells_at=self.cells_at, fits=self.fits, pkey=self.pkey, nbr=self.nbr,
            axis_dirs=self.axis_dirs, metric=self.metric_code, goal_word=self.goal_word,
            goal_shift=self.goal_shift, goal_label=self.goal_label,
            maxbranch=int(self.C * sum(len(g) for g in self.group_ids)) + 1)

    def _shapes(self) -> None:
        """Each group's shape relative to its first cell in reading order, and the
        directions it may move in."""
        by_id = {p.id: p for p in self.puzzle.layout.pieces}
        self.first: list[Cell] = []
        self.offsets: list[list[Cell]] = []
        self.axis_dirs = np.zeros((self.G, 4), dtype=np.bool_)
        for g, ids in enumerate(self.group_ids):
            p = by_id[ids[0]]
            f = min(p.cells, key=lambda c: (c[1], c[0]))
            self.first.append(f)
            self.offsets.append([(dx - f[0], dy - f[1]) for dx, dy in p.cells])
            for d, (dx, dy) in enumerate(DIRS):
                self.axis_dirs[g, d] = not (p.axis == "x" and dy or p.axis == "y" and dx)

    def _placements(self) -> None:
        """For every group and anchor cell: the cells covered, whether the piece fits
        there, and its packed labels."""
        W, H, C, G, K = self.width, self.height, self.C, self.G, self.K
        walls = self.puzzle.layout.walls
        maxcells = max(len(o) for o in self.offsets)
        self.ncells = np.array([len(o) for o in self.offsets], dtype=np.int32)
        self.cells_at = np.zeros((G, C, maxcells), dtype=np.int32)
        self.fits = np.zeros((G, C), dtype=np.bool_)
        self.pkey = np.zeros((G, C, K), dtype=np.uint64)
        for g in range(G):
            for a in range(C):
                ax, ay = a % W, a // W
                ok = True
                for i, (dx, dy) in enumerate(self.offsets[g]):
                    x, y = ax + dx, ay + dy
                    if not (0 <= x < W and 0 <= y < H) or (x, y) in walls:
                        ok = False
                        break
                    c = y * W + x
                    self.cells_at[g, a, i] = c
                    self.pkey[g, a, c // self.cpw] |= np.uint64(
                        (g + 1) << ((c % self.cpw) * self.bits))
                self.fits[g, a] = ok
                if not ok:
                    self.pkey[g, a, :] = 0

    def _neighbours(self) -> None:
        """The neighbouring cell of every cell in each direction, or -1 off the board."""
        W, H = self.width, self.height
        self.nbr = np.full((self.C, 4), -1, dtype=np.int32)
        for a in range(self.C):
            ax, ay = a % W, a // W
            for d, (dx, dy) in enumerate(DIRS):
                if 0 <= ax + dx < W and 0 <= ay + dy < H:
                    self.nbr[a, d] = (ay + dy) * W + ax + dx

    def _goal_pairs(self) -> list[tuple[int, int]]:
        """The goal as (cell, label) pairs that must all hold."""
        layout, W = self.puzzle.layout, self.width
        pairs: list[tuple[int, int]] = []
        if layout.target is not None:
            tcells: dict[str, list[Cell]] = {}
            for y, row in enumerate(layout.target):
                for x, ch in enumerate(row):
                    if ch not in ".#":
                        tcells.setdefault(ch, []).append((x, y))
            shape_groups = self._shape_groups()
            for y, row in enumerate(layout.target):
                for x, ch in enumerate(row):
                    if ch == "#":
                        continue
                    if ch == ".":
                        pairs.append((y * W + x, 0))
                        continue
                    shape = shape_of(tcells[ch])[1]
                    pairs.append((y * W + x, shape_groups[(shape, ch)] + 1))
            return pairs
        by_id = {p.id: p for p in layout.pieces}
        for pid, (gx, gy) in layout.goal:
            g = self.group_of[pid]
            for dx, dy in by_id[pid].cells:
                pairs.append(((gy + dy) * W + gx + dx, g + 1))
        return pairs

    def _shape_groups(self) -> dict[tuple[tuple[Cell, ...], str], int]:
        """Map (shape, letter in target) -> group: the letter's own group if it names a
        piece of that shape, else the first group of that shape."""
        by_id = {p.id: p for p in self.puzzle.layout.pieces}
        out: dict[tuple[tuple[Cell, ...], str], int] = {}
        for ch in PIECE_CHARS:
            for g, ids in enumerate(self.group_ids):
                shape = by_id[ids[0]].cells
                if ch in ids:
                    out[(shape, ch)] = g
        for g, ids in enumerate(self.group_ids):
            shape = by_id[ids[0]].cells
            for ch in PIECE_CHARS:
                out.setdefault((shape, ch), g)
        return out

    # ------------------------------------------------------------ packing

    def key_of(self, positions: Mapping[str, Cell]) -> np.ndarray:
        """Packed words for pieces at bounding-box positions {id: (x, y)}."""
        key = self.wall_key.copy()
        for pid, (x, y) in positions.items():
            g = self.group_of[pid]
            fx, fy = self.first[g]
            key += self.pkey[g, (y + fy) * self.width + x + fx]
        return key

    def labels(self, key: np.ndarray) -> list[int]:
        mask = (1 << self.bits) - 1
        words = [int(w) for w in key]
        return [(words[c // self.cpw] >> ((c % self.cpw) * self.bits)) & mask
                for c in range(self.C)]

    def anchors(self, key: np.ndarray) -> list[list[int]]:
        """For each group, the anchor cells of its pieces, in reading order."""
        lab = self.labels(key)
        seen = [False] * self.C
        out: list[list[int]] = [[] for _ in range(self.G)]
        for c in range(self.C):
            g = lab[c] - 1
            if 0 <= g < self.G and not seen[c]:
                out[g].append(c)
                for i in range(int(self.ncells[g])):
                    seen[int(self.cells_at[g, c, i])] = True
        return out

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
        key = self.from_int(state)
        mask = (1 << self.bits) - 1
        return all((int(key[w]) >> int(s)) & mask == int(lab)
                   for w, s, lab in zip(self.goal_word, self.goal_shift, self.goal_label))

    def format_state(self, state: int) -> str:
        """Rows of the layout; pieces of a group get the group's ids in reading order."""
        key = self.from_int(state)
        W = self.width
        grid = [["." for _ in range(W)] for _ in range(self.height)]
        for x, y in self.puzzle.layout.walls:
            grid[y][x] = "#"
        for g, anchors in enumerate(self.anchors(key)):
            ids = sorted(self.group_ids[g])
            for pid, a in zip(ids, anchors):
                for i in range(int(self.ncells[g])):
                    c = int(self.cells_at[g, a, i])
                    grid[c // W][c % W] = pid
        return "\n".join("".join(r) for r in grid)

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
