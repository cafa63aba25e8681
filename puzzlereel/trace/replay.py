"""Replaying a trace event by event: the driver of the legality check shared by
``validate``, ``show`` and the renderer.

Each puzzle family has a replay class in ``puzzlereel.rules`` (named by its row in
``puzzlereel.registry``), built from the header alone.  Its ``step(event)`` checks one
event against the rules, applies it and returns the normalised event (or None);
``text()`` draws the current position as text; ``describe(event)`` says what an event
did in one line; ``moves`` counts the moves made.  This module drives any such class
through a trace and knows none of them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import IO, Any, Protocol

from puzzlereel.ground.errors import quoted
from puzzlereel.ground.words import plural
from puzzlereel.registry import FAMILIES
from puzzlereel.trace.events import End, Event, Header, Note
from puzzlereel.trace.fields import MAX_INT, TraceError
from puzzlereel.trace.io import dumps, read_trace
from puzzlereel.trace.parsing import event_from_json, header_from_json
from puzzlereel.trace.search import SearchLog


class Replay(Protocol):
    """A puzzle's position, advanced and checked one event at a time."""

    moves: int

    def step(self, event: Event) -> Event | None:
        """Check ``event`` against the rules and apply it; return the normalised event
        (None for events that change nothing, like notes and search events; a move keeps
        its ``choices``), or raise ``TraceError``."""
        ...

    def text(self) -> str:
        """The current position as text (empty when the puzzle has none to show)."""
        ...

    def describe(self, event: Event) -> str:
        """One line saying what an applied event did ("Move 12: B to (1, 3), 2 steps")."""
        ...


def replay_for(header: Header) -> Replay:
    """The replay object for ``header``'s puzzle (header fields are checked here)."""
    goal = header.fields.get("goal_text")
    if goal is not None and not isinstance(goal, str):
        raise TraceError(f"expected the goal in words (a string), got {quoted(goal)}",
                         field="goal_text")
    cls = FAMILIES[header.puzzle].load("rules")
    replay: Replay = cls(header)
    return replay


def declared_moves(fields: Mapping[str, Any]) -> int | None:
    """The optional header field ``moves`` (the number of moves that follow), checked."""
    total = fields.get("moves")
    if total is not None and (isinstance(total, bool) or not isinstance(total, int)
                              or not 0 <= total <= MAX_INT):
        raise TraceError(f"expected a count of moves (0 to {MAX_INT:,}), got "
                         f"{quoted(total)}", field="moves")
    return total


def check_move_counts(end: End, moves: int, declared: int | None) -> None:
    """``end.moves`` and the header's ``moves`` (when given) must equal the moves replayed."""
    if end.moves is not None and end.moves != moves:
        raise TraceError(f"says {end.moves} {plural('move', end.moves)}, the trace has "
                         f"{moves}", field="moves")
    if end.status == "solved" and declared is not None and declared != moves:
        raise TraceError(f"the header says {declared} {plural('move', declared)}, the "
                         f"trace has {moves}",
                         field="moves")


@dataclass
class Replayed:
    """One event of a replayed trace: its line, the event as written, and what it did
    (``applied``: the normalised move, with the ``choices`` the line gave)."""

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
    position after the event.  Search events are checked here, for every puzzle alike
    (``search.SearchLog``: their order, and their counts against the ``end`` line),
    after the puzzle's replay has checked the event.  Raises ``TraceError`` naming the
    source, line and field.
    """
    rep: Replay | None = None
    log = SearchLog()
    for lineno, event in read_trace(stream, source, allow_partial=allow_partial):
        try:
            if rep is None:
                assert isinstance(event, Header)
                rep = replay_for(event)
                yield rep, Replayed(lineno, event, None)
                continue
            applied = rep.step(event)
            log.see(event)
        except TraceError as exc:
            raise exc.located(line=lineno, source=source) from None
        yield rep, Replayed(lineno, event, applied)


def checked(events: Iterable[Event], source: str = "<trace>") -> Iterator[Event]:
    """``events`` as they come, each first read back as a reader will read it (its JSON
    line parsed, the rules applied, as ``validate`` does): a writer that sends them on
    never writes a trace that the program's own readers reject.  The first that would
    be is a ``TraceError`` naming its line."""
    rep: Replay | None = None
    puzzle = ""
    for line, event in enumerate(events, 1):
        try:
            obj = json.loads(dumps(event))
            if rep is None:
                header = header_from_json(obj)
                puzzle = header.puzzle
                rep = replay_for(header)
            else:
                rep.step(event_from_json(obj, puzzle))
        except TraceError as exc:
            raise exc.located(line=line, source=source) from None
        yield event


def check_status(end: End, reached: bool, what: str) -> None:
    """The end's status must agree with what the trace shows: ``reached`` whether it
    holds a solution (the goal reached, a solution listed, the code found), after which
    "unsolvable" (a proof that there is none) is a contradiction."""
    if reached and end.status == "unsolvable":
        raise TraceError(f"status is 'unsolvable' but {what}", field="status")


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
