"""Sliding-block rules: the board, its pieces, and the legality of every move.

The model every part of the program shares for a sliding-block puzzle (Hakoiri Musume,
Klotski, Dad's puzzle, Rush Hour-like): a ``Layout`` (board size, walls, exits, piece
shapes and where they start, the goal) that reads itself from a trace header and writes
itself into one; a ``Position`` (where every piece is now) that knows which slides are
legal and finds a piece's route; and ``SlidingBlockReplay``, which checks a trace one
``move`` or ``state`` event at a time and returns each as a ``BlockMove`` with the
piece's full path, so that a ``state`` written by another program is drawn like a move.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from puzzlereel.errors import quoted
from puzzlereel.trace import BlockMove, Cell, End, Event, Header, State, TraceError
from puzzlereel.trace.fields import as_cells, get_int, get_list, get_obj, get_str
from puzzlereel.trace.replay import check_move_counts, check_status, declared_moves

DIRS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
PIECE_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
METRICS = ("piece", "line", "step")
MAX_SIDE = 256          # cells along one side of a board
MAX_CELLS = 4096        # cells of a board (the solver's limit too)


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


SIDES = ("top", "bottom", "left", "right")


def exit_problem(e: object, width: int, height: int) -> str | None:
    """What is wrong with the exit ``e`` (``{side, offset, length}``: a gap in the frame
    along ``side``, from cell ``offset``, ``length`` cells long) of a ``width`` x
    ``height`` board, if anything: the gap must lie along the side it names."""
    if not isinstance(e, dict) or e.get("side") not in SIDES:
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


def path_ok(path: list[Cell], axis: str | None, metric: str) -> bool:
    """Whether a route (start included) is one move for a piece with ``axis``."""
    if axis == "x" and any(p[1] != path[0][1] for p in path):
        return False
    if axis == "y" and any(p[0] != path[0][0] for p in path):
        return False
    if metric == "step":
        return len(path) == 2
    if metric == "line":
        dx = path[1][0] - path[0][0]
        dy = path[1][1] - path[0][1]
        return all(b[0] - a[0] == dx and b[1] - a[1] == dy for a, b in zip(path, path[1:]))
    return True


@dataclass(frozen=True)
class Layout:
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
    def from_header(cls, header: Header) -> Layout:
        """Read and check the header's board, pieces and goal (``TraceError`` naming the
        field on bad input)."""
        f = header.fields
        board = get_obj(f, "board")
        width: int = get_int(board, "width", prefix="board.", minimum=1)
        height: int = get_int(board, "height", prefix="board.", minimum=1)
        for name, side in (("width", width), ("height", height)):
            if side > MAX_SIDE:
                raise TraceError(f"at most {MAX_SIDE} cells, got {side}", field=f"board.{name}")
        if width * height > MAX_CELLS:
            raise TraceError(f"a {width}x{height} board has more than {MAX_CELLS} cells",
                             field="board")
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
        metric = str(header.solver.get("metric", "piece"))
        if metric not in METRICS:
            metric = "piece"
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
        # pieces off the board, on walls or on each other: checked before the goal
        Position(cls(width=width, height=height, walls=walls, pieces=tuple(pieces),
                     start=tuple(start)))
        ids = {p.id for p in pieces}
        goal: list[tuple[str, Cell]] = []
        raw_goal = f.get("goal")
        if raw_goal is not None:
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
        target: tuple[str, ...] | None = None
        if f.get("target") is not None:
            raw_target = f["target"]
            if not isinstance(raw_target, list) or not all(isinstance(r, str)
                                                           for r in raw_target):
                raise TraceError("expected a list of row strings", field="target")
            target = tuple(raw_target)
        return cls(width=width, height=height, walls=walls, pieces=tuple(pieces),
                   start=tuple(start), exits=exits, goal=tuple(goal), target=target,
                   metric=metric)

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


class Position:
    """Where every piece of a layout is now, and which slides are legal from here."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.pieces: dict[str, Piece] = {p.id: p for p in layout.pieces}
        self.pos: dict[str, Cell] = {p.id: xy for p, xy in zip(layout.pieces, layout.start,
                                                                 strict=True)}
        self.grid: dict[Cell, str] = {}
        for pid, piece in self.pieces.items():
            for c in piece.at(self.pos[pid]):
                self._check_free(c, pid, "pieces", ignore=None)
                self.grid[c] = pid

    def _check_free(self, c: Cell, pid: str, field: str, ignore: str | None) -> None:
        if not self.layout.inside(c):
            raise TraceError(f"piece {pid!r} would leave the board at {list(c)}", field=field)
        if c in self.layout.walls:
            raise TraceError(f"piece {pid!r} would overlap a wall at {list(c)}", field=field)
        other = self.grid.get(c)
        if other is not None and other != ignore:
            raise TraceError(f"piece {pid!r} would overlap piece {other!r} at {list(c)}",
                             field=field)

    def fits(self, pid: str, pos: Cell) -> bool:
        for c in self.pieces[pid].at(pos):
            if not self.layout.inside(c) or c in self.layout.walls:
                return False
            other = self.grid.get(c)
            if other is not None and other != pid:
                return False
        return True

    def rows(self) -> list[str]:
        """The layout as row strings (``.`` empty, ``#`` wall)."""
        out = [["."] * self.layout.width for _ in range(self.layout.height)]
        for x, y in self.layout.walls:
            out[y][x] = "#"
        for (x, y), pid in self.grid.items():
            out[y][x] = pid
        return ["".join(r) for r in out]

    def solved(self) -> bool:
        if self.layout.target is not None:
            return self._same_layout(self.layout.target)
        return all(self.pos[pid] == xy for pid, xy in self.layout.goal)

    def _same_layout(self, rows: tuple[str, ...]) -> bool:
        """Whether ``rows`` shows the current layout, pieces of one shape being alike."""
        mine = {(self.pieces[p].cells, self.pos[p]) for p in self.pieces}
        try:
            theirs = self.parse_rows(rows)
        except TraceError:
            return False
        return mine == {(cells, pos) for _, cells, pos in theirs}

    def slide(self, pid: str, path: list[Cell], field: str) -> None:
        """Move ``pid`` along ``path`` (its top-left after each unit step), checking each
        step: one cell, along the piece's axis, onto free cells."""
        piece = self.pieces[pid]
        cur = self.pos[pid]
        full = [cur, *path]
        for i, (a, b) in enumerate(zip(full, full[1:])):
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise TraceError(f"step {i + 1} goes from {list(a)} to {list(b)}, "
                                 "which is not one cell away", field=f"{field}[{i}]")
            if piece.axis == "x" and a[1] != b[1] or piece.axis == "y" and a[0] != b[0]:
                raise TraceError(f"piece {pid!r} may move along {piece.axis} only",
                                 field=f"{field}[{i}]")
            for c in piece.at(b):
                self._check_free(c, pid, f"{field}[{i}]", ignore=pid)
        for c in piece.at(cur):
            del self.grid[c]
        for c in piece.at(path[-1]):
            self.grid[c] = pid
        self.pos[pid] = path[-1]

    def parse_rows(self, rows: tuple[str, ...]) -> list[tuple[str, tuple[Cell, ...], Cell]]:
        """(letter, shape, top-left) of every piece in a layout written as rows."""
        width, height, walls = self.layout.width, self.layout.height, self.layout.walls
        if len(rows) != height:
            raise TraceError(f"{len(rows)} rows, the board has {height}", field="rows")
        cells: dict[str, list[Cell]] = {}
        for y, row in enumerate(rows):
            if len(row) != width:
                raise TraceError(f"row {y} has {len(row)} cells, the board has {width}",
                                 field="rows")
            for x, ch in enumerate(row):
                if ch == "#":
                    if (x, y) not in walls:
                        raise TraceError(f"a wall at {[x, y]} that the board does not have",
                                         field="rows")
                elif (x, y) in walls:
                    raise TraceError(f"the wall at {[x, y]} is missing", field="rows")
                elif ch != ".":
                    cells.setdefault(ch, []).append((x, y))
        out = []
        for ch, cs in cells.items():
            pos, rel = shape_of(cs)
            out.append((ch, rel, pos))
        return out

    def move_to(self, rows: tuple[str, ...]) -> tuple[str, list[Cell]]:
        """The one legal move that turns this position into ``rows``: (piece, path)."""
        new = self.parse_rows(rows)
        by_place = {(self.pieces[p].cells, self.pos[p]): p for p in self.pieces}
        unmatched_new = []
        for ch, rel, pos in new:
            if (rel, pos) in by_place:
                del by_place[(rel, pos)]
            else:
                unmatched_new.append((ch, rel, pos))
        if not unmatched_new and not by_place:
            raise TraceError("the same layout as before: no piece moved", field="rows")
        if len(unmatched_new) != 1 or len(by_place) != 1:
            raise TraceError("not one legal move away from the previous state "
                             f"({max(len(unmatched_new), len(by_place))} pieces differ)",
                             field="rows")
        (_, rel, pos), = unmatched_new
        ((old_rel, _), pid), = by_place.items()
        if rel != old_rel:
            raise TraceError("not one legal move away from the previous state "
                             "(a piece changed its shape)", field="rows")
        path = self.route(pid, pos)
        if path is None:
            raise TraceError(f"not one legal move away from the previous state: piece {pid!r} "
                             f"cannot slide from {list(self.pos[pid])} to {list(pos)}",
                             field="rows")
        return pid, path

    def route(self, pid: str, dest: Cell) -> list[Cell] | None:
        """Shortest path (top-lefts after each unit step) for ``pid`` to ``dest`` in one move
        under the layout's metric, or None."""
        start = self.pos[pid]
        axis = self.pieces[pid].axis
        prev: dict[Cell, Cell] = {start: start}
        queue = deque([start])
        while queue:
            p = queue.popleft()
            if p == dest:
                break
            for dx, dy in DIRS:
                if axis == "x" and dy or axis == "y" and dx:
                    continue
                q = (p[0] + dx, p[1] + dy)
                if q not in prev and self.fits(pid, q):
                    prev[q] = p
                    queue.append(q)
        if dest not in prev:
            return None
        path = [dest]
        while path[-1] != start:
            path.append(prev[path[-1]])
        path.reverse()
        if not path_ok(path, axis, self.layout.metric):
            return None
        return path[1:]


class SlidingBlockReplay:
    """The current layout of a sliding-block trace, advanced one event at a time."""

    def __init__(self, header: Header) -> None:
        self.layout = Layout.from_header(header)
        self.position = Position(self.layout)
        self.moves = 0
        self.total: int | None = declared_moves(header.fields)
        self.last_n = 0

    def text(self) -> str:
        return "\n".join(self.position.rows())

    def describe(self, event: Event) -> str:
        """One line for ``show``: "Move 12: A to (1, 3), 2 steps"."""
        if not isinstance(event, BlockMove):
            return event.type
        x, y = event.path[-1]
        steps = len(event.path)
        label = self.position.pieces[event.piece].label
        name = f"{event.piece} ({label})" if label else event.piece
        return f"Move {event.n}: {name} to ({x}, {y}), {steps} step{'s' if steps > 1 else ''}"

    def step(self, event: Event) -> BlockMove | None:
        """Check and apply one event; return the move it makes (None for notes / end)."""
        metric = self.layout.metric
        if isinstance(event, BlockMove):
            if event.piece not in self.position.pieces:
                raise TraceError(f"no piece {event.piece!r}", field="piece")
            if event.n != self.last_n + 1:
                raise TraceError(f"expected move {self.last_n + 1}, got {event.n}", field="n")
            path = list(event.path)
            if metric == "step" and len(path) != 1:
                raise TraceError("the step metric moves one cell per move", field="path")
            if metric == "line" and not path_ok([self.position.pos[event.piece], *path], None,
                                                "line"):
                raise TraceError("the line metric moves in one straight line", field="path")
            self.position.slide(event.piece, path, "path")
            self.last_n = event.n
            self.moves += 1
            return event
        if isinstance(event, State):
            if event.n != self.last_n + 1:
                raise TraceError(f"expected state {self.last_n + 1}, got {event.n}", field="n")
            pid, path = self.position.move_to(event.rows)
            self.position.slide(pid, path, "rows")
            self.last_n = event.n
            self.moves += 1
            return BlockMove(n=event.n, piece=pid, path=tuple(path))
        if isinstance(event, End):
            self.finish(event)
        return None

    def finish(self, end: End) -> None:
        check_move_counts(end, self.moves, self.total)
        has_goal = bool(self.layout.goal or self.layout.target)
        if end.status == "solved" and has_goal and not self.position.solved():
            raise TraceError("status is 'solved' but the last layout does not meet the goal",
                             field="status")
        check_status(end, has_goal and self.position.solved(),
                     "the moves reach the goal")


__all__ = ["DIRS", "METRICS", "PIECE_CHARS", "SIDES", "BadLayout", "Layout", "Piece",
           "Position", "SlidingBlockReplay", "connected", "exit_problem", "layout_cells",
           "path_ok", "shape_of"]
