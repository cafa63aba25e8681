"""What each config of a run must make: its task, the hashes its files are made from,
and the results known before any work (skipped, or a config that cannot be used)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzlereel import __version__
from puzzlereel.actions import draw
from puzzlereel.batch.ownership import Placement, check_made
from puzzlereel.batch.sources import NoConfig, Source
from puzzlereel.batch.task import Task
from puzzlereel.catalog.puzzles import family_of
from puzzlereel.ground.config import Config, load_config
from puzzlereel.ground.errors import (
    EXIT_BAD_INPUT,
    EXIT_LIMIT,
    EXIT_OK,
    EXIT_UNSOLVABLE,
    PuzzlereelError,
)
from puzzlereel.ground.fileio import OutputError, check_outputs
from puzzlereel.ground.filenames import safe_name
from puzzlereel.ground.manifest import (
    FILE_KINDS,
    POSTER,
    TRACE,
    Manifest,
    file_name,
    key_of,
    sha256_bytes,
)
from puzzlereel.ground.owners import Claims
from puzzlereel.ground.placing import replaced_outputs

if TYPE_CHECKING:
    from puzzlereel.render.options import RenderOptions

# What became of a config in a run.  "skipped": up to date, nothing made (its recorded
# outcome still counts for the exit code); "interrupted": a signal stopped the run first.
RESULT_STATUSES = ("solved", "unsolvable", "limit", "error", "skipped", "interrupted")
# When configs end differently, the run's exit code is that of the first status here that
# occurs: a config that could not be used at all (bad input, 1) comes first, then a search
# that a limit cut short (4: the work is unfinished), then a proof that there is no
# solution (3: a complete answer).  A signal overrides them all (128 + its number).
SEVERITY: tuple[tuple[str, int], ...] = (("error", EXIT_BAD_INPUT), ("limit", EXIT_LIMIT),
                                         ("unsolvable", EXIT_UNSOLVABLE))


@dataclass(frozen=True)
class BatchOptions:
    """How a run works: where outputs go and the options that apply to every config."""

    out_dir: Path
    flags: Mapping[str, Any] = field(default_factory=dict)   # render options given (None:
    formats: tuple[str, ...] | None = None                   # not given); --formats
    max_states: int | None = None
    max_memory: int | None = None
    force: bool = False                    # make everything again
    posters: bool = False                  # also the gallery's poster of every config


@dataclass(frozen=True)
class Keys:
    """The content hashes one config's outputs are made from."""

    config: str
    solve: str
    render: Mapping[str, str]              # output kind -> render options' hash

    def trace_from(self) -> dict[str, str]:
        return {"config": self.config, "solve": self.solve, "puzzlereel": __version__}

    def made_from(self, kind: str, trace: str) -> dict[str, str]:
        return {"config": self.config, "trace": trace, "render": self.render[kind],
                "puzzlereel": __version__}


@dataclass(frozen=True)
class Job:
    """A task to run and what recording its outputs needs."""

    task: Task
    keys: Keys
    config: Config
    trace_sha: str | None                  # the current trace's hash (render-only tasks)
    expected: float                        # seconds the last run took (for the order)
    placement: Placement | None = None     # its outputs' owners, checked as each is put
    render: Mapping[str, Any] = field(default_factory=dict)   # [render] keys and flags

    def files(self) -> list[str]:
        """The names of the files this job may write in the output folder."""
        task = self.task
        kinds = ((TRACE,) if task.trace is None else ()) + task.formats + \
            ((POSTER,) if task.poster else ())
        return [file_name(task.name, kind) for kind in kinds]


@dataclass(frozen=True)
class Result:
    """One config's line of the summary."""

    name: str
    source: str
    status: str                            # one of STATUSES
    answer: str = ""
    moves: int | None = None
    seconds: float = 0.0
    written: tuple[str, ...] = ()          # the output kinds written in this run
    message: str = ""
    exit_code: int = EXIT_OK
    recorded: str = ""                     # skipped: the status recorded for it
    warnings: tuple[str, ...] = ()
    detail: str = ""

    @property
    def counts_as(self) -> str:
        """The status that decides the exit code (a skipped config's recorded one)."""
        return self.recorded if self.status == "skipped" else self.status


@dataclass
class Batch:
    """A batch decided: the results known before any work, and the jobs to run."""

    options: BatchOptions
    manifest: Manifest
    order: list[str]                       # every config's name, in the order given
    done: dict[str, Result]
    jobs: list[Job]
    unusable: list[str] = field(default_factory=list)   # configs unreadable now: their
                                                         # older outputs are stale

    @property
    def up_to_date(self) -> int:
        return sum(1 for r in self.done.values() if r.status == "skipped")


def naming(message: str, source: str) -> str:
    """A config's error line, beginning with the config (a problem with an option says
    which config it met it in)."""
    return message if message.startswith(source) else f"{source}: {message}"


def render_keys(options: RenderOptions, explicit: frozenset[str],
                kinds: Iterable[str]) -> dict[str, str]:
    """Each output kind's hash of the render options it is drawn with."""
    base = {"options": asdict(options), "explicit": sorted(explicit)}
    return {kind: key_of({**base, "kind": kind}) for kind in kinds}


def task_for(path: Path, config: Config, options: BatchOptions
             ) -> tuple[Task, RenderOptions, frozenset[str]]:
    """The task that makes everything ``config`` (read from ``path``) asks for under
    ``options``, with the render options it is drawn with and those the user set."""
    render_options, explicit = draw.render_options(config, options.flags)
    formats = tuple(dict.fromkeys(options.formats or render_options.formats))
    name = safe_name(config.name)
    task = Task(name=name, source=str(path), config_file=safe_name(path.name, "config.toml"),
                config_text=config.text.encode("utf-8"), formats=formats,
                poster=options.posters, flags=dict(options.flags),
                max_states=options.max_states, max_memory=options.max_memory,
                trace_source=str(Path(options.out_dir) / file_name(name, TRACE)))
    return task, render_options, explicit


def plan(sources: Sequence[Source], options: BatchOptions,
         manifest: Manifest | None = None) -> Batch:
    """Decide every config's work from the manifest of ``options.out_dir``.  A config
    whose outputs would be one of the run's configs, or would share a name with another
    config's output or the gallery page, is an error and makes nothing."""
    from puzzlereel.gallery.build import PAGE

    manifest = manifest if manifest is not None else Manifest.load(options.out_dir)
    manifest.drop_gone()          # configs deleted since: their names are free again
    claims = Claims(manifest, PAGE if options.posters else None)
    inputs = [source.path for source in sources if source.path is not None]
    solve_key = key_of({"max_states": options.max_states, "max_memory": options.max_memory})
    order: list[str] = []
    done: dict[str, Result] = {}
    jobs: list[Job] = []
    unusable: list[str] = []
    # each name is one config's: the one the manifest records it for, else the first
    owners: dict[str, Source] = {}
    for source in sources:
        entry = manifest.entries.get(source.name)
        if source.path is not None and entry is not None and entry.made_by(source.path):
            owners.setdefault(source.name, source)
    for source in sources:
        owners.setdefault(source.name, source)
    for source in sources:
        name = source.name
        owner = owners[name]
        if owner is not source:
            if source.path is not None:
                clash = f"{source.path}: its outputs {name}.* would replace those of " \
                        f"{owner.path or owner.arg}; rename one of the two"
                done[f"{name} ({source.path})"] = Result(name, str(source.path), "error",
                                                         message=clash,
                                                         exit_code=EXIT_BAD_INPUT)
                order.append(f"{name} ({source.path})")
            continue
        order.append(name)
        if source.problem is not None or source.path is None:
            problem = source.problem or NoConfig("no such config", path=source.arg)
            done[name] = Result(name, source.arg, "error", message=str(problem),
                                exit_code=problem.exit_code)
            continue
        try:
            job = _job(source.path, options, manifest, solve_key, claims, inputs)
        except PuzzlereelError as exc:
            done[name] = Result(name, str(source.path), "error",
                                message=naming(str(exc), str(source.path)),
                                exit_code=exc.exit_code)
            if not isinstance(exc, OutputError):      # the config's own fault, not a
                unusable.append(name)                 # name another config holds
            continue
        if isinstance(job, Result):
            done[name] = job
        else:
            jobs.append(job)
    # the longest first (by the last run's times; new configs before them all), so that
    # a long config does not start last and keep the other workers idle at the end
    jobs.sort(key=lambda j: -j.expected)
    return Batch(options, manifest, order, done, jobs, unusable)


def _stale(manifest: Manifest, name: str, kinds: Sequence[str], keys: Keys,
           trace_sha: str) -> tuple[str, ...]:
    """The kinds of ``kinds`` the manifest has no current file of, drawn from the trace
    whose SHA-256 is ``trace_sha``."""
    return tuple(kind for kind in kinds
                 if manifest.fresh(name, kind, keys.made_from(kind, trace_sha)) is None)


def _job(path: Path, options: BatchOptions, manifest: Manifest, solve_key: str,
         claims: Claims, inputs: Sequence[Path]) -> Job | Result:
    """One config's job, or its skipped result when everything it makes is current."""
    config = load_config(path)
    family_of(config)
    task, render_options, explicit = task_for(path, config, options)
    kinds = (*task.formats, POSTER) if options.posters else task.formats
    # with the gallery, every name the gallery reads as this config's is its own
    claims.take(task.name, str(path), FILE_KINDS if options.posters else (TRACE, *kinds))
    check_outputs(replaced_outputs(Path(options.out_dir) / file_name(task.name, kind)
                                   for kind in (TRACE, *kinds)), inputs)
    keys = Keys(sha256_bytes(task.config_text), solve_key,
                render_keys(render_options, explicit, kinds))
    name = task.name
    entry = manifest.entries.get(name)
    if not (options.force or manifest.damaged):  # it replaces only files of its own
        check_made(manifest, name, path, (TRACE, *kinds), keys.config)
    placement = Placement.planned(Path(options.out_dir), name, str(path), (TRACE, *kinds),
                                  options.force or manifest.damaged)
    drawn = {**config.section("render"),
             **{k: v for k, v in options.flags.items() if v is not None}}
    trace = None if options.force else manifest.fresh(name, TRACE, keys.trace_from())
    expected = entry.seconds if entry is not None else float("inf")
    if trace is None or entry is None:
        return Job(task, keys, config, None, expected, placement, drawn)
    wanted = task.formats if entry.status == "solved" else ()
    missing = _stale(manifest, name, wanted, keys, trace.sha256)
    poster = options.posters and bool(_stale(manifest, name, (POSTER,), keys, trace.sha256))
    if not missing and not poster:
        code = dict(SEVERITY).get(entry.status, EXIT_OK)
        return Result(name, str(path), "skipped", entry.answer, entry.moves, 0.0,
                      message=entry.message, exit_code=code, recorded=entry.status)
    data = (Path(options.out_dir) / trace.file).read_bytes()
    if sha256_bytes(data) != trace.sha256:       # changed since it was checked
        return Job(task, keys, config, None, expected, placement, drawn)
    task = replace(task, formats=missing, poster=poster, trace=data)
    return Job(task, keys, config, trace.sha256, entry.seconds, placement, drawn)


__all__ = ["SEVERITY", "RESULT_STATUSES", "BatchOptions", "Job", "Keys", "Batch", "Result", "plan",
           "naming", "render_keys", "task_for"]
