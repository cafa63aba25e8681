"""The trace events, version 1: the only thing that passes from a solver to the renderer.

Each event is a frozen dataclass with ``to_json()`` (the dict written as one JSON line)
and a parser, ``event_from_json``, that checks every field and raises ``TraceError``
naming the line and the field.  Both solvers/ and render/ use these classes; see
``docs/trace-format.md`` for the contract.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

FORMAT = "puzzlereel-trace"
VERSION = 1
PUZZLES = (
    "sliding-block",
    "sliding-tile",
    "peg-solitaire",
    "n-queens",
    "mastermind",
    "komachi",
    "oomachi",
    "alphametic",
)
STATUSES = ("solved", "unsolvable", "limit", "error")

Cell = tuple[int, int]


class TraceError(ValueError):
    """A malformed or illegal trace.  ``str()`` is one line: source, line, field, problem."""

    def __init__(
        self,
        problem: str,
        *,
        line: int | None = None,
        field: str | None = None,
        source: str | None = None,
    ) -> None:
        super().__init__(problem)
        self.problem = problem
        self.line = line
        self.field = field
        self.source = source

    def located(self, *, line: int | None = None, source: str | None = None) -> TraceError:
        """The same error with a line number / source filled in where it had none."""
        return TraceError(
            self.problem,
            line=self.line if self.line is not None else line,
            field=self.field,
            source=self.source if self.source is not None else source,
        )

    def __str__(self) -> str:
        parts = []
        if self.source is not None:
            parts.append(self.source)
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.field is not None:
            parts.append(self.field)
        parts.append(self.problem)
        return ": ".join(parts)


# ---------------------------------------------------------------- field checkers


def _get(obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...], *, prefix: str = "",
         optional: bool = False, default: Any = None) -> Any:
    name = prefix + key
    if key not in obj or (optional and obj[key] is None):
        if optional:
            return default
        raise TraceError("missing", field=name)
    value = obj[key]
    if kind is int or kind == (int,):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TraceError(f"expected an integer, got {value!r}", field=name)
        return value
    if kind is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TraceError(f"expected a number, got {value!r}", field=name)
        return float(value)
    if not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        jname = {"str": "a string", "dict": "an object", "list": "a list", "bool": "true/false"}
        raise TraceError(f"expected {jname.get(names, names)}, got {value!r}", field=name)
    return value


def get_int(obj: Mapping[str, Any], key: str, *, prefix: str = "", optional: bool = False,
            default: int | None = None, minimum: int | None = None) -> Any:
    value = _get(obj, key, int, prefix=prefix, optional=optional, default=default)
    if value is not None and minimum is not None and value < minimum:
        raise TraceError(f"must be >= {minimum}, got {value}", field=prefix + key)
    return value


def get_str(obj: Mapping[str, Any], key: str, *, prefix: str = "", optional: bool = False,
            default: str | None = None) -> Any:
    return _get(obj, key, str, prefix=prefix, optional=optional, default=default)


def get_obj(obj: Mapping[str, Any], key: str, *, prefix: str = "", optional: bool = False) -> Any:
    return _get(obj, key, dict, prefix=prefix, optional=optional, default={})


def get_list(obj: Mapping[str, Any], key: str, *, prefix: str = "", optional: bool = False) -> Any:
    return _get(obj, key, list, prefix=prefix, optional=optional, default=None)


def as_cell(value: Any, name: str) -> Cell:
    """``[x, y]`` -> ``(x, y)``, or a TraceError naming the field."""
    if (not isinstance(value, list) or len(value) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in value)):
        raise TraceError(f"expected [x, y] integers, got {value!r}", field=name)
    return (value[0], value[1])


def as_cells(value: Any, name: str) -> tuple[Cell, ...]:
    if not isinstance(value, list):
        raise TraceError(f"expected a list of [x, y], got {value!r}", field=name)
    return tuple(as_cell(v, f"{name}[{i}]") for i, v in enumerate(value))


def declared_moves(fields: Mapping[str, Any]) -> int | None:
    """The optional header field ``moves`` (the number of moves that follow), checked."""
    total = fields.get("moves")
    if total is not None and (isinstance(total, bool) or not isinstance(total, int)
                              or total < 0):
        raise TraceError(f"expected a count of moves, got {total!r}", field="moves")
    return total


def check_move_counts(end: End, moves: int, declared: int | None) -> None:
    """``end.moves`` and the header's ``moves`` (when given) must equal the moves replayed."""
    if end.moves is not None and end.moves != moves:
        raise TraceError(f"says {end.moves} moves, the trace has {moves}", field="moves")
    if end.status == "solved" and declared is not None and declared != moves:
        raise TraceError(f"the header says {declared} moves, the trace has {moves}",
                         field="moves")


def as_int_list(value: Any, name: str) -> tuple[int, ...]:
    if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, int)
                                          for v in value):
        raise TraceError(f"expected a list of integers, got {value!r}", field=name)
    return tuple(value)


# ---------------------------------------------------------------- events


@dataclass(frozen=True)
class Header:
    """First line of every trace.  ``fields`` holds the puzzle's own header fields, as JSON."""

    puzzle: str
    fields: Mapping[str, Any] = field(default_factory=dict)
    title: str | None = None
    solver: Mapping[str, Any] = field(default_factory=dict)
    render: Mapping[str, Any] = field(default_factory=dict)

    type = "header"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "header", "format": FORMAT, "version": VERSION,
                               "puzzle": self.puzzle}
        if self.title is not None:
            out["title"] = self.title
        out.update(self.fields)
        if self.solver:
            out["solver"] = dict(self.solver)
        if self.render:
            out["render"] = dict(self.render)
        return out


@dataclass(frozen=True)
class BlockMove:
    """sliding-block: one piece slides along ``path`` (its top-left after each unit step)."""

    n: int
    piece: str
    path: tuple[Cell, ...]

    type = "move"

    def to_json(self) -> dict[str, Any]:
        return {"type": "move", "n": self.n, "piece": self.piece,
                "path": [list(p) for p in self.path]}


@dataclass(frozen=True)
class TileMove:
    """sliding-tile: ``tile`` slides into the blank next to it."""

    n: int
    tile: int

    type = "move"

    def to_json(self) -> dict[str, Any]:
        return {"type": "move", "n": self.n, "tile": self.tile}


@dataclass(frozen=True)
class PegMove:
    """peg-solitaire: the peg at ``start`` jumps to each hole of ``path`` in turn."""

    n: int
    start: Cell
    path: tuple[Cell, ...]

    type = "move"

    def to_json(self) -> dict[str, Any]:
        return {"type": "move", "n": self.n, "from": list(self.start),
                "path": [list(p) for p in self.path]}


@dataclass(frozen=True)
class State:
    """A whole sliding-block layout (from programs that do not write moves)."""

    n: int
    rows: tuple[str, ...]

    type = "state"

    def to_json(self) -> dict[str, Any]:
        return {"type": "state", "n": self.n, "rows": list(self.rows)}


@dataclass(frozen=True)
class Place:
    """n-queens: a queen is placed (backtracking search)."""

    row: int
    col: int

    type = "place"

    def to_json(self) -> dict[str, Any]:
        return {"type": "place", "row": self.row, "col": self.col}


@dataclass(frozen=True)
class Remove:
    """n-queens: a queen is taken back (backtracking search)."""

    row: int
    col: int

    type = "remove"

    def to_json(self) -> dict[str, Any]:
        return {"type": "remove", "row": self.row, "col": self.col}


@dataclass(frozen=True)
class Guess:
    """mastermind: one guess and its answer."""

    n: int
    code: tuple[int, ...]
    bulls: int
    cows: int
    remaining: int | None = None

    type = "guess"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "guess", "n": self.n, "code": list(self.code),
                               "bulls": self.bulls, "cows": self.cows}
        if self.remaining is not None:
            out["remaining"] = self.remaining
        return out


@dataclass(frozen=True)
class Solution:
    """One solution of a generate-and-test puzzle (n-queens ``cols``, or ``text``)."""

    k: int
    cols: tuple[int, ...] | None = None
    text: str | None = None
    assignment: Mapping[str, int] | None = None

    type = "solution"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "solution", "k": self.k}
        if self.cols is not None:
            out["cols"] = list(self.cols)
        if self.text is not None:
            out["text"] = self.text
        if self.assignment is not None:
            out["assignment"] = dict(self.assignment)
        return out


@dataclass(frozen=True)
class Note:
    """A remark for people; shown by ``validate``/``show``, ignored by rendering."""

    text: str

    type = "note"

    def to_json(self) -> dict[str, Any]:
        return {"type": "note", "text": self.text}


@dataclass(frozen=True)
class End:
    """Last line of every trace."""

    status: str
    moves: int | None = None
    stats: Mapping[str, Any] = field(default_factory=dict)

    type = "end"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "end", "status": self.status}
        if self.moves is not None:
            out["moves"] = self.moves
        out["stats"] = dict(self.stats)
        return out


Event = (Header | BlockMove | TileMove | PegMove | State | Place | Remove | Guess | Solution
         | Note | End)

# which event types each puzzle may contain (besides header/note/end)
ALLOWED: dict[str, tuple[str, ...]] = {
    "sliding-block": ("move", "state"),
    "sliding-tile": ("move",),
    "peg-solitaire": ("move",),
    "n-queens": ("place", "remove", "solution"),
    "mastermind": ("guess",),
    "komachi": ("solution",),
    "oomachi": ("solution",),
    "alphametic": ("solution",),
}


# ---------------------------------------------------------------- parsing


def header_from_json(obj: Mapping[str, Any]) -> Header:
    if obj.get("type") != "header":
        raise TraceError(f"the first line must be a header, got type {obj.get('type')!r}",
                         field="type")
    fmt = obj.get("format")
    if fmt != FORMAT:
        raise TraceError(f"expected {FORMAT!r}, got {fmt!r}", field="format")
    version = obj.get("version")
    if version != VERSION or isinstance(version, bool):
        raise TraceError(f"unsupported version {version!r} (this program reads version {VERSION})",
                         field="version")
    puzzle = get_str(obj, "puzzle")
    if puzzle not in PUZZLES:
        raise TraceError(f"unknown puzzle {puzzle!r} (known: {', '.join(PUZZLES)})",
                         field="puzzle")
    title = get_str(obj, "title", optional=True)
    solver = get_obj(obj, "solver", optional=True)
    render = get_obj(obj, "render", optional=True)
    common = {"type", "format", "version", "puzzle", "title", "solver", "render"}
    fields = {k: v for k, v in obj.items() if k not in common}
    return Header(puzzle=puzzle, fields=fields, title=title, solver=solver, render=render)


def event_from_json(obj: Mapping[str, Any], puzzle: str) -> Event:
    """Parse one event line (not the header) of a trace of ``puzzle``."""
    kind = get_str(obj, "type")
    if kind == "header":
        raise TraceError("a second header", field="type")
    if kind == "note":
        return Note(get_str(obj, "text"))
    if kind == "end":
        status = get_str(obj, "status")
        if status not in STATUSES:
            raise TraceError(f"unknown status {status!r} (known: {', '.join(STATUSES)})",
                             field="status")
        moves = get_int(obj, "moves", optional=True, minimum=0)
        return End(status=status, moves=moves, stats=get_obj(obj, "stats", optional=True))
    allowed = ALLOWED.get(puzzle, ())
    if kind not in ("move", "state", "place", "remove", "guess", "solution"):
        raise TraceError(f"unknown event type {kind!r}", field="type")
    if kind not in allowed:
        raise TraceError(f"a {puzzle} trace has no {kind!r} events", field="type")
    if kind == "move":
        n = get_int(obj, "n", minimum=1)
        if puzzle == "sliding-block":
            piece = get_str(obj, "piece")
            path = as_cells(get_list(obj, "path"), "path")
            if not path:
                raise TraceError("empty path", field="path")
            return BlockMove(n=n, piece=piece, path=path)
        if puzzle == "sliding-tile":
            return TileMove(n=n, tile=get_int(obj, "tile", minimum=1))
        start = as_cell(obj.get("from"), "from") if "from" in obj else None
        if start is None:
            raise TraceError("missing", field="from")
        path = as_cells(get_list(obj, "path"), "path")
        if not path:
            raise TraceError("empty path", field="path")
        return PegMove(n=n, start=start, path=path)
    if kind == "state":
        rows = get_list(obj, "rows")
        if not rows or not all(isinstance(r, str) for r in rows):
            raise TraceError(f"expected a list of row strings, got {rows!r}", field="rows")
        return State(n=get_int(obj, "n", minimum=1), rows=tuple(rows))
    if kind in ("place", "remove"):
        cls = Place if kind == "place" else Remove
        return cls(row=get_int(obj, "row", minimum=0), col=get_int(obj, "col", minimum=0))
    if kind == "guess":
        return Guess(
            n=get_int(obj, "n", minimum=1),
            code=as_int_list(get_list(obj, "code"), "code"),
            bulls=get_int(obj, "bulls", minimum=0),
            cows=get_int(obj, "cows", minimum=0),
            remaining=get_int(obj, "remaining", optional=True, minimum=0),
        )
    # solution
    k = get_int(obj, "k", minimum=1)
    cols = obj.get("cols")
    assignment = obj.get("assignment")
    if assignment is not None and (
        not isinstance(assignment, dict)
        or any(isinstance(v, bool) or not isinstance(v, int) for v in assignment.values())
    ):
        raise TraceError(f"expected an object of letter -> digit, got {assignment!r}",
                         field="assignment")
    return Solution(
        k=k,
        cols=as_int_list(cols, "cols") if cols is not None else None,
        text=get_str(obj, "text", optional=True),
        assignment=assignment,
    )
