"""What the trace's search events cost: each case solved with ``SolveOptions(search_events
=False)`` and with them on (the default), alternately in one process, side by side.

Two times per side, medians over the runs:

- search s: ``end.stats.search_seconds``, the search alone (for N-Queens this holds the
  compiled count that also counts the queens placed when events are on);
- solve s: the whole ``solve`` call (search, building every event, the moves) less
  ``end.stats.load_seconds`` (loading compiled code and tables, the same either way).

A call that takes less than about 20 ms is repeated within a run so that the timer's
resolution does not matter; a run's time is the mean of its calls.  The family benchmarks
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
    from puzzlereel import app

    loaded = app.load_puzzle(config)

    def solve(options: SolveOptions) -> Iterator[Event]:
        return loaded.solver.solve(loaded.puzzle, dataclasses.replace(options, **overrides))

    return label, solve


def _once(solve: Solve, options: SolveOptions) -> tuple[float, float, int]:
    """(search seconds, solve seconds less loading, search events) of one call."""
    t0 = time.perf_counter()
    events = list(solve(options))
    wall = time.perf_counter() - t0
    end = events[-1]
    assert isinstance(end, End), end
    stats = end.stats
    return (float(stats.get("search_seconds", 0.0)),
            wall - float(stats.get("load_seconds", 0.0)),
            sum(isinstance(e, Search) for e in events))


def _run(solve: Solve, options: SolveOptions, reps: int) -> tuple[float, float, int]:
    """The mean (search, solve) seconds of ``reps`` calls, and the search events."""
    search = work = 0.0
    count = 0
    for _ in range(reps):
        s, w, count = _once(solve, options)
        search += s
        work += w
    return search / reps, work / reps, count


def measure(solve: Solve, runs: int) -> tuple[list[float], list[float], list[float],
                                              list[float], int]:
    """Per-run (search off, search on, solve off, solve on) seconds, and the number of
    search events written; runs alternate which side goes first."""
    _once(solve, ON)                                   # warm-up: compiled code, tables
    _once(solve, OFF)
    t0 = time.perf_counter()
    _once(solve, ON)
    reps = max(1, int(0.02 / max(time.perf_counter() - t0, 1e-7)))
    s_off: list[float] = []
    s_on: list[float] = []
    w_off: list[float] = []
    w_on: list[float] = []
    count = 0
    for i in range(runs):
        sides = (OFF, ON) if i % 2 == 0 else (ON, OFF)
        for options in sides:
            s, w, n = _run(solve, options, reps)
            if options.search_events:
                s_on.append(s)
                w_on.append(w)
                count = n
            else:
                s_off.append(s)
                w_off.append(w)
    return s_off, s_on, w_off, w_on, count


def _ratio(on: float, off: float) -> str:
    return f"{on / off:.3f}" if off > 0 else "-"


def table(cases: list[tuple[str, Solve]], runs: int, command: str) -> list[str]:
    """The Markdown lines of the cost table (printed as they come)."""
    lines: list[str] = []

    def out(line: str = "") -> None:
        lines.append(line)
        print(line, flush=True)

    out(f"Search events, run of {date.today().isoformat()}: `{command}`, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start; "
        f"medians of {runs} runs, events off and on alternately.")
    out()
    out("| case | search events | search s, off | search s, on | ratio | solve s, off | "
        "solve s, on | ratio |")
    out("|---|---:|---:|---:|---:|---:|---:|---:|")
    med = statistics.median
    for label, solve in cases:
        s_off, s_on, w_off, w_on, count = measure(solve, runs)
        so, sn, wo, wn = med(s_off), med(s_on), med(w_off), med(w_on)
        out(f"| {label} | {count} | {so:.6f} | {sn:.6f} | {_ratio(sn, so)} | {wo:.6f} | "
            f"{wn:.6f} | {_ratio(wn, wo)} |")
    out()
    out("search s: end.stats.search_seconds; solve s: the whole solve call less "
        "end.stats.load_seconds (search, every event built, the moves); ratio: on / off.")
    return lines


__all__ = ["OFF", "ON", "Solve", "config_case", "measure", "table"]
