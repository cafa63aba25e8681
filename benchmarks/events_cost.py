"""What the trace's search events cost: each case solved with ``SolveOptions(search_events
=False)`` and with them on (the default), alternately in one process, side by side.

Two times per side, medians over the runs:

- search s: ``end.stats.search_seconds``, the search alone (wall time; for N-Queens it
  holds the compiled walks: the listing of every solution, which with events on walks
  each first column in turn and counts the queens placed as it goes);
- solve CPU s: the processor time of the whole ``solve`` call (search, building every
  event, the moves, and loading, which after the warm-up is only finding the compiled
  code and tables again, the same either way).  Processor time, because on a shared
  machine another program's load changes wall times by more than the events cost.

A call that takes less than about 20 ms is repeated within a run so that the timer's
resolution does not matter; a run's time is the mean of its calls.  Runs come in pairs,
one with events off and one with them on, back to back, and a ratio is the median of the
pairs' on / off: a change of the machine's load between pairs cancels out.  The family benchmarks
print this table with ``--events-only`` (no reference program needed) and at the end of
a full run; ``--events-only --record`` writes it into the family's doc between the
``<name>_events`` markers.
"""

from __future__ import annotations

import dataclasses
import os
import statistics
import time
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

from puzzlereel.solvers.base import SolveOptions
from puzzlereel.trace import End, Event, Search

Solve = Callable[[SolveOptions], Iterator[Event]]

ON, OFF = SolveOptions(), SolveOptions(search_events=False)


def config_case(label: str, config: Path, **overrides: Any) -> tuple[str, Solve]:
    """A case: ``config`` solved by its family's solver, with ``overrides`` (such as
    ``algorithm="bfs"``) on top of each side's options."""
    from puzzlereel.catalog.puzzles import load_puzzle

    loaded = load_puzzle(config)

    def solve(options: SolveOptions) -> Iterator[Event]:
        return loaded.solver.solve(loaded.puzzle, dataclasses.replace(options, **overrides))

    return label, solve


def _once(solve: Solve, options: SolveOptions) -> tuple[float, float, int]:
    """(search seconds, solve processor seconds, search events) of one call."""
    t0 = time.process_time()
    events = list(solve(options))
    cpu = time.process_time() - t0
    end = events[-1]
    assert isinstance(end, End), end
    return (float(end.stats.get("search_seconds", 0.0)), cpu,
            sum(isinstance(e, Search) for e in events))


def _run(solve: Solve, options: SolveOptions, reps: int) -> tuple[float, float, int]:
    """The mean (search, solve processor) seconds of ``reps`` calls, and the search events."""
    search = cpu = 0.0
    count = 0
    for _ in range(reps):
        s, c, count = _once(solve, options)
        search += s
        cpu += c
    return search / reps, cpu / reps, count


@dataclasses.dataclass
class Pairs:
    """Each run's (off, on) times, the run's two sides measured back to back."""

    search: list[tuple[float, float]] = dataclasses.field(default_factory=list)
    cpu: list[tuple[float, float]] = dataclasses.field(default_factory=list)
    events: int = 0


def measure(solve: Solve, runs: int) -> Pairs:
    """``runs`` pairs of runs, events off and on back to back (which goes first
    alternates); a run repeats the call enough to take about 20 ms."""
    _once(solve, ON)                                   # warm-up: compiled code, tables
    _once(solve, OFF)
    t0 = time.perf_counter()
    _once(solve, ON)
    reps = max(1, int(0.02 / max(time.perf_counter() - t0, 1e-7)))
    pairs = Pairs()
    for i in range(runs):
        sides = (OFF, ON) if i % 2 == 0 else (ON, OFF)
        got = {}
        for options in sides:
            s, c, n = _run(solve, options, reps)
            got[options.search_events] = (s, c)
            if options.search_events:
                pairs.events = n
        pairs.search.append((got[False][0], got[True][0]))
        pairs.cpu.append((got[False][1], got[True][1]))
    return pairs


def _ratio(pairs: list[tuple[float, float]]) -> str:
    """The median of the runs' on / off ratios (pairs measured back to back, so a change
    of the machine's load between runs cancels out)."""
    ratios = [on / off for off, on in pairs if off > 0]
    return f"{statistics.median(ratios):.3f}" if ratios else "-"


def table(cases: list[tuple[str, Solve]], runs: int, command: str) -> list[str]:
    """The Markdown lines of the cost table (printed as they come)."""
    lines: list[str] = []

    def out(line: str = "") -> None:
        lines.append(line)
        print(line, flush=True)

    out(f"Search events, run of {date.today().isoformat()}: `{command}`, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start; "
        f"{runs} pairs of runs, events off and on back to back; medians.")
    out()
    out("| case | search events | search s, off | search s, on | ratio | solve CPU s, off | "
        "solve CPU s, on | ratio |")
    out("|---|---:|---:|---:|---:|---:|---:|---:|")
    med = statistics.median
    for label, solve in cases:
        p = measure(solve, runs)
        so, sn = med(a for a, _ in p.search), med(b for _, b in p.search)
        co, cn = med(a for a, _ in p.cpu), med(b for _, b in p.cpu)
        out(f"| {label} | {p.events} | {so:.6f} | {sn:.6f} | {_ratio(p.search)} | "
            f"{co:.6f} | {cn:.6f} | {_ratio(p.cpu)} |")
    out()
    out("search s: end.stats.search_seconds (wall); solve CPU s: processor time of the "
        "whole solve call (search, every event built, the moves); ratio: the median of "
        "the pairs' on / off.")
    return lines


__all__ = ["OFF", "ON", "Pairs", "Solve", "config_case", "measure", "table"]
