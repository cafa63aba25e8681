"""Trace events: every kind written as the JSON line the format documents."""

from __future__ import annotations

import io
import json

from puzzlereel.trace import (
    BlockMove,
    End,
    Guess,
    Header,
    Note,
    PegMove,
    Place,
    Remove,
    SolutionFound,
    State,
    TileMove,
    write_trace,
)


def test_every_event_round_trips_through_json():
    events = [
        Header("sliding-block", {"board": {}}, "t", {"metric": "piece"}, {"theme": "x"}),
        BlockMove(1, "A", ((1, 2), (1, 3))), TileMove(2, 5), PegMove(3, (3, 1), ((3, 3),)),
        State(4, ("AB.", "CC.")), Place(0, 4), Remove(0, 4),
        Guess(1, (0, 1, 2, 3), 0, 2, 1440), SolutionFound(1, cols=(0, 4, 7)),
        SolutionFound(2, text="1+2=3", assignment={"A": 1}), Note("n"),
        End("solved", 3, {"states": 10}),
    ]
    out = io.StringIO()
    write_trace(events, out)
    lines = out.getvalue().splitlines()
    assert len(lines) == len(events)
    assert json.loads(lines[1]) == {"type": "move", "n": 1, "piece": "A",
                                    "path": [[1, 2], [1, 3]]}
    assert json.loads(lines[-1])["stats"] == {"states": 10}
