"""Sliding-block puzzles: Hakoiri Musume / Klotski, Dad's puzzle, Century, Rush Hour-like.

A puzzle is a board of any size with walls and pieces (any polyomino, named by one letter
or digit).  Pieces of one *group* are interchangeable when positions are compared (by
default pieces of the same shape, except the pieces named in the goal).  A position is
the board's *label grid*: for every cell, the group of the piece covering it (0 = empty),
packed a few bits a cell into 64-bit words.  That grid determines where every piece is
(a tiling by translates of one shape is unique), so it is both the state and its
canonical key.

Three move metrics: ``step`` (one cell), ``line`` (any distance in one straight line),
``piece`` (any number of cells with turns: the seed articles' and Hordern's metric).
Breadth-first search finds an optimal solution; the layer loop is compiled with numba
(``sliding_block_kernel``) and sits behind this module's interface.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from puzzlereel import __version__
from puzzlereel.trace import BlockMove, End, Event, Header, Note
from puzzlereel.trace.sliding_block import DIRS, PIECE_CHARS, SlidingBlockReplay, shape_of

from .base import Series, SolveOptions
from .config import Config, ConfigError

METRICS = ("piece", "line", "step")
ALGORITHMS = ("bfs",)
MAX_CELLS = 4096

Cell = tuple[int, int]


# ---------------------------------------------------------------- the puzzle


@dataclass(frozen=True)
class Piece:
    """One piece: its id, its cells relative to its bounding box, and where it starts."""

    id: str
    cells: tuple[Cell, ...]
    x: int
    y: int
    axis: str | None = None

    @property
    def w(self) -> int:
        return max(dx for dx, _ in self.cells) + 1

    @property
    def h(self) -> int:
        return max(dy for _, dy in self.cells) + 1

    def to_json(self, label: str | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "x": self.x, "y": self.y}
        if len(self.cells) == self.w * self.h:
            out.update(w=self.w, h=self.h)
        else:
            out["cells"] = [list(c) for c in self.cells]
        if self.axis:
            out["axis"] = self.axis
        if label:
            out["label"] = label
        return out


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


@dataclass(frozen=True)
class Puzzle:
    """A sliding-block puzzle as the config describes it, plus its solve settings."""

    width: int
    height: int
    walls: frozenset[Cell]
    pieces: tuple[Piece, ...]
    goal: tuple[tuple[str, int, int], ...] = ()
    target: tuple[str, ...] | None = None
    groups: tuple[tuple[str, ...], ...] = ()
    metric: str = "piece"
    algorithm: str = "bfs"
    title: str | None = None
    exits: tuple[Mapping[str, Any], ...] = ()
    labels: Mapping[str, str] = field(default_factory=dict)
    render: Mapping[str, Any] = field(default_factory=dict)
    source: str = ""

    def piece(self, pid: str) -> Piece:
        for p in self.pieces:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def header(self, extra: Mapping[str, Any] | None = None) -> Header:
        fields: dict[str, Any] = {
            "board": {"width": self.width, "height": self.height,
                      "walls": [list(w) for w in sorted(self.walls, key=lambda c: (c[1], c[0]))],
                      "exits": [dict(e) for e in self.exits]},
            "pieces": [p.to_json(self.labels.get(p.id)) for p in self.pieces],
        }
        if self.goal:
            goals = [{"piece": pid, "x": x, "y": y} for pid, x, y in self.goal]
            fields["goal"] = goals[0] if len(goals) == 1 else goals
        if self.target is not None:
            fields["target"] = list(self.target)
        if extra:
            fields.update(extra)
        return Header(puzzle="sliding-block", fields=fields, title=self.title,
                      solver={"algorithm": self.algorithm, "metric": self.metric,
                              "program": f"puzzlereel {__version__}"},
                      render=dict(self.render))


# ---------------------------------------------------------------- parsing


def _parse_layout(cfg: Config, key: str, text: str) -> tuple[list[str], list[int]]:
    """Rows of a layout string, and each row's line in the file (for messages)."""
    lines = text.split("\n")
    rows: list[str] = []
    where: list[int] = []
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped:
            rows.append(stripped.replace(" ", ""))
            where.append(i)
    if not rows:
        raise cfg.error(key, "empty layout")
    width = len(rows[0])
    for r, row in enumerate(rows):
        if len(row) != width:
            raise cfg.error(key, f"ragged layout: row {r + 1} {row!r} has {len(row)} cells, "
                            f"row 1 has {width}", line=cfg.value_line(key, where[r]))
        for ch in row:
            if ch not in PIECE_CHARS and ch not in ".#":
                raise cfg.error(key, f"row {r + 1} {row!r}: {ch!r} is not a piece (letters and "
                                "digits), '.' (empty) or '#' (wall)",
                                line=cfg.value_line(key, where[r]))
    return rows, where


def _connected(cells: list[Cell]) -> bool:
    todo = [cells[0]]
    seen = {cells[0]}
    cellset = set(cells)
    while todo:
        x, y = todo.pop()
        for dx, dy in DIRS:
            c = (x + dx, y + dy)
            if c in cellset and c not in seen:
                seen.add(c)
                todo.append(c)
    return len(seen) == len(cells)


def _pieces_of(cfg: Config, key: str, rows: list[str], where: list[int]
               ) -> tuple[dict[str, list[Cell]], set[Cell]]:
    cells: dict[str, list[Cell]] = {}
    walls: set[Cell] = set()
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "#":
                walls.add((x, y))
            elif ch != ".":
                cells.setdefault(ch, []).append((x, y))
    for pid, cs in cells.items():
        if not _connected(cs):
            first = min(cs, key=lambda c: (c[1], c[0]))
            raise cfg.error(key, f"piece {pid!r} is split in two or more parts",
                            line=cfg.value_line(key, where[first[1]]))
    return cells, walls


def load(cfg: Config) -> Puzzle:
    """Read a sliding-block config; raise ``ConfigError`` naming the field on bad input."""
    layout = cfg.get("puzzle.layout", str)
    rows, where = _parse_layout(cfg, "puzzle.layout", layout)
    height, width = len(rows), len(rows[0])
    if width * height > MAX_CELLS:
        raise cfg.error("puzzle.layout", f"board of {width}x{height} cells is larger than "
                        f"{MAX_CELLS} cells")
    cells, walls = _pieces_of(cfg, "puzzle.layout", rows, where)
    if not cells:
        raise cfg.error("puzzle.layout", "no pieces in the layout")
    for i, w in enumerate(cfg.get("puzzle.walls", list, [])):
        name = f"puzzle.walls[{i}]"
        if (not isinstance(w, list) or len(w) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in w)):
            raise cfg.error("puzzle.walls", f"{name}: expected [x, y], got {w!r}")
        wx, wy = w
        if not (0 <= wx < width and 0 <= wy < height):
            raise cfg.error("puzzle.walls", f"{name}: wall [{wx}, {wy}] lies off the "
                            f"{width}x{height} board")
        ch = rows[wy][wx]
        if ch not in ".#":
            raise cfg.error("puzzle.walls", f"{name}: piece {ch!r} overlaps the wall at "
                            f"[{wx}, {wy}]")
        walls.add((wx, wy))
    axes = cfg.get("puzzle.axis", dict, {})
    for pid, ax in axes.items():
        if pid not in cells:
            raise cfg.error("puzzle.axis", f"no piece {pid!r} in the layout")
        if ax not in ("x", "y"):
            raise cfg.error("puzzle.axis", f"piece {pid!r}: axis is 'x' or 'y', got {ax!r}")
    pieces = []
    for pid in sorted(cells, key=lambda p: min((y, x) for x, y in cells[p])):
        (x, y), rel = shape_of(cells[pid])
        pieces.append(Piece(pid, rel, x, y, axes.get(pid)))

    # ---- goal / target
    goal: list[tuple[str, int, int]] = []
    target: tuple[str, ...] | None = None
    raw_goal = cfg.get("puzzle.goal", (dict, list), None)
    raw_target = cfg.get("puzzle.target", str, None)
    if raw_goal is None and raw_target is None:
        raise cfg.error("puzzle.goal", "missing: give `goal = { piece = ..., x = ..., y = ... }` "
                        "or a `target` layout")
    if raw_goal is not None and raw_target is not None:
        raise cfg.error("puzzle.target", "give either `goal` or `target`, not both")
    by_id = {p.id: p for p in pieces}
    if raw_goal is not None:
        items = raw_goal if isinstance(raw_goal, list) else [raw_goal]
        if not items:
            raise cfg.error("puzzle.goal", "empty goal list")
        for i, g in enumerate(items):
            name = "puzzle.goal" if isinstance(raw_goal, dict) else f"puzzle.goal[{i}]"
            if not isinstance(g, dict):
                raise cfg.error("puzzle.goal", f"{name}: expected {{ piece = ..., x = ..., "
                                f"y = ... }}, got {g!r}")
            pid = g.get("piece")
            if not isinstance(pid, str) or pid not in by_id:
                raise cfg.error("puzzle.goal", f"{name}.piece: no piece {pid!r} in the layout")
            gx, gy = g.get("x"), g.get("y")
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in (gx, gy)):
                raise cfg.error("puzzle.goal", f"{name}: x and y must be integers, got "
                                f"x={gx!r}, y={gy!r}")
            assert isinstance(gx, int) and isinstance(gy, int)
            p = by_id[pid]
            for dx, dy in p.cells:
                c = (gx + dx, gy + dy)
                if not (0 <= c[0] < width and 0 <= c[1] < height):
                    raise cfg.error("puzzle.goal", f"{name}: piece {pid!r} at x={gx}, y={gy} "
                                    f"lies off the {width}x{height} board")
                if c in walls:
                    raise cfg.error("puzzle.goal", f"{name}: piece {pid!r} at x={gx}, y={gy} "
                                    f"overlaps a wall")
            goal.append((pid, gx, gy))
    else:
        assert raw_target is not None
        trows, twhere = _parse_layout(cfg, "puzzle.target", raw_target)
        if len(trows) != height or len(trows[0]) != width:
            raise cfg.error("puzzle.target", f"target is {len(trows[0])}x{len(trows)}, the "
                            f"layout is {width}x{height}")
        tcells, twalls = _pieces_of(cfg, "puzzle.target", trows, twhere)
        if twalls != {w for w in walls if rows[w[1]][w[0]] == "#"}:
            raise cfg.error("puzzle.target", "the target's walls differ from the layout's")
        start_shapes = sorted(p.cells for p in pieces)
        target_shapes = sorted(shape_of(cs)[1] for cs in tcells.values())
        if start_shapes != target_shapes:
            raise cfg.error("puzzle.target", "the target does not have the same pieces "
                            "(shapes) as the layout")
        target = tuple(trows)

    # ---- interchangeable groups
    goal_ids = {pid for pid, _, _ in goal}
    alike = cfg.get("puzzle.alike", list, None)
    groups: list[tuple[str, ...]] = []
    if alike is not None:
        used: set[str] = set()
        for i, grp in enumerate(alike):
            if not isinstance(grp, str) or not grp:
                raise cfg.error("puzzle.alike", f"alike[{i}]: expected a string of piece ids, "
                                f"got {grp!r}")
            for pid in grp:
                if pid not in by_id:
                    raise cfg.error("puzzle.alike", f"alike[{i}]: no piece {pid!r}")
                if pid in used:
                    raise cfg.error("puzzle.alike", f"alike[{i}]: piece {pid!r} is in two "
                                    "groups")
                used.add(pid)
            shapes = {(by_id[p].cells, by_id[p].axis) for p in grp}
            if len(shapes) != 1:
                raise cfg.error("puzzle.alike", f"alike[{i}] {grp!r}: pieces of one group "
                                "must have the same shape (and axis)")
            groups.append(tuple(grp))
        groups += [(p.id,) for p in pieces if p.id not in used]
    else:
        by_shape: dict[Any, list[str]] = {}
        for p in pieces:
            if p.id in goal_ids:
                groups.append((p.id,))
            else:
                by_shape.setdefault((p.cells, p.axis), []).append(p.id)
        groups += [tuple(ids) for ids in by_shape.values()]
    groups.sort(key=lambda g: min((by_id[p].y, by_id[p].x) for p in g))

    # ---- exits, labels, solve
    exits = []
    raw_exit = cfg.get("puzzle.exit", (dict, list), None)
    for e in ([] if raw_exit is None else raw_exit if isinstance(raw_exit, list) else [raw_exit]):
        if not isinstance(e, dict) or e.get("side") not in ("top", "bottom", "left", "right"):
            raise cfg.error("puzzle.exit", f"expected {{ side = 'bottom', offset = 1, "
                            f"length = 2 }} with side top/bottom/left/right, got {e!r}")
        exits.append(dict(e))
    labels = cfg.get("puzzle.labels", dict, {})
    for pid, lab in labels.items():
        if pid not in by_id or not isinstance(lab, str):
            raise cfg.error("puzzle.labels", f"{pid!r} = {lab!r}: expected a piece id and "
                            "a string")
    metric = cfg.get("solve.metric", str, "piece", choices=METRICS)
    algorithm = cfg.get("solve.algorithm", str, "bfs", choices=ALGORITHMS)
    render = dict(cfg.section("render"))
    if "colors" in cfg.section("puzzle"):
        render.setdefault("colors", cfg.get("puzzle.colors", dict))
    return Puzzle(
        width=width, height=height, walls=frozenset(walls), pieces=tuple(pieces),
        goal=tuple(goal), target=target, groups=tuple(groups), metric=metric,
        algorithm=algorithm, title=cfg.title, exits=tuple(exits), labels=dict(labels),
        render=render, source=cfg.path,
    )


# ---------------------------------------------------------------- search tables


class Board:
    """Precomputed tables for searching one puzzle: labels, bit packing, placements.

    Also the family's small interface on packed states: ``start``, ``legal_moves``,
    ``apply``, ``is_goal``, ``format_state`` / ``parse_state``.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        W, H = self.width, self.height = puzzle.width, puzzle.height
        self.C = C = W * H
        by_id = {p.id: p for p in puzzle.pieces}
        self.group_ids = puzzle.groups
        G = self.G = len(puzzle.groups)
        self.group_of = {pid: g for g, ids in enumerate(puzzle.groups) for pid in ids}
        # shape of each group, relative to its first cell in reading order
        self.first: list[Cell] = []
        self.offsets: list[list[Cell]] = []
        axis_dirs = np.zeros((G, 4), dtype=np.bool_)
        for g, ids in enumerate(puzzle.groups):
            p = by_id[ids[0]]
            f = min(p.cells, key=lambda c: (c[1], c[0]))
            self.first.append(f)
            self.offsets.append([(dx - f[0], dy - f[1]) for dx, dy in p.cells])
            for d, (dx, dy) in enumerate(DIRS):
                axis_dirs[g, d] = not (p.axis == "x" and dy or p.axis == "y" and dx)
        nlabels = G + 1 + (1 if puzzle.walls else 0)
        self.bits = b = max(1, (nlabels - 1).bit_length())
        self.wall_label = G + 1
        self.cpw = cpw = 64 // b
        self.K = K = (C + cpw - 1) // cpw
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
                    if not (0 <= x < W and 0 <= y < H) or (x, y) in puzzle.walls:
                        ok = False
                        break
                    c = y * W + x
                    self.cells_at[g, a, i] = c
                    self.pkey[g, a, c // cpw] |= np.uint64((g + 1) << ((c % cpw) * b))
                self.fits[g, a] = ok
                if not ok:
                    self.pkey[g, a, :] = 0
        self.nbr = np.full((C, 4), -1, dtype=np.int32)
        for a in range(C):
            ax, ay = a % W, a // W
            for d, (dx, dy) in enumerate(DIRS):
                if 0 <= ax + dx < W and 0 <= ay + dy < H:
                    self.nbr[a, d] = (ay + dy) * W + ax + dx
        self.axis_dirs = axis_dirs
        self.wall_key = np.zeros(K, dtype=np.uint64)
        for x, y in puzzle.walls:
            c = y * W + x
            self.wall_key[c // cpw] |= np.uint64(self.wall_label << ((c % cpw) * b))
        self.metric_code = METRICS.index(puzzle.metric)
        # goal as (cell, label) pairs that must all hold
        pairs: list[tuple[int, int]] = []
        if puzzle.target is not None:
            tcells: dict[str, list[Cell]] = {}
            for y, row in enumerate(puzzle.target):
                for x, ch in enumerate(row):
                    if ch not in ".#":
                        tcells.setdefault(ch, []).append((x, y))
            shape_groups = self._shape_groups()
            for y, row in enumerate(puzzle.target):
                for x, ch in enumerate(row):
                    if ch == "#":
                        continue
                    if ch == ".":
                        pairs.append((y * W + x, 0))
                        continue
                    shape = shape_of(tcells[ch])[1]
                    g = shape_groups[(shape, ch)]
                    pairs.append((y * W + x, g + 1))
        else:
            for pid, gx, gy in puzzle.goal:
                g = self.group_of[pid]
                for dx, dy in by_id[pid].cells:
                    pairs.append(((gy + dy) * W + gx + dx, g + 1))
        self.goal_word = np.array([c // cpw for c, _ in pairs], dtype=np.int32)
        self.goal_shift = np.array([(c % cpw) * b for c, _ in pairs], dtype=np.int32)
        self.goal_label = np.array([lab for _, lab in pairs], dtype=np.uint64)
        self.start = self.key_of({p.id: (p.x, p.y) for p in puzzle.pieces})

    def _shape_groups(self) -> dict[tuple[tuple[Cell, ...], str], int]:
        """Map (shape, letter in target) -> group: the letter's own group if it names a
        piece of that shape, else the first group of that shape."""
        by_id = {p.id: p for p in self.puzzle.pieces}
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
        for x, y in self.puzzle.walls:
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


# ---------------------------------------------------------------- search


@dataclass
class BfsResult:
    status: str                   # solved / unsolvable / limit
    path: list[np.ndarray]        # packed states, start .. goal
    stored: int
    layers: list[int]             # number of positions at each depth (complete layers)
    last_layer: np.ndarray        # packed states of the deepest layer reached
    seconds: float
    bytes_per_position: float


def run_bfs(board: Board, *, to_goal: bool, max_states: int | None = None,
            progress: Any = None) -> BfsResult:
    """Layered breadth-first search with the compiled kernel."""
    from . import sliding_block_kernel as kernel

    t0 = time.perf_counter()
    K = board.K
    cap = 1 << 12
    keys = np.zeros((cap, K), dtype=np.uint64)
    parents = np.full(cap, -1, dtype=np.int32)
    table = np.full(cap * 2, -1, dtype=np.int32)
    keys[0] = board.start
    n = kernel.insert_start(keys, table)
    layers = [1]
    lo, hi = 0, 1
    found = -1
    status = "unsolvable"
    if to_goal and kernel.is_goal(keys[0], board.goal_word, board.goal_shift, board.goal_label,
                                  board.bits):
        found = 0
    maxbranch = int(board.C * sum(len(g) for g in board.group_ids)) + 1
    limit = max_states if max_states is not None else -1
    while found < 0:
        start = lo
        while True:
            n, found, stopped = kernel.expand(
                keys, parents, table, start, hi, n, board.C, board.bits, board.cpw, board.G,
                board.ncells, board.cells_at, board.fits, board.pkey, board.nbr,
                board.axis_dirs, board.metric_code, board.goal_word, board.goal_shift,
                board.goal_label, to_goal, maxbranch, limit)
            if stopped < 0 or found >= 0:
                break
            if limit >= 0 and n >= limit:
                break
            # out of room: grow the arrays and the table, then go on where it stopped
            cap *= 2
            keys = np.concatenate([keys, np.zeros_like(keys)])
            parents = np.concatenate([parents, np.full_like(parents, -1)])
            table = np.full(cap * 2, -1, dtype=np.int32)
            kernel.rebuild(keys, n, table)
            start = stopped
        if found >= 0:
            status = "solved"
            break
        if limit >= 0 and n >= limit:
            status = "limit"
            break
        if n == hi:
            break  # nothing new: the layer lo..hi was the last one
        lo, hi = hi, n
        layers.append(hi - lo)
        if progress is not None:
            progress(f"depth {len(layers) - 1}", n, None)
    if found >= 0:
        status = "solved"
    path: list[np.ndarray] = []
    if found >= 0:
        i = found
        while i >= 0:
            path.append(keys[i].copy())
            i = int(parents[i])
        path.reverse()
    seconds = time.perf_counter() - t0
    used = keys.itemsize * K + parents.itemsize + 2 * table.itemsize
    return BfsResult(status=status, path=path, stored=n, layers=layers,
                     last_layer=keys[lo:hi].copy(), seconds=seconds, bytes_per_position=used)


def moves_from_path(board: Board, path: list[np.ndarray]) -> list[BlockMove]:
    """Name the piece and its unit-step path for each step of a solution."""
    puzzle = board.puzzle
    replay = SlidingBlockReplay(puzzle.header())
    anchor_pid: dict[int, str] = {}
    for p in puzzle.pieces:
        g = board.group_of[p.id]
        fx, fy = board.first[g]
        anchor_pid[(p.y + fy) * board.width + p.x + fx] = p.id
    prev = board.anchors(path[0])
    out = []
    for n, key in enumerate(path[1:], start=1):
        cur = board.anchors(key)
        moved = [g for g in range(board.G) if prev[g] != cur[g]]
        if len(moved) != 1:
            raise AssertionError(f"step {n}: {len(moved)} groups changed")
        g = moved[0]
        (src,) = set(prev[g]) - set(cur[g])
        (dst,) = set(cur[g]) - set(prev[g])
        pid = anchor_pid.pop(src)
        anchor_pid[dst] = pid
        fx, fy = board.first[g]
        dest = (dst % board.width - fx, dst // board.width - fy)
        steps = replay.route(pid, dest)
        if steps is None:
            raise AssertionError(f"step {n}: piece {pid} cannot reach {dest}")
        move = BlockMove(n=n, piece=pid, path=tuple(steps))
        replay.step(move)
        out.append(move)
        prev = cur
    return out


def solve(puzzle: Puzzle, options: SolveOptions) -> Iterator[Event]:
    """Header, the optimal solution's moves, end (with stats)."""
    board = Board(puzzle)
    result = run_bfs(board, to_goal=True, max_states=options.max_states,
                     progress=options.progress)
    moves = moves_from_path(board, result.path) if result.status == "solved" else []
    yield puzzle.header({"moves": len(moves)} if result.status == "solved" else None)
    yield from moves
    stats: dict[str, Any] = {"states": result.stored, "seconds": round(result.seconds, 4),
                             "bytes_per_state": result.bytes_per_position}
    if result.status == "unsolvable":
        stats["reason"] = (f"all {result.stored} positions reachable from the start were "
                           "searched")
        yield Note(f"No solution: all {result.stored} reachable positions were searched.")
    if result.status == "limit":
        stats["limit"] = f"--max-states {options.max_states}"
    yield End(status=result.status, moves=len(moves) if result.status == "solved" else None,
              stats=stats)


def analyze(puzzle: Puzzle, options: SolveOptions) -> dict[str, Any]:
    """The whole space reachable from the start: positions per depth, the farthest ones."""
    board = Board(puzzle)
    result = run_bfs(board, to_goal=False, max_states=options.max_states,
                     progress=options.progress)
    farthest = [board.format_state(board.as_int(k)).split("\n") for k in result.last_layer]
    farthest.sort()
    out: dict[str, Any] = {
        "puzzle": "sliding-block",
        "metric": puzzle.metric,
        "status": "limit" if result.status == "limit" else "complete",
        "states": result.stored,
        "max_depth": len(result.layers) - 1,
        "farthest": farthest,
        "depths": result.layers,
        "seconds": round(result.seconds, 4),
        "bytes_per_state": result.bytes_per_position,
    }
    return out


def plot_series(result: Mapping[str, Any]) -> Series | None:
    depths = result.get("depths")
    if not depths:
        return None
    return Series(title=f"Positions at each distance from the start ({result['states']:,} in all, "
                  f"metric {result.get('metric', '?')})", xlabel="moves from the start",
                  ylabel="positions", points=list(enumerate(depths)))


__all__ = ["Board", "Move", "Piece", "Puzzle", "analyze", "load", "plot_series", "solve",
           "ConfigError"]
