"""Solving a config: the trace events of an optimal solution, each read back as
``validate`` reads it, written as they come, and the search's outcome checked."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from puzzlereel.actions.check import check_expected, explored, found_count
from puzzlereel.actions.flags import solve_options
from puzzlereel.catalog.puzzles import Loaded, config_path, load_puzzle
from puzzlereel.ground import console
from puzzlereel.ground.console import usable
from puzzlereel.ground.errors import EXIT_LIMIT, EXIT_UNSOLVABLE, PuzzlereelError
from puzzlereel.ground.fileio import atomic_text, guarded
from puzzlereel.ground.interrupts import run_stoppable
from puzzlereel.ground.outpaths import is_stream
from puzzlereel.ground.progress import Reporter
from puzzlereel.ground.words import duration, plural, search_seconds, whole
from puzzlereel.registry import Family
from puzzlereel.trace import (
    End,
    Event,
    Header,
    TraceError,
    checked,
    write_trace,
)

if TYPE_CHECKING:
    from puzzlereel.solvers.base import SolveOptions


class Unsolvable(PuzzlereelError):
    """The search proved that the puzzle has no solution (the trace says so too)."""

    exit_code = EXIT_UNSOLVABLE


class LimitReached(PuzzlereelError):
    """A limit (``--max-states``, the memory budget) stopped the search first."""

    exit_code = EXIT_LIMIT


class UntraceablePuzzle(PuzzlereelError):
    """A search whose trace the program's own readers would reject: the puzzle is
    beyond what a trace holds (a board too wide), or the solver wrote a move its rules
    refuse (a bug).  Nothing of it is written."""


def solve_events(loaded: Loaded[Any], options: SolveOptions) -> Iterator[Event]:
    """The trace events of an optimal solution (header, moves, end), as they come, each
    read back first as ``validate`` will read it (``trace.checked``); the config's
    top-level ``goal_text`` (the goal in words, for the video) goes into the header as
    its optional field of that name."""
    events = loaded.solver.solve(loaded.puzzle, options)
    goal = loaded.config.goal_text
    events = events if goal is None else _with_goal_text(events, goal)
    return _readable(checked(events, "the trace"), loaded.config.path)


def _readable(events: Iterator[Event], config: str) -> Iterator[Event]:
    try:
        yield from events
    except TraceError as exc:
        if exc.line == 1:
            raise UntraceablePuzzle(f"cannot be written as a trace: {exc.field}: "
                                    f"{exc.problem}", source=config) from None
        raise UntraceablePuzzle(f"the search wrote a trace its own reader rejects "
                                f"({exc}); nothing was written", source=config) from None


def _with_goal_text(events: Iterator[Event], goal: str) -> Iterator[Event]:
    from dataclasses import replace as _replace

    for event in events:
        if isinstance(event, Header) and "goal_text" not in event.fields:
            event = _replace(event, fields={**event.fields, "goal_text": goal})
        yield event


def solve_to(loaded: Loaded[Any], output: str | Path, options: SolveOptions,
             stdout: IO[str] | None = None) -> End | None:
    """Solve and write the trace to ``output`` ("-" = ``stdout``), a file atomically.

    The whole trace is written first; then a solved search is checked against the
    config's ``[solve] expect_moves`` (``check_expected``).  It is ``solve_traced``
    without the check of the outcome."""
    trace: IO[str] | str | Path = usable(stdout, "output") if str(output) == "-" else output
    return end_of(solve_traced(loaded, options, trace=trace, check=False))


def end_of(events: Sequence[Event]) -> End | None:
    """The trace's ``end`` event, or None when the last event is not one."""
    return events[-1] if events and isinstance(events[-1], End) else None


def solve_traced(loaded: Loaded[Any], options: SolveOptions, *,
                 trace: str | os.PathLike[str] | IO[str] | None = None, check: bool = True,
                 source: str | os.PathLike[str] | None = None) -> list[Event]:
    """Search ``loaded``'s puzzle and keep its trace's events; also write them to
    ``trace`` as they come (a path, written atomically, or a text stream such as stdout).

    A solved search is checked against ``[solve] expect_moves`` (``UnexpectedAnswer``)
    once the whole trace is written; with ``check``, a search that did not solve the
    puzzle raises ``Unsolvable`` / ``LimitReached`` naming ``source`` (the config).
    Every route to a search goes through here: the commands, ``run`` and the Python API."""
    events: list[Event] = []

    def kept() -> Iterator[Event]:
        for event in solve_events(loaded, options):
            events.append(event)
            yield event

    if trace is None:
        for _ in kept():
            pass
    elif isinstance(trace, (str, os.PathLike)):
        target = os.fspath(trace)
        with guarded(inputs=[loaded.config.path], outputs=[target]), \
                atomic_text(target) as handle:
            write_trace(kept(), handle)
    else:
        write_trace(kept(), trace)
    end = end_of(events)
    check_expected(loaded, end, options)
    if check:
        check_outcome(end, os.fspath(source) if source is not None else loaded.config.path)
    return events


def check_outcome(end: End | None, source: str | Path) -> None:
    """Raise ``Unsolvable`` / ``LimitReached`` / ``TraceError`` unless ``end`` says solved."""
    if end is None:
        raise TraceError("the solver wrote no 'end' event", source=str(source))
    if end.status == "unsolvable":
        raise Unsolvable("the puzzle has no solution "
                         f"({end.stats.get('reason', 'search space exhausted')})",
                         source=str(source))
    if end.status == "limit":
        limit = end.stats.get("limit")
        raise LimitReached(limit if isinstance(limit, str) and limit.startswith("stopped")
                           else "stopped by a limit before a solution was found"
                           + (f" ({limit})" if limit else ""), source=str(source))
    if end.status != "solved":
        raise TraceError(f"the search ended with status {end.status!r}", source=str(source))


def solve_config(config: str | Path, output: str, *, max_states: int | None = None,
                 max_memory: str | None = None, algorithm: str | None = None,
                 stdout: IO[str] | None = None) -> None:
    """``solve``: the trace of ``config`` to ``output`` ("-": ``stdout``), with a progress
    bar, stoppable by a signal at once; ``Unsolvable`` / ``LimitReached`` unless solved.
    A trace written to a file ends with one summary line on stderr (``Solved``; none
    with ``--quiet``); a trace going to stdout (``-``, ``/dev/stdout``, a pipe or a
    device named by ``-o``) has none, so that a pipeline's stderr holds only problems."""
    path = config_path(config)
    with guarded(inputs=[path], outputs=[output]):
        loaded = load_puzzle(path)
        trace: IO[str] | str = output
        if output == "-":
            trace = usable(stdout, "output")
        with Reporter("search") as bar:
            options = solve_options(max_states, algorithm, bar, max_memory=max_memory)
            events = run_stoppable(lambda: solve_traced(loaded, options, trace=trace,
                                                        source=config))
    if output != "-" and not is_stream(output):   # not a trace going to stdout
        console.summarise([Solved(output, loaded.family, end_of(events))])


@dataclass(frozen=True)
class Solved:
    """A trace that ``solve`` wrote to a file, and its line for people: "hakoiri.jsonl:
    81 moves, 23,822 positions, searched in 0.28 s"."""

    path: str
    family: Family
    end: End | None

    def summary(self) -> str:
        if self.end is None:
            return self.path
        parts = []
        count = found_count(self.family, self.end)
        if count is not None:
            parts.append(f"{whole(count)} {plural(self.family.count_noun, count)}")
        looked = explored(self.family, self.end.stats)
        if looked is not None:
            parts.append(f"{whole(looked[1])} {looked[0].lower()}")
        seconds = search_seconds(self.end.stats)
        if seconds is not None:
            parts.append(f"searched in {duration(seconds)}")
        return f"{self.path}: {', '.join(parts)}" if parts else self.path


__all__ = ["LimitReached", "Solved", "Unsolvable", "UntraceablePuzzle", "check_outcome",
           "end_of", "solve_config", "solve_events", "solve_to", "solve_traced"]
