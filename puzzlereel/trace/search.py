"""Search events: building them from a search's counts, merging them under the cap, and
checking a trace's search events against each other and against its ``end``.

A trace tells of one search (one ``phase``), after the header and before the answer (the
first move, guess, place or solution).  ``layer_events``, ``iteration_events``,
``step_events`` and ``found_events`` turn the counts a solver already keeps (positions
per layer, nodes per iteration, candidates per step) into events, and ``merged`` keeps
them to at most ``MAX_SEARCH_EVENTS`` by merging adjacent ones (``span``).
``SearchLog`` is what ``validate`` (the replay driver) runs over every trace: the layers
follow each other from depth 0 with running totals, bounds grow, and at the end the
counts add up to ``end.stats`` and the goal's depth is the solution's length.
docs/trace-format.md is the contract.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from puzzlereel.ground.words import plural, whole
from puzzlereel.trace.events import End, Event, Header, Note
from puzzlereel.trace.fields import TraceError
from puzzlereel.trace.search_event import SEARCH_SIDES, Search

MAX_SEARCH_EVENTS = 1000
"""The most search events a trace holds (a bidirectional search: half on each side)."""

# which sum of the events each ``end.stats`` key must equal, by phase
_STATS: dict[str, tuple[tuple[str, str, str], ...]] = {
    # phase: ((stats key, the log's sum, what it counts), ...)
    "bfs": (("states", "new", "positions"),),
    "bidirectional": (("states", "new", "positions"),),
    "ida*": (("nodes", "nodes", "nodes"),),
    "deepening": (("nodes", "nodes", "nodes"),),
    "dfs": (("nodes", "nodes", "nodes"),),
    "candidates": (("candidates", "tested", "candidates tested"),
                   ("solutions", "accepted", "candidates accepted")),
}


# ---------------------------------------------------------------- building


def layer_events(layers: Iterable[int], *, side: str | None = None) -> list[Search]:
    """One ``bfs`` event per layer (``bidirectional`` with a ``side``) from the positions
    each depth added, depth 0 (the start) first; layers that add nothing end the list."""
    phase = "bfs" if side is None else "bidirectional"
    out: list[Search] = []
    total = 0
    for depth, new in enumerate(layers):
        if new <= 0:
            break
        total += new
        out.append(Search(phase, depth=depth, new=int(new), total=total, side=side))
    return out


def iteration_events(phase: str, iterations: Iterable[tuple[int, int]]) -> list[Search]:
    """One ``ida*`` / ``deepening`` event per iteration, from (bound, nodes) pairs."""
    return [Search(phase, bound=int(b), nodes=int(n)) for b, n in iterations]


def step_events(steps: Iterable[tuple[int, int]]) -> list[Search]:
    """One ``candidates`` event per step, from (tested, accepted) pairs."""
    return [Search("candidates", tested=int(t), accepted=int(a)) for t, a in steps]


def found_events(tested_at: Iterable[int], tested: int) -> list[Search]:
    """``candidates`` events of a generate-and-test that accepts candidates one at a
    time: ``tested_at`` holds, for each accepted one, how many candidates had been tested
    when it was (itself included), ``tested`` how many were tested in all.  One step per
    accepted candidate (those tested since the one before), then one for the rest."""
    steps: list[tuple[int, int]] = []
    last = 0
    for at in tested_at:
        steps.append((at - last, 1))
        last = at
    if tested > last:
        steps.append((tested - last, 0))
    return merged(step_events(steps))


def _combine(group: Sequence[Search]) -> Search:
    """Adjacent events of one phase (and side) as one: counts added, the last one's
    depth, total and bound kept."""
    if len(group) == 1:
        return group[0]
    last = group[-1]

    def added(name: str) -> int | None:
        values = [getattr(e, name) for e in group]
        return None if values[0] is None else sum(values)

    return Search(last.phase, depth=last.depth, new=added("new"), total=last.total,
                  side=last.side, bound=last.bound, nodes=added("nodes"),
                  tested=added("tested"), accepted=added("accepted"),
                  span=sum(e.span for e in group))


def merged(events: Sequence[Search], cap: int = MAX_SEARCH_EVENTS) -> list[Search]:
    """``events`` as they are when there are at most ``cap``; else adjacent ones merged
    into equal groups (one ``span`` each) so that at most ``cap`` remain.  A
    bidirectional search's sides are merged apart, ``cap // 2`` events each (then all
    the forward events come first)."""
    if len(events) <= cap:
        return list(events)
    if events[0].phase == "bidirectional":
        return [e for side in SEARCH_SIDES
                for e in _groups([e for e in events if e.side == side], cap // 2)]
    return _groups(events, cap)


def _groups(events: Sequence[Search], cap: int) -> list[Search]:
    """``events`` in equal groups of adjacent ones, each group one event, at most ``cap``."""
    size = max(1, math.ceil(len(events) / cap))
    return [_combine(events[i:i + size]) for i in range(0, len(events), size)]


# ---------------------------------------------------------------- checking


def _stat(stats: Mapping[str, Any], key: str) -> int | None:
    value = stats.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class SearchLog:
    """The search events of one trace, checked as they come (``see`` every event after
    the header) and against the ``end`` line; ``TraceError`` names the field."""

    def __init__(self) -> None:
        self.phase: str | None = None
        self.events = 0
        self.answered: str | None = None      # the type of the first answer event
        self.depth: dict[str | None, int] = {None: -1, **{s: -1 for s in SEARCH_SIDES}}
        self.totals: dict[str | None, int] = {None: 0, **{s: 0 for s in SEARCH_SIDES}}
        self.bound: int | None = None
        self.new = self.nodes = self.tested = self.accepted = 0

    def see(self, event: Event) -> None:
        if isinstance(event, Search):
            self.add(event)
        elif isinstance(event, End):
            self.finish(event)
        elif not isinstance(event, (Header, Note)) and self.answered is None:
            self.answered = event.type

    def add(self, event: Search) -> None:
        """Check one search event against the ones before it, and count it."""
        if self.answered is not None:
            raise TraceError(f"a search event after the first {self.answered!r} event (the "
                             "search comes before the answer)", field="type")
        if self.phase is None:
            self.phase = event.phase
        elif event.phase != self.phase:
            raise TraceError(f"{event.phase!r} after {self.phase!r} search events (a trace "
                             "tells of one search)", field="phase")
        self.events += 1
        if self.events > MAX_SEARCH_EVENTS:
            raise TraceError(f"more than {MAX_SEARCH_EVENTS:,} search events (merge adjacent "
                             "ones, with span)", field="type")
        if event.new is not None and event.depth is not None and event.total is not None:
            self._layer(event, event.depth, event.new, event.total)
        if event.bound is not None:
            if self.bound is not None and event.bound <= self.bound:
                raise TraceError(f"bound {event.bound} after bound {self.bound} (each "
                                 "iteration's bound is larger than the last)", field="bound")
            self.bound = event.bound
        self.nodes += event.nodes or 0
        self.tested += event.tested or 0
        self.accepted += event.accepted or 0

    def _layer(self, event: Search, depth: int, new: int, total: int) -> None:
        side = event.side
        on = f" on the {side} side" if side else ""
        first = depth - event.span + 1
        if first != self.depth[side] + 1:
            got = f"depth {first}" if event.span == 1 else f"depths {first}..{depth}"
            raise TraceError(f"expected the layer at depth {self.depth[side] + 1}{on}, got "
                             f"{got}", field="depth")
        self.depth[side] = depth
        self.totals[side] += new
        self.new += new
        if total != self.totals[side]:
            raise TraceError(f"says {total:,} positions in all{on}, its layers add up to "
                             f"{self.totals[side]:,}", field="total")

    def goal_depth(self) -> int | None:
        """The depth at which the search reached the goal, if its events tell."""
        if self.phase == "bfs":
            return self.depth[None] if self.depth[None] >= 0 else None
        if self.phase == "bidirectional":
            return sum(max(0, self.depth[s]) for s in SEARCH_SIDES)
        if self.phase in ("ida*", "deepening"):
            return self.bound
        return None

    def finish(self, end: End) -> None:
        """The counts against ``end.stats``, the goal's depth against ``end.moves``."""
        if self.phase is None:
            return
        for key, total, what in _STATS[self.phase]:
            if key == "solutions" and _stat(end.stats, "total_solutions") is not None:
                key = "total_solutions"
            said = _stat(end.stats, key)
            found = getattr(self, total)
            if key == "solutions" and end.status == "limit" and said is not None \
                    and said < found:
                continue        # stopped: it may write fewer than it had found
            if said is not None and said != found:
                raise TraceError(f"says {whole(said)}, the search events count "
                                 f"{whole(found)} {what}", field=f"stats.{key}")
        depth = self.goal_depth()
        if end.status == "solved" and end.moves is not None and depth is not None \
                and depth != end.moves:
            raise TraceError(f"{end.moves} {plural('move', end.moves)}, but the search events "
                             f"reach the goal at "
                             f"depth {depth}", field="moves")


__all__ = ["MAX_SEARCH_EVENTS", "SearchLog", "found_events", "iteration_events",
           "layer_events", "merged", "step_events"]
