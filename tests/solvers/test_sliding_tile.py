"""Sliding-tile solver: golden answers (the seed 8-puzzle, Korf instances), every
algorithm against breadth-first distances, heuristics admissible (and consistent where
they should be), pattern tables equal to breadth-first distances in their abstract
puzzle, the unsolvable start found by parity without a search, config errors, the
default partitions, the pattern-database cache (damaged files caught and rebuilt), the
time statistics, and every trace replayed move by move.  No test builds the 15-puzzle's
7-8 tables: 4x4 searches use 6-6-3, and the 7-8 choice is checked without its tables."""

from __future__ import annotations

import functools
import json
import math
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlereel.ground.cache import CacheWarning
from puzzlereel.ground.config import ConfigError, load_config
from puzzlereel.rules.sliding_tile import default_goal, neighbours, slide
from puzzlereel.solvers import search
from puzzlereel.solvers.base import SolveOptions
from puzzlereel.solvers.sliding_tile import ida, pdb
from puzzlereel.solvers.sliding_tile import kernel as tile_kernel
from puzzlereel.solvers.sliding_tile import search as tiles
from puzzlereel.solvers.sliding_tile.config import TilePuzzle, default_groups, group_spec
from puzzlereel.solvers.sliding_tile.config import load as load_puzzle
from puzzlereel.solvers.sliding_tile.pdb import DamagedTableWarning, Pattern, build_group_table
from puzzlereel.solvers.sliding_tile.pdb_lookup import mirror_symmetric
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
    # with the small-memory 6-6-3 tables (the default 7-8 ones take a minute to build).
    # Korf's goal puts the blank first: use it as given ...
    goal = tuple(KORF["goal"])
    p = puzzle(tuple(inst["tiles"]), 4, 4, goal=goal, heuristic="pdb",
               groups=group_spec("6-6-3", 4, 4, goal))
    events = trace_of(p)
    assert len(moves_of(events)) == inst["optimal"]
    assert events[-1].stats["pdb"] == "6-6-3" and events[-1].stats["pdb_mirror"]
    # ... and under the blank-last goal after the note's 180-degree turn and relabelling
    turned = tuple(16 - t if t else 0 for t in reversed(inst["tiles"]))
    q = puzzle(turned, 4, 4, heuristic="pdb", groups=group_spec("6-6-3", 4, 4, default_goal(16)))
    assert len(moves_of(trace_of(q))) == inst["optimal"]


def test_a_2x4_board_with_pdb_matches_bfs():
    rng = random.Random(1)
    dist = exact_distances(2, 4, default_goal(8))
    boards = rng.sample(sorted(dist), 25)
    for b in boards:
        p = puzzle(b, 2, 4, heuristic="pdb", groups=((1, 2, 5, 6), (3, 4, 7)))
        res = ida.TileSearch(p, "pdb").run(b)
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
def test_heuristics_admissible_on_every_2x3_board(heuristic, groups, blank_first):
    goal = default_goal(6, blank_first=blank_first)
    dist = exact_distances(2, 3, goal)
    p = puzzle(goal, 2, 3, goal=goal, heuristic=heuristic, groups=groups)
    ts = ida.TileSearch(p, heuristic)
    for board, d in dist.items():
        h = ts.h(board)
        assert 0 <= h <= d, (board, h, d)
        if heuristic != "pdb":
            # Manhattan and linear conflicts are consistent; the pattern tables are not
            # (a move that puts the blank in another region can drop an entry by more
            # than one), which IDA* does not need
            for _, nb in p.moves(board):
                assert abs(ts.h(nb) - h) <= 1, (board, nb)
    assert ts.h(goal) == 0


def pattern_distances(rows: int, cols: int, goal: tuple[int, ...],
                      group: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    """An independent reference for one additive pattern table: the fewest moves *of the
    group's tiles* that bring them home, the other tiles being indistinguishable (moving
    one is free), for every placement of the group (cells of its tiles, in group order).
    0-1 breadth-first search backwards from the goal over (placement, blank cell)."""
    from collections import deque

    home = tuple(goal.index(t) for t in group)
    start = (home, goal.index(0))
    best: dict[tuple[tuple[int, ...], int], int] = {start: 0}
    queue: deque[tuple[tuple[int, ...], int]] = deque([start])
    while queue:
        state = queue.popleft()
        cells, blank = state
        d = best[state]
        for nb in neighbours(blank, rows, cols):
            if nb in cells:
                k = cells.index(nb)
                nxt = (cells[:k] + (blank,) + cells[k + 1:], nb)
                cost = 1
            else:
                nxt, cost = (cells, nb), 0
            if nxt not in best or d + cost < best[nxt]:
                best[nxt] = d + cost
                (queue.appendleft if cost == 0 else queue.append)(nxt)
    out: dict[tuple[int, ...], int] = {}
    for (cells, _), d in best.items():
        out[cells] = min(d, out.get(cells, d))
    return out


@pytest.mark.parametrize("groups", [g for h, g in HEURISTIC_CASES if h == "pdb"])
@pytest.mark.parametrize("blank_first", [False, True])
def test_pattern_tables_hold_exactly_the_pattern_distances(groups, blank_first):
    # admissibility alone lets a wrong table through (an entry read from the wrong place
    # is still small on a 2x3 board): compare every board's value with the sum of the
    # groups' distances computed here independently
    goal = default_goal(6, blank_first=blank_first)
    p = puzzle(goal, 2, 3, goal=goal, heuristic="pdb", groups=groups)
    ts = ida.TileSearch(p, "pdb")
    tables = [pattern_distances(2, 3, goal, g) for g in groups]
    for board in exact_distances(2, 3, goal):
        want = sum(t[tuple(board.index(x) for x in g)] for t, g in zip(tables, groups))
        assert ts.h(board) == want, (board, groups)


@functools.cache
def eight() -> dict[tuple[int, ...], int]:
    """Every reachable 8-puzzle board with its exact distance to the goal, searched
    when a test first asks (not while the suite is collected)."""
    distances = exact_distances(3, 3, default_goal(9))
    assert len(distances) == EIGHT_COUNT
    return distances


@functools.cache
def eight_boards() -> list[tuple[int, ...]]:
    return sorted(eight())


EIGHT_COUNT = math.factorial(9) // 2     # half of all placings can be reached


EIGHT_TS = {}


def _eight_ts(heuristic: str) -> ida.TileSearch:
    if heuristic not in EIGHT_TS:
        groups = ((1, 2, 3, 4), (5, 6, 7, 8)) if heuristic == "pdb" else None  # mirrored too
        p = puzzle(default_goal(9), 3, 3, heuristic=heuristic, groups=groups)
        EIGHT_TS[heuristic] = ida.TileSearch(p, heuristic)
    return EIGHT_TS[heuristic]


@settings(max_examples=300, deadline=None)
@given(i=st.integers(0, EIGHT_COUNT - 1),
       heuristic=st.sampled_from(["manhattan", "linear-conflict", "pdb"]))
def test_heuristics_admissible_on_8_puzzle_boards(i, heuristic):
    board = eight_boards()[i]
    ts = _eight_ts(heuristic)
    h = ts.h(board)
    assert h <= eight()[board]
    p = ts.puzzle
    if heuristic != "pdb":
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
        assert board not in eight()
        return
    res = ida.TileSearch(p, "linear-conflict").run(board)
    assert len(res.path) == eight()[board]
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


ELEVEN = ((5, 1, 3, 4, 9, 2, 7, 8, 6, 10, 0, 11), ((1, 2, 5, 6, 9), (3, 4, 7, 8), (10, 11)))


@pytest.fixture
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder of this test's own (the module's one keeps what others built)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("PUZZLEREEL_CACHE", str(folder))
    return folder


def test_pattern_databases_are_cached_and_reported(fresh_cache):
    pdb_cache = fresh_cache
    board, groups = ELEVEN
    p = puzzle(board, 3, 4, heuristic="pdb", groups=groups)
    assert p.solvable()
    events = trace_of(p)
    stats = events[-1].stats
    # 4-bit entries, one for each placement of a group's tiles: 12!/7!, 12!/8!, 12!/10!
    assert stats["pdb"] == "5-4-2" and stats["pdb_bytes"] == 95040 // 2 + 11880 // 2 + 132 // 2
    assert stats["pdb_built"] == 3
    files = sorted(pdb_cache.glob("pdb/tiles-pdb2-3x4-*.pdb"))
    assert len(files) == 3
    assert not list(pdb_cache.glob("pdb/.*"))      # no temporary file left behind
    again = trace_of(p)
    assert again[-1].stats["pdb_built"] == 0
    assert any("loaded" in e.text for e in again if e.type == "note")
    assert moves_of(again) == moves_of(events)


def _damage_truncate(path):
    path.write_bytes(path.read_bytes()[:-100])


def _damage_flip(path):
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x10
    path.write_bytes(bytes(data))


def _damage_header(path):
    data = path.read_bytes()
    path.write_bytes(data.replace(b'"rows":3', b'"rows":4', 1))


def _damage_junk(path):
    path.write_bytes(b"junk")


# the 3x4 puzzle of ELEVEN with its pattern databases, as a config
ELEVEN_TOML = ('[puzzle]\ntype = "sliding-tile"\nrows = 3\n'
               'tiles = [5,1,3,4,9,2,7,8,6,10,0,11]\n[solve]\n'
               'pdb = [[1,2,5,6,9],[3,4,7,8],[10,11]]\n')


def _solved_once(cache):
    """The ELEVEN puzzle with its tables, solved once (the tables built into ``cache``):
    the puzzle, its trace and the first table's file."""
    board, groups = ELEVEN
    p = puzzle(board, 3, 4, heuristic="pdb", groups=groups)
    first = trace_of(p)
    return p, first, cache / "pdb" / pdb.patterns_of(p)[0].file_name


@pytest.mark.parametrize("damage, why", [
    (_damage_truncate, "bytes where"),
    (_damage_flip, "checksum does not match"),
    (_damage_header, "header is for another table"),
    (_damage_junk, "not a pattern database file"),
])
def test_a_damaged_table_is_reported_in_one_warning_and_rebuilt(fresh_cache, damage, why):
    p, first, path = _solved_once(fresh_cache)
    good = path.read_bytes()
    damage(path)
    with pytest.warns(DamagedTableWarning) as caught:
        again = trace_of(p)
    assert len(caught) == 1
    message = str(caught[0].message)
    assert "\n" not in message and str(path) in message and why in message, message
    assert again[-1].stats["pdb_built"] == 1 and moves_of(again) == moves_of(first)
    assert path.read_bytes() == good                     # rebuilt byte for byte
    third = trace_of(p)                                  # and trusted again, silently
    assert third[-1].stats["pdb_built"] == 0


def _in_place_folder(path):
    path.mkdir()
    (path / "kept.txt").write_text("someone's")


def _in_place_link_to_a_device(path):
    path.symlink_to("/dev/zero")


@pytest.mark.parametrize("replace, what", [
    (_in_place_folder, "a folder, not a file"),
    (_in_place_link_to_a_device, "a symbolic link, not a file"),
])
def test_an_entry_that_is_no_file_is_set_aside_and_the_table_built(fresh_cache, replace, what):
    p, first, path = _solved_once(fresh_cache)
    good = path.read_bytes()
    path.unlink()
    replace(path)
    with pytest.warns(DamagedTableWarning) as caught:
        again = trace_of(p)
    (message,) = [str(w.message) for w in caught]
    assert str(path) in message and what in message, message
    assert again[-1].stats["pdb_built"] == 1 and moves_of(again) == moves_of(first)
    assert path.is_file() and not path.is_symlink() and path.read_bytes() == good
    kept = [q for q in path.parent.iterdir() if (q / "kept.txt").exists()]
    assert [q.name.startswith(path.name + ".set-aside-") for q in kept] == (
        [True] if replace is _in_place_folder else [])


def test_a_named_pipe_in_place_of_a_table_is_set_aside_never_opened(tmp_path, fresh_cache):
    cfg = write(tmp_path, "p.toml", ELEVEN_TOML)
    board, groups = ELEVEN
    path = fresh_cache / "pdb" / pdb.patterns_of(puzzle(board, 3, 4, groups=groups))[0].file_name
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    command = [sys.executable, "-m", "puzzlereel", "--progress", "none", "solve", str(cfg),
               "-o", str(tmp_path / "t.jsonl")]
    # the timeout only guards the suite: opening the pipe for reading would wait forever
    res = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert res.returncode == 0, res.stderr
    line, summary = res.stderr.splitlines()
    assert summary.startswith(f"{tmp_path / 't.jsonl'}: ")      # solve -o FILE's last line
    assert line.startswith("puzzlereel: warning: pattern database ") and str(path) in line
    assert "a named pipe, not a file" in line and line.endswith("; building it again")
    assert path.is_file() and path.stat().st_size > pdb.patterns_of(
        puzzle(board, 3, 4, groups=groups))[0].nbytes


def test_the_cli_reports_a_damaged_table_in_one_line(tmp_path, fresh_cache):
    cfg = write(tmp_path, "p.toml", ELEVEN_TOML)
    # the real command (its warnings reach stderr as one line; no progress lines, which a
    # busy machine's slower run would print), with this test's cache
    # and the compiled code already cached by this process (NUMBA_CACHE_DIR is inherited)
    command = [sys.executable, "-m", "puzzlereel", "--progress", "none", "solve", str(cfg),
               "-o"]
    first = subprocess.run(command + [str(tmp_path / "a.jsonl")], capture_output=True,
                           text=True, cwd=ROOT)
    assert first.returncode == 0, first.stderr
    board, groups = ELEVEN
    _damage_truncate(fresh_cache / "pdb" / pdb.patterns_of(puzzle(board, 3, 4,
                                                                   groups=groups))[0].file_name)
    res = subprocess.run(command + [str(tmp_path / "b.jsonl")], capture_output=True,
                         text=True, cwd=ROOT)
    assert res.returncode == 0, res.stderr
    *lines, summary = res.stderr.splitlines()
    assert summary.startswith(f"{tmp_path / 'b.jsonl'}: ")      # solve -o FILE's last line
    assert len(lines) == 1 and lines[0].startswith("puzzlereel: warning: pattern database "), lines
    assert "is damaged (" in lines[0] and lines[0].endswith("; building it again")
    moves = [[line for line in (tmp_path / name).read_text().splitlines() if '"move"' in line]
             for name in ("a.jsonl", "b.jsonl")]
    assert moves[0] and moves[0] == moves[1]


def test_an_unwritable_cache_still_solves_with_tables_kept_in_memory(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PUZZLEREEL_CACHE", str(blocker / "cache"))
    board, groups = ELEVEN
    with pytest.warns(CacheWarning, match="cannot be written"):
        events = trace_of(puzzle(board, 3, 4, heuristic="pdb", groups=groups))
    assert events[-1].status == "solved" and events[-1].stats["pdb_built"] == 3
    assert any("not cached" in e.text for e in events if e.type == "note")


def test_building_reports_progress_with_the_time_left(fresh_cache):
    seen = []

    def progress(label, done, total):
        seen.append((label, done, total))

    board, groups = ELEVEN
    p = puzzle(board, 3, 4, heuristic="pdb", groups=groups)
    ida.TileSearch(p, "pdb", progress)
    assert seen and all(total is not None and 0 < done <= total for _, done, total in seen)
    assert seen[-1][1] == seen[-1][2]
    assert all(label.startswith("building pattern databases 5-4-2") for label, _, _ in seen)
    assert any(", about " in label and " left (table " in label for label, _, _ in seen)


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
    assert _count_shortest(SEED, eight(), p, memo) == 40
    rng = random.Random(7)
    for board in rng.sample(eight_boards(), 12):
        q = puzzle(board, 3, 3)
        got = tiles.analyze(q, SolveOptions())
        assert got["optimal_moves"] == eight()[board]
        assert got["optimal_solutions"] == _count_shortest(board, eight(), q, memo)
    dist6 = exact_distances(2, 3, default_goal(6))
    memo6: dict = {}
    for board in sorted(dist6)[::7]:
        q = puzzle(board, 2, 3, heuristic="manhattan")
        assert tiles.analyze(q, SolveOptions())["optimal_solutions"] == \
            _count_shortest(board, dist6, q, memo6)
    # the pattern tables are not consistent: the count must not depend on that
    for groups in (((1, 2, 3, 4), (5, 6, 7, 8)), ((1, 2, 3), (4, 5, 6, 7, 8))):
        for board in rng.sample(eight_boards(), 20):
            q = puzzle(board, 3, 3, heuristic="pdb", groups=groups)
            got = tiles.analyze(q, SolveOptions())
            assert got["optimal_moves"] == eight()[board]
            assert got["optimal_solutions"] == _count_shortest(board, eight(), q, memo)


def test_mirrored_pattern_database_lookups_raise_h_and_stay_admissible():
    # groups that are not their own mirror images (a symmetric split gains nothing)
    p = puzzle(default_goal(9), 3, 3, heuristic="pdb", groups=((1, 2, 3, 4), (5, 6, 7, 8)))
    both = ida.TileSearch(p, "pdb")
    plain = ida.TileSearch(p, "pdb")
    plain.mirror = False
    assert both.mirror
    rng = random.Random(3)
    higher = 0
    for board in rng.sample(eight_boards(), 3000):
        hb, hp = both.h(board), plain.h(board)
        assert hp <= hb <= eight()[board]
        higher += hb > hp
    assert higher > 0
    assert mirror_symmetric(tuple(range(1, 9)) + (0,), 3, 3)
    assert not mirror_symmetric((1, 2, 0, 3, 4, 5, 6, 7, 8), 3, 3)
    assert not mirror_symmetric((1, 2, 3, 4, 5, 0), 2, 3)


# ---------------------------------------------------------------- the tables themselves


def _neighbours(cell: int, rows: int, cols: int) -> list[int]:
    return list(neighbours(cell, rows, cols))


def _region(free: frozenset[int], cell: int, rows: int, cols: int) -> frozenset[int]:
    seen = {cell}
    todo = [cell]
    while todo:
        for q in _neighbours(todo.pop(), rows, cols):
            if q in free and q not in seen:
                seen.add(q)
                todo.append(q)
    return frozenset(seen)


def abstract_distances(rows: int, cols: int, cells: tuple[int, ...], blank: int
                       ) -> dict[tuple[int, ...], int]:
    """The truth a table must hold, by a plain breadth-first search written apart from
    the compiled one: states are (cells of the pattern's tiles, the blank's region); a
    move slides a pattern tile into a cell of that region next to it (cost 1); the
    blank's wandering through free cells costs nothing.  Returns, for every placement,
    its fewest moves over all the blank's regions."""
    everything = frozenset(range(rows * cols))

    def state(placement: tuple[int, ...], blank_cell: int) -> tuple:
        return placement, min(_region(everything - set(placement), blank_cell, rows, cols))

    start = state(cells, blank)
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for placement, rep in frontier:
            region = _region(everything - set(placement), rep, rows, cols)
            for j, p in enumerate(placement):
                for q in _neighbours(p, rows, cols):
                    if q in region:
                        moved = state(placement[:j] + (q,) + placement[j + 1:], p)
                        if moved not in dist:
                            dist[moved] = dist[(placement, rep)] + 1
                            nxt.append(moved)
        frontier = nxt
    best: dict[tuple[int, ...], int] = {}
    for (placement, _), d in dist.items():
        best[placement] = min(best.get(placement, d), d)
    return best


def _entry(table, pattern: Pattern, placement: tuple[int, ...]) -> int:
    """A placement's distance read from a table the way the search reads it."""
    n, k = pattern.n, pattern.k
    board = np.zeros(n, np.int64)
    for j, cell in enumerate(placement):
        board[cell] = j + 1
    loc = np.zeros(k + 1, np.int64)
    loc[1:] = np.arange(k)
    mask = sum(1 << c for c in placement)
    i = tile_kernel.placement_index(mask, board, np.arange(n, dtype=np.int64), loc, k,
                           math.factorial(k), n, pdb.binomials(n, k), pdb.popcounts())
    v = (int(table[i >> 1]) >> (4 * (i & 1))) & 15
    md = sum(abs(c // pattern.cols - g // pattern.cols) + abs(c % pattern.cols - g % pattern.cols)
             for c, g in zip(placement, pattern.cells, strict=True))
    return md + 2 * v


@pytest.mark.parametrize("rows, cols, cells, blank", [
    (2, 4, (0, 5, 3), 7),
    (3, 3, (0, 1, 2, 3), 8),           # the 8-puzzle's top row and a bit: the blank apart
    (3, 3, (4, 5, 6, 7), 8),           # next to the blank
    (3, 3, (1, 2, 3), 0),              # Korf's goal convention, blank first
    (2, 3, (0, 1, 2, 3, 4), 5),        # every tile: the exact distances of the 5-puzzle
])
def test_pattern_table_holds_exact_abstract_distances(rows, cols, cells, blank):
    pattern = Pattern(rows, cols, cells, blank)
    table = build_group_table(pattern)
    truth = abstract_distances(rows, cols, cells, blank)
    for placement, d in truth.items():
        assert _entry(table, pattern, placement) == d, placement
    if len(cells) < rows * cols - 1:
        assert len(truth) == pattern.entries    # every placement is reachable


def test_the_15_puzzle_construction_is_admissible_on_every_8_puzzle_board():
    # the 3x3 analogue of 7-8 with reflection: the top row against the two rows holding
    # the blank's goal cell, tables looked up for the board and its mirror image, h
    # compared with the exact distance of all 181,440 boards; then the same split turned
    # a quarter (the columns)
    boards = np.array(eight_boards(), np.int64)
    exact = np.array([eight()[b] for b in eight_boards()])
    md = _eight_ts("manhattan").h_all(boards)
    for groups in (((1, 2, 3), (4, 5, 6, 7, 8)), ((1, 4, 7), (2, 3, 5, 6, 8))):
        p = puzzle(default_goal(9), 3, 3, heuristic="pdb", groups=groups)
        ts = ida.TileSearch(p, "pdb")
        assert ts.mirror
        h = ts.h_all(boards)
        bad = np.flatnonzero((h > exact) | (h < md))
        assert bad.size == 0, [(eight_boards()[i], int(h[i]), int(exact[i])) for i in bad[:5]]
        assert (h > md).sum() > len(boards) // 2
        assert all(h[i] == ts.h(eight_boards()[i]) for i in range(0, len(boards), 9973))


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_pdb_ida_star_is_optimal_on_random_3x4_boards(rng):
    # the 3x4 analogue (the default 6-5 split, two tables) against IDA* with linear
    # conflicts, whose optimality the 8-puzzle tests check against breadth-first truth
    goal = default_goal(12)
    board = goal
    p0 = puzzle(goal, 3, 4)
    for _ in range(rng.randrange(10, 60)):
        board = rng.choice([b for _, b in p0.moves(board)])
    q = puzzle(board, 3, 4, heuristic="pdb")
    ts = _eleven_ts()
    res = ts.run(board)
    lc = ida.TileSearch(puzzle(board, 3, 4, heuristic="linear-conflict"), "linear-conflict")
    want = len(lc.run(board).path)
    assert len(res.path) == want and ts.h(board) <= want
    b = board
    for t in res.path:
        b = slide(b, t, 4)
    assert b == q.goal


_ELEVEN_TS: list[ida.TileSearch] = []


def _eleven_ts() -> ida.TileSearch:
    if not _ELEVEN_TS:
        _ELEVEN_TS.append(ida.TileSearch(puzzle(default_goal(12), 3, 4, heuristic="pdb"),
                                           "pdb"))
    return _ELEVEN_TS[0]


# ---------------------------------------------------------------- default partitions


def _fake_tables(puzzle, progress):
    """Zero tables of the right sizes, so that a 4x4 or 5x5 search can be set up without
    building the large ones (the bound is then plain Manhattan)."""
    patterns = pdb.patterns_of(puzzle)
    offsets = np.cumsum([0] + [p.nbytes for p in patterns[:-1]]).astype(np.int64)
    flat = np.zeros(sum(p.nbytes for p in patterns), np.uint8)
    return flat, offsets, pdb.PdbInfo(puzzle.pdb_name, bytes=int(flat.nbytes))


def test_the_15_puzzle_defaults_to_7_8_tables_with_reflection(tmp_path, monkeypatch):
    cfg = write(tmp_path, "p.toml", '[puzzle]\ntype = "sliding-tile"\n'
                'tiles = [1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15]\n')
    p = load_puzzle(load_config(cfg))
    assert (p.heuristic, p.pdb_name) == ("pdb", "7-8")
    # blank last: the two bottom rows but the blank (7 tiles), the two top rows (8)
    assert p.groups == ((9, 10, 11, 12, 13, 14, 15), (1, 2, 3, 4, 5, 6, 7, 8))
    korf = group_spec("7-8", 4, 4, tuple(KORF["goal"]))
    assert korf == ((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 13, 14, 15))
    sizes = [Pattern(4, 4, tuple(range(k)), 15).nbytes for k in (7, 8)]
    assert sizes == [28_828_800, 259_459_200] and sum(sizes) < 2**30
    monkeypatch.setattr(ida, "load_tables", _fake_tables)
    events = trace_of(p)
    stats = events[-1].stats
    assert stats["pdb"] == "7-8" and stats["pdb_mirror"] is True
    assert events[0].solver["pdb"] == "7-8" and len(moves_of(events)) == 1


def test_6_6_3_stays_selectable_and_the_24_puzzle_defaults_to_6_6_6_6(tmp_path):
    cfg = write(tmp_path, "p.toml", '[puzzle]\ntype = "sliding-tile"\n'
                'tiles = [1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15]\n[solve]\npdb = "6-6-3"\n')
    p = load_puzzle(load_config(cfg))
    assert p.pdb_name == "6-6-3"
    assert p.groups == ((1, 2, 5, 6, 9, 10), (3, 4, 7, 8, 11, 12), (13, 14, 15))
    cfg = write(tmp_path, "q.toml", '[puzzle]\ntype = "sliding-tile"\n'
                'tiles = [' + ",".join(map(str, range(1, 25))) + ',0]\n')
    q = load_puzzle(load_config(cfg))
    assert q.pdb_name == "6-6-6-6"
    # Korf & Felner's split, turned to the blank's corner (bottom right)
    assert q.groups[0] == (24, 23, 20, 19, 18, 13)
    assert sorted(t for g in q.groups for t in g) == list(range(1, 25))
    assert mirror_symmetric(q.goal, 5, 5)
    assert all(Pattern(5, 5, tuple(range(6)), 24).nbytes == 63_756_000 for _ in q.groups)


@pytest.mark.parametrize("spec", ['"6-9"', "[[1,2,3,4,5,6,7,8,9],[10,11,12,13,14,15]]"])
def test_too_large_groups_are_refused(tmp_path, spec):
    cfg = write(tmp_path, "p.toml", '[puzzle]\ntype = "sliding-tile"\n'
                'tiles = [1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15]\n[solve]\npdb = '
                + spec + "\n")
    with pytest.raises(ConfigError) as info:
        load_puzzle(load_config(cfg))
    assert "solve.pdb" in str(info.value) and "limit 8 tiles" in str(info.value)


# ---------------------------------------------------------------- time statistics


@pytest.mark.parametrize("algorithm", ["ida*", "bfs", "iddfs"])
def test_stats_keep_search_and_load_time_apart(algorithm):
    board = (4, 1, 2, 5, 8, 3, 7, 0, 6)
    events = trace_of(puzzle(board, 3, 3, heuristic="pdb", groups=((1, 2, 3, 4), (5, 6, 7, 8))),
                      algorithm)
    assert len(moves_of(events)) == eight()[board]
    stats = events[-1].stats
    assert stats["search_seconds"] >= 0 and stats["load_seconds"] >= 0
    assert stats["seconds"] == pytest.approx(stats["search_seconds"] + stats["load_seconds"],
                                             abs=2e-4)
    if algorithm != "bfs":
        assert stats["nodes"] > 0
    unsolvable = trace_of(puzzle((1, 2, 3, 4, 5, 6, 8, 7, 0), 3, 3))[-1].stats
    assert unsolvable["seconds"] == unsolvable["search_seconds"] == 0
    result = tiles.analyze(puzzle(SEED, 3, 3), SolveOptions(farthest=True))
    assert result["seconds"] == pytest.approx(result["search_seconds"]
                                              + result["load_seconds"], abs=2e-4)
