"""A move's optional ``legal`` / ``optimal`` counts (``trace.Choices``): written only when
set, read back the same, both or neither, and every bad value named by its field."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlereel.trace import (
    BlockMove,
    Choices,
    PegMove,
    State,
    TileMove,
    TraceError,
    dumps,
    event_from_json,
)
from puzzlereel.trace.fields import MAX_INT

PUZZLE = {BlockMove: "sliding-block", State: "sliding-block", TileMove: "sliding-tile",
          PegMove: "peg-solitaire"}

counts = st.integers(min_value=0, max_value=MAX_INT)
choices = st.one_of(st.none(), st.tuples(counts, counts).map(
    lambda pair: Choices(legal=max(pair), optimal=min(pair))))
cells = st.tuples(st.integers(-5, 50), st.integers(-5, 50))
moves = st.one_of(
    st.builds(BlockMove, n=st.integers(1, 1000), piece=st.sampled_from("ABXab0"),
              path=st.lists(cells, min_size=1, max_size=4).map(tuple), choices=choices),
    st.builds(TileMove, n=st.integers(1, 1000), tile=st.integers(1, 99), choices=choices),
    st.builds(PegMove, n=st.integers(1, 1000), start=cells,
              path=st.lists(cells, min_size=1, max_size=4).map(tuple), choices=choices),
    st.builds(State, n=st.integers(1, 1000),
              rows=st.lists(st.text("AB.#", min_size=1, max_size=4), min_size=1,
                            max_size=3).map(tuple), choices=choices),
)


@settings(max_examples=200, deadline=None)
@given(moves)
def test_every_move_round_trips_with_or_without_its_choices(move):
    line = dumps(move)
    obj = json.loads(line)
    assert ("legal" in obj, "optimal" in obj) == (move.choices is not None,) * 2
    if move.choices is not None:
        assert (obj["legal"], obj["optimal"]) == (move.choices.legal, move.choices.optimal)
    assert event_from_json(obj, PUZZLE[type(move)]) == move


def test_the_fields_come_after_the_move_and_only_when_set():
    assert dumps(BlockMove(1, "I", ((1, 4),), Choices(7, 1))) == (
        '{"type":"move","n":1,"piece":"I","path":[[1,4]],"legal":7,"optimal":1}')
    assert dumps(TileMove(3, 5)) == '{"type":"move","n":3,"tile":5}'


MOVE = {"type": "move", "n": 1, "tile": 5}


@pytest.mark.parametrize("extra, field, problem", [
    ({"legal": 3}, "optimal", "missing (a move that gives 'legal' gives 'optimal' too)"),
    ({"optimal": 1}, "legal", "missing (a move that gives 'optimal' gives 'legal' too)"),
    ({"legal": 2, "optimal": 3}, "optimal",
     "says 3 moves keep the optimum, more than the 2 legal moves"),
    ({"legal": True, "optimal": 1}, "legal", "expected an integer, got True"),
    ({"legal": 3, "optimal": False}, "optimal", "expected an integer, got False"),
    ({"legal": -1, "optimal": 0}, "legal", "must be >= 0, got -1"),
    ({"legal": 3, "optimal": -2}, "optimal", "must be >= 0, got -2"),
    ({"legal": 2**63, "optimal": 0}, "legal", "must be <= 9,223,372,036,854,775,807"),
    ({"legal": 3.0, "optimal": 1}, "legal", "expected an integer, got 3.0"),
    ({"legal": None, "optimal": 1}, "legal", "expected an integer, got None"),
])
def test_bad_counts_name_their_field(extra, field, problem):
    for obj, puzzle in ((MOVE, "sliding-tile"),
                        ({"type": "move", "n": 1, "piece": "A", "path": [[0, 1]]},
                         "sliding-block"),
                        ({"type": "state", "n": 1, "rows": ["A."]}, "sliding-block"),
                        ({"type": "move", "n": 1, "from": [0, 0], "path": [[2, 0]]},
                         "peg-solitaire")):
        with pytest.raises(TraceError) as info:
            event_from_json({**obj, **extra}, puzzle)
        assert info.value.field == field
        assert problem in str(info.value)


def test_counts_at_the_ends_of_their_range_are_read():
    move = event_from_json({**MOVE, "legal": MAX_INT, "optimal": 0}, "sliding-tile")
    assert move.choices == Choices(legal=MAX_INT, optimal=0)
    move = event_from_json({**MOVE, "legal": 0, "optimal": 0}, "sliding-tile")
    assert move.choices == Choices(legal=0, optimal=0)
