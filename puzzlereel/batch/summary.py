"""The table a run ends with: a line per config, a verdict, the problems."""

from __future__ import annotations

from collections.abc import Iterator

from puzzlereel.batch.planning import RESULT_STATUSES, SEVERITY, Result
from puzzlereel.batch.running import Report
from puzzlereel.ground.errors import EXIT_USAGE
from puzzlereel.ground.words import plural

_HEADER = ("config", "status", "moves", "seconds", "files")
_RIGHT = {2, 3}          # the columns of numbers, aligned to the right


def summary_lines(report: Report) -> Iterator[str]:
    """The summary table (config, status, moves, seconds, files written), then one line
    for the whole run and one per config that did not succeed."""
    rows = [_HEADER, *(_row(r) for r in report.results)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_HEADER))]
    for row in rows:
        cells = [cell.rjust(w) if i in _RIGHT else cell.ljust(w)
                 for i, (cell, w) in enumerate(zip(row, widths))]
        yield "  ".join(cells).rstrip()
    yield ""
    yield verdict(report)
    problems = [r for r in report.results if r.counts_as in ("error", "unsolvable", "limit")
                or r.status == "interrupted"]
    for r in problems:
        if r.status != "interrupted":
            yield "  " + (r.message or f"{r.source}: {r.counts_as}")


def _row(r: Result) -> tuple[str, str, str, str, str]:
    """A config's line of the table: its name, how it ended (a config skipped as up to
    date: with what it was), its answer, its time and the files it wrote."""
    status = f"{r.status} ({r.recorded})" if r.status == "skipped" and \
        r.recorded != "solved" else r.status
    moves = (f"{r.moves:,}" if r.moves is not None and r.answer.endswith(
        ("move", "moves")) else r.answer) or "-"
    seconds = f"{r.seconds:.1f}" if r.status not in ("skipped", "interrupted") and \
        r.source else "-"
    files = " ".join(r.written) or "-"
    return (r.name, status, moves, seconds, files)


def verdict(report: Report) -> str:
    """One line for the whole run: how many configs, how each ended, the exit code."""
    n = len(report.results)
    parts = [f"{report.count(s)} {s}" for s in RESULT_STATUSES if s != "skipped"
             and report.count(s)]
    if report.count("skipped"):
        parts.append(f"{report.count('skipped')} up to date")
    code = report.exit_code
    line = f"{n} {plural('config', n)} in {report.seconds:.1f} s: " + \
        (", ".join(parts) or "nothing to do")
    if report.signal_code is not None:
        running = report.count("interrupted")
        return line + f"; exit {code} (stopped by a signal; {running} not finished)"
    if code == EXIT_USAGE:
        names = [r.name for r in report.results if r.exit_code == EXIT_USAGE]
        shown = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
        return line + f"; exit {code} (an option that cannot be used: {shown})"
    if code:
        worst = next(status for status, c in SEVERITY if c == code)
        names = [r.name for r in report.results if r.counts_as == worst]
        shown = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
        why = {"error": "bad input", "limit": "a limit stopped the search",
               "unsolvable": "no solution"}[worst]
        return line + f"; exit {code} ({why}: {shown})"
    return line + "; exit 0"


__all__ = ["summary_lines", "verdict"]
