"""Sliding-block rules: illegal moves and states rejected naming the field, the line
metric, `state` events from other programs turned into moves, the goal checked at the
end, a move's `legal` count checked against the position's moves, and the layout a
solver writes into a header read back unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from puzzlereel.ground.config import load_config
from puzzlereel.rules.sliding_block_layout import BlockLayout
from puzzlereel.solvers import sliding_block as sb
from puzzlereel.trace import BlockMove, Choices, Header, TraceError, replay, validate
from tests.fixtures import (
    CONFIGS,
    TINY_BLOCK,
    TINY_BLOCK_SOLVED,
    configs_of,
    trace_io,
    wire,
)

HEADER, GOOD = TINY_BLOCK, TINY_BLOCK_SOLVED


@pytest.mark.parametrize("event, expected", [
    ({"type": "move", "n": 1, "piece": "b", "path": [[0, 2]]}, "leave the board"),
    ({"type": "move", "n": 1, "piece": "b", "path": [[1, 0]]}, "not one cell away"),
    ({"type": "move", "n": 1, "piece": "b", "path": [[0, 0]]}, "overlap piece 'A'"),
    ({"type": "move", "n": 1, "piece": "Z", "path": [[0, 0]]}, "piece: no piece 'Z'"),
    ({"type": "move", "n": 2, "piece": "b", "path": [[1, 1]]}, "n: expected move 1"),
    ({"type": "state", "n": 1, "rows": [".b.", "AA."]}, "rows: not one legal move away"),
    ({"type": "state", "n": 1, "rows": ["AA.", "b"]}, "rows: row 1 has 1 cells"),
    ({"type": "state", "n": 1, "rows": ["AA.", "b.."]}, "rows: the same layout"),
    ({"type": "state", "n": 1, "rows": ["AA.", "b.#"]}, "rows: a wall at"),
])
def test_illegal_moves_are_rejected(event, expected):
    with pytest.raises(TraceError, match=expected):
        validate(trace_io(HEADER, event, {"type": "end", "status": "solved", "moves": 5}), "t")


def test_a_solved_end_must_meet_the_goal():
    with pytest.raises(TraceError, match="status: status is 'solved' but the last layout"):
        validate(trace_io(HEADER, GOOD[0], {"type": "end", "status": "solved", "moves": 1}),
                 "t")


def test_line_metric_rejects_a_turn():
    header = {**HEADER, "solver": {"metric": "line"}}
    with pytest.raises(TraceError, match="line 2: rows: not one legal move away.*'b' cannot"):
        validate(trace_io(header, {"type": "state", "n": 1, "rows": ["AAb", "..."]},
                          {"type": "end", "status": "solved"}), "t")
    # the same state is one move under the piece metric (turns allowed)
    summary = validate(trace_io(HEADER, {"type": "state", "n": 1, "rows": ["AAb", "..."]},
                                {"type": "end", "status": "error"}), "t")
    assert summary.moves == 1


def test_state_events_from_other_programs_become_moves_with_paths():
    """Letters of same-shape pieces may swap; the moved piece is found by position."""
    header = {**HEADER, "pieces": [
        {"id": "A", "x": 0, "y": 0, "w": 2, "h": 1},
        {"id": "b", "x": 0, "y": 1, "w": 1, "h": 1},
        {"id": "c", "x": 2, "y": 0, "w": 1, "h": 1}]}
    del header["goal"]
    ok = trace_io(header, {"type": "state", "n": 1, "rows": ["AAb", "..c"]},
                  {"type": "state", "n": 2, "rows": ["AAb", "c.."]},
                  {"type": "end", "status": "solved", "moves": 2})
    moves = [item.applied for _, item in replay(ok, "t") if item.applied is not None]
    assert moves == [BlockMove(1, "b", ((1, 1), (2, 1))), BlockMove(2, "b", ((1, 1), (0, 1)))]
    bad = trace_io(header, {"type": "state", "n": 1, "rows": ["AAb", "..c"]},
                   {"type": "state", "n": 2, "rows": ["...", "AAc"]},
                   {"type": "end", "status": "solved"})
    with pytest.raises(TraceError, match="line 3: rows: not one legal move away from the "
                       "previous state .2 pieces"):
        validate(bad, "t")


# ---------------------------------------------------------------- the layout in a header


def solver_header(path: Path) -> Header:
    """The header the sliding-block solver writes for a config (its search adds only the
    number of moves)."""
    return sb.load(load_config(path)).header()


@pytest.mark.parametrize("path", configs_of("sliding-block"), ids=lambda p: p.stem)
def test_the_solvers_header_reads_back_to_the_same_fields(path: Path):
    written = solver_header(path)
    layout = BlockLayout.from_header(wire(written))
    assert layout.header_fields() == written.fields
    assert BlockLayout.from_header(Header("sliding-block", layout.header_fields(),
                                     solver=written.solver)) == layout


def _hakoiri(change: Any) -> Header:
    """Hakoiri Musume's header with one field broken by ``change``."""
    fields = wire(solver_header(CONFIGS / "hakoiri-musume.toml")).fields
    change(fields)
    return Header("sliding-block", fields)


@pytest.mark.parametrize("change, field, words", [
    (lambda f: f["board"].update(width="four"), "board.width", "expected an integer, got 'four'"),
    (lambda f: f["pieces"][1].update(id=f["pieces"][0]["id"]), "pieces[1].id",
     "duplicate piece id 'B'"),
    (lambda f: f.update(goal={"piece": "Z", "x": 1, "y": 3}), "goal.piece", "no piece 'Z'"),
], ids=["board.width", "pieces[1].id", "goal.piece"])
def test_a_malformed_header_field_is_named(change, field, words):
    with pytest.raises(TraceError) as info:
        BlockLayout.from_header(_hakoiri(change))
    assert info.value.field == field and words in str(info.value)


def counted(event: dict[str, Any], legal: int, optimal: int = 1) -> dict[str, Any]:
    return {**event, "legal": legal, "optimal": optimal}


def test_legal_counts_every_piece_and_destination_and_is_checked():
    """Tiny block, piece metric: A right and on down (2), b round the free cells (3);
    then A down and on right (2), b down and along (3); then A up or right (2), b left,
    on left, or down (3)."""
    first, note, second, third, end = GOOD
    good = [counted(first, 5, 2), note, counted(second, 5), counted(third, 5, 1), end]
    items = [item for _, item in replay(trace_io(HEADER, *good), "t")]
    assert [i.applied.choices for i in items if isinstance(i.applied, BlockMove)] == [
        Choices(5, 2), Choices(5, 1), Choices(5, 1)]
    with pytest.raises(TraceError) as info:
        validate(trace_io(HEADER, counted(first, 5), note, counted(second, 9, 2), third, end),
                 "t.jsonl")
    assert str(info.value) == ("t.jsonl: line 4: legal: says 9 legal moves, the position "
                               "has 5")
    assert validate(trace_io(HEADER, *GOOD), "t").moves == 3      # no counts: no check


@pytest.mark.parametrize("metric, legal", [("piece", 5), ("line", 3), ("step", 2)])
def test_legal_follows_the_metric_and_the_axes(metric, legal):
    """A car X held to x with two free cells on its right reaches both under piece and
    line, one under step (never the free cells below it); the 1x1 piece b below it goes
    anywhere free under piece (3: right, then up, then right again), in a straight line
    under line (1: the wall stops it) or one cell under step (1)."""
    header = {**HEADER, "solver": {"metric": metric},
              "board": {"width": 3, "height": 2, "walls": [[2, 1]], "exits": []},
              "pieces": [{"id": "X", "x": 0, "y": 0, "w": 1, "h": 1, "axis": "x"},
                         {"id": "b", "x": 0, "y": 1, "w": 1, "h": 1}],
              "goal": {"piece": "X", "x": 2, "y": 0}}
    move = {"type": "move", "n": 1, "piece": "X", "path": [[1, 0]]}
    end = {"type": "end", "status": "error"}
    assert validate(trace_io(header, counted(move, legal), end), "t").moves == 1
    with pytest.raises(TraceError, match=f"line 2: legal: says {legal + 1} legal moves, "
                                         f"the position has {legal}"):
        validate(trace_io(header, counted(move, legal + 1), end), "t")


def test_a_state_keeps_its_counts_as_the_move_it_becomes():
    state = {"type": "state", "n": 1, "rows": ["AAb", "..."], "legal": 5, "optimal": 2}
    items = [item for _, item in replay(trace_io(HEADER, state,
                                                 {"type": "end", "status": "error"}), "t")]
    assert items[1].applied == BlockMove(1, "b", ((1, 1), (2, 1), (2, 0)), Choices(5, 2))
    with pytest.raises(TraceError, match="line 2: legal: says 3 legal moves, the position "
                                         "has 5"):
        validate(trace_io(HEADER, {**state, "legal": 3},
                          {"type": "end", "status": "error"}), "t")
