"""The trace format, version 1: events, streaming reader and writer, and replay.

This package is the whole contract between solvers/ and render/: solvers build the
events defined here, the CLI writes them, and the renderer reads and replays them.
"""

from .events import (
    ALLOWED,
    FORMAT,
    PUZZLES,
    VERSION,
    BlockMove,
    Cell,
    End,
    Event,
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
    event_from_json,
    header_from_json,
)
from .io import dumps, read_trace, write_trace
from .replay import REPLAYS, Replay, Replayed, TraceSummary, replay, replay_for, validate

__all__ = [
    "ALLOWED", "FORMAT", "PUZZLES", "VERSION", "BlockMove", "Cell", "End", "Event", "Guess",
    "Header", "Note", "PegMove", "Place", "Remove", "Solution", "State", "TileMove",
    "TraceError", "event_from_json", "header_from_json", "dumps", "read_trace", "write_trace",
    "REPLAYS", "Replay", "Replayed", "TraceSummary", "replay", "replay_for", "validate",
]
