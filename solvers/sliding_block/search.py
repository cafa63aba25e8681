"""The sliding-block search driver: layered breadth-first search over packed positions.

``run_bfs`` grows the store of positions layer by layer, in plain Python while the space
is small (``small``: no numpy, no numba to load), then with the compiled kernel
(``compiled``) from where that one stopped, up to ``--max-states`` or the memory budget;
``solve`` turns the path it finds into trace moves, each piece's route found by the
shared rules (``puzzlereel.rules.sliding_block.Position``), each with its position's
choices (``choices``: its moves, and those that keep the optimum); ``analyze`` explores
the whole reachable space.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from puzzlereel.ground.config import format_size
from puzzlereel.ground.progress import Progress, no_progress
from puzzlereel.ground.words import plural
from puzzlereel.rules.sliding_block import Position
from puzzlereel.trace import BlockMove, Choices, End, Event, Note, Search
from puzzlereel.trace.search import layer_events, merged

from ..base import Analysis, Series, SolveOptions
from ..limits import memory_budget
from ..stopwatch import Stopwatch
from . import small
from .board import BlockBoard
from .choices import small_choices
from .config import BlockPuzzle
from .small import Reached


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
    reached: Reached
    watch: Stopwatch              # loading the compiled code, and the search itself
    limit: str | None = None      # what stopped the search, when status is limit

    def search_events(self) -> list[Search]:
        """One ``bfs`` event per layer, the last one (where the goal was found or a limit
        stopped the search) as far as it got; at most ``MAX_SEARCH_EVENTS`` (merged).
        Their ``new`` counts add up to the positions stored."""
        partial = self.reached.stored - sum(self.reached.layers)
        return merged(layer_events([*self.reached.layers, partial]))


def run_bfs(board: BlockBoard, *, to_goal: bool, budget: Callable[[], int],
            max_states: int | None = None, progress: Progress = no_progress) -> BfsResult:
    """Layered breadth-first search: in plain Python while the space is small
    (``small``), then, if it is not done, with the compiled kernel from where that one
    stopped (``compiled``).  ``budget()``: the bytes of positions it may store."""
    watch = Stopwatch()
    with watch.searching():
        room = budget() // small.BYTES_PER_POSITION
        store = small.search(board, to_goal=to_goal, max_states=max_states, progress=progress,
                             max_positions=min(small.MAX_POSITIONS, max(room, 1)))
    stopped = max_states is not None and len(store.keys) >= max_states
    if store.done or stopped:
        found = small.reached(store)
        if store.found >= 0:
            found.choices = partial(small_choices, store)
    else:
        from .compiled import run_bfs as compiled_bfs
        from .tables import Tables

        found = compiled_bfs(Tables(board.puzzle, board), store, to_goal=to_goal,
                             budget=budget, max_states=max_states, watch=watch,
                             progress=progress)
    if found.path:
        return BfsResult("solved", found, watch)
    if found.whole:
        return BfsResult("unsolvable", found, watch)
    return BfsResult("limit", found, watch,
                     limit_text(found.stored, budget=found.budget, max_states=max_states))


def moves_from_path(board: BlockBoard, path: list[int],
                    choices: Sequence[Choices] | None = None) -> list[BlockMove]:
    """Name the piece and its unit-step route for each step of a solution (with its
    ``choices``, one per move, when given)."""
    layout = board.puzzle.layout
    position = Position(layout)
    anchor_pid: dict[int, str] = {}
    for p, (x, y) in zip(layout.pieces, layout.start, strict=True):
        g = board.group_of[p.id]
        fx, fy = board.first[g]
        anchor_pid[(y + fy) * board.width + x + fx] = p.id
    prev = board.anchors(path[0])
    out = []
    for n, key in enumerate(path[1:], start=1):
        cur = board.anchors(key)
        moved = [g for g in range(board.G) if prev[g] != cur[g]]
        if len(moved) != 1:
            raise AssertionError(f"step {n}: {len(moved)} groups changed")
        g = moved[0]
        (src,) = set(prev[g]) - set(cur[g])
        (dst,) = set(cur[g]) - set(prev[g])
        pid = anchor_pid.pop(src)
        anchor_pid[dst] = pid
        fx, fy = board.first[g]
        dest = (dst % board.width - fx, dst // board.width - fy)
        steps = position.route(pid, dest)
        if steps is None:
            raise AssertionError(f"step {n}: piece {pid} cannot reach {dest}")
        position.slide(pid, steps, "path")
        out.append(BlockMove(n=n, piece=pid, path=tuple(steps),
                             choices=choices[n - 1] if choices is not None else None))
        prev = cur
    return out


def solve(puzzle: BlockPuzzle, options: SolveOptions) -> Iterator[Event]:
    """Header, the optimal solution's moves, end (with stats)."""
    board = BlockBoard(puzzle)
    result = run_bfs(board, to_goal=True, max_states=options.max_states,
                     budget=lambda: memory_budget(options, puzzle.max_memory),
                     progress=options.progress)
    found = result.reached
    counted = (found.choices() if options.choices and found.choices is not None
               and result.status == "solved" else None)
    moves = moves_from_path(board, found.path, counted) if result.status == "solved" else []
    yield puzzle.header({"moves": len(moves)} if result.status == "solved" else None)
    if options.search_events:
        yield from result.search_events()
    yield from moves
    stats: dict[str, Any] = {"states": found.stored, **result.watch.stats(),
                             "bytes_per_state": found.bytes_per_position}
    if result.status == "unsolvable":
        them = "the 1 position" if found.stored == 1 else f"all {found.stored:,} positions"
        stats["reason"] = f"{them} reachable from the start searched"
        yield Note(f"No solution: {them} reachable from the start searched.")
    if result.status == "limit":
        stats["limit"] = result.limit
    yield End(status=result.status, moves=len(moves) if result.status == "solved" else None,
              stats=stats)


def analyze(puzzle: BlockPuzzle, options: SolveOptions) -> Analysis:
    """The whole space reachable from the start: positions per depth, the farthest ones."""
    board = BlockBoard(puzzle)
    result = run_bfs(board, to_goal=False, max_states=options.max_states,
                     budget=lambda: memory_budget(options, puzzle.max_memory),
                     progress=options.progress)
    found = result.reached
    farthest = sorted(board.format_state(k).split("\n") for k in found.last_layer)
    out: Analysis = {
        "puzzle": "sliding-block",
        "metric": puzzle.metric,
        "status": "limit" if result.status == "limit" else "complete",
        **({"limit": result.limit}
           if result.status == "limit" else {}),
        "states": found.stored,
        "max_depth": len(found.layers) - 1,
        "farthest": farthest,
        "farthest_count": found.deepest,
        "depths": found.layers,
        "search": [e.to_json() for e in result.search_events()],
        **result.watch.stats(),
        "bytes_per_state": found.bytes_per_position,
    }
    return out


def plot_series(result: Mapping[str, Any]) -> Series | None:
    depths = result.get("depths")
    if not depths:
        return None
    return Series(title=f"Positions at each distance from the start ({result['states']:,} in all, "
                  f"metric {result.get('metric', '?')})", xlabel="moves from the start",
                  ylabel="positions", points=list(enumerate(depths)))


__all__ = ["BfsResult", "analyze", "limit_text", "moves_from_path", "plot_series", "run_bfs",
           "solve"]
