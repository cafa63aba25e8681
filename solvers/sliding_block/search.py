"""The sliding-block search driver: layered breadth-first search over packed positions.

``run_bfs`` grows the store of positions layer by layer with the compiled ``kernel``
(growing the arrays when they fill up, stopping at ``--max-states`` or the memory
budget); ``solve`` turns the path it finds into trace moves, each piece's route found
by the shared rules (``puzzlereel.rules.sliding_block.Position``); ``analyze`` explores
the whole reachable space.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np

from puzzlereel.config import format_size
from puzzlereel.progress import Progress, no_progress
from puzzlereel.rules.sliding_block import Position
from puzzlereel.trace import BlockMove, End, Event, Note, Search
from puzzlereel.trace.search import layer_events, merged
from puzzlereel.words import plural

from ..base import Analysis, Series, SolveOptions, Stopwatch, memory_budget
from .config import Puzzle
from .tables import Tables


class SpaceWarning(UserWarning):
    """The puzzle's space is far larger than the memory budget can hold."""


def space_bound(tables: Tables) -> int:
    """An upper bound on the positions: for every group of alike pieces, the ways to
    choose its pieces' places among the places its shape fits (overlaps not removed); a
    piece held to an axis (a Rush Hour car) only has the places along its own line."""
    layout = tables.puzzle.layout
    start = {p.id: xy for p, xy in zip(layout.pieces, layout.start, strict=True)}
    axis = {p.id: p.axis for p in layout.pieces}
    W = tables.width
    bound = 1
    for g, ids in enumerate(tables.group_ids):
        fits = np.flatnonzero(tables.fits[g])
        if axis[ids[0]] is None:
            bound *= math.comb(len(fits), len(ids))
            continue
        fx, fy = tables.first[g]
        for pid in ids:        # alike pieces on one axis: each keeps to its own line
            x, y = start[pid]
            if axis[pid] == "x":
                bound *= int(np.count_nonzero(fits // W == y + fy))
            else:
                bound *= int(np.count_nonzero(fits % W == x + fx))
    return bound


def warn_if_huge(tables: Tables, budget: int, per_position: int = 20) -> None:
    """Say at once when the space is obviously too large to store (a thousand times what
    the budget holds): the search will likely end at the budget."""
    room = budget // per_position
    bound = space_bound(tables)
    if bound > 1000 * room:
        warnings.warn(f"{tables.puzzle.source or 'this puzzle'}: up to about {bound:.1e} "
                      f"positions, far more than the {format_size(budget)} memory budget "
                      f"holds (about {room:,}); the search stops at the budget unless it "
                      "reaches the goal first", SpaceWarning, stacklevel=2)


def limit_text(stored: int, *, budget: int | None = None, max_states: int | None = None
               ) -> str:
    """What stopped the search, in one line that says what to raise."""
    if budget is not None:
        return (f"stopped after {stored:,} {plural('position', stored)} at the "
                f"{format_size(budget)} memory budget; raise --max-memory or --max-states")
    return (f"stopped after {stored:,} {plural('position', stored)} at --max-states "
            f"{max_states}; raise it")


@dataclass
class BfsResult:
    status: str                   # solved / unsolvable / limit
    path: list[np.ndarray]        # packed states, start .. goal
    stored: int
    layers: list[int]             # number of positions at each depth (complete layers)
    last_layer: np.ndarray        # packed states of the deepest layer reached
    watch: Stopwatch              # loading the compiled code, and the search itself
    bytes_per_position: float
    limit: str | None = None      # what stopped the search, when status is limit

    def search_events(self) -> list[Search]:
        """One ``bfs`` event per layer, the last one (where the goal was found or a limit
        stopped the search) as far as it got; at most ``MAX_SEARCH_EVENTS`` (merged).
        Their ``new`` counts add up to ``stored``."""
        partial = self.stored - sum(self.layers)
        return merged(layer_events([*self.layers, partial]))


def run_bfs(tables: Tables, *, to_goal: bool, budget: int | Callable[[], int],
            max_states: int | None = None, progress: Progress = no_progress) -> BfsResult:
    """Layered breadth-first search with the compiled kernel, storing at most ``budget``
    bytes of positions (a function: asked once the compiled code is loaded, so that
    what loading it takes is no longer counted as free)."""
    watch = Stopwatch()
    with watch.loading():
        kernel = _loaded_kernel(tables)
    if callable(budget):
        budget = budget()
        warn_if_huge(tables, budget)
    with watch.searching():
        return _bfs(kernel, tables, watch, to_goal, budget, max_states, progress)


def _loaded_kernel(tables: Tables) -> ModuleType:
    """The compiled kernel, every entry point loaded (read from the cache, or compiled)
    for the types the search calls it with, so that the search's time holds none of it."""
    from puzzlereel.solvers.jit import preload

    from . import kernel

    keys = np.zeros((1, tables.K), dtype=np.uint64)
    parents = np.full(1, -1, dtype=np.int32)
    table = np.full(2, -1, dtype=np.int32)
    a = tables.arrays
    preload(kernel.insert_start, keys, table)
    preload(kernel.rebuild, keys, 0, table)
    preload(kernel.is_goal, keys[0], a.goal_word, a.goal_shift, a.goal_label, a.bits)
    preload(kernel.expand, keys, parents, table, 0, 0, 1, a, True, -1)
    return kernel


def _bfs(kernel: ModuleType, tables: Tables, watch: Stopwatch, to_goal: bool, budget: int,
         max_states: int | None, progress: Progress) -> BfsResult:
    K = tables.K
    arrays = tables.arrays
    cap = 1 << 12
    keys = np.zeros((cap, K), dtype=np.uint64)
    parents = np.full(cap, -1, dtype=np.int32)
    table = np.full(cap * 2, -1, dtype=np.int32)
    keys[0] = tables.start
    n = kernel.insert_start(keys, table)
    layers = [1]
    lo, hi = 0, 1
    found = -1
    status = "unsolvable"
    if to_goal and kernel.is_goal(keys[0], arrays.goal_word, arrays.goal_shift,
                                  arrays.goal_label, arrays.bits):
        found = 0
    limit = max_states if max_states is not None else -1
    per_state = keys.itemsize * K + parents.itemsize + 2 * table.itemsize
    out_of_memory = False
    while found < 0:
        start = lo
        while True:
            n, found, stopped = kernel.expand(keys, parents, table, start, hi, n, arrays,
                                              to_goal, limit)
            if stopped < 0 or found >= 0:
                break
            if limit >= 0 and n >= limit:
                break
            # out of room: grow the arrays and the table, then go on where it stopped
            if 2 * cap * per_state > budget:
                out_of_memory = True
                break
            try:
                keys, parents, table = _grown(keys, parents, cap)
            except MemoryError:     # the system has less than the budget said: stop
                out_of_memory = True    # here as at the budget
                break
            cap *= 2
            kernel.rebuild(keys, n, table)
            start = stopped
        if found >= 0:
            status = "solved"
            break
        if out_of_memory or limit >= 0 and n >= limit:
            status = "limit"
            break
        if n == hi:
            break  # nothing new: the layer lo..hi was the last one
        lo, hi = hi, n
        layers.append(hi - lo)
        progress(f"depth {len(layers) - 1}, {hi - lo:,} new", n, None)
    if found >= 0:
        status = "solved"
    path: list[np.ndarray] = []
    if found >= 0:
        i = found
        while i >= 0:
            path.append(keys[i].copy())
            i = int(parents[i])
        path.reverse()
    used = keys.itemsize * K + parents.itemsize + 2 * table.itemsize
    return BfsResult(status=status, path=path, stored=n, layers=layers,
                     last_layer=keys[lo:hi].copy(), watch=watch, bytes_per_position=used,
                     limit=limit_text(n, budget=budget) if out_of_memory else
                     limit_text(n, max_states=max_states) if status == "limit" else None)


def _grown(keys: np.ndarray, parents: np.ndarray, cap: int
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The position store of ``cap`` rows doubled, and an empty hash table for it."""
    bigger = np.zeros((2 * cap, keys.shape[1]), dtype=keys.dtype)
    bigger[:cap] = keys
    more = np.full(2 * cap, -1, dtype=parents.dtype)
    more[:cap] = parents
    return bigger, more, np.full(cap * 4, -1, dtype=np.int32)


def moves_from_path(tables: Tables, path: list[np.ndarray]) -> list[BlockMove]:
    """Name the piece and its unit-step route for each step of a solution."""
    layout = tables.puzzle.layout
    position = Position(layout)
    anchor_pid: dict[int, str] = {}
    for p, (x, y) in zip(layout.pieces, layout.start, strict=True):
        g = tables.group_of[p.id]
        fx, fy = tables.first[g]
        anchor_pid[(y + fy) * tables.width + x + fx] = p.id
    prev = tables.anchors(path[0])
    out = []
    for n, key in enumerate(path[1:], start=1):
        cur = tables.anchors(key)
        moved = [g for g in range(tables.G) if prev[g] != cur[g]]
        if len(moved) != 1:
            raise AssertionError(f"step {n}: {len(moved)} groups changed")
        g = moved[0]
        (src,) = set(prev[g]) - set(cur[g])
        (dst,) = set(cur[g]) - set(prev[g])
        pid = anchor_pid.pop(src)
        anchor_pid[dst] = pid
        fx, fy = tables.first[g]
        dest = (dst % tables.width - fx, dst // tables.width - fy)
        steps = position.route(pid, dest)
        if steps is None:
            raise AssertionError(f"step {n}: piece {pid} cannot reach {dest}")
        position.slide(pid, steps, "path")
        out.append(BlockMove(n=n, piece=pid, path=tuple(steps)))
        prev = cur
    return out


def solve(puzzle: Puzzle, options: SolveOptions) -> Iterator[Event]:
    """Header, the optimal solution's moves, end (with stats)."""
    tables = Tables(puzzle)
    result = run_bfs(tables, to_goal=True, max_states=options.max_states,
                     budget=lambda: memory_budget(options, puzzle.max_memory),
                     progress=options.progress)
    moves = moves_from_path(tables, result.path) if result.status == "solved" else []
    yield puzzle.header({"moves": len(moves)} if result.status == "solved" else None)
    if options.search_events:
        yield from result.search_events()
    yield from moves
    stats: dict[str, Any] = {"states": result.stored, **result.watch.stats(),
                             "bytes_per_state": result.bytes_per_position}
    if result.status == "unsolvable":
        them = "the 1 position" if result.stored == 1 else f"all {result.stored:,} positions"
        stats["reason"] = f"{them} reachable from the start searched"
        yield Note(f"No solution: {them} reachable from the start searched.")
    if result.status == "limit":
        stats["limit"] = result.limit
    yield End(status=result.status, moves=len(moves) if result.status == "solved" else None,
              stats=stats)


FARTHEST_SHOWN = 1000    # layouts of the deepest layer an analysis lists, at most


def analyze(puzzle: Puzzle, options: SolveOptions) -> Analysis:
    """The whole space reachable from the start: positions per depth, the farthest ones."""
    tables = Tables(puzzle)
    result = run_bfs(tables, to_goal=False, max_states=options.max_states,
                     budget=lambda: memory_budget(options, puzzle.max_memory),
                     progress=options.progress)
    shown = result.last_layer[:FARTHEST_SHOWN]
    farthest = sorted(tables.format_state(tables.as_int(k)).split("\n") for k in shown)
    out: Analysis = {
        "puzzle": "sliding-block",
        "metric": puzzle.metric,
        "status": "limit" if result.status == "limit" else "complete",
        **({"limit": result.limit}
           if result.status == "limit" else {}),
        "states": result.stored,
        "max_depth": len(result.layers) - 1,
        "farthest": farthest,
        "farthest_count": len(result.last_layer),
        "depths": result.layers,
        "search": [e.to_json() for e in result.search_events()],
        **result.watch.stats(),
        "bytes_per_state": result.bytes_per_position,
    }
    return out


def plot_series(result: Mapping[str, Any]) -> Series | None:
    depths = result.get("depths")
    if not depths:
        return None
    return Series(title=f"Positions at each distance from the start ({result['states']:,} in all, "
                  f"metric {result.get('metric', '?')})", xlabel="moves from the start",
                  ylabel="positions", points=list(enumerate(depths)))


__all__ = ["BfsResult", "SpaceWarning", "analyze", "limit_text", "moves_from_path",
           "plot_series", "space_bound", "warn_if_huge",
           "run_bfs", "solve"]
