"""Pattern databases shared by goals that are turns of each other: the board's turns, the
goals that share Korf's tables, and a solve that reads another goal's tables and still
gives the user's own board, goal and an optimal solution."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from puzzlereel.rules.sliding_tile import default_goal, neighbours
from puzzlereel.solvers.base import SolveOptions
from puzzlereel.solvers.sliding_tile import search as tiles
from puzzlereel.solvers.sliding_tile.config import TilePuzzle, default_groups, group_spec
from puzzlereel.solvers.sliding_tile.pdb import patterns_of
from puzzlereel.solvers.sliding_tile.symmetry import AS_GIVEN, TURNS, sharing, turned
from puzzlereel.trace import Header, TileMove
from tests.fixtures import replayed

SEED = (8, 6, 7, 2, 5, 4, 3, 0, 1)     # 31 moves from 1..8,0


@pytest.mark.parametrize("rows, cols", [(2, 2), (3, 4), (4, 4), (2, 5), (5, 5)])
def test_every_turn_is_a_symmetry_of_the_board(rows, cols):
    """Each turn maps the cells one to one onto its board, neighbours onto neighbours."""
    for turn in TURNS:
        rows2, cols2 = turn.board(rows, cols)
        where = [turn.cell(c, rows, cols) for c in range(rows * cols)]
        assert sorted(where) == list(range(rows2 * cols2))
        for c in range(rows * cols):
            assert ({where[n] for n in neighbours(c, rows, cols)}
                    == set(neighbours(where[c], rows2, cols2)))
    assert len({tuple(t.cell(c, 4, 4) for c in range(16)) for t in TURNS}) == 8


def korf_patterns(side: int) -> set:
    goal = default_goal(side * side, blank_first=True)
    korf = TilePuzzle(rows=side, cols=side, tiles=goal, goal=goal, heuristic="pdb",
                      groups=default_groups(side, side, goal))
    return set(patterns_of(korf))


@pytest.mark.parametrize("side", [4, 5])
@pytest.mark.parametrize("corner", ["top left", "top right", "bottom left", "bottom right"])
def test_every_goal_with_the_blank_in_a_corner_shares_korfs_tables(side, corner):
    """With the default splits (7-8, 6-6-6-6), whatever the tiles' numbers, some turn maps
    the goal's tables onto those of Korf's goal (blank first)."""
    n = side * side
    blank = {"top left": 0, "top right": side - 1, "bottom left": n - side,
             "bottom right": n - 1}[corner]
    want = korf_patterns(side)
    rng = random.Random(side * 10 + blank)
    for _ in range(3):
        numbers = list(range(1, n))
        rng.shuffle(numbers)
        goal = tuple(numbers[:blank] + [0] + numbers[blank:])
        p = TilePuzzle(rows=side, cols=side, tiles=goal, goal=goal, heuristic="pdb",
                       groups=default_groups(side, side, goal))
        assert any(set(patterns_of(turned(p, t))) == want for t in TURNS)


def test_a_goal_off_the_corners_shares_no_table_with_korfs():
    goal = (1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
    p = TilePuzzle(rows=4, cols=4, tiles=goal, goal=goal, heuristic="pdb",
                   groups=default_groups(4, 4, goal))
    assert not any(set(patterns_of(turned(p, t))) & korf_patterns(4) for t in TURNS)


def eight(tiles: tuple[int, ...], goal: tuple[int, ...]) -> TilePuzzle:
    return TilePuzzle(rows=3, cols=3, tiles=tiles, goal=goal, heuristic="pdb",
                      groups=group_spec("4-4", 3, 3, goal))


def solved(p: TilePuzzle) -> list:
    events, summary = replayed(tiles.solve(p, SolveOptions()))  # validated on p's board
    assert summary.end is not None and summary.end.status == "solved"
    return events


def test_a_goal_turned_by_180_degrees_reads_the_tables_of_the_other(tmp_path: Path,
                                                                    monkeypatch):
    """The seed 8-puzzle (goal 1..8,0) after the same puzzle turned and renumbered (goal
    0..8) built its tables: none is built, the trace shows the seed's own board and goal,
    and the solution is as short."""
    monkeypatch.setenv("PUZZLEREEL_CACHE", str(tmp_path / "cache"))
    seed = eight(SEED, default_goal(9))
    other_tiles = [0] * 9
    for c, t in enumerate(SEED):
        other_tiles[8 - c] = 0 if t == 0 else 9 - t
    other = eight(tuple(other_tiles), default_goal(9, blank_first=True))
    assert sharing(seed) == (AS_GIVEN, seed)                 # nothing cached yet
    first = solved(other)
    assert first[-1].stats["pdb_built"] == 2 and "pdb_turn" not in first[-1].stats
    turn, searched = sharing(seed)
    assert turn.name == "turned 180°" and searched.goal.index(0) == other.goal.index(0) == 0
    assert set(patterns_of(searched)) == set(patterns_of(other))   # the cells, not numbers
    events = solved(seed)
    end = events[-1]
    assert end.stats["pdb_built"] == 0 and end.stats["pdb_turn"] == "turned 180°"
    assert end.moves == first[-1].moves == 31
    header = events[0]
    assert isinstance(header, Header)
    assert tuple(header.fields["tiles"]) == SEED
    assert tuple(header.fields["goal"]) == default_goal(9)
    assert any("the goal turned 180° shares them" in e.text for e in events
               if e.type == "note")
    assert len([e for e in events if isinstance(e, TileMove)]) == 31
    counted = tiles.analyze(seed, SolveOptions())
    assert counted["optimal_moves"] == 31 and counted["optimal_solutions"] == 40
    assert counted["pdb_turn"] == "turned 180°"
