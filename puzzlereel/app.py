"""What each command does, as plain functions: solve a config to a trace, check and show a
trace, analyze a puzzle's space, render a trace to files (``run`` is ``puzzlereel.batch``).

This is the top floor but one: it joins the solvers (``puzzlereel.solvers``) and the
renderer (``puzzlereel.render``), which never import each other, through the registry
and the trace.  It reads and writes files and streams it is given, shows progress on
stderr, and reports problems as ``PuzzlereelError`` subclasses; it never prints and
never exits.  ``cli`` declares the options and calls a function here (or in another
module of this floor) per command; ``exits`` maps errors to exit codes.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Generic, TypeVar

from puzzlereel import templates
from puzzlereel.catalog import resolve
from puzzlereel.config import Config, check_numbers, load_config
from puzzlereel.console import usable
from puzzlereel.errors import EXIT_LIMIT, EXIT_UNSOLVABLE, PuzzlereelError, UsageError
from puzzlereel.fileio import guarded
from puzzlereel.flags import solve_options
from puzzlereel.interrupts import run_stoppable
from puzzlereel.progress import Progress, Reporter, no_progress
from puzzlereel.registry import KINDS, Kind
from puzzlereel.trace import (
    End,
    Event,
    Header,
    Note,
    TraceError,
    TraceSummary,
    checked,
    replay,
)
from puzzlereel.trace import validate as validate_trace
from puzzlereel.words import plural, stat_text

if TYPE_CHECKING:
    from puzzlereel.render.options import RenderOptions
    from puzzlereel.solvers.base import Loader, SolveOptions, Solver

P = TypeVar("P")


class Unsolvable(PuzzlereelError):
    """The search proved that the puzzle has no solution (the trace says so too)."""

    exit_code = EXIT_UNSOLVABLE


class LimitReached(PuzzlereelError):
    """A limit (``--max-states``, the memory budget) stopped the search first."""

    exit_code = EXIT_LIMIT


# ---------------------------------------------------------------- configs and solving


@dataclass(frozen=True)
class Loaded(Generic[P]):
    """A config read and checked: the file, its puzzle kind and the family's puzzle ``P``
    (the type the family's loader returns and its ``Solver[P]`` takes)."""

    config: Config
    kind: Kind
    puzzle: P
    expect_moves: int | None = None   # [solve] expect_moves: the answer the search must find

    @property
    def solver(self) -> Solver[P]:
        """The family's ``Solver``; importing it loads the family's compiled code."""
        solver: Solver[P] = self.kind.load("solver")
        return solver


def kind_of(config: Config) -> Kind:
    """The registry row for ``config``'s ``[puzzle] type``, or ``ConfigError``."""
    name = config.puzzle_type
    kind = KINDS.get(name)
    if kind is None:
        raise config.error("puzzle.type", f"unknown puzzle type {name!r} (known: "
                           + ", ".join(sorted(KINDS)) + ")")
    return kind


def config_path(arg: str | Path) -> Path:
    """The config file a command names: a path, or a bundled example's name
    (``hakoiri-musume``) when no such file exists; else ``ConfigError`` "no such file"
    suggesting the closest example names."""
    return resolve(arg)


def load_puzzle(path: str | Path) -> Loaded[Any]:
    """Read a config and its puzzle (``ConfigError`` naming file, line and field).

    ``path`` may name a bundled example (``config_path``).  The puzzle's type depends on
    the config's ``[puzzle] type``, so it is only known at run time; the family's solver
    takes exactly what its loader gave."""
    return puzzle_of(load_config(config_path(path)))


def puzzle_of(config: Config) -> Loaded[Any]:
    """The puzzle of a config already read (``load_puzzle`` without the file): a batch
    worker reads the config's bytes it was sent and names it as the user did."""
    kind = kind_of(config)
    check_numbers(config)           # solve()'s keyword arguments too
    templates.check_keys(config, kind.name)
    expect = expected_count(config)
    loader: Loader = kind.load("config")
    return Loaded(config, kind, loader(config), expect)


# ---------------------------------------------------------------- the expected answer

EXPECT_KEY = "solve.expect_moves"
# what ``expect_moves`` is compared with when the end event has no ``moves``, by the
# registry's unit: the number of solutions found, or of guesses the strategy needed
COUNT_STATS: dict[str, tuple[str, ...]] = {"solution": ("total_solutions", "solutions"),
                                           "guess": ("guesses",)}


class UnexpectedAnswer(PuzzlereelError):
    """The search found an answer other than the config's ``[solve] expect_moves``."""


def expected_count(config: Config) -> int | None:
    """``[solve] expect_moves`` (a whole number), or None when the config has none."""
    value: int | None = config.get(EXPECT_KEY, int, None)
    if value is not None and value < 0:
        raise config.error(EXPECT_KEY, f"must be >= 0, got {value}")
    return value


def found_count(kind: Kind, end: End) -> int | None:
    """What ``expect_moves`` is checked against: ``end.moves`` (the optimal length), or
    for the kinds that count something else the end's statistic of that unit."""
    if end.moves is not None:
        return end.moves
    for key in COUNT_STATS.get(kind.unit, ()):
        value = end.stats.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def check_expected(loaded: Loaded[Any], end: End | None,
                   options: SolveOptions | None = None) -> None:
    """Raise ``UnexpectedAnswer`` (exit 1, naming the config, line and field) when a
    solved search's count differs from ``[solve] expect_moves``.

    Only a search that ended ``solved`` is checked.  Mastermind's count is the number of
    guesses its strategy needs, so it is not checked when ``--algorithm`` (``options``)
    overrides the config's strategy."""
    want = loaded.expect_moves
    if want is None or end is None or end.status != "solved":
        return
    if loaded.kind.unit == "guess" and options is not None and options.algorithm:
        return
    got = found_count(loaded.kind, end)
    if got is None or got != want:
        found = "no count" if got is None else f"{got}"
        raise UnexpectedAnswer(f"expected {want} {plural(loaded.kind.unit, want)}, the "
                               f"search found {found}",
                               source=loaded.config.path,
                               line=loaded.config.line_of(EXPECT_KEY), field=EXPECT_KEY)


class UntraceablePuzzle(PuzzlereelError):
    """A search whose trace the program's own readers would reject: the puzzle is
    beyond what a trace holds (a board too wide), or the solver wrote a move its rules
    refuse (a bug).  Nothing of it is written."""


def solve_events(loaded: Loaded[Any], options: SolveOptions) -> Iterator[Event]:
    """The trace events of an optimal solution (header, moves, end), as they come, each
    read back first as ``validate`` will read it (``trace.checked``); the config's
    top-level ``goal_text`` (the goal in words, for the video) goes into the header as
    its optional field of that name."""
    events = loaded.solver.solve(loaded.puzzle, options)
    goal = loaded.config.goal_text
    events = events if goal is None else _with_goal_text(events, goal)
    return _readable(checked(events, "the trace"), loaded.config.path)


def _readable(events: Iterator[Event], config: str) -> Iterator[Event]:
    try:
        yield from events
    except TraceError as exc:
        if exc.line == 1:
            raise UntraceablePuzzle(f"cannot be written as a trace: {exc.field}: "
                                    f"{exc.problem}", source=config) from None
        raise UntraceablePuzzle(f"the search wrote a trace its own reader rejects "
                                f"({exc}); nothing was written", source=config) from None


def _with_goal_text(events: Iterator[Event], goal: str) -> Iterator[Event]:
    from dataclasses import replace as _replace

    for event in events:
        if isinstance(event, Header) and "goal_text" not in event.fields:
            event = _replace(event, fields={**event.fields, "goal_text": goal})
        yield event


def solve_to(loaded: Loaded[Any], output: str | Path, options: SolveOptions,
             stdout: IO[str] | None = None) -> End | None:
    """Solve and write the trace to ``output`` ("-" = ``stdout``), a file atomically.

    The whole trace is written first; then a solved search is checked against the
    config's ``[solve] expect_moves`` (``check_expected``).  It is ``api.solve_loaded``
    without the check of the outcome."""
    from puzzlereel.api import solve_loaded

    if str(output) == "-":
        return solve_loaded(loaded, options, trace=usable(stdout, "output"), check=False).end
    return solve_loaded(loaded, options, trace=output, check=False).end


def check_outcome(end: End | None, source: str | Path) -> None:
    """Raise ``Unsolvable`` / ``LimitReached`` / ``TraceError`` unless ``end`` says solved."""
    if end is None:
        raise TraceError("the solver wrote no 'end' event", source=str(source))
    if end.status == "unsolvable":
        raise Unsolvable("the puzzle has no solution "
                         f"({end.stats.get('reason', 'search space exhausted')})",
                         source=str(source))
    if end.status == "limit":
        limit = end.stats.get("limit")
        raise LimitReached(limit if isinstance(limit, str) and limit.startswith("stopped")
                           else "stopped by a limit before a solution was found"
                           + (f" ({limit})" if limit else ""), source=str(source))
    if end.status != "solved":
        raise TraceError(f"the search ended with status {end.status!r}", source=str(source))


# ---------------------------------------------------------------- reading traces


@contextlib.contextmanager
def open_trace(path: str, stdin: IO[Any] | None = None) -> Iterator[tuple[IO[Any], str]]:
    """The trace to read: a file, or ``stdin`` for ``-``; yields (stream, name for messages)."""
    if path == "-":
        stdin = usable(stdin, "input")
        if _pipe_wrote_nothing(stdin):
            raise TraceError("the previous stage of the pipeline wrote nothing",
                             source="<stdin>")
        yield stdin, "<stdin>"
        return
    try:
        handle = open(path, "rb")  # noqa: SIM115 - bytes: read_trace decodes and reports
    except FileNotFoundError:
        raise TraceError("no such file", source=path) from None
    except IsADirectoryError:
        raise TraceError("is a directory, not a trace", source=path) from None
    with handle:
        yield handle, path


def _pipe_wrote_nothing(stream: IO[Any]) -> bool:
    """Whether ``stream`` is a pipe that ended before its first byte: the stage before
    this one in a shell pipeline wrote nothing (it failed, and said so itself)."""
    try:
        mode = os.fstat(stream.fileno()).st_mode
    except (AttributeError, OSError, ValueError):
        return False
    peek = getattr(getattr(stream, "buffer", stream), "peek", None)
    return stat.S_ISFIFO(mode) and peek is not None and peek(1) == b""


def validate_lines(stream: IO[Any], source: str) -> Iterator[str]:
    """Check a whole trace; the notes it holds, then a one-line summary."""
    summary: TraceSummary = validate_trace(stream, source)
    for note in summary.notes:
        yield f"note: {note}"
    end = summary.end
    status = end.status if end else "?"
    title = f" ({summary.header.title})" if summary.header.title else ""
    yield (f"{source}: valid {summary.header.puzzle} trace{title}: "
           f"{counted(summary.header, summary.end, summary.moves)}, "
           f"{summary.events} events, status {status}")


def counted(header: Header, end: End | None, moves: int) -> str:
    """What a trace holds in the puzzle's unit: "81 moves", "9 guesses", "92 solutions"."""
    kind = KINDS.get(header.puzzle)
    unit = kind.unit if kind is not None else "move"
    if unit == "move":
        return f"{moves} {plural('move', moves)}"
    stats = end.stats if end is not None else {}
    for key in COUNT_STATS.get(unit, ()):
        value = stats.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return f"{value} {plural(unit, value)}"
    return f"{moves} {plural('event', moves)} replayed"


def show_lines(stream: IO[Any], source: str) -> Iterator[str]:
    """The solution as numbered text boards, each move checked on the way (``show``)."""
    unit = "move"
    for rep, item in replay(stream, source):
        event = item.event
        if isinstance(event, Header):
            kind = KINDS.get(event.puzzle)
            unit = kind.unit if kind is not None else "move"
            title = event.title or event.puzzle
            metric = f", metric {event.solver['metric']}" if "metric" in event.solver else ""
            yield f"{title} ({event.puzzle}{metric})"
            board = rep.text()
            if board:
                yield f"\nstart\n{board}"
        elif isinstance(event, End):
            moves = (f", {event.moves} {plural(unit, event.moves)}"
                     if event.moves is not None else "")
            stats = ", ".join(f"{k} {stat_text(v)}" for k, v in event.stats.items())
            yield f"\nend: {event.status}{moves}" + (f" ({stats})" if stats else "")
        elif item.applied is None and isinstance(event, Note):
            yield f"note: {event.text}"
        elif item.applied is not None:
            what = rep.describe(item.applied)
            board = rep.text()
            yield f"\n{what}" + (f"\n{board}" if board else "")


# ---------------------------------------------------------------- rendering


def flag_name(key: str) -> str:
    """How a message names the command-line flag of a ``[render]`` key: ``--gif-fps``."""
    return "--" + key.replace("_", "-")


def render_options(config: Config | None, flags: Mapping[str, Any], *,
                   named: Callable[[str], str] = flag_name
                   ) -> tuple[RenderOptions, frozenset[str]]:
    """RenderOptions from defaults, the config's ``[render]`` table, then command-line
    flags (``None`` = not given).  Returns (options, names the config or flags set).

    A bad ``[render]`` value is a ``ConfigError`` naming its line; a bad flag a
    ``UsageError`` naming the flag as ``named`` spells it."""
    from puzzlereel.render.options import RenderOptionError, RenderOptions, with_values

    options = RenderOptions()
    explicit: set[str] = set()
    if config is not None:
        templates.check_keys(config, "", ("render",))   # [render] is every family's
        for key, value in config.section("render").items():
            try:
                options = with_values(options, {key: value})
            except RenderOptionError as exc:
                raise config.error(f"render.{exc.key}", exc.problem) from None
            explicit.add(key)
    given = {k: v for k, v in flags.items() if v is not None}
    try:
        options = with_values(options, given)
    except RenderOptionError as exc:
        raise UsageError(f"{named(exc.key)}: {exc.problem}") from None
    return options, frozenset(explicit | set(given))


def parse_formats(text: str) -> tuple[str, ...]:
    """``"mp4,gif"`` -> ("mp4", "gif"), or a ``UsageError`` naming the unknown ones."""
    from puzzlereel.render.options import FORMATS

    wanted = tuple(f.strip().lower().lstrip(".") for f in text.split(",") if f.strip())
    bad = [f for f in wanted if f not in FORMATS]
    if bad or not wanted:
        raise UsageError(f"--formats: {', '.join(bad) or '(none)'} is not one of: "
                         f"{', '.join(FORMATS)}")
    return wanted


def outputs_for(outputs: Iterable[str | Path]) -> list[tuple[str, Path]]:
    """(format, path) for each output file, the format taken from its suffix; a device
    or named pipe without a known one (``-o /dev/null``) gets the MP4."""
    from puzzlereel.render.api import format_of
    from puzzlereel.render.options import stream_format

    return [(stream_format(path) or format_of(path), Path(path)) for path in outputs]


def render_trace(stream: IO[Any], source: str, files: Sequence[tuple[str, str | Path]],
                 options: RenderOptions, *, explicit: Iterable[str] | None = None,
                 progress: Progress = no_progress, allow_partial: bool = False,
                 written: list[Any] | None = None) -> End | None:
    """Draw the trace in ``stream`` into every (format, path) of ``files`` at once
    (``explicit``: the options the user set; None: those differing from the defaults);
    ``written`` receives a ``render.api.Written`` per file (its ``summary()`` line)."""
    from puzzlereel.render.api import render_trace as draw_all

    return draw_all(stream, source, files, options, explicit=explicit, progress=progress,
                    allow_partial=allow_partial, written=written)



# ---------------------------------------------------------------- as the commands run them


def solve_config(config: str | Path, output: str, *, max_states: int | None = None,
                 max_memory: str | None = None, algorithm: str | None = None,
                 stdout: IO[str] | None = None) -> None:
    """``solve``: the trace of ``config`` to ``output`` ("-": ``stdout``), with a progress
    bar, stoppable by a signal at once; ``Unsolvable`` / ``LimitReached`` unless solved."""
    from puzzlereel.api import solve_loaded

    path = config_path(config)
    with guarded(inputs=[path], outputs=[output]):
        loaded = load_puzzle(path)
        trace: IO[str] | str = output
        if output == "-":
            trace = usable(stdout, "output")
        with Reporter("search") as bar:
            options = solve_options(max_states, algorithm, bar, max_memory=max_memory)
            run_stoppable(lambda: solve_loaded(loaded, options, trace=trace, source=config))


def render_files(trace: str, outputs: Iterable[str | Path], flags: Mapping[str, Any], *,
                 config: str | Path | None = None, allow_partial: bool = False,
                 stdin: IO[Any] | None = None) -> list[Any]:
    """``render``: draw ``trace`` ("-": ``stdin``) into every file of ``outputs``, with a
    progress bar; ``config``'s ``[render]`` table then ``flags``.  The renderer's account
    of each file written (``summary()``)."""
    config_file = config_path(config) if config is not None else None
    found = load_config(config_file) if config_file is not None else None
    files = outputs_for(outputs)             # the outputs and the options are
    render_options(found, flags)               # checked before the trace is opened
    inputs = [trace] + ([config_file] if config_file is not None else [])
    with guarded(inputs=inputs, outputs=[path for _, path in files]), \
            open_trace(trace, stdin) as (stream, name), Reporter("render") as progress:
        return render_outputs(stream, name, outputs, found, flags, progress=progress,
                              allow_partial=allow_partial)


def render_outputs(stream: IO[Any], source: str, outputs: Iterable[str | Path],
                   config: Config | None, flags: Mapping[str, Any], *,
                   progress: Progress = no_progress, allow_partial: bool = False,
                   named: Callable[[str], str] = flag_name) -> list[Any]:
    """Draw the trace in ``stream`` into every file of ``outputs`` (the format from each
    suffix) in one pass, with ``config``'s ``[render]`` table then ``flags``; the
    renderer's account of each file written (``render.api.Written``)."""
    files = outputs_for(outputs)
    options, explicit = render_options(config, flags, named=named)
    written: list[Any] = []
    render_trace(stream, source, files, options, explicit=explicit, progress=progress,
                 allow_partial=allow_partial, written=written)
    return written

__all__ = ["EXPECT_KEY", "LimitReached", "Loaded", "UnexpectedAnswer", "Unsolvable",
           "UntraceablePuzzle", "check_expected", "check_outcome", "config_path",
           "expected_count", "flag_name", "found_count", "kind_of", "load_puzzle",
           "open_trace", "outputs_for", "parse_formats", "puzzle_of", "render_files",
           "render_options", "render_outputs", "render_trace", "show_lines", "solve_config",
           "solve_events", "solve_to", "validate_lines"]
