"""The shared search algorithms, written once for every puzzle family.

States are any hashable values; a puzzle supplies ``neighbors(state)`` yielding
``(move, next_state)`` pairs and a goal test.  ``bfs`` finds a shortest move sequence
and proves unsolvability by exhausting the space; ``bidirectional_bfs`` finds a shortest one
from both ends at once, for puzzles whose moves can be undone.
Families with a compiled inner loop keep it behind their own interface and use these
for small boards, tests and reference answers.  Each result counts the positions every
layer added (``layers``), which ``search_events`` turns into the trace's search events.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from puzzlereel.ground.progress import Progress, no_progress
from puzzlereel.ground.words import count_text, plural
from puzzlereel.trace import Search
from puzzlereel.trace.search import layer_events, merged

S = TypeVar("S", bound=Hashable)
M = TypeVar("M")

@dataclass
class SearchResult(Generic[S, M]):
    """``status`` is ``solved``, ``unsolvable`` or ``limit``; ``moves``/``states`` the path.

    ``layers`` holds the positions each breadth-first layer added, in the order the
    layers were grown, as (side, new): side ``None`` for ``bfs``, ``"forward"`` /
    ``"backward"`` for ``bidirectional_bfs``; they add up to ``stored``."""

    status: str
    moves: list[M] = field(default_factory=list)
    states: list[S] = field(default_factory=list)
    stored: int = 0
    expanded: int = 0
    seconds: float = 0.0
    layers: list[tuple[str | None, int]] = field(default_factory=list)


def bfs(start: S, neighbors: Callable[[S], Iterable[tuple[M, S]]],
        is_goal: Callable[[S], bool], *, max_states: int | None = None,
        progress: Progress = no_progress) -> SearchResult[S, M]:
    """Breadth-first search: an optimal path in number of moves, or proof there is none."""
    t0 = time.perf_counter()
    parent: dict[S, tuple[S, M] | None] = {start: None}
    frontier = [start]
    expanded = 0
    depth = 0
    goal: S | None = start if is_goal(start) else None
    status = "solved" if goal is not None else "unsolvable"
    layers: list[tuple[str | None, int]] = [(None, 1)]
    while frontier and goal is None:
        depth += 1
        before = len(parent)
        nxt: list[S] = []
        for state in frontier:
            expanded += 1
            for move, child in neighbors(state):
                if child in parent:
                    continue
                parent[child] = (state, move)
                if is_goal(child):
                    goal = child
                    break
                if max_states is not None and len(parent) >= max_states:
                    status = "limit"
                    break
                nxt.append(child)
            if goal is not None or status == "limit":
                break
        layers.append((None, len(parent) - before))
        if goal is not None:
            status = "solved"
        if status == "limit":
            break
        frontier = nxt
        progress(f"depth {depth}: {count_text(len(parent))} "
                 f"{plural('position', len(parent))}", len(parent), None)
    result: SearchResult[S, M] = SearchResult(status=status, stored=len(parent),
                                              expanded=expanded, layers=layers)
    if goal is not None:
        node: S = goal
        states = [node]
        moves: list[M] = []
        while (link := parent[node]) is not None:
            node, move = link
            states.append(node)
            moves.append(move)
        result.states = states[::-1]
        result.moves = moves[::-1]
    result.seconds = time.perf_counter() - t0
    return result


def bfs_depths(start: S, neighbors: Callable[[S], Iterable[tuple[Any, S]]]) -> list[list[S]]:
    """Every state reachable from ``start``, layer by layer (layer d = distance d)."""
    seen = {start}
    layers = [[start]]
    while True:
        nxt = []
        for state in layers[-1]:
            for _, child in neighbors(state):
                if child not in seen:
                    seen.add(child)
                    nxt.append(child)
        if not nxt:
            return layers
        layers.append(nxt)


def bidirectional_bfs(start: S, goal: S, neighbors: Callable[[S], Iterable[tuple[M, S]]], *,
                      max_states: int | None = None,
                      progress: Progress = no_progress
                      ) -> SearchResult[S, M]:
    """Breadth-first search from both ends at once, for puzzles whose moves can be undone
    (``neighbors`` symmetric).  Expands the smaller frontier a whole layer at a time and
    stops after the first layer that meets the other side, so the path is optimal."""
    t0 = time.perf_counter()
    if start == goal:
        return SearchResult("solved", [], [start], 1, 0, time.perf_counter() - t0,
                            [("forward", 1)])
    fwd: dict[S, S | None] = {start: None}
    bwd: dict[S, S | None] = {goal: None}
    fronts = {"forward": [start], "backward": [goal]}
    expanded = 0
    meet: S | None = None
    depth = {"forward": 0, "backward": 0}
    status = "unsolvable"
    layers: list[tuple[str | None, int]] = [("forward", 1), ("backward", 1)]
    while fronts["forward"] and fronts["backward"] and meet is None:
        side = "forward" if len(fronts["forward"]) <= len(fronts["backward"]) else "backward"
        mine, other = (fwd, bwd) if side == "forward" else (bwd, fwd)
        before = len(mine)
        expanded += len(fronts[side])
        fronts[side], meet = _grow_side(fronts[side], mine, other, neighbors)
        depth[side] += 1
        layers.append((side, len(mine) - before))
        if max_states is not None and len(fwd) + len(bwd) >= max_states and meet is None:
            status = "limit"
            break
        both = len(fwd) + len(bwd)
        progress(f"depth {depth['forward']}+{depth['backward']}: {count_text(both)} "
                 f"{plural('position', both)}", both, None)
    result: SearchResult[S, M] = SearchResult(status=status, stored=len(fwd) + len(bwd),
                                              expanded=expanded, layers=layers)
    if meet is not None:
        result.status = "solved"
        result.states = _joined(fwd, bwd, meet)
        result.moves = [next(m for m, c in neighbors(a) if c == b)
                        for a, b in zip(result.states, result.states[1:], strict=False)]
    result.seconds = time.perf_counter() - t0
    return result


def _grow_side(front: list[S], mine: dict[S, S | None], other: dict[S, S | None],
               neighbors: Callable[[S], Iterable[tuple[M, S]]]) -> tuple[list[S], S | None]:
    """One side's next layer: the children of ``front`` that side has not reached
    (entered in ``mine`` with their parents), and where the shortest path through this
    layer meets the other side's positions (None: nowhere)."""
    meet: S | None = None
    best = -1
    nxt: list[S] = []
    for state in front:
        for _, child in neighbors(state):
            if child in mine:
                continue
            mine[child] = state
            nxt.append(child)
            if child in other:
                # the path through child: its length on this layer plus the other side
                length = _depth(mine, child) + _depth(other, child)
                if best < 0 or length < best:
                    best, meet = length, child
    return nxt, meet


def _joined(fwd: dict[S, S | None], bwd: dict[S, S | None], meet: S) -> list[S]:
    """The positions from the start to ``meet`` (by the forward side's parents), then on
    to the goal (by the backward side's)."""
    half: list[S] = []
    node: S | None = meet
    while node is not None:
        half.append(node)
        node = fwd[node]
    states = half[::-1]
    node = bwd[meet]
    while node is not None:
        states.append(node)
        node = bwd[node]
    return states


def search_events(result: SearchResult[Any, Any]) -> list[Search]:
    """The trace's search events for a ``bfs`` or ``bidirectional_bfs`` result: one per
    layer (per side, in the order grown), at most ``MAX_SEARCH_EVENTS`` (merged)."""
    sides = {side for side, _ in result.layers}
    if sides <= {None}:
        return merged(layer_events(new for _, new in result.layers))
    depth = {"forward": 0, "backward": 0}
    total = {"forward": 0, "backward": 0}
    events: list[Search] = []
    for side, new in result.layers:
        assert side is not None
        if new <= 0:    # a side that adds nothing ends the search
            continue
        total[side] += new
        events.append(Search("bidirectional", side=side, depth=depth[side], new=new,
                             total=total[side]))
        depth[side] += 1
    return merged(events)


def _depth(parents: dict[Any, Any], state: Any) -> int:
    d = 0
    while (state := parents[state]) is not None:
        d += 1
    return d
