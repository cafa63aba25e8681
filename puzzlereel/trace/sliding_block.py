"""Replaying sliding-block traces: the board, its pieces, and the legality of every move.

This is the renderer's and the validator's model of a sliding-block puzzle, built from
the trace header alone (render/ never imports solvers/).  ``SlidingBlockReplay.step``
checks one ``move`` or ``state`` event and returns it as a ``BlockMove`` with the
piece's full path, so a ``state`` written by another program is drawn like a move.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .events import (
    BlockMove,
    Cell,
    End,
    Event,
    Header,
    State,
    TraceError,
    as_cells,
    check_move_counts,
    declared_moves,
    get_int,
    get_list,
    get_obj,
    get_str,
)

DIRS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
PIECE_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")


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


def shape_of(cells: list[Cell]) -> tuple[Cell, tuple[Cell, ...]]:
    """(top-left of the bounding box, cells relative to it, sorted)."""
    x0 = min(x for x, _ in cells)
    y0 = min(y for _, y in cells)
    return (x0, y0), tuple(sorted((x - x0, y - y0) for x, y in cells))


def _path_ok(path: list[Cell], axis: str | None, metric: str) -> bool:
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


class SlidingBlockReplay:
    """The current layout of a sliding-block trace, advanced one event at a time."""

    def __init__(self, header: Header) -> None:
        f = header.fields
        board = get_obj(f, "board")
        self.width: int = get_int(board, "width", prefix="board.", minimum=1)
        self.height: int = get_int(board, "height", prefix="board.", minimum=1)
        self.walls: frozenset[Cell] = frozenset(
            as_cells(get_list(board, "walls", prefix="board.", optional=True) or [], "board.walls"))
        self.exits: list[Mapping[str, Any]] = list(
            get_list(board, "exits", prefix="board.", optional=True) or [])
        for i, w in enumerate(sorted(self.walls)):
            if not self.inside(w):
                raise TraceError(f"wall {list(w)} lies off the board", field=f"board.walls[{i}]")
        self.metric: str = str(header.solver.get("metric", "piece"))
        if self.metric not in ("piece", "line", "step"):
            self.metric = "piece"
        self.pieces: dict[str, Piece] = {}
        self.pos: dict[str, Cell] = {}
        raw_pieces = get_list(f, "pieces")
        if not raw_pieces:
            raise TraceError("a sliding-block trace needs at least one piece", field="pieces")
        for i, raw in enumerate(raw_pieces):
            name = f"pieces[{i}]"
            if not isinstance(raw, dict):
                raise TraceError(f"expected an object, got {raw!r}", field=name)
            pid = get_str(raw, "id", prefix=name + ".")
            if pid in self.pieces:
                raise TraceError(f"duplicate piece id {pid!r}", field=name + ".id")
            if len(pid) != 1 or pid not in PIECE_CHARS:
                raise TraceError(f"piece ids are one letter or digit, got {pid!r}",
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
                rel = tuple(sorted((dx, dy) for dy in range(h) for dx in range(w)))
            axis = get_str(raw, "axis", prefix=name + ".", optional=True)
            if axis not in (None, "x", "y"):
                raise TraceError(f"axis is 'x' or 'y', got {axis!r}", field=name + ".axis")
            label = get_str(raw, "label", prefix=name + ".", optional=True)
            self.pieces[pid] = Piece(pid, rel, axis, label)
            self.pos[pid] = (x, y)
        self.grid: dict[Cell, str] = {}
        for pid, piece in self.pieces.items():
            for c in piece.at(self.pos[pid]):
                self._check_free(c, pid, "pieces", ignore=None)
                self.grid[c] = pid
        self.goal: list[tuple[str, Cell]] = []
        goal = f.get("goal")
        if goal is not None:
            items = goal if isinstance(goal, list) else [goal]
            for i, g in enumerate(items):
                name = "goal" if not isinstance(goal, list) else f"goal[{i}]"
                if not isinstance(g, dict):
                    raise TraceError(f"expected an object, got {g!r}", field=name)
                pid = get_str(g, "piece", prefix=name + ".")
                if pid not in self.pieces:
                    raise TraceError(f"no piece {pid!r}", field=name + ".piece")
                self.goal.append((pid, (get_int(g, "x", prefix=name + "."),
                                        get_int(g, "y", prefix=name + "."))))
        self.target: tuple[str, ...] | None = None
        if f.get("target") is not None:
            target = f["target"]
            if not isinstance(target, list) or not all(isinstance(r, str) for r in target):
                raise TraceError("expected a list of row strings", field="target")
            self.target = tuple(target)
        self.moves = 0
        self.total: int | None = declared_moves(f)
        self.last_n = 0

    # ------------------------------------------------------------ geometry

    def inside(self, c: Cell) -> bool:
        return 0 <= c[0] < self.width and 0 <= c[1] < self.height

    def _check_free(self, c: Cell, pid: str, field: str, ignore: str | None) -> None:
        if not self.inside(c):
            raise TraceError(f"piece {pid!r} would leave the board at {list(c)}", field=field)
        if c in self.walls:
            raise TraceError(f"piece {pid!r} would overlap a wall at {list(c)}", field=field)
        other = self.grid.get(c)
        if other is not None and other != ignore:
            raise TraceError(f"piece {pid!r} would overlap piece {other!r} at {list(c)}",
                             field=field)

    def fits(self, pid: str, pos: Cell) -> bool:
        for c in self.pieces[pid].at(pos):
            if not self.inside(c) or c in self.walls:
                return False
            other = self.grid.get(c)
            if other is not None and other != pid:
                return False
        return True

    def rows(self) -> list[str]:
        """The current layout as row strings (``.`` empty, ``#`` wall)."""
        out = [["."] * self.width for _ in range(self.height)]
        for x, y in self.walls:
            out[y][x] = "#"
        for (x, y), pid in self.grid.items():
            out[y][x] = pid
        return ["".join(r) for r in out]

    def text(self) -> str:
        return "\n".join(self.rows())

    def solved(self) -> bool:
        if self.target is not None:
            return self._same_layout(self.target)
        return all(self.pos[pid] == xy for pid, xy in self.goal)

    def _same_layout(self, rows: tuple[str, ...]) -> bool:
        """Whether ``rows`` shows the current layout, pieces of one shape being alike."""
        mine = {(self.pieces[p].cells, self.pos[p]) for p in self.pieces}
        try:
            theirs = self._parse_rows(rows)
        except TraceError:
            return False
        return mine == {(cells, pos) for _, cells, pos in theirs}

    # ------------------------------------------------------------ events

    def _move(self, pid: str, path: list[Cell], field: str) -> None:
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

    def _parse_rows(self, rows: tuple[str, ...]) -> list[tuple[str, tuple[Cell, ...], Cell]]:
        if len(rows) != self.height:
            raise TraceError(f"{len(rows)} rows, the board has {self.height}", field="rows")
        cells: dict[str, list[Cell]] = {}
        for y, row in enumerate(rows):
            if len(row) != self.width:
                raise TraceError(f"row {y} has {len(row)} cells, the board has {self.width}",
                                 field="rows")
            for x, ch in enumerate(row):
                if ch == "#":
                    if (x, y) not in self.walls:
                        raise TraceError(f"a wall at {[x, y]} that the board does not have",
                                         field="rows")
                elif (x, y) in self.walls:
                    raise TraceError(f"the wall at {[x, y]} is missing", field="rows")
                elif ch != ".":
                    cells.setdefault(ch, []).append((x, y))
        out = []
        for ch, cs in cells.items():
            pos, rel = shape_of(cs)
            out.append((ch, rel, pos))
        return out

    def _state(self, rows: tuple[str, ...]) -> tuple[str, list[Cell]]:
        new = self._parse_rows(rows)
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
        """Shortest path (top-lefts after each unit step) for ``pid`` to ``dest`` in one move."""
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
        if not _path_ok(path, axis, self.metric):
            return None
        return path[1:]

    def describe(self, move: Event) -> str:
        """One line for ``show``: "Move 12: A to (1, 3), 2 steps"."""
        assert isinstance(move, BlockMove)
        x, y = move.path[-1]
        steps = len(move.path)
        label = self.pieces[move.piece].label
        name = f"{move.piece} ({label})" if label else move.piece
        return f"Move {move.n}: {name} to ({x}, {y}), {steps} step{'s' if steps > 1 else ''}"

    def step(self, event: Event) -> BlockMove | None:
        """Check and apply one event; return the move it makes (None for notes / end)."""
        if isinstance(event, BlockMove):
            if event.piece not in self.pieces:
                raise TraceError(f"no piece {event.piece!r}", field="piece")
            if event.n != self.last_n + 1:
                raise TraceError(f"expected move {self.last_n + 1}, got {event.n}", field="n")
            path = list(event.path)
            if self.metric == "step" and len(path) != 1:
                raise TraceError("the step metric moves one cell per move", field="path")
            if self.metric == "line" and not _path_ok([self.pos[event.piece], *path], None,
                                                      "line"):
                raise TraceError("the line metric moves in one straight line", field="path")
            self._move(event.piece, path, "path")
            self.last_n = event.n
            self.moves += 1
            return event
        if isinstance(event, State):
            if event.n != self.last_n + 1:
                raise TraceError(f"expected state {self.last_n + 1}, got {event.n}", field="n")
            pid, path = self._state(event.rows)
            self._move(pid, path, "rows")
            self.last_n = event.n
            self.moves += 1
            return BlockMove(n=event.n, piece=pid, path=tuple(path))
        if isinstance(event, End):
            self.finish(event)
        return None

    def finish(self, end: End) -> None:
        check_move_counts(end, self.moves, self.total)
        if end.status == "solved" and (self.goal or self.target) and not self.solved():
            raise TraceError("status is 'solved' but the last layout does not meet the goal",
                             field="status")


__all__ = ["SlidingBlockReplay", "Piece", "shape_of"]
