"""The trace format: writing, streaming reading, and the errors it names by line and field."""

from __future__ import annotations

import io
import json

import pytest
from conftest import lines_io

from puzzlereel.trace import (
    BlockMove,
    End,
    Guess,
    Header,
    Note,
    PegMove,
    Place,
    Remove,
    Solution,
    State,
    TileMove,
    TraceError,
    read_trace,
    validate,
    write_trace,
)

HEADER = {
    "type": "header", "format": "puzzlereel-trace", "version": 1, "puzzle": "sliding-block",
    "board": {"width": 3, "height": 2, "walls": [], "exits": []},
    "pieces": [{"id": "A", "x": 0, "y": 0, "w": 2, "h": 1}, {"id": "b", "x": 0, "y": 1,
                                                            "w": 1, "h": 1}],
    "goal": {"piece": "A", "x": 1, "y": 1},
}


def trace(*events: dict, header: dict | None = None) -> io.StringIO:
    return lines_io(json.dumps(header or HEADER), *(json.dumps(e) for e in events))


GOOD = [
    {"type": "move", "n": 1, "piece": "b", "path": [[1, 1], [2, 1], [2, 0]]},
    {"type": "note", "text": "hello"},
    {"type": "move", "n": 2, "piece": "A", "path": [[0, 1]]},
    {"type": "move", "n": 3, "piece": "A", "path": [[1, 1]]},
    {"type": "end", "status": "solved", "moves": 3},
]


def test_every_event_round_trips_through_json():
    events = [
        Header("sliding-block", {"board": {}}, "t", {"metric": "piece"}, {"theme": "x"}),
        BlockMove(1, "A", ((1, 2), (1, 3))), TileMove(2, 5), PegMove(3, (3, 1), ((3, 3),)),
        State(4, ("AB.", "CC.")), Place(0, 4), Remove(0, 4),
        Guess(1, (0, 1, 2, 3), 0, 2, 1440), Solution(1, cols=(0, 4, 7)),
        Solution(2, text="1+2=3", assignment={"A": 1}), Note("n"),
        End("solved", 3, {"states": 10}),
    ]
    out = io.StringIO()
    write_trace(events, out)
    lines = out.getvalue().splitlines()
    assert len(lines) == len(events)
    assert json.loads(lines[1]) == {"type": "move", "n": 1, "piece": "A",
                                    "path": [[1, 2], [1, 3]]}
    assert json.loads(lines[-1])["stats"] == {"states": 10}


def test_reads_and_replays_a_legal_trace():
    summary = validate(trace(*GOOD), "t.jsonl")
    assert summary.moves == 3
    assert summary.end is not None and summary.end.status == "solved"
    assert summary.notes == ["hello"]


def test_reader_streams_line_by_line():
    """Events come out before the stream has ended (works on pipes)."""
    it = read_trace(iter(['{"type":"header","format":"puzzlereel-trace","version":1,'
                          '"puzzle":"n-queens","n":4}\n',
                          '{"type":"place","row":0,"col":1}\n']), "pipe")  # type: ignore[arg-type]
    assert next(it)[1].type == "header"
    assert next(it) == (2, Place(0, 1))
    with pytest.raises(TraceError, match="line 3: truncated"):
        next(it)


@pytest.mark.parametrize("lines, expected", [
    ([], "line 1: empty trace"),
    (["{not json"], "line 1: invalid JSON"),
    (["[1, 2]"], "line 1: expected a JSON object"),
    ([json.dumps({**HEADER, "version": 2})], "line 1: version: unsupported version 2"),
    ([json.dumps({**HEADER, "format": "other"})], "line 1: format: expected"),
    ([json.dumps({**HEADER, "puzzle": "chess"})], "line 1: puzzle: unknown puzzle 'chess'"),
    ([json.dumps({"type": "move"})], "line 1: type: the first line must be a header"),
    ([json.dumps(HEADER), ""], "line 2: blank line"),
    ([json.dumps(HEADER), '{"type":"teleport"}'], "line 2: type: unknown event type"),
    ([json.dumps(HEADER), '{"type":"place","row":0,"col":0}'], "line 2: type: a sliding-block "
     "trace has no 'place' events"),
    ([json.dumps(HEADER), json.dumps(HEADER)], "line 2: type: a second header"),
    ([json.dumps(HEADER), '{"type":"move","n":1,"piece":"b"}'], "line 2: path: missing"),
    ([json.dumps(HEADER), '{"type":"move","n":1,"piece":"b","path":[[1]]}'],
     r"line 2: path\[0\]: expected \[x, y\]"),
    ([json.dumps(HEADER), '{"type":"end","status":"done"}'], "line 2: status: unknown status"),
    ([json.dumps(HEADER), '{"type":"end","status":"error"}', '{"type":"note","text":"x"}'],
     "line 3: type: a line after the 'end' event"),
    ([json.dumps(HEADER), '{"type":"note","text":"x"}'], "line 3: truncated"),
])
def test_malformed_traces_name_the_line_and_field(lines, expected):
    with pytest.raises(TraceError, match=expected) as info:
        validate(lines_io(*lines), "bad.jsonl")
    assert str(info.value).startswith("bad.jsonl: line ")
    assert "\n" not in str(info.value)


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
        validate(trace(event, {"type": "end", "status": "solved", "moves": 5}), "t")


def test_end_must_match_the_moves_and_the_goal():
    with pytest.raises(TraceError, match="line 3: moves: says 2 moves, the trace has 1"):
        validate(trace(GOOD[0], {"type": "end", "status": "solved", "moves": 2}), "t")
    with pytest.raises(TraceError, match="status: status is 'solved' but the last layout"):
        validate(trace(GOOD[0], {"type": "end", "status": "solved", "moves": 1}), "t")


def test_line_metric_rejects_a_turn():
    header = {**HEADER, "solver": {"metric": "line"}}
    with pytest.raises(TraceError, match="line 2: rows: not one legal move away.*'b' cannot"):
        validate(trace({"type": "state", "n": 1, "rows": ["AAb", "..."]},
                       {"type": "end", "status": "solved"}, header=header), "t")
    # the same state is one move under the piece metric (turns allowed)
    summary = validate(trace({"type": "state", "n": 1, "rows": ["AAb", "..."]},
                             {"type": "end", "status": "error"}), "t")
    assert summary.moves == 1


def test_state_events_from_other_programs_become_moves_with_paths():
    """Letters of same-shape pieces may swap; the moved piece is found by position."""
    from puzzlereel.trace import replay

    header = {**HEADER, "pieces": [
        {"id": "A", "x": 0, "y": 0, "w": 2, "h": 1},
        {"id": "b", "x": 0, "y": 1, "w": 1, "h": 1},
        {"id": "c", "x": 2, "y": 0, "w": 1, "h": 1}]}
    del header["goal"]
    ok = trace({"type": "state", "n": 1, "rows": ["AAb", "..c"]},
               {"type": "state", "n": 2, "rows": ["AAb", "c.."]},
               {"type": "end", "status": "solved", "moves": 2}, header=header)
    moves = [item.applied for _, item in replay(ok, "t") if item.applied is not None]
    assert moves == [BlockMove(1, "b", ((1, 1), (2, 1))), BlockMove(2, "b", ((1, 1), (0, 1)))]
    bad = trace({"type": "state", "n": 1, "rows": ["AAb", "..c"]},
                {"type": "state", "n": 2, "rows": ["...", "AAc"]},
                {"type": "end", "status": "solved"}, header=header)
    with pytest.raises(TraceError, match="line 3: rows: not one legal move away from the "
                       "previous state .2 pieces"):
        validate(bad, "t")


def test_header_move_count_must_match_a_solved_trace():
    """The optional header `moves` (drawn as "Move 3 / 3") may not disagree with the trace."""
    with pytest.raises(TraceError, match="line 6: moves: the header says 4 moves, the trace "
                       "has 3"):
        validate(trace(*GOOD, header={**HEADER, "moves": 4}), "t")
    with pytest.raises(TraceError, match="line 1: moves: expected a count of moves"):
        validate(trace(*GOOD, header={**HEADER, "moves": "three"}), "t")
    assert validate(trace(*GOOD, header={**HEADER, "moves": 3}), "t").moves == 3
