"""Replaying a trace event by event: the legality check shared by ``validate``, ``show``
and the renderer.

Each puzzle family registers a replay class (``REPLAYS``) built from the header alone.
Its ``step(event)`` checks one event against the rules, applies it and returns the
normalised event (or None); ``text()`` draws the current position as text;
``moves`` counts the moves made.  Puzzles without a registered class get the shape
checks of ``read_trace`` only.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, Any, Protocol

from .events import End, Event, Header, Note, TraceError
from .io import read_trace

# puzzle -> "module:Class"; families add themselves here
REPLAYS: dict[str, str] = {
    "sliding-block": "puzzlereel.trace.sliding_block:SlidingBlockReplay",
    "sliding-tile": "puzzlereel.trace.sliding_tile:SlidingTileReplay",
    "n-queens": "puzzlereel.trace.n_queens:NQueensReplay",
    "mastermind": "puzzlereel.trace.mastermind:MastermindReplay",
    "komachi": "puzzlereel.trace.equations:KomachiReplay",
    "oomachi": "puzzlereel.trace.equations:OomachiReplay",
    "alphametic": "puzzlereel.trace.equations:AlphameticReplay",
    "peg-solitaire": "puzzlereel.trace.peg_solitaire:PegSolitaireReplay",
}


class Replay(Protocol):
    moves: int

    def step(self, event: Event) -> Event | None: ...

    def text(self) -> str: ...


class GenericReplay:
    """For puzzles with no replay class: counts events, draws nothing."""

    def __init__(self, header: Header) -> None:
        self.header = header
        self.moves = 0

    def step(self, event: Event) -> Event | None:
        if isinstance(event, (End, Note)):
            return None
        if event.type == "move":
            self.moves += 1
        return event

    def text(self) -> str:
        return ""


def replay_for(header: Header) -> Replay:
    """The replay object for ``header``'s puzzle (header fields are checked here)."""
    spec = REPLAYS.get(header.puzzle)
    if spec is None:
        return GenericReplay(header)
    module, _, name = spec.partition(":")
    cls: Any = getattr(importlib.import_module(module), name)
    replay: Replay = cls(header)
    return replay


@dataclass
class Replayed:
    """One event of a replayed trace: its line, the event as written, and what it did."""

    line: int
    event: Event
    applied: Event | None


@dataclass
class TraceSummary:
    header: Header
    end: End | None
    moves: int
    events: int
    notes: list[str] = field(default_factory=list)


def replay(stream: IO[Any], source: str = "<trace>", *,
           allow_partial: bool = False) -> Iterator[tuple[Replay, Replayed]]:
    """Read a trace and check every event against the puzzle's rules, as a stream.

    Yields ``(replay, item)`` for every line after the header; ``replay`` is the live
    position after the event.  Raises ``TraceError`` naming the source, line and field.
    """
    rep: Replay | None = None
    for lineno, event in read_trace(stream, source, allow_partial=allow_partial):
        try:
            if rep is None:
                assert isinstance(event, Header)
                rep = replay_for(event)
                yield rep, Replayed(lineno, event, None)
                continue
            applied = rep.step(event)
        except TraceError as exc:
            raise exc.located(line=lineno, source=source) from None
        yield rep, Replayed(lineno, event, applied)


def validate(stream: IO[Any], source: str = "<trace>") -> TraceSummary:
    """Check a whole trace; return what it holds, or raise ``TraceError``."""
    header: Header | None = None
    end: End | None = None
    count = 0
    notes: list[str] = []
    rep: Replay | None = None
    for live, item in replay(stream, source):
        rep = live
        count += 1
        if isinstance(item.event, Header):
            header = item.event
        elif isinstance(item.event, End):
            end = item.event
        elif isinstance(item.event, Note):
            notes.append(item.event.text)
    assert header is not None and rep is not None
    return TraceSummary(header=header, end=end, moves=rep.moves, events=count, notes=notes)
