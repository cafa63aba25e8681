"""The search events every solver writes: their shape for each family and algorithm,
their agreement with ``end.stats`` and with independent counts, the published figures
read back from them, the cap, and the switch that turns them off."""

from __future__ import annotations

import dataclasses
import io
import itertools
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from puzzlereel.actions.draw import render_trace
from puzzlereel.catalog.puzzles import load_puzzle
from puzzlereel.solvers import search
from puzzlereel.solvers.base import SolveOptions
from puzzlereel.solvers.n_queens.search import count_by_first_row
from puzzlereel.solvers.n_queens.watched import backtrack_steps
from puzzlereel.solvers.sliding_block.tables import Tables
from puzzlereel.trace import End, Event, Guess, Place, Search, SolutionFound, validate, write_trace
from puzzlereel.trace.search import MAX_SEARCH_EVENTS
from tests.fixtures import CONFIGS, replayed, write

ON = SolveOptions()


def solved(config: str | Path, **options: Any) -> tuple[list[Event], list[Search], End]:
    """A config solved (``configs/<name>.toml`` or a path), its trace replayed through
    ``validate``: every event, the search events, and the end line."""
    path = config if isinstance(config, Path) else CONFIGS / f"{config}.toml"
    loaded = load_puzzle(path)
    events, summary = replayed(loaded.solver.solve(loaded.puzzle,
                                                   dataclasses.replace(ON, **options)))
    assert summary.end is not None
    return events, [e for e in events if isinstance(e, Search)], summary.end


def before_the_answer(events: list[Event]) -> None:
    """The search events come straight after the header and notes, before the answer."""
    kinds = [type(e).__name__ for e in events]
    first = kinds.index("Search")
    last = len(kinds) - 1 - kinds[::-1].index("Search")
    assert set(kinds[1:first]) <= {"Note"} and set(kinds[first:last + 1]) <= {"Search",
                                                                            "Note"}


def bfs_layers(events: Iterable[Search], side: str | None = None) -> list[int]:
    """The positions each layer added (one side of a bidirectional search)."""
    out = []
    for e in events:
        if e.side == side:
            assert e.span == 1 and e.depth == len(out) and e.new is not None
            out.append(e.new)
            assert e.total == sum(out)
    return out


# ---------------------------------------------------------------- sliding blocks


def test_sliding_block_writes_one_bfs_event_per_layer() -> None:
    events, found, end = solved("hakoiri-musume")
    before_the_answer(events)
    assert {e.phase for e in found} == {"bfs"}
    layers = bfs_layers(found)
    assert len(layers) == end.moves + 1 == 82           # depth 0 (the start) .. 81
    assert layers[:4] == [1, 8, 10, 15] and sum(layers) == end.stats["states"]


def test_sliding_block_layers_are_the_plain_bfs_layers(tmp_path: Path) -> None:
    """Dad's puzzle: the compiled search's layers against ``solvers.search.bfs`` over the
    family's Python interface (the layer that reaches the goal is cut where each search
    happened to meet it, so only the complete ones are compared), and the whole space
    against ``bfs_depths``."""
    loaded = load_puzzle(CONFIGS / "dads-puzzle.toml")
    board = Tables(loaded.puzzle)
    start = board.as_int(board.start)

    def neighbors(s: int) -> Iterable[tuple[Any, int]]:
        return ((m, board.apply(s, m)) for m in board.legal_moves(s))

    ref = search.bfs(start, neighbors, board.is_goal)
    _, found, end = solved("dads-puzzle")
    layers = bfs_layers(found)
    assert layers[:-1] == [n for _, n in ref.layers][:-1]
    assert len(layers) == len(ref.layers) == end.moves + 1
    result = loaded.solver.analyze(loaded.puzzle, ON)
    whole = bfs_layers(Search.from_json(e) for e in result["search"])
    assert whole == [len(layer) for layer in search.bfs_depths(start, neighbors)]
    assert whole == result["depths"] and sum(whole) == result["states"]


def test_hakoiri_reachable_space_is_25955_positions_read_from_the_events() -> None:
    loaded = load_puzzle(CONFIGS / "hakoiri-musume.toml")
    result = loaded.solver.analyze(loaded.puzzle, ON)
    events = [Search.from_json(e) for e in result["search"]]
    assert sum(bfs_layers(events)) == 25_955 == events[-1].total
    assert result["depths"] == bfs_layers(events)


def serpentine(width: int, corridors: int) -> tuple[str, tuple[int, int], int]:
    """A board of ``corridors`` rows joined end to end by gaps in the walls between them:
    its layout (the piece A at the top left), the far end's cell and the distance there."""
    rows = []
    for r in range(corridors):
        rows.append(("A" if r == 0 else ".") + "." * (width - 1))
        if r < corridors - 1:
            gap = width - 1 if r % 2 == 0 else 0
            rows.append("".join("." if x == gap else "#" for x in range(width)))
    end = (width - 1 if corridors % 2 else 0, 2 * (corridors - 1))
    return "\n".join(rows), end, corridors * width - 1 + corridors - 1


def test_a_search_of_more_layers_than_the_cap_is_merged(tmp_path: Path) -> None:
    """A winding corridor walked one step at a time: 2,079 layers merged three by three
    into 693 events, and the trace still validates."""
    layout, (gx, gy), distance = serpentine(64, 32)
    path = write(tmp_path, "corridor.toml", f'''[puzzle]
type = "sliding-block"
layout = """
{layout}
"""
goal = {{ piece = "A", x = {gx}, y = {gy} }}
[solve]
metric = "step"
''')
    _, found, end = solved(path)
    assert end.moves == distance == 2078
    assert len(found) == 693 <= MAX_SEARCH_EVENTS and {e.span for e in found} == {3}
    assert found[-1].depth == 2078 and found[-1].total == end.stats["states"] == 2079


# ---------------------------------------------------------------- sliding tiles


def test_eight_puzzle_ida_star_writes_bound_and_nodes_per_iteration() -> None:
    events, found, end = solved("eight-puzzle")
    before_the_answer(events)
    assert {e.phase for e in found} == {"ida*"}
    bounds = [e.bound for e in found]
    assert bounds[0] == end.stats["lower_bound"] and bounds[-1] == end.moves == 31
    assert bounds == sorted(set(bounds))
    assert sum(e.nodes or 0 for e in found) == end.stats["nodes"]
    assert len(found) == end.stats["iterations"]


def test_iterative_deepening_tries_every_bound_up_to_the_answer() -> None:
    _, found, end = solved("six-puzzle-2x3", algorithm="iddfs")
    assert {e.phase for e in found} == {"deepening"}
    assert [e.bound for e in found] == list(range(1, end.moves + 1)) and end.moves == 21
    assert sum(e.nodes or 0 for e in found) == end.stats["nodes"]


def test_tile_bfs_layers_are_the_whole_space_layers_up_to_the_goal() -> None:
    loaded = load_puzzle(CONFIGS / "six-puzzle-2x3.toml")
    _, found, end = solved("six-puzzle-2x3", algorithm="bfs")
    layers = bfs_layers(found)
    assert sum(layers) == end.stats["states"] and len(layers) == end.moves + 1
    every = search.bfs_depths(loaded.puzzle.tiles, loaded.puzzle.moves)
    assert layers[:-1] == [len(layer) for layer in every][:end.moves]


def test_bidirectional_search_writes_each_side_and_meets_at_the_answer() -> None:
    events, found, end = solved("eight-puzzle", algorithm="bidirectional")
    before_the_answer(events)
    forward, backward = bfs_layers(found, "forward"), bfs_layers(found, "backward")
    assert (len(forward) - 1) + (len(backward) - 1) == end.moves == 31
    assert sum(forward) + sum(backward) == end.stats["states"]
    # far fewer positions than one search from the start: the point of searching both ways
    _, one_way, bfs_end = solved("eight-puzzle", algorithm="bfs")
    assert sum(bfs_layers(one_way)) == bfs_end.stats["states"] > 5 * end.stats["states"]


def test_the_eight_puzzle_space_is_181440_positions_31_deep_read_from_the_events() -> None:
    """Hiroi's figures for the 8-puzzle: 181,440 positions reachable from the goal, the
    deepest 31 moves away, and 2 positions there."""
    loaded = load_puzzle(CONFIGS / "eight-puzzle.toml")
    result = loaded.solver.analyze(loaded.puzzle, dataclasses.replace(ON, farthest=True))
    layers = bfs_layers(Search.from_json(e) for e in result["search"])
    assert sum(layers) == 181_440
    assert len(layers) - 1 == 31 and layers[-1] == 2
    assert layers == result["depths"]


# ---------------------------------------------------------------- peg solitaire


@pytest.mark.parametrize("name", ["hoppers", "triangle"])
def test_peg_iterative_deepening_writes_each_move_budget(name: str) -> None:
    events, found, end = solved(name)
    before_the_answer(events)
    assert {e.phase for e in found} == {"ida*"}
    assert [e.bound for e in found] == list(range(found[0].bound or 0, end.moves + 1))
    assert sum(e.nodes or 0 for e in found) == end.stats["nodes"] == end.stats["states"]


def test_peg_depth_first_search_writes_one_event() -> None:
    _, found, end = solved("hoppers", algorithm="dfs")
    assert [(e.phase, e.nodes) for e in found] == [("dfs", end.stats["nodes"])]


def test_a_puzzle_proved_impossible_without_searching_writes_none() -> None:
    _, found, end = solved("french")
    assert end.status == "unsolvable" and found == []


# ---------------------------------------------------------------- generate and test


def test_komachi_steps_end_at_each_solution_in_the_order_tested() -> None:
    """Each step ends at a solution's place among the 3^8 expressions, counted here by
    writing them all out in the same order."""
    events, found, end = solved("komachi-100")
    before_the_answer(events)
    texts = [e.text for e in events if isinstance(e, SolutionFound)]
    order = ["1" + "".join(op + str(d) for op, d in zip(ops, range(2, 10), strict=True))
             for ops in itertools.product(("+", "-", ""), repeat=8)]
    places = [order.index(t.removesuffix("=100")) + 1 for t in texts]
    assert list(itertools.accumulate(e.tested or 0 for e in found))[:-1] == places
    assert [e.accepted for e in found] == [1] * 11 + [0]
    assert sum(e.tested or 0 for e in found) == end.stats["candidates"] == 3 ** 8


def test_oomachi_steps_count_the_n_tried() -> None:
    events, found, end = solved("oomachi")
    ns = [int(e.text.split("*")[0]) for e in events if isinstance(e, SolutionFound)]
    lo = end.stats["n_from"]
    assert list(itertools.accumulate(e.tested or 0 for e in found))[:2] == [n - lo + 1
                                                                           for n in ns]
    assert sum(e.tested or 0 for e in found) == end.stats["candidates"] == 2144 - 1007 + 1


def test_alphametic_steps_count_the_digits_tried() -> None:
    _, found, end = solved("send-more-money")
    assert [e.accepted for e in found] == [1, 0]
    assert sum(e.tested or 0 for e in found) == end.stats["nodes"] == 1919


def test_n_queens_steps_are_the_columns_of_the_first_queen() -> None:
    """Queens placed per first column by the compiled count, against the backtracking
    walked in Python (every ``place`` it makes) and the count by first column."""
    events, found, end = solved("n-queens-8")
    before_the_answer(events)
    assert [e.accepted for e in found] == count_by_first_row(8)
    placed = sum(isinstance(s, Place) for s in backtrack_steps(8, until_first=False,
                                                                max_steps=10**6))
    assert sum(e.tested or 0 for e in found) == placed == end.stats["candidates"] == 2056
    assert sum(e.accepted or 0 for e in found) == end.stats["total_solutions"] == 92


@pytest.mark.parametrize("max_solutions", [0, 5])
def test_n_queens_writes_the_same_solutions_with_events_as_without(
        tmp_path: Path, max_solutions: int) -> None:
    """With events the whole search is walked first (listing every solution as it goes,
    or counting when only some are written); the solutions, their order and the total
    are those of the trace without events."""
    config = write(tmp_path, "q.toml", '[puzzle]\ntype = "n-queens"\nn = 9\n'
                   f'[solve]\nsteps = "first"\nmax_solutions = {max_solutions}\n')
    on, found, end_on = solved(config)
    off, none, end_off = solved(config, search_events=False)
    assert none == [] and len(found) == 9
    assert [e for e in on if isinstance(e, SolutionFound)] == \
        [e for e in off if isinstance(e, SolutionFound)]
    assert end_on.stats["total_solutions"] == end_off.stats["total_solutions"] == 352
    assert sum(e.accepted or 0 for e in found) == 352


def test_mastermind_steps_narrow_the_codes_guess_by_guess() -> None:
    events, found, end = solved("mastermind-9431-simple")
    before_the_answer(events)
    guesses = [e for e in events if isinstance(e, Guess)]
    assert len(found) == len(guesses) == 9
    assert found[0].tested == end.stats["codes"] == 5040
    assert [e.accepted for e in found] == [g.remaining for g in guesses]
    assert [e.tested for e in found[1:]] == [e.accepted for e in found[:-1]]


# ---------------------------------------------------------------- every solver


SMALL = ["dads-puzzle", "eight-puzzle", "six-puzzle-2x3", "hoppers", "triangle",
         "komachi-100", "oomachi", "send-more-money", "n-queens-8", "mastermind-knuth",
         "mastermind-9431", "rush-hour-style"]


@pytest.mark.parametrize("name", SMALL)
def test_every_solver_writes_search_events_and_can_leave_them_out(name: str) -> None:
    events, found, _ = solved(name)
    assert found, name
    quiet, none, _ = solved(name, search_events=False)
    assert none == []

    def untimed(evs: list[Event]) -> list[Any]:
        out: list[Any] = []
        for e in evs:
            if isinstance(e, End):
                stats = {k: v for k, v in e.stats.items() if not k.endswith("seconds")
                         and k not in ("nodes_per_second", "candidates", "pdb_built")}
                out.append((e.status, e.moves, stats))
            elif not isinstance(e, Search):
                out.append(e)
        return out

    assert untimed(events) == untimed(quiet)


@pytest.mark.parametrize("name, algorithm, limit, key", [
    ("hakoiri-musume", None, 5000, "states"),
    ("eight-puzzle", "bfs", 3000, "states"),
    ("eight-puzzle", "bidirectional", 3000, "states"),
    ("eight-puzzle", None, 2000, "nodes"),
    ("eight-puzzle", "iddfs", 5000, "nodes"),
])
def test_a_search_a_limit_stopped_writes_how_far_it_got(name: str, algorithm: str | None,
                                                          limit: int, key: str) -> None:
    options: dict[str, Any] = {"max_states": limit}
    if algorithm:
        options["algorithm"] = algorithm
    _, found, end = solved(name, **options)
    assert end.status == "limit" and found
    counted = sum((e.new if key == "states" else e.nodes) or 0 for e in found)
    assert counted == end.stats[key]


def test_a_trace_with_search_events_renders(tmp_path: Path) -> None:
    """The renderer draws a trace with search events (they change no position)."""
    from puzzlereel.render.options import RenderOptions

    events, found, _ = solved("dads-puzzle")
    assert found
    text = io.StringIO()
    write_trace(events, text)
    out = tmp_path / "sheet.png"
    render_trace(io.BytesIO(text.getvalue().encode()), "t.jsonl", [("png", out)],
                     RenderOptions(cell=8))
    assert out.stat().st_size > 0
    assert validate(io.StringIO(text.getvalue()), "t").moves == 59


def test_a_config_solved_from_the_command_line_keeps_its_events(tmp_path: Path) -> None:
    from tests.fixtures import cli

    out = tmp_path / "t.jsonl"
    assert cli("solve", CONFIGS / "hoppers.toml", "-o", out).exit_code == 0
    assert '"type":"search"' in out.read_text(encoding="utf-8")
    assert cli("validate", out).exit_code == 0


def test_a_layer_of_one_position_is_counted_in_the_singular():
    """The progress lines of a search: "depth 1: 1 position", "depth 2: 3 positions"."""
    labels: list[str] = []
    search.bfs(0, lambda s: [], lambda s: False,
               progress=lambda label, done, total: labels.append(label))
    search.bfs(0, lambda s: [("+1", s + 1)] if s < 2 else [], lambda s: s == 2,
               progress=lambda label, done, total: labels.append(label))
    assert labels == ["depth 1: 1 position", "depth 1: 2 positions", "depth 2: 3 positions"]
