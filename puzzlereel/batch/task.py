"""One config's work: the ``Task`` sent to an executor, its steps, and its ``Outcome``.

A task carries everything it needs as plain values (the config's bytes, and the trace's
when only rendering is left), so it runs the same in a process of this machine or on
another machine.  ``Steps`` are the work itself, in a folder: solve (or take the trace
given), see how the search ended, render every format in one pass, draw the gallery's
poster.  ``execute`` does the steps in a private scratch folder and returns the files'
bytes in an ``Outcome``; it never raises for a bad config.  A run of one config file
does the same steps straight into the output folder (``batch.single``).
"""

from __future__ import annotations

import os
import tempfile
import time
import traceback
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from puzzlereel import __version__
from puzzlereel.actions.check import found_count
from puzzlereel.actions.draw import render_options, render_trace
from puzzlereel.actions.show import open_trace
from puzzlereel.actions.solve import LimitReached, Unsolvable, check_outcome, solve_to
from puzzlereel.batch.allocator import roomy_allocator
from puzzlereel.catalog.puzzles import Loaded, puzzle_of
from puzzlereel.gallery.posters import draw_poster
from puzzlereel.ground.config import load_config
from puzzlereel.ground.errors import EXIT_BAD_INPUT, EXIT_OK, PuzzlereelError
from puzzlereel.ground.filenames import safe_name
from puzzlereel.ground.manifest import POSTER, TRACE, file_name
from puzzlereel.ground.words import plural
from puzzlereel.trace import End, TraceError, end_of

if TYPE_CHECKING:
    from puzzlereel.render.options import RenderOptions

T = TypeVar("T")


class StageProgress(Protocol):
    """``report(stage, label, done, total)``: what a task is doing ("search",
    "render mp4+gif", "poster") and how far it is (``total`` may be None)."""

    def __call__(self, stage: str, label: str, done: int, total: int | None, /) -> None: ...


def no_report(stage: str, label: str, done: int, total: int | None, /) -> None:
    """A task's progress, shown nowhere."""


@dataclass(frozen=True)
class Task:
    """One config's work as sent to an executor: everything it needs, no shared files."""

    name: str                              # the config's name: outputs are <name>.<ext>
    source: str                            # the config as messages name it
    config_file: str                       # its file name
    config_text: bytes
    formats: tuple[str, ...]               # the formats to render
    poster: bool = False                   # also draw the gallery's poster
    flags: Mapping[str, Any] = field(default_factory=dict)   # render options given
    max_states: int | None = None
    max_memory: int | None = None
    trace: bytes | None = None             # a current trace to render; None: solve first
    trace_source: str = ""                 # how messages name the trace
    version: str = __version__             # the run's puzzlereel: a worker must match


@dataclass(frozen=True)
class Product:
    """One file a task made: its kind (``jsonl``, ``mp4``, ..., ``poster``) and bytes."""

    kind: str
    data: bytes


@dataclass(frozen=True)
class Outcome:
    """What a task came to: its status, the files it made (the trace first) and why."""

    name: str
    status: str                            # solved / unsolvable / limit / error
    products: tuple[Product, ...] = ()
    searched: str | None = None            # how the search ended, once it has (and checked)
    answer: str = ""                       # "81 moves", "92 solutions"
    moves: int | None = None
    message: str = ""                      # the error line, or why there is no solution
    exit_code: int = EXIT_OK
    seconds: float = 0.0
    warnings: tuple[str, ...] = ()
    detail: str = ""                       # the traceback of an unexpected failure


def _direct(work: Callable[[], T]) -> T:
    return work()


class Steps:
    """A task's steps in ``folder`` and what they came to.  ``stoppable`` runs the search
    (a run of one config hands it to a second thread, so that a signal stops it at
    once); ``collect``: keep each file's bytes as a ``Product``; ``written`` receives the
    renderer's account of each file it wrote."""

    def __init__(self, task: Task, folder: Path, report: StageProgress = no_report, *,
                 stoppable: Callable[[Callable[[], End | None]], End | None] = _direct,
                 collect: bool = True) -> None:
        self.task = task
        self.folder = folder
        self.report = report
        self.stoppable = stoppable
        self.collect = collect
        self.products: list[Product] = []
        self.written: list[Any] = []
        self.end: End | None = None
        self.status = "error"
        self.answer = ""
        self.message = ""
        self.exit_code = EXIT_OK

    def keep(self, kind: str, path: Path) -> None:
        if self.collect:
            self.products.append(Product(kind, path.read_bytes()))

    def path(self, kind: str) -> Path:
        """Where this task's file of ``kind`` is made."""
        return self.folder / file_name(self.task.name, kind)

    def run(self, loaded: Loaded[Any]) -> None:
        task = self.task
        options, explicit = render_options(loaded.config, task.flags)
        trace = self.path(TRACE)
        if task.trace is None:
            end = self.solve(loaded, trace)
        else:       # a current trace, given: in the folder already (a run of one config)
            if not (trace.is_file() and trace.read_bytes() == task.trace):
                trace.write_bytes(task.trace)
            end = end_of(task.trace, task.trace_source)
        self.end = end
        count = found_count(loaded.family, end)
        self.answer = "" if count is None \
            else f"{count:,} {plural(loaded.family.count_noun, count)}"
        if end.status == "solved":
            self.status = "solved"
        else:
            try:
                check_outcome(end, task.source)
            except Unsolvable as exc:
                self.status, self.message, self.exit_code = "unsolvable", str(exc), exc.exit_code
            except LimitReached as exc:
                self.status, self.message, self.exit_code = "limit", str(exc), exc.exit_code
        if self.status == "solved" and task.formats:
            self.render(trace, options, explicit)
        if task.poster:
            self.report("poster", "ending", 0, None)
            draw_poster(trace, self.path(POSTER), options, explicit, task.trace_source)
            self.keep(POSTER, self.path(POSTER))

    def solve(self, loaded: Loaded[Any], trace: Path) -> End:
        from puzzlereel.solvers.base import SolveOptions

        def progress(label: str, done: int, total: int | None) -> None:
            self.report("search", label, done, total)

        self.report("search", "starting", 0, None)
        options = SolveOptions(max_states=self.task.max_states,
                               max_memory=self.task.max_memory, progress=progress)
        try:
            end = self.stoppable(lambda: solve_to(loaded, trace, options))
        finally:
            if trace.exists():       # a whole trace, also when its answer was unexpected
                self.keep(TRACE, trace)
        if end is None:
            raise TraceError("the solver wrote no 'end' event", source=self.task.source)
        return end

    def render(self, trace: Path, options: RenderOptions, explicit: frozenset[str]) -> None:
        formats = self.task.formats
        stage = "render " + "+".join(formats)

        def progress(label: str, done: int, total: int | None) -> None:
            self.report(stage, label, done, total)

        self.report(stage, "starting", 0, None)
        files = [(fmt, self.path(fmt)) for fmt in formats]
        with open_trace(str(trace)) as (stream, _):
            render_trace(stream, self.task.trace_source, files, options,
                         explicit=explicit, progress=progress, written=self.written)
        for fmt, path in files:
            self.keep(fmt, path)


def execute(task: Task, report: StageProgress = no_report, *,
            scratch: str | Path | None = None) -> Outcome:
    """Do one task's steps in a private folder under ``scratch`` and return its files.

    Never raises for a problem with the config or trace: every ``PuzzlereelError``, I/O
    error or unexpected failure becomes an outcome with status ``error``.  A signal
    (``Interrupted``, ``KeyboardInterrupt``) is not caught."""
    t0 = time.perf_counter()
    if task.version != __version__:
        return Outcome(task.name, "error", message=f"{task.source}: this worker runs "
                       f"puzzlereel {__version__}, the run {task.version}; install the same "
                       "version on both", exit_code=EXIT_BAD_INPUT)
    with tempfile.TemporaryDirectory(prefix="puzzlereel-unit-", dir=scratch) as name, \
            warnings.catch_warnings(record=True) as caught, roomy_allocator():
        warnings.simplefilter("always")
        folder = Path(name)

        def local(text: str) -> str:
            """A message with the scratch folder's paths replaced by the user's names."""
            config = str(folder / safe_name(task.config_file, "config.toml"))
            return text.replace(config, task.source).replace(str(folder) + os.sep, "")

        steps = Steps(task, folder, report)
        failed: tuple[str, int, str] | None = None
        try:
            config_file = folder / safe_name(task.config_file, "config.toml")
            config_file.write_bytes(task.config_text)
            steps.run(puzzle_of(replace(load_config(config_file), path=task.source)))
        except PuzzlereelError as exc:
            failed = (str(exc), exc.exit_code, "")
        except MemoryError:
            failed = (f"{task.source}: out of memory", EXIT_BAD_INPUT, "")
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            failed = (f"{task.source}: {where}{exc.strerror or exc}", EXIT_BAD_INPUT, "")
        except Exception as exc:  # noqa: BLE001 - a bug: reported, the other tasks go on
            failed = (f"{task.source}: internal error: {type(exc).__name__}: {exc}",
                      EXIT_BAD_INPUT, traceback.format_exc())
        notes = tuple(dict.fromkeys(local(str(w.message)) for w in caught))
    end = steps.end
    outcome = Outcome(task.name, steps.status, tuple(steps.products),
                      end.status if end is not None else None, steps.answer,
                      end.moves if end is not None else None, steps.message,
                      steps.exit_code, seconds=round(time.perf_counter() - t0, 3),
                      warnings=notes)
    if failed is not None:
        message, code, detail = failed
        outcome = replace(outcome, status="error", message=local(message), exit_code=code,
                          detail=detail)
    return outcome


__all__ = ["Outcome", "Product", "StageProgress", "Steps", "Task", "execute", "no_report"]
