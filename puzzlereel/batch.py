"""Many configs in one ``run``: which configs, what each must make, and the run's outcome.

A batch is given files, folders (every ``*.toml`` inside, recursively), glob patterns
and bundled example names (``collect``).  For each config, ``plan`` decides from the
manifest beside the outputs (``puzzlereel.manifest``) what is still to make: nothing
(the config is *skipped*, up to date), the renders alone (the trace is current), or the
search and everything after it.  Each config's work is one ``Unit``: a plain value that
carries the config's bytes (and the trace's, when only rendering is left), so that the
unit runs the same in a process of this machine or on another machine
(``puzzlereel.executors``).  ``execute`` is that work — solve, then every format in one
pass, then the gallery's poster — done in a private scratch folder; it returns an
``Outcome`` with the files' bytes and a status, and never raises for a bad config.  A
worker whose memory allocator was told to hand memory back eagerly (Dask's nanny starts
workers with ``MALLOC_TRIM_THRESHOLD_=65536``, which makes every video frame buffer a
fresh ``mmap`` and a render about 1.7x slower here) gets the usual allocator back for
the unit's duration, and gives the memory back after it (``roomy_allocator``).

``run_plan`` sends the units to an executor, writes each returned file atomically into
the output folder (so a stopped run leaves finished files and no partial one), records
it in the manifest and tells an ``Observer`` (the command line's overview) what
happens.  The run's exit code is the worst of its configs': see ``exit_code``.
"""

from __future__ import annotations

import contextlib
import ctypes
import glob
import json
import os
import sys
import tempfile
import time
import traceback
import warnings
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from puzzlereel import __version__, app, catalog
from puzzlereel.config import Config, ConfigError, load_config
from puzzlereel.errors import (
    EXIT_BAD_INPUT,
    EXIT_LIMIT,
    EXIT_OK,
    EXIT_UNSOLVABLE,
    PuzzlereelError,
)
from puzzlereel.fileio import atomic_path
from puzzlereel.manifest import (
    POSTER,
    TRACE,
    Entry,
    Manifest,
    Output,
    file_name,
    key_of,
    sha256_bytes,
)
from puzzlereel.trace import End, TraceError

if TYPE_CHECKING:
    from puzzlereel.interrupts import Interrupted
    from puzzlereel.render.options import RenderOptions

# What became of a config in a run.  "skipped": up to date, nothing made (its recorded
# outcome still counts for the exit code); "interrupted": a signal stopped the run first.
STATUSES = ("solved", "unsolvable", "limit", "error", "skipped", "interrupted")
# When configs end differently, the run's exit code is that of the first status here that
# occurs: a config that could not be used at all (bad input, 1) comes first, then a search
# that a limit cut short (4: the work is unfinished), then a proof that there is no
# solution (3: a complete answer).  A signal overrides them all (128 + its number).
SEVERITY: tuple[tuple[str, int], ...] = (("error", EXIT_BAD_INPUT), ("limit", EXIT_LIMIT),
                                         ("unsolvable", EXIT_UNSOLVABLE))
SUFFIX = ".toml"


class NoConfig(ConfigError):
    """A batch argument that names no config: an empty folder, a pattern matching nothing."""


# ---------------------------------------------------------------- which configs


@dataclass(frozen=True)
class Source:
    """One config a batch was given: ``path``, or ``problem`` when ``arg`` names none."""

    arg: str
    path: Path | None
    problem: PuzzlereelError | None = None

    @property
    def name(self) -> str:
        """The config's name (its outputs' stem)."""
        return self.path.stem if self.path is not None else Path(self.arg).stem or self.arg


def _hidden(path: Path, top: Path) -> bool:
    return any(part.startswith(".") for part in path.relative_to(top).parts)


def _folder(top: Path) -> list[Path]:
    return sorted(p for p in top.rglob("*" + SUFFIX) if p.is_file() and not _hidden(p, top))


def is_batch(args: Sequence[str]) -> bool:
    """Whether ``run``'s arguments ask for a batch: several, a folder or a pattern.  One
    config file (or example name) is the classic ``run``."""
    if len(args) != 1:
        return True
    path = Path(args[0])
    return path.is_dir() or (not path.exists() and glob.has_magic(args[0]))


def collect(args: Iterable[str]) -> list[Source]:
    """The configs that ``args`` name, in the order given, each once: a file, every
    ``*.toml`` under a folder (recursively, hidden folders skipped), every file a glob
    pattern matches (``**`` crosses folders), or a bundled example's name.  An argument
    that names none is kept as a ``Source`` with its problem, so the run can report it."""
    found: list[Source] = []
    for arg in args:
        path = Path(arg)
        if path.is_dir():
            files = _folder(path)
            found += [Source(arg, f) for f in files] or [
                Source(arg, None, NoConfig(f"no *{SUFFIX} config in this folder", path=arg))]
        elif path.exists():
            found.append(Source(arg, path))
        elif glob.has_magic(arg):
            matched: list[Path] = []
            for hit in sorted(glob.glob(arg, recursive=True)):
                p = Path(hit)
                matched += _folder(p) if p.is_dir() else [p] if p.is_file() else []
            found += [Source(arg, p) for p in matched] or [
                Source(arg, None, NoConfig("no file matches this pattern", path=arg))]
        else:
            try:
                found.append(Source(arg, catalog.resolve(arg)))
            except PuzzlereelError as exc:
                found.append(Source(arg, None, exc))
    seen: set[str] = set()
    unique: list[Source] = []
    for source in found:
        key = os.path.realpath(source.path) if source.path is not None else "?" + source.arg
        if key not in seen:
            seen.add(key)
            unique.append(source)
    return unique


# ---------------------------------------------------------------- the unit of work


class StageProgress(Protocol):
    """``report(stage, label, done, total)``: what a unit is doing ("search",
    "render mp4+gif", "poster") and how far it is (``total`` may be None)."""

    def __call__(self, stage: str, label: str, done: int, total: int | None, /) -> None: ...


def no_report(stage: str, label: str, done: int, total: int | None, /) -> None:
    """A unit's progress, shown nowhere."""


@dataclass(frozen=True)
class Unit:
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
    """One file a unit made: its kind (``jsonl``, ``mp4``, ..., ``poster``) and bytes."""

    kind: str
    data: bytes


@dataclass(frozen=True)
class Outcome:
    """What a unit came to: its status, the files it made (the trace first) and why."""

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


def poster_moment(unit_word: str) -> str:
    """The poster's frame: the start position for puzzles of moves (the puzzle as it is
    set), the last frame for the others (the answer: queens, a sum, the guesses)."""
    return "start" if unit_word == "move" else "end"


def _answer(kind_unit: str, count: int | None) -> str:
    return "" if count is None else f"{count:,} {catalog.plural(kind_unit, count)}"


def _last_line(data: bytes) -> bytes:
    lines = data.rstrip(b"\n").rsplit(b"\n", 1)
    return lines[-1]


def end_of(data: bytes, source: str) -> End:
    """The ``end`` event of a whole trace's bytes (``TraceError`` if it has none)."""
    try:
        obj = json.loads(_last_line(data))
    except ValueError:
        raise TraceError("the last line is not JSON", source=source) from None
    if not isinstance(obj, dict) or obj.get("type") != "end":
        raise TraceError("the trace does not end with an 'end' line", source=source)
    return End.from_json(obj)


M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3      # glibc's mallopt() parameters
ROOMY_TRIM = 256 << 20          # keep up to this much freed memory between frames
ROOMY_MMAP = 32 << 20           # frame-sized blocks from the heap, not one mmap each
GLIBC_MMAP = 128 << 10          # glibc's own mmap threshold


def _glibc() -> Any:
    """The C library's allocator controls (glibc's ``mallopt``), or None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL("libc.so.6")
        return libc if hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim") else None
    except OSError:
        return None


@contextlib.contextmanager
def roomy_allocator() -> Iterator[None]:
    """Undo ``MALLOC_TRIM_THRESHOLD_`` (set by Dask's nanny for its workers) while a unit
    runs: with it, glibc returns every freed block at once and maps each large one
    afresh, so each frame buffer costs page faults.  Afterwards the worker's own
    setting is back and the freed memory is returned (``malloc_trim``)."""
    trim = os.environ.get("MALLOC_TRIM_THRESHOLD_")
    libc = None if trim is None else _glibc()
    if trim is None or libc is None:
        yield
        return
    libc.mallopt(M_MMAP_THRESHOLD, ROOMY_MMAP)
    libc.mallopt(M_TRIM_THRESHOLD, ROOMY_TRIM)
    try:
        yield
    finally:
        with contextlib.suppress(ValueError, ctypes.ArgumentError):
            libc.mallopt(M_TRIM_THRESHOLD, int(trim))
        libc.mallopt(M_MMAP_THRESHOLD, GLIBC_MMAP)
        libc.malloc_trim(0)


def execute(unit: Unit, report: StageProgress = no_report, *,
            scratch: str | Path | None = None) -> Outcome:
    """Do one unit's work in a private folder under ``scratch`` and return its files.

    Never raises for a problem with the config or trace: every ``PuzzlereelError``, I/O
    error or unexpected failure becomes an outcome with status ``error``.  A signal
    (``Interrupted``, ``KeyboardInterrupt``) is not caught."""
    t0 = time.perf_counter()
    if unit.version != __version__:
        return Outcome(unit.name, "error", message=f"{unit.source}: this worker runs "
                       f"puzzlereel {__version__}, the run {unit.version}; install the same "
                       "version on both", exit_code=EXIT_BAD_INPUT)
    work = _Work(unit, report)
    with tempfile.TemporaryDirectory(prefix="puzzlereel-unit-", dir=scratch) as folder, \
            warnings.catch_warnings(record=True) as caught, roomy_allocator():
        warnings.simplefilter("always")
        work.folder = Path(folder)
        try:
            work.run()
        except PuzzlereelError as exc:
            work.fail(str(exc), exc.exit_code)
        except MemoryError:
            work.fail(f"{unit.source}: out of memory", EXIT_BAD_INPUT)
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            work.fail(f"{unit.source}: {where}{exc.strerror or exc}", EXIT_BAD_INPUT)
        except Exception as exc:  # noqa: BLE001 - a bug: reported, the other units go on
            work.fail(f"{unit.source}: internal error: {type(exc).__name__}: {exc}",
                      EXIT_BAD_INPUT, traceback.format_exc())
        notes = tuple(dict.fromkeys(work.local(str(w.message)) for w in caught))
    return replace(work.outcome(), seconds=round(time.perf_counter() - t0, 3),
                   warnings=notes)


class _Work:
    """One unit's steps and what they produced so far (``execute`` runs it)."""

    def __init__(self, unit: Unit, report: StageProgress) -> None:
        self.unit = unit
        self.report = report
        self.folder = Path(".")
        self.products: list[Product] = []
        self.status = "error"
        self.searched: str | None = None
        self.answer = ""
        self.moves: int | None = None
        self.message = ""
        self.exit_code = EXIT_OK
        self.detail = ""

    def local(self, text: str) -> str:
        """A message with the scratch folder's paths replaced by the user's names."""
        config = str(self.folder / self.unit.config_file)
        return text.replace(config, self.unit.source).replace(str(self.folder) + os.sep, "")

    def fail(self, message: str, code: int, detail: str = "") -> None:
        self.status, self.message, self.exit_code = "error", self.local(message), code
        self.detail = detail

    def outcome(self) -> Outcome:
        return Outcome(self.unit.name, self.status, tuple(self.products), self.searched,
                       self.answer, self.moves, self.message, self.exit_code,
                       detail=self.detail)

    def keep(self, kind: str, path: Path) -> None:
        self.products.append(Product(kind, path.read_bytes()))

    def run(self) -> None:
        unit = self.unit
        config_file = self.folder / unit.config_file
        config_file.write_bytes(unit.config_text)
        config = replace(load_config(config_file), path=unit.source)
        loaded = app.puzzle_of(config)
        options, explicit = app.render_options(config, unit.flags)
        trace = self.folder / file_name(unit.name, TRACE)
        if unit.trace is None:
            end = self.solve(loaded, trace)
        else:
            trace.write_bytes(unit.trace)
            end = end_of(unit.trace, unit.trace_source)
        self.searched = end.status
        self.moves = end.moves
        self.answer = _answer(loaded.kind.unit, app.found_count(loaded.kind, end))
        if end.status == "solved":
            self.status = "solved"
        else:
            try:
                app.check_outcome(end, unit.source)
            except app.Unsolvable as exc:
                self.status, self.message, self.exit_code = "unsolvable", str(exc), exc.exit_code
            except app.LimitReached as exc:
                self.status, self.message, self.exit_code = "limit", str(exc), exc.exit_code
        if self.status == "solved" and unit.formats:
            self.render(trace, options, explicit)
        if unit.poster:
            self.poster(trace, options, explicit, poster_moment(loaded.kind.unit))

    def solve(self, loaded: app.Loaded[Any], trace: Path) -> End:
        from puzzlereel.solvers.base import SolveOptions

        def progress(label: str, done: int, total: int | None) -> None:
            self.report("search", label, done, total)

        self.report("search", "starting", 0, None)
        options = SolveOptions(max_states=self.unit.max_states,
                               max_memory=self.unit.max_memory, progress=progress)
        try:
            end = app.solve_to(loaded, trace, options)
        finally:
            if trace.exists():       # a whole trace, also when its answer was unexpected
                self.keep(TRACE, trace)
        if end is None:
            raise TraceError("the solver wrote no 'end' event", source=self.unit.source)
        return end

    def render(self, trace: Path, options: RenderOptions, explicit: frozenset[str]) -> None:
        formats = self.unit.formats
        stage = "render " + "+".join(formats)

        def progress(label: str, done: int, total: int | None) -> None:
            self.report(stage, label, done, total)

        self.report(stage, "starting", 0, None)
        targets = [(fmt, self.folder / file_name(self.unit.name, fmt)) for fmt in formats]
        with app.open_trace(str(trace)) as (stream, _):
            app.render_trace(stream, self.unit.trace_source, targets, options,
                             explicit=explicit, progress=progress)
        for fmt, path in targets:
            self.keep(fmt, path)

    def poster(self, trace: Path, options: RenderOptions, explicit: frozenset[str],
               moment: str) -> None:
        from puzzlereel import preview

        self.report("poster", moment, 0, None)
        when = preview.moment(end=True) if moment == "end" else preview.moment(move=0)
        with app.open_trace(str(trace)) as (stream, _):
            frame = preview.draw_frame(stream, self.unit.trace_source, options, when,
                                       explicit=explicit)
        path = self.folder / file_name(self.unit.name, POSTER)
        preview.write_frame(frame, path)
        self.keep(POSTER, path)


# ---------------------------------------------------------------- what to make


@dataclass(frozen=True)
class BatchOptions:
    """How a batch runs: where outputs go and the options that apply to every config."""

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
    """A unit to run and what recording its outputs needs."""

    unit: Unit
    keys: Keys
    config: Config
    trace_sha: str | None                  # the current trace's hash (render-only units)
    expected: float                        # seconds the last run took (for the order)


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
class Plan:
    """A batch decided: the results known before any work, and the jobs to run."""

    options: BatchOptions
    manifest: Manifest
    order: list[str]                       # every config's name, in the order given
    done: dict[str, Result]
    jobs: list[Job]

    @property
    def up_to_date(self) -> int:
        return sum(1 for r in self.done.values() if r.status == "skipped")


def render_keys(options: RenderOptions, explicit: frozenset[str],
                kinds: Iterable[str]) -> dict[str, str]:
    """Each output kind's hash of the render options it is drawn with."""
    base = {"options": asdict(options), "explicit": sorted(explicit)}
    return {kind: key_of({**base, "kind": kind}) for kind in kinds}


def plan(sources: Sequence[Source], options: BatchOptions,
         manifest: Manifest | None = None) -> Plan:
    """Decide every config's work from the manifest of ``options.out_dir``."""
    manifest = manifest if manifest is not None else Manifest.load(options.out_dir)
    solve_key = key_of({"max_states": options.max_states, "max_memory": options.max_memory})
    order: list[str] = []
    done: dict[str, Result] = {}
    jobs: list[Job] = []
    owners: dict[str, str] = {}
    for source in sources:
        name = source.name
        if name in owners:
            if source.path is not None:
                clash = f"{source.path}: its outputs {name}.* would replace those of " \
                        f"{owners[name]}; rename one of the two"
                done[f"{name} ({source.path})"] = Result(name, str(source.path), "error",
                                                         message=clash,
                                                         exit_code=EXIT_BAD_INPUT)
                order.append(f"{name} ({source.path})")
            continue
        order.append(name)
        owners[name] = str(source.path or source.arg)
        if source.problem is not None or source.path is None:
            problem = source.problem or NoConfig("no such config", path=source.arg)
            done[name] = Result(name, source.arg, "error", message=str(problem),
                                exit_code=problem.exit_code)
            continue
        try:
            job = _job(source.path, options, manifest, solve_key)
        except PuzzlereelError as exc:
            done[name] = Result(name, str(source.path), "error", message=str(exc),
                                exit_code=exc.exit_code)
            continue
        if isinstance(job, Result):
            done[name] = job
        else:
            jobs.append(job)
    # the longest first (by the last run's times; new configs before them all), so that
    # a long config does not start last and keep the other workers idle at the end
    jobs.sort(key=lambda j: -j.expected)
    return Plan(options, manifest, order, done, jobs)


def _job(path: Path, options: BatchOptions, manifest: Manifest,
         solve_key: str) -> Job | Result:
    """One config's job, or its skipped result when everything it makes is current."""
    config = load_config(path)
    text = config.text.encode("utf-8")
    app.kind_of(config)
    render_options, explicit = app.render_options(config, options.flags)
    formats = tuple(dict.fromkeys(options.formats or render_options.formats))
    kinds = (*formats, POSTER) if options.posters else formats
    keys = Keys(sha256_bytes(text), solve_key, render_keys(render_options, explicit, kinds))
    name = config.name
    entry = manifest.entries.get(name)
    trace = None if options.force else manifest.fresh(name, TRACE, keys.trace_from())
    out = Path(options.out_dir)
    unit = Unit(name=name, source=str(path), config_file=path.name, config_text=text,
                formats=formats, poster=options.posters, flags=dict(options.flags),
                max_states=options.max_states, max_memory=options.max_memory,
                trace_source=str(out / file_name(name, TRACE)))
    expected = entry.seconds if entry is not None else float("inf")
    if trace is None or entry is None:
        return Job(unit, keys, config, None, expected)
    wanted = formats if entry.status == "solved" else ()
    missing = tuple(kind for kind in wanted
                    if manifest.fresh(name, kind, keys.made_from(kind, trace.sha256)) is None)
    poster = options.posters and manifest.fresh(
        name, POSTER, keys.made_from(POSTER, trace.sha256)) is None
    if not missing and not poster:
        code = dict(SEVERITY).get(entry.status, EXIT_OK)
        return Result(name, str(path), "skipped", entry.answer, entry.moves, 0.0,
                      message=entry.message, exit_code=code, recorded=entry.status)
    data = (out / trace.file).read_bytes()
    if sha256_bytes(data) != trace.sha256:       # changed since it was checked
        return Job(unit, keys, config, None, expected)
    unit = replace(unit, formats=missing, poster=poster, trace=data)
    return Job(unit, keys, config, trace.sha256, entry.seconds)


# ---------------------------------------------------------------- running it


@dataclass(frozen=True)
class Started:
    """A unit began on a worker."""

    name: str


@dataclass(frozen=True)
class Progressed:
    """A unit's progress: its stage and how far it is."""

    name: str
    stage: str
    label: str
    done: int
    total: int | None


@dataclass(frozen=True)
class Finished:
    """A unit came back with its outcome."""

    outcome: Outcome


Event = Started | Progressed | Finished


class Executor(Protocol):
    """Where units run: each unit in, its ``Outcome`` (files and a status) out, and
    ``Started`` / ``Progressed`` events on the way (``puzzlereel.executors``)."""

    def submit(self, units: Sequence[Unit]) -> None:
        """Queue every unit (they start as workers are free, in this order)."""

    def events(self, timeout: float) -> list[Event]:
        """What happened since the last call, waiting up to ``timeout`` seconds for it."""
        return []

    def cancel(self) -> None:
        """Stop every unit now (the run was interrupted); nothing more comes back."""


class Observer(Protocol):
    """Who watches a batch (the command line's overview)."""

    def begin(self, plan: Plan) -> None: ...

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
    """The run's exit code: a signal's, else that of the worst status (``SEVERITY``) any
    config ended with (a skipped config counts as its recorded status), else 0."""
    if signal_code is not None:
        return signal_code
    seen = {r.counts_as for r in results}
    for status, code in SEVERITY:
        if status in seen:
            return code
    return EXIT_OK


def run_plan(batch: Plan, executor: Executor, observer: Observer, *,
             poll: float = 0.1) -> Report:
    """Run the plan's jobs on ``executor``, writing and recording each config's files as
    it finishes.  A signal (``Interrupted`` or ``KeyboardInterrupt``) cancels the rest:
    what finished stays, the units still running leave nothing, and their results say
    ``interrupted``."""
    from puzzlereel.interrupts import Interrupted

    t0 = time.monotonic()
    results = dict(batch.done)
    observer.begin(batch)
    pending = {job.unit.name: job for job in batch.jobs}
    stopped: Interrupted | None = None
    code: int | None = None
    try:
        if pending:
            executor.submit([job.unit for job in batch.jobs])
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
        stopped = exc if isinstance(exc, Interrupted) else None
        code = exc.exit_code if isinstance(exc, Interrupted) else 130
        for name, job in pending.items():
            results[name] = Result(name, job.unit.source, "interrupted",
                                   message=f"{job.unit.source}: interrupted",
                                   exit_code=code)
    ordered = tuple(results[name] for name in batch.order if name in results)
    return Report(ordered, time.monotonic() - t0, stopped, code)


def store(batch: Plan, job: Job, outcome: Outcome) -> Result:
    """Write a unit's files into the output folder (each atomically, the trace first) and
    record them in the manifest; the config's summary line."""
    unit, keys, manifest = job.unit, job.keys, batch.manifest
    out = Path(batch.options.out_dir)
    entry = manifest.entries.get(unit.name)
    outputs: dict[str, Output] = dict(entry.outputs) if (entry and unit.trace) else {}
    trace_sha = job.trace_sha
    written: list[str] = []
    for product in outcome.products:
        name = file_name(unit.name, product.kind)
        with atomic_path(out / name) as tmp:
            tmp.write_bytes(product.data)
        written.append(product.kind)
        sha = sha256_bytes(product.data)
        if product.kind == TRACE:
            trace_sha = sha
            made = keys.trace_from()
        else:
            assert trace_sha is not None, "a render always follows its trace"
            made = keys.made_from(product.kind, trace_sha)
        outputs[product.kind] = Output(name, sha, len(product.data), made)
    if unit.trace is None:          # a new search: a new entry, if its trace is good
        if outcome.searched is not None:
            config = job.config
            manifest.entries[unit.name] = Entry(
                config=unit.source, status=outcome.searched, answer=outcome.answer,
                moves=outcome.moves, seconds=outcome.seconds,
                title=config.title or unit.name, family=config.puzzle_type,
                description=catalog.description(config.text, 160), message=(
                    outcome.message if outcome.status != "error" else ""),
                outputs=outputs)
        else:
            manifest.entries.pop(unit.name, None)
    elif entry is not None:
        manifest.entries[unit.name] = replace(entry, outputs=outputs)
    manifest.save()
    return Result(unit.name, unit.source, outcome.status, outcome.answer, outcome.moves,
                  outcome.seconds, tuple(written), outcome.message, outcome.exit_code,
                  warnings=outcome.warnings, detail=outcome.detail)


def run(sources: Sequence[Source], options: BatchOptions, executor: Executor,
        observer: Observer) -> Report:
    """``plan`` and ``run_plan`` in one call."""
    return run_plan(plan(sources, options), executor, observer)


# ---------------------------------------------------------------- the summary


def summary_lines(report: Report) -> Iterator[str]:
    """The summary table (config, status, moves, seconds, files written), then one line
    for the whole run and one per config that did not succeed."""
    header = ("config", "status", "moves", "seconds", "files")
    rows = [header]
    for r in report.results:
        status = f"{r.status} ({r.recorded})" if r.status == "skipped" and \
            r.recorded != "solved" else r.status
        moves = (f"{r.moves:,}" if r.moves is not None and r.answer.endswith(
            ("move", "moves")) else r.answer) or "-"
        seconds = f"{r.seconds:.1f}" if r.status not in ("skipped", "interrupted") and \
            r.source else "-"
        files = " ".join(r.written) or "-"
        rows.append((r.name, status, moves, seconds, files))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    right = {2, 3}
    for row in rows:
        cells = [cell.rjust(w) if i in right else cell.ljust(w)
                 for i, (cell, w) in enumerate(zip(row, widths))]
        yield "  ".join(cells).rstrip()
    yield ""
    yield verdict(report)
    problems = [r for r in report.results if r.counts_as in ("error", "unsolvable", "limit")
                or r.status == "interrupted"]
    for r in problems:
        if r.status != "interrupted":
            yield "  " + (r.message or f"{r.source}: {r.counts_as}")


def verdict(report: Report) -> str:
    """One line for the whole run: how many configs, how each ended, the exit code."""
    n = len(report.results)
    parts = [f"{report.count(s)} {s}" for s in STATUSES if s != "skipped" and report.count(s)]
    if report.count("skipped"):
        parts.append(f"{report.count('skipped')} up to date")
    code = report.exit_code
    line = f"{n} {catalog.plural('config', n)} in {report.seconds:.1f} s: " + \
        (", ".join(parts) or "nothing to do")
    if report.signal_code is not None:
        running = report.count("interrupted")
        return line + f"; exit {code} (stopped by a signal; {running} not finished)"
    if code:
        worst = next(status for status, c in SEVERITY if c == code)
        names = [r.name for r in report.results if r.counts_as == worst]
        shown = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
        why = {"error": "bad input", "limit": "a limit stopped the search",
               "unsolvable": "no solution"}[worst]
        return line + f"; exit {code} ({why}: {shown})"
    return line + "; exit 0"


__all__ = ["SEVERITY", "STATUSES", "BatchOptions", "Event", "Executor", "Finished", "Job",
           "Keys", "NoConfig", "Observer", "Outcome", "Plan", "Product", "Progressed",
           "Report", "Result", "Source", "StageProgress", "Started", "Unit", "collect",
           "end_of", "execute", "exit_code", "is_batch", "no_report", "plan",
           "poster_moment", "render_keys", "run", "run_plan", "store", "summary_lines",
           "verdict"]
