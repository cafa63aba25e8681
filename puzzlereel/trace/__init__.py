"""The trace format, version 1: events, streaming reader and writer, and the replay driver.

This package is the wire format between solvers/ and render/: solvers build the events
defined here, the CLI writes them, and the renderer and ``validate`` read them back and
replay them through each puzzle's rules (``puzzlereel.rules``).  It knows no puzzle's
rules itself.
"""

from puzzlereel.trace.choices import Choices
from puzzlereel.trace.ends import end_of, read_ends
from puzzlereel.trace.events import (
    STATUSES,
    TRACE_FORMAT,
    TRACE_VERSION,
    BlockMove,
    End,
    EndStatus,
    Event,
    Guess,
    Header,
    Note,
    PegMove,
    Place,
    Remove,
    SolutionFound,
    State,
    TileMove,
)
from puzzlereel.trace.fields import Cell, TraceError
from puzzlereel.trace.io import dumps, read_trace, write_trace
from puzzlereel.trace.parsing import event_from_json, header_from_json
from puzzlereel.trace.replay import (
    Replay,
    Replayed,
    TraceSummary,
    check_status,
    checked,
    replay,
    replay_for,
    validate,
)
from puzzlereel.trace.search_event import Search

__all__ = ["TRACE_FORMAT", "STATUSES", "TRACE_VERSION", "BlockMove", "Cell", "Choices", "End",
           "EndStatus", "Event", "Guess", "Header", "Note", "PegMove", "Place", "Remove", "Search",
           "SolutionFound", "State", "TileMove", "TraceError", "end_of", "event_from_json",
           "header_from_json", "dumps", "read_trace", "write_trace", "Replay", "Replayed",
           "TraceSummary", "check_status", "checked", "read_ends", "replay", "replay_for",
           "validate"]
