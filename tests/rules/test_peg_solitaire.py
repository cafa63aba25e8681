"""Peg-solitaire rules: legal traces pass, every kind of illegal move is caught with the
line and field named, a move's ``legal`` count is the positions one move leads to, and
the board a solver writes into a header reads back unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from puzzlereel.ground.config import load_config
from puzzlereel.rules.peg_solitaire import PegLayout, PegSolitaireReplay, board_text
from puzzlereel.solvers.peg_solitaire import config as pc
from puzzlereel.trace import TraceError, replay_for, validate
from puzzlereel.trace.events import Header
from tests.fixtures import CONFIGS, configs_of, trace_io, wire
from tests.fixtures import header as trace_header

# a 1x5 strip: pegs at 0,1 and 3; jump 0 -> 2 over 1, then 3 -> 1 over 2
STRIP = {"holes": [[x, 0] for x in range(5)], "pegs": [[0, 0], [1, 0], [3, 0]]}


def header(**extra: Any) -> dict[str, Any]:
    return trace_header("peg-solitaire", **{**STRIP, **extra})


def run(lines: list[dict[str, Any]]) -> Any:
    return validate(trace_io(*lines), "t.jsonl")


def move(n: int, start: list[int], *path: list[int]) -> dict[str, Any]:
    return {"type": "move", "n": n, "from": start, "path": list(path)}


def end(status: str = "solved", moves: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "end", "status": status}
    if moves is not None:
        out["moves"] = moves
    return out


def test_legal_trace() -> None:
    summary = run([header(), move(1, [0, 0], [2, 0]), move(2, [3, 0], [1, 0]), end(moves=2)])
    assert summary.moves == 2 and summary.end.status == "solved"


def test_chain_of_jumps_is_one_move() -> None:
    h = header(pegs=[[0, 0], [1, 0], [3, 0]], holes=[[x, 0] for x in range(5)])
    h["pegs"] = [[0, 0], [1, 0], [3, 0]]
    # 0 -> 2 (over 1) then 2 -> 4 (over 3): one peg, one move
    summary = run([h, move(1, [0, 0], [2, 0], [4, 0]), end(moves=1)])
    assert summary.moves == 1


@pytest.mark.parametrize("bad, field, words", [
    (move(1, [1, 0], [3, 0]), "path[0]", "not empty"),          # lands on a peg
    (move(1, [3, 0], [5, 0]), "path[0]", "not a hole"),          # off the board
    (move(1, [4, 0], [2, 0]), "from", "no peg"),                 # no peg to move
    (move(1, [0, 0], [1, 0]), "path[0]", "not a jump"),          # a slide, not a jump
    (move(2, [0, 0], [2, 0]), "n", "expected move 1"),
    (move(1, [7, 7], [2, 0]), "from", "not a hole"),
])
def test_illegal_moves(bad: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(TraceError) as err:
        run([header(), bad, end()])
    assert err.value.line == 2 and err.value.field == field
    assert words in str(err.value)


def test_nothing_to_jump_over() -> None:
    with pytest.raises(TraceError) as err:
        run([header(), move(1, [0, 0], [2, 0]), move(2, [2, 0], [0, 0]), end()])
    assert err.value.line == 3 and err.value.field == "path[0]"
    assert "no peg at [1, 0]" in str(err.value)


def test_second_jump_of_chain_checked() -> None:
    with pytest.raises(TraceError) as err:
        run([header(), move(1, [0, 0], [2, 0], [0, 0]), end()])
    assert err.value.field == "path[1]"


def test_end_checks() -> None:
    with pytest.raises(TraceError, match="2 pegs are left"):
        run([header(), move(1, [0, 0], [2, 0]), end(moves=1)])
    with pytest.raises(TraceError, match="says 3 moves"):
        run([header(), move(1, [0, 0], [2, 0]), move(2, [3, 0], [1, 0]), end(moves=3)])
    goal = header(goal={"pegs": [[2, 0]]})
    with pytest.raises(TraceError, match="goal is pegs at"):
        run([goal, move(1, [0, 0], [2, 0]), move(2, [3, 0], [1, 0]), end()])


def test_jumps_metric_one_jump_per_move() -> None:
    h = header(solver={"metric": "jumps"})
    with pytest.raises(TraceError) as err:
        run([h, move(1, [0, 0], [2, 0], [4, 0]), end()])
    assert err.value.field == "path"


def counted(event: dict[str, Any], legal: int, optimal: int = 1) -> dict[str, Any]:
    return {**event, "legal": legal, "optimal": optimal}


@pytest.mark.parametrize("metric, first", [("moves", 2), ("jumps", 1)])
def test_legal_counts_the_positions_one_move_leads_to(metric: str, first: int) -> None:
    """The strip: one jump (0 -> 2), which may go on over 3 to 4 as one move (moves: 2
    positions, jumps: 1); then 2 -> 4 or 3 -> 1 (2 either way)."""
    h = header(solver={"metric": metric})
    one, two = move(1, [0, 0], [2, 0]), move(2, [3, 0], [1, 0])
    assert run([h, counted(one, first), counted(two, 2), end(moves=2)]).moves == 2
    with pytest.raises(TraceError) as err:
        run([h, counted(one, first), counted(two, 3, 2), end(moves=2)])
    assert err.value.line == 3 and err.value.field == "legal"
    assert str(err.value) == ("t.jsonl: line 3: legal: says 3 legal moves, the position "
                              "has 2")
    assert run([h, one, two, end(moves=2)]).moves == 2           # no counts: no check


def test_chains_that_leave_the_same_pegs_are_one_move() -> None:
    """A peg inside a ring of four can jump round it either way: each way's first 1, 2 or
    3 jumps leave different pegs (6 moves), and both whole rounds leave it alone where it
    started (1 more): 7 moves from 8 chains; under the jumps metric 2."""
    ring = [[x, y] for y in range(3) for x in range(3) if (x, y) != (1, 1)]
    pegs = [[0, 0], [1, 0], [2, 1], [1, 2], [0, 1]]
    for metric, legal in (("moves", 7), ("jumps", 2)):
        h = header(holes=ring, pegs=pegs, solver={"metric": metric})
        rep = replay_for(Header("peg-solitaire", {"holes": ring, "pegs": pegs},
                                solver={"metric": metric}))
        assert isinstance(rep, PegSolitaireReplay) and rep.legal_moves() == legal
        assert run([h, counted(move(1, [0, 0], [2, 0]), legal), end("error")]).moves == 1


@pytest.mark.parametrize("fields, field", [
    ({"pegs": [[9, 9]]}, "pegs[0]"),
    ({"holes": [[0, 0], [0, 0]]}, "holes[1]"),
    ({"jumps": [[1, 0]]}, "jumps[0]"),
    ({"geometry": "hex"}, "geometry"),
    ({"goal": {"pegs": [[8, 8]]}}, "goal.pegs[0]"),
    ({"holes": "abc"}, "holes"),
])
def test_bad_headers(fields: dict[str, Any], field: str) -> None:
    with pytest.raises(TraceError) as err:
        run([header(**fields), end("unsolvable")])
    assert err.value.field == field and err.value.line == 1


def test_triangle_geometry_and_custom_jumps() -> None:
    holes = [[x, y] for y in range(3) for x in range(y + 1)]
    h = Header(puzzle="peg-solitaire", fields={
        "holes": holes, "pegs": [[0, 0], [0, 1], [1, 1], [0, 2], [1, 2]],
        "jumps": [[2, 0], [-2, 0], [0, 2], [0, -2], [2, 2], [-2, -2]], "geometry": "triangle"})
    rep = replay_for(h)
    assert isinstance(rep, PegSolitaireReplay)
    assert rep.text() == "  o\n o o\no o ."
    from puzzlereel.trace import PegMove
    rep.step(PegMove(1, (0, 0), ((2, 2),)))   # diagonal jump over [1, 1]
    assert rep.text() == "  .\n o .\no o *"


def test_board_text_square() -> None:
    assert board_text([(0, 0), (2, 0), (1, 1)], {(0, 0)}, "square") == "o .\n ."


# ---------------------------------------------------------------- the layout in a header


def solver_header(path: Path) -> Header:
    """The header the peg-solitaire solver writes for a config (its search adds only the
    number of moves)."""
    puzzle = pc.load(load_config(path))
    return puzzle.header(puzzle.algorithm, None)


@pytest.mark.parametrize("path", configs_of("peg-solitaire"), ids=lambda p: p.stem)
def test_the_solvers_header_reads_back_to_the_same_fields(path: Path) -> None:
    written = solver_header(path)
    layout = PegLayout.from_header(wire(written))
    assert layout.header_fields() == written.fields
    assert PegLayout.from_header(Header("peg-solitaire", layout.header_fields())) == layout


def _english(change: Any) -> Header:
    """The English board's header with one field broken by ``change``."""
    fields = wire(solver_header(CONFIGS / "english.toml")).fields
    change(fields)
    return Header("peg-solitaire", fields)


@pytest.mark.parametrize("change, field, words", [
    (lambda f: f["holes"].append(f["holes"][0]), "holes[33]", "hole [2, 0] is listed twice"),
    (lambda f: f["pegs"].__setitem__(0, [0, 0]), "pegs[0]", "peg [0, 0] is not in a hole"),
    (lambda f: f.update(jumps=[[1, 0]]), "jumps[0]", "jump [1, 0] has no hole at its midpoint"),
], ids=["holes[33]", "pegs[0]", "jumps[0]"])
def test_a_malformed_header_field_is_named(change: Any, field: str, words: str) -> None:
    with pytest.raises(TraceError) as err:
        PegLayout.from_header(_english(change))
    assert err.value.field == field and words in str(err.value)
