"""Peg-solitaire rules: the board as a trace carries it, and replaying a trace jump by jump.

Shared by the solver (which writes the header), ``validate``/``show`` and the renderer
(which read it back), all from the header alone (render/ never imports solvers/).  A
``PegLayout`` is the board that does not move: holes, starting pegs, jump vectors,
geometry, goal; ``from_header`` reads and checks it, ``header_fields`` writes it.
``PegSolitaireReplay.step`` checks one ``move``: the peg at ``from`` jumps to each hole
of ``path`` in turn; every jump must follow one of the header's jump vectors, land in an
empty hole and pass over a peg at the midpoint, which is removed; a move's ``legal``
count, when it gives one, is ``legal_moves``: the distinct positions one move leads to
(one jump under the ``jumps`` metric, one peg's chain of jumps under ``moves``).
``board_text`` draws a board (``o`` peg, ``.`` empty hole); triangle boards are drawn
with centred rows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

from puzzlereel.rules.notation import chain_words
from puzzlereel.trace import Cell, End, Event, Header, PegMove, TraceError
from puzzlereel.trace.choices import check_legal
from puzzlereel.trace.fields import as_cell, get_list, get_obj
from puzzlereel.trace.replay import check_move_counts, check_status, declared_moves

DEFAULT_JUMPS: tuple[Cell, ...] = ((2, 0), (-2, 0), (0, 2), (0, -2))
GEOMETRIES = ("square", "triangle")


def _cells(value: Any, name: str) -> list[Cell]:
    if not isinstance(value, list):
        raise TraceError(f"expected a list of [x, y], got {value!r}", field=name)
    return [as_cell(v, f"{name}[{i}]") for i, v in enumerate(value)]


def board_text(holes: Sequence[Cell], pegs: AbstractSet[Cell], geometry: str,
               mark: Cell | None = None) -> str:
    """The board as text: ``o`` peg, ``.`` empty hole, ``*`` the peg at ``mark``."""
    hole_set = set(holes)
    xs = [x for x, _ in holes]
    ys = [y for _, y in holes]

    def ch(c: Cell) -> str:
        if c == mark and c in pegs:
            return "*"
        return "o" if c in pegs else "."

    lines = []
    if geometry == "triangle":
        last = max(ys)
        for y in range(min(ys), last + 1):
            row = sorted(x for x, yy in holes if yy == y)
            lines.append(" " * (last - y) + " ".join(ch((x, y)) for x in row))
    else:
        for y in range(min(ys), max(ys) + 1):
            lines.append("".join(ch((x, y)) if (x, y) in hole_set else " "
                                 for x in range(min(xs), max(xs) + 1)))
    return "\n".join(line.rstrip() for line in lines)


def _holes(f: Mapping[str, Any]) -> list[Cell]:
    """The header's ``holes``: at least one, none twice."""
    holes = _cells(get_list(f, "holes"), "holes")
    if not holes:
        raise TraceError("a board needs at least one hole", field="holes")
    seen: set[Cell] = set()
    for i, c in enumerate(holes):
        if c in seen:
            raise TraceError(f"hole {list(c)} is listed twice", field=f"holes[{i}]")
        seen.add(c)
    return holes


def _pegs(f: Mapping[str, Any], holes: AbstractSet[Cell]) -> list[Cell]:
    """The header's ``pegs``: each in a hole, none twice."""
    pegs = _cells(get_list(f, "pegs"), "pegs")
    placed: set[Cell] = set()
    for i, c in enumerate(pegs):
        if c not in holes:
            raise TraceError(f"peg {list(c)} is not in a hole", field=f"pegs[{i}]")
        if c in placed:
            raise TraceError(f"peg {list(c)} is listed twice", field=f"pegs[{i}]")
        placed.add(c)
    return pegs


def _jumps(f: Mapping[str, Any]) -> list[Cell]:
    """The header's ``jumps`` (``DEFAULT_JUMPS`` when it has none): each with a hole at
    its midpoint."""
    raw_jumps = f.get("jumps")
    if raw_jumps is None:
        jumps = list(DEFAULT_JUMPS)
    else:
        jumps = _cells(raw_jumps, "jumps")
        if not jumps:
            raise TraceError("no jump vectors", field="jumps")
    for i, (dx, dy) in enumerate(jumps):
        if dx % 2 or dy % 2 or (dx, dy) == (0, 0):
            raise TraceError(f"jump {[dx, dy]} has no hole at its midpoint (offsets must "
                             "be even, not both 0)", field=f"jumps[{i}]")
    return jumps


def _geometry(f: Mapping[str, Any], holes: list[Cell]) -> str:
    """The header's ``geometry`` (square when it has none); a triangle's holes lie in
    the triangle 0 <= x <= y."""
    geometry = f.get("geometry", "square")
    if geometry not in GEOMETRIES:
        raise TraceError(f"expected 'square' or 'triangle', got {geometry!r}",
                         field="geometry")
    if geometry == "triangle":
        for i, (x, y) in enumerate(holes):
            if not 0 <= x <= y:
                raise TraceError(f"hole {[x, y]}: a triangle's holes have 0 <= x <= y",
                                 field=f"holes[{i}]")
    return geometry


def _goal(f: Mapping[str, Any], holes: AbstractSet[Cell]) -> list[Cell] | None:
    """The header's ``goal``'s pegs, each in a hole (None: no goal given)."""
    if f.get("goal") is None:
        return None
    goal = _cells(get_list(get_obj(f, "goal"), "pegs", prefix="goal."), "goal.pegs")
    for i, c in enumerate(goal):
        if c not in holes:
            raise TraceError(f"{list(c)} is not a hole", field=f"goal.pegs[{i}]")
    return goal


@dataclass(frozen=True)
class PegLayout:
    """A peg-solitaire board as a trace header carries it: the holes (in the order the
    header lists them), the pegs at the start, the jump vectors, the geometry
    (``square`` or ``triangle``), the goal's pegs (``None``: one peg anywhere) and the
    board's name (``english``, ``custom``...; only for people, the rules ignore it)."""

    holes: tuple[Cell, ...]
    pegs: tuple[Cell, ...]
    jumps: tuple[Cell, ...] = DEFAULT_JUMPS
    geometry: str = "square"
    goal: tuple[Cell, ...] | None = None
    board: str | None = None

    @classmethod
    def from_header(cls, header: Header) -> PegLayout:
        """Read and check the header's board (``TraceError`` naming the field)."""
        f = header.fields
        holes = _holes(f)
        pegs = _pegs(f, set(holes))
        jumps = _jumps(f)
        geometry = _geometry(f, holes)
        goal = _goal(f, set(holes))
        board = f.get("board")
        return cls(holes=tuple(holes), pegs=tuple(pegs), jumps=tuple(jumps), geometry=geometry,
                   goal=None if goal is None else tuple(goal),
                   board=board if isinstance(board, str) else None)

    def header_fields(self) -> dict[str, Any]:
        """The header fields that ``from_header`` reads back."""
        out: dict[str, Any] = {} if self.board is None else {"board": self.board}
        out["holes"] = [list(c) for c in self.holes]
        out["pegs"] = [list(c) for c in self.pegs]
        out["jumps"] = [list(v) for v in self.jumps]
        out["geometry"] = self.geometry
        if self.goal is not None:
            out["goal"] = {"pegs": [list(c) for c in self.goal]}
        return out


class PegSolitaireReplay:
    """The pegs of a peg-solitaire trace, advanced one move at a time."""

    def __init__(self, header: Header) -> None:
        f = header.fields
        self.layout = layout = PegLayout.from_header(header)
        self.holes: tuple[Cell, ...] = layout.holes
        self.hole_set = frozenset(layout.holes)
        self.pegs: set[Cell] = set(layout.pegs)
        self.jumps: frozenset[Cell] = frozenset(layout.jumps)
        self.geometry: str = layout.geometry
        self.goal: frozenset[Cell] | None = (None if layout.goal is None
                                             else frozenset(layout.goal))
        self.total: int | None = declared_moves(f)
        self.metric: str = str(header.solver.get("metric", "moves"))
        self.moves = 0
        self.last_n = 0
        self.last_landing: Cell | None = None
        self.removed: list[Cell] = []

    # ------------------------------------------------------------ rules

    def check_jump(self, a: Cell, b: Cell, field: str) -> Cell:
        """The hole jumped over when the peg at ``a`` jumps to ``b``, or TraceError."""
        vec = (b[0] - a[0], b[1] - a[1])
        if vec not in self.jumps:
            raise TraceError(f"{list(a)} -> {list(b)} is not a jump this board allows "
                             f"(offset {list(vec)})", field=field)
        mid = (a[0] + vec[0] // 2, a[1] + vec[1] // 2)
        if b not in self.hole_set:
            raise TraceError(f"{list(b)} is not a hole", field=field)
        if mid not in self.hole_set:
            raise TraceError(f"no hole at {list(mid)} to jump over", field=field)
        if b in self.pegs:
            raise TraceError(f"the hole {list(b)} is not empty", field=field)
        if mid not in self.pegs:
            raise TraceError(f"no peg at {list(mid)} to jump over", field=field)
        return mid

    def _jumps_from(self, pegs: frozenset[Cell], at: Cell) -> list[tuple[Cell, Cell]]:
        """(the hole jumped over, the landing hole) of every jump the peg at ``at`` can make."""
        out = []
        for dx, dy in self.jumps:
            to = (at[0] + dx, at[1] + dy)
            mid = (at[0] + dx // 2, at[1] + dy // 2)
            if to in self.hole_set and mid in pegs and to not in pegs:
                out.append((mid, to))
        return out

    def legal_moves(self) -> int:
        """The distinct positions one move leads to from here: one jump under the
        ``jumps`` metric; under ``moves``, one peg's chain of one or more jumps."""
        reached: set[frozenset[Cell]] = set()
        for peg in self.pegs:
            todo = [(frozenset(self.pegs), peg)]
            seen = set(todo)
            while todo:
                pegs, at = todo.pop()
                for mid, to in self._jumps_from(pegs, at):
                    after = pegs - {at, mid} | {to}
                    reached.add(after)
                    if self.metric != "jumps" and (after, to) not in seen:
                        seen.add((after, to))
                        todo.append((after, to))
        return len(reached)

    def solved(self) -> bool:
        if self.goal is not None:
            return self.pegs == set(self.goal)
        return len(self.pegs) == 1

    def step(self, event: Event) -> PegMove | None:
        """Check and apply one event; return the move (None for notes / end)."""
        if isinstance(event, PegMove):
            if event.n != self.last_n + 1:
                raise TraceError(f"expected move {self.last_n + 1}, got {event.n}", field="n")
            if self.metric == "jumps" and len(event.path) != 1:
                raise TraceError("under the jumps metric each move is one jump", field="path")
            check_legal(event.choices, self.legal_moves)
            start = event.start
            if start not in self.hole_set:
                raise TraceError(f"{list(start)} is not a hole", field="from")
            if start not in self.pegs:
                raise TraceError(f"no peg at {list(start)}", field="from")
            cur = start
            removed = []
            pegs_before = set(self.pegs)
            try:
                for i, nxt in enumerate(event.path):
                    mid = self.check_jump(cur, nxt, f"path[{i}]")
                    self.pegs.discard(cur)
                    self.pegs.discard(mid)
                    self.pegs.add(nxt)
                    removed.append(mid)
                    cur = nxt
            except TraceError:
                self.pegs = pegs_before
                raise
            self.removed = removed
            self.last_landing = cur
            self.last_n = event.n
            self.moves += 1
            return event
        if isinstance(event, End):
            self.finish(event)
        return None

    def finish(self, end: End) -> None:
        check_move_counts(end, self.moves, self.total)
        if end.status == "solved" and not self.solved():
            want = ("pegs at " + ", ".join(str(list(c)) for c in sorted(self.goal))
                    if self.goal is not None else "one peg")
            raise TraceError(f"status is 'solved' but {len(self.pegs)} pegs are left "
                             f"(the goal is {want})", field="status")
        check_status(end, self.solved(), "the jumps reach the goal")

    # ------------------------------------------------------------ text

    def text(self) -> str:
        return board_text(self.holes, self.pegs, self.geometry, self.last_landing)

    def describe(self, event: Event) -> str:
        if not isinstance(event, PegMove):
            return event.type
        chain = (event.start, *event.path)
        holes = " → ".join(str(list(c)) for c in chain)
        k = len(event.path)
        return (f"move {event.n}: {chain_words(chain)}  {holes} ({k} jump{'s' if k != 1 else ''}, "
                f"{len(self.pegs)} peg{'s' if len(self.pegs) != 1 else ''} left)")


__all__ = ["DEFAULT_JUMPS", "GEOMETRIES", "PegLayout", "PegSolitaireReplay", "board_text"]
