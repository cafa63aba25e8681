"""What a batch ``run`` shows while it works, on stderr.

On a terminal (``--progress bar``, or ``auto`` with a TTY): one live display with the
overall bar (configs done of all, time left) and one line per running config (its
stage, its own progress), and above it a line for every config as it finishes.
Without a terminal (``plain``, or ``auto`` in logs and pipes): that one line per
finished config only — name, status, seconds, files written — so CI logs stay
readable.  ``none``: nothing.  ``--quiet``: only the configs that failed, one
``puzzlereel: ...`` line each, as a one-config ``run`` prints its error.

This is the command line's floor: it only prints.  The summary table at the end is
``batch.summary.summary_lines``, printed by ``batch.runner``.
"""

from __future__ import annotations

import contextlib
import sys
from typing import IO

from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    Progress,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from puzzlereel.batch.planning import Batch, Result
from puzzlereel.batch.running import Progressed
from puzzlereel.ground.escape import terminal_text
from puzzlereel.ground.progress import Reporter
from puzzlereel.ground.words import plural

FAILED = ("error", "unsolvable", "limit")
MARKS = {"solved": ("✓", "green"), "unsolvable": ("!", "yellow"), "limit": ("!", "yellow"),
         "error": ("✗", "red"), "interrupted": ("·", "dim"), "skipped": ("=", "dim")}


def resolve_mode(mode: str | None = None, stream: IO[str] | None = None) -> str:
    """``bar``, ``plain`` or ``none``: the global ``--progress`` mode (or ``mode``), with
    ``auto`` decided by whether ``stream`` is a terminal."""
    return Reporter("run", mode=mode, stream=stream or sys.stderr).mode


def finished_line(result: Result, index: int, total: int) -> str:
    """One finished config, for logs: ``[3/24] hakoiri-musume: solved, 81 moves, 3.2 s,
    wrote jsonl mp4 gif``."""
    parts = [result.status]
    if result.answer:
        parts.append(result.answer)
    parts.append(f"{result.seconds:.1f} s")
    if result.written:
        parts.append("wrote " + " ".join(result.written))
    line = f"[{index}/{total}] {result.name}: " + ", ".join(parts)
    if result.status in FAILED and result.message:
        line += f" ({result.message})"
    return line


class Overview:
    """The ``batch.running.Observer`` of the command line."""

    def __init__(self, mode: str | None, *, quiet: bool = False, stream: IO[str] | None = None):
        self.stream = stream if stream is not None else sys.stderr
        self.quiet = quiet
        self.mode = "none" if quiet else resolve_mode(mode, self.stream)
        self.total = 0
        self.count = 0
        self._live: Progress | None = None
        self._overall: TaskID | None = None
        self._tasks: dict[str, TaskID] = {}

    # ------------------------------------------------------------ the observer

    def begin(self, plan: Batch) -> None:
        self.total = len(plan.order)
        todo = len(plan.jobs)
        up = plan.up_to_date
        if self.mode != "none":
            self._line(f"{self.total} {plural('config', self.total)}: {up} up to date, "
                       f"{todo} to make"
                       + (f", {len(plan.done) - up} with errors" if len(plan.done) > up
                          else ""))
        if self.mode == "bar" and todo:
            self._start()
        for name in plan.order:
            result = plan.done.get(name)
            if result is not None and result.status != "skipped":
                self.finished(result)
            elif result is not None:
                self.count += 1
                self._advance()
                if self.quiet and result.counts_as in FAILED and result.message:
                    self._write(f"puzzlereel: {result.message}")   # why it still fails

    def started(self, name: str) -> None:
        if self._live is not None and name not in self._tasks:
            self._tasks[name] = self._live.add_task(f"  {escape(terminal_text(name))}",
                                                    total=None,
                                                    what="starting", eta=False)

    def progressed(self, event: Progressed) -> None:
        if self._live is None:
            return
        self.started(event.name)
        amount = f"{event.done:,}" if event.total is None else \
            f"{event.done:,}/{event.total:,}"
        what = f"{event.stage}: {event.label}" if event.label != "starting" else event.stage
        if event.done or event.total:
            what += f"  {amount}"
        self._live.update(self._tasks[event.name], completed=event.done, total=event.total,
                          what=escape(terminal_text(what)))

    def finished(self, result: Result) -> None:
        self.count += 1
        task = self._tasks.pop(result.name, None)
        if task is not None and self._live is not None:
            self._live.remove_task(task)
        self._advance()
        if self.quiet:
            if result.status in FAILED and result.message:
                self._write(f"puzzlereel: {result.message}")
            return
        if self.mode != "none":               # no progress lines; warnings all the same
            self._line(finished_line(result, self.count, self.total), result.status)
        for note in result.warnings:
            self._line(f"puzzlereel: warning: {result.name}: {note}")

    def close(self) -> None:
        if self._live is not None:
            with contextlib.suppress(Exception):
                self._live.stop()
            self._live = None

    # ------------------------------------------------------------ output

    def _start(self) -> None:
        console = Console(file=self.stream)
        self._live = Progress(TextColumn("{task.description}"), BarColumn(bar_width=24),
                              TextColumn("{task.fields[what]}"), TimeElapsedColumn(),
                              _Eta(), console=console, transient=True)
        self._overall = self._live.add_task("all configs", total=self.total,
                                            completed=self.count, what="", eta=True)
        self._advance()
        self._live.start()

    def _advance(self) -> None:
        if self._live is not None and self._overall is not None:
            self._live.update(self._overall, completed=self.count,
                              what=f"{self.count}/{self.total} "
                                   f"{plural('config', self.total)}")

    def _line(self, text: str, status: str | None = None) -> None:
        if self._live is not None:
            mark, colour = MARKS.get(status or "", ("", ""))
            prefix = f"[{colour}]{mark}[/] " if mark else ""
            self._live.console.print(prefix + escape(terminal_text(text)), highlight=False,
                                     soft_wrap=True)
            return
        self._write(text)

    def _write(self, text: str) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.stream.write(terminal_text(text) + "\n")
            self.stream.flush()

    def __enter__(self) -> Overview:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Eta(TimeRemainingColumn):
    """Time left, on the overall line only (a config's own time left is not known)."""

    def render(self, task: Task) -> Text:
        return super().render(task) if task.fields.get("eta") else Text("")


__all__ = ["Overview", "finished_line", "resolve_mode"]
