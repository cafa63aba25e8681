"""Replaying n-queens traces: the board as queens are placed and taken back, and the solutions.

A ``place`` must put a queen on an empty row where no queen already on the board
attacks it (the backtracking search only ever tries safe squares); a ``remove`` must take
back a queen that is there.  A ``solution`` lists ``cols[row]`` for every row: n queens,
no two on a column or diagonal, no solution twice, and, when the board holds n queens, the
same placement as the board when it comes straight after the ``place`` that filled the
board (later solutions stand alone: the search may stop being recorded).
"""

from __future__ import annotations

from puzzlereel.rules.notation import queen_words, queens_words
from puzzlereel.trace import End, Event, Header, Place, Remove, SolutionFound, TraceError
from puzzlereel.trace.fields import get_int
from puzzlereel.trace.replay import check_status

MAX_N = 64


def attacks(r1: int, c1: int, r2: int, c2: int) -> bool:
    return r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2)


def check_solution(cols: tuple[int, ...], n: int, field: str = "cols") -> None:
    """Raise TraceError unless ``cols`` places n non-attacking queens."""
    if len(cols) != n:
        raise TraceError(f"{len(cols)} queens, the board has {n} rows", field=field)
    for r, c in enumerate(cols):
        if not 0 <= c < n:
            raise TraceError(f"row {r}: column {c} is off the {n}x{n} board", field=field)
        for r2 in range(r):
            if attacks(r, c, r2, cols[r2]):
                raise TraceError(f"the queens on rows {r2} and {r} attack each other "
                                 f"(columns {cols[r2]} and {c})", field=field)


class NQueensReplay:
    """The board of an n-queens trace, one event at a time."""

    def __init__(self, header: Header) -> None:
        self.n: int = get_int(header.fields, "n", minimum=1)
        if self.n > MAX_N:
            raise TraceError(f"boards up to {MAX_N}x{MAX_N} are supported, got {self.n}",
                             field="n")
        self.queens: dict[int, int] = {}       # row -> col on the board now
        self.moves = 0                          # place + remove events
        self.solutions = 0
        self.seen: set[tuple[int, ...]] = set()
        self.last_solution: tuple[int, ...] | None = None
        self.showing_solution = False           # text() draws the last solution, not the board
        self.just_filled = False                # the last event placed the n-th queen

    def step(self, event: Event) -> Event | None:
        self.showing_solution = isinstance(event, SolutionFound)
        just_filled = self.just_filled
        self.just_filled = False
        if isinstance(event, Place):
            self._on_board(event.row, event.col)
            if event.row in self.queens:
                raise TraceError(f"row {event.row} already has a queen (column "
                                 f"{self.queens[event.row]})", field="row")
            for r, c in self.queens.items():
                if attacks(r, c, event.row, event.col):
                    raise TraceError(f"a queen at row {event.row}, column {event.col} would be "
                                     f"attacked by the queen at row {r}, column {c}",
                                     field="col")
            self.queens[event.row] = event.col
            self.moves += 1
            self.just_filled = len(self.queens) == self.n
            return event
        if isinstance(event, Remove):
            self._on_board(event.row, event.col)
            if self.queens.get(event.row) != event.col:
                raise TraceError(f"no queen at row {event.row}, column {event.col} to remove",
                                 field="col")
            del self.queens[event.row]
            self.moves += 1
            return event
        if isinstance(event, SolutionFound):
            if event.cols is None:
                raise TraceError("an n-queens solution needs cols", field="cols")
            if event.k != self.solutions + 1:
                raise TraceError(f"expected solution {self.solutions + 1}, got {event.k}",
                                 field="k")
            check_solution(event.cols, self.n)
            if event.cols in self.seen:
                raise TraceError(f"solution {list(event.cols)} was already given", field="cols")
            if just_filled and tuple(
                    self.queens[r] for r in range(self.n)) != event.cols:
                raise TraceError("the solution differs from the board its last queen completed",
                                 field="cols")
            self.seen.add(event.cols)
            self.solutions += 1
            self.last_solution = event.cols
            return event
        if isinstance(event, End):
            found = event.stats.get("solutions")
            if isinstance(found, int) and found != self.solutions:
                raise TraceError(f"says {found} solutions, the trace has {self.solutions}",
                                 field="stats.solutions")
            if event.status == "solved" and self.solutions == 0:
                raise TraceError("status is 'solved' but the trace holds no solution",
                                 field="status")
            check_status(event, self.solutions > 0, "the trace holds a solution")
        return None

    def _on_board(self, row: int, col: int) -> None:
        if row >= self.n:
            raise TraceError(f"row {row} is off the {self.n}x{self.n} board", field="row")
        if col >= self.n:
            raise TraceError(f"column {col} is off the {self.n}x{self.n} board", field="col")

    def board(self, cols: dict[int, int] | None = None) -> list[str]:
        queens = self.queens if cols is None else cols
        return ["".join("Q" if queens.get(r) == c else "." for c in range(self.n))
                for r in range(self.n)]

    def text(self) -> str:
        if self.showing_solution and self.last_solution is not None:
            return "\n".join(self.board(dict(enumerate(self.last_solution))))
        return "\n".join(self.board())

    def describe(self, event: Event) -> str:
        if isinstance(event, Place | Remove):      # the video's words, then the cell
            words = queen_words(event.row, event.col, isinstance(event, Place))
            return f"step: {words}  [{event.row}, {event.col}]"
        if isinstance(event, SolutionFound) and event.cols is not None:
            return f"solution {event.k}: {queens_words(event.cols)}  cols {list(event.cols)}"
        return event.type


__all__ = ["NQueensReplay", "attacks", "check_solution"]
