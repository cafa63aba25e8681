"""The trace events, version 1: the only thing that passes from a solver to the renderer.

Each event is a frozen dataclass with ``to_json()`` (the dict written as one JSON line)
and ``from_json()``, which checks every field and raises ``TraceError`` naming the
field.  Which events a trace may hold depends on its puzzle (``puzzlereel.registry``
lists them per family, by their names in ``EVENT_CLASSES``); ``trace.parsing`` picks the class
by the line's ``type``.  The search event, with its phases, is ``trace.search_event``.
A move event (``BlockMove``, ``TileMove``, ``PegMove``, ``State``) may carry its
position's ``Choices`` (``trace.choices``: the fields ``legal`` and ``optimal``).
Both solvers/ and render/ use these classes; ``docs/trace-format.md`` is the contract.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from puzzlereel.ground.errors import quoted
from puzzlereel.trace.choices import Choices, choices_from_json, choices_json
from puzzlereel.trace.fields import (
    Cell,
    TraceError,
    as_cell,
    as_cells,
    as_int_list,
    get_int,
    get_list,
    get_obj,
    get_str,
)
from puzzlereel.trace.search_event import Search

TRACE_FORMAT = "puzzlereel-trace"
TRACE_VERSION = 1
EndStatus = Literal["solved", "unsolvable", "limit", "error"]
STATUSES: tuple[EndStatus, ...] = get_args(EndStatus)   # how a search may end

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
        out: dict[str, Any] = {"type": "header", "format": TRACE_FORMAT, "version": TRACE_VERSION,
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
    """sliding-block: one piece slides along ``path`` (its top-left after each unit step);
    ``choices``: the position's legal moves and those that keep the optimum, if given."""

    n: int
    piece: str
    path: tuple[Cell, ...]
    choices: Choices | None = None

    type = "move"

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> BlockMove:
        n = get_int(obj, "n", minimum=1)
        piece = get_str(obj, "piece")
        path = as_cells(get_list(obj, "path"), "path")
        if not path:
            raise TraceError("empty path", field="path")
        return cls(n=n, piece=piece, path=path, choices=choices_from_json(obj))

    def to_json(self) -> dict[str, Any]:
        return {"type": "move", "n": self.n, "piece": self.piece,
                "path": [list(p) for p in self.path], **choices_json(self.choices)}


@dataclass(frozen=True)
class TileMove:
    """sliding-tile: ``tile`` slides into the blank next to it (``choices`` as for
    ``BlockMove``)."""

    n: int
    tile: int
    choices: Choices | None = None

    type = "move"

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> TileMove:
        return cls(n=get_int(obj, "n", minimum=1), tile=get_int(obj, "tile", minimum=1),
                   choices=choices_from_json(obj))

    def to_json(self) -> dict[str, Any]:
        return {"type": "move", "n": self.n, "tile": self.tile, **choices_json(self.choices)}


@dataclass(frozen=True)
class PegMove:
    """peg-solitaire: the peg at ``start`` jumps to each hole of ``path`` in turn
    (``choices`` as for ``BlockMove``)."""

    n: int
    start: Cell
    path: tuple[Cell, ...]
    choices: Choices | None = None

    type = "move"

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> PegMove:
        n = get_int(obj, "n", minimum=1)
        if "from" not in obj:
            raise TraceError("missing", field="from")
        start = as_cell(obj["from"], "from")
        path = as_cells(get_list(obj, "path"), "path")
        if not path:
            raise TraceError("empty path", field="path")
        return cls(n=n, start=start, path=path, choices=choices_from_json(obj))

    def to_json(self) -> dict[str, Any]:
        return {"type": "move", "n": self.n, "from": list(self.start),
                "path": [list(p) for p in self.path], **choices_json(self.choices)}


@dataclass(frozen=True)
class State:
    """A whole sliding-block layout (from programs that do not write moves); ``choices``
    as for ``BlockMove``."""

    n: int
    rows: tuple[str, ...]
    choices: Choices | None = None

    type = "state"

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> State:
        rows = get_list(obj, "rows")
        if not rows or not all(isinstance(r, str) for r in rows):
            raise TraceError(f"expected a list of row strings, got {quoted(rows)}", field="rows")
        return cls(n=get_int(obj, "n", minimum=1), rows=tuple(rows),
                   choices=choices_from_json(obj))

    def to_json(self) -> dict[str, Any]:
        return {"type": "state", "n": self.n, "rows": list(self.rows),
                **choices_json(self.choices)}


@dataclass(frozen=True)
class Place:
    """n-queens: a queen is placed (backtracking search)."""

    row: int
    col: int

    type = "place"

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Place:
        return cls(row=get_int(obj, "row", minimum=0), col=get_int(obj, "col", minimum=0))

    def to_json(self) -> dict[str, Any]:
        return {"type": "place", "row": self.row, "col": self.col}


@dataclass(frozen=True)
class Remove:
    """n-queens: a queen is taken back (backtracking search)."""

    row: int
    col: int

    type = "remove"

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Remove:
        return cls(row=get_int(obj, "row", minimum=0), col=get_int(obj, "col", minimum=0))

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

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Guess:
        return cls(
            n=get_int(obj, "n", minimum=1),
            code=as_int_list(get_list(obj, "code"), "code"),
            bulls=get_int(obj, "bulls", minimum=0),
            cows=get_int(obj, "cows", minimum=0),
            remaining=get_int(obj, "remaining", optional=True, minimum=0),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "guess", "n": self.n, "code": list(self.code),
                               "bulls": self.bulls, "cows": self.cows}
        if self.remaining is not None:
            out["remaining"] = self.remaining
        return out


@dataclass(frozen=True)
class SolutionFound:
    """One solution of a generate-and-test puzzle (n-queens ``cols``, or ``text``)."""

    k: int
    cols: tuple[int, ...] | None = None
    text: str | None = None
    assignment: Mapping[str, int] | None = None

    type = "solution"

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> SolutionFound:
        k = get_int(obj, "k", minimum=1)
        cols = obj.get("cols")
        assignment = obj.get("assignment")
        if assignment is not None and (
            not isinstance(assignment, dict)
            or any(isinstance(v, bool) or not isinstance(v, int) for v in assignment.values())
        ):
            raise TraceError(f"expected an object of letter -> digit, got {quoted(assignment)}",
                             field="assignment")
        return cls(
            k=k,
            cols=as_int_list(cols, "cols") if cols is not None else None,
            text=get_str(obj, "text", optional=True),
            assignment=assignment,
        )

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

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Note:
        return cls(get_str(obj, "text"))

    def to_json(self) -> dict[str, Any]:
        return {"type": "note", "text": self.text}


@dataclass(frozen=True)
class End:
    """Last line of every trace."""

    status: str
    moves: int | None = None
    stats: Mapping[str, Any] = field(default_factory=dict)

    type = "end"

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> End:
        status = get_str(obj, "status")
        if status not in STATUSES:
            raise TraceError(f"unknown status {quoted(status)} (known: {', '.join(STATUSES)})",
                             field="status")
        moves = get_int(obj, "moves", optional=True, minimum=0)
        return cls(status=status, moves=moves, stats=get_obj(obj, "stats", optional=True))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "end", "status": self.status}
        if self.moves is not None:
            out["moves"] = self.moves
        out["stats"] = dict(self.stats)
        return out


Event = (Header | BlockMove | TileMove | PegMove | State | Place | Remove | Guess | SolutionFound
         | Search | Note | End)

# every event class a puzzle may use, by class name (the registry names them per family)
EVENT_CLASSES: dict[str, type[BlockMove | TileMove | PegMove | State | Place | Remove | Guess
                        | SolutionFound | Search]] = {
    cls.__name__: cls
    for cls in (BlockMove, TileMove, PegMove, State, Place, Remove, Guess, SolutionFound, Search)
}
TYPES = ("move", "state", "place", "remove", "guess", "solution", "search")

