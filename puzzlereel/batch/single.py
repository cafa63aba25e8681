"""``run`` with one config file: a batch's task and steps, done here, into the output
folder.

One config and many share the task (``planning.task_for``: its name, formats, render
options and limits), its steps (``task.Steps``: solve, see how the search ended, render
every format in one pass) and the manifest of the output folder: what is up to date is
not made again (``--force`` makes it all again), and what is made is recorded
(``running.store``).  What differs is what a user of one config sees: the steps run in
this process, the search on a second thread so that a signal stops it at once, with the
search's and the render's own progress bars and warnings printed as they come; the
files' paths are printed on stdout, the trace first, each once; and a config that is
not solved stops the command with its one line and exit code, as ``solve`` does,
instead of a summary table.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from puzzlereel.actions import flags
from puzzlereel.actions.draw import parse_formats, render_options
from puzzlereel.actions.solve import check_outcome
from puzzlereel.batch.ownership import check_made, seen
from puzzlereel.batch.planning import Batch, BatchOptions, Job, plan, task_for
from puzzlereel.batch.running import intend, record
from puzzlereel.batch.sources import Source
from puzzlereel.batch.task import Outcome, Steps
from puzzlereel.catalog.puzzles import config_path, puzzle_of
from puzzlereel.gallery.build import PAGE
from puzzlereel.ground import console, exits, interrupts
from puzzlereel.ground.config import load_config
from puzzlereel.ground.fileio import guarded, make_folder
from puzzlereel.ground.manifest import FILE_KINDS, POSTER, TRACE, file_name, sha256_file
from puzzlereel.ground.owners import Claims
from puzzlereel.ground.placing import placing, replaced_outputs
from puzzlereel.ground.progress import Reporter


class _Bars:
    """A task's progress as the command line's bars: one per stage ("search", "render")."""

    def __init__(self) -> None:
        self.stage = ""
        self.bar: Reporter | None = None

    def __call__(self, stage: str, label: str, done: int, total: int | None) -> None:
        if stage != self.stage or self.bar is None:
            self.close()
            self.stage = stage
            self.bar = Reporter(stage.split(" ", 1)[0])
        self.bar(label, done, total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def run_one(config: str | Path, out_dir: str | Path, given: Mapping[str, Any],
            formats: str | None = None, max_states: int | None = None,
            max_memory: str | None = None, *, with_gallery: bool = False,
            force: bool = False) -> list[Path]:
    """Solve ``config`` (a file or an example's name) and render every format its
    ``[render] formats`` (or ``formats``, "mp4,gif") names into ``out_dir``, unless they
    are up to date there (and not ``force``); print the files' paths and return them.
    Problems raise, as in ``solve``; an output that would be the config itself, or the
    gallery page (``with_gallery``), is refused before any work."""
    path = config_path(config)
    loaded = puzzle_of(load_config(path))
    render_options(loaded.config, given)       # its errors come before --formats'
    wanted = None if formats is None else parse_formats(formats)
    options = BatchOptions(Path(out_dir), given, wanted, max_states,
                           flags.memory_size(max_memory), force=force)
    task, _, _ = task_for(path, loaded.config, options)
    Claims(page=PAGE if with_gallery else None).take(
        task.name, str(path), FILE_KINDS if with_gallery else (TRACE, *task.formats))
    make_folder(out_dir)                           # a file in its place: one line
    batch = plan([Source(str(config), path)], options)
    if with_gallery and not force:      # its poster, which the gallery draws after it
        check_made(batch.manifest, task.name, path, (POSTER,))
    paths = [Path(out_dir) / file_name(task.name, kind) for kind in (TRACE, *task.formats)]
    done = batch.done.get(task.name)
    if done is not None:
        if done.status == "skipped" and not console.quiet():
            console.echo(f"puzzlereel: {task.name}: up to date in {out_dir} (--force makes "
                         "it again)", err=True)
        if done.counts_as != "solved":     # a bad config, or a search that did not solve it
            exits.fail(done.message, done.exit_code)
        return _printed(paths)
    (job,) = batch.jobs
    intend(batch)                  # its files are its own from the first one written
    bars = _Bars()
    steps = Steps(job.task, Path(out_dir), bars, stoppable=interrupts.run_stoppable,
                  collect=False)
    t0 = time.perf_counter()
    checks = job.placement.checks() if job.placement is not None else {}
    try:
        with guarded(inputs=[path], outputs=replaced_outputs(paths)), \
                placing(checks):
            steps.run(loaded)
    except BaseException:          # stopped or failed: what it made is recorded as the
        with contextlib.suppress(Exception):       # config's, the next run finishes it
            _record(batch, job, steps, time.perf_counter() - t0, tell=False)
        raise
    finally:
        bars.close()
    _record(batch, job, steps, time.perf_counter() - t0)   # only what this run made
    check_outcome(steps.end, Path(config))
    return _printed(paths)


def _record(batch: Batch, job: Job, steps: Steps, seconds: float, tell: bool = True) -> None:
    """Record the files the steps put in place in the output folder's manifest (as a
    batch does: ``running.record``), and say which older files left the folder
    (``tell``; a run that failed says only why)."""
    end = steps.end
    outcome = Outcome(job.task.name, steps.status, (),
                      end.status if end is not None else None, steps.answer,
                      end.moves if end is not None else None, steps.message,
                      steps.exit_code, seconds=round(seconds, 3))
    kinds = ([] if job.task.trace is not None else [TRACE]) + list(job.task.formats)
    placed = job.placement.placed if job.placement is not None else {}
    made = {}
    for kind in kinds:
        where = steps.path(kind)
        digest = sha256_file(where)
        if digest is not None and placed.get(where.name, False) == seen(where):
            made[kind] = (digest, where.stat().st_size)
    result = record(batch, job, outcome, made)
    batch.manifest.flush()
    if tell and not console.quiet():
        for note in result.warnings:
            console.echo(f"puzzlereel: warning: {note}", err=True)


def _printed(paths: list[Path]) -> list[Path]:
    for made in paths:
        console.echo(str(made))
    return paths


__all__ = ["run_one"]
