"""The peg-solitaire search drivers: any solution, the fewest moves, counting, impossibility.

Each driver first tries to prove the puzzle impossible without searching (too few pegs,
or Conway's position class), then plays the fixed first jump if the config gives one,
packs the board with ``tables`` and runs the compiled ``kernel``:

- ``search_any``: depth-first search for any solution (the jumps metric, or ``dfs``);
- ``search_min_moves``: iterative deepening on moves, one kernel round per budget,
  optionally counting every optimal jump sequence afterwards;
- ``count_jump_solutions``: every jump sequence that solves the puzzle.

``solve`` turns the jumps found into trace moves (one per chain of jumps), each with its
position's choices (``choices``: its moves, and those that keep the optimum), ``analyze``
reports the optimum and how many solutions reach it, ``plot_series`` the positions
searched per budget.  ``reference_min_moves`` is a plain breadth-first search that the
tests hold the compiled search against on small boards.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from puzzlereel.ground.config import ConfigError
from puzzlereel.ground.progress import Progress
from puzzlereel.ground.words import plural
from puzzlereel.trace import Choices, End, Event, Note, PegMove, Search
from puzzlereel.trace.search import iteration_events, merged

from ..base import Analysis, Series, SolveOptions
from ..limits import memory_budget
from ..stopwatch import Stopwatch
from .board import Jump, PegBoard, chain_moves, count_moves, group_moves
from .choices import budget_for, path_choices
from .config import PEG_ALGORITHMS, PegPuzzle
from .tables import PegArrays, board_arrays, position_table


@dataclass
class SearchOutcome:
    """What a search found: status, the jumps (from, over, to), counts and effort."""

    status: str
    jumps: list[Jump] = field(default_factory=list)
    moves: int | None = None
    solutions: int | None = None
    nodes: int = 0
    seconds: float = 0.0
    reason: str = ""
    per_bound: list[tuple[int, int]] = field(default_factory=list)
    depth_first: bool = False     # found by ``search_any`` (one depth-first search)
    watch: Stopwatch = field(default_factory=Stopwatch)   # set by the family interface
    arrays: PegArrays | None = None  # the board's arrays and the table the search left

    def search_events(self) -> list[Search]:
        """The trace's search events: one ``ida*`` event per move budget tried (the
        iterative deepening of ``search_min_moves``), or one ``dfs`` event for a
        depth-first search; their nodes add up to ``nodes``."""
        if self.depth_first:
            return [Search("dfs", nodes=self.nodes)]
        return merged(iteration_events("ida*", self.per_bound))


@dataclass
class _Prepared:
    """What every search of one puzzle starts from: the position after the fixed first
    jump (if any) and the peg that made it, the kernel's arrays with an empty position
    table, and a path buffer."""

    start: int
    last: int
    prefix: list[Jump]
    arrays: PegArrays
    path: np.ndarray

    def jumps(self, count: int) -> list[Jump]:
        """The fixed first jump and the first ``count`` jumps of the kernel's path."""
        a = self.arrays
        return self.prefix + [(int(a.jf[j]), int(a.jo[j]), int(a.jt[j]))
                              for j in self.path[:count]]


def _prepare(puzzle: PegPuzzle, max_states: int | None, budget: int | None) -> _Prepared:
    start, last, prefix = puzzle.start, -1, []
    if puzzle.first is not None:
        start = PegBoard.apply_jump(puzzle.start, puzzle.first)
        last, prefix = puzzle.first[2], [puzzle.first]
    arrays = board_arrays(puzzle.board, puzzle.goal, position_table(max_states, puzzle, budget))
    return _Prepared(start, last, prefix, arrays, np.zeros(puzzle.board.size + 1, np.int64))


def impossible_reason(puzzle: PegPuzzle) -> str | None:
    """A proof of impossibility that needs no search, if there is one."""
    b = puzzle.board
    if bin(puzzle.start).count("1") < puzzle.goal_count:
        return "fewer pegs than the goal asks for"
    cls = b.position_class(puzzle.start)
    if puzzle.goal:
        if b.position_class(puzzle.goal) != cls:
            return "position class: the start and the goal differ in colour-count parity"
    elif not any(b.position_class(1 << i) == cls for i in range(b.size)):
        return "position class: no single peg has the start's colour-count parity"
    return None


def search_any(puzzle: PegPuzzle, max_states: int | None = None,
               budget: int | None = None) -> SearchOutcome:
    """Any solution, by depth-first search with a table of dead positions."""
    from . import kernel as k

    t0 = time.perf_counter()
    reason = impossible_reason(puzzle)
    if reason:
        return SearchOutcome("unsolvable", reason=reason, seconds=time.perf_counter() - t0)
    s = _prepare(puzzle, max_states, budget)
    status, nodes = k.dfs_jumps(s.start, puzzle.goal, puzzle.goal_count, s.arrays,
                                max_states or 0, s.path)
    out = SearchOutcome({0: "unsolvable", 1: "solved", 2: "limit"}[int(status)], nodes=int(nodes),
                        depth_first=True, arrays=s.arrays)
    if status == 1:
        out.jumps = s.jumps(bin(s.start).count("1") - puzzle.goal_count)
        out.moves = count_moves(out.jumps) if puzzle.metric == "moves" else len(out.jumps)
    elif status == 0:
        out.reason = "search space exhausted"
    out.seconds = time.perf_counter() - t0
    return out


def search_min_moves(puzzle: PegPuzzle, *, count: bool = False, max_states: int | None = None,
                     budget: int | None = None,
                     progress: Progress | None = None) -> SearchOutcome:
    """Fewest moves by iterative deepening; with ``count``, also how many jump sequences
    reach the goal in that many moves.  ``max_states`` stops the search after that many
    positions (and sizes the hash table unless ``puzzle.memory_mb`` does)."""
    from . import kernel as k

    t0 = time.perf_counter()
    reason = impossible_reason(puzzle)
    if reason:
        return SearchOutcome("unsolvable", reason=reason, seconds=time.perf_counter() - t0)
    s = _prepare(puzzle, max_states, budget)
    start, last0, arrays = s.start, s.last, s.arrays
    base = 1 if s.prefix else 0
    total = bin(start).count("1") - puzzle.goal_count
    cap = total if puzzle.max_moves is None else min(total, puzzle.max_moves - base)
    budget_left = max_states or 0
    nodes = 0
    per_bound: list[tuple[int, int]] = []
    h0 = int(k.lower_bound(start, last0 if k.can_jump_from(start, last0, arrays.off, arrays.jo,
                                                           arrays.jt) else -1,
                           arrays.umask, puzzle.goal == 0, puzzle.goal_count))
    found = None
    for bound in range(h0, cap + 1):
        if progress is not None:
            progress(f"{base + bound} {plural('move', base + bound)}", base + bound,
                     base + cap)
        status, jumps, used = k.ida_moves(start, last0, bound, puzzle.goal, puzzle.goal_count,
                                          arrays, False, False, budget_left, s.path)
        nodes += int(used)
        per_bound.append((base + bound, int(used)))
        if status == 2:
            return SearchOutcome("limit", nodes=nodes, seconds=time.perf_counter() - t0,
                                 reason=f"max_states {max_states} reached below "
                                 f"{base + bound} {plural('move', base + bound)}",
                                 per_bound=per_bound)
        if budget_left:
            budget_left = max(1, budget_left - int(used))
        if status == 1:
            found = bound
            seq = s.jumps(int(jumps))
            break
    if found is None:
        st = "unsolvable" if cap == total else "limit"
        why = "search space exhausted" if st == "unsolvable" else \
            f"no solution within max_moves = {puzzle.max_moves}"
        return SearchOutcome(st, nodes=nodes, seconds=time.perf_counter() - t0, reason=why,
                             per_bound=per_bound)
    out = SearchOutcome("solved", jumps=seq, moves=base + found, nodes=nodes,
                        per_bound=per_bound, arrays=arrays)
    if count:
        ck, ck2, cv = position_table(max_states, puzzle, budget)
        status, total_count, used = k.ida_moves(start, last0, found, puzzle.goal,
                                                puzzle.goal_count,
                                                arrays._replace(tk=ck, tk2=ck2, tv=cv),
                                                True, False, max_states or 0, s.path)
        out.nodes += int(used)
        if status == 2:
            out.status = "limit"
            out.reason = f"max_states {max_states} reached while counting solutions"
        else:
            out.solutions = int(total_count)
    out.seconds = time.perf_counter() - t0
    return out


def count_jump_solutions(puzzle: PegPuzzle, max_states: int | None = None,
                         budget: int | None = None) -> SearchOutcome:
    """Every jump sequence that solves the puzzle (all have the same number of jumps)."""
    from . import kernel as k

    t0 = time.perf_counter()
    reason = impossible_reason(puzzle)
    if reason:
        return SearchOutcome("unsolvable", reason=reason, seconds=time.perf_counter() - t0)
    s = _prepare(puzzle, max_states, budget)
    # every jump costs 0 here, so a budget of one move covers any lower bound
    status, total_count, used = k.ida_moves(s.start, -1, 1, puzzle.goal, puzzle.goal_count,
                                            s.arrays._replace(umask=0), True, True,
                                            max_states or 0, s.path)
    jumps = bin(s.start).count("1") - puzzle.goal_count + len(s.prefix)
    if status == 2:
        return SearchOutcome("limit", nodes=int(used), seconds=time.perf_counter() - t0,
                             reason=f"max_states {max_states} reached")
    if total_count == 0:
        return SearchOutcome("unsolvable", nodes=int(used), reason="search space exhausted",
                             seconds=time.perf_counter() - t0)
    return SearchOutcome("solved", moves=jumps, solutions=int(total_count), nodes=int(used),
                         seconds=time.perf_counter() - t0)


def reference_min_moves(puzzle: PegPuzzle) -> int | None:
    """Fewest moves by plain breadth-first search over whole moves (``search.bfs``):
    slow, simple, for checking the compiled search on small boards."""
    from puzzlereel.solvers.search import bfs

    def neighbors(pos: int) -> Iterator[tuple[tuple[int, ...], int]]:
        done: set[int] = set()
        for route, p in chain_moves(puzzle.board, pos):
            if p not in done:
                done.add(p)
                yield route, p

    result = bfs(puzzle.start, neighbors, puzzle.is_goal)
    return len(result.moves) if result.status == "solved" else None


# ---------------------------------------------------------------- family interface


def _load_kernel(puzzle: PegPuzzle) -> None:
    """Load every compiled entry point for this board's argument types (from the cache,
    or by compiling it) without running it, so that the search's time holds none of it."""
    from puzzlereel.solvers.jit import preload

    from . import kernel as k

    a = board_arrays(puzzle.board, puzzle.goal)
    path = np.zeros(puzzle.board.size + 1, np.int64)
    start, goal, count = puzzle.start, puzzle.goal, puzzle.goal_count
    preload(k.dfs_jumps, start, goal, count, a, 0, path)
    preload(k.ida_moves, start, -1, 0, goal, count, a, False, False, 0, path)
    preload(k.lower_bound, start, -1, a.umask, goal == 0, count)
    preload(k.can_jump_from, start, -1, a.off, a.jo, a.jt)


def _run(puzzle: PegPuzzle, options: SolveOptions, *, count: bool = False) -> SearchOutcome:
    algorithm = options.algorithm or puzzle.algorithm
    if algorithm not in PEG_ALGORITHMS:
        raise ConfigError(f"{algorithm!r} is not one of: "
                          f"{', '.join(map(repr, PEG_ALGORITHMS))}", path="--algorithm")
    watch = Stopwatch()
    with watch.loading(options.progress):
        _load_kernel(puzzle)
    with watch.searching():
        found = _search(puzzle, options, algorithm, count)
    found.watch = watch
    return found


def _search(puzzle: PegPuzzle, options: SolveOptions, algorithm: str,
            count: bool) -> SearchOutcome:
    budget = memory_budget(options, puzzle.max_memory)
    if puzzle.metric == "jumps":
        found = search_any(puzzle, options.max_states, budget)
        if not count or found.status != "solved":
            return found
        counted = count_jump_solutions(puzzle, options.max_states, budget)
        counted.jumps = found.jumps
        counted.moves = len(found.jumps)
        counted.nodes += found.nodes
        return counted
    if algorithm == "dfs" and not count:
        return search_any(puzzle, options.max_states, budget)
    return search_min_moves(puzzle, count=count, max_states=options.max_states, budget=budget,
                            progress=options.progress)


def solve(puzzle: PegPuzzle, options: SolveOptions) -> Iterator[Event]:
    """Header, one ``move`` per move (per jump under the jumps metric), end.

    The search runs before the header is written, so that the header can carry the
    number of moves (the renderer's counter shows "Move 3 / 7")."""
    algorithm = options.algorithm or puzzle.algorithm
    if puzzle.metric == "jumps":
        algorithm = "dfs"
    b = puzzle.board
    result = _run(puzzle, options)
    groups: list[list[Jump]] = []
    if result.status == "solved":
        groups = ([[j] for j in result.jumps] if puzzle.metric == "jumps"
                  else group_moves(result.jumps))
    yield puzzle.header(algorithm, len(groups) if groups else None)
    if puzzle.first is not None:
        f, _, t = puzzle.first
        yield Note(f"first jump fixed: {list(b.holes[f])} -> {list(b.holes[t])}")
    stats: dict[str, Any] = {"states": result.nodes, "nodes": result.nodes,
                             **result.watch.stats()}
    if options.search_events:
        yield from result.search_events()
    if result.status != "solved":
        if result.reason:
            stats["reason" if result.status == "unsolvable" else "limit"] = result.reason
        yield End(status=result.status, stats=stats)
        return
    counted: list[Choices | None] = [None] * len(groups)
    if options.choices and result.arrays is not None:
        counted = path_choices(puzzle, result.arrays, groups, budget_for(result.nodes))
    for n, (group, choices) in enumerate(zip(groups, counted, strict=True), 1):
        yield PegMove(n=n, start=b.holes[group[0][0]],
                      path=tuple(b.holes[t] for _, _, t in group), choices=choices)
    stats["jumps"] = len(result.jumps)
    yield End(status="solved", moves=len(groups), stats=stats)


def analyze(puzzle: PegPuzzle, options: SolveOptions) -> Analysis:
    """``optimal_moves`` and ``optimal_solutions`` (distinct jump sequences)."""
    result = _run(puzzle, options, count=True)
    b = puzzle.board
    out: Analysis = {
        "puzzle": "peg-solitaire",
        "board": b.name,
        "holes": b.size,
        "pegs": bin(puzzle.start).count("1"),
        "goal": [list(c) for c in b.cells(puzzle.goal)] if puzzle.goal else "one peg",
        "metric": puzzle.metric,
        "status": result.status,
        "optimal_moves": result.moves,
        "optimal_solutions": result.solutions if result.status == "solved" else None,
        "states": result.nodes,
        **result.watch.stats(),
    }
    if puzzle.first is not None:
        f, _, t = puzzle.first
        out["first_jump"] = [list(b.holes[f]), list(b.holes[t])]
    if result.reason:
        out["reason"] = result.reason
    if result.jumps:
        out["example"] = [[list(b.holes[g[0][0]])] + [list(b.holes[t]) for _, _, t in g]
                          for g in group_moves(result.jumps)]
    if result.per_bound:
        out["nodes_per_bound"] = {str(m): n for m, n in result.per_bound}
    return out


def plot_series(result: Mapping[str, Any]) -> Series | None:
    """The positions searched per move budget (``analyze --plot``)."""
    per = result.get("nodes_per_bound")
    if not per:
        return None
    return Series(title="Peg solitaire: positions searched per move budget",
                  xlabel="move budget", ylabel="positions",
                  points=[(int(m), int(n)) for m, n in per.items()])


__all__ = ["SearchOutcome", "analyze", "count_jump_solutions", "impossible_reason",
           "plot_series", "reference_min_moves", "search_any", "search_min_moves", "solve"]
