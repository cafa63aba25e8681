"""The trace events, version 1: the only thing that passes from a solver to the renderer.

Each event is a frozen dataclass with ``to_json()`` (the dict written as one JSON line)
and ``from_json()``, which checks every field and raises ``TraceError`` naming the
field.  Which events a trace may hold depends on its puzzle (``puzzlereel.registry``
lists them per kind); ``event_from_json`` picks the class by the line's ``type``.  Both
solvers/ and render/ use these classes; ``docs/trace-format.md`` is the contract.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from puzzlereel.errors import quoted
from puzzlereel.registry import KINDS
from puzzlereel.words import plural

from .fields import (
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

FORMAT = "puzzlereel-trace"
VERSION = 1
STATUSES = ("solved", "unsolvable", "limit", "error")

# search events: the phases, the fields each phase has, and the largest count a field holds
PHASES: dict[str, tuple[str, ...]] = {
    "bfs": ("depth", "new", "total"),
    "bidirectional": ("side", "depth", "new", "total"),
    "ida*": ("bound", "nodes"),
    "deepening": ("bound", "nodes"),
    "dfs": ("nodes",),
    "candidates": ("tested", "accepted"),
}
SIDES = ("forward", "backward")
MAX_COUNT = 2**63 - 1
_PHASE_FIELDS = frozenset(f for names in PHASES.values() for f in names)

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

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> BlockMove:
        n = get_int(obj, "n", minimum=1)
        piece = get_str(obj, "piece")
        path = as_cells(get_list(obj, "path"), "path")
        if not path:
            raise TraceError("empty path", field="path")
        return cls(n=n, piece=piece, path=path)

    def to_json(self) -> dict[str, Any]:
        return {"type": "move", "n": self.n, "piece": self.piece,
                "path": [list(p) for p in self.path]}


@dataclass(frozen=True)
class TileMove:
    """sliding-tile: ``tile`` slides into the blank next to it."""

    n: int
    tile: int

    type = "move"

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> TileMove:
        return cls(n=get_int(obj, "n", minimum=1), tile=get_int(obj, "tile", minimum=1))

    def to_json(self) -> dict[str, Any]:
        return {"type": "move", "n": self.n, "tile": self.tile}


@dataclass(frozen=True)
class PegMove:
    """peg-solitaire: the peg at ``start`` jumps to each hole of ``path`` in turn."""

    n: int
    start: Cell
    path: tuple[Cell, ...]

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
        return cls(n=n, start=start, path=path)

    def to_json(self) -> dict[str, Any]:
        return {"type": "move", "n": self.n, "from": list(self.start),
                "path": [list(p) for p in self.path]}


@dataclass(frozen=True)
class State:
    """A whole sliding-block layout (from programs that do not write moves)."""

    n: int
    rows: tuple[str, ...]

    type = "state"

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> State:
        rows = get_list(obj, "rows")
        if not rows or not all(isinstance(r, str) for r in rows):
            raise TraceError(f"expected a list of row strings, got {quoted(rows)}", field="rows")
        return cls(n=get_int(obj, "n", minimum=1), rows=tuple(rows))

    def to_json(self) -> dict[str, Any]:
        return {"type": "state", "n": self.n, "rows": list(self.rows)}


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
class Solution:
    """One solution of a generate-and-test puzzle (n-queens ``cols``, or ``text``)."""

    k: int
    cols: tuple[int, ...] | None = None
    text: str | None = None
    assignment: Mapping[str, int] | None = None

    type = "solution"

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Solution:
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
class Search:
    """How the answer was found: one layer, iteration or step of the search.

    ``phase`` says which search and so which fields the event has (``PHASES``):
    a breadth-first layer (``depth``, ``new`` positions, ``total`` so far; per ``side``
    for a bidirectional search), an iteration of iterative deepening (``bound``,
    ``nodes``), a depth-first search (``nodes``), or a step of generate-and-test
    (``tested``, ``accepted``).  ``span`` > 1 when the event stands for several
    adjacent layers, iterations or steps merged into one (``depth`` / ``bound`` are then
    the last one's).  docs/trace-format.md says what each field means."""

    phase: str
    depth: int | None = None
    new: int | None = None
    total: int | None = None
    side: str | None = None
    bound: int | None = None
    nodes: int | None = None
    tested: int | None = None
    accepted: int | None = None
    span: int = 1

    type = "search"

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Search:
        phase = get_str(obj, "phase")
        if phase not in PHASES:
            raise TraceError(f"unknown phase {quoted(phase)} (known: {', '.join(PHASES)})",
                             field="phase")
        names = PHASES[phase]
        for key in sorted(_PHASE_FIELDS - set(names)):
            if key in obj:
                raise TraceError(f"not a field of a {phase!r} search event (it has "
                                 f"{', '.join(names)})", field=key)
        values: dict[str, Any] = {k: _count(obj, k) for k in names if k != "side"}
        span = get_int(obj, "span", optional=True, default=1, minimum=1, maximum=MAX_COUNT)
        if "side" in names:
            side = get_str(obj, "side")
            if side not in SIDES:
                raise TraceError(f"expected {' or '.join(SIDES)}, got {quoted(side)}",
                                 field="side")
            values["side"] = side
        event = cls(phase=phase, span=span, **values)
        event.check()
        return event

    def check(self) -> None:
        """The rules one event keeps by itself (``TraceError`` naming the field)."""
        if self.new is not None:
            if self.new < self.span:
                raise TraceError(f"{self.new} new positions in {self.span} "
                                 f"{plural('layer', self.span)}: every layer adds at least "
                                 "one", field="new")
            if self.total is not None and self.total < self.new:
                raise TraceError(f"{self.total:,} positions in all, fewer than the "
                                 f"{self.new:,} new ones", field="total")
            if self.depth is not None and self.depth < self.span - 1:
                raise TraceError(f"depth {self.depth} cannot end {self.span} layers that "
                                 "start at depth 0 or more", field="depth")
        if (self.tested is not None and self.accepted is not None
                and self.accepted > self.tested):
            raise TraceError(f"{self.accepted:,} accepted of {self.tested:,} tested",
                             field="accepted")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "search", "phase": self.phase}
        for key in PHASES[self.phase]:
            out[key] = getattr(self, key)
        if self.span != 1:
            out["span"] = self.span
        return out


def _count(obj: Mapping[str, Any], key: str) -> int:
    value: int = get_int(obj, key, minimum=0, maximum=MAX_COUNT)
    return value


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


Event = (Header | BlockMove | TileMove | PegMove | State | Place | Remove | Guess | Solution
         | Search | Note | End)

# every event class a puzzle may use, by class name (the registry names them per kind)
BY_NAME: dict[str, type[BlockMove | TileMove | PegMove | State | Place | Remove | Guess
                        | Solution | Search]] = {
    cls.__name__: cls
    for cls in (BlockMove, TileMove, PegMove, State, Place, Remove, Guess, Solution, Search)
}
TYPES = ("move", "state", "place", "remove", "guess", "solution", "search")


# ---------------------------------------------------------------- parsing


def header_from_json(obj: Mapping[str, Any]) -> Header:
    if obj.get("type") != "header":
        raise TraceError(f"the first line must be a header, got type {quoted(obj.get('type'))}",
                         field="type")
    fmt = obj.get("format")
    if fmt != FORMAT:
        raise TraceError(f"expected {FORMAT!r}, got {quoted(fmt)}", field="format")
    version = obj.get("version")
    if version != VERSION or isinstance(version, bool):
        raise TraceError(f"unsupported version {quoted(version)} (this program reads "
                         f"version {VERSION})", field="version")
    puzzle = get_str(obj, "puzzle")
    if puzzle not in KINDS:
        raise TraceError(f"unknown puzzle {quoted(puzzle)} (known: {', '.join(KINDS)})",
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
        return Note.from_json(obj)
    if kind == "end":
        return End.from_json(obj)
    if kind not in TYPES:
        raise TraceError(f"unknown event type {quoted(kind)}", field="type")
    for name in KINDS[puzzle].events:
        cls = BY_NAME[name]
        if cls.type == kind:
            return cls.from_json(obj)
    raise TraceError(f"a {puzzle} trace has no {quoted(kind)} events", field="type")
