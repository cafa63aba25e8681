"""Sliding-block layouts: the board, the pieces and where they start, the goal.

What does not move in a sliding-block puzzle (Hakoiri Musume, Klotski, Dad's puzzle,
Rush Hour-like): a ``BlockLayout`` (board size, walls, exits, piece shapes and where they
start, the goal) that reads itself from a trace header and writes itself into one, with
``start_grid``, the cells its pieces cover at the start; ``Piece`` (one piece's shape);
and the checks of a layout written as rows (``layout_cells``) and of an exit
(``exit_problem``) that configs and importers share.  Where the pieces are after some
moves, and which moves are legal, is ``puzzlereel.rules.sliding_block``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from puzzlereel.ground.errors import quoted
from puzzlereel.trace import Cell, Header, TraceError
from puzzlereel.trace.fields import as_cells, get_int, get_list, get_obj, get_str

DIRS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
PIECE_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
BLOCK_METRICS = ("piece", "line", "step")
MAX_SIDE = 256          # cells along one side of a board
MAX_BLOCK_CELLS = 4096        # cells of a board (the solver's limit too)


@dataclass(frozen=True)
class Piece:
    """A piece's shape: ``cells`` relative to the top-left of its bounding box."""

    id: str
    cells: tuple[Cell, ...]
    axis: str | None = None
    label: str | None = None

    @property
    def w(self) -> int:
        return max(dx for dx, _ in self.cells) + 1

    @property
    def h(self) -> int:
        return max(dy for _, dy in self.cells) + 1

    @property
    def is_rect(self) -> bool:
        return len(self.cells) == self.w * self.h

    def at(self, pos: Cell) -> list[Cell]:
        x, y = pos
        return [(x + dx, y + dy) for dx, dy in self.cells]

    def to_json(self, pos: Cell) -> dict[str, Any]:
        """The header's description of this piece standing at ``pos``."""
        out: dict[str, Any] = {"id": self.id, "x": pos[0], "y": pos[1]}
        if self.is_rect:
            out.update(w=self.w, h=self.h)
        else:
            out["cells"] = [list(c) for c in self.cells]
        if self.axis:
            out["axis"] = self.axis
        if self.label:
            out["label"] = self.label
        return out


def connected(cells: list[Cell]) -> bool:
    """Whether ``cells`` (one piece) hang together edge to edge: a piece is one block."""
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


class BadLayout(ValueError):
    """Rows that describe no board: what is wrong (``problem``) and in which row (0-based)."""

    def __init__(self, problem: str, row: int) -> None:
        super().__init__(problem)
        self.problem, self.row = problem, row


def layout_cells(rows: list[str]) -> tuple[dict[str, list[Cell]], set[Cell]]:
    """The pieces' cells (by letter) and the walls ('#') of a layout's rows, '.' empty;
    ``BadLayout`` when the rows are ragged, hold another character or split a piece."""
    width = len(rows[0])
    for r, row in enumerate(rows):
        if len(row) != width:
            raise BadLayout(f"ragged layout: row {r + 1} {quoted(row)} has {len(row)} cells, "
                            f"row 1 has {width}", r)
        for ch in row:
            if ch not in PIECE_CHARS and ch not in ".#":
                raise BadLayout(f"row {r + 1} {quoted(row)}: {quoted(ch)} is not a piece "
                                "(ASCII letters and digits), '.' (empty) or '#' (wall)", r)
    walls = {(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#"}
    cells: dict[str, list[Cell]] = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch not in ".#":
                cells.setdefault(ch, []).append((x, y))
    for pid, cs in cells.items():
        if not connected(cs):        # named at the row of its first cell
            raise BadLayout(f"piece {quoted(pid)} is split in two or more parts",
                            min(y for _, y in cs))
    return cells, walls


EXIT_SIDES = ("top", "bottom", "left", "right")


def exit_problem(e: object, width: int, height: int) -> str | None:
    """What is wrong with the exit ``e`` (``{side, offset, length}``: a gap in the frame
    along ``side``, from cell ``offset``, ``length`` cells long) of a ``width`` x
    ``height`` board, if anything: the gap must lie along the side it names."""
    if not isinstance(e, dict) or e.get("side") not in EXIT_SIDES:
        return (f"expected {{ side = 'bottom', offset = 1, length = 2 }} with side "
                f"top/bottom/left/right, got {quoted(e)}")
    along = width if e["side"] in ("top", "bottom") else height
    values = {}
    for key, default, low in (("offset", 0, 0), ("length", 1, 1)):
        value = e.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= along:
            return (f"{key}: expected a whole number from {low} to {along} (the {e['side']} "
                    f"side's cells), got {quoted(value)}")
        values[key] = value
    if values["offset"] + values["length"] > along:
        return (f"offset {values['offset']} + length {values['length']} passes the end of the "
                f"{e['side']} side ({along} cells)")
    return None


def shape_of(cells: list[Cell]) -> tuple[Cell, tuple[Cell, ...]]:
    """(top-left of the bounding box, cells relative to it, sorted)."""
    x0 = min(x for x, _ in cells)
    y0 = min(y for _, y in cells)
    return (x0, y0), tuple(sorted((x - x0, y - y0) for x, y in cells))


@dataclass(frozen=True)
class BlockLayout:
    """Everything about a sliding-block puzzle that does not move: board, walls, exits,
    piece shapes, where each piece starts (``start[i]`` for ``pieces[i]``), the goal
    (pieces at given cells, or a whole ``target`` layout) and the move metric."""

    width: int
    height: int
    walls: frozenset[Cell]
    pieces: tuple[Piece, ...]
    start: tuple[Cell, ...]
    exits: tuple[Mapping[str, Any], ...] = ()
    goal: tuple[tuple[str, Cell], ...] = ()
    target: tuple[str, ...] | None = None
    metric: str = "piece"

    def inside(self, c: Cell) -> bool:
        return 0 <= c[0] < self.width and 0 <= c[1] < self.height

    def piece(self, pid: str) -> Piece:
        for p in self.pieces:
            if p.id == pid:
                return p
        raise KeyError(pid)

    # ------------------------------------------------------------ the header

    @classmethod
    def from_header(cls, header: Header) -> BlockLayout:
        """Read and check the header's board, pieces and goal (``TraceError`` naming the
        field on bad input)."""
        f = header.fields
        board = get_obj(f, "board")
        width, height = _board_size(board)
        walls, exits = _walls_and_exits(board, width, height)
        metric = str(header.solver.get("metric", "piece"))
        if metric not in BLOCK_METRICS:
            metric = "piece"
        pieces, start = _pieces_from_json(f, width, height)
        # pieces off the board, on walls or on each other: checked before the goal
        start_grid(cls(width=width, height=height, walls=walls, pieces=tuple(pieces),
                       start=tuple(start)))
        goal = _goal_from_json(f, {p.id for p in pieces})
        return cls(width=width, height=height, walls=walls, pieces=tuple(pieces),
                   start=tuple(start), exits=exits, goal=tuple(goal),
                   target=_target_from_json(f), metric=metric)

    def header_fields(self) -> dict[str, Any]:
        """The header fields that ``from_header`` reads back (the metric goes in
        ``solver``)."""
        fields: dict[str, Any] = {
            "board": {"width": self.width, "height": self.height,
                      "walls": [list(w) for w in sorted(self.walls, key=lambda c: (c[1], c[0]))],
                      "exits": [dict(e) for e in self.exits]},
            "pieces": [p.to_json(pos) for p, pos in zip(self.pieces, self.start, strict=True)],
        }
        if self.goal:
            goals = [{"piece": pid, "x": x, "y": y} for pid, (x, y) in self.goal]
            fields["goal"] = goals[0] if len(goals) == 1 else goals
        if self.target is not None:
            fields["target"] = list(self.target)
        return fields


def _board_size(board: Mapping[str, Any]) -> tuple[int, int]:
    """The board's width and height, within ``MAX_SIDE`` and ``MAX_BLOCK_CELLS``."""
    width: int = get_int(board, "width", prefix="board.", minimum=1)
    height: int = get_int(board, "height", prefix="board.", minimum=1)
    for name, side in (("width", width), ("height", height)):
        if side > MAX_SIDE:
            raise TraceError(f"at most {MAX_SIDE} cells, got {side}", field=f"board.{name}")
    if width * height > MAX_BLOCK_CELLS:
        raise TraceError(f"a {width}x{height} board has more than {MAX_BLOCK_CELLS} cells",
                         field="board")
    return width, height


def _walls_and_exits(board: Mapping[str, Any], width: int, height: int
                     ) -> tuple[frozenset[Cell], tuple[Mapping[str, Any], ...]]:
    """The board's walls (on the board) and exits (on its sides)."""
    walls = frozenset(as_cells(get_list(board, "walls", prefix="board.", optional=True)
                               or [], "board.walls"))
    exits = tuple(get_list(board, "exits", prefix="board.", optional=True) or [])
    for i, e in enumerate(exits):
        problem = exit_problem(e, width, height)
        if problem is not None:
            raise TraceError(problem, field=f"board.exits[{i}]")
    for i, w in enumerate(sorted(walls)):
        if not (0 <= w[0] < width and 0 <= w[1] < height):
            raise TraceError(f"wall {list(w)} lies off the board", field=f"board.walls[{i}]")
    return walls, exits


def _pieces_from_json(f: Mapping[str, Any], width: int, height: int
                      ) -> tuple[list[Piece], list[Cell]]:
    """The header's pieces (at least one, each id once) and where each starts."""
    raw_pieces = get_list(f, "pieces")
    if not raw_pieces:
        raise TraceError("a sliding-block trace needs at least one piece", field="pieces")
    pieces: list[Piece] = []
    start: list[Cell] = []
    for i, raw in enumerate(raw_pieces):
        piece, pos = _piece_from_json(raw, f"pieces[{i}]", {p.id for p in pieces},
                                      width, height)
        pieces.append(piece)
        start.append(pos)
    return pieces, start


def _goal_from_json(f: Mapping[str, Any], ids: set[str]) -> list[tuple[str, Cell]]:
    """The header's ``goal``: one object or a list of them, each a piece of ``ids`` and
    the cell it must reach (none when the header has no goal)."""
    raw_goal = f.get("goal")
    if raw_goal is None:
        return []
    goal: list[tuple[str, Cell]] = []
    items = raw_goal if isinstance(raw_goal, list) else [raw_goal]
    for i, g in enumerate(items):
        name = "goal" if not isinstance(raw_goal, list) else f"goal[{i}]"
        if not isinstance(g, dict):
            raise TraceError(f"expected an object, got {g!r}", field=name)
        pid = get_str(g, "piece", prefix=name + ".")
        if pid not in ids:
            raise TraceError(f"no piece {pid!r}", field=name + ".piece")
        goal.append((pid, (get_int(g, "x", prefix=name + "."),
                           get_int(g, "y", prefix=name + "."))))
    return goal


def _target_from_json(f: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The header's ``target`` layout, a list of row strings (None when it has none)."""
    if f.get("target") is None:
        return None
    raw_target = f["target"]
    if not isinstance(raw_target, list) or not all(isinstance(r, str) for r in raw_target):
        raise TraceError("expected a list of row strings", field="target")
    return tuple(raw_target)


def _piece_from_json(raw: Any, name: str, taken: set[str], width: int,
                     height: int) -> tuple[Piece, Cell]:
    if not isinstance(raw, dict):
        raise TraceError(f"expected an object, got {raw!r}", field=name)
    pid = get_str(raw, "id", prefix=name + ".")
    if pid in taken:
        raise TraceError(f"duplicate piece id {pid!r}", field=name + ".id")
    if len(pid) != 1 or pid not in PIECE_CHARS:
        raise TraceError(f"piece ids are one ASCII letter or digit, got {quoted(pid)}",
                         field=name + ".id")
    x = get_int(raw, "x", prefix=name + ".")
    y = get_int(raw, "y", prefix=name + ".")
    if "cells" in raw:
        cells = as_cells(raw["cells"], name + ".cells")
        if not cells or len(set(cells)) != len(cells):
            raise TraceError("cells must be a non-empty list of distinct [dx, dy]",
                             field=name + ".cells")
        (ox, oy), rel = shape_of(list(cells))
        x, y = x + ox, y + oy
    else:
        w = get_int(raw, "w", prefix=name + ".", minimum=1)
        h = get_int(raw, "h", prefix=name + ".", minimum=1)
        if w > width or h > height:     # checked before listing its cells
            raise TraceError(f"a {w}x{h} piece is larger than the {width}x{height} board",
                             field=name)
        rel = tuple(sorted((dx, dy) for dy in range(h) for dx in range(w)))
    axis = get_str(raw, "axis", prefix=name + ".", optional=True)
    if axis not in (None, "x", "y"):
        raise TraceError(f"axis is 'x' or 'y', got {axis!r}", field=name + ".axis")
    label = get_str(raw, "label", prefix=name + ".", optional=True)
    return Piece(pid, rel, axis, label), (x, y)


def cell_problem(layout: BlockLayout, grid: Mapping[Cell, str], c: Cell, pid: str,
                 ignore: str | None) -> str | None:
    """Why piece ``pid`` may not cover cell ``c`` of ``layout`` where ``grid`` says which
    piece covers each cell (``ignore``: a piece that does not count), or None."""
    if not layout.inside(c):
        return f"piece {pid!r} would leave the board at {list(c)}"
    if c in layout.walls:
        return f"piece {pid!r} would overlap a wall at {list(c)}"
    other = grid.get(c)
    if other is not None and other != ignore:
        return f"piece {pid!r} would overlap piece {other!r} at {list(c)}"
    return None


def start_grid(layout: BlockLayout) -> dict[Cell, str]:
    """The piece that covers each cell at the start: ``TraceError`` (field ``pieces``)
    when a piece leaves the board, lies on a wall or on another piece."""
    pieces: dict[str, Piece] = {p.id: p for p in layout.pieces}
    pos: dict[str, Cell] = {p.id: xy for p, xy in zip(layout.pieces, layout.start, strict=True)}
    grid: dict[Cell, str] = {}
    for pid, piece in pieces.items():
        for c in piece.at(pos[pid]):
            problem = cell_problem(layout, grid, c, pid, ignore=None)
            if problem is not None:
                raise TraceError(problem, field="pieces")
            grid[c] = pid
    return grid


__all__ = ["BLOCK_METRICS", "DIRS", "EXIT_SIDES", "MAX_BLOCK_CELLS", "MAX_SIDE", "PIECE_CHARS",
           "BadLayout", "BlockLayout", "Piece", "cell_problem", "connected", "exit_problem",
           "layout_cells", "shape_of", "start_grid"]
