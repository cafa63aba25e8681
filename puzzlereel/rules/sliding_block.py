"""Sliding-block moves: where the pieces are, which slides are legal, and the replay.

A ``Position`` (where every piece of a ``BlockLayout`` is now, from
``puzzlereel.rules.sliding_block_layout``) knows which slides are legal, finds a
piece's route under the layout's move metric (``path_ok``) and counts the moves it
allows (``legal_moves``: every piece's destinations); ``SlidingBlockReplay`` checks a
trace one ``move`` or ``state`` event at a time (a move's ``legal`` count too, when it
gives one) and returns each as a ``BlockMove`` with the piece's full path and the
line's choices, so that a ``state`` written by another program is drawn like a move.
"""

from __future__ import annotations

from collections import deque

from puzzlereel.rules.notation import slide_words
from puzzlereel.rules.sliding_block_layout import (
    DIRS,
    BlockLayout,
    Piece,
    cell_problem,
    shape_of,
    start_grid,
)
from puzzlereel.trace import BlockMove, Cell, End, Event, Header, State, TraceError
from puzzlereel.trace.choices import check_legal
from puzzlereel.trace.replay import check_move_counts, check_status, declared_moves


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


class Position:
    """Where every piece of a layout is now, and which slides are legal from here."""

    def __init__(self, layout: BlockLayout) -> None:
        self.layout = layout
        self.pieces: dict[str, Piece] = {p.id: p for p in layout.pieces}
        self.pos: dict[str, Cell] = {p.id: xy for p, xy in zip(layout.pieces, layout.start,
                                                                 strict=True)}
        self.grid: dict[Cell, str] = start_grid(layout)

    def _check_free(self, c: Cell, pid: str, field: str, ignore: str | None) -> None:
        problem = cell_problem(self.layout, self.grid, c, pid, ignore)
        if problem is not None:
            raise TraceError(problem, field=field)

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

    def free_cells(self) -> set[Cell]:
        """The cells no piece and no wall covers."""
        return {(x, y) for y in range(self.layout.height) for x in range(self.layout.width)
                if (x, y) not in self.grid and (x, y) not in self.layout.walls}

    def destinations(self, pid: str, free: set[Cell] | None = None) -> list[Cell]:
        """Every top-left ``pid`` can reach in one move under the layout's metric, along
        its axis: through free cells by any route (``piece``), in one straight line
        (``line``), or one cell away (``step``).  ``free``: ``free_cells()``, if known."""
        piece = self.pieces[pid]
        x0, y0 = self.pos[pid]
        shape = piece.cells
        room = (self.free_cells() if free is None else free).union(piece.at((x0, y0)))
        axis = piece.axis
        dirs = [(dx, dy) for dx, dy in DIRS if not (axis == "x" and dy or axis == "y" and dx)]
        metric = self.layout.metric
        out: list[Cell] = []
        todo = [(x0, y0)]
        seen = {(x0, y0)}
        for px, py in todo:            # grows while it is read: breadth-first
            for dx, dy in dirs:
                x, y = px + dx, py + dy
                while (x, y) not in seen and all((x + cx, y + cy) in room for cx, cy in shape):
                    seen.add((x, y))
                    out.append((x, y))
                    if metric == "piece":
                        todo.append((x, y))
                    if metric != "line":
                        break
                    x, y = x + dx, y + dy
            if metric != "piece":
                break
        return out

    def legal_moves(self) -> int:
        """The moves this position allows: (piece, destination) pairs, each one a
        different position.  Only a piece next to a free cell can move at all (its first
        step covers a cell next to it)."""
        free = self.free_cells()
        near = {pid for x, y in free for dx, dy in DIRS
                if (pid := self.grid.get((x + dx, y + dy))) is not None}
        return sum(len(self.destinations(pid, free)) for pid in near)

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
        self.layout = BlockLayout.from_header(header)
        self.position = Position(self.layout)
        self.moves = 0
        self.total: int | None = declared_moves(header.fields)
        self.last_n = 0
        self.moved_from: Cell = (0, 0)      # the last move's piece's top-left before it

    def text(self) -> str:
        return "\n".join(self.position.rows())

    def describe(self, event: Event) -> str:
        """One line for ``show``, after the move: its words as the video writes them and
        the cells of the piece's top-left ("Move 12: S ↓← (2, 3) → (1, 4)")."""
        if not isinstance(event, BlockMove):
            return event.type
        route = [self.moved_from, *event.path]
        words = slide_words(self.layout, event.piece, route, self.position.solved())
        (x0, y0), (x, y) = route[0], route[-1]
        return f"Move {event.n}: {words}  ({x0}, {y0}) → ({x}, {y})"

    def step(self, event: Event) -> BlockMove | None:
        """Check and apply one event; return the move it makes (None for notes / end)."""
        metric = self.layout.metric
        if isinstance(event, BlockMove):
            if event.piece not in self.position.pieces:
                raise TraceError(f"no piece {event.piece!r}", field="piece")
            if event.n != self.last_n + 1:
                raise TraceError(f"expected move {self.last_n + 1}, got {event.n}", field="n")
            check_legal(event.choices, self.position.legal_moves)
            path = list(event.path)
            if metric == "step" and len(path) != 1:
                raise TraceError("the step metric moves one cell per move", field="path")
            if metric == "line" and not path_ok([self.position.pos[event.piece], *path], None,
                                                "line"):
                raise TraceError("the line metric moves in one straight line", field="path")
            self.moved_from = self.position.pos[event.piece]
            self.position.slide(event.piece, path, "path")
            self.last_n = event.n
            self.moves += 1
            return event
        if isinstance(event, State):
            if event.n != self.last_n + 1:
                raise TraceError(f"expected state {self.last_n + 1}, got {event.n}", field="n")
            check_legal(event.choices, self.position.legal_moves)
            pid, path = self.position.move_to(event.rows)
            self.moved_from = self.position.pos[pid]
            self.position.slide(pid, path, "rows")
            self.last_n = event.n
            self.moves += 1
            return BlockMove(n=event.n, piece=pid, path=tuple(path), choices=event.choices)
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


__all__ = ["Position", "SlidingBlockReplay", "path_ok"]
