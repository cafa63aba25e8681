"""Sliding-tile rules: the text form of a board, the replay checking each move (its
``legal`` count too) and the goal, bad headers named by their field, parity against
reachability, and the layout a solver writes into a header read back unchanged."""

from __future__ import annotations

import functools
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlereel.ground.config import load_config
from puzzlereel.rules.sliding_tile import (
    SlidingTileReplay,
    TileLayout,
    Tiles,
    default_goal,
    neighbours,
    parse_tiles,
    slide,
    solvable,
    tiles_text,
)
from puzzlereel.solvers.sliding_tile.config import load as load_puzzle
from puzzlereel.trace import Choices, End, Header, TileMove, TraceError
from tests.fixtures import CONFIGS, configs_of, wire

SEED = (8, 6, 7, 2, 5, 4, 3, 0, 1)


def reachable(rows: int, cols: int, goal: Tiles) -> set[Tiles]:
    """Every board a breadth-first search over the rules' own slides reaches from ``goal``."""
    seen = {goal}
    frontier = [goal]
    while frontier:
        nxt = []
        for tiles in frontier:
            for cell in neighbours(tiles.index(0), rows, cols):
                after = slide(tiles, tiles[cell], cols)
                if after not in seen:
                    seen.add(after)
                    nxt.append(after)
        frontier = nxt
    return seen


@functools.cache
def eight() -> frozenset[Tiles]:
    """The 181,440 boards of the 8-puzzle reachable from its goal, searched when a test
    first asks (not while the suite is collected)."""
    return frozenset(reachable(3, 3, default_goal(9)))


# ---------------------------------------------------------------- text form


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5)]).flatmap(
    lambda rc: st.tuples(st.just(rc), st.permutations(list(range(rc[0] * rc[1]))))))
def test_tiles_text_round_trips(case):
    (rows, cols), perm = case
    text = tiles_text(perm, cols)
    assert parse_tiles(text) == (tuple(perm), rows, cols)


# ---------------------------------------------------------------- replay


def header(**over) -> Header:
    fields = {"rows": 3, "cols": 3, "tiles": list(SEED), "goal": list(default_goal(9))}
    fields.update(over)
    return Header(puzzle="sliding-tile", fields=fields)


def test_replay_checks_moves_and_goal():
    rep = SlidingTileReplay(header())
    assert rep.step(TileMove(1, 5)) == TileMove(1, 5)
    assert "5" not in rep.text().splitlines()[1]
    with pytest.raises(TraceError) as info:
        rep.step(TileMove(2, 8))
    assert info.value.field == "tile" and "not next to the blank" in str(info.value)
    with pytest.raises(TraceError) as info:
        rep.step(TileMove(3, 6))
    assert info.value.field == "n"
    with pytest.raises(TraceError) as info:
        rep.step(TileMove(2, 9))
    assert info.value.field == "tile"
    with pytest.raises(TraceError) as info:
        rep.step(End("solved", moves=1))
    assert info.value.field == "status"


def test_legal_is_the_tiles_next_to_the_blank():
    """8 6 7 / 2 5 4 / 3 . 1: the blank on an edge has 3 tiles next to it; after 5 slides
    down it is in the centre with 4; after 6 slides down it is on the top edge, 3 again;
    on a 2x2 board every cell has 2."""
    rep = SlidingTileReplay(header())
    assert rep.step(TileMove(1, 5, Choices(3, 1))) == TileMove(1, 5, Choices(3, 1))
    assert rep.step(TileMove(2, 6, Choices(4, 4))).choices == Choices(4, 4)
    with pytest.raises(TraceError) as info:
        rep.step(TileMove(3, 8, Choices(4, 1)))
    assert info.value.field == "legal"
    assert str(info.value) == "legal: says 4 legal moves, the position has 3"
    assert rep.step(TileMove(3, 8)) == TileMove(3, 8)        # no counts: no check
    small = SlidingTileReplay(header(rows=2, cols=2, tiles=[1, 2, 3, 0], goal=[1, 2, 3, 0]))
    assert small.step(TileMove(1, 3, Choices(2, 0))).choices == Choices(2, 0)


@pytest.mark.parametrize("over, field", [
    ({"rows": 1}, "rows"),
    ({"tiles": [1, 2, 3]}, "tiles"),
    ({"tiles": [1, 1, 2, 3, 4, 5, 6, 7, 8]}, "tiles"),
    ({"goal": [1, 2, 3, 4, 5, 6, 7, 8, "0"]}, "goal"),
])
def test_replay_rejects_bad_headers(over, field):
    with pytest.raises(TraceError) as info:
        SlidingTileReplay(header(**over))
    assert info.value.field == field


# ---------------------------------------------------------------- parity


@settings(max_examples=200, deadline=None)
@given(st.permutations(list(range(9))))
def test_parity_matches_reachability_on_the_8_puzzle(perm):
    assert solvable(tuple(perm), default_goal(9), 3) == (tuple(perm) in eight())


def test_parity_on_even_width_boards():
    dist = reachable(2, 4, default_goal(8))
    rng = random.Random(2)
    for _ in range(200):
        b = list(range(8))
        rng.shuffle(b)
        assert solvable(b, default_goal(8), 4) == (tuple(b) in dist)


# ---------------------------------------------------------------- the layout in a header


def solver_header(path: Path) -> Header:
    """The header the sliding-tile solver writes for a config (its search adds only the
    number of moves)."""
    return load_puzzle(load_config(path)).header({})


@pytest.mark.parametrize("path", configs_of("sliding-tile"), ids=lambda p: p.stem)
def test_the_solvers_header_reads_back_to_the_same_fields(path: Path):
    written = solver_header(path)
    layout = TileLayout.from_header(wire(written))
    assert layout.header_fields() == written.fields
    assert TileLayout.from_header(Header("sliding-tile", layout.header_fields())) == layout


def _eight(change: Any) -> Header:
    """The 8-puzzle's header with one field broken by ``change``."""
    fields = wire(solver_header(CONFIGS / "eight-puzzle.toml")).fields
    change(fields)
    return Header("sliding-tile", fields)


@pytest.mark.parametrize("change, field, words", [
    (lambda f: f.update(rows="three"), "rows", "expected an integer, got 'three'"),
    (lambda f: f["tiles"].__setitem__(0, 6), "tiles", "repeated 6; missing 8"),
    (lambda f: f.update(goal=[1, 2, 3]), "goal", "3 tiles, a 3x3 board has 9 cells"),
], ids=["rows", "tiles", "goal"])
def test_a_malformed_header_field_is_named(change, field, words):
    with pytest.raises(TraceError) as info:
        TileLayout.from_header(_eight(change))
    assert info.value.field == field and words in str(info.value)
