"""Searching a sliding-tile puzzle: the choice of algorithm and the family's ``solve`` /
``analyze`` / ``plot_series``.

Solvability is decided first, by parity (no search).  Then ``bfs`` and ``bidirectional``
run the shared search of ``solvers/search.py`` on tuples, and ``iddfs`` and ``ida*`` run
the compiled IDA* through ``ida.TileSearch``, with ``--max-states`` as its node limit.
``solve`` gives each move its board's choices (``choices``: the tiles that could move,
and those that keep the optimum).  ``analyze`` also counts every optimal solution
(IDA*'s last iteration, enumerated to the end) and, on small boards, finds the positions
farthest from the goal (``space_kernel``).

The compiled kernels are imported where they are first used, so that reading a config
(which imports this package) never loads numba.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from puzzlereel.ground.config import ConfigError
from puzzlereel.ground.progress import Progress
from puzzlereel.rules.sliding_tile import Tiles
from puzzlereel.solvers import search
from puzzlereel.trace import Choices, End, Event, Note, Search, TileMove
from puzzlereel.trace.search import iteration_events, layer_events, merged

from ..base import Analysis, Series, SolveOptions
from ..stopwatch import Stopwatch
from .arrays import adjacency
from .choices import solution_choices
from .config import ALGORITHM_ALIASES, TILE_ALGORITHMS, PuzzleError, TilePuzzle
from .ida import MAX_IDA_DEPTH, TileSearch
from .pdb import pdb_dir
from .symmetry import AS_GIVEN, Turn, sharing

FARTHEST_MAX_CELLS = 10   # the whole space: cells! / 2 boards
BFS_DEFAULT_CAP = 10_000_000  # positions kept by bfs / bidirectional without --max-states


@dataclass
class FoundPath:
    """What ``find_solution`` found, whichever algorithm ran."""

    status: str
    path: list[int]
    stats: dict[str, Any]
    notes: list[str]
    events: list[Search] = field(default_factory=list)   # the search's, for the trace
    search: TileSearch | None = None    # the compiled IDA* that found it, if it did


def _heuristic_for(puzzle: TilePuzzle, algorithm: str) -> str | None:
    """The lower bound an algorithm runs with: none for iterative deepening."""
    return None if algorithm == "iddfs" else puzzle.heuristic


def _turn_for(puzzle: TilePuzzle, heuristic: str | None) -> tuple[Turn, TilePuzzle]:
    """The puzzle to search: with pattern databases, turned to a goal whose tables are
    cached when its own are not (``symmetry``); the tiles moved are the same."""
    if heuristic != "pdb":
        return AS_GIVEN, puzzle
    return sharing(puzzle)


def find_solution(puzzle: TilePuzzle, options: SolveOptions) -> FoundPath:
    """Search with the algorithm asked for (``--algorithm`` over ``[solve]``)."""
    algorithm = options.algorithm or puzzle.algorithm
    algorithm = ALGORITHM_ALIASES.get(algorithm, algorithm)
    if algorithm not in TILE_ALGORITHMS:
        raise ConfigError(f"{algorithm!r} is not one of: " + ", ".join(TILE_ALGORITHMS),
                          path=puzzle.source, field="solve.algorithm")
    notes: list[str] = []
    stats: dict[str, Any] = {"algorithm": algorithm}
    watch = Stopwatch()
    if algorithm in ("bfs", "bidirectional"):
        # positions are Python tuples in a dict (~200 bytes each): cap memory by default
        cap = options.max_states if options.max_states is not None else BFS_DEFAULT_CAP
        with watch.searching():
            if algorithm == "bfs":
                res = search.bfs(puzzle.tiles, puzzle.moves, puzzle.is_goal,
                                 max_states=cap, progress=options.progress)
            else:
                res = search.bidirectional_bfs(puzzle.tiles, puzzle.goal, puzzle.moves,
                                               max_states=cap, progress=options.progress)
        stats.update(states=res.stored, **watch.stats())
        if res.status == "limit":
            stats["limit"] = (f"--max-states {options.max_states}"
                              if options.max_states is not None else
                              f"{algorithm} stops at {BFS_DEFAULT_CAP:,} positions unless "
                              "--max-states says otherwise; ida* solves this size")
        events = search.search_events(res) if options.search_events else []
        return FoundPath(res.status, list(res.moves), stats, notes, events)
    heuristic = _heuristic_for(puzzle, algorithm)
    with watch.loading(options.progress, "loading compiled code and tables"):
        turn, searched = _turn_for(puzzle, heuristic)
        ts = TileSearch(searched, heuristic, options.progress)
        ts.preload()
    stats["heuristic"] = heuristic or "none"
    if ts.pdb_info is not None:
        info = ts.pdb_info
        stats.update(pdb=info.name, pdb_mirror=ts.mirror, pdb_bytes=info.bytes,
                     pdb_seconds=round(info.seconds, 3),
                     pdb_built=info.built)
        whose = ""
        if turn != AS_GIVEN:
            stats["pdb_turn"] = turn.name
            whose = f" (the goal {turn.name} shares them)"
        verb = "built" if info.built else "loaded"
        notes.append(f"pattern databases {info.name}{whose}: {verb} in {info.seconds:.2f} s, "
                     f"{info.bytes / 2**20:.1f} MiB, "
                     + (f"cached in {pdb_dir()}" if info.files else "not cached"))
    with watch.searching():
        res2 = ts.run(searched.tiles, max_nodes=options.max_states, progress=options.progress)
    stats.update(nodes=res2.nodes, **watch.stats(), lower_bound=res2.h0,
                 iterations=len(res2.iterations))
    if watch.search > 0:
        stats["nodes_per_second"] = int(res2.nodes / watch.search)
    if res2.status == "limit":
        stats["limit"] = (f"--max-states {options.max_states} nodes"
                          if options.max_states is not None else f"depth {MAX_IDA_DEPTH}")
    phase = "deepening" if heuristic is None else "ida*"
    events = (merged(iteration_events(phase, res2.iterations)) if options.search_events
              else [])
    return FoundPath(res2.status, res2.path, stats, notes, events, ts)


def solve(puzzle: TilePuzzle, options: SolveOptions) -> Iterator[Event]:
    """Header, the optimal solution's moves (tile numbers), end with stats."""
    algorithm = ALGORITHM_ALIASES.get(options.algorithm or puzzle.algorithm,
                                      options.algorithm or puzzle.algorithm)
    solver: dict[str, Any] = {"algorithm": algorithm}
    if algorithm in ("ida*",):
        solver["heuristic"] = puzzle.heuristic
        if puzzle.heuristic == "pdb":
            solver["pdb"] = puzzle.pdb_name
    if not puzzle.solvable():
        yield puzzle.header(solver)
        reason = ("parity: the start and the goal are in different halves of the "
                  "positions (tile arrangement parity differs from the blank's distance "
                  "parity)")
        yield Note("No solution: " + reason + ".")
        yield End(status="unsolvable", stats={"reason": reason, **Stopwatch().stats()})
        return
    found = find_solution(puzzle, options)
    yield puzzle.header(solver, len(found.path) if found.status == "solved" else None)
    for note in found.notes:
        yield Note(note)
    yield from found.events
    counted: list[Choices | None] = [None] * len(found.path)
    if options.choices and found.status == "solved":
        searched = int(found.stats.get("nodes", found.stats.get("states", 0)))
        counted = solution_choices(puzzle, found.path, searched, found.search)
    for i, (tile, choices) in enumerate(zip(found.path, counted, strict=True)):
        yield TileMove(n=i + 1, tile=tile, choices=choices)
    if found.status == "unsolvable":
        found.stats.setdefault("reason", "search space exhausted")
    yield End(status=found.status,
              moves=len(found.path) if found.status == "solved" else None, stats=found.stats)


def farthest_positions(puzzle: TilePuzzle, progress: Progress | None = None,
                       watch: Stopwatch | None = None) -> tuple[list[int], list[Tiles]]:
    """(count of boards at each distance from the goal, the boards farthest from it);
    ``watch`` gets the loading of the compiled code and the search apart."""
    n = puzzle.cells
    if n > FARTHEST_MAX_CELLS:
        raise PuzzleError(f"--farthest searches all {n}!/2 positions; supported up to "
                          f"{FARTHEST_MAX_CELLS} cells, this board has {n}")
    watch = watch or Stopwatch()
    with watch.loading():
        from puzzlereel.solvers.jit import preload

        from . import space_kernel as k

        fact = np.ones(n + 1, np.int64)
        for i in range(1, n + 1):
            fact[i] = fact[i - 1] * i
        depth = np.full(int(fact[n]), 255, np.uint8)
        queue = np.zeros(int(fact[n]) // 2, np.int64)
        adj, deg = adjacency(puzzle.rows, puzzle.cols)
        goal = np.array(puzzle.goal, np.int64)
        preload(k.bfs_all, goal, puzzle.rows, puzzle.cols, adj, deg, fact, depth, queue)
        preload(k.unrank_many, queue[:1], n, fact, np.zeros((1, n), np.int64))
    with watch.searching():
        if progress is not None:
            progress("every position", 0, int(fact[n]) // 2)
        reached = k.bfs_all(goal, puzzle.rows, puzzle.cols, adj, deg, fact, depth, queue)
        if progress is not None:
            progress("every position", reached, int(fact[n]) // 2)
        ranks = queue[:reached]
        d = depth[ranks]
        counts = np.bincount(d).tolist()
        far = ranks[d == d.max()]
        boards = np.zeros((far.shape[0], n), np.int64)
        k.unrank_many(far, n, fact, boards)
        out = sorted(tuple(int(v) for v in row) for row in boards)
    return counts, out


def analyze(puzzle: TilePuzzle, options: SolveOptions) -> Analysis:
    """Optimal length and number of optimal solutions; with farthest: the whole space.
    ``seconds`` is ``search_seconds`` (the searches) plus ``load_seconds`` (compiled
    code and tables)."""
    out: Analysis = {"puzzle": "sliding-tile", "rows": puzzle.rows, "cols": puzzle.cols,
                     "tiles": list(puzzle.tiles), "goal": list(puzzle.goal)}
    watch = Stopwatch()
    if not puzzle.solvable():
        out.update(status="unsolvable", optimal_moves=None, optimal_solutions=0)
    else:
        heuristic = puzzle.heuristic
        with watch.loading(options.progress, "loading compiled code and tables"):
            turn, searched = _turn_for(puzzle, heuristic)
            ts = TileSearch(searched, heuristic, options.progress)
            ts.preload(count_all=True)
        with watch.searching():
            res = ts.run(searched.tiles, count_all=True, max_nodes=options.max_states,
                         progress=options.progress)
        out.update(status="limit" if res.status == "limit" else "complete",
                   optimal_moves=len(res.path) if res.status == "solved" else None,
                   optimal_solutions=res.solutions if res.status == "solved" else None,
                   solution=res.path, heuristic=heuristic, lower_bound=res.h0,
                   nodes=res.nodes, iterations=[list(it) for it in res.iterations])
        if ts.pdb_info is not None:
            out.update(pdb=ts.pdb_info.name, pdb_bytes=ts.pdb_info.bytes,
                       pdb_seconds=round(ts.pdb_info.seconds, 3))
            if turn != AS_GIVEN:
                out.update(pdb_turn=turn.name)
    if options.farthest:
        try:
            counts, far = farthest_positions(puzzle, options.progress, watch)
        except PuzzleError as exc:
            raise ConfigError(str(exc), path=puzzle.source, field="puzzle.tiles") from None
        out.update(max_depth=len(counts) - 1, farthest=[list(b) for b in far],
                   depths=counts, states=sum(counts),
                   search=[e.to_json() for e in merged(layer_events(counts))])
    out.update(watch.stats())
    return out


def plot_series(result: Mapping[str, Any]) -> Series | None:
    """The depth histogram (with --farthest), else nodes per IDA* iteration."""
    depths = result.get("depths")
    if depths:
        return Series(title=f"Positions at each distance from the goal "
                      f"({sum(depths):,} in all, {result.get('rows')}x{result.get('cols')})",
                      xlabel="moves from the goal", ylabel="positions",
                      points=list(enumerate(depths)))
    its = result.get("iterations")
    if its:
        return Series(title=f"IDA* nodes per iteration ({result.get('heuristic')})",
                      xlabel="cost bound", ylabel="nodes", points=[(b, n) for b, n in its])
    return None


__all__ = ["FoundPath", "analyze", "farthest_positions", "find_solution", "plot_series", "solve"]
