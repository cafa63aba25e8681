"""Sliding-block solver: golden answers, the compiled search against a plain BFS, the
state text forms of its tables, limits, and every written trace replayed through the
validator."""

from __future__ import annotations

import textwrap
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.doc_tables import block, ratio_agrees, tables
from puzzlereel.actions import analyze as analysis
from puzzlereel.catalog.puzzles import load_puzzle
from puzzlereel.ground.config import load_config
from puzzlereel.solvers import search
from puzzlereel.solvers import sliding_block as sb
from puzzlereel.solvers.base import SolveOptions
from puzzlereel.solvers.sliding_block import small
from puzzlereel.solvers.sliding_block.compiled import SpaceWarning, _loaded_kernel
from puzzlereel.solvers.sliding_block.search import analyze, solve
from puzzlereel.solvers.sliding_block.tables import Move, Tables
from puzzlereel.trace import BlockMove, End, Header
from tests.fixtures import CONFIGS, ROOT, replayed, write


def puzzle_from(tmp_path: Path, body: str, name: str = "p.toml") -> sb.BlockPuzzle:
    cfg = load_config(write(tmp_path, name, textwrap.dedent(body)))
    return sb.load(cfg)


def solve_events(puzzle: sb.BlockPuzzle, **kw) -> list:
    return list(solve(puzzle, SolveOptions(**kw)))


def check_trace(events: list) -> int:
    """Write the events as a trace and replay it; returns the number of moves."""
    return replayed(events, "solver")[1].moves


def with_metric(metric: str, path: Path = CONFIGS / "hakoiri-musume.toml") -> sb.BlockPuzzle:
    cfg = load_config(path)
    data = dict(cfg.data)
    data["solve"] = {**data.get("solve", {}), "metric": metric}
    return sb.load(type(cfg)(cfg.path, cfg.text, data))


@pytest.mark.parametrize("config, metric, moves, states", [
    ("hakoiri-musume.toml", "piece", 81, 23822),
    ("hakoiri-musume.toml", "line", 90, 23829),
    ("hakoiri-musume.toml", "step", 116, 24030),
    ("hakoiri-musume-98.toml", "piece", 98, 28836),
    ("dads-puzzle.toml", "piece", 59, 1118),
])
def test_known_optimal_answers_and_their_traces_replay(config, metric, moves, states):
    events = solve_events(with_metric(metric, CONFIGS / config))
    assert isinstance(events[0], Header) and isinstance(events[-1], End)
    assert events[-1].status == "solved" and events[-1].moves == moves
    # positions stored when the goal was reached: the breadth-first search is
    # deterministic, so a change here is a change in the search (a duplicate not caught,
    # a move not generated), even where the answer stays the same
    assert events[-1].stats["states"] == states
    assert events[-1].stats["bytes_per_state"] == small.BYTES_PER_POSITION
    assert sum(isinstance(e, BlockMove) for e in events) == moves
    assert check_trace(events) == moves


@pytest.mark.parametrize("config, metric", [("hakoiri-musume.toml", "piece"),
                                            ("hakoiri-musume.toml", "step"),
                                            ("dads-puzzle.toml", "line")])
@pytest.mark.parametrize("part", [0.0, 0.3, 0.7, 0.99])
def test_the_compiled_search_carries_on_where_the_plain_one_stopped(
        monkeypatch, config, metric, part):
    """Stopped after any number of positions, the plain-Python search hands its store
    to the compiled one, and the result is the plain search's: the same positions
    stored, layers, moves and reachable space."""
    puzzle = with_metric(metric, CONFIGS / config)
    plain = solve_events(puzzle, search_events=True)
    plain_space = analyze(puzzle, SolveOptions())
    handover = max(1, int(part * plain[-1].stats["states"]))    # positions stored by then
    assert handover < plain[-1].stats["states"]     # the goal (stored last) not reached
    monkeypatch.setattr(small, "MAX_POSITIONS", handover)
    both = solve_events(puzzle, search_events=True)
    both_space = analyze(puzzle, SolveOptions())
    assert plain[-1].stats["bytes_per_state"] == small.BYTES_PER_POSITION
    assert both[-1].stats["bytes_per_state"] < small.BYTES_PER_POSITION   # compiled
    assert both[-1].stats["states"] == plain[-1].stats["states"]
    assert both[:-1] == plain[:-1]
    for key in ("states", "depths", "farthest", "max_depth"):
        assert both_space[key] == plain_space[key]


@pytest.mark.parametrize("budget, config", [("MAX_PLACEMENTS", "hakoiri-musume.toml"),
                                            ("MAX_WORK", "rush-hour-style.toml")])
def test_a_big_board_or_many_patterns_go_to_the_compiled_search(monkeypatch, budget, config):
    """Past the plain search's budgets (placements on the board: at once; patterns of
    empty cells worked out: part-way) the compiled search takes over, same result."""
    puzzle = with_metric("piece" if budget == "MAX_PLACEMENTS" else "line", CONFIGS / config)
    plain = solve_events(puzzle, search_events=True)
    assert plain[-1].stats["bytes_per_state"] == small.BYTES_PER_POSITION
    monkeypatch.setattr(small, budget, 10)
    handed = solve_events(puzzle, search_events=True)
    assert handed[-1].stats["bytes_per_state"] < small.BYTES_PER_POSITION
    assert handed[:-1] == plain[:-1]
    assert handed[-1].stats["states"] == plain[-1].stats["states"]


@pytest.mark.parametrize("metric, max_depth", [("piece", 124), ("line", 133), ("step", 167)])
def test_hakoiri_musume_reachable_space(metric: str, max_depth: int) -> None:
    result = analyze(with_metric(metric), SolveOptions())
    assert result["states"] == 25955
    assert sum(result["depths"]) == 25955
    assert result["max_depth"] == len(result["depths"]) - 1 == max_depth
    assert len(result["farthest"]) == result["depths"][-1] > 0
    assert all(len(rows) == 5 and all(len(r) == 4 for r in rows) for rows in result["farthest"])


SMALL = [
    # (layout, goal, metric): unsolvable ones (the whole space is searched) ...
    ("AAb\n.cd\nee.", ("A", 1, 2), "piece"),
    ("AAb\n.cd\nee.", ("A", 1, 2), "line"),
    ("AAb\n.cd\nee.", ("A", 1, 2), "step"),
    ("AB.\nAC.\nDDE", ("A", 2, 1), "piece"),
    ("A.b\nAcc\n.de", ("A", 2, 1), "line"),
    # ... and solvable ones, 2x2 pieces among them (the shape with its own duplicate check)
    ("AAb\n.cd\n.e.", ("A", 1, 2), "piece"),
    ("AB.\nAC.\nD.E", ("A", 2, 1), "step"),
    ("A.b\nAcc\n..e", ("A", 2, 1), "line"),
    ("AAb\nAAc\nd..", ("A", 1, 1), "piece"),
    ("AAb\nAAc\nd..", ("A", 1, 1), "step"),
    ("AAbc\nAAde\nf...", ("A", 2, 1), "piece"),
    ("AAbc\nAAde\nf...", ("A", 2, 1), "line"),
]


@pytest.fixture(params=["plain Python", "compiled"])
def searcher(request, monkeypatch) -> str:
    """Each search alone: the plain-Python one, or the compiled one from the start."""
    if request.param == "compiled":
        monkeypatch.setattr(small, "MAX_POSITIONS", 1)
    return request.param


@pytest.mark.parametrize("layout, goal, metric", SMALL)
def test_each_search_matches_a_plain_bfs(tmp_path, searcher, layout, goal, metric):
    """The plain-Python search and the numba kernel, each against solvers.search.bfs over
    the family's Python interface."""
    pid, gx, gy = goal
    rows = "\n".join("        " + r for r in layout.split("\n"))
    puzzle = puzzle_from(tmp_path, f'''
        [puzzle]
        type = "sliding-block"
        layout = """
{rows}
        """
        goal = {{ piece = "{pid}", x = {gx}, y = {gy} }}
        [solve]
        metric = "{metric}"
    ''')
    board = Tables(puzzle)
    start = board.as_int(board.start)
    ref = search.bfs(start, lambda s: ((m, board.apply(s, m)) for m in board.legal_moves(s)),
                     board.is_goal)
    events = solve_events(puzzle)
    end = events[-1]
    layers = search.bfs_depths(start, lambda s: ((m, board.apply(s, m))
                                                 for m in board.legal_moves(s)))
    reachable = sum(len(layer) for layer in layers)
    if ref.status == "solved":
        assert end.status == "solved" and end.moves == len(ref.moves)
        assert check_trace(events) == end.moves
        assert 0 < end.stats["states"] <= reachable
    else:
        assert end.status == "unsolvable"
        assert end.stats["states"] == reachable     # every position, each stored once
    result = analyze(puzzle, SolveOptions())
    assert result["depths"] == [len(layer) for layer in layers]
    assert result["states"] == reachable


def test_state_and_move_text_forms_round_trip():
    board = Tables(with_metric("piece"))
    state = board.as_int(board.start)
    assert board.format_state(state) == "BAAC\nBAAC\nDEEF\nDGHF\nI..J"
    seen = 0
    frontier = [state]
    for _ in range(6):
        nxt = []
        for s in frontier:
            assert board.parse_state(board.format_state(s)) == s
            for m in board.legal_moves(s):
                assert Move.parse(str(m)) == m
                nxt.append(board.apply(s, m))
                seen += 1
        frontier = nxt[:50]
    assert seen > 50


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=1000), min_size=0, max_size=30))
def test_random_walks_stay_legal_and_round_trip(choices):
    board = Tables(with_metric("piece"))
    state = board.as_int(board.start)
    for c in choices:
        moves = list(board.legal_moves(state))
        assert moves, "Hakoiri Musume always has a move"
        state = board.apply(state, moves[c % len(moves)])
        text = board.format_state(state)
        assert sorted(text.replace("\n", "")) == sorted("BAACBAACDEEFDGHFI..J")
        assert board.parse_state(text) == state


def test_unsolvable_is_proved(tmp_path):
    puzzle = puzzle_from(tmp_path, '''
        [puzzle]
        type = "sliding-block"
        layout = """
        A#.
        .#.
        """
        goal = { piece = "A", x = 2, y = 1 }
    ''')
    events = solve_events(puzzle)
    assert events[-1].status == "unsolvable"
    assert events[-1].stats["states"] == 2
    check_trace(events)


@pytest.mark.parametrize("max_states, stored", [(1, 1), (500, 500)])
def test_max_states_stops_with_limit(max_states: int, stored: int) -> None:
    events = solve_events(with_metric("piece"), max_states=max_states)
    assert events[-1].status == "limit"
    assert events[-1].stats["states"] == stored


def test_a_start_that_is_the_goal_is_solved_in_no_moves(tmp_path: Path) -> None:
    """The start is checked against the goal before any search (``kernel.is_goal``)."""
    puzzle = puzzle_from(tmp_path, '''
        [puzzle]
        type = "sliding-block"
        layout = """
        .bAA
        cd..
        """
        goal = [ { piece = "A", x = 2, y = 0 }, { piece = "d", x = 1, y = 1 } ]
    ''')
    events = solve_events(puzzle)
    assert events[-1].status == "solved" and events[-1].moves == 0
    assert events[-1].stats["states"] == 1
    tables = Tables(puzzle)
    kernel = _loaded_kernel(tables)
    a = tables.arrays
    start = tables.as_int(tables.start)
    assert kernel.is_goal(tables.from_int(start), a.goal_word, a.goal_shift, a.goal_label,
                          a.bits)
    # the compiled check agrees with the plain one on every position one move away
    # (some keep the goal, most break it: every goal piece is compared)
    answers = set()
    for move in tables.legal_moves(start):
        moved = tables.apply(start, move)
        want = tables.is_goal(moved)
        answers.add(want)
        assert kernel.is_goal(tables.from_int(moved), a.goal_word, a.goal_shift,
                              a.goal_label, a.bits) == want
    assert answers == {True, False}


def test_position_table_finds_duplicates_and_spreads_positions() -> None:
    """The kernel's open-addressing table: every new position is stored once, a repeated
    one is found (its index returned, nothing stored), and the hash spreads positions so
    that linear probing meets no long runs of occupied slots."""
    from puzzlereel.solvers.sliding_block import kernel

    n, size = 3000, 8192
    keys = np.zeros((n + 1, 2), np.uint64)
    keys[:n, 0] = np.arange(n, dtype=np.uint64) << np.uint64(8)   # packed-label-like rows
    keys[:n, 1] = np.arange(n, dtype=np.uint64) % np.uint64(7)
    table = np.full(size, -1, np.int32)
    assert all(kernel._find_or_insert(keys, table, i) == -1 for i in range(n))
    assert sorted(table[table >= 0].tolist()) == list(range(n))
    keys[n] = keys[1234]
    assert kernel._find_or_insert(keys, table, n) == 1234
    assert all(kernel._find_or_insert(keys, table, i) == i for i in range(0, n, 97))
    assert (table >= 0).sum() == n
    occupied = np.r_[table >= 0, table >= 0]          # the table wraps around
    longest = run = 0
    for used in occupied:
        run = run + 1 if used else 0
        longest = max(longest, run)
    assert longest < 60, longest                      # about 20 with a good hash


def test_expand_stops_before_its_arrays_are_full() -> None:
    """``kernel.expand`` never writes past its arrays: it returns where to resume when
    fewer than ``maxbranch`` rows are left, and the search grows them and goes on."""
    tables = Tables(with_metric("piece"))
    kernel = _loaded_kernel(tables)
    a = tables.arrays
    cap = a.maxbranch + 4
    keys = np.zeros((cap, tables.K), dtype=np.uint64)
    parents = np.full(cap, -1, dtype=np.int32)
    table = np.full(cap * 2, -1, dtype=np.int32)
    keys[0] = tables.start
    n = kernel.insert_start(keys, table)
    n, found, stopped = kernel.expand(keys, parents, table, 0, 1, n, a, True, -1)
    assert (found, stopped) == (-1, -1) and 1 < n <= cap
    hi = n
    n, found, stopped = kernel.expand(keys, parents, table, 1, hi, n, a, True, -1)
    assert found == -1 and 1 <= stopped < hi and n <= cap
    assert n + a.maxbranch > cap                      # it stopped for want of room
    assert all(0 <= parents[i] < i for i in range(1, n))


def test_multiple_goals_target_layouts_alike_groups(tmp_path):
    swap = '''
        [puzzle]
        type = "sliding-block"
        layout = """
        ab.
        """
        {goal}
    '''
    # two pieces must both reach their cells: a to x=1 and b to x=2
    p = puzzle_from(tmp_path, swap.format(goal='goal = [ { piece = "a", x = 1, y = 0 }, '
                                          '{ piece = "b", x = 2, y = 0 } ]'))
    assert solve_events(p)[-1].moves == 2
    # a target layout: the two 1x1 pieces are alike, so ".ba" is reached as ".ab"
    p = puzzle_from(tmp_path, swap.format(goal='target = """\n.ba\n"""'))
    assert solve_events(p)[-1].moves == 2
    # alike groups listed explicitly: a and b are not alike -> the swap is impossible
    p = puzzle_from(tmp_path, swap.format(goal='target = """\n.ba\n"""\nalike = []'))
    assert solve_events(p)[-1].status == "unsolvable"


def test_polyominoes_and_axis_restricted_pieces(tmp_path):
    # an L-tromino must go round a corner; a Rush Hour style car may only move along x
    p = puzzle_from(tmp_path, '''
        [puzzle]
        type = "sliding-block"
        layout = """
        LL..
        L...
        ....
        """
        goal = { piece = "L", x = 2, y = 1 }
    ''')
    events = solve_events(p)
    assert events[-1].moves == 1 and check_trace(events) == 1
    p = puzzle_from(tmp_path, '''
        [puzzle]
        type = "sliding-block"
        layout = """
        ......
        ......
        XX..A.
        ....A.
        ......
        ......
        """
        axis = { X = "x", A = "y" }
        goal = { piece = "X", x = 4, y = 2 }
        exit = { side = "right", offset = 2, length = 1 }
    ''')
    events = solve_events(p)
    assert events[-1].moves == 2
    assert check_trace(events) == 2
    moved = [e.piece for e in events if isinstance(e, BlockMove)]
    assert moved == ["A", "X"]


def test_family_registry_and_plot_series():
    loaded = load_puzzle(CONFIGS / "dads-puzzle.toml")
    result = analysis.analyze(loaded, SolveOptions())
    series = loaded.solver.plot_series(result)
    assert result["states"] == 1398
    assert series is not None and sum(y for _, y in series.points) == result["states"]


def test_memory_budget_stops_with_limit(tmp_path):
    """A space too big for [solve] memory_mb ends as status limit, naming the budget."""
    puzzle = puzzle_from(tmp_path, '''
        [puzzle]
        type = "sliding-block"
        layout = """
        AAbcd
        AAefg
        hijkl
        mnopq
        r..st
        """
        goal = { piece = "A", x = 3, y = 3 }
        alike = []
        [solve]
        memory_mb = 2
    ''')
    with pytest.warns(SpaceWarning, match="far more than the 2 MiB memory budget holds"):
        end = solve_events(puzzle)[-1]
    assert end.status == "limit"
    assert end.stats["limit"] == (f"stopped after {end.stats['states']:,} positions at the "
                                  "2 MiB memory budget; raise --max-memory or --max-states")
    assert end.stats["states"] * end.stats["bytes_per_state"] <= 2 << 20


def test_doc_benchmark_table_is_one_consistent_run() -> None:
    """docs/sliding-block.md's table is benchmarks/sliding_block_bench.py's output
    (``--record``): the known answers, and every ratio its two times divided."""
    doc = (ROOT / "docs" / "sliding-block.md").read_text(encoding="utf-8")
    text = block(doc, "sliding_block_bench")
    assert text.startswith("Run of ")
    (table,) = tables(text)
    assert table[0][:5] == ["puzzle", "moves", "positions", "bytes/pos", "search s"]
    assert [(row[1], row[2]) for row in table[1:]] == [
        ("81", "23,822"), ("98", "28,836"), ("59", "1,118")]
    for row in table[1:]:
        assert ratio_agrees(row[4], row[5], row[6]), row
        assert ratio_agrees(row[7], row[8], row[9]), row
