"""Sliding-tile solver: golden answers (the seed 8-puzzle, Korf instances), every
algorithm against breadth-first distances, heuristics admissible and consistent, the
unsolvable start found by parity without a search, config errors, the pattern-database
cache, and every trace replayed move by move."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlereel.config import ConfigError, load_config
from puzzlereel.rules.sliding_tile import default_goal, neighbours, slide
from puzzlereel.solvers import search
from puzzlereel.solvers.base import SolveOptions
from puzzlereel.solvers.sliding_tile import search as tiles
from puzzlereel.solvers.sliding_tile.config import TilePuzzle, default_groups
from puzzlereel.solvers.sliding_tile.config import load as load_puzzle
from puzzlereel.solvers.sliding_tile.pdb import build_group_table, mirror_symmetric
from puzzlereel.trace import End, Header, TileMove
from tests.fixtures import CONFIGS, ROOT, cli, replayed, write

pytestmark = pytest.mark.usefixtures("pdb_cache")   # pattern databases in a temporary cache

SEED = (8, 6, 7, 2, 5, 4, 3, 0, 1)


KORF = json.loads((ROOT / "benchmarks" / "data" / "korf100.json").read_text())


def puzzle(board: tuple[int, ...], rows: int, cols: int, *, goal: tuple[int, ...] | None = None,
           heuristic: str = "linear-conflict", algorithm: str = "ida*",
           groups: tuple[tuple[int, ...], ...] | None = None) -> TilePuzzle:
    goal = goal or default_goal(rows * cols)
    return TilePuzzle(rows=rows, cols=cols, tiles=board, goal=goal, algorithm=algorithm,
                            heuristic=heuristic,
                            groups=groups or default_groups(rows, cols, goal))


def trace_of(p: TilePuzzle, algorithm: str | None = None) -> list:
    events, summary = replayed(tiles.solve(p, SolveOptions(algorithm=algorithm)))  # replayed
    assert summary.end is not None and summary.end.status == events[-1].status
    return events


def moves_of(events: list) -> list[int]:
    return [e.tile for e in events if isinstance(e, TileMove)]


def exact_distances(rows: int, cols: int, goal: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    p = puzzle(goal, rows, cols, goal=goal)
    layers = search.bfs_depths(goal, p.moves)
    return {s: d for d, layer in enumerate(layers) for s in layer}


@pytest.mark.parametrize("heuristic", ["manhattan", "linear-conflict", "pdb"])
def test_seed_eight_puzzle_has_31_moves_and_40_optimal_solutions(heuristic):
    p = puzzle(SEED, 3, 3, heuristic=heuristic)
    result = tiles.analyze(p, SolveOptions())
    assert result["optimal_moves"] == 31
    assert result["optimal_solutions"] == 40
    assert len(result["solution"]) == 31


def test_farthest_agrees_with_python_bfs_on_2x3():
    p = puzzle((1, 2, 3, 4, 5, 0), 2, 3)
    counts, far = tiles.farthest_positions(p)
    layers = search.bfs_depths(p.goal, p.moves)
    assert counts == [len(layer) for layer in layers]
    assert far == sorted(layers[-1])
    assert sum(counts) == 360  # 6!/2


@pytest.mark.parametrize("algorithm", ["bfs", "bidirectional", "iddfs", "ida*"])
def test_every_algorithm_finds_the_same_optimal_length(algorithm):
    start = (1, 2, 3, 4, 0, 6, 7, 5, 8)
    rng = random.Random(4)
    p0 = puzzle(start, 3, 3)
    board = p0.goal
    for _ in range(60):  # a random walk, so it is solvable; its length is only an upper bound
        board = rng.choice([b for _, b in p0.moves(board)])
    p = puzzle(board, 3, 3)
    want = exact_distances(3, 3, p.goal)[board]
    events = trace_of(p, algorithm)
    assert len(moves_of(events)) == want
    assert events[-1].moves == want


def _korf(ids: list[int]) -> list[dict]:
    return [inst for inst in KORF["instances"] if inst["id"] in ids]


@pytest.mark.parametrize("inst", _korf([12, 42, 79]),
                         ids=lambda i: f"korf{i['id']}")
def test_fast_korf_instances_are_solved_optimally(inst):
    # Korf's goal puts the blank first: use it as given ...
    p = puzzle(tuple(inst["tiles"]), 4, 4, goal=tuple(KORF["goal"]), heuristic="pdb")
    events = trace_of(p)
    assert len(moves_of(events)) == inst["optimal"]
    # ... and under the blank-last goal after the note's 180-degree turn and relabelling
    turned = tuple(16 - t if t else 0 for t in reversed(inst["tiles"]))
    q = puzzle(turned, 4, 4, heuristic="pdb")
    assert len(moves_of(trace_of(q))) == inst["optimal"]


def test_a_2x4_board_with_pdb_matches_bfs():
    rng = random.Random(1)
    dist = exact_distances(2, 4, default_goal(8))
    boards = rng.sample(sorted(dist), 25)
    for b in boards:
        p = puzzle(b, 2, 4, heuristic="pdb", groups=((1, 2, 5, 6), (3, 4, 7)))
        res = tiles.TileSearch(p, "pdb").run(b)
        assert len(res.path) == dist[b]


# ---------------------------------------------------------------- heuristics


HEURISTIC_CASES = [
    ("manhattan", None),
    ("linear-conflict", None),
    ("pdb", ((1, 2, 4), (3, 5))),   # 2x3
    ("pdb", ((1, 4), (2, 5), (3,))),
]


@pytest.mark.parametrize("heuristic, groups", HEURISTIC_CASES)
@pytest.mark.parametrize("blank_first", [False, True])
def test_heuristics_admissible_and_consistent_on_every_2x3_board(heuristic, groups,
                                                                 blank_first):
    goal = default_goal(6, blank_first=blank_first)
    if blank_first and groups:
        groups = tuple(tuple(t for t in g) for g in groups)
    dist = exact_distances(2, 3, goal)
    p = puzzle(goal, 2, 3, goal=goal, heuristic=heuristic, groups=groups)
    ts = tiles.TileSearch(p, heuristic)
    for board, d in dist.items():
        h = ts.h(board)
        assert 0 <= h <= d, (board, h, d)
        for _, nb in p.moves(board):
            assert abs(ts.h(nb) - h) <= 1, (board, nb)
    assert ts.h(goal) == 0


EIGHT = exact_distances(3, 3, default_goal(9))


EIGHT_BOARDS = sorted(EIGHT)


EIGHT_TS = {}


def _eight_ts(heuristic: str) -> tiles.TileSearch:
    if heuristic not in EIGHT_TS:
        groups = ((1, 2, 3, 4), (5, 6, 7, 8)) if heuristic == "pdb" else None  # mirrored too
        p = puzzle(default_goal(9), 3, 3, heuristic=heuristic, groups=groups)
        EIGHT_TS[heuristic] = tiles.TileSearch(p, heuristic)
    return EIGHT_TS[heuristic]


@settings(max_examples=300, deadline=None)
@given(i=st.integers(0, len(EIGHT_BOARDS) - 1),
       heuristic=st.sampled_from(["manhattan", "linear-conflict", "pdb"]))
def test_heuristics_admissible_and_consistent_on_8_puzzle_boards(i, heuristic):
    board = EIGHT_BOARDS[i]
    ts = _eight_ts(heuristic)
    h = ts.h(board)
    assert h <= EIGHT[board]
    p = ts.puzzle
    for _, nb in p.moves(board):
        assert abs(ts.h(nb) - h) <= 1
    # h never falls below plain Manhattan (pdb, linear conflict dominate it)
    assert h >= _eight_ts("manhattan").h(board)


@settings(max_examples=60, deadline=None)
@given(st.permutations(list(range(9))))
def test_ida_star_is_optimal_on_random_8_puzzles(perm):
    board = tuple(perm)
    p = puzzle(board, 3, 3)
    if not p.solvable():
        assert board not in EIGHT
        return
    res = tiles.TileSearch(p, "linear-conflict").run(board)
    assert len(res.path) == EIGHT[board]
    b = board
    for t in res.path:
        b = slide(b, t, 3)
    assert b == p.goal


# ---------------------------------------------------------------- unsolvable starts


def test_unsolvable_start_is_reported_without_search_and_exit_3(tmp_path):
    p = puzzle((1, 2, 3, 4, 5, 6, 8, 7, 0), 3, 3)
    events = trace_of(p)
    assert isinstance(events[0], Header)
    end = events[-1]
    assert isinstance(end, End) and end.status == "unsolvable" and "parity" in end.stats["reason"]
    assert not moves_of(events)
    cfg = write(tmp_path, "p.toml",
                '[puzzle]\ntype = "sliding-tile"\ntiles = [1,2,3,4,5,6,8,7,0]\n')
    res = cli("solve", cfg, "-o", tmp_path / "t.jsonl")
    assert res.exit_code == 3
    assert "no solution" in res.stderr and "parity" in res.stderr
    assert tiles.analyze(p, SolveOptions())["optimal_solutions"] == 0


def test_korf_instance_against_the_wrong_goal_is_unsolvable():
    inst = KORF["instances"][0]
    assert not puzzle(tuple(inst["tiles"]), 4, 4).solvable()
    assert puzzle(tuple(inst["tiles"]), 4, 4, goal=tuple(KORF["goal"])).solvable()


# ---------------------------------------------------------------- configs


def test_shipped_configs_load_and_small_ones_solve(tmp_path):
    found = sorted(CONFIGS.glob("*.toml"))
    kinds = []
    for path in found:
        cfg = load_config(path)
        if cfg.puzzle_type != "sliding-tile":
            continue
        p = load_puzzle(cfg)
        kinds.append((p.rows, p.cols))
        assert p.solvable()
        if p.cells <= 12:
            events = trace_of(p)
            assert events[-1].status == "solved"
    assert (3, 3) in kinds and (4, 4) in kinds and any(r * c in (6, 12) for r, c in kinds)


def test_goal_conventions_and_rectangular_boards(tmp_path):
    cfg = load_config(write(tmp_path, "p.toml", '[puzzle]\ntype = "sliding-tile"\n'
                            'tiles = [0,1,2,3,4,5]\ncols = 3\ngoal = "blank-first"\n'))
    p = load_puzzle(cfg)
    assert (p.rows, p.cols, p.goal) == (2, 3, (0, 1, 2, 3, 4, 5))
    cfg = load_config(write(tmp_path, "p.toml", '[puzzle]\ntype = "sliding-tile"\n'
                            'tiles = [4,1,2,5,0,3]\nrows = 2\n'))
    p = load_puzzle(cfg)
    assert (p.cols, p.goal) == (3, (1, 2, 3, 4, 5, 0))
    assert len(moves_of(trace_of(p))) == exact_distances(2, 3, p.goal)[p.tiles]


@pytest.mark.parametrize("body, fragments", [
    ('tiles = [1,2,3,4,5,6,7,8]\n', ["line 3", "puzzle.tiles", "not a square"]),
    ('tiles = [1,2,3,4,5,6,7,8,8]\n', ["line 3", "puzzle.tiles", "repeated 8", "missing 0"]),
    ('tiles = [1,2,3,4,5,6,7,8,0]\nrows = 4\n', ["line 4", "puzzle.rows", "do not fill"]),
    ('tiles = [1,2,3,0]\nrows = 1\n', ["puzzle.rows", "at least 2"]),
    ('tiles = [1,2,3,4,5,6,7,8,0]\ngoal = [1,2,3]\n', ["line 4", "puzzle.goal", "3 tiles"]),
    ('tiles = [1,2,3,4,5,6,7,8,0]\ngoal = "blank-middle"\n', ["puzzle.goal", "blank-first"]),
    ('tiles = [1,2,"3",4,5,6,7,8,0]\n', ["puzzle.tiles", "list of integers"]),
    ('tiles = [1,2,3,4,5,6,7,8,0]\n[solve]\nalgorithm = "dfs"\n',
     ["line 5", "solve.algorithm", "'dfs' is not one of"]),
    ('tiles = [1,2,3,4,5,6,7,8,0]\n[solve]\nheuristic = "hamming"\n',
     ["solve.heuristic", "'hamming'"]),
    ('tiles = [1,2,3,4,5,6,7,8,0]\n[solve]\npdb = "4-3"\n', ["solve.pdb", "covers 7 tiles"]),
    ('tiles = [1,2,3,4,5,6,7,8,0]\n[solve]\npdb = [[1,2],[3,4]]\n',
     ["solve.pdb", "exactly once"]),
])
def test_bad_configs_get_one_line_naming_file_line_field(tmp_path, body, fragments):
    path = write(tmp_path, "p.toml", '[puzzle]\ntype = "sliding-tile"\n' + body)
    with pytest.raises(ConfigError) as info:
        load_puzzle(load_config(path))
    msg = str(info.value)
    for frag in fragments:
        assert frag in msg, msg
    res = cli("solve", path)
    assert res.exit_code == 1
    assert len(res.stderr.strip().splitlines()) == 1 and "Traceback" not in res.stderr
    assert str(path) in res.stderr


# ---------------------------------------------------------------- pattern database cache


def test_pattern_databases_are_cached_and_reported(pdb_cache):
    p = puzzle((5, 1, 3, 4, 9, 2, 7, 8, 6, 10, 0, 11), 3, 4, heuristic="pdb",
               groups=((1, 2, 5, 6, 9), (3, 4, 7, 8), (10, 11)))
    assert p.solvable()
    events = trace_of(p)
    stats = events[-1].stats
    assert stats["pdb"] == "5-4-2" and stats["pdb_bytes"] == 12**5 + 12**4 + 12**2
    files = list(pdb_cache.glob("pdb/tiles-pdb-3x4-*.npy"))
    assert len(files) >= 3
    again = trace_of(p)
    assert again[-1].stats["pdb_built"] == 0
    assert any("loaded" in e.text for e in again if e.type == "note")
    # a damaged cache file is rebuilt, not trusted
    for f in files:
        f.write_bytes(b"junk")
    third = trace_of(p)
    assert third[-1].stats["pdb_built"] == 3 and moves_of(third) == moves_of(events)


# ---------------------------------------------------------------- counts against BFS


def _count_shortest(board: tuple[int, ...], dist: dict, p: TilePuzzle,
                    memo: dict) -> int:
    """Shortest paths to the goal, counted from exact BFS distances (independent of IDA*)."""
    if dist[board] == 0:
        return 1
    if board not in memo:
        memo[board] = sum(_count_shortest(nb, dist, p, memo) for _, nb in p.moves(board)
                          if dist[nb] == dist[board] - 1)
    return memo[board]


def test_optimal_solution_counts_agree_with_breadth_first_counting():
    p = puzzle(SEED, 3, 3)
    memo: dict = {}
    assert _count_shortest(SEED, EIGHT, p, memo) == 40
    rng = random.Random(7)
    for board in rng.sample(EIGHT_BOARDS, 12):
        q = puzzle(board, 3, 3)
        got = tiles.analyze(q, SolveOptions())
        assert got["optimal_moves"] == EIGHT[board]
        assert got["optimal_solutions"] == _count_shortest(board, EIGHT, q, memo)
    dist6 = exact_distances(2, 3, default_goal(6))
    memo6: dict = {}
    for board in sorted(dist6)[::7]:
        q = puzzle(board, 2, 3, heuristic="manhattan")
        assert tiles.analyze(q, SolveOptions())["optimal_solutions"] == \
            _count_shortest(board, dist6, q, memo6)


def test_mirrored_pattern_database_lookups_raise_h_and_stay_admissible():
    # groups that are not their own mirror images (a symmetric split gains nothing)
    p = puzzle(default_goal(9), 3, 3, heuristic="pdb", groups=((1, 2, 3, 4), (5, 6, 7, 8)))
    both = tiles.TileSearch(p, "pdb")
    plain = tiles.TileSearch(p, "pdb")
    plain.mirror = False
    assert both.mirror
    rng = random.Random(3)
    higher = 0
    for board in rng.sample(EIGHT_BOARDS, 3000):
        hb, hp = both.h(board), plain.h(board)
        assert hp <= hb <= EIGHT[board]
        higher += hb > hp
        for _, nb in p.moves(board):
            assert abs(both.h(nb) - hb) <= 1
    assert higher > 0
    assert mirror_symmetric(tuple(range(1, 9)) + (0,), 3, 3)
    assert not mirror_symmetric((1, 2, 0, 3, 4, 5, 6, 7, 8), 3, 3)
    assert not mirror_symmetric((1, 2, 3, 4, 5, 0), 2, 3)


def test_pattern_table_matches_a_breadth_first_search_of_the_pattern_space():
    rows, cols, cells = 2, 4, (0, 5, 3)   # three tiles whose goal cells are 0, 5 and 3
    n = rows * cols
    table = build_group_table(rows, cols, cells)
    start = cells
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for placement in frontier:
            for j, cell in enumerate(placement):
                for q in neighbours(cell, rows, cols):
                    if q in placement:
                        continue
                    moved = placement[:j] + (q,) + placement[j + 1:]
                    if moved not in dist:
                        dist[moved] = dist[placement] + 1
                        nxt.append(moved)
        frontier = nxt
    assert len(dist) == n * (n - 1) * (n - 2)
    for placement, d in dist.items():
        assert table[placement[0] * n * n + placement[1] * n + placement[2]] == d
    assert int((table != 255).sum()) == len(dist)
