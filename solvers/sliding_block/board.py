"""A sliding-block puzzle's placements and packed positions, in plain Python.

A position is the board's *label grid*: for every cell, the group of the piece covering
it (0 = empty), ``bits`` bits a cell, ``cpw`` cells to a 64-bit word, held here as one
Python int (word ``w`` in bits ``64w`` and up).  Pieces of one group are interchangeable,
so the grid determines where every piece is (a tiling by translates of one shape is
unique) and is both the state and its canonical key.

``BlockBoard`` precomputes every placement of every group: the cells it covers and its packed
labels.  The plain-Python search (``small``) reads it directly; ``tables.Tables`` turns
it into the arrays the compiled search reads.  No numpy here, so that a small puzzle is
solved without loading it.
"""

from __future__ import annotations

from collections.abc import Mapping

from puzzlereel.rules.sliding_block_layout import BLOCK_METRICS, DIRS, PIECE_CHARS, shape_of
from puzzlereel.solvers.sliding_block.config import BlockPuzzle
from puzzlereel.trace import Cell


class BlockBoard:
    """Every placement of every group of one puzzle, and positions packed into ints."""

    def __init__(self, puzzle: BlockPuzzle) -> None:
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
        self.wall_key = sum(self.wall_label << self.shift(y * self.width + x)
                            for x, y in layout.walls)
        self.metric_code = BLOCK_METRICS.index(layout.metric)
        self.goal_pairs = self._goal_pairs()
        self.start = self.key_of({p.id: xy for p, xy in zip(layout.pieces, layout.start,
                                                            strict=True)})

    def shift(self, cell: int) -> int:
        """Where ``cell``'s label starts in a packed position."""
        return (cell // self.cpw) * 64 + (cell % self.cpw) * self.bits

    def _shapes(self) -> None:
        """Each group's shape relative to its first cell in reading order, and the
        directions (indexes into ``DIRS``) it may move in."""
        by_id = {p.id: p for p in self.puzzle.layout.pieces}
        self.first: list[Cell] = []
        self.offsets: list[list[Cell]] = []
        self.dirs: list[tuple[int, ...]] = []
        for ids in self.group_ids:
            p = by_id[ids[0]]
            f = min(p.cells, key=lambda c: (c[1], c[0]))
            self.first.append(f)
            self.offsets.append([(dx - f[0], dy - f[1]) for dx, dy in p.cells])
            self.dirs.append(tuple(d for d, (dx, dy) in enumerate(DIRS)
                                   if not (p.axis == "x" and dy or p.axis == "y" and dx)))

    def _placements(self) -> None:
        """For every group and anchor cell: the cells covered (None where the piece does
        not fit: off the board or on a wall) and its packed labels (0 there)."""
        W, H = self.width, self.height
        walls = self.puzzle.layout.walls
        self.cells_at: list[list[tuple[int, ...] | None]] = []
        self.pkey: list[list[int]] = []
        for g in range(self.G):
            cells_g: list[tuple[int, ...] | None] = []
            keys_g: list[int] = []
            for a in range(self.C):
                ax, ay = a % W, a // W
                covered = [(ax + dx, ay + dy) for dx, dy in self.offsets[g]]
                if all(0 <= x < W and 0 <= y < H and (x, y) not in walls for x, y in covered):
                    cells = tuple(y * W + x for x, y in covered)
                    cells_g.append(cells)
                    keys_g.append(sum((g + 1) << self.shift(c) for c in cells))
                else:
                    cells_g.append(None)
                    keys_g.append(0)
            self.cells_at.append(cells_g)
            self.pkey.append(keys_g)

    def _neighbours(self) -> None:
        """The neighbouring cell of every cell in each direction, or -1 off the board."""
        W, H = self.width, self.height
        self.nbr = [[(a // W + dy) * W + a % W + dx
                     if 0 <= a % W + dx < W and 0 <= a // W + dy < H else -1
                     for dx, dy in DIRS] for a in range(self.C)]

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
                if ch in ids:
                    out[(by_id[ids[0]].cells, ch)] = g
        for g, ids in enumerate(self.group_ids):
            shape = by_id[ids[0]].cells
            for ch in PIECE_CHARS:
                out.setdefault((shape, ch), g)
        return out

    # ------------------------------------------------------------ packed positions

    def key_of(self, positions: Mapping[str, Cell]) -> int:
        """The packed position of pieces at bounding-box positions {id: (x, y)}."""
        key = self.wall_key
        for pid, (x, y) in positions.items():
            g = self.group_of[pid]
            fx, fy = self.first[g]
            key += self.pkey[g][(y + fy) * self.width + x + fx]
        return key

    def labels(self, key: int) -> list[int]:
        """Every cell's label (0 empty, g + 1 a piece of group g, the wall label)."""
        mask = (1 << self.bits) - 1
        return [(key >> self.shift(c)) & mask for c in range(self.C)]

    def anchors(self, key: int) -> list[list[int]]:
        """For each group, the anchor cells of its pieces, in reading order."""
        lab = self.labels(key)
        seen = [False] * self.C
        out: list[list[int]] = [[] for _ in range(self.G)]
        for c in range(self.C):
            g = lab[c] - 1
            if 0 <= g < self.G and not seen[c]:
                out[g].append(c)
                for cell in self.cells_at[g][c] or ():
                    seen[cell] = True
        return out

    def is_goal(self, key: int) -> bool:
        mask = (1 << self.bits) - 1
        return all((key >> self.shift(c)) & mask == lab for c, lab in self.goal_pairs)

    def goal_test(self) -> tuple[int, int]:
        """(mask, value): a position is the goal when ``key & mask == value``."""
        full = (1 << self.bits) - 1
        mask = sum(full << self.shift(c) for c, _ in self.goal_pairs)
        value = sum(lab << self.shift(c) for c, lab in self.goal_pairs)
        return mask, value

    def max_branch(self) -> int:
        """An upper bound on one position's successors."""
        return self.C * sum(len(g) for g in self.group_ids) + 1

    def format_state(self, key: int) -> str:
        """Rows of the layout; pieces of a group get the group's ids in reading order."""
        W = self.width
        grid = [["." for _ in range(W)] for _ in range(self.height)]
        for x, y in self.puzzle.layout.walls:
            grid[y][x] = "#"
        for g, anchors in enumerate(self.anchors(key)):
            for pid, a in zip(sorted(self.group_ids[g]), anchors):
                for c in self.cells_at[g][a] or ():
                    grid[c // W][c % W] = pid
        return "\n".join("".join(r) for r in grid)


__all__ = ["BlockBoard"]
