"""The search event: how the answer was found, one layer, iteration or step at a time.

``Search`` is the trace's ``search`` line: its ``phase`` says which search it tells of
and so which fields it has (``PHASES``); ``from_json`` reads and checks one line, and
``check`` holds the rules one event keeps by itself.  How a trace's search events fit
together, and how a solver builds them, is ``puzzlereel.trace.search``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from puzzlereel.ground.errors import quoted
from puzzlereel.ground.words import plural
from puzzlereel.trace.fields import TraceError, get_int, get_str

# search events: the phases, the fields each phase has, and the largest count a field holds
PHASES: dict[str, tuple[str, ...]] = {
    "bfs": ("depth", "new", "total"),
    "bidirectional": ("side", "depth", "new", "total"),
    "ida*": ("bound", "nodes"),
    "deepening": ("bound", "nodes"),
    "dfs": ("nodes",),
    "candidates": ("tested", "accepted"),
}
SEARCH_SIDES = ("forward", "backward")
MAX_COUNT = 2**63 - 1
_PHASE_FIELDS = frozenset(f for names in PHASES.values() for f in names)


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
            if side not in SEARCH_SIDES:
                raise TraceError(f"expected {' or '.join(SEARCH_SIDES)}, got {quoted(side)}",
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


__all__ = ["MAX_COUNT", "PHASES", "SEARCH_SIDES", "Search"]
