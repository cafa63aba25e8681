"""Peg-solitaire solver: golden answers from the seed article, traces replayed move by
move, the compiled search checked against a plain breadth-first search and brute force,
the board model, and config errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.doc_tables import block, ratio_agrees, tables
from puzzlereel.ground.config import ConfigError, load_config
from puzzlereel.solvers.base import SolveOptions
from puzzlereel.solvers.peg_solitaire import board as pb
from puzzlereel.solvers.peg_solitaire import config as pc
from puzzlereel.solvers.peg_solitaire import search as ps
from puzzlereel.solvers.peg_solitaire import tables as pt
from puzzlereel.trace import End, PegMove, dumps, validate
from tests.fixtures import CONFIGS, ROOT, cli, write


def write_config(tmp_path: Path, body: str, name: str = "p.toml") -> Path:
    return write(tmp_path, name, '[puzzle]\ntype = "peg-solitaire"\n' + body)


def load(path: Path) -> pc.PegPuzzle:
    return pc.load(load_config(path))


def trace_of(puzzle: pc.PegPuzzle) -> tuple[str, End]:
    events = list(ps.solve(puzzle, SolveOptions()))
    end = events[-1]
    assert isinstance(end, End)
    return "".join(dumps(e) + "\n" for e in events), end


def replayed(text: str) -> tuple[int, str]:
    summary = validate(io.StringIO(text), "<test>")
    assert summary.end is not None
    return summary.moves, summary.end.status


# ---------------------------------------------------------------- golden answers


@pytest.mark.parametrize("name", ["hoppers", "triangle", "english", "english-18", "french",
                                  "french-solvable"])
def test_every_config_loads(name: str) -> None:
    puzzle = load(CONFIGS / f"{name}.toml")
    assert puzzle.title and bin(puzzle.start).count("1") >= 12


def test_hoppers_seven_moves_72_solutions() -> None:
    puzzle = load(CONFIGS / "hoppers.toml")
    result = ps.analyze(puzzle, SolveOptions())
    assert result["optimal_moves"] == 7
    assert result["optimal_solutions"] == 72
    # the search's effort is deterministic (same table size, same order): a change here
    # is a change in the pruning or the duplicate detection, even if the answer holds
    assert result["states"] == 1931
    assert result["nodes_per_bound"] == {"4": 7, "5": 50, "6": 244, "7": 647}
    text, end = trace_of(puzzle)
    assert end.status == "solved" and end.moves == 7
    assert end.stats["states"] == 948 and end.stats["jumps"] == 11
    assert replayed(text) == (7, "solved")


def test_hoppers_first_jump_fixed_18_solutions(tmp_path: Path) -> None:
    # the seed fixes the first jump 0 -> 6 (corner [0, 0] over [1, 1] into the centre)
    cfg = write_config(tmp_path, 'board = "hoppers"\nempty = 6\ngoal = "complement"\n'
                                 '[solve]\nfirst = [0, 6]\n')
    puzzle = load(cfg)
    assert puzzle.first == (0, 3, 6)
    result = ps.analyze(puzzle, SolveOptions())
    assert (result["optimal_moves"], result["optimal_solutions"]) == (7, 18)
    assert result["states"] == 1914
    text, end = trace_of(puzzle)
    assert end.stats["states"] == 935
    assert replayed(text) == (7, "solved")


@pytest.mark.parametrize("hole, moves, solutions, states, counted", [
    (0, 10, 1362, 22973, 38021), (1, 11, 252, 38961, 60965), (3, 9, 466, 20542, 41075)])
def test_triangle_complement(tmp_path: Path, hole: int, moves: int, solutions: int,
                             states: int, counted: int) -> None:
    cfg = write_config(tmp_path, f'board = "triangle"\nempty = {hole}\ngoal = "complement"\n')
    puzzle = load(cfg)
    result = ps.analyze(puzzle, SolveOptions())
    assert result["status"] == "solved" and result["optimal_moves"] == moves
    assert result["optimal_solutions"] == solutions
    assert result["states"] == counted
    text, end = trace_of(puzzle)
    assert end.moves == moves and end.stats["states"] == states
    assert replayed(text) == (moves, "solved")
    assert ps.reference_min_moves(puzzle) == moves


def test_triangle_hole_4_has_no_complement(tmp_path: Path) -> None:
    cfg = write_config(tmp_path, 'board = "triangle"\nempty = 4\ngoal = "complement"\n')
    puzzle = load(cfg)
    result = ps.analyze(puzzle, SolveOptions())
    assert result["status"] == "unsolvable" and result["states"] == 22114
    text, end = trace_of(puzzle)
    assert end.status == "unsolvable" and end.stats["states"] == 22114
    assert replayed(text) == (0, "unsolvable")
    assert ps.reference_min_moves(puzzle) is None
    # ... but the last peg can be left at hole 12, as the seed says
    cfg = write_config(tmp_path, 'board = "triangle"\nempty = 4\ngoal = { pegs = [12] }\n')
    text, end = trace_of(load(cfg))
    assert end.status == "solved"
    assert replayed(text)[1] == "solved"


def test_english_central_31_jumps() -> None:
    puzzle = load(CONFIGS / "english.toml")
    outcome = ps.search_any(puzzle)
    assert outcome.status == "solved" and len(outcome.jumps) == 31
    assert outcome.nodes == 8992
    text, end = trace_of(puzzle)
    assert end.moves == 31 and end.stats["jumps"] == 31 and end.stats["states"] == 8992
    assert replayed(text) == (31, "solved")


@pytest.mark.parametrize("limit", [1, 2, 500, 8991])
def test_max_states_stops_each_search_at_exactly_its_budget(limit: int) -> None:
    # the proof of English needs 8,992 positions: any budget below stops it, exactly there
    english = load(CONFIGS / "english.toml")
    outcome = ps.search_any(english, max_states=limit)
    assert (outcome.status, outcome.nodes) == ("limit", limit)
    assert ps.search_any(english, max_states=100_000).status == "solved"
    hoppers = load(CONFIGS / "hoppers.toml")
    small = min(limit, 50)
    for search in (ps.search_min_moves, ps.count_jump_solutions):
        outcome = search(hoppers, max_states=small)
        assert (outcome.status, outcome.nodes) == ("limit", small), search.__name__


def test_english_one_peg_anywhere_under_moves_metric_dfs(tmp_path: Path) -> None:
    cfg = write_config(tmp_path, 'board = "english"\n[solve]\nalgorithm = "dfs"\n')
    text, end = trace_of(load(cfg))
    assert end.status == "solved" and end.stats["jumps"] == 31
    moves, status = replayed(text)
    assert status == "solved" and moves == end.moves < 31


def test_french_central_game_is_proved_impossible(tmp_path: Path) -> None:
    puzzle = load(CONFIGS / "french.toml")
    text, end = trace_of(puzzle)
    assert end.status == "unsolvable" and "position class" in end.stats["reason"]
    assert replayed(text) == (0, "unsolvable")
    result = cli("solve", CONFIGS / "french.toml", "-o", tmp_path / "french.jsonl")
    assert result.exit_code == 3
    result = cli("analyze", CONFIGS / "french.toml", "--json")
    assert result.exit_code == 3
    data = json.loads(result.stdout)
    assert data["status"] == "unsolvable" and data["optimal_moves"] is None


def test_jumps_metric_counts_all_solutions(tmp_path: Path) -> None:
    cfg = write_config(tmp_path, 'board = "hoppers"\nempty = 6\ngoal = "complement"\n'
                                 '[solve]\nmetric = "jumps"\n')
    puzzle = load(cfg)
    result = ps.analyze(puzzle, SolveOptions())
    assert result["optimal_moves"] == 11
    # every solution in moves is a jump sequence too; there are more of them in jumps
    assert result["optimal_solutions"] >= 72
    text, end = trace_of(puzzle)
    assert end.moves == 11
    assert replayed(text) == (11, "solved")


# ---------------------------------------------------------------- against plain BFS


@st.composite
def small_boards(draw: st.DrawFn) -> str:
    w = draw(st.integers(3, 5))
    h = draw(st.integers(2, 4))
    cells = draw(st.lists(st.sampled_from(" o.o."), min_size=w * h, max_size=w * h))
    rows = ["".join(cells[y * w:(y + 1) * w]) for y in range(h)]
    return "\n".join(rows)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_boards(), st.booleans())
def test_min_moves_matches_bfs(board: str, diagonal: bool) -> None:
    holes, pegs = pb.parse_ascii(board, "square")
    if not pegs:
        return
    vectors = pb.ORTHOGONAL + (pb.DIAGONAL if diagonal else ())
    b = pb.PegBoard.make("custom", holes, vectors)
    puzzle = pc.PegPuzzle(b, b.mask(pegs), 0)
    expected = ps.reference_min_moves(puzzle)
    got = ps.search_min_moves(puzzle)
    if expected is None:
        assert got.status == "unsolvable"
        assert ps.search_any(puzzle).status == "unsolvable"
    else:
        assert got.status == "solved" and got.moves == expected
        assert pb.count_moves(got.jumps) == expected
        assert ps.search_any(puzzle).status == "solved"


def brute_force_counts(puzzle: pc.PegPuzzle) -> tuple[int | None, int, int]:
    """(fewest moves, how many jump sequences achieve it, how many solve it at all),
    by enumerating every jump sequence."""
    b = puzzle.board
    best: list[int | None] = [None]
    count = [0]
    total = [0]

    def rec(pos: int, last: int, moves: int) -> None:
        if puzzle.is_goal(pos):
            total[0] += 1
            if best[0] is None or moves < best[0]:
                best[0], count[0] = moves, 1
            elif moves == best[0]:
                count[0] += 1
            return
        for f, o, t in b.legal_jumps(pos):
            rec(pb.PegBoard.apply_jump(pos, (f, o, t)), t, moves + (0 if f == last else 1))

    rec(puzzle.start, -1, 0)
    return best[0], count[0], total[0]


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_boards(), st.booleans(), st.booleans())
def test_solution_counts_match_brute_force(board: str, diagonal: bool,
                                           complement: bool) -> None:
    holes, pegs = pb.parse_ascii(board, "square")
    if not pegs or len(pegs) > 8:
        return
    vectors = pb.ORTHOGONAL + (pb.DIAGONAL if diagonal else ())
    b = pb.PegBoard.make("custom", holes, vectors)
    empty = b.full & ~b.mask(pegs)
    goal = empty if complement and empty else 0
    puzzle = pc.PegPuzzle(b, b.mask(pegs), goal)
    fewest, count, total = brute_force_counts(puzzle)
    got = ps.search_min_moves(puzzle, count=True)
    if fewest is None:
        assert got.status == "unsolvable"
        return
    assert (got.moves, got.solutions) == (fewest, count)
    jumps = ps.count_jump_solutions(pc.PegPuzzle(b, b.mask(pegs), goal, metric="jumps"))
    assert jumps.solutions == total


@pytest.mark.parametrize("board, diagonal", [
    (".ooo\noooo\noooo", False), (".ooo\noooo\noooo", True), ("ooo\no.o\nooo", True)])
@pytest.mark.parametrize("complement", [False, True])
def test_counts_on_symmetric_boards(board: str, diagonal: bool, complement: bool) -> None:
    """Boards with symmetries, where the tables fold positions by symmetry."""
    holes, pegs = pb.parse_ascii(board, "square")
    vectors = pb.ORTHOGONAL + (pb.DIAGONAL if diagonal else ())
    b = pb.PegBoard.make("custom", holes, vectors)
    assert len(b.symmetries()) >= 4
    goal = (b.full & ~b.mask(pegs)) if complement else 0
    puzzle = pc.PegPuzzle(b, b.mask(pegs), goal)
    fewest, count, total = brute_force_counts(puzzle)
    got = ps.search_min_moves(puzzle, count=True)
    assert (got.moves, got.solutions) == (fewest, count if fewest is not None else None)
    jumps = ps.count_jump_solutions(pc.PegPuzzle(b, b.mask(pegs), goal, metric="jumps"))
    assert jumps.solutions == (total or None)


@pytest.mark.parametrize("hole", range(10))
def test_counts_on_the_10_hole_triangle(hole: int) -> None:
    b = pb.triangle_board(4)
    for goal in (0, 1 << hole):
        puzzle = pc.PegPuzzle(b, b.full & ~(1 << hole), goal)
        fewest, count, total = brute_force_counts(puzzle)
        got = ps.search_min_moves(puzzle, count=True)
        assert (got.moves, got.solutions) == (fewest, count if fewest is not None else None)
        assert ps.reference_min_moves(puzzle) == fewest


def true_moves_left(puzzle: pc.PegPuzzle, last: int) -> int | None:
    """Fewest moves from ``puzzle.start`` when the peg that landed on ``last`` may go on
    jumping for free: either it does (any chain from ``last``), or the rest is counted
    from scratch (plain BFS reference)."""
    best = ps.reference_min_moves(puzzle)
    if last >= 0 and puzzle.start >> last & 1:
        for route, after in pb.chain_moves(puzzle.board, puzzle.start):
            if route[0] == last:
                rest = ps.reference_min_moves(pc.PegPuzzle(puzzle.board, after, puzzle.goal))
                if rest is not None and (best is None or rest < best):
                    best = rest
    return best


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["hoppers", "triangle"]), st.booleans(),
       st.lists(st.integers(0, 200), min_size=0, max_size=9))
def test_lower_bound_is_admissible(name: str, any_goal: bool, choices: list[int]) -> None:
    """The lower bound never exceeds the true number of moves left (BFS reference),
    counting the free continuation of the last chain."""
    from puzzlereel.solvers.peg_solitaire import kernel as k

    b = pb.builtin_board(name)
    empty = b.bit(b.holes[4] if name == "triangle" else (2, 2))
    goal = 0 if any_goal else empty
    pos = b.full & ~empty
    last = -1
    for c in choices:  # walk a random line of play
        jumps = list(b.legal_jumps(pos))
        if not jumps:
            break
        f, o, t = jumps[c % len(jumps)]
        pos = pb.PegBoard.apply_jump(pos, (f, o, t))
        last = t
    tb = pt.board_arrays(b, goal)
    truth = true_moves_left(pc.PegPuzzle(b, pos, goal), last)
    lastn = last if k.can_jump_from(pos, last, tb.off, tb.jo, tb.jt) else -1
    bound = k.lower_bound(pos, lastn, tb.umask, any_goal, 1)
    if truth is not None:
        assert bound <= truth


# ---------------------------------------------------------------- board model


def test_symmetry_counts() -> None:
    assert len(pb.builtin_board("english").symmetries()) == 8
    assert len(pb.builtin_board("french").symmetries()) == 8
    assert len(pb.builtin_board("hoppers").symmetries()) == 8
    assert len(pb.builtin_board("triangle").symmetries()) == 6


def test_hoppers_numbering_matches_seed_jump_table() -> None:
    b = pb.builtin_board("hoppers")
    table = {0: {(1, 2), (3, 6), (5, 10)}, 6: {(3, 0), (4, 2), (8, 10), (9, 12)},
             3: {(6, 9)}, 11: {(8, 5), (6, 1), (9, 7)}}
    for hole, expected in table.items():
        assert {(o, t) for f, o, t in b.triples if f == hole} == expected


def test_triangle_numbering_matches_seed_jump_table() -> None:
    b = pb.builtin_board("triangle")
    table = {0: {(1, 3), (2, 5)}, 3: {(1, 0), (4, 5), (6, 10), (7, 12)},
             12: {(7, 3), (8, 5), (11, 10), (13, 14)}}
    for hole, expected in table.items():
        assert {(o, t) for f, o, t in b.triples if f == hole} == expected


@given(st.sampled_from(["english", "french", "hoppers", "triangle"]),
       st.integers(0, (1 << 37) - 1))
def test_text_round_trip(name: str, bits: int) -> None:
    b = pb.builtin_board(name)
    pos = bits & b.full
    text = b.position_text(pos)
    holes, pegs = pb.parse_ascii(text, b.geometry)
    # square boards keep their columns; the triangle counts holes within a row
    assert sorted(holes) == sorted(b.holes)
    assert b.mask(pegs) == pos


def test_config_errors_name_field_and_line(tmp_path: Path) -> None:
    cfg = write_config(tmp_path, 'board = "english"\nempty = [0, 0]\n')
    with pytest.raises(ConfigError) as err:
        load(cfg)
    assert "puzzle.empty" in str(err.value) and "line 4" in str(err.value)
    cfg = write_config(tmp_path, 'holes = """\nooo\no?o\n"""\n')
    with pytest.raises(ConfigError) as err:
        load(cfg)
    assert "puzzle.holes" in str(err.value) and "'?'" in str(err.value)
    assert "line 5" in str(err.value)
    cfg = write_config(tmp_path, 'board = "english"\njumps = [[1, 0]]\n')
    with pytest.raises(ConfigError) as err:
        load(cfg)
    assert "puzzle.jumps" in str(err.value)
    result = cli("solve", CONFIGS / "hoppers.toml", "--algorithm", "bfs")
    assert result.exit_code == 1 and "--algorithm" in result.output
    cfg = write_config(tmp_path, 'board = "hoppers"\n[solve]\nfirst = [0, 12]\n')
    with pytest.raises(ConfigError, match="solve.first"):
        load(cfg)
    result = cli("solve", cfg)
    assert result.exit_code == 1


def test_memory_option(tmp_path: Path) -> None:
    cfg = write_config(tmp_path, 'board = "hoppers"\nempty = 6\ngoal = "complement"\n'
                                 '[solve]\nmemory_mb = 1\n')
    puzzle = load(cfg)
    assert puzzle.memory_mb == 1
    assert pt.position_table(None, puzzle)[0].shape[0] == 1 << 15   # 1 MB / 24 B, rounded down
    result = ps.analyze(puzzle, SolveOptions())
    assert (result["optimal_moves"], result["optimal_solutions"]) == (7, 72)
    cfg = write_config(tmp_path, 'board = "hoppers"\n[solve]\nmemory_mb = 0\n')
    with pytest.raises(ConfigError, match="solve.memory_mb"):
        load(cfg)


def test_custom_board_with_diagonal_jumps(tmp_path: Path) -> None:
    cfg = write_config(tmp_path, 'holes = """\nooo\no.o\nooo\n"""\njumps = "diagonal"\n'
                                 'goal = "complement"\n')
    puzzle = load(cfg)
    assert puzzle.board.size == 9 and bin(puzzle.start).count("1") == 8
    text, end = trace_of(puzzle)
    moves, status = replayed(text)
    assert status == end.status
    assert (end.status == "solved") == (ps.reference_min_moves(puzzle) is not None)
    if end.status == "solved":
        assert all(isinstance(e, PegMove) for e in ps.solve(puzzle, SolveOptions())
                   if e.type == "move")


def test_doc_benchmark_table_is_one_consistent_run() -> None:
    """docs/peg-solitaire.md's table is benchmarks/pegs_bench.py's output (``--record``):
    the known answers, and every ratio its two times divided."""
    doc = (ROOT / "docs" / "peg-solitaire.md").read_text(encoding="utf-8")
    text = block(doc, "pegs_bench")
    assert text.startswith("Run of ")
    (table,) = tables(text)
    assert table[0] == ["case", "answer", "ours (ms)", "Hiroi's SBCL (ms)", "ratio"]
    assert [row[1] for row in table[1:]] == ["7 mv, 18", "7 mv, 72", "10 moves", "11 moves",
                                             "none", "9 moves", "10 moves", "none"]
    for row in table[1:]:
        assert ratio_agrees(row[2], row[3], row[4]), row
