"""Running a plan: its tasks on an executor, each returned file written atomically
into the output folder and recorded in the manifest (so a stopped run leaves finished
files and no partial one), an ``Observer`` told what happens, and the run's exit code,
the worst of its configs'."""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from puzzlereel.batch.planning import SEVERITY, Batch, Job, Keys, Result, naming
from puzzlereel.batch.task import Outcome, Task
from puzzlereel.catalog import examples as catalog
from puzzlereel.ground.errors import EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE
from puzzlereel.ground.fileio import OutputError, atomic_path, remove_output
from puzzlereel.ground.manifest import TRACE, ConfigRecord, OutputRecord, file_name, sha256_bytes
from puzzlereel.ground.owners import remove_outputs
from puzzlereel.ground.placing import placing
from puzzlereel.ground.writers import writer

if TYPE_CHECKING:
    from puzzlereel.ground.interrupts import Interrupted


@dataclass(frozen=True)
class Started:
    """A task began on a worker."""

    name: str


@dataclass(frozen=True)
class Progressed:
    """A task's progress: its stage and how far it is."""

    name: str
    stage: str
    label: str
    done: int
    total: int | None


@dataclass(frozen=True)
class Finished:
    """A task came back with its outcome."""

    outcome: Outcome


RunEvent = Started | Progressed | Finished


class Executor(Protocol):
    """Where tasks run: each task in, its ``Outcome`` (files and a status) out, and
    ``Started`` / ``Progressed`` events on the way (``puzzlereel.batch.executors``)."""

    def submit(self, tasks: Sequence[Task]) -> None:
        """Queue every task (they start as workers are free, in this order)."""

    def events(self, timeout: float) -> list[RunEvent]:
        """What happened since the last call, waiting up to ``timeout`` seconds for it."""
        return []

    def cancel(self) -> None:
        """Stop every task now (the run was interrupted); nothing more comes back."""


class Observer(Protocol):
    """Who watches a batch (the command line's overview)."""

    def begin(self, plan: Batch) -> None: ...

    def started(self, name: str) -> None: ...

    def progressed(self, event: Progressed) -> None: ...

    def finished(self, result: Result) -> None: ...


@dataclass(frozen=True)
class Report:
    """A batch's results, in the order the configs were given."""

    results: tuple[Result, ...]
    seconds: float
    interrupted: Interrupted | None = None
    signal_code: int | None = None         # 128 + the signal's number, when one stopped it

    @property
    def exit_code(self) -> int:
        return exit_code(self.results, self.signal_code)

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)


def exit_code(results: Iterable[Result], signal_code: int | None = None) -> int:
    """The run's exit code: a signal's, else 2 when an option could not be used with a
    config (as that config alone would exit), else that of the worst status
    (``SEVERITY``) any config ended with (a skipped config counts as its recorded
    status), else 0."""
    if signal_code is not None:
        return signal_code
    results = list(results)
    if any(r.counts_as == "error" and r.exit_code == EXIT_USAGE for r in results):
        return EXIT_USAGE
    seen = {r.counts_as for r in results}
    for status, code in SEVERITY:
        if status in seen:
            return code
    return EXIT_OK


def run_plan(batch: Batch, executor: Executor, observer: Observer, *,
             poll: float = 0.1) -> Report:
    """Run the plan's jobs on ``executor``, writing and recording each config's files as
    it finishes.  A signal (``Interrupted`` or ``KeyboardInterrupt``) cancels the rest:
    what finished stays, the tasks still running leave nothing, and their results say
    ``interrupted``."""
    from puzzlereel.ground.interrupts import Interrupted

    t0 = time.monotonic()
    results = dict(batch.done)
    for name in batch.unusable:
        results[name] = batch.done[name] = forget_failed(batch, results[name])
    observer.begin(batch)
    pending = {job.task.name: job for job in batch.jobs}
    stopped: Interrupted | None = None
    code: int | None = None
    try:
        if pending:
            intend(batch)
            executor.submit([job.task for job in batch.jobs])
        while pending:
            for event in executor.events(poll):
                if isinstance(event, Started):
                    observer.started(event.name)
                elif isinstance(event, Progressed):
                    observer.progressed(event)
                elif event.outcome.name in pending:
                    job = pending.pop(event.outcome.name)
                    result = store(batch, job, event.outcome)
                    results[result.name] = result
                    observer.finished(result)
    except (Interrupted, KeyboardInterrupt) as exc:
        executor.cancel()
        batch.manifest.flush()
        stopped = exc if isinstance(exc, Interrupted) else None
        code = exc.exit_code if isinstance(exc, Interrupted) else 130
        for name, job in pending.items():
            unstarted(batch, job)
            results[name] = Result(name, job.task.source, "interrupted",
                                   message=f"{job.task.source}: interrupted",
                                   exit_code=code)
    batch.manifest.flush()
    ordered = tuple(results[name] for name in batch.order if name in results)
    return Report(ordered, time.monotonic() - t0, stopped, code)


def intend(batch: Batch) -> None:
    """Record in the manifest, before any is written, every file the plan's jobs may
    write: a run stopped before it records them leaves them their configs'."""
    for job in batch.jobs:
        batch.manifest.intend(job.task.name, job.task.source, job.files())
    batch.manifest.save()


def store(batch: Batch, job: Job, outcome: Outcome) -> Result:
    """Write a task's files into the output folder (each atomically, the trace first,
    each checked as it is put in place: ``ownership.Placement``) and record them in the
    manifest; the config's summary line.  A file that cannot be put in place (a folder
    there, a file of the user's that came meanwhile) is that config's error: what was
    written before it is recorded, and the run goes on."""
    out = Path(batch.options.out_dir)
    made: dict[str, tuple[str, int]] = {}
    checks = job.placement.checks() if job.placement is not None else {}
    with placing(checks):
        for product in outcome.products:
            try:
                with atomic_path(out / file_name(job.task.name, product.kind)) as tmp:
                    tmp.write_bytes(product.data)
            except (OutputError, OSError) as exc:
                outcome = replace(outcome, status="error", message=_why(exc),
                                  exit_code=EXIT_BAD_INPUT)
                break
            made[product.kind] = (sha256_bytes(product.data), len(product.data))
    return record(batch, job, outcome, made)


def _why(exc: OutputError | OSError) -> str:
    if isinstance(exc, OutputError):
        return str(exc)
    return f"{exc.filename}: {exc.strerror or exc}" if exc.filename else str(exc)


def record(batch: Batch, job: Job, outcome: Outcome, made: Mapping[str, tuple[str, int]]
           ) -> Result:
    """Record in the manifest the files of ``made`` (kind -> (SHA-256, size)), already in
    the output folder, the trace first; remove what else the manifest records as the
    config's when a new trace makes it older; the config's summary line."""
    task, manifest = job.task, batch.manifest
    entry = manifest.entries.get(task.name)
    mine = entry is not None and entry.made_by(task.source)
    r = _Recording(Path(batch.options.out_dir), job, outcome, entry, mine,
                   dict(entry.outputs) if (entry and mine and task.trace) else {})
    r.note(made, manifest.left)
    if entry is not None and _made_older(r):
        # what else the manifest records under the config's name was made from an older
        # version of it (or, --force, from another config of that name)
        r.stale = remove_outputs(r.out, entry, keep=r.written)
        r.stale += [file for file in _unsettled(r.out, entry, r.outputs)  # a stopped run's
                    if remove_output(r.out / file)]
    after = _entry_after(r)
    if after is None:
        manifest.entries.pop(task.name, None)
    else:
        manifest.entries[task.name] = after
    manifest.changed()
    notes = outcome.warnings
    if r.stale:
        whose = "an older version of the config" if mine or entry is None \
            else entry.shown()
        notes += (f"removed {', '.join(r.stale)}: made from {whose}",)
    message = outcome.message
    if outcome.status == "error":
        message = naming(message, task.source)
    return Result(task.name, task.source, outcome.status, outcome.answer, outcome.moves,
                  outcome.seconds, tuple(r.written), message, outcome.exit_code,
                  warnings=notes, detail=outcome.detail)


@dataclass
class _Recording:
    """One task being recorded: the output folder, the task's job and outcome, the
    manifest's entry for its config's name before it (``mine``: that entry is this
    config's), the outputs the entry is to list, the kinds of file it wrote and the
    older files it removed."""

    out: Path
    job: Job
    outcome: Outcome
    entry: ConfigRecord | None
    mine: bool
    outputs: dict[str, OutputRecord]
    written: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)

    def note(self, made: Mapping[str, tuple[str, int]], left: dict[str, str]) -> None:
        """List the files of ``made`` in ``outputs``, the trace first, each with what it
        was made from; a file a gone config left is taken over."""
        task, keys = self.job.task, self.job.keys
        trace_sha = self.job.trace_sha
        for kind, (sha, size) in made.items():
            self.written.append(kind)
            if kind == TRACE:
                trace_sha = sha
                made_from = keys.trace_from()
            else:
                assert trace_sha is not None, "a render always follows its trace"
                made_from = keys.made_from(kind, trace_sha)
            self.outputs[kind] = OutputRecord(file_name(task.name, kind), sha, size, made_from)
            left.pop(self.outputs[kind].file, None)       # a gone config's: taken over

    def unsettled(self, outputs: Mapping[str, OutputRecord]) -> dict[str, str]:
        return _unsettled(self.out, self.entry, outputs)


def _made_older(r: _Recording) -> bool:
    """Whether this task makes the entry's files older: a new search that found a trace,
    or one for a config that is not the entry's or changed since it was made."""
    return r.job.task.trace is None and (r.outcome.searched is not None or not r.mine
                                         or not _current(r.entry, r.job.keys))


def _entry_after(r: _Recording) -> ConfigRecord | None:
    """The config's entry after this task (None: no entry), by the first ownership rule
    that holds, in this order: a given trace rendered, a search that ended, files of a
    search that did not end; else nothing was written, and the entry is dropped when it
    is another config's, older, or its files are gone, and kept otherwise."""
    if r.job.task.trace is not None:
        return _rendered(r)
    if r.outcome.searched is not None:
        return _searched(r)
    if r.written:
        return _unfinished(r)
    if r.stale or not r.mine or not _current(r.entry, r.job.keys):
        return None
    return _kept(r)


def _rendered(r: _Recording) -> ConfigRecord | None:
    """Renders of a given trace: the entry lists them too."""
    if r.entry is None:
        return None
    return replace(r.entry, outputs=r.outputs, writing=r.unsettled(r.outputs),
                   render=r.job.render)


def _searched(r: _Recording) -> ConfigRecord:
    """A search that ended (its trace good): a new entry, of this config."""
    task, config, outcome = r.job.task, r.job.config, r.outcome
    assert outcome.searched is not None
    return ConfigRecord(config=task.source, path=os.path.abspath(task.source),
                 status=outcome.searched, answer=outcome.answer,
                 moves=outcome.moves, seconds=outcome.seconds,
                 title=config.title or task.name, family=config.puzzle_type,
                 description=catalog.description(config.text, 160), message=(
                     outcome.message if outcome.status != "error" else ""),
                 outputs=r.outputs, writing=r.unsettled(r.outputs), render=r.job.render)


def _unfinished(r: _Recording) -> ConfigRecord:
    """Files of a search that did not end: the config's, with what the entry held of
    this config and was not removed, each made again next run."""
    task, config, entry = r.job.task, r.job.config, r.entry
    kept = {kind: output for kind, output in entry.outputs.items()
            if output.file not in r.stale} if entry is not None and r.mine else {}
    return ConfigRecord(config=task.source, path=os.path.abspath(task.source), status="error",
                 title=config.title or task.name, family=config.puzzle_type,
                 outputs={**kept, **{kind: replace(output, made_from={})
                                     for kind, output in r.outputs.items()}},
                 writing=r.unsettled(r.outputs), render=r.job.render)


def _kept(r: _Recording) -> ConfigRecord | None:
    """Nothing written, the entry this config's and current: kept as it is, its files
    being written by others brought up to date."""
    assert r.entry is not None
    return replace(r.entry, writing=r.unsettled(r.entry.outputs))


def _unsettled(folder: Path, entry: ConfigRecord | None, outputs: Mapping[str, OutputRecord]
               ) -> dict[str, str]:
    """The files ``entry`` lists as being written by another run (one that stopped
    before recording them: still the config's, each made again, as nothing records what
    it was made from) that ``outputs`` do not record and that are in the folder.  Those
    this run meant to write and did not are no longer listed as its: a file there now
    is not its own."""
    recorded = {output.file for output in outputs.values()}
    others = {file: " ".join(w for w in who.split() if w != writer())
              for file, who in (entry.writing if entry is not None else {}).items()
              if file not in recorded and os.path.lexists(folder / file)}
    return {file: who for file, who in others.items() if who}


def unstarted(batch: Batch, job: Job) -> None:
    """A job that wrote nothing (the run was stopped first): its entry as it was before
    the run meant to write (no file listed as this run's; none when the run made it)."""
    manifest = batch.manifest
    entry = manifest.entries.get(job.task.name)
    if entry is None:
        return
    writing = _unsettled(Path(batch.options.out_dir), entry, entry.outputs)
    if entry.outputs or writing:
        manifest.entries[job.task.name] = replace(entry, writing=writing)
    else:
        del manifest.entries[job.task.name]
    manifest.changed()


def _current(entry: ConfigRecord | None, keys: Keys) -> bool:
    """Whether ``entry``'s trace was made from what the config is now (a re-run that
    failed then leaves it and its renders be: they are still the config's)."""
    if entry is None or TRACE not in entry.outputs:
        return False
    return dict(entry.outputs[TRACE].made_from) == keys.trace_from()


def forget_failed(batch: Batch, result: Result) -> Result:
    """A config that could not be used at all this run (unreadable now): its outputs
    of an earlier version leave the folder and the manifest (not those the manifest
    records as another config's of the same name)."""
    entry = batch.manifest.entries.get(result.name)
    if entry is None or not entry.made_by(result.source):
        return result
    del batch.manifest.entries[result.name]
    stale = remove_outputs(batch.options.out_dir, entry)
    batch.manifest.changed()
    notes = (f"removed {', '.join(stale)}: made from an older version of the config",)
    return replace(result, warnings=result.warnings + notes) if stale else result


__all__ = ["Executor", "Finished", "Observer", "Progressed", "Report", "RunEvent", "Started",
           "exit_code", "intend", "record", "run_plan", "store"]
