"""Peg-solitaire rules: legal traces pass, every kind of illegal move is caught with the
line and field named, and the board a solver writes into a header reads back unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from puzzlereel.ground.config import load_config
from puzzlereel.rules.peg_solitaire import Layout, PegSolitaireReplay, board_text
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
    layout = Layout.from_header(wire(written))
    assert layout.header_fields() == written.fields
    assert Layout.from_header(Header("peg-solitaire", layout.header_fields())) == layout


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
        Layout.from_header(_english(change))
    assert err.value.field == field and words in str(err.value)
