"""The replay driver: a legal trace replayed to its summary, and the move counts that the
end line and the header declare checked against the trace."""

from __future__ import annotations

import pytest

from puzzlereel.trace import TraceError, validate
from tests.fixtures import TINY_BLOCK, TINY_BLOCK_SOLVED, trace_io

HEADER, GOOD = TINY_BLOCK, TINY_BLOCK_SOLVED


def test_reads_and_replays_a_legal_trace():
    summary = validate(trace_io(HEADER, *GOOD), "t.jsonl")
    assert summary.moves == 3
    assert summary.end is not None and summary.end.status == "solved"
    assert summary.notes == ["hello"]


def test_end_must_match_the_moves():
    with pytest.raises(TraceError, match="line 3: moves: says 2 moves, the trace has 1"):
        validate(trace_io(HEADER, GOOD[0], {"type": "end", "status": "solved", "moves": 2}),
                 "t")


def test_header_move_count_must_match_a_solved_trace():
    """The optional header `moves` (drawn as "Move 3 / 3") may not disagree with the trace."""
    with pytest.raises(TraceError, match="line 6: moves: the header says 4 moves, the trace "
                       "has 3"):
        validate(trace_io({**HEADER, "moves": 4}, *GOOD), "t")
    with pytest.raises(TraceError, match="line 1: moves: expected a count of moves"):
        validate(trace_io({**HEADER, "moves": "three"}, *GOOD), "t")
    assert validate(trace_io({**HEADER, "moves": 3}, *GOOD), "t").moves == 3
