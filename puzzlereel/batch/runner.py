"""The ``run`` command: one config file (``single``), or many configs worked on in
parallel with an overview while they run and a summary table at the end.

A batch prints its summary (nothing with ``--quiet``) and the traceback of any
unexpected failure, then writes the gallery when asked, and exits with the worst of its
configs' codes (``running.exit_code``), else 1 when the gallery skipped a bad trace; a
signal stops it with that signal's line and code once the finished files are in place,
and no gallery.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzlereel.actions import flags
from puzzlereel.actions.draw import parse_formats, render_options
from puzzlereel.batch import single
from puzzlereel.batch.planning import BatchOptions, plan
from puzzlereel.batch.running import Observer, run_plan
from puzzlereel.batch.sources import collect, examples_over_outputs, is_batch
from puzzlereel.batch.summary import summary_lines
from puzzlereel.gallery import build as gallery
from puzzlereel.ground import console, exits
from puzzlereel.ground.errors import UsageError
from puzzlereel.ground.fileio import guarded

if TYPE_CHECKING:
    from puzzlereel.batch.dask_executor import DaskExecutor
    from puzzlereel.batch.executors import LocalExecutor

Overview = Callable[[], AbstractContextManager[Observer]]


def run(configs: Sequence[str], out_dir: Path, given: Mapping[str, Any], *,
        overview: Overview, formats: str | None = None, max_states: int | None = None,
        max_memory: str | None = None, jobs: int | None = None, force: bool = False,
        with_gallery: bool = False, executor: str = "local",
        scheduler: str | None = None) -> None:
    """``run CONFIG...``: one config file in this process (``single.run_one``), else a
    batch on ``executor`` watched by ``overview()``; then the gallery, if asked."""
    configs = examples_over_outputs(configs)
    if with_gallery:               # a page of the user's stops the run before any work
        gallery.check_page(out_dir, force)
    if executor == "local" and not is_batch(configs):
        if scheduler is not None:
            raise UsageError("--scheduler: only with --executor dask")
        single.run_one(configs[0], out_dir, given, formats, max_states, max_memory,
                       with_gallery=with_gallery, force=force)
        if with_gallery and (code := gallery.write_page(out_dir, force=force).exit_code):
            raise SystemExit(code)
        return
    options = BatchOptions(
        out_dir=out_dir, flags=given,
        formats=None if formats is None else parse_formats(formats),
        max_states=max_states, max_memory=flags.memory_size(max_memory), force=force,
        posters=with_gallery)
    code = run_batch(configs, options, overview, jobs=jobs, executor=executor,
                     scheduler=scheduler)
    if with_gallery:
        made = gallery.write_page(options.out_dir, show_path=not console.quiet(), force=force)
        code = code or made.exit_code
    if code:
        raise SystemExit(code)


def run_batch(configs: Sequence[str], options: BatchOptions, overview: Overview, *,
              jobs: int | None = None, executor: str = "local",
              scheduler: str | None = None) -> int:
    """Plan, work (``overview`` shows it), print the summary; return the run's exit code
    (a signal: exit at once, after its line)."""
    from puzzlereel.batch import executors

    render_options(None, options.flags)        # a bad option stops the run at once
    if executor not in executors.EXECUTORS:
        raise UsageError(f"--executor: {executor!r} is not one of: "
                         f"{', '.join(executors.EXECUTORS)}")
    if executor == "local" and scheduler is not None:
        raise UsageError("--scheduler: only with --executor dask")
    executors.check_scheduler(scheduler)
    sources = collect(configs)
    batch = plan(sources, options)
    workers = jobs or executors.default_jobs()
    inputs = [source.path for source in sources if source.path is not None]
    with guarded(inputs=inputs), overview() as observer:
        with (make(executor, workers, scheduler, tasks=len(batch.jobs))
              if batch.jobs
              else executors.Idle()) as where:
            report = run_plan(batch, where, observer)
    if not console.quiet():
        for line in summary_lines(report):
            console.echo(line)
    for result in report.results:
        if result.detail:                   # a bug's traceback, for the report
            console.echo(result.detail.rstrip(), err=True)
    if report.signal_code is not None:
        message = report.interrupted.message if report.interrupted is not None \
            else "interrupted"
        exits.fail(message, report.exit_code)
    return report.exit_code


def make(executor: str, jobs: int, scheduler: str | None = None, tasks: int | None = None
         ) -> LocalExecutor | DaskExecutor:
    """The executor ``run --executor EXECUTOR`` asks for, of ``jobs`` workers at most (and
    no more than ``tasks``, the tasks it will run, when given)."""
    from puzzlereel.batch.executors import EXECUTORS, LocalExecutor

    if executor not in EXECUTORS:
        raise UsageError(f"--executor: {executor!r} is not one of: {', '.join(EXECUTORS)}")
    if executor == "local":
        if scheduler is not None:
            raise UsageError("--scheduler: only with --executor dask")
        return LocalExecutor(jobs)
    from puzzlereel.batch.dask_executor import DaskExecutor

    return DaskExecutor(scheduler, jobs, tasks)


__all__ = ["make", "run", "run_batch"]
