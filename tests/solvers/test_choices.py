"""Each move's ``legal`` / ``optimal`` counts, as the solvers write them, against counts
worked out here from scratch: the whole space of positions searched in plain Python over
the trace header's board (nothing of the solvers' code), every position's distance to
the goal, and for each move of the trace the positions one move away and how many of
them are no farther from the goal than the moves the trace has left.  With the counts
off, the trace is the same less the counts."""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from puzzlereel.actions.solve import solve_events
from puzzlereel.catalog.puzzles import load_puzzle
from puzzlereel.rules import peg_solitaire as pegs
from puzzlereel.rules import sliding_block_layout as blocks
from puzzlereel.rules import sliding_tile as tiles
from puzzlereel.solvers.base import SolveOptions
from puzzlereel.solvers.sliding_block import small
from puzzlereel.solvers.sliding_tile import choices as tile_choices
from puzzlereel.solvers.sliding_tile.config import TilePuzzle
from puzzlereel.solvers.sliding_tile.ida import TileSearch
from puzzlereel.trace import BlockMove, Choices, End, Event, Header, PegMove, TileMove
from tests.fixtures import CONFIGS, replayed, write

Moves = Callable[[Any], set[Any]]


def solved(name: str, config: Path = CONFIGS, **options: Any) -> list[Event]:
    """The events ``puzzlereel solve`` writes for a config (each read back as
    ``validate`` reads it), replayed once more through the validator."""
    events = list(solve_events(load_puzzle(config / f"{name}.toml"), SolveOptions(**options)))
    assert isinstance(events[-1], End) and events[-1].status == "solved"
    return replayed(events)[0]


def distances_to(goals: Iterable[Hashable], moves: Moves) -> dict[Any, int]:
    """Breadth-first from every goal at once, where every move can be undone."""
    dist = dict.fromkeys(goals, 0)
    queue = deque(dist)
    while queue:
        here = queue.popleft()
        for there in moves(here):
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


def whole_space(start: Hashable, moves: Moves) -> dict[Any, set[Any]]:
    """Every position reachable from ``start``, with the positions one move away."""
    graph: dict[Any, set[Any]] = {}
    todo = [start]
    while todo:
        here = todo.pop()
        if here not in graph:
            graph[here] = moves(here)
            todo.extend(graph[here])
    return graph


def expected(path: list[Any], moves: Moves, distance: Callable[[Any], float]
             ) -> list[Choices]:
    """Each move of ``path`` (its positions, start to goal): the positions one move from
    where it starts, and those no farther from the goal than the moves left after it."""
    out = []
    for i, here in enumerate(path[:-1]):
        after = moves(here)
        assert path[i + 1] in after
        left = len(path) - i - 2
        out.append(Choices(len(after), sum(distance(there) <= left for there in after)))
    return out


def written(events: list[Event]) -> list[Choices | None]:
    return [e.choices for e in events if isinstance(e, BlockMove | TileMove | PegMove)]


# ---------------------------------------------------------------- sliding blocks


def block_moves(layout: blocks.BlockLayout) -> tuple[Any, Moves, Callable[[Any], bool]]:
    """(start, moves, is_goal) of a sliding-block layout, positions as frozensets of
    (kind, top-left): pieces of one shape and axis alike, those of the goal each its own
    kind (swapping alike pieces changes neither the moves nor the goal); a target layout
    is met when every shape stands where it shows one."""
    named = {pid for pid, _ in layout.goal}
    kind = {p.id: p.id if p.id in named else (p.cells, p.axis) for p in layout.pieces}
    shape = {kind[p.id]: p for p in layout.pieces}
    start = frozenset((kind[p.id], xy) for p, xy in zip(layout.pieces, layout.start))
    goal = {(kind[pid], xy) for pid, xy in layout.goal}
    target = None
    if layout.target is not None:
        cells, _ = blocks.layout_cells(list(layout.target))
        target = sorted(blocks.shape_of(cs)[::-1] for cs in cells.values())

    def is_goal(pos: frozenset[Any]) -> bool:
        if target is not None:
            return sorted((shape[k].cells, xy) for k, xy in pos) == target
        return goal <= pos

    def cover(item: tuple[Any, tuple[int, int]]) -> list[tuple[int, int]]:
        return shape[item[0]].at(item[1])

    def moves(pos: frozenset[Any]) -> set[Any]:
        taken = {cell for item in pos for cell in cover(item)}
        out = set()
        for item in pos:
            k, (x, y) = item
            piece = shape[k]
            own = set(cover(item))

            def free(at: tuple[int, int], piece: blocks.Piece = piece,
                     own: set[tuple[int, int]] = own) -> bool:
                return all(layout.inside(c) and c not in layout.walls
                           and (c not in taken or c in own) for c in piece.at(at))

            steps = [(dx, dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                     if not (piece.axis == "x" and dy or piece.axis == "y" and dx)]
            dests = set()
            if layout.metric == "piece":
                todo = [(x, y)]
                while todo:
                    px, py = todo.pop()
                    for dx, dy in steps:
                        nxt = (px + dx, py + dy)
                        if nxt != (x, y) and nxt not in dests and free(nxt):
                            dests.add(nxt)
                            todo.append(nxt)
            else:
                for dx, dy in steps:
                    nxt = (x + dx, y + dy)
                    while free(nxt):
                        dests.add(nxt)
                        if layout.metric == "step":
                            break
                        nxt = (nxt[0] + dx, nxt[1] + dy)
            out.update((pos - {item}) | {(k, d)} for d in dests)
        return out

    return start, moves, is_goal


# two goal pieces, or a whole target layout (the 1x1 pieces alike)
GOALS = {"two-pieces": 'goal = [ { piece = "A", x = 1, y = 2 }, { piece = "b", x = 0, y = 0 } ]',
         "target": 'target = """\nb..\ncd.\neAA\n"""'}


@pytest.mark.parametrize("name, compiled", [
    ("hakoiri-musume", False), ("dads-puzzle", False), ("rush-hour-style", False),
    ("dads-puzzle", True), ("rush-hour-style", True), ("two-pieces", False),
    ("two-pieces", True), ("target", False), ("target", True)])
def test_sliding_block_counts_match_the_whole_space(monkeypatch, tmp_path, name, compiled):
    """Counted on the plain-Python search's store, or on the compiled search's arrays
    (which takes over at once when the plain search may keep one position)."""
    if compiled:
        monkeypatch.setattr(small, "MAX_POSITIONS", 1)
    config = CONFIGS
    if name in GOALS:
        config = tmp_path
        write(tmp_path, f"{name}.toml", '[puzzle]\ntype = "sliding-block"\n'
              f'layout = """\nAAb\ncd.\ne..\n"""\n{GOALS[name]}\n')
    events = solved(name, config)
    assert isinstance(events[-1], End)
    assert (events[-1].stats["bytes_per_state"] < small.BYTES_PER_POSITION) == compiled
    header = events[0]
    assert isinstance(header, Header)
    layout = blocks.BlockLayout.from_header(header)
    start, moves, is_goal = block_moves(layout)
    graph = whole_space(start, moves)
    dist = distances_to((p for p in graph if is_goal(p)), graph.__getitem__)
    named = {pid for pid, _ in layout.goal}
    kind = {p.id: p.id if p.id in named else (p.cells, p.axis) for p in layout.pieces}
    at = {p.id: xy for p, xy in zip(layout.pieces, layout.start)}
    path = [start]
    for event in events:
        if isinstance(event, BlockMove):
            item = (kind[event.piece], at[event.piece])
            at[event.piece] = event.path[-1]
            path.append((path[-1] - {item}) | {(kind[event.piece], event.path[-1])})
    assert is_goal(path[-1]) and dist[start] == len(path) - 1
    want = expected(path, moves, lambda p: dist.get(p, float("inf")))
    assert written(events) == want
    assert all(1 <= c.optimal <= c.legal for c in want)


# ---------------------------------------------------------------- sliding tiles


def tile_moves(cols: int, rows: int) -> Moves:
    def moves(board: tuple[int, ...]) -> set[Any]:
        b = board.index(0)
        out = set()
        for cell in range(len(board)):
            if abs(cell % cols - b % cols) + abs(cell // cols - b // cols) == 1:
                after = list(board)
                after[b], after[cell] = board[cell], 0
                out.add(tuple(after))
        return out

    return moves


@pytest.mark.parametrize("name, algorithm", [
    ("eight-puzzle", None), ("eight-puzzle", "bidirectional"), ("six-puzzle-2x3", None),
    ("six-puzzle-2x3", "ida*")])
def test_sliding_tile_counts_match_the_whole_space(name, algorithm):
    """IDA* iterations decide the 8-puzzle's boards (after IDA*, or after a plain-Python
    search), the whole space's table the 2x3's."""
    events = solved(name, algorithm=algorithm)
    header = events[0]
    assert isinstance(header, Header)
    layout = tiles.TileLayout.from_header(header)
    moves = tile_moves(layout.cols, layout.rows)
    dist = distances_to([layout.goal], moves)
    path = [layout.start]
    for event in events:
        if isinstance(event, TileMove):
            board = list(path[-1])
            b, t = board.index(0), board.index(event.tile)
            board[b], board[t] = event.tile, 0
            path.append(tuple(board))
    assert path[-1] == layout.goal and dist[layout.start] == len(path) - 1
    assert written(events) == expected(path, moves, dist.__getitem__)


EIGHT_GOAL = tiles.default_goal(9)


@pytest.mark.usefixtures("pdb_cache")
@pytest.mark.parametrize("heuristic", ["manhattan", "linear-conflict", "pdb"])
def test_every_lower_bound_decides_the_same(heuristic):
    """Whatever lower bound the solver searched with (pattern databases with their
    pathmax too), the 8-puzzle's counts are the same (checked above)."""
    events = solved("eight-puzzle")
    path = [e.tile for e in events if isinstance(e, TileMove)]
    header = events[0]
    assert isinstance(header, Header)
    start = tuple(header.fields["tiles"])
    groups = ((1, 2, 3, 4), (5, 6, 7, 8))
    puzzle = TilePuzzle(rows=3, cols=3, tiles=start, goal=EIGHT_GOAL, heuristic=heuristic,
                        groups=groups)
    search = TileSearch(puzzle, heuristic)
    search.preload()
    assert tile_choices.solution_choices(puzzle, path, 0, search) == written(events)


def test_the_last_moves_are_counted_first_within_the_budget():
    """A budget too small for the whole solution leaves the first moves without counts,
    never a move between two counted ones; with none, only moves that need no search
    (the last: its one good board is the goal)."""
    events = solved("eight-puzzle")
    path = [e.tile for e in events if isinstance(e, TileMove)]
    puzzle = load_puzzle(CONFIGS / "eight-puzzle.toml").puzzle
    search = TileSearch(puzzle, "linear-conflict")
    search.preload()
    reach = tile_choices.ida_reach(search)
    full = written(events)
    for nodes in (0, 50, 2_000):
        got = tile_choices.path_choices(puzzle.tiles, path, 3, 3, reach, nodes)
        kept = [c is not None for c in got]
        assert kept == sorted(kept) and 0 < sum(kept) < len(path)
        assert [c for c in got if c is not None] == full[len(path) - sum(kept):]


# ---------------------------------------------------------------- peg solitaire


def peg_moves(layout: pegs.PegLayout, metric: str) -> Moves:
    """The positions (frozensets of pegs) one move leads to: one jump, or one peg's chain."""
    holes = set(layout.holes)

    def moves(pos: frozenset[Any]) -> set[Any]:
        out: set[Any] = set()
        todo = [(pos, peg) for peg in pos]
        seen = set(todo)
        while todo:
            here, (x, y) = todo.pop()
            for dx, dy in layout.jumps:
                over, to = (x + dx // 2, y + dy // 2), (x + dx, y + dy)
                if over in here and to in holes and to not in here:
                    after = (here - {(x, y), over}) | {to}
                    out.add(after)
                    if metric == "moves" and (after, to) not in seen:
                        seen.add((after, to))
                        todo.append((after, to))
        return out

    return moves


@pytest.mark.parametrize("name, metric", [("triangle", "moves"), ("hoppers", "moves"),
                                          ("triangle", "jumps")])
def test_peg_solitaire_counts_match_the_whole_space(tmp_path, name, metric):
    """Fewest moves (a chain of jumps one move) by iterative deepening, or any solution
    (every jump a move) by depth-first search."""
    text = (CONFIGS / f"{name}.toml").read_text(encoding="utf-8")
    write(tmp_path, f"{name}.toml", text.replace('metric = "moves"', f'metric = "{metric}"'))
    events = solved(name, tmp_path)
    header = events[0]
    assert isinstance(header, Header)
    layout = pegs.PegLayout.from_header(header)
    assert layout.goal is not None
    metric = header.solver.get("metric", "moves")
    moves = peg_moves(layout, metric)
    goal = frozenset(layout.goal)

    @cache
    def distance(pos: frozenset[Any]) -> float:        # every move removes a peg: no loops
        if pos == goal:
            return 0
        return min((1 + distance(after) for after in moves(pos)), default=float("inf"))

    path = [frozenset(layout.pegs)]
    for event in events:
        if isinstance(event, PegMove):
            here, at = set(path[-1]), event.start
            for to in event.path:
                here -= {at, ((at[0] + to[0]) // 2, (at[1] + to[1]) // 2)}
                here.add(to)
                at = to
            path.append(frozenset(here))
    assert path[-1] == goal and distance(path[0]) == len(path) - 1
    assert written(events) == expected(path, moves, distance)


# ---------------------------------------------------------------- off


@pytest.mark.parametrize("name", ["dads-puzzle", "eight-puzzle", "six-puzzle-2x3", "hoppers"])
def test_without_the_counts_the_trace_is_the_same_less_them(name):
    on, off = solved(name), solved(name, choices=False)
    assert all(c is not None for c in written(on))
    assert written(off) == [None] * len(written(on))
    same = [dataclasses.replace(e, choices=None) if isinstance(e, BlockMove | TileMove | PegMove)
            else e for e in on]
    timing = ("search_seconds", "load_seconds", "seconds", "nodes_per_second")
    assert isinstance(on[-1], End) and isinstance(off[-1], End)
    assert {k: v for k, v in on[-1].stats.items() if k not in timing} == {
        k: v for k, v in off[-1].stats.items() if k not in timing}
    assert same[:-1] == off[:-1]
